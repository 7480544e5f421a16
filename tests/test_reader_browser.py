"""What a reader sees of shapes the showcase lacks but real Mintlify sites have, in headless
Chromium at phone and laptop widths: card images, sample panels with many tabs, long request
URLs (the `simple` playground, the Try it panel), the current tab of a long tab row, search
excerpts of a page's <ParamField>."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder
from test_static import png

CARDS = """\
---
title: Cards
---

<CardGroup cols={2}>
  <Card title="Quick start" img="/images/wide.png" href="/cards">Run your first task.</Card>
  <Card title="Guides" img="/images/wide.png">Browse the guides.</Card>
</CardGroup>

<Card title="Alone" img="/images/wide.png">A card of its own.</Card>
"""

FIELDS = """\
---
title: Video settings
---

<ParamField path="frame_rate" type="integer" default="30" required>
  Frames each second.
</ParamField>
"""


def _fences(names: tuple[str, ...]) -> str:
    return "".join(f"```bash {name}\necho {name}\n```\n\n" for name in names)


LANGUAGES = ("Python", "JavaScript", "TypeScript", "cURL", "Go", "Ruby")
TABS = "\n".join(f'<Tab title="{name} client">Use {name}.</Tab>' for name in LANGUAGES)
GROUPS = f"""\
---
title: Groups
---

<CodeGroup>

{_fences(LANGUAGES)}
</CodeGroup>

<CodeGroup>

{_fences(LANGUAGES)}
</CodeGroup>

