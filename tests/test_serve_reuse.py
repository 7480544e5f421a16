"""`docgen serve` rebuilds: what the last good build rendered is reused where its inputs did
not change (docgen.serve.reuse), and the site served is byte for byte a build from scratch."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from test_page_cache import _site

from docgen.serve.reuse import Reuse
from docgen.serve.snapshot import BuildOutcome, build_snapshot


def _build(root: Path, reuse: Reuse | None) -> BuildOutcome:
    outcome = build_snapshot(root / "docs.json", reuse)
    assert outcome.snapshot is not None, outcome.text
    return outcome


def _same_as_scratch(root: Path, outcome: BuildOutcome) -> None:
    fresh = _build(root, None)
    assert outcome.snapshot is not None and fresh.snapshot is not None
    assert dict(outcome.snapshot.files) == dict(fresh.snapshot.files)


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))


def test_an_edited_page_renders_alone(tmp_path: Path) -> None:
    root = _site(tmp_path / "docs")
    reuse = Reuse(root / "_site")
    assert _build(root, reuse).reused == 0
    assert _build(root, reuse).reused == 4  # nothing changed: every page reused
    (root / "plain.md").write_text("# Plain\n\nEdited text.\n")
    # The edited page renders, and the page that looked for a missing snippet (it depends
    # on the whole folder); the two others are reused.
    edited = _build(root, reuse)
    assert edited.reused == 2
    assert edited.snapshot is not None
    assert b"Edited text." in edited.snapshot.files["plain/index.html"]
    _same_as_scratch(root, edited)
    again = _build(root, reuse)
    assert again.reused == 4  # what the edited build rendered is kept too
    _same_as_scratch(root, again)  # search bundles reused from memory included


def test_an_edited_snippet_renders_the_pages_that_import_it(tmp_path: Path) -> None:
    root = _site(tmp_path / "docs")
    reuse = Reuse(root / "_site")
    _build(root, reuse)
    (root / "snippets" / "note.mdx").write_text("Changed words: {word}.\n")
    edited = _build(root, reuse)
    assert edited.reused == 2  # index and plain; uses (imports it) and missing render
    assert edited.snapshot is not None
    assert b"Changed words: alpha." in edited.snapshot.files["uses/index.html"]
    _same_as_scratch(root, edited)


def test_a_failed_build_keeps_the_last_good_one(tmp_path: Path) -> None:
    root = _site(tmp_path / "docs")
    reuse = Reuse(root / "_site")
    _build(root, reuse)
    config = root / "docs.json"
    good = config.read_text()
    config.write_text(good.replace('"navigation"', '"navigation": 5, "x"', 1))
    assert build_snapshot(config, reuse).snapshot is None
    config.write_text(good)
    assert _build(root, reuse).reused == 4


def test_a_changed_config_renders_every_page(tmp_path: Path) -> None:
    root = _site(tmp_path / "docs")
    reuse = Reuse(root / "_site")
    _build(root, reuse)
    config = root / "docs.json"
    config.write_text(json.dumps({**json.loads(config.read_text()), "name": "Renamed"}))
    renamed = _build(root, reuse)
    assert renamed.reused == 0
    assert renamed.snapshot is not None
    assert b"Renamed" in renamed.snapshot.files["plain/index.html"]
    _same_as_scratch(root, renamed)


def test_an_edited_operation_renders_alone(tmp_path: Path) -> None:
    root = tmp_path / "platform"
    shutil.copytree(Path(__file__).parents[1] / "fixtures" / "platform", root)
    reuse = Reuse(root / "_site")
    first = _build(root, reuse)
    spec = root / "openapi" / "v1.yaml"
    text = spec.read_text()
    old = "Returns site-wide page view totals"
    spec.write_text(text.replace(old, "Freshly edited: " + old, 1))
    edited = _build(root, reuse)
    # Only the edited operation's page (its description is on no other page; a summary
    # would render every page again: each sidebar shows it).
    assert edited.reused == first.pages - 1
    assert edited.snapshot is not None
    assert (
        b"Freshly edited: " in edited.snapshot.files["api/v1/analytics/get-page-views/index.html"]
    )
    _same_as_scratch(root, edited)


def test_a_reused_page_still_lists_its_warnings(tmp_path: Path) -> None:
    # serve finds a Markdown page's warnings while rendering it; a page reused from the last
    # build brings them along, so every rebuild lists what `docgen check` would.
    root = _site(tmp_path / "docs")
    (root / "index.mdx").write_text("# Home\n\nWelcome <Sparkle>hi</Sparkle>.\n")
    reuse = Reuse(root / "_site")
    first = _build(root, reuse)
    warned = [line for line in first.lines if "warning[" in line]
    assert len(warned) == 2, first.lines  # and the missing snippet of missing.mdx
    assert any("index.mdx:3:9: warning[mdx-unsupported]" in line for line in warned), warned
    (root / "plain.md").write_text("# Plain\n\nEdited text.\n")
    again = _build(root, reuse)
    assert again.reused == 2  # index among them (missing.mdx renders: see above)
    assert [line for line in again.lines if "warning[" in line] == warned


def test_a_page_error_found_while_rendering_keeps_the_last_good_build(tmp_path: Path) -> None:
    # A script link is found as its page renders (link-unsafe): docgen build fails on it, so a
    # served rebuild must not go live either; fixed, the next rebuild does.
    root = _site(tmp_path / "docs")
    reuse = Reuse(root / "_site")
    _build(root, reuse)
    (root / "plain.md").write_text("# Plain\n\n[bad](javascript:alert(1))\n")
    failed = build_snapshot(root / "docs.json", reuse)
    assert failed.snapshot is None
    assert any("error[link-unsafe]" in line for line in failed.text.splitlines())
    assert failed.text.splitlines()[-1].startswith("docgen: build failed")
    (root / "plain.md").write_text("# Plain\n\nFixed.\n")
    _same_as_scratch(root, _build(root, reuse))
