"""Icons a page imports from lucide-react (``import { Brain } from 'lucide-react'``) are drawn
where the page uses them, in text and in a component's ``icon={<Brain />}``, with the props
lucide-react reads; a name docgen's Lucide set lacks is a located warning, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from serving import serve_folder
from test_static import docgen

from docgen.render.iconimports import lucide_name
from docgen.render.icons import LUCIDE, icon_svg, lucide_aliases

PAGE = """---
title: Icons
---
import { Zap, BrainIcon as Mind, MapIcon,
  Code2, NotAnIcon } from 'lucide-react';

Inline <Zap /> and <Mind size={32} color="#dc2626" strokeWidth={1} /> here.

<CardGroup cols={2}>
  <Card icon={<Zap />} title="Quickstart">Fast.</Card>
  <Card icon={<MapIcon className="w-4 h-4" />} title="Roadmap">Plans.</Card>
  <Card icon={<Code2 />} title="Code">Code.</Card>
  <Card icon={<NotAnIcon />} title="Missing">None.</Card>
</CardGroup>
"""


def test_react_names_map_to_the_lucide_icons_they_draw() -> None:
    assert lucide_name("Brain") == "brain"
    assert lucide_name("MousePointerClick") == "mouse-pointer-click"
    assert lucide_name("BrainIcon") == lucide_name("LucideBrain") == "brain"
    assert lucide_name("Trash2") == "trash-2"
    # Renamed icons keep their old React names as aliases
    assert lucide_name("Code2") == "code-xml"
    assert lucide_name("HomeIcon") == "house"
    assert lucide_name("CircleHelp") == "circle-question-mark"
    assert lucide_name("NotAnIcon") is None
    assert all(icon_svg(name, LUCIDE) is not None for name in lucide_aliases().values())


def _site(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    root.mkdir()
    (root / "docs.json").write_text(json.dumps({"name": "I", "navigation": {"pages": ["index"]}}))
    (root / "index.mdx").write_text(PAGE)
    return root


def test_imported_icons_are_drawn_and_unknown_ones_warned_at_the_import(tmp_path: Path) -> None:
    root = _site(tmp_path)
    check = docgen("check", "--format", "json", cwd=root)
    found = [(d["code"], d["line"], d["column"]) for d in json.loads(check.stdout)["diagnostics"]]
    assert found == [("icon-unknown", 5, 10)]  # NotAnIcon, on the import's second line
    out = tmp_path / "out"
    build = docgen("build", str(root / "docs.json"), "-o", str(out))
    assert build.returncode == 0 and "Traceback" not in build.stderr
    assert build.stderr.count("icon-unknown") == 1 and "unknown MDX component" not in build.stderr
    html = (out / "index.html").read_text()
    assert '<p>Inline <span class="icon-wrap" data-icon="zap" style="font-size:24px"><svg' in html
    assert 'data-icon="brain" style="font-size:32px;color:#dc2626"><svg' in html
    assert 'stroke-width="1"' in html
    assert '<span class="card-icon"><span class="icon-wrap" data-icon="zap"><svg' in html
    assert 'data-icon="map"><svg' in html and 'class="icon w-4 h-4"' in html
    assert 'data-icon="code-xml"><svg' in html
    assert '<span class="card-icon"><span class="mdx-icon"' in html  # NotAnIcon


def test_imported_icons_have_lucide_react_sizes_in_a_browser(browser: Any, tmp_path: Path) -> None:
    root = _site(tmp_path)
    out = tmp_path / "out"
    assert docgen("build", str(root / "docs.json"), "-o", str(out)).returncode == 0
    with serve_folder(out) as site:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        tab = context.new_page()
        tab.goto(f"{site}/")
        boxes = tab.eval_on_selector_all(
            "main svg.icon",
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return [e.parentElement.dataset.icon, Math.round(r.width),"
            " getComputedStyle(e).stroke]; })",
        )
        context.close()
    # lucide-react's 24 px in text, size={32}; the card slot's size, or the class's w-4 (16 px)
    assert boxes[:2] == [["zap", 24, boxes[0][2]], ["brain", 32, "rgb(220, 38, 38)"]], boxes
    assert [b[:2] for b in boxes[2:]] == [["zap", 20], ["map", 16], ["code-xml", 20]], boxes


def test_every_lucide_icon_is_found_by_its_react_name() -> None:
    """lucide-react names each icon in PascalCase (``a-arrow-down`` is ``AArrowDown``, also
    ``AArrowDownIcon`` and ``LucideAArrowDown``): every icon docgen ships is found by them."""
    from docgen.render.icons import _lucide_zip

    names = [n.removesuffix(".svg") for n in _lucide_zip().namelist() if n.endswith(".svg")]
    assert len(names) > 1000
    missed = []
    for name in names:
        react = "".join(part[:1].upper() + part[1:] for part in name.split("-"))
        for export in (react, react + "Icon", "Lucide" + react):
            if lucide_name(export) != name:
                missed.append((export, lucide_name(export)))
    assert missed == []
