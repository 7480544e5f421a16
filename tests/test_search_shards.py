"""The search index in shards: every visible page in exactly one Pagefind bundle, unchanged
shards reused on a rebuild (Pagefind runs only for the changed ones), an edited page found with
its new words, a deleted page gone, and the dialog searching the merged bundles in Chromium."""

from __future__ import annotations

import gzip
import json
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from serving import serve_folder

from docgen.cli import cli
from docgen.render import searchshards

PAGES = 40
WORDS = ["alpaca", "bison", "camel", "dingo", "eland", "ferret", "gecko", "heron"]


def _write_site(docs: Path, pages: list[int], extra: dict[int, str] | None = None) -> None:
    docs.mkdir(exist_ok=True)
    names = [f"page{n:02d}" for n in pages]
    (docs / "docs.json").write_text(json.dumps({"name": "Shards", "navigation": {"pages": names}}))
    for old in docs.glob("page*.md"):
        old.unlink()
    for n in pages:
        filler = " ".join(f"{WORDS[(n + k) % len(WORDS)]}{k}" for k in range(120))
        text = f"---\ntitle: Page {n}\n---\n\nUnique marker uniq{n}x here. {filler}\n"
        text += (extra or {}).get(n, "")
        (docs / f"page{n:02d}.md").write_text(text)


