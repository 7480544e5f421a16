"""Tailwind utility classes in pages (``_docgen/utilities.css``): the real Tailwind CLI styles
the classes the pages and their snippets write, and nothing else it could reach; a site whose
pages write no class has no such file; a CLI that fails leaves the site built, with an info;
docgen's own class names are not Tailwind utilities (so the file cannot restyle the theme)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

from docgen.render import utilities
from docgen.render.utilities import INPUT_CSS, OUTPUT

ROOT = Path(__file__).resolve().parents[1]

LANDING = """\
---
title: Landing
---
import { Hero } from '/snippets/hero.jsx';

<div className="grid grid-cols-1 md:grid-cols-3 gap-6 text-primary" id="grid">
  <div className="rounded-xl border p-4 dark:bg-zinc-900" id="box">One</div>
  <div>Two</div>
  <div>Three</div>
</div>

<h2 className="mt-0 text-3xl font-bold" id="big">Big heading</h2>

<div className="rounded-lg shadow-sm font-sans" id="v3">Tailwind 3 values</div>
<div className="rounded-sm ring" id="ring">Ring</div>

<Hero />

<Snippet file="note.mdx" />
"""

HERO = """\
export const Hero = () => (
  <div className="tracking-widest flex-shrink-0" id="hero">Hero</div>
);
"""


def _repo(root: Path, *, classes: bool = True) -> Path:
    (root / "snippets").mkdir(parents=True)
    (root / "snippets" / "hero.jsx").write_text(HERO)
    (root / "_snippets").mkdir()
    (root / "_snippets" / "note.mdx").write_text('<p className="skew-y-3">Note</p>\n')
    (root / "landing.mdx").write_text(LANDING if classes else "---\ntitle: Landing\n---\n\nHi.\n")
    (root / "plain.mdx").write_text("---\ntitle: Plain\n---\n\nNo classes here.\n")
    # Text the CLI must never see: a file no page uses, inside the docs folder and outside it.
    (root / "notes.txt").write_text('<div className="underline-offset-8"></div>')
    (root.parent / "outside.mdx").write_text('<div className="skew-x-12"></div>')
    config = {
        "name": "Utilities",
        "colors": {"primary": "#0f766e"},
        "navigation": {"pages": ["landing", "plain"]},
    }
    (root / "docs.json").write_text(json.dumps(config))
    return root / "docs.json"


@pytest.fixture
def isolated_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(cache))
    monkeypatch.delenv("DOCGEN_TAILWINDCSS", raising=False)
    return cache


def _build(config: Path, out: Path) -> Any:
    result = run_docgen(["build", str(config), "-o", str(out)], config.parent)
    assert result.returncode == 0, result.stderr
    return result


def _selectors(css: str) -> set[str]:
    return {s.replace("\\", "") for s in re.findall(r"\.((?:\\.|[\w-])+)", css)}


def test_the_classes_pages_and_snippets_write_are_styled_and_nothing_else(
    tmp_path: Path, isolated_cache: Path
) -> None:
    config = _repo(tmp_path / "docs")
    out = tmp_path / "site"
    _build(config, out)
    css = (out / OUTPUT).read_text()
    names = _selectors(css)
    for wanted in ("grid-cols-1", "md:grid-cols-3", "gap-6", "rounded-xl", "dark:bg-zinc-900"):
        assert wanted in names
    assert "tracking-widest" in names  # from the snippet the page imports
    assert "skew-y-3" in names  # from <Snippet file="..."/>, Mintlify's older syntax
    assert "flex-shrink-0" in names  # a Tailwind 3 name, kept for Mintlify pages
    assert "underline-offset-8" not in names and "skew-x-12" not in names
    assert "[data-theme=dark]" in css  # dark: follows docgen's theme switch
    assert "!important" in css
    landing = (out / "landing" / "index.html").read_text()
    assert "_docgen/utilities.css" in landing
    assert "_docgen/utilities.css" in (out / "plain" / "index.html").read_text()


def test_a_site_whose_pages_write_no_class_has_no_utilities_file(
    tmp_path: Path, isolated_cache: Path
) -> None:
    config = _repo(tmp_path / "docs", classes=False)
    out = tmp_path / "site"
    _build(config, out)
    assert not (out / OUTPUT).exists()
    assert "utilities.css" not in (out / "landing" / "index.html").read_text()


def test_a_failing_cli_leaves_the_site_built_with_an_info(
    tmp_path: Path, isolated_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = _repo(tmp_path / "docs")
    monkeypatch.setenv("DOCGEN_TAILWINDCSS", "/bin/false")
    out = tmp_path / "site"
    result = _build(config, out)
    assert "info[styles-skipped]" in result.stderr
    assert "exit status 1" in result.stderr
    assert (out / OUTPUT).read_text().startswith("/* Not generated")
    assert (out / "landing" / "index.html").is_file()
    check = run_docgen(["check", str(config)], config.parent)
    assert check.returncode == 0 and "styles-skipped" not in check.stderr


def test_pages_with_a_flood_of_distinct_classes_cannot_take_the_machines_memory(
    isolated_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made-up classes take the CLI about 1.3 GB per MB of text (10 MB: 3 GB, for minutes):
    it stops at its memory limit (here a quarter of docgen's, for speed), nothing is kept."""
    monkeypatch.setattr(utilities, "MAX_MEMORY", 256 * 2**20, raising=False)
    flood = " ".join(f"p-{i} w-{i}" for i in range(40_000))  # 500 kB: about 650 MB
    styles = utilities.UtilityStyles([f'<p className="{flood}" />'])
    styles._launch()
    styles.finish()
    assert styles.css is None and styles.problem is not None
    assert "256 MB" in styles.problem
    assert not list((isolated_cache / "utilities").glob("*.json"))  # a failure is not kept


