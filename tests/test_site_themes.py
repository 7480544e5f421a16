"""docs.json ``theme``: Mintlify's site themes drawn as variants of docgen's design
(html[data-site-theme] and docgen.css), in both colour schemes; "mint" (Mintlify's default)
and no theme leave the pages as they were; a name Mintlify does not have is an error."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

THEMES = ("maple", "palm", "willow", "linden", "almond", "aspen", "luma", "sequoia")


def _site(root: Path, theme: str | None, **extra: Any) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    config: dict[str, Any] = {"name": "D", "navigation": {"pages": ["index", "other"]}}
    if theme is not None:
        config["theme"] = theme
    config.update(extra)
    (root / "docs.json").write_text(json.dumps(config, indent=2))
    (root / "index.mdx").write_text(
        '---\ntitle: Home\n---\n\n## Part\n\n<Card title="C" href="/other">Go</Card>\n'
    )
    (root / "other.mdx").write_text("---\ntitle: Other\n---\n\nText.\n")
    return root


def _check(root: Path) -> tuple[int, list[tuple[str, str, int]]]:
    result = run_docgen(["check", ".", "--format", "json"], root)
    report = json.loads(result.stdout)
    return result.returncode, [(d["code"], d["message"], d["line"]) for d in report["diagnostics"]]


def _build(root: Path, out: Path) -> Path:
    assert run_docgen(["build", ".", "-o", str(out)], root).returncode == 0
    return out


@pytest.mark.parametrize("theme", THEMES)
def test_a_theme_is_used_and_marks_every_page(tmp_path: Path, theme: str) -> None:
    root = _site(tmp_path / "src", theme)
    assert _check(root) == (0, [])  # no longer "config-unused-key"
    out = _build(root, tmp_path / "out")
    for page in ("index.html", "other/index.html", "404.html"):
        assert f'data-site-theme="{theme}"' in (out / page).read_text(), page


def test_mint_and_no_theme_write_the_same_pages(tmp_path: Path) -> None:
    plain = _build(_site(tmp_path / "none", None), tmp_path / "out-none")
    mint = _build(_site(tmp_path / "mint", "mint"), tmp_path / "out-mint")
    for page in ("index.html", "other/index.html", "404.html"):
        assert "data-site-theme" not in (mint / page).read_text()
        assert (mint / page).read_bytes() == (plain / page).read_bytes(), page


def test_an_unknown_theme_is_an_error_at_its_value(tmp_path: Path) -> None:
    root = _site(tmp_path / "bad", "mapel")
    code, found = _check(root)
    assert code == 1
    [(kind, message, line)] = found
    assert kind == "config-invalid" and "did you mean 'maple'?" in message
    assert '"mapel"' in (root / "docs.json").read_text().splitlines()[line - 1]


def test_the_site_fonts_win_over_a_theme_font(tmp_path: Path) -> None:
    root = _site(tmp_path / "src", "linden", fonts={"family": "Inter"})
    css = (_build(root, tmp_path / "out") / "_docgen" / "site.css").read_text()
    assert css.splitlines()[1].startswith(':root, html[data-site-theme] { --font-sans: "Inter"')


_STYLE = """() => {
  const style = (selector, pseudo) => getComputedStyle(document.querySelector(selector), pseudo);
  const active = style('.nav-link.active');
  return {
    body: style('body').fontFamily,
    card: style('.card').borderTopLeftRadius,
    active: active.backgroundColor + ' ' + active.boxShadow,
    rule: style('.content-wrap').borderLeftWidth,
    h2: style('.prose h2').fontWeight,
    sidebar: style('.sidebar').backgroundColor,
    text: style('main').color,
    ground: style('body').backgroundColor,
  };
}"""


def test_themes_differ_in_what_they_carry_over(browser: Any, tmp_path: Path) -> None:
    seen: dict[tuple[str, str], dict[str, str]] = {}
    for theme in ("", "maple", "palm", "linden", "almond", "aspen"):
        out = _build(_site(tmp_path / f"src{theme}", theme or None), tmp_path / f"out{theme}")
        with serve_folder(out) as site:
            for scheme in ("light", "dark"):
                context = browser.new_context(
                    viewport={"width": 1280, "height": 800}, color_scheme=scheme
                )
                tab = context.new_page()
                tab.goto(f"{site}/")
                seen[(theme, scheme)] = tab.evaluate(_STYLE)
                context.close()
            phone = browser.new_context(viewport={"width": 390, "height": 800})
            tab = phone.new_page()
            tab.goto(f"{site}/")  # nothing wider than a phone's screen
            assert tab.evaluate("() => document.documentElement.scrollWidth") <= 390, theme
            phone.close()
    for scheme in ("light", "dark"):
        base = seen[("", scheme)]
        assert "monospace" not in base["body"]
        maple, palm = seen[("maple", scheme)], seen[("palm", scheme)]
        linden, almond = seen[("linden", scheme)], seen[("almond", scheme)]
        aspen = seen[("aspen", scheme)]
        assert (base["card"], maple["card"], palm["card"], linden["card"]) == (
            "14px", "18px", "8px", "0px"
        )  # fmt: skip
        assert base["rule"] == "1px" and maple["rule"] == "0px"
        assert maple["h2"] == "600" and base["h2"] == "700"
        assert palm["sidebar"] != base["sidebar"]
        assert "monospace" in linden["body"]
        assert almond["ground"] != base["ground"]
        assert "inset" in aspen["active"] and "inset" not in base["active"]
        # Text stays readable in each scheme: the colour scheme still switches the palette.
        assert all(seen[(t, scheme)]["text"] == base["text"] for t in ("maple", "linden"))
    assert seen[("almond", "light")]["ground"] != seen[("almond", "dark")]["ground"]


@pytest.mark.parametrize(
    ("settings", "theme"),
    [({"theme": "venus"}, "palm"), ({"theme": "quill"}, "willow"), ({"theme": "prism"}, None),
     ({"theme": "prism", "layout": "sidenav"}, "maple"), ({"layout": "solidSidenav"}, "willow"),
     ({"theme": "venus", "layout": "topnav"}, "palm")],
)  # fmt: skip
def test_a_mint_json_theme_and_layout_are_the_docs_json_theme_mintlifys_upgrade_gives(
    tmp_path: Path, settings: dict[str, str], theme: str | None
) -> None:
    """mint.json's ``theme`` (venus, quill, prism) and ``layout`` were accepted and unused;
    they are the docs.json theme Mintlify's upgrade maps them to (a side layout wins)."""
    root = _site(tmp_path / "src", None)
    (root / "docs.json").unlink()
    config = {"name": "M", "navigation": [{"group": "G", "pages": ["index", "other"]}]}
    (root / "mint.json").write_text(json.dumps({**config, **settings}, indent=2))
    result = run_docgen(["check", "mint.json", "--format", "json"], root)
    assert (result.returncode, json.loads(result.stdout)["diagnostics"]) == (0, [])
    out = tmp_path / "out"
    assert run_docgen(["build", "mint.json", "-o", str(out)], root).returncode == 0
    html = (out / "index.html").read_text().split("<head>")[0]
    assert ("data-site-theme" in html) is (theme is not None)
    assert theme is None or f'data-site-theme="{theme}"' in html


def test_a_mint_json_theme_or_layout_it_does_not_have_is_an_error_at_its_value(
    tmp_path: Path,
) -> None:
    root = _site(tmp_path / "src", None)
    (root / "docs.json").unlink()
    config = {"name": "M", "theme": "venis", "layout": "sidenv",
              "navigation": [{"group": "G", "pages": ["index"]}]}  # fmt: skip
    (root / "mint.json").write_text(json.dumps(config, indent=2))
    result = run_docgen(["check", "mint.json", "--format", "json"], root)
    found = [(d["code"], d["message"], d["line"]) for d in json.loads(result.stdout)["diagnostics"]]
    assert result.returncode == 1
    assert found == [
        ("config-invalid", "theme: 'venis' is not one of venus, quill, prism; did you mean "
         "'venus'?", 3),
        ("config-invalid", "layout: 'sidenv' is not one of topnav, sidenav, solidSidenav; did "
         "you mean 'sidenav'?", 4),
    ]  # fmt: skip
