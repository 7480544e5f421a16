"""Mermaid diagrams where real pages put them, in headless Chromium: in a closed tab or
accordion (drawn at their real size, their zoom controls decided when shown), many on one page
(the ones near the screen first), under a theme switch clicked again and again (each diagram
drawn once more in the final theme, nothing left behind), on a site served from a sub-folder
(pages several folders deep), and a Gantt chart drawn at the column's width."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

SMALL = "```mermaid\nflowchart LR\n  A[Small] --> B[Fits]\n```\n"
WIDE = "```mermaid\nflowchart LR\n  A[Start here] --> B[Then this] --> C[And that] --> D[Ok]\n```\n"
TALL = "```mermaid\nflowchart TD\n  A[One] --> B[Two] --> C[Three] --> D[Four]\n```\n"
GANTT = """\
```mermaid
gantt
  dateFormat YYYY-MM-DD
  section Release
  Build :a1, 2024-01-01, 30d
  Ship :after a1, 20d
```
"""
HIDDEN = f"""\
---
title: Hidden
---

<Tabs>
<Tab title="Text">
Words only.
</Tab>
<Tab title="Diagrams">
{SMALL}
{TALL}
</Tab>
</Tabs>

<Accordion title="More">
{TALL}
</Accordion>

{GANTT}
"""
MANY = "---\ntitle: Many\n---\n\n" + "\n".join(
    f"## Section {i}\n\nText {i}.\n\n" + TALL.replace("One", f"One {i}") for i in range(30)
)
THEMES = "---\ntitle: Themes\n---\n\n" + "\n".join(
    SMALL.replace("Small", f"Small {i}") for i in range(8)
)
TYPES = """\
---
title: Types
---

```mermaid
flowchart TD
  subgraph one [First group]
    a1["`**bold** and _italic_`"] --> a2
  end
  subgraph two
    b1 --> b2
  end
  one --> two
```

```mermaid
graph LR
  A --> B
```

```mermaid
sequenceDiagram
  autonumber
  Alice->>John: Hello John
  loop Every minute
    John-->>Alice: Great!
  end
  Note right of John: Rational thoughts
```

```mermaid
stateDiagram-v2
  [*] --> Still
  Still --> Moving
  Moving --> Crash
  Crash --> [*]
```

```mermaid
erDiagram
  CUSTOMER ||--o{ ORDER : places
  ORDER ||--|{ LINE-ITEM : contains
  CUSTOMER {
    string name
    string id PK
  }
```

```mermaid
classDiagram
  Animal <|-- Duck
  Animal : +int age
  Animal: +isMammal()
  class Duck{
    +String beakColor
    +swim()
  }
```

```mermaid
gantt
  title A Gantt Diagram
  dateFormat YYYY-MM-DD
  section Section
  A task :a1, 2024-01-01, 30d
  Another task :after a1, 20d
```

```mermaid
pie title Pets
  "Dogs" : 386
  "Cats" : 85
  "Rats" : 15
```

```mermaid
journey
  title My working day
  section Go to work
    Make tea: 5: Me
    Go upstairs: 3: Me
```

```mermaid
gitGraph
  commit
  branch develop
  checkout develop
  commit
  checkout main
  merge develop
```

```mermaid
mindmap
  root((mindmap))
    Origins
      Long history
    Research
      On effectiveness
```

```mermaid
timeline
  title History of Social Media
  2002 : LinkedIn
  2004 : Facebook : Google
```

```mermaid
C4Context
  title System Context diagram
  Person(customerA, "Banking Customer A", "A customer of the bank.")
  System(SystemAA, "Internet Banking System", "Allows customers to view information.")
  Rel(customerA, SystemAA, "Uses")
```

```mermaid
architecture-beta
  group api(cloud)[API]
  service db(database)[Database] in api
  service server(server)[Server] in api
  db:L -- R:server
```

```mermaid
%%{init: {'flowchart': {'defaultRenderer': 'elk'}}}%%
flowchart LR
  E1[ELK one] --> E2[ELK two] --> E3
  E1 --> E3
```

