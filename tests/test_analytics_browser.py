"""The showcase's analytics Try it, in Chromium, answered by docgen serve itself from the sample
log of ``fixtures/analytics``: the playground shows the real figures."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import ROOT, Process, free_port

KEY = "docgen_showcase_0123456789abcdef"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


def test_try_it_returns_the_sample_logs_figures(page: Any, tmp_path: Path) -> None:
    port = free_port()
    docs = tmp_path / "platform"
    shutil.copytree(ROOT / "fixtures" / "platform", docs)
    spec = docs / "openapi" / "v1.yaml"  # the "Local" server is docgen serve on this port
    spec.write_text(spec.read_text().replace("http://127.0.0.1:8000", f"http://127.0.0.1:{port}"))
    site, db = tmp_path / "_site", tmp_path / "store.duckdb"
    run = [sys.executable, "-m", "docgen"]
    subprocess.run(
        [*run, "build", str(docs / "docs.json"), "-o", str(site), "--quiet"],
        check=True,
        timeout=180,
    )
    subprocess.run(
        [
            *run,
            "analytics",
            "import",
            str(ROOT / "fixtures/analytics/access.log"),
            "--site",
            str(site),
            "--db",
            str(db),
        ],
        check=True,
        timeout=180,
        capture_output=True,
    )
    expected = json.loads(
        subprocess.run(
            [
                *run,
                "analytics",
                "visitors",
                "--db",
                str(db),
                "--date-from",
                "2024-05-01",
                "--date-to",
                "2024-06-01",
                "--limit",
                "50",
                "--offset",
                "0",
            ],
            check=True,
            timeout=120,
            capture_output=True,
            text=True,
        ).stdout
    )
    assert expected["totals"]["total"] > 0
    env = {
        **os.environ,
        "DOCGEN_ANALYTICS_KEYS": KEY,
        "DOCGEN_ANALYTICS_PROJECT": "your-project-id",
        "DOCGEN_ANALYTICS_DB": str(db),
    }
    process = Process(
        [
            *run,
            "serve",
            str(docs / "docs.json"),
            "--port",
            str(port),
            "--no-watch",
            "--allow-local",
        ],
        ROOT,
        env,
    )
    try:
        process.wait_output("Serving at")
        page.goto(f"http://127.0.0.1:{port}/api/v1/analytics/get-unique-visitors/")
        page.click("[data-docgen-try]")
        page.wait_for_selector("[data-docgen-playground-panel]:not([hidden])")
        page.select_option("[data-pg-server]", "1")  # the second server: Local
        # Inputs start empty (the spec's example is only the placeholder).
        page.fill('[data-param="path:projectId"]', "your-project-id")
        page.fill('[data-auth="bearerAuth"]', KEY)
        page.fill('[data-param="query:dateFrom"]', "2024-05-01")
        page.fill('[data-param="query:dateTo"]', "2024-06-01")
        page.fill('[data-param="query:limit"]', "50")
        page.click("[data-pg-send]")
        page.wait_for_selector("[data-pg-response] [data-pg-status], [data-pg-message]")
        assert page.get_attribute("[data-pg-status]", "data-pg-status") == "200"
        shown = json.loads(page.text_content("[data-pg-response-text]") or "")
        page.screenshot(path=str(tmp_path / "try-it.png"), full_page=False)
        assert shown == expected
    finally:
        process.stop()
    assert KEY not in process.output
