"""A rebuild names the pages of the previous build that are gone (no page and no redirect
there any more), so that links to them can be forwarded; the real CLI on real folders."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any


def _site(root: Path, pages: list[str], redirects: list[dict[str, Any]] | None = None) -> Path:
    for page in pages:
        (root / f"{page}.mdx").parent.mkdir(parents=True, exist_ok=True)
        (root / f"{page}.mdx").write_text(f"---\ntitle: {page}\n---\n\nText of {page}.\n")
    config: dict[str, Any] = {"name": "R", "navigation": {"pages": pages}}
    if redirects:
        config["redirects"] = redirects
    (root / "docs.json").write_text(json.dumps(config))
    return root / "docs.json"


def _build(config: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    run = subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(config), *flags],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return run


def _notes(run: subprocess.CompletedProcess[str]) -> list[str]:
    return [line for line in run.stderr.splitlines() if line.startswith("docgen: note:")]


def test_a_rebuild_names_the_pages_it_no_longer_has(tmp_path: Path) -> None:
    pages = ["index", "a", "b", *(f"old/p{i}" for i in range(7))]
    assert _notes(_build(_site(tmp_path, pages))) == []  # no previous site
    (tmp_path / "b.mdx").unlink()
    for page in (tmp_path / "old").iterdir():
        page.unlink()  # unlisted page files would still be built, as hidden pages
    run = _build(_site(tmp_path, ["index", "a"]), "--quiet")
    [note] = _notes(run)
    assert note.startswith("docgen: note: 8 pages of the previous build no longer exist: ")
    assert "/b, /old/p0, /old/p1, /old/p2, /old/p3 and 3 more;" in note
    assert '"redirects"' in note


def test_pages_a_redirect_takes_are_not_gone(tmp_path: Path) -> None:
    _build(_site(tmp_path, ["index", "a", "b", "old/x", "old/y"]))
    forward = [
        {"source": "/b", "destination": "/a"},
        {"source": "/old/:slug*", "destination": "/a"},
    ]
    for page in ("b.mdx", "old/x.mdx", "old/y.mdx"):
        (tmp_path / page).unlink()
    run = _build(_site(tmp_path, ["index", "a"], forward))
    assert _notes(run) == []


def test_one_gone_page_is_named_alone(tmp_path: Path) -> None:
    _build(_site(tmp_path, ["index", "a", "b"]))
    (tmp_path / "b.mdx").unlink()
    run = _build(_site(tmp_path, ["index", "a"]))
    assert _notes(run) == [
        "docgen: note: 1 page of the previous build no longer exists: /b; links and search "
        'results pointing there now get the 404 page (forward them with a "redirects" entry '
        "in docs.json)"
    ]
