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
     ("css-variables", False, "'css-variables'"),
     ({"light": "one-light", "dark": "one-dark-pro"}, False, "'one-light' and 'one-dark-pro'"),
     ({"light": "nord", "dark": "nord"}, True, "'nord';")],
)  # fmt: skip
def test_a_shiki_theme_docgen_does_not_draw_is_said_and_drawn_nearest(
    tmp_path: Path, theme: object, attribute: bool, named: str
) -> None:
    root = _site(tmp_path / "src", {"theme": theme, "languages": {"custom": ["/rego.json"]}})
    code, found = _report(root)
    assert code == 0
    [(level, kind, said, line), languages] = found
    assert (level, kind, line) == ("info", "config-unused-key", _line_of(root, '"theme"'))
    assert said.startswith("styling.codeblocks.theme: docgen draws code in its own palettes")
    assert named in said
    assert said.endswith("dark in both themes" if attribute else "dark in the dark theme")
    assert languages[2].startswith("styling.codeblocks.languages: 'languages' is a Mintlify")
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