<Tabs defaultTabIndex={{5}}>
{TABS}
</Tabs>
"""


def _sample(lang: str, label: str) -> dict[str, str]:
    return {"lang": lang, "label": label, "source": f"// {label}\nrun();\n"}


SPEC: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Reader", "version": "1"},
    "servers": [{"url": "https://api.example.com/v1"}],
    "paths": {
        "/projects/{projectIdentifier}/environments/{environmentName}/deployments": {
            "post": {
                "summary": "Create deployment",
                "x-codeSamples": [
                    _sample("typescript", "TypeScript SDK"),
                    _sample("go", "Go SDK"),
                    _sample("ruby", "Ruby SDK"),
                ],
                "parameters": [
                    {"name": n, "in": "path", "required": True, "schema": {"type": "string"}}
                    for n in ("projectIdentifier", "environmentName")
                ],
                "requestBody": {
                    "content": {
                        "application/json": {
                            "schema": {"type": "object", "properties": {"tag": {"type": "string"}}}
                        }
                    }
                },
                "responses": {
                    "200": {
                        "description": "Created",
                        "content": {
                            "application/json": {
                                "examples": {
                                    "Deployment created and started": {"value": {"id": "d1"}},
                                    "Deployment queued behind another": {"value": {"id": "d2"}},
                                }
                            }
                        },
                    },
                    "409": {
                        "description": "Conflict",
                        "content": {"application/json": {"example": {"error": "busy"}}},
                    },
                },
            }
        },
        "/projects/{projectIdentifier}/environments/{environmentName}/variables": {
            "get": {
                "summary": "List variables",
                "description": "Every variable of the environment.",
                "x-docgen": {"playground": "simple"},
                "parameters": [
                    {"name": n, "in": "path", "required": True, "schema": {"type": "string"}}
                    for n in ("projectIdentifier", "environmentName")
                ],
                "responses": {"200": {"description": "OK"}},
            }
        },
        "/pets": {
            "post": {
                "summary": "Add pet",
                "requestBody": {"content": {"application/json": {"schema": {"oneOf": [
                    {"$ref": "#/components/schemas/Cat"},
                    {"$ref": "#/components/schemas/Dog"},
                ]}}}},
                "responses": {"201": {"description": "Added"}},
            }
        },
        "/customers": {
            "post": {
                "summary": "Create customer",
                "requestBody": {"content": {"application/json": {"schema": {"oneOf": [
                    {"$ref": "#/components/schemas/CustomerIndividualCreateWithBillingAddress"},
                    {"$ref": "#/components/schemas/CustomerTeamCreate"},
                ]}}}},
                "responses": {"201": {"description": "Created"}},
            }
        },
    },
    "components": {"schemas": {
        "CustomerIndividualCreateWithBillingAddress": {
            "type": "object", "properties": {"email": {"type": "string"}}
        },
        "CustomerTeamCreate": {"type": "object", "properties": {"name": {"type": "string"}}},
        "Cat": {"type": "object", "properties": {"purrs": {"type": "boolean", "example": True}}},
        "Dog": {"type": "object", "properties": {"barks": {"type": "string", "example": "woof"}}},
    }},
}
DEPLOY = "api/create-deployment/"
PETS = "api/add-pet/"
CUSTOMERS = "api/create-customer/"
VARIABLES = "api/list-variables/"


MISSING: list[str] = []  # paths the reader site's host answered 404


@pytest.fixture(scope="module")
def reader_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("reader")
    (root / "images").mkdir()
    (root / "images" / "wide.png").write_bytes(png(480, 280, (90, 80, 220)))
    (root / "cards.mdx").write_text(CARDS)
    (root / "fields.mdx").write_text(FIELDS)
    (root / "groups.mdx").write_text(GROUPS)
    (root / "openapi.json").write_text(json.dumps(SPEC))
    config = {
        "name": "Reader",
        "navigation": {
            "tabs": [
                {
                    "tab": "Guides",
                    "groups": [{"group": "Start", "pages": ["cards", "fields", "groups"]}],
                },
                *(
                    {"tab": name, "href": f"https://example.com/{n}"}
                    for n, name in enumerate(
                        ("Client libraries", "Pipelines and flows", "Cloud hosting")
                    )
                ),
                {"tab": "API reference", "openapi": {"source": "openapi.json", "directory": "api"}},
            ]
        },
        "redirects": [{"source": "/old-cards", "destination": "/cards"}],
    }
    (root / "docs.json").write_text(json.dumps(config))
    out = root.parent / f"{root.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    with serve_folder(out, MISSING) as url:
        yield url


@pytest.fixture
def tab(scheme_tab: Any) -> Any:
    """A wide tab in each colour scheme (conftest.scheme_tab)."""
    return scheme_tab


# The characters before each line break of an element's text ("" when it fits on one line).
BREAKS_AFTER = """e => {
  const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
  const out = [];
  let top = null, previous = "";
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      if (top !== null && rect.top > top + 4) out.push(previous);
      top = rect.top;
      previous = node.data[i];
    }
  }
  return out;
}"""


@pytest.mark.parametrize("width", [390, 1024, 1440])
def test_card_images_fill_the_top_of_their_card(tab: Any, reader_site: str, width: int) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(f"{reader_site}/cards/")
    cards = tab.locator(".card")
    assert cards.count() == 3
    for n in range(3):
        card = cards.nth(n).bounding_box()
        image = cards.nth(n).locator("img.card-img")
        image.evaluate("i => i.decode()")
        box = image.bounding_box()
        # Edge to edge inside the card's 1px border, flush with its top.
        assert abs(box["x"] - (card["x"] + 1)) <= 1, (box, card)
        assert abs(box["x"] + box["width"] - (card["x"] + card["width"] - 1)) <= 1, (box, card)
        assert abs(box["y"] - (card["y"] + 1)) <= 1, (box, card)
        title = cards.nth(n).locator(".card-title").bounding_box()
        assert title["y"] >= box["y"] + box["height"] + 8  # the title sits below the image


# A row of tabs: how many lines its tabs take, whether it scrolls sideways, the tabs not wholly
# inside its box, and the chosen tab.
TAB_ROW = """l => {
  const box = l.getBoundingClientRect(), tabs = Array.from(l.querySelectorAll('[role=tab]'));
  const out = tabs.filter(t => { const r = t.getBoundingClientRect();
    return r.left < box.left - 0.5 || r.right > box.right + 0.5; }).map(t => t.textContent);
  const chosen = tabs.find(t => t.getAttribute('aria-selected') === 'true');
  return {lines: new Set(tabs.map(t => Math.round(t.getBoundingClientRect().top))).size,
          scrolls: l.scrollWidth > l.clientWidth + 1, outside: out,
          chosen: chosen ? chosen.textContent : null};
}"""


def _keys_reach_every_tab(tab: Any, row: Any) -> None:
    """End, Home and the arrow keys choose a tab and bring it into the row's view."""
    row.locator('[aria-selected="true"]').focus()
    names = row.locator("[role=tab]").all_inner_texts()
    tab.keyboard.press("Home")
    for n, name in enumerate(names):
        if n:
            tab.keyboard.press("ArrowRight")
        state = row.evaluate(TAB_ROW)
        assert state["chosen"] == name and name not in state["outside"], state
        assert tab.evaluate("document.activeElement.textContent") == name
    tab.keyboard.press("Home")
    assert row.evaluate(TAB_ROW)["chosen"] == names[0]
    tab.keyboard.press("End")
    state = row.evaluate(TAB_ROW)
    assert state["chosen"] == names[-1] and names[-1] not in state["outside"], state


