"""What real specs from the APIs.guru directory showed on a phone and a laptop in Chromium,
each shape reduced to a small spec: a one-word site name (RecoveryServicesBackupClient) that
pushed the theme button off the screen, a one-word operation name that ran out of its "Next"
card, a long dotted token in a nested field's description that widened the page (storecove),
and thirteen request body examples squeezed into a 100px column beside "Request body" (ably's
oneOf rules)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import serve_folder

SITE_NAME = "RecoveryServicesBackupClientManagementClient"
LONG_OP = "ProtectionContainerRefreshOperationResults_Get"
TOKEN = "AdditionalDocumentReference.Attachment.ExternalReference.DocumentIdentifier"
KINDS = (
    "http", "ifttt", "zapier", "cloudflare_worker", "azure_function", "google_cloud_function",
    "aws_lambda", "aws_kinesis", "aws_sqs", "amqp", "amqp_external", "kafka", "pulsar",
)  # fmt: skip
RULES = [f"{kind}_rule_post" for kind in KINDS]


def _spec() -> dict[str, Any]:
    leaf = {"type": "object", "properties": {
        "code": {"type": "string", "description": f"Use {TOKEN} for the reference."}}}  # fmt: skip
    nested = {"type": "object", "properties": {"means": {"type": "object", "properties": {
        "lines": {"type": "array", "items": {"type": "object", "properties": {
            "refs": {"type": "array", "items": leaf}}}}}}}}  # fmt: skip
    examples = {name: {"value": {"ruleType": name}} for name in RULES}
    ok = {"200": {"description": "OK"}}
    paths = {
        "/jobs": {"get": {"operationId": "Jobs_List", "summary": "Jobs_List", "responses": ok,
            "parameters": [{"name": "vaultName", "in": "query", "schema": {"type": "string"},
                            "description": "The vault holding the backup jobs."}]}},
        "/refresh": {"get": {"operationId": LONG_OP, "summary": LONG_OP, "responses": ok}},
        "/invoices": {"post": {"operationId": "Invoices_Create", "summary": "Invoices_Create",
            "requestBody": {"content": {"application/json": {"schema": nested}}},
            "responses": ok}},
        "/rules": {"post": {"operationId": "Rules_Create", "summary": "Rules_Create",
            "requestBody": {"content": {"application/json": {
                "schema": {"type": "object"}, "examples": examples}}},
            "responses": ok}},
    }  # fmt: skip
    return {"openapi": "3.1.0", "info": {"title": SITE_NAME, "version": "1"}, "paths": paths}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("realspec")
    (root / "openapi.json").write_text(json.dumps(_spec()), "utf-8")
    out = root / "_site"
    subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(root / "openapi.json"), "-o", str(out),
         "--quiet"], check=True, timeout=120,
    )  # fmt: skip
    with serve_folder(out) as url:
        yield url, out


def _url(site: tuple[str, Path], slug: str) -> str:
    url, out = site
    page = next(p for p in out.rglob("index.html") if p.parent.name == slug)
    return f"{url}/{page.parent.relative_to(out).as_posix()}/"


@pytest.fixture()
def tab(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert errors == []


def _box(page: Any, selector: str) -> dict[str, float]:
    box: dict[str, float] = page.locator(selector).first.bounding_box()
    return box


@pytest.mark.parametrize("width", (320, 390))
def test_a_one_word_site_name_stays_inside_the_top_bar(
    tab: Any, site: tuple[str, Path], width: int
) -> None:
    tab.set_viewport_size({"width": width, "height": 844})
    tab.goto(_url(site, "jobs-list"))
    assert tab.evaluate("document.documentElement.scrollWidth") <= width
    bar, name = _box(tab, ".topbar-row"), _box(tab, ".site-name")
    menu = _box(tab, ".menu-button")
    assert menu["x"] >= 0 and menu["width"] >= 36 and name["x"] >= menu["x"] + menu["width"]
    for button in (".search-button", ".theme-toggle"):
        box = _box(tab, button)
        assert box["width"] >= 36 and box["x"] + box["width"] <= width, (button, box)
        assert box["x"] >= name["x"] + name["width"], (button, box, name)  # no overlap
    assert bar["y"] <= name["y"] and name["y"] + name["height"] <= bar["y"] + bar["height"]


def test_a_one_word_operation_name_stays_inside_its_pager_card(
    tab: Any, site: tuple[str, Path]
) -> None:
    tab.goto(_url(site, "jobs-list"))
    labels = tab.locator(".pager-label")
    assert LONG_OP in labels.all_text_contents()
    for i in range(labels.count()):
        label = labels.nth(i)
        card = label.evaluate("e => e.closest('.pager-link').getBoundingClientRect().toJSON()")
        box = label.bounding_box()
        assert box["x"] >= card["x"] and box["x"] + box["width"] <= card["right"], (box, card)
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_long_token_in_a_nested_description_wraps(tab: Any, site: tuple[str, Path]) -> None:
    tab.goto(_url(site, "invoices-create"))
    for _ in range(4):  # open every level
        tab.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
    desc = tab.locator(".field-desc", has_text="for the reference").first
    assert desc.is_visible()
    assert desc.evaluate("e => e.scrollWidth <= e.clientWidth"), desc.inner_text()
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("width", (390, 1280))
def test_many_example_tabs_get_a_row_of_their_own(
    tab: Any, site: tuple[str, Path], width: int
) -> None:
    tab.set_viewport_size({"width": width, "height": 900})
    tab.goto(_url(site, "rules-create"))
    head = ".sample-body .sample-panel-head"
    tab.wait_for_selector(f"{head}.is-stacked")
    title, panel = _box(tab, f"{head} .sample-panel-title"), _box(tab, head)
    tabs = _box(tab, f"{head} .sample-panel-tabs")
    assert tabs["y"] >= title["y"] + title["height"] - 1  # under the title, not beside it
    assert tabs["width"] >= 0.9 * panel["width"], (tabs, panel)  # the panel's whole width
    for button in (".wrap-button", ".copy-button"):  # the buttons stay on the title's row
        box = _box(tab, f"{head} {button}")
        assert box["y"] < tabs["y"] and box["x"] + box["width"] <= panel["x"] + panel["width"]
    # Every label on one line: none broken inside a word as in a 100px column.
    heights = tab.eval_on_selector_all(
        f"{head} [role=tab]", "bs => bs.map(b => b.getBoundingClientRect().height)"
    )
    assert len(heights) == len(RULES) and max(heights) <= 46, heights
    # A panel whose tabs fit stays on one row (the request samples: cURL, Python, JavaScript).
    assert tab.locator(".sample-request .sample-panel-head.is-stacked").count() == 0


def test_a_field_found_by_search_is_not_named_twice(tab: Any, site: tuple[str, Path]) -> None:
    # GitHub's API: "name" over "name. string. Use web to create a webhook..." for each field.
    tab.set_viewport_size({"width": 1280, "height": 900})
    tab.goto(_url(site, "jobs-list"))
    tab.keyboard.press("Control+k")
    tab.locator("#search-input").fill("holding")
    sections = tab.locator("#search-results a.search-result-section")
    sections.first.wait_for()
    pairs = sections.evaluate_all(
        """as => as.map(a => [a.querySelector('.search-section-title').textContent,
                              a.querySelector('.search-result-excerpt').textContent])"""
    )
    assert any(title == "vaultName" for title, _ in pairs), pairs
    for title, excerpt in pairs:
        assert excerpt and not excerpt.startswith(title + "."), pairs
