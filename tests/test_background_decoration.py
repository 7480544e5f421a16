"""docs.json ``background.decoration`` (``gradient``, ``grid``, ``windows``): a subtle backdrop
at the top of every page, drawn by docgen.css alone (nothing fetched), in both themes, behind
the content (links over it still take clicks)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder


def _site(root: Path, background: dict[str, Any] | None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    config: dict[str, Any] = {"name": "D", "navigation": {"pages": ["index", "other"]}}
    if background is not None:
        config["background"] = background
    (root / "docs.json").write_text(json.dumps(config, indent=2))
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nSee [the other page](/other).\n")
    (root / "other.mdx").write_text("---\ntitle: Other\n---\n\nText.\n")
    return root


def _check(root: Path) -> tuple[int, list[tuple[str, str, int]]]:
    result = run_docgen(["check", ".", "--format", "json"], root)
    report = json.loads(result.stdout)
    return result.returncode, [(d["code"], d["message"], d["line"]) for d in report["diagnostics"]]


@pytest.mark.parametrize("decoration", ["gradient", "grid", "windows"])
def test_a_decoration_is_used_and_marks_every_page(tmp_path: Path, decoration: str) -> None:
    root = _site(tmp_path / "src", {"decoration": decoration, "color": {"light": "#fafafa"}})
    assert _check(root) == (0, [])  # no longer "accepted and ignored"
    assert run_docgen(["build", ".", "-o", str(tmp_path / "out")], root).returncode == 0
    for page in ("index.html", "other/index.html", "404.html"):
        html = (tmp_path / "out" / page).read_text()
        assert f'data-decoration="{decoration}"' in html, page


def test_no_decoration_and_an_unknown_one(tmp_path: Path) -> None:
    root = _site(tmp_path / "none", None)
    assert run_docgen(["build", ".", "-o", str(tmp_path / "out")], root).returncode == 0
    assert "data-decoration" not in (tmp_path / "out" / "index.html").read_text()
    bad = _site(tmp_path / "bad", {"decoration": "gradiant"})
    code, found = _check(bad)
    assert code == 1
    [(kind, message, line)] = found
    lines = (bad / "docs.json").read_text().splitlines()
    assert kind == "config-invalid" and "did you mean 'gradient'?" in message
    assert '"gradiant"' in lines[line - 1]


def test_decorations_are_drawn_behind_the_page_in_both_themes(browser: Any, tmp_path: Path) -> None:
    drawn: dict[tuple[str, str], str] = {}
    for decoration in ("gradient", "grid", "windows", ""):
        root = _site(
            tmp_path / (decoration or "none"), {"decoration": decoration} if decoration else None
        )
        out = tmp_path / f"out-{decoration or 'none'}"
        assert run_docgen(["build", ".", "-o", str(out)], root).returncode == 0
        with serve_folder(out) as site:
            for scheme, width in (("light", 1280), ("dark", 390)):
                context = browser.new_context(
                    viewport={"width": width, "height": 800}, color_scheme=scheme
                )
                tab = context.new_page()
                requests: list[str] = []
                tab.on("request", lambda r, seen=requests: seen.append(r.url))
                tab.goto(f"{site}/")
                layer = tab.evaluate(
                    "() => { const s = getComputedStyle(document.body, '::before');"
                    " return [s.content, s.zIndex, s.backgroundImage, s.maskImage,"
                    " s.pointerEvents, s.backgroundColor]; }"
                )
                drawn[(decoration, scheme)] = json.dumps(layer)
                link = tab.get_by_role("link", name="the other page")
                box = link.bounding_box()
                assert box is not None
                hit = tab.evaluate(
                    "([x, y]) => document.elementFromPoint(x, y).closest('a')?.textContent",
                    [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
                )
                assert hit == "the other page"
                assert all(url.startswith(site) for url in requests)  # nothing fetched
                if decoration:
                    content, z_index, image, mask, events, colour = layer
                    assert (content, z_index, events) == ('""', "-1", "none")
                    shown = image if decoration != "windows" else mask
                    assert "gradient" in shown or "url(" in shown
                    if decoration == "windows":
                        assert "data:image/svg+xml" in mask and colour != "rgba(0, 0, 0, 0)"
                else:
                    assert layer[0] in ("none", "normal")
                context.close()
    # Each theme draws its own colours (the gradient's tint, the lines' colour).
    for decoration in ("gradient", "grid", "windows"):
        assert drawn[(decoration, "light")] != drawn[(decoration, "dark")], decoration


SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">'
    '<rect width="40" height="40" fill="{}"/></svg>'
)


def test_a_background_image_is_behind_every_page_in_each_theme(
    browser: Any, tmp_path: Path
) -> None:
    image = {"light": "/images/light bg.svg", "dark": "/images/dark.svg"}
    root = _site(tmp_path / "src", {"image": image})
    (root / "images").mkdir()
    (root / "images" / "light bg.svg").write_text(SVG.format("#c7f9e5"))
    (root / "images" / "dark.svg").write_text(SVG.format("#06281d"))
    assert _check(root) == (0, [])  # used: no longer "accepted and ignored"
    out = tmp_path / "out"
    assert run_docgen(["build", ".", "-o", str(out)], root).returncode == 0
    with serve_folder(out) as site:
        for scheme, width, name in (("light", 1280, "light%20bg.svg"), ("dark", 390, "dark.svg")):
            context = browser.new_context(
                viewport={"width": width, "height": 800}, color_scheme=scheme
            )
            tab = context.new_page()
            failed: list[str] = []
            tab.on("requestfailed", lambda r, seen=failed: seen.append(r.url))
            tab.goto(f"{site}/other/")
            shown = tab.evaluate("() => getComputedStyle(document.body).backgroundImage")
            assert shown == f'url("{site}/images/{name}")'
            loaded = tab.evaluate("async url => (await fetch(url)).ok", f"{site}/images/{name}")
            assert loaded and failed == []
            context.close()


def test_a_background_image_missing_or_remote_is_said(tmp_path: Path) -> None:
    root = _site(tmp_path / "missing", {"image": "/images/none.png"})
    code, found = _check(root)
    assert code == 0
    [(kind, message, line)] = found
    assert kind == "asset-not-found" and "'images/none.png' does not exist" in message
    assert '"/images/none.png"' in (root / "docs.json").read_text().splitlines()[line - 1]
    assert run_docgen(["build", ".", "-o", str(tmp_path / "out")], root).returncode == 0
    assert not (tmp_path / "out" / "_docgen" / "site.css").exists()
    code, found = _check(_site(tmp_path / "remote", {"image": "https://cdn.example/bg.png"}))
    assert code == 0 and [f[0] for f in found] == ["asset-skipped"]
    assert "remote URL" in found[0][1]