@pytest.mark.parametrize("width", [320, 390, 1440, 2560])
def test_sample_tabs_are_one_row_that_scrolls(tab: Any, reader_site: str, width: int) -> None:
    # As on Mintlify: tabs that do not fit scroll sideways; they used to wrap onto a second
    # row and a third on a phone.
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(f"{reader_site}/{DEPLOY}")
    lists = tab.locator(".sample-panel-tabs")
    assert lists.count() == 3
    seen_scrolling = False
    for n in range(lists.count()):
        state = lists.nth(n).evaluate(TAB_ROW)
        assert state["lines"] == 1, state
        assert state["chosen"] not in state["outside"], state
        seen_scrolling = seen_scrolling or state["scrolls"]
    if width <= 390:
        assert seen_scrolling  # the test saw a row longer than the panel
    assert tab.evaluate("document.documentElement.scrollWidth") <= width
    # The Wrap and Copy buttons stay on the first row, beside the tabs.
    head = tab.locator(".sample-request .sample-panel-head")
    first = head.locator("[role=tab]").first.bounding_box()
    copy = head.locator(".copy-button").bounding_box()
    assert first["y"] <= copy["y"] and copy["y"] + copy["height"] <= first["y"] + first["height"]
    row = head.locator("[role=tablist]")
    _keys_reach_every_tab(tab, row)
    # Every tab still shows its own sample.
    last = row.locator("[role=tab]").last
    assert last.get_attribute("aria-selected") == "true"
    shown = tab.locator(".sample-request [role=tabpanel]:not([hidden])")
    assert shown.get_attribute("aria-labelledby") == last.get_attribute("id")
    # A click on the half-hidden tab at the row's edge chooses it and brings it into view.
    row.locator("[role=tab]").first.click()
    state = row.evaluate(TAB_ROW)
    if state["outside"]:
        name = state["outside"][0]
        row.locator("[role=tab]", has_text=name).click(position={"x": 2, "y": 10})
        state = row.evaluate(TAB_ROW)
        assert state["chosen"] == name and name not in state["outside"], state


@pytest.mark.parametrize("width", [320, 1440])
def test_code_groups_and_tabs_are_one_row_that_scrolls(
    tab: Any, reader_site: str, width: int
) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(f"{reader_site}/groups/")
    rows = tab.locator(".mdx-tablist")
    assert rows.count() == 3
    for n in range(3):
        state = rows.nth(n).evaluate(TAB_ROW)
        assert state["lines"] == 1, state
        if width == 320:
            assert state["scrolls"], state
    # <Tabs defaultTabIndex={5}>: its last tab is chosen, and in view when the page opens.
    state = rows.nth(2).evaluate(TAB_ROW)
    assert state["chosen"] == "Ruby client" and "Ruby client" not in state["outside"], state
    assert tab.evaluate("window.scrollY") == 0
    _keys_reach_every_tab(tab, rows.first)
    # The second code group follows the first's choice, and shows it.
    state = rows.nth(1).evaluate(TAB_ROW)
    assert state["chosen"] == "Ruby" and "Ruby" not in state["outside"], state
    assert tab.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", [390, 1440])
def test_long_request_urls_break_between_segments(tab: Any, reader_site: str, width: int) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    # The `simple` playground: the full URL, clear of the description below it.
    tab.goto(f"{reader_site}/{VARIABLES}")
    url = tab.locator(".request-url-text")
    assert url.inner_text().replace("\n", "") == (
        "https://api.example.com/v1/projects/{projectIdentifier}"
        "/environments/{environmentName}/variables"
    )
    assert set(url.evaluate(BREAKS_AFTER)) <= {"/"}
    bar = tab.locator(".request-url").bounding_box()
    text = tab.locator(".op-description").bounding_box()
    assert text["y"] - (bar["y"] + bar["height"]) >= 16
    # The Try it panel's request line.
    tab.goto(f"{reader_site}/{DEPLOY}")
    tab.locator("[data-docgen-try]").click()
    line = tab.locator("[data-pg-url]")
    line.wait_for()
    assert "/projects/{projectIdentifier}/environments/" in line.inner_text().replace("\n", "")
    assert set(line.evaluate(BREAKS_AFTER)) <= {"/"}
    if width == 390:
        assert len(line.evaluate(BREAKS_AFTER)) >= 1  # the test saw a long line


