"""docs.json ``styling.codeblocks``: ``"dark"`` keeps code blocks dark in the light theme too,
``"system"`` (the default) follows the page; Shiki themes docgen does not draw are said (an
info line naming them) and drawn as the nearest of the two; a name Shiki lacks is an error."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

PAGE = """---
title: Code
---

```python main.py lines
def hello():  # greet
    return "hi"
```

<CodeGroup>
```bash npm
npm install acme
```
```js Node
const a = 1;
```
</CodeGroup>
"""


def _site(root: Path, codeblocks: object | None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    config: dict[str, Any] = {"name": "C", "navigation": {"pages": ["index"]}}
    if codeblocks is not None:
        config["styling"] = {"codeblocks": codeblocks}
    (root / "docs.json").write_text(json.dumps(config, indent=2))
    (root / "index.mdx").write_text(PAGE)
    return root


def _line_of(root: Path, text: str) -> int:
    lines = (root / "docs.json").read_text().splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def _report(root: Path) -> tuple[int, list[tuple[str, str, str, int]]]:
    result = run_docgen(["check", ".", "--format", "json"], root)
    found = [
        (d["level"], d["code"], d["message"], d["line"])
        for d in json.loads(result.stdout)["diagnostics"]
    ]
    return result.returncode, found


@pytest.mark.parametrize(
    ("codeblocks", "attribute"),
    [("dark", True), ("system", False), (None, False),
     ({"theme": {"light": "github-light-default", "dark": "github-dark-default"}}, False),
     ({"theme": "github-dark"}, True)],
)  # fmt: skip
def test_dark_and_system_and_githubs_own_themes_are_drawn_silently(
    tmp_path: Path, codeblocks: object, attribute: bool
) -> None:
    root = _site(tmp_path / "src", codeblocks)
    assert _report(root) == (0, [])
    result = run_docgen(["build", ".", "-o", str(tmp_path / "out")], root)
    assert result.returncode == 0
    html = (tmp_path / "out" / "index.html").read_text()
    assert ('data-codeblocks="dark"' in html) is attribute


@pytest.mark.parametrize(
    ("theme", "attribute", "named"),
    [("dracula", True, "'dracula'"), ("min-light", False, "'min-light'"),
     ({"light": "css-variables", "dark": "nord"}, False, "'nord'; code blocks are in the colours "
      "of the site's CSS variables"),
     ({"light": "one-light", "dark": "one-dark-pro"}, False, "'one-light' and 'one-dark-pro'"),
     ({"light": "nord", "dark": "nord"}, True, "'nord';")],
)  # fmt: skip
def test_a_shiki_theme_docgen_does_not_draw_is_said_and_drawn_nearest(
    tmp_path: Path, theme: object, attribute: bool, named: str
) -> None:
    root = _site(tmp_path / "src", {"theme": theme, "languages": {"custom": ["/rego.json"]}})
    (root / "style.css").write_text(":root { --shiki-foreground: #111111; }\n")
    (root / "rego.json").write_text('{"name": "rego", "scopeName": "source.rego"}')
    code, found = _report(root)
    assert code == 0
    [(level, kind, said, line), languages] = found
    assert (level, kind, line) == ("info", "config-unused-key", _line_of(root, '"theme"'))
    assert said.startswith("styling.codeblocks.theme: docgen draws code in its own palettes")
    assert named in said
    assert said.endswith(
        "dark in both themes" if attribute else ("dark in the dark theme", "(css-variables)")
    )
    assert languages[2].startswith("styling.codeblocks.languages.custom[0]: docgen does not run")
    result = run_docgen(["build", ".", "-o", str(tmp_path / "out")], root)
    assert result.returncode == 0
    html = (tmp_path / "out" / "index.html").read_text()
    assert ('data-codeblocks="dark"' in html) is attribute


def test_a_theme_shiki_lacks_and_a_mode_mintlify_lacks_are_errors_with_a_hint(
    tmp_path: Path,
) -> None:
    root = _site(tmp_path / "a", {"theme": {"light": "one-ligth", "dark": "nord"}})
    code, found = _report(root)
    assert code == 1
    [(level, kind, said, line)] = found
    assert (level, kind, line) == ("error", "config-invalid", _line_of(root, "one-ligth"))
    assert said == (
        "styling.codeblocks.theme.light: 'one-ligth' is not a Shiki theme Mintlify knows; "
        "did you mean 'one-light'?"
    )
    code, found = _report(_site(tmp_path / "b", "darker"))
    assert code == 1 and [f[1] for f in found] == ["config-invalid"]


# Every Pygments token class docgen.css colours, and the line marks of diffs.
_CLASSES = (
    "c c1 cm ch cs cp cpf k kd kn kr kp ow o kt kc s s1 s2 sb sc sd sh sx sa dl se si",
    "sr ss nt m mi mf mh mo mb il nb bp nf fm nd nc nn ne na no nv vi vg vc p gi gd gh gu err",
)
TOKENS = tuple(" ".join(_CLASSES).split())
# A code block with one span of each class, in the page's prose and in an API sample panel:
# the block's colours, and each span's colour, background, style and weight.
PROBE = """tokens => {
  const out = {};
  const surfaces = ['body', '.topbar', '.sidebar', '.docgen-codeblock', '.docgen-codeblock pre',
    '.docgen-codeblock .code-title', '.code-group', '.code-group [role=tab]', '.prose p'];
  for (const selector of surfaces) {
    for (const [n, e] of [...document.querySelectorAll(selector)].slice(0, 2).entries()) {
      const s = getComputedStyle(e);
      out[selector + ' ' + n] = [s.backgroundColor, s.color, s.borderTopColor, s.colorScheme,
        s.boxShadow].join(' ');
    }
  }
  const main = document.querySelector('main');
  const panel = document.createElement('div');
  panel.className = 'sample-panel';
  main.append(panel);
  for (const [where, holder] of [['prose', document.querySelector('.prose')], ['panel', panel]]) {
    const pre = document.createElement('pre');
    pre.className = 'highlight';
    pre.innerHTML = '<code>' + tokens.map(t => `<span class="${t}">x</span>`).join('')
      + '<span class="line line-add">+</span><span class="line line-remove">-</span></code>';
    holder.append(pre);
    const style = e => getComputedStyle(e);
    const code = pre.querySelector('code');
    out[where] = [style(pre).backgroundColor, style(code).color,
      style(pre.querySelector('.line-add')).getPropertyValue('--diff'),
      style(pre.querySelector('.line-remove')).getPropertyValue('--diff')].join(' ');
    for (const t of tokens) {
      const s = style(pre.querySelector('.' + t));
      out[where + ' .' + t] = [s.color, s.backgroundColor, s.fontStyle, s.fontWeight].join(' ');
    }
  }
  return out;
}"""


def _colours(tab: Any, selector: str) -> list[str]:
    return list(
        tab.eval_on_selector(
            selector,
            "e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]",
        )
    )


def _dark(colour: str) -> bool:
    """Whether a computed colour (``rgb(r, g, b)`` or ``color(srgb r g b)``) is dark."""
    numbers = [float(n) for n in re.findall(r"[0-9.]+", colour)[:3]]
    scale = 1.0 if colour.startswith("color(srgb") else 255.0
    return sum(numbers) / 3 / scale < 0.33


def test_dark_code_blocks_are_dark_in_the_light_theme(browser: Any, tmp_path: Path) -> None:
    outs = {}
    for mode in ("dark", "system"):
        root = _site(tmp_path / mode, mode)
        outs[mode] = tmp_path / f"out-{mode}"
        assert run_docgen(["build", ".", "-o", str(outs[mode])], root).returncode == 0
    seen: dict[tuple[str, str, int], list[str]] = {}
    for mode, out in outs.items():
        with serve_folder(out) as site:
            for scheme, width in (("light", 1280), ("dark", 1280), ("light", 390)):
                context = browser.new_context(
                    viewport={"width": width, "height": 900}, color_scheme=scheme
                )
                tab = context.new_page()
                errors: list[str] = []
                tab.on("pageerror", lambda e, found=errors: found.append(str(e)))
                tab.goto(f"{site}/")
                block = _colours(tab, ".docgen-codeblock pre")
                title = _colours(tab, ".docgen-codeblock .code-title")
                keyword = _colours(tab, ".docgen-codeblock .highlight .k")[1]
                group = _colours(tab, ".code-group")
                tabs = _colours(tab, ".code-group [role=tab][aria-selected=true]")[1]
                page = _colours(tab, "body")[0]
                seen[(mode, scheme, width)] = [*block, *title, keyword, *group, tabs, page]
                assert errors == []
                context.close()
    for width in (1280, 390):
        block_bg, text, title_bg, title_text, keyword, group_bg, _, tab_text, page = seen[
            ("dark", "light", width)
        ]
        # A light page, dark code: background, title bar and code group dark, text light.
        assert not _dark(page)
        assert _dark(block_bg) and _dark(title_bg) and _dark(group_bg)
        assert not _dark(text) and not _dark(title_text) and not _dark(tab_text)
        # The dark palette's keyword colour, as in the dark theme.
        assert keyword == seen[("system", "dark", 1280)][4] != seen[("system", "light", 1280)][4]
        assert not _dark(seen[("system", "light", width)][0])
    # The dark theme looks the same either way.
    assert seen[("dark", "dark", 1280)] == seen[("system", "dark", 1280)]


def test_mint_json_code_block_mode_and_background_style_are_read(tmp_path: Path) -> None:
    """mint.json's ``codeBlock.mode`` (``dark``; ``auto`` follows the page) and
    ``background.style`` are docs.json's ``styling.codeblocks`` and ``background.decoration``."""
    for mode, style, attributes in (
        ("dark", "grid", ['data-codeblocks="dark"', 'data-decoration="grid"']),
        ("auto", "windows", ['data-decoration="windows"']),
    ):
        root = tmp_path / mode
        root.mkdir()
        config = {"name": "M", "navigation": [{"group": "G", "pages": ["index"]}],
                  "codeBlock": {"mode": mode}, "background": {"style": style}}  # fmt: skip
        (root / "mint.json").write_text(json.dumps(config))
        (root / "index.mdx").write_text(PAGE)
        check = run_docgen(["check", "mint.json", "--format", "json"], root)
        assert json.loads(check.stdout)["diagnostics"] == []  # used, so not reported unused
        out = tmp_path / f"out-{mode}"
        assert run_docgen(["build", "mint.json", "-o", str(out)], root).returncode == 0
        html_tag = (out / "index.html").read_text().split("<head>")[0]
        assert [a for a in ('data-codeblocks="dark"', f'data-decoration="{style}"')
                if a in html_tag] == attributes  # fmt: skip