```mermaid
---
config:
  layout: elk
---
flowchart LR
  F1 --> F2 --> F3
```
"""
DONE = (
    "document.querySelectorAll('figure.mermaid.drawn, figure.mermaid.failed').length"
    " === document.querySelectorAll('figure.mermaid').length"
)
RENDERS = (  # how many drawings Mermaid has made on the page (each gets the next id)
    "Math.max(0, ...Array.from(document.querySelectorAll('figure.mermaid svg'))"
    ".map(s => +s.id.split('-').pop()))"
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site built into ``www/docs/`` and served from ``www``: under a base path."""
    root = tmp_path_factory.mktemp("diagram-edges")
    pages = {"hidden": HIDDEN, "many": MANY, "themes": THEMES, "types": TYPES}
    pages["guides/api/v2/deep"] = "---\ntitle: Deep\n---\n\n" + SMALL
    pages["phone"] = "---\ntitle: Phone\n---\n\n" + SMALL + "\n" + WIDE
    for name, text in pages.items():
        (root / f"{name}.mdx").parent.mkdir(parents=True, exist_ok=True)
        (root / f"{name}.mdx").write_text(text)
    config = {"name": "D", "navigation": {"pages": list(pages)}}
    (root / "docs.json").write_text(json.dumps(config))
    www = root.parent / f"{root.name}-www"
    result = run_docgen(["build", "docs.json", "-o", str(www / "docs"), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(www) as url:
        yield f"{url}/docs"


@pytest.fixture
def tab(page: Any) -> Iterator[Any]:
    """The laptop-sized tab, also failing on console errors."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    assert errors == []


def _box(locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None
    return dict(box)


def test_a_diagram_in_a_closed_tab_or_accordion_is_right_when_opened(tab: Any, site: str) -> None:
    tab.goto(f"{site}/hidden/")
    tab.wait_for_function(DONE, timeout=30000)
    small, tall, folded = (tab.locator("figure.mermaid").nth(i) for i in range(3))
    # Drawn in the closed tab, but its controls wait until it is shown.
    assert small.locator(".mermaid-controls").count() == 0
    tab.get_by_role("tab", name="Diagrams", exact=True).click()
    for figure in (small, tall):
        drawing = _box(figure.locator(".mermaid-canvas svg"))
        assert drawing["width"] > 100 and drawing["height"] > 30
    assert small.locator(".mermaid-controls").count() == 0  # it fits: nothing to zoom
    assert tall.get_by_role("button", name="Zoom in").is_visible()
    tab.locator("summary", has_text="More").click()
    assert _box(folded.locator(".mermaid-canvas svg"))["height"] > 200
    # Keyboard readers reach the buttons, each named, with a visible focus ring.
    tall.locator(".mermaid-canvas").click()
    for _ in range(5):
        tab.keyboard.press("Tab")
        if tab.evaluate("document.activeElement.className") == "mermaid-button":
            break
    assert tab.evaluate("document.activeElement.getAttribute('aria-label')") == "Zoom in"
    assert tab.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"


def test_a_gantt_chart_is_drawn_at_the_width_of_its_column(tab: Any, site: str) -> None:
    """Not at the window's width and then shrunk to the column (its text came out tiny)."""
    tab.goto(f"{site}/hidden/")
    tab.wait_for_function(DONE, timeout=30000)
    svg = tab.locator("figure.mermaid").nth(3).locator(".mermaid-canvas svg")
    natural = float(svg.evaluate("s => parseFloat(s.style.maxWidth) || s.viewBox.baseVal.width"))
    assert natural <= _box(svg)["width"] + 1


def test_many_diagrams_draw_the_ones_on_screen_first(tab: Any, site: str) -> None:
    tab.add_init_script(
        """window.drawnOrder = [];
        new MutationObserver(() => document.querySelectorAll('figure.mermaid.drawn')
          .forEach(f => { if (!f.seen) { f.seen = 1; drawnOrder.push(
            Array.prototype.indexOf.call(document.querySelectorAll('figure.mermaid'), f)); } }))
          .observe(document, {subtree: true, attributes: true, attributeFilter: ['class']});"""
    )
    tab.goto(f"{site}/many/#section-25")
    tab.wait_for_function(DONE, timeout=60000)  # all drawn in the end (for printing)
    order = tab.evaluate("drawnOrder")
    assert sorted(order) == list(range(30))
    assert 24 <= order[0] <= 26 and all(22 <= i <= 28 for i in order[:3]), order


def test_quick_theme_switches_draw_each_diagram_once_more(tab: Any, site: str) -> None:
    tab.goto(f"{site}/themes/")
    tab.wait_for_function(DONE, timeout=30000)
    fill = (
        "Array.from(document.querySelectorAll('.mermaid .node rect'))"
        ".map(r => getComputedStyle(r).fill)"
    )
    light, before = tab.evaluate(fill), tab.evaluate(RENDERS)
    assert before == 8
    for _ in range(5):  # light, dark, light, dark, light, dark
        tab.locator(".theme-toggle").first.click()
    clicked = tab.evaluate(RENDERS)
    renders, deadline = -1, time.monotonic() + 60
    while renders != tab.evaluate(RENDERS) and time.monotonic() < deadline:
        renders = tab.evaluate(RENDERS)
        tab.wait_for_timeout(1500)
    assert tab.evaluate("document.documentElement.dataset.theme") == "dark"
    dark = tab.evaluate(fill)
    assert len(set(dark)) == 1 and dark[0] != light[0]
    # Once the reader stops, each diagram is drawn once more (and the one caught mid-switch).
    assert renders - clicked <= 8 + 1, (before, clicked, renders)
    views = (
        "Array.from(document.querySelectorAll('figure.mermaid'))"
        ".map(f => f.querySelectorAll('.mermaid-view').length"
        " + f.querySelectorAll('.mermaid-canvas > svg').length)"
    )
    assert set(tab.evaluate(views)) == {2}  # one drawing each, no duplicate
    scratch = "Array.from(document.body.children).filter(e => /mermaid/.test(e.id)).length"
    assert tab.evaluate(scratch) == 0


def _contrast(one: list[float], other: list[float]) -> float:
    def luminance(rgb: list[float]) -> float:
        parts = [(v / 255) / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in rgb]
        return 0.2126 * parts[0] + 0.7152 * parts[1] + 0.0722 * parts[2]

    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_diagram_types_docs_use_draw_in_the_dark_theme(browser: Any, site: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.goto(f"{site}/types/")
    tab.wait_for_function(DONE, timeout=60000)
    figures = tab.locator("figure.mermaid")
    assert figures.count() == 16 and tab.locator("figure.mermaid.drawn").count() == 16
    # A C4 relationship's label sits on the page itself: readable there.
    colour = "e => getComputedStyle(e, null)[e.tagName === 'BODY' ? 'backgroundColor' : 'fill']"
    rgb = "c => c.match(/[0-9.]+/g).slice(0, 3).map(Number)"
    label = tab.locator("figure.mermaid svg text", has_text="Uses")
    fill = label.evaluate(f"e => ({rgb})(({colour})(e))")
    page = tab.locator("body").evaluate(f"e => ({rgb})(({colour})(e))")
    assert _contrast(fill, page) >= 4.5
    # Pie slices, mindmap branches and root, timeline sections: none fades into the page, and
    # their labels stay readable (Mermaid's own dark palette starts at near-black).
    shapes = (
        "path.pieCircle, .section-root circle, .mindmap-node:not(.section-root) path, "
        ".timeline-node path"
    )
    fills = tab.locator(shapes).evaluate_all(f"es => es.map(e => ({rgb})(({colour})(e)))")
    assert len(fills) >= 10
    assert min(_contrast(f, page) for f in fills) >= 3
    label = tab.locator(".section-root span").evaluate(f"e => ({rgb})(getComputedStyle(e).color)")
    root = tab.locator(".section-root circle").evaluate(f"e => ({rgb})(({colour})(e))")
    assert _contrast(label, root) >= 4.5
    context.close()
    assert errors == []


def test_a_page_several_folders_deep_under_a_base_path_draws(tab: Any, site: str) -> None:
    missing: list[str] = []
    tab.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    tab.goto(f"{site}/guides/api/v2/deep/")
    tab.wait_for_function(DONE, timeout=30000)
    assert tab.locator("figure.mermaid.drawn .mermaid-canvas svg").is_visible()
    assert missing == []


def test_only_a_drawing_shrunk_well_below_its_size_gets_zoom_controls(
    browser: Any, site: str
) -> None:
    """On a phone, a short diagram shrunk a little keeps readable text: no bar under it."""
    context = browser.new_context(viewport={"width": 390, "height": 800})
    tab = context.new_page()
    tab.goto(f"{site}/phone/")
    tab.wait_for_function(DONE, timeout=30000)
    small, wide = tab.locator("figure.mermaid").nth(0), tab.locator("figure.mermaid").nth(1)
    for figure, controls in ((small, 0), (wide, 1)):
        svg = figure.locator(".mermaid-canvas svg")
        natural = float(svg.evaluate("s => parseFloat(s.style.maxWidth)"))
        shrunk = _box(svg)["width"] / natural
        assert (shrunk < 0.8) == bool(controls) and shrunk < 1  # both are shrunk on a phone
        assert figure.locator(".mermaid-controls").count() == controls
    context.close()