@pytest.fixture()
def small_shards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Shards of a few pages (the real sizes are megabytes); Pagefind runs are logged."""
    monkeypatch.setattr(searchshards, "MIN_BYTES", 6_000)
    monkeypatch.setattr(searchshards, "MAX_BYTES", 15_000)
    monkeypatch.setattr(searchshards, "_SPREAD", 3)
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    from pagefind.service import get_executable

    real = get_executable()
    log = tmp_path / "pagefind-runs.log"
    wrapper = tmp_path / "pagefind-wrapper"
    wrapper.write_text(f'#!/bin/sh\necho run >> "{log}"\nexec "{real}" "$@"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PAGEFIND_BINARY_PATH", str(wrapper))
    return log


def _build(docs: Path, out: Path) -> None:
    result = CliRunner().invoke(
        cli, ["build", str(docs / "docs.json"), "-o", str(out), "--quiet"], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output


def _bundles(out: Path) -> list[Path]:
    merged = json.loads((out / "_docgen/pagefind/shards.json").read_text())
    return [out / "_docgen/pagefind"] + [out / path for path in merged]


def _fragments(out: Path) -> dict[str, list[str]]:
    """Each indexed URL -> its text, once per bundle holding it (Pagefind's fragment files)."""
    found: dict[str, list[str]] = {}
    for bundle in _bundles(out):
        for fragment in (bundle / "fragment").iterdir():
            data = gzip.decompress(fragment.read_bytes())
            assert data.startswith(b"pagefind_dcd")
            record = json.loads(data[len(b"pagefind_dcd") :])
            found.setdefault(record["url"], []).append(record["content"])
    return found


def _page_count(out: Path) -> int:
    entries = [json.loads((b / "pagefind-entry.json").read_text()) for b in _bundles(out)]
    return sum(e["languages"]["en"]["page_count"] for e in entries)


def _runs(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_rebuild_reindexes_only_changed_shards(
    small_shards: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs, out = tmp_path / "docs", tmp_path / "out"
    _write_site(docs, list(range(PAGES)))
    _build(docs, out)
    bundles = _bundles(out)
    assert len(bundles) >= 4
    assert (bundles[0] / "pagefind.js").is_file()  # only the primary bundle ships the script
    assert not (bundles[1] / "pagefind.js").exists()
    assert not list(bundles[1].glob("wasm.*"))
    fragments = _fragments(out)
    assert sorted(fragments) == sorted(f"/page{n:02d}/" for n in range(PAGES))
    assert all(len(texts) == 1 for texts in fragments.values())  # one bundle per page
    assert _page_count(out) == PAGES
    cold_runs = _runs(small_shards)
    assert cold_runs == len(bundles)

    # Page 5 gets a new word, page 30 is deleted; the other shards are not indexed again,
    # and their words (for the typo-correction list) come with them from the cache.
    pages = [n for n in range(PAGES) if n != 30]
    _write_site(docs, pages, {5: "\nA brand new quokkaword appears.\n"})
    scanned: list[str] = []
    words_of = searchshards._words
    monkeypatch.setattr(searchshards, "_words", lambda doc: scanned.append(doc) or words_of(doc))
    _build(docs, out)
    assert 0 < len(scanned) < PAGES // 2
    rebuilt = _runs(small_shards) - cold_runs
    assert 1 <= rebuilt <= 3 < len(_bundles(out))
    fragments = _fragments(out)
    assert "/page30/" not in fragments
    assert sorted(fragments) == sorted(f"/page{n:02d}/" for n in pages)
    assert "quokkaword" in fragments["/page05/"][0]
    assert _page_count(out) == PAGES - 1
    words = json.loads((out / "_docgen/search-words.json").read_text())
    assert "quokkaword" in words and "uniq30x" not in words

    # The same site built from scratch gives the same search files, byte for byte.
    fresh = tmp_path / "fresh"
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache2"))
    _build(docs, fresh)
    assert _tree(fresh, "_docgen/") == _tree(out, "_docgen/")


def test_a_reused_shard_is_linked_unread(small_shards: Path, tmp_path: Path) -> None:
    """On a rebuild, an unchanged shard's files are hard-linked from the previous site
    without being read (as unchanged pages are), where its folder is the same."""
    from test_page_cache import _build_placing

    docs, out = tmp_path / "docs", tmp_path / "out"
    _write_site(docs, list(range(PAGES)))
    _build_placing(docs, out)
    _write_site(docs, list(range(PAGES)), {38: "\nA brand new quokkaword appears.\n"})
    _, linked = _build_placing(docs, out)
    shard_files = [path for path in linked if path.startswith("_docgen/pagefind")]
    assert any("/fragment/" in path for path in shard_files)
    assert any(path.startswith("_docgen/pagefind-1/") for path in shard_files)
    fresh = tmp_path / "fresh"
    _build(docs, fresh)
    assert _tree(fresh, "_docgen/") == _tree(out, "_docgen/")


def _tree(root: Path, prefix: str) -> dict[str, bytes]:
    files = (p for p in root.rglob("*") if p.is_file())
    return {
        rel: p.read_bytes()
        for p in files
        if (rel := p.relative_to(root).as_posix()).startswith(prefix)
    }


@pytest.fixture()
def served_shards(small_shards: Path, tmp_path: Path) -> Iterator[str]:
    docs, out = tmp_path / "docs", tmp_path / "out"
    _write_site(docs, list(range(PAGES)))
    _build(docs, out)
    bundles = _bundles(out)
    assert len(bundles) >= 4
    primary = {p.read_bytes() for p in (bundles[0] / "fragment").iterdir()}
    assert not any(b"uniq17x" in gzip.decompress(data) for data in primary)
    assert not any(b"uniq39x" in gzip.decompress(data) for data in primary)
    with serve_folder(out) as url:
        yield url


def test_dialog_searches_every_shard(browser: Any, served_shards: str) -> None:
    context = browser.new_context()
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.on("requestfailed", lambda r: errors.append(f"failed: {r.url}"))
    try:
        tab.goto(f"{served_shards}/page00/")
        tab.keyboard.press("Control+k")
        box = tab.locator("#search-input")
        box.wait_for(state="visible")
        for n in (0, 17, PAGES - 1):  # in the primary bundle, a middle one and the last one
            box.fill(f"uniq{n}x")
            wanted = tab.locator(f'#search-results a[role=option][href$="page{n:02d}/"]')
            wanted.first.wait_for(state="visible", timeout=15_000)
            assert tab.locator("#search-results a[role=option]").count() == 1
        assert errors == []
    finally:
        context.close()


def test_pagefind_failing_leaves_the_previous_site(tmp_path: Path) -> None:
    docs, out = tmp_path / "docs", tmp_path / "out"
    _write_site(docs, [0, 1])
    _build(docs, out)
    before = _tree(out, "")
    (docs / "page01.md").write_text("---\ntitle: Changed\n---\n\nNew text.\n")
    broken = tmp_path / "broken-pagefind"
    broken.write_text("#!/bin/sh\necho 'pagefind: cannot start' >&2\nexit 3\n")
    broken.chmod(broken.stat().st_mode | stat.S_IXUSR)
    result = CliRunner().invoke(
        cli,
        ["build", str(docs / "docs.json"), "-o", str(out), "--quiet"],
        env={"PAGEFIND_BINARY_PATH": str(broken), "DOCGEN_CACHE_DIR": str(tmp_path / "c")},
    )
    assert result.exit_code == 1
    assert "build failed: the search index could not be built" in result.output
    assert "nothing was written" in result.output
    assert _tree(out, "") == before
