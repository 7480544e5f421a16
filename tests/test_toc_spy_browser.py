"""The table of contents' current entry in a real headless Chromium: the section the reader is
in after any scroll, jumps included, and kept in view in a long table of contents."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mintlify_sites import write_site
from refresh_fixtures import run_docgen
from serving import serve_folder


def test_the_current_section_follows_a_jump_and_stays_in_view(browser: Any, tmp_path: Path) -> None:
    # The spy only heard of headings that crossed its band: a jump over them (Page Down, End,
    # a fast wheel) left an earlier entry current, and in a table of contents longer than the
    # window the current entry was scrolled out of its box (dify's environment variables page).
    folder = tmp_path / "site"
    folder.mkdir()
    sections = "".join(
        f"## Section {n}\n\n" + "A long paragraph of the section. " * 60 + "\n\n" for n in range(60)
    )
    (folder / "long.mdx").write_text(f"---\ntitle: Long\n---\n\n{sections}")
    write_site(
        folder,
        {"name": "T", "navigation": {"groups": [{"group": "G", "pages": ["index", "long"]}]}},
        ["index"],
    )
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], folder)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out) as base:
        tab = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda e: errors.append(str(e)))
        tab.goto(f"{base}/long/")
        height = tab.evaluate("document.documentElement.scrollHeight")
        for fraction in (0.5, 0.8, 0.3):
            tab.evaluate(f"window.scrollTo(0, {int(height * fraction)})")
            tab.evaluate("() => new Promise(done => requestAnimationFrame(done))")
            state = tab.evaluate(
                """() => new Promise(done => requestAnimationFrame(() => {
                    let inside = null;
                    for (const h of document.querySelectorAll('.prose h2[id]')) {
                        if (h.getBoundingClientRect().top < innerHeight * 0.45) inside = h.id;
                    }
                    const a = document.querySelector('.toc a.active');
                    const box = a.closest('.toc-inner').getBoundingClientRect();
                    const at = a.getBoundingClientRect();
                    done({inside, current: a.getAttribute('href').slice(1),
                          shown: at.top >= box.top && at.bottom <= box.bottom});
                }))"""
            )
            assert state["current"] == state["inside"], (fraction, state)
            assert state["shown"], (fraction, state)
        assert errors == []
        tab.context.close()