def test_a_mint_json_background_or_code_block_that_is_no_object_is_not_ignored(
    tmp_path: Path,
) -> None:
    """``"background": "x"`` was ignored without a word once the object form was read; it is a
    located config-invalid error. ``"codeBlock": "dark"`` is read as the mode it names."""
    config = {"name": "M", "navigation": [{"group": "G", "pages": ["index"]}],
              "codeBlock": "dark", "background": "x"}  # fmt: skip
    (tmp_path / "mint.json").write_text(json.dumps(config))
    (tmp_path / "index.mdx").write_text(PAGE)
    report = json.loads(run_docgen(["check", "mint.json", "--format", "json"], tmp_path).stdout)
    found = [(d["code"], d["pointer"]) for d in report["diagnostics"]]
    assert found == [("config-invalid", "/background")]
    config["background"] = {"style": "grid"}
    (tmp_path / "mint.json").write_text(json.dumps(config))
    out = tmp_path / "out"
    assert run_docgen(["build", "mint.json", "-o", str(out)], tmp_path).returncode == 0
    assert 'data-codeblocks="dark"' in (out / "index.html").read_text().split("<head>")[0]


# docgen's two palettes, as computed in a browser: the classes of each colour, and the colour,
# background, style and weight of the light palette and of the dark one.
PALETTE = {
    "c c1 ch cm cp cpf cs": ("rgb(95, 104, 115) rgba(0, 0, 0, 0) italic 400",
                             "rgb(139, 148, 158) rgba(0, 0, 0, 0) italic 400"),
    "k kd kn kp kr o ow": ("rgb(207, 34, 46) rgba(0, 0, 0, 0) normal 400",
                           "rgb(255, 123, 114) rgba(0, 0, 0, 0) normal 400"),
    "kt nc ne nn nv vc vg vi": ("rgb(149, 56, 0) rgba(0, 0, 0, 0) normal 400",
                                "rgb(255, 166, 87) rgba(0, 0, 0, 0) normal 400"),
    "bp nb": ("rgb(102, 57, 186) rgba(0, 0, 0, 0) normal 400",
              "rgb(255, 166, 87) rgba(0, 0, 0, 0) normal 400"),
    "il kc m mb mf mh mi mo na no se si": ("rgb(5, 80, 174) rgba(0, 0, 0, 0) normal 400",
                                           "rgb(121, 192, 255) rgba(0, 0, 0, 0) normal 400"),
    "dl s s1 s2 sa sb sc sd sh sx": ("rgb(10, 48, 105) rgba(0, 0, 0, 0) normal 400",
                                     "rgb(165, 214, 255) rgba(0, 0, 0, 0) normal 400"),
    "nt sr ss": ("rgb(17, 99, 41) rgba(0, 0, 0, 0) normal 400",
                 "rgb(126, 231, 135) rgba(0, 0, 0, 0) normal 400"),
    "fm nd nf": ("rgb(130, 80, 223) rgba(0, 0, 0, 0) normal 400",
                 "rgb(210, 168, 255) rgba(0, 0, 0, 0) normal 400"),
    "p": ("rgb(87, 96, 106) rgba(0, 0, 0, 0) normal 400",
          "rgb(177, 186, 196) rgba(0, 0, 0, 0) normal 400"),
    "gi": ("rgb(17, 99, 41) rgb(218, 251, 225) normal 400",
           "rgb(175, 245, 180) rgba(46, 160, 67, 0.15) normal 400"),
    "gd": ("rgb(130, 7, 30) rgb(255, 235, 233) normal 400",
           "rgb(255, 220, 215) rgba(248, 81, 73, 0.15) normal 400"),
    "gh gu": ("rgb(5, 80, 174) rgba(0, 0, 0, 0) normal 600",
              "rgb(121, 192, 255) rgba(0, 0, 0, 0) normal 600"),
}  # fmt: skip
# A code block's background, text and the colours of added and removed lines.
BLOCK = ("rgb(246, 248, 250) rgb(31, 35, 40) #1a7f37 #cf222e",
         "rgb(13, 19, 32) rgb(230, 237, 243) #3fb950 #f85149")  # fmt: skip