def test_the_stylesheet_is_reused_from_the_cache_for_the_same_pages(
    tmp_path: Path, isolated_cache: Path
) -> None:
    config = _repo(tmp_path / "docs")
    _build(config, tmp_path / "one")
    [entry] = (isolated_cache / "utilities").glob("*.json")
    entry.write_text(json.dumps({"css": "/* from the cache */"}))
    _build(config, tmp_path / "two")
    assert (tmp_path / "two" / OUTPUT).read_text() == "/* from the cache */"
    landing = config.parent / "landing.mdx"
    landing.write_text(landing.read_text() + '\n<p className="italic">New</p>\n')
    _build(config, tmp_path / "three")  # other text: the CLI runs again
    assert "italic" in _selectors((tmp_path / "three" / OUTPUT).read_text())


def _own_class_names() -> set[str]:
    """Every class name docgen's templates, stylesheets, scripts and renderer write."""
    names: set[str] = set()
    for path in (ROOT / "templates").rglob("*.css"):
        text = re.sub(r"/\*.*?\*/", "", path.read_text(), flags=re.S)
        names |= set(re.findall(r"\.(-?[A-Za-z_][\w-]*)", text))
    sources = [*(ROOT / "templates").rglob("*.html"), *(ROOT / "templates").rglob("*.js")]
    sources += (ROOT / "src" / "docgen").rglob("*.py")
    for path in sources:
        text = path.read_text()
        # class="..." (HTML the renderer writes), and className = "..." in the scripts (the
        # Python sources mention className only as what pages write).
        spelling = r"class(?:Name)?\s*=\s*" if path.suffix == ".js" else r"class="
        for value in re.findall(spelling + r"\\?[\"']([^\"'\\]*)", text):
            names |= {n for n in value.split() if re.fullmatch(r"-?[A-Za-z_][\w-]*", n)}
        for call in re.findall(r"classList\.\w+\(([^)]*)\)", text):
            names |= set(re.findall(r"[\"']([\w-]+)[\"']", call))
    return names


def test_docgen_own_class_names_are_not_tailwind_utilities(tmp_path: Path) -> None:
    """The utilities are !important: one named like a class of docgen's theme would restyle
    the theme wherever a page happened to write it. The exceptions mean the same thing in
    docgen's theme (images shown in one theme only: "block dark:hidden")."""
    import subprocess

    from docgen.render.utilities import _executable

    names = _own_class_names()
    assert len(names) > 200  # the scan found the theme
    executable = _executable()
    assert executable is not None
    (tmp_path / "input.css").write_text(INPUT_CSS)
    (tmp_path / "pages.mdx").write_text("\n".join(sorted(names)))
    subprocess.run(
        [executable, "-i", "input.css", "-o", "out.css"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
        timeout=120,
    )
    styled = {name for name in _selectors((tmp_path / "out.css").read_text()) if name in names}
    assert styled <= {"hidden", "block", "rounded-lg", "rounded-xl", "rounded-2xl"}


def test_utilities_style_the_page_in_both_themes_over_the_prose_rules(
    tmp_path: Path, isolated_cache: Path, browser: Any
) -> None:
    config = _repo(tmp_path / "docs")
    out = tmp_path / "site"
    _build(config, out)
    with serve_folder(out) as url:
        for width, columns in ((1280, 3), (390, 1)):
            context = browser.new_context(viewport={"width": width, "height": 900})
            tab = context.new_page()
            tab.goto(f"{url}/landing/")
            grid = tab.eval_on_selector(
                "#grid",
                "e => [getComputedStyle(e).display, getComputedStyle(e).gridTemplateColumns,"
                " getComputedStyle(e).color]",
            )
            assert grid[0] == "grid"
            assert len(grid[1].split()) == columns
            assert grid[2] == "rgb(15, 118, 110)"  # text-primary: the site's colour
            big = tab.eval_on_selector(
                "#big", "e => [getComputedStyle(e).marginTop, getComputedStyle(e).fontSize]"
            )
            assert big == ["0px", "30px"]  # mt-0 text-3xl win over the theme's h2 rules
            # Tailwind 3's values, as Mintlify pages expect, not Tailwind 4's or the theme's
            # own variables of the same name (docgen's --radius-lg is 14px).
            v3 = tab.eval_on_selector(
                "#v3",
                "e => [getComputedStyle(e).borderTopLeftRadius, getComputedStyle(e).boxShadow,"
                " getComputedStyle(e).fontFamily, getComputedStyle(document.body).fontFamily]",
            )
            assert v3[0] == "8px" and v3[1].endswith(", rgba(0, 0, 0, 0.05) 0px 1px 2px 0px")
            assert v3[2] == v3[3]  # font-sans: the site's font
            ring = tab.eval_on_selector(
                "#ring",
                "e => [getComputedStyle(e).borderTopLeftRadius, getComputedStyle(e).boxShadow]",
            )
            assert ring[0] == "2px" and "rgba(59, 130, 246, 0.5) 0px 0px 0px 3px" in ring[1]
            light = tab.eval_on_selector("#box", "e => getComputedStyle(e).backgroundColor")
            tab.evaluate("document.documentElement.dataset.theme = 'dark'")
            dark = tab.eval_on_selector("#box", "e => getComputedStyle(e).backgroundColor")
            assert light != dark and dark.startswith(("oklch", "rgb(24, 24, 27)"))
            context.close()