@pytest.mark.parametrize("width", [390, 1440])
def test_the_current_tab_is_in_sight(tab: Any, reader_site: str, width: int) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(f"{reader_site}/{VARIABLES}")
    strip = tab.locator("nav.tabs")
    current = strip.locator("a[aria-current]")
    assert current.inner_text() == "API reference"
    box, link = strip.bounding_box(), current.bounding_box()
    assert box["x"] <= link["x"] and link["x"] + link["width"] <= box["x"] + box["width"]
    if width == 390:  # the row is longer than the phone is wide
        assert strip.evaluate("s => s.scrollWidth > s.clientWidth")
    assert tab.evaluate("window.scrollY") == 0


def test_search_reads_a_param_fields_words_apart(tab: Any, reader_site: str) -> None:
    tab.goto(f"{reader_site}/cards/")
    tab.keyboard.press("/")
    tab.locator("#search-input").fill("integer")
    tab.wait_for_function(
        "() => /integer| found\\.$/.test(document.querySelector('.search-status').textContent)"
    )
    text = tab.locator("#search-results").inner_text()
    assert "Video settings" in text
    assert "frame_rate integer" in text and "Default 30" in text, text


@pytest.mark.parametrize("start", ["/", "/old-cards/"])
def test_pages_that_only_forward_ask_for_no_missing_icon(
    tab: Any, reader_site: str, start: str
) -> None:
    # The site has no index page (its home forwards to the first page) and a redirect. A
    # forwarding page without an icon of its own made Chromium ask the host for /favicon.ico,
    # a 404 (Playwright does not report icon requests: the host's record is read).
    MISSING.clear()
    tab.goto(f"{reader_site}{start}")
    tab.wait_for_url(f"{reader_site}/cards/")
    tab.wait_for_load_state("load")
    tab.wait_for_timeout(300)
    assert MISSING == []


@pytest.mark.parametrize("width", [390, 1440])
def test_a_body_of_several_schemas_offers_an_example_of_each(
    tab: Any, reader_site: str, width: int
) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(f"{reader_site}/{PETS}")
    # The page's example column shows one per schema, and so does the Try it editor's picker.
    assert "Cat" in tab.locator(".sample-body").inner_text()
    tab.locator("[data-docgen-try]").click()
    picker = tab.locator("[data-pg-body-example]")
    picker.wait_for()
    assert picker.locator("option").all_inner_texts() == ["Cat", "Dog"]
    editor = tab.locator("[data-pg-body]")
    assert '"purrs": true' in editor.input_value()
    picker.select_option(label="Dog")
    assert '"barks": "woof"' in editor.input_value()
    assert "purrs" not in editor.input_value()
    tab.locator("[data-pg-body-reset]").click()  # Reset goes back to the chosen example
    assert '"barks": "woof"' in editor.input_value()
    box, panel = picker.bounding_box(), tab.locator("[data-pg-body]").bounding_box()
    assert box["x"] + box["width"] <= panel["x"] + panel["width"] + 1



@pytest.mark.parametrize("width", [390, 1440])
def test_a_tab_label_longer_than_its_row_stays_inside_its_tab(
    tab: Any, reader_site: str, width: int
) -> None:
    # A body of schemas named like CustomerIndividualCreate...: one word wider than the space
    # beside the Wrap and Copy buttons used to run out of its tab and under them.
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(f"{reader_site}/{CUSTOMERS}")
    tabs = tab.locator(".sample-body [role=tab]")
    assert tabs.count() == 2
    spilling = tabs.evaluate_all(
        "ts => ts.filter(t => t.scrollWidth > t.clientWidth + 1).map(t => t.textContent)"
    )
    assert spilling == []
    label = tabs.first.bounding_box()
    wrap = tab.locator(".sample-body .wrap-button").bounding_box()
    # Beside the buttons, or on a row of its own under them (tabs that wrap beside the title).
    below = label["y"] >= wrap["y"] + wrap["height"]
    assert below or label["x"] + label["width"] <= wrap["x"] + 0.5