def _probe(browser: Any, out: Path, scheme: str, media: str = "screen") -> dict[str, str]:
    with serve_folder(out) as site:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
        tab = context.new_page()
        tab.emulate_media(media=media)
        tab.goto(f"{site}/")
        seen: dict[str, str] = tab.evaluate(PROBE, list(TOKENS))
        context.close()
    return seen


def _palette(seen: dict[str, str], where: str) -> int:
    """0 when the tokens in ``where`` (prose or panel) have the light palette, 1 the dark."""
    for which in (0, 1):
        if all(seen[f"{where} .{t}"] == PALETTE[g][which] for g in PALETTE for t in g.split()):
            return which
    raise AssertionError({t: seen[f"{where} .{t}"] for t in TOKENS})


def test_each_code_block_takes_one_of_the_two_palettes(browser: Any, tmp_path: Path) -> None:
    """The dark palette is written once (custom properties) for the dark theme, the API sample
    panels and ``codeblocks: "dark"``: every class is drawn as before, in every case."""
    for mode in ("dark", "system"):
        out = tmp_path / f"out-{mode}"
        assert (
            run_docgen(["build", ".", "-o", str(out)], _site(tmp_path / mode, mode)).returncode == 0
        )
        for scheme in ("light", "dark"):
            seen = _probe(browser, out, scheme)
            dark = int(mode == "dark" or scheme == "dark")
            assert (_palette(seen, "prose"), _palette(seen, "panel")) == (dark, 1), (mode, scheme)
            assert seen["prose"] == BLOCK[dark]
            printed = _probe(browser, out, scheme, "print")  # paper is white
            assert (_palette(printed, "prose"), _palette(printed, "panel")) == (0, 0)
            assert printed["prose"].split()[:6] == BLOCK[0].split()[:6]


