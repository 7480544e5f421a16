"""Props and styles naming the page's ``export const`` constants are given their values, as
MDX gives them: strings, numbers, objects of those, keys of an object (``theme.primary``) and
template strings of constants; what cannot be evaluated is a located warning, never dropped
silently."""

from __future__ import annotations

from pathlib import Path

from refresh_fixtures import run_docgen

from docgen.render.mdx import render_mdx

CONSTANTS = (
    "export const accent = '#f00'\n"
    'export const url = "https://example.com/x"\n'
    "export const size = 14\n"
    "export const box = { color: accent, padding: 4 }\n"
    "export const theme = { primary: '#0a0', pad: 8 }\n"
    "export const base = `${url}/docs`\n\n"
)


def _html(body: str) -> tuple[str, list[str]]:
    result = render_mdx(CONSTANTS + body, 1)
    return result.rendered.html, [f"{w.line}:{w.message}" for w in result.warnings]


def test_a_style_object_naming_constants_gets_their_values() -> None:
    """As other props naming constants (``href={url}``, ``href={`${base}/start`}``) do."""
    html, warnings = _html(
        '<Card title="Go" href={url}>One</Card>\n\n'
        '<Card title="Tmpl" href={`${base}/start`}>Two</Card>\n\n'
        "<div style={{color: accent, fontSize: size}}>Red</div>\n\n"
        "<div style={box}>Boxed</div>\n\n"
        "<div style={{ color: theme.primary, border: `1px solid ${accent}`, padding: theme.pad }}>"
        "Theme</div>\n"
    )
    assert warnings == []
    assert '<div style="color:#f00 !important;font-size:14px !important">Red</div>' in html
    assert '<div style="color:#f00 !important;padding:4px !important">Boxed</div>' in html
    assert (
        '<div style="color:#0a0 !important;border:1px solid #f00 !important;'
        'padding:8px !important">Theme</div>'
    ) in html
    assert 'class="card" href="https://example.com/x"' in html
    assert 'class="card" href="https://example.com/x/docs/start"' in html


def test_a_style_that_cannot_be_evaluated_is_a_located_warning(tmp_path: Path) -> None:
    html, warnings = _html(
        "<div style={{color: unknownThing}}>A</div>\n\n"
        "<div style={{ color: theme.missing }}>B</div>\n"
    )
    assert "<div>A</div>" in html and "<div>B</div>" in html
    assert [w.split(":", 1)[0] for w in warnings] == ["8", "10"]
    assert all("style is left out" in w for w in warnings)
    site = tmp_path / "src"
    site.mkdir()
    (site / "docs.json").write_text(
        '{"name": "S", "navigation": {"pages": ["index"]}}', encoding="utf-8"
    )
    (site / "index.mdx").write_text(
        "---\ntitle: Home\n---\n\nexport const accent = '#f00'\n\n"
        "Text.\n\n  <div style={{color: accent, margin: gap}}>A</div>\n",
        encoding="utf-8",
    )
    for command in (["check", "docs.json"], ["build", "docs.json", "-o", str(tmp_path / "o")]):
        result = run_docgen(command, site)
        assert "index.mdx:9:8: warning[mdx-unsupported]" in result.stdout + result.stderr


def test_an_html_style_string_is_read_as_mintlify_reads_it() -> None:
    """Mintlify turns ``style="..."`` on an HTML element into a style object (formbricks'
    embed page: ``<div style="position: relative; height:100vh; ...">``); docgen dropped it."""
    html, warnings = _html(
        '<div style="position: relative; max-height:100vh; overflow:auto;">\nS\n</div>\n\n'
        "<span style=\"font-weight:bold; color: red !important; background: url('a;b')\">b</span>\n"
    )
    assert warnings == []
    assert (
        '<div style="position:relative !important;max-height:100vh !important;'
        'overflow:auto !important">'
    ) in html
    assert '<span style="font-weight:bold !important;color:red !important">b</span>' in html
