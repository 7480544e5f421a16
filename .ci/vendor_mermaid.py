"""Refresh the Mermaid build that docgen ships (templates/assets/mermaid/).

Mermaid diagrams (```mermaid fences) are drawn in the reader's browser by Mermaid itself: no
Python package carries its browser build, and sites must not load it from a CDN, so docgen ships
the ES-module build of the npm package. This script fetches the pinned release from the npm
registry, checks it against the registry's sha512 integrity, and writes the minified module and
its chunks as ``.js`` files in one folder (static hosts serve ``.js`` as JavaScript; some serve
``.mjs`` as a download, and a module script of the wrong type does not run).

To update: set VERSION and INTEGRITY from ``npm view mermaid@X version dist.integrity`` and run
``python .ci/vendor_mermaid.py``; then build a site with a diagram and look at it.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path

VERSION = "12.3.0"
INTEGRITY = "sha512-4113TdXeLAsMruJ79OpFL5O8+LTFXhQqZ260rF3tgUmiNAtRm4Uume04I+65PRN6yZ69J4f8rVYWW8zRk65UYw=="
TARBALL = f"https://registry.npmjs.org/mermaid/-/mermaid-{VERSION}.tgz"
OUT = Path(__file__).resolve().parent.parent / "templates" / "assets" / "mermaid"
ENTRY = "package/dist/mermaid.esm.min.mjs"
CHUNKS = "package/dist/chunks/mermaid.esm.min/"
# './chunks/mermaid.esm.min/chunk-X.mjs' (the entry) or './chunk-X.mjs' (a chunk), in a static
# import, an export-from or a dynamic import(): the same file, renamed, in the same folder.
_SPECIFIER = re.compile(r'"\./(?:chunks/mermaid\.esm\.min/)?([\w.-]+)\.mjs"')
_LEFT = re.compile(r"[\"'`]\.{1,2}/[^\"'`]*\.mjs[\"'`]")


def fetch() -> bytes:
    with urllib.request.urlopen(TARBALL, timeout=120) as response:
        data: bytes = response.read()
    algorithm, _, digest = INTEGRITY.partition("-")
    if base64.b64encode(hashlib.new(algorithm, data).digest()).decode() != digest:
        sys.exit(f"{TARBALL}: the download does not match {INTEGRITY}")
    return data


def relinked(text: str) -> str:
    return _SPECIFIER.sub(lambda m: f'"./{m.group(1)}.js"', text)


def main() -> None:
    archive = tarfile.open(fileobj=io.BytesIO(fetch()), mode="r:gz")
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    names = []
    for member in archive.getmembers():
        if not member.isfile():
            continue
        if member.name == ENTRY:
            target = "mermaid.js"
        elif member.name.startswith(CHUNKS) and member.name.endswith(".mjs"):
            target = member.name[len(CHUNKS) : -len(".mjs")] + ".js"
        elif member.name == "package/LICENSE":
            target = "LICENSE"
        else:
            continue
        source = archive.extractfile(member)
        assert source is not None
        text = source.read().decode()
        (OUT / target).write_text(relinked(text) if target.endswith(".js") else text)
        names.append(target)
    left = [n for n in names if _LEFT.search((OUT / n).read_text())]
    if left:
        sys.exit(f"module specifiers left unrenamed in {left}")
    (OUT / "VERSION.json").write_text(
        json.dumps({"package": "mermaid", "version": VERSION, "integrity": INTEGRITY}, indent=2)
        + "\n"
    )
    print(f"mermaid {VERSION}: {len(names)} files in {OUT}")


if __name__ == "__main__":
    main()