def test_the_dark_code_palette_and_surfaces_are_written_once() -> None:
    """``codeblocks: "dark"`` repeated the dark theme's surface colours and every selector of
    the dark syntax palette; each is written once now, shared by the selectors."""
    import tinycss2

    css = (Path(__file__).resolve().parents[1] / "templates/assets/docgen.css").read_text()
    declared: dict[tuple[str, str], int] = {}
    selectors: list[str] = []

    def walk(rules: list[Any]) -> None:
        for rule in rules:
            if rule.type == "at-rule" and rule.content is not None:
                walk(tinycss2.parse_rule_list(rule.content, True, True))
            elif rule.type == "qualified-rule":
                selectors.extend(tinycss2.serialize(rule.prelude).split(","))
                for item in tinycss2.parse_declaration_list(rule.content, True, True):
                    if item.type == "declaration" and item.name.startswith("--"):
                        key = (item.name, tinycss2.serialize(item.value).strip())
                        declared[key] = declared.get(key, 0) + 1

    walk(tinycss2.parse_stylesheet(css, True, True))
    for name in ("--bg", "--bg-subtle", "--border", "--text", "--code-bg", "--code-text"):
        values = [n for (key, _), n in declared.items() if key == name]
        assert len(values) >= 2 and set(values) == {1}, name  # light, dark, each written once
    for token in TOKENS:
        naming = [s for s in selectors if re.search(rf"\.{token}\b(?!-)", s)]
        assert len(naming) <= 2, (token, naming)  # docgen's palettes; the site's variables


