"""Rebuild the golden copy of the showcase site: ``python tests/refresh_golden.py``.

Review the diff (``git diff tests/golden``) before committing: it is the site readers get.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "platform"


def main() -> None:
    if GOLDEN.exists():
        shutil.rmtree(GOLDEN)
    subprocess.run(
        [sys.executable, "-m", "docgen", "build", "fixtures/platform/docs.json", "-o", str(GOLDEN),
         "--quiet"],
        cwd=ROOT, check=True,
    )
    for name, content in theme_assets().items():  # not kept: they must equal the theme's
        copy = GOLDEN / name
        if copy.is_file() and copy.read_bytes() == content:
            copy.unlink()
    print(f"refreshed {GOLDEN.relative_to(ROOT)}")


def theme_assets() -> dict[str, bytes]:
    """The theme's assets as the built site holds them (``_docgen/<name>`` -> bytes), Mermaid's
    build (``_docgen/mermaid/``) included: the showcase has a diagram."""
    folder = ROOT / "templates" / "assets"
    return {
        f"_docgen/{p.relative_to(folder)}": p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


if __name__ == "__main__":
    main()
