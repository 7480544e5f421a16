"""The page cache on a Markdown/MDX site: editing one page renders that page alone; editing a
snippet renders the pages that import it; a page that looked for a missing snippet renders
again once it exists. Always the same site as a build from scratch."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_static import _build_in_process as _build


def _site(root: Path) -> Path:
    (root / "snippets").mkdir(parents=True)
    (root / "snippets" / "note.mdx").write_text("Shared words: {word}.\n")
    (root / "index.mdx").write_text("# Home\n\nWelcome.\n")
    (root / "uses.mdx").write_text(
        "---\ntitle: Uses\n---\nimport Note from '/snippets/note.mdx'\n\n<Note word=\"alpha\" />\n"
    )
    (root / "missing.mdx").write_text(
        "---\ntitle: Missing\n---\nimport Later from '/snippets/later.mdx'\n\n<Later />\n"
    )
    (root / "plain.md").write_text("# Plain\n\nText.\n")
    pages = ["index", "uses", "missing", "plain"]
    (root / "docs.json").write_text(json.dumps({"name": "C", "navigation": {"pages": pages}}))
    return root


def _html(out: Path, page: str) -> str:
    return (out / page / "index.html").read_text()


def _same_as_scratch(root: Path, out: Path, tmp: Path) -> None:
    fresh = tmp / "fresh"
    shutil.rmtree(fresh, ignore_errors=True)
    _build(root, fresh)
    for page in ("uses", "missing", "plain"):
        assert _html(out, page) == _html(fresh, page), page


def test_one_edited_page_renders_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    root, out = _site(tmp_path / "docs"), tmp_path / "out"
    assert _build(root, out) == 0
    assert _build(root, out) == 4  # unchanged: every page reused
    (root / "plain.md").write_text("# Plain\n\nEdited text.\n")
    # Only the edited page renders; the page that looked for a missing snippet depends on
    # the whole folder and renders too.
    assert _build(root, out) == 2
    assert "Edited text." in _html(out, "plain")
    _same_as_scratch(root, out, tmp_path)


def test_an_edited_snippet_renders_its_pages_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    root, out = _site(tmp_path / "docs"), tmp_path / "out"
    _build(root, out)
    (root / "snippets" / "note.mdx").write_text("Changed words: {word}.\n")
    assert _build(root, out) == 2  # index and plain reused; uses and missing render
    assert "Changed words: alpha." in _html(out, "uses")
    _same_as_scratch(root, out, tmp_path)


def test_a_snippet_that_appears_renders_the_page_that_wanted_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    root, out = _site(tmp_path / "docs"), tmp_path / "out"
    _build(root, out)
    assert "Now here" not in _html(out, "missing")
    (root / "snippets" / "later.mdx").write_text("Now here.\n")
    _build(root, out)
    assert "Now here." in _html(out, "missing")
    _same_as_scratch(root, out, tmp_path)


class _Counting:
    """The real Placer of a build, counting the files it links from the previous site."""

    def __init__(self, placer: object) -> None:
        self.placer = placer
        self.linked: list[str] = []

    def place(self, relative: str, content: bytes) -> bool:
        return bool(self.placer.place(relative, content))  # type: ignore[attr-defined]

    def link(self, relative: str) -> bool:
        done = bool(self.placer.link(relative))  # type: ignore[attr-defined]
        if done:
            self.linked.append(relative)
        return done


def _build_placing(root: Path, out: Path) -> tuple[int, list[str]]:
    """Build as ``docgen build`` does (files put in place as they come); (pages the cache
    gave back, files linked from the previous site without being read)."""
    from docgen.pipeline import config_fingerprint, run_check
    from docgen.write.pagecache import PageCache
    from docgen.write.writer import write_site

    result = run_check(root / "docs.json", output_dir=out)
    assert result.site is not None and not result.failed
    cache = PageCache(result.site, out, config_fingerprint(result.config_doc))
    counting: list[_Counting] = []

    def stream(placer: object) -> object:
        counting.append(_Counting(placer))
        return result.render(cache=cache, shards=cache, sink=counting[0])  # type: ignore[arg-type]

    write_site(out, stream)  # type: ignore[arg-type]
    cache.save()
    return cache.hits, counting[0].linked


def test_reused_pages_are_linked_from_the_previous_site_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    root, out = _site(tmp_path / "docs"), tmp_path / "out"
    assert _build_placing(root, out) == (0, [])
    inode = (out / "uses" / "index.html").stat().st_ino
    (root / "plain.md").write_text("# Plain\n\nEdited text.\n")
    hits, linked = _build_placing(root, out)
    assert hits == 2  # index and uses (missing depends on the whole folder)
    assert sorted(linked) == ["index.html", "index.md", "uses.md", "uses/index.html"]
    assert (out / "uses" / "index.html").stat().st_ino == inode
    assert "Edited text." in _html(out, "plain")
    _same_as_scratch(root, out, tmp_path)
