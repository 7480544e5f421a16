"""The chevron of sidebar groups, accordions and responses is one shape in docgen.css (a mask
in the text's colour), not SVG markup repeated on every row of every page (hoppscotch's docs:
680 chevrons, 163 KB of its 3.9 MB of pages); it still draws, in both themes, and turns when
its group opens, whether the page or docgen.js (a group loaded on demand) put it there."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

from refresh_fixtures import run_docgen
from serving import serve_folder

# Paints the image at data URL ``src`` and counts the pixels unlike its top-left one.
_INKED = """async src => {
  const img = new Image(); img.src = src; await img.decode();
  const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data; let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) > 60) n++;
  }
  return n;
}"""


def _site(tmp_path: Path) -> Path:
    root = tmp_path / "src"
    root.mkdir()
    groups = [{"group": f"G{g}", "pages": [f"p{g}-{i}" for i in range(40)] + [
        {"group": f"Inner{g}", "pages": [f"q{g}-a", f"q{g}-b"]}]} for g in range(4)]  # fmt: skip
    pages = [p for g in groups for p in g["pages"] if isinstance(p, str)]
    pages += [p for g in groups for inner in g["pages"] if isinstance(inner, dict)
              for p in inner["pages"]]  # fmt: skip
    (root / "docs.json").write_text(json.dumps({"name": "C", "navigation": {"groups": groups}}))
    for page in pages:
        (root / f"{page}.mdx").write_text(f"---\ntitle: {page}\n---\n\nText.\n")
    result = run_docgen(["build", ".", "-o", str(tmp_path / "out")], root)
    assert result.returncode == 0, result.stdout + result.stderr
    return tmp_path / "out"


def test_pages_carry_no_chevron_markup_and_it_still_draws(browser: Any, tmp_path: Path) -> None:
    out = _site(tmp_path)
    html = (out / "q0-a" / "index.html").read_text()
    assert '<span class="icon icon-chevron" aria-hidden="true"></span>' in html
    assert "<svg" not in html.split('class="icon icon-chevron"')[1][:40]
    with serve_folder(out) as site:
        for scheme in ("light", "dark"):
            context = browser.new_context(
                viewport={"width": 1280, "height": 900}, color_scheme=scheme
            )
            tab = context.new_page()
            tab.goto(f"{site}/q0-a/")
            drawn = tab.locator(".nav-group > details[open] > summary .icon-chevron").first
            box = drawn.bounding_box()
            assert box is not None and box["width"] == 14 and box["height"] == 14
            shot = base64.b64encode(drawn.screenshot()).decode()
            assert tab.evaluate(_INKED, f"data:image/png;base64,{shot}") > 10
            turned = drawn.evaluate("e => getComputedStyle(e).transform")
            assert turned.startswith("matrix(") and turned != "none"
            # A group docgen.js loads: its nested group's chevron, closed, then opened.
            tab.locator('details[data-docgen-nav-group="2"] > summary').click()
            loaded = tab.locator('details[data-docgen-nav-group="2.40"] > summary .icon-chevron')
            loaded.wait_for()
            assert loaded.evaluate("e => getComputedStyle(e).transform") == "none"
            shot = base64.b64encode(loaded.screenshot()).decode()
            assert tab.evaluate(_INKED, f"data:image/png;base64,{shot}") > 10
            context.close()