CSS_VARIABLES = """:root {
  --mint-color-background: #121317;
  --mint-color-text: #d4d4d4;
  --mint-token-keyword: #e888f8;
  --mint-token-string-expression: #afec73;
}
.dark { --shiki-token-function: #d9f07c; }
"""


def test_css_variables_colour_code_from_the_sites_variables(browser: Any, tmp_path: Path) -> None:
    """``"theme": "css-variables"`` (trigger.dev's docs) was drawn as docgen's light palette;
    code takes the colours of the variables the repo's CSS defines (Mintlify's ``--mint-``
    names, or Shiki's ``--shiki-``), docgen's where it defines none; paper stays light."""
    root = _site(tmp_path / "src", {"theme": "css-variables"})
    (root / "style.css").write_text(CSS_VARIABLES)
    assert _report(root) == (0, [])
    out = tmp_path / "out"
    assert run_docgen(["build", ".", "-o", str(out)], root).returncode == 0
    assert 'data-codeblocks="css-variables"' in (out / "index.html").read_text()
    for scheme in ("light", "dark"):
        seen = _probe(browser, out, scheme)
        for where in ("prose", "panel"):
            assert seen[f"{where} .k"].startswith("rgb(232, 136, 248) ")  # --mint-token-keyword
            assert seen[f"{where} .s2"].startswith("rgb(175, 236, 115) ")
            # Shiki's name, defined for the dark theme only (.dark): docgen's colour elsewhere.
            function = seen[f"{where} .nf"].split(" rgba")[0]
            palette = PALETTE["fm nd nf"][int(scheme == "dark" or where == "panel")]
            assert function == (
                "rgb(217, 240, 124)" if scheme == "dark" else palette.split(" rgba")[0]
            )
            assert seen[f"{where} .gi"] == PALETTE["gi"][int(scheme == "dark" or where == "panel")]
        assert seen["prose"].startswith("rgb(18, 19, 23) rgb(212, 212, 212) ")  # background, text
        # The title and tab bars are tinted from them: dark, with light text, in both themes.
        for bar in (".docgen-codeblock .code-title 0", ".code-group [role=tab] 1"):
            text = re.findall(r"rgba?\([^)]*\)|color\([^)]*\)", seen[bar])[1]
            assert not _dark(text), (scheme, bar)
        title = re.findall(
            r"rgba?\([^)]*\)|color\([^)]*\)", seen[".docgen-codeblock .code-title 0"]
        )
        assert _dark(title[0]), scheme
        printed = _probe(browser, out, scheme, "print")  # paper is white
        assert _palette(printed, "prose") == 0
        assert printed["prose"].split()[:6] == BLOCK[0].split()[:6]


