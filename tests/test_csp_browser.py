"""The Content-Security-Policy of ``docgen serve``, in headless Chromium: the site works
under it (search with Pagefind's WebAssembly, the theme toggle, the playground through the
proxy, Mermaid diagrams, live reload) with no violation reported, and an SVG opened on its own
runs no script even when one got past the static files' screen."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serving import ROOT, docgen_serve
from test_serve_files import in_process
from upstream import Upstream, running_upstream

from docgen.serve.app import create_app
from docgen.serve.snapshot import Snapshot

DIAGRAM = "---\ntitle: Diagram\n---\n\n```mermaid\nflowchart LR\n    A --> B\n```\n"
ENDPOINT = "/api/v2/agent-jobs/create-agent-job/"
WATCH = """document.addEventListener('securitypolicyviolation',
  (e) => window.cspViolation(e.violatedDirective + ' ' + e.blockedURI));"""


@pytest.fixture(scope="module")
def upstream() -> Iterator[Upstream]:
    with running_upstream() as api:
        yield api


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, upstream: Upstream) -> Iterator[str]:
    """The showcase site with a Mermaid page, served in watch mode (live reload on), its
    API's local server being ``upstream``."""
    folder = tmp_path_factory.mktemp("csp") / "docs"
    shutil.copytree(ROOT / "fixtures" / "platform", folder)
    spec = folder / "openapi" / "v2.yaml"
    spec.write_text(spec.read_text().replace("http://127.0.0.1:4010", upstream.url))
    (folder / "diagram.mdx").write_text(DIAGRAM)
    config = json.loads((folder / "docs.json").read_text())
    config["navigation"]["tabs"][0]["groups"][0]["pages"].append("diagram")
    (folder / "docs.json").write_text(json.dumps(config))
    process, base = docgen_serve(folder / "docs.json", "--allow-local")
    try:
        yield base
    finally:
        process.stop()


def _open(page: Any, url: str) -> list[str]:
    """Open ``url``, collecting the CSP violations of it and of the pages opened after it
    (console lines and ``securitypolicyviolation`` events)."""
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if "Content Security" in m.text else None)
    page.expose_function("cspViolation", lambda text: found.append(str(text)))
    page.add_init_script(WATCH)
    page.goto(url)
    return found


def test_the_site_works_under_its_policy(page: Any, served: str, upstream: Upstream) -> None:
    page_answer = httpx.get(served + "/", trust_env=False)
    policy = page_answer.headers["content-security-policy"]
    assert "script-src 'self' 'wasm-unsafe-eval'" in policy and "object-src 'none'" in policy
    violations = _open(page, served + "/")
    page.keyboard.press("/")
    box = page.locator("#search-input")
    box.wait_for(state="visible")
    box.fill("create agent")
    first = page.locator("#search-results a[role=option]").first
    first.wait_for()
    assert "create agent job" in first.inner_text().lower()  # Pagefind's wasm ran
    page.keyboard.press("Escape")
    before = page.evaluate("document.documentElement.className")
    page.click("[data-docgen-theme]")
    assert page.evaluate("document.documentElement.className") != before
    page.goto(served + "/diagram/")
    page.wait_for_selector("figure.mermaid.drawn svg")
    page.goto(served + ENDPOINT)
    page.click("[data-docgen-try]")
    page.wait_for_selector("[data-docgen-playground-panel]:not([hidden])")
    page.select_option("[data-pg-server]", index=1)
    page.fill("[data-auth]", "token")
    page.fill('[data-param="path:projectId"]', "p1")
    page.click("[data-pg-send]")
    page.wait_for_selector("[data-pg-response] [data-pg-status]")
    assert upstream.api_requests()[-1].path == "/v2/agent/p1/job"  # through the proxy
    assert page.evaluate("!!document.querySelector('script[src$=\"livereload.js\"]')")
    assert violations == [], violations


SCRIPTED = (
    b'<svg xmlns="http://www.w3.org/2000/svg"><script>document.title = "ran"</script>'
    b'<rect width="10" height="10"/></svg>'
)


def test_an_svg_opened_on_its_own_runs_no_script(page: Any) -> None:
    """The build's screen keeps script out of the site's SVG files; the policy is the second
    wall: served with it, an SVG's script does not run (without it, it ran on the site's
    origin)."""
    snapshot = Snapshot({"index.html": b"<!doctype html><title>x</title>", "a.svg": SCRIPTED})
    with in_process(create_app(snapshot)) as base:
        page.goto(base + "/a.svg")
        page.wait_for_load_state("load")
        assert page.title() != "ran"
        answer = httpx.get(base + "/a.svg", trust_env=False)
        assert "sandbox" in answer.headers["content-security-policy"]
        assert answer.headers["x-content-type-options"] == "nosniff"
        page.goto(base + "/index.html")
        assert (
            "script-src 'self'"
            in httpx.get(base + "/", trust_env=False).headers["content-security-policy"]
        )


@pytest.mark.parametrize(
    ("integrations", "script_src"),
    [
        ({}, "script-src 'self' 'wasm-unsafe-eval';"),
        (
            {"ga4": {"measurementId": "G-1"}},
            "script-src 'self' 'wasm-unsafe-eval' https://www.googletagmanager.com;",
        ),
        (
            {"posthog": {"apiKey": "k", "apiHost": "http://127.0.0.1:8010/ingest"}},
            "script-src 'self' 'wasm-unsafe-eval' http://127.0.0.1:8010;",
        ),
        (
            {"plausible": {"domain": "d.example", "server": "stats.example.com"}},
            "script-src 'self' 'wasm-unsafe-eval' https://stats.example.com;",
        ),
        ({"gtm": {"tagId": "GTM-1"}}, None),  # a container's tags are inline scripts
    ],
)
def test_the_page_policy_lets_the_sites_integrations_load(
    tmp_path: Path, integrations: dict[str, Any], script_src: str | None
) -> None:
    from docgen.serve.snapshot import build_snapshot

    config = {"name": "I", "navigation": {"pages": ["index"]}, "integrations": integrations}
    (tmp_path / "docs.json").write_text(json.dumps(config))
    (tmp_path / "index.mdx").write_text("---\ntitle: Home\n---\n\nHi.\n")
    outcome = build_snapshot(tmp_path / "docs.json")
    assert outcome.snapshot is not None, outcome.text
    with in_process(create_app(outcome.snapshot)) as base:
        policy = httpx.get(base + "/", trust_env=False).headers["content-security-policy"]
    assert "object-src 'none'" in policy
    if script_src is None:
        assert "script-src" not in policy
    else:
        assert script_src in policy


def test_a_script_source_is_an_origin_and_nothing_else() -> None:
    """What a config value could add to the header beside an origin is left out."""
    from docgen.config.model import Integrations
    from docgen.serve.policy import integration_sources

    odd = Integrations(posthog=("k", "https://x.example;script-src *", False))
    assert integration_sources(odd) == []
    assert integration_sources(Integrations(fathom="F")) == ["https://cdn.usefathom.com"]
