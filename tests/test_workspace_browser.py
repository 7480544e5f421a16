"""The playground as a workspace, in real Chromium on the built showcase: loaded on demand,
placeholders, the page's samples following the form with secrets masked, values remembered
across endpoints (credentials only when asked), required auth and the body schema checked at
the field, and an old response cleared by a new attempt."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

CREATE = "api/v2/agent-jobs/create-agent-job/"
GET = "api/v2/agent-jobs/get-agent-job/"
SECRET = "sk_live_0123456789"


@pytest.fixture()
def tab(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    yield page
    context.close()


def _open(page: Any, url: str) -> None:
    page.goto(url)
    page.locator("[data-docgen-try]").click()
    page.locator(".pg-form").wait_for()


def _scripts(page: Any) -> list[str]:
    found: list[str] = page.evaluate("Array.from(document.scripts, s => s.src)")
    return found


def test_loaded_on_demand_with_placeholders(tab: Any, served_showcase: str) -> None:
    tab.goto(f"{served_showcase}/{CREATE}")
    assert not any(s.endswith("playground.js") for s in _scripts(tab))
    _open(tab, f"{served_showcase}/{CREATE}")
    assert any(s.endswith("playground.js") for s in _scripts(tab))
    assert tab.locator("[data-docgen-try]").count() == 1
    assert tab.locator("[data-docgen-try]").get_attribute("aria-expanded") == "true"
    project = tab.locator('[data-param="path:projectId"]')
    assert project.input_value() == ""  # the example is a placeholder, not a value
    assert project.get_attribute("placeholder")
    assert tab.errors == []


def test_samples_follow_the_form_with_secrets_masked(tab: Any, served_showcase: str) -> None:
    _open(tab, f"{served_showcase}/{CREATE}")
    tab.locator('[data-param="path:projectId"]').fill("proj_42")
    tab.locator('[data-auth="bearerAuth"], .pg-auth input').first.fill(SECRET)
    tab.locator("[data-pg-body]").fill('{"prompt": "Say hello"}')
    tab.wait_for_timeout(100)
    curl = tab.locator(".sample-request [role=tabpanel]").first.inner_text()
    assert "/v2/agent/proj_42/job" in curl and "Say hello" in curl
    assert SECRET not in curl and "Bearer •" in curl
    tab.locator(".sample-request [role=tab][data-lang=python]").click()
    python = tab.locator(".sample-request [role=tabpanel]:not([hidden])").inner_text()
    assert "proj_42" in python and SECRET not in python
    assert "Say hello" in tab.locator(".sample-body [role=tabpanel]:not([hidden])").inner_text()
    assert SECRET not in tab.locator(".op-aside").inner_text()


def test_values_remembered_across_endpoints(tab: Any, served_showcase: str) -> None:
    _open(tab, f"{served_showcase}/{CREATE}")
    tab.locator('[data-param="path:projectId"]').fill("proj_42")
    token = tab.locator(".pg-auth input").first
    token.fill(SECRET)
    _open(tab, f"{served_showcase}/{GET}")
    assert tab.locator('[data-param="path:projectId"]').input_value() == "proj_42"
    assert tab.locator(".pg-auth input").first.input_value() == ""  # not kept unless asked
    storage = tab.evaluate("JSON.stringify(sessionStorage) + JSON.stringify(localStorage)")
    assert SECRET not in storage
    tab.locator("[data-pg-remember]").check()
    tab.locator(".pg-auth input").first.fill(SECRET)
    _open(tab, f"{served_showcase}/{CREATE}")
    assert tab.locator(".pg-auth input").first.input_value() == SECRET
    assert SECRET not in tab.evaluate("JSON.stringify(localStorage)")  # never localStorage
    tab.locator("[data-pg-remember]").uncheck()
    assert SECRET not in tab.evaluate("JSON.stringify(sessionStorage)")


def test_required_auth_and_body_schema_checked_at_the_field(
    tab: Any, served_showcase: str
) -> None:
    _open(tab, f"{served_showcase}/{CREATE}")
    tab.locator('[data-param="path:projectId"]').fill("proj_42")
    tab.locator("[data-pg-body]").fill('{"prompt": ""}')
    tab.locator("[data-pg-send]").click()
    token_row = tab.locator(".pg-auth .pg-field").first
    assert "Required" in token_row.locator(".pg-error").inner_text()
    assert token_row.locator(".pg-req").count() == 1  # marked required
    body_error = tab.locator("[data-pg-body-error]")
    assert "prompt: must not be empty" in body_error.inner_text()
    tab.locator("[data-pg-body]").fill('{"promt": "x"}')
    tab.locator("[data-pg-send]").click()
    assert "prompt: is required" in body_error.inner_text()
    assert tab.locator("[data-pg-response]").is_hidden()


def test_a_new_attempt_clears_the_old_response(tab: Any, served_showcase: str) -> None:
    _open(tab, f"{served_showcase}/{CREATE}")
    tab.locator('[data-param="path:projectId"]').fill("proj_42")
    tab.locator(".pg-auth input").first.fill(SECRET)
    tab.locator("[data-pg-body]").fill('{"prompt": "Say hello"}')
    tab.locator("[data-pg-send]").click()
    response = tab.locator("[data-pg-response]")
    response.wait_for()  # the static test server has no proxy: an error card, still a response
    tab.locator(".pg-auth input").first.fill("")
    tab.locator("[data-pg-send]").click()
    assert response.is_hidden()