def test_css_variables_no_css_file_defines_are_said(tmp_path: Path) -> None:
    root = _site(tmp_path / "src", {"theme": {"light": "css-variables", "dark": "github-dark"}})
    (root / "style.css").write_text(".hero { color: red; }\n")
    code, found = _report(root)
    assert code == 0
    [(level, kind, said, line)] = found
    assert (level, kind, line) == ("info", "config-unused-key", _line_of(root, '"theme"'))
    assert said.startswith("styling.codeblocks.theme: 'css-variables' colours code from the")
    assert said.endswith("no .css file of the docs repo defines one: code keeps docgen's palettes")


def test_css_variables_are_looked_for_in_linear_time(tmp_path: Path) -> None:
    """security.md item 20: the search for a variable tried every "--shiki-" of a name such as
    "--shiki--shiki-..." and scanned the rest of the name from each: 56 KB of CSS took check
    76 s, 112 KB about 5 minutes. The run is bounded at 60 s; the check takes seconds."""
    import subprocess
    import sys

    root = _site(tmp_path / "src", {"theme": "css-variables"})
    use = "var(--shiki-" + "-shiki-" * 16_000 + ")"  # a name no rule defines
    (root / "style.css").write_text(
        f"b {{ color: {use} }}\n:root {{ --shiki-token-keyword: red; }}\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "docgen", "check", str(root / "docs.json")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "config-unused-key" not in run.stdout + run.stderr  # the variable is found


def test_a_mint_json_code_block_written_as_auto_follows_the_page(tmp_path: Path) -> None:
    """``"codeBlock": "auto"`` is the mode ``codeBlock.mode: "auto"`` is (it was an error,
    'not one of system, dark', while ``"codeBlock": "dark"`` was read)."""
    config = {"name": "M", "navigation": [{"group": "G", "pages": ["index"]}], "codeBlock": "auto"}
    (tmp_path / "mint.json").write_text(json.dumps(config))
    (tmp_path / "index.mdx").write_text(PAGE)
    report = json.loads(run_docgen(["check", "mint.json", "--format", "json"], tmp_path).stdout)
    assert report["diagnostics"] == []
    out = tmp_path / "out"
    assert run_docgen(["build", "mint.json", "-o", str(out)], tmp_path).returncode == 0
    assert "data-codeblocks" not in (out / "index.html").read_text().split("<head>")[0]
