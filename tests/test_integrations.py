"""docs.json ``integrations`` (mint.json ``analytics``): the analytics tools a Mintlify site
loads (Google Analytics 4, Tag Manager, PostHog, Plausible, Fathom) load on every page of the
built site, held back until the reader's consent when ``cookies`` is set; bad values are
located errors in check and build alike. In real Chromium, the tools' own hosts answered by
Playwright (the machine has no internet): what matters is which scripts the page asks for,
with which IDs, and what they find when they run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from serving import serve_folder

ALL = {
    "ga4": {"measurementId": "G-ZCGMJW0KFH"},
    "gtm": {"tagId": "GTM-NDQVZMH"},
    "posthog": {"apiKey": "phc_abc123", "apiHost": "https://eu.i.posthog.com"},
    "plausible": {"domain": "docs.example.com"},
    "fathom": {"siteId": "BGVZPGXQ"},
}
# What each tool's script, as the page asks for it, reports when it runs.
EXPECTED = {
    "https://www.googletagmanager.com/gtag/js?id=G-ZCGMJW0KFH": "ga4",
    "https://www.googletagmanager.com/gtm.js?id=GTM-NDQVZMH": "gtm",
    "https://eu-assets.i.posthog.com/static/array.js": "posthog",
    "https://plausible.io/js/script.js": "plausible",
    "https://cdn.usefathom.com/script.js": "fathom",
}
RUNS = {
    "ga4": "JSON.stringify(window.dataLayer.map(function (e) { return Array.from(e); })"
    ".filter(function (e) { return e[0] === 'config'; }))",
    "gtm": "JSON.stringify(window.dataLayer.filter(function (e) { return e.event; }))",
    "posthog": "JSON.stringify(window.posthog._i)",
    "plausible": "document.currentScript.getAttribute('data-domain')",
    "fathom": "document.currentScript.getAttribute('data-site')",
}


def _site(
    root: Path, integrations: Any, name: str = "docs.json", key: str = "integrations"
) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nHello.\n")
    (root / "guide.mdx").write_text("---\ntitle: Guide\n---\n\nMore.\n")
    if name == "mint.json":
        config: dict[str, Any] = {"name": "S", "navigation": [{"group": "G", "pages": ["index"]}]}
    else:
        config = {"name": "S", "navigation": {"pages": ["index", "guide"]}}
    if integrations is not None:
        config[key] = integrations
    (root / name).write_text(json.dumps(config, indent=1))
    return root / name


def _built(tmp_path: Path, integrations: Any) -> Path:
    config = _site(tmp_path / "docs", integrations)
    out = tmp_path / "out"
    result = run_docgen(["build", str(config), "-o", str(out), "--quiet"], config.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def _watch(page: Any) -> tuple[list[str], dict[str, str]]:
    """Answer every request to another host with a script that reports what it sees."""
    asked: list[str] = []
    seen: dict[str, str] = {}
    page.expose_function("report", lambda tool, value: seen.__setitem__(tool, value))

    def answer(route: Any) -> None:
        url = route.request.url
        if url.startswith("http://127.0.0.1"):
            route.continue_()
            return
        asked.append(url)
        tool = EXPECTED.get(url)
        body = f"window.report({json.dumps(tool)}, {RUNS[tool]});" if tool else ""
        route.fulfill(status=200, content_type="text/javascript", body=body)

    page.route("**/*", answer)
    return asked, seen


def test_every_tool_loads_with_its_id_on_every_page(tmp_path: Path, page: Any) -> None:
    out = _built(tmp_path, ALL)
    asked, seen = _watch(page)
    with serve_folder(out) as base:
        page.goto(base + "/guide/")
        page.wait_for_function("document.querySelectorAll('script[src^=\"https:\"]').length == 5")
        page.wait_for_timeout(300)
    assert sorted(asked) == sorted(EXPECTED)
    assert json.loads(seen["ga4"]) == [["config", "G-ZCGMJW0KFH"]]
    assert [e["event"] for e in json.loads(seen["gtm"])] == ["gtm.js"]
    assert json.loads(seen["posthog"]) == [
        [
            "phc_abc123",
            {"api_host": "https://eu.i.posthog.com", "disable_session_recording": True},
            "posthog",
        ]
    ]
    assert seen["plausible"] == "docs.example.com"
    assert seen["fathom"] == "BGVZPGXQ"


def test_a_page_cannot_take_the_names_the_tools_set_up(tmp_path: Path, page: Any) -> None:
    """An element with an id is a global of its page: ``<div id="dataLayer">`` in a page (any
    pull request) was window.dataLayer, so Google's tags threw and never loaded there, and
    ``id="posthog"`` stopped PostHog. Those ids are renamed (render/markdown.py PAGE_IDS)."""
    out = _built(tmp_path, ALL)
    page_file = tmp_path / "docs" / "guide.mdx"
    page_file.write_text(
        '---\ntitle: Guide\n---\n\n<div id="dataLayer">a</div>\n\n'
        '<span id="posthog">b</span> <b id="gtag">c</b>\n'
    )
    config = tmp_path / "docs" / "docs.json"
    result = run_docgen(["build", str(config), "-o", str(out), "--quiet"], config.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    asked, seen = _watch(page)
    with serve_folder(out) as base:
        page.goto(base + "/guide/")
        page.wait_for_function("document.querySelectorAll('script[src^=\"https:\"]').length == 5")
        page.wait_for_timeout(300)
    assert sorted(asked) == sorted(EXPECTED)
    assert json.loads(seen["ga4"]) == [["config", "G-ZCGMJW0KFH"]]
    assert json.loads(seen["posthog"])[0][0] == "phc_abc123"


def test_nothing_loads_before_the_readers_consent(tmp_path: Path, page: Any) -> None:
    out = _built(tmp_path, {**ALL, "cookies": {"key": "docs-consent", "value": "granted"}})
    asked, seen = _watch(page)
    with serve_folder(out) as base:
        page.goto(base + "/")
        page.wait_for_timeout(1500)
        assert asked == [] and seen == {}
        page.evaluate("localStorage.setItem('docs-consent', 'denied')")
        page.wait_for_timeout(1500)
        assert asked == []
        page.evaluate("localStorage.setItem('docs-consent', 'granted')")  # a banner's click
        page.wait_for_function("document.querySelectorAll('script[src^=\"https:\"]').length == 5")
        page.wait_for_timeout(300)
        assert sorted(asked) == sorted(EXPECTED) and len(seen) == 5
        asked.clear()
        page.goto(base + "/guide/")  # the next page: consent already given
        page.wait_for_function("document.querySelectorAll('script[src^=\"https:\"]').length == 5")
    assert sorted(asked) == sorted(EXPECTED)


def test_a_site_without_integrations_asks_no_other_host(tmp_path: Path, page: Any) -> None:
    out = _built(tmp_path, None)
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "docgen-integrations" not in html and "integrations.js" not in html
    asked, _ = _watch(page)
    with serve_folder(out) as base:
        page.goto(base + "/")
        page.wait_for_timeout(500)
    assert asked == []


def test_mint_json_analytics_are_the_same_integrations(tmp_path: Path) -> None:
    config = _site(tmp_path / "m", {"ga4": {"measurementId": "G-1"}}, "mint.json", "analytics")
    out = tmp_path / "out"
    result = run_docgen(["build", str(config), "-o", str(out), "--quiet"], config.parent)
    assert result.returncode == 0, result.stderr
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "&#34;ga4&#34;:&#34;G-1&#34;" in html and "_docgen/integrations.js" in html


@pytest.mark.parametrize(
    ("integrations", "pointer"),
    [
        ({"ga4": {"measurementId": 'G-1"><script>alert(1)</script>'}}, "measurementId"),
        ({"posthog": {"apiKey": "phc_x", "apiHost": "javascript:alert(1)"}}, "apiHost"),
        ({"plausible": {"domain": "x.com", "server": "https://p.example"}}, "server"),
        ({"fathom": {}}, "fathom"),
        ({"segmnt": {"key": "x"}}, "segmnt"),
    ],
)
def test_bad_values_are_located_errors_in_check_and_build(
    tmp_path: Path, integrations: dict[str, Any], pointer: str
) -> None:
    config = _site(tmp_path / "b", integrations)
    check = run_docgen(["check", str(config), "--format", "json"], config.parent)
    assert check.returncode == 1
    errors = [d for d in json.loads(check.stdout)["diagnostics"] if d["level"] == "error"]
    assert len(errors) == 1 and errors[0]["code"] == "config-invalid", check.stdout
    lines = config.read_text().splitlines()
    assert pointer in lines[errors[0]["line"] - 1]
    out = tmp_path / "out"
    build = run_docgen(["build", str(config), "-o", str(out)], config.parent)
    assert build.returncode == 1 and not out.exists()
    assert f"{errors[0]['line']}:{errors[0]['column']}" in build.stdout + build.stderr


def test_mintlifys_other_integrations_are_accepted_and_reported_unused(tmp_path: Path) -> None:
    scripts = [{"src": "https://cdn.example.com/a.js"}]
    config = _site(
        tmp_path / "u",
        {"intercom": {"appId": "jjv2r0tt"}, "telemetry": {}, "customScripts": scripts},
    )
    check = run_docgen(["check", str(config), "--format", "json"], config.parent)
    assert check.returncode == 0, check.stdout
    codes = [d["code"] for d in json.loads(check.stdout)["diagnostics"]]
    assert codes.count("config-unused-key") == 3


def test_a_consent_setting_without_its_key_is_a_warning(tmp_path: Path) -> None:
    # Without a key there is nothing to wait for: the analytics would load for every reader.
    config = _site(tmp_path / "c", {**ALL, "cookies": {"value": "yes"}})
    check = run_docgen(["check", str(config), "--format", "json"], config.parent)
    found = [(d["level"], d["pointer"]) for d in json.loads(check.stdout)["diagnostics"]]
    assert ("warning", "/integrations/cookies") in found, check.stdout
