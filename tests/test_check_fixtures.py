"""``docgen check`` against the failure fixtures: one folder per diagnostic case.

Each folder under ``tests/fixtures/check/`` is a tiny docs site (or a lone spec) plus the exact
expected text output, JSON report and exit code; ``python tests/refresh_fixtures.py`` regenerates
them (and its docstring says how to review them). The CLI runs in this process (click's test
runner), in the case folder, exactly as a user would run it there.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from refresh_fixtures import CASES, REPO, case_names, run_case, run_docgen, target_of

NAMES = case_names()

# Every diagnostic code named by issue 2 item 7 has at least one case folder.
REQUIRED_CODES = {
    "config-parse-error",
    "config-invalid",
    "spec-not-found",
    "spec-parse-error",
    "spec-unsupported-version",
    "spec-invalid",
    "nav-unknown-operation",
    "nav-page-not-found",
    "nav-excluded-operation",
    "nav-page-conflict",
    "nav-duplicate-url",
    "ref-outside-root",
    "ref-unresolved",
    "nav-ambiguous-operation",
    "spec-remote",
    "playground-invalid",
}


def _expected(case: Path) -> tuple[str, dict[str, object], int]:
    text = (case / "expected.txt").read_text("utf-8")
    data = json.loads((case / "expected.json").read_text("utf-8"))
    code = int((case / "expected_exit").read_text("utf-8").strip())
    return text, data, code


def _no_crash(stderr: str) -> None:
    assert "Traceback" not in stderr, stderr


@pytest.mark.parametrize("name", NAMES)
def test_text_output(name: str) -> None:
    case = CASES / name
    text, _, code = _expected(case)
    result = run_case(case, "text")
    _no_crash(result.stderr)
    assert result.stdout == text
    assert result.returncode == code
    # The one-line verdict goes to stderr: "<target>: ok|failed (...)".
    verdict = "failed" if code else "ok"
    assert result.stderr.startswith(f"{target_of(case)}: {verdict} ("), result.stderr


@pytest.mark.parametrize("name", NAMES)
def test_json_output(name: str) -> None:
    case = CASES / name
    _, data, code = _expected(case)
    result = run_case(case, "json")
    _no_crash(result.stderr)
    assert result.stderr == ""
    got = json.loads(result.stdout)
    # Compare diagnostics and pages separately first, for readable failures.
    assert got["diagnostics"] == data["diagnostics"]
    assert got["pages"] == data["pages"]
    assert got == data
    assert result.returncode == code


@pytest.mark.parametrize("name", NAMES)
def test_expectations_are_consistent(name: str) -> None:
    """The three stored files of a case agree with each other (guards hand-written ones)."""
    case = CASES / name
    text, data, code = _expected(case)
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    errors = sum(1 for d in diagnostics if d["level"] == "error")
    warnings = sum(1 for d in diagnostics if d["level"] == "warning")
    assert (data["errors"], data["warnings"]) == (errors, warnings)
    assert data["ok"] is (code == 0)
    assert code == (1 if errors else 0)
    lines = text.splitlines()
    assert len(lines) == len(diagnostics)
    for line, d in zip(lines, diagnostics, strict=True):
        assert f"{d['level']}[{d['code']}]: {d['message']}" in line
        if d["file"] is not None:
            assert line.startswith(f"{d['file']}:")
    if name.startswith("pass-") or name.endswith("-valid"):
        assert code == 0 and data["pages"], "a must-pass case passes and produces pages"
    elif name.startswith("warn-"):
        assert code == 0 and warnings and not errors, "a warning case passes, with warnings"
    else:
        assert code == 1, "a failure case fails"


def test_every_required_code_has_a_case() -> None:
    covered = set()
    for name in NAMES:
        _, data, _ = _expected(CASES / name)
        covered |= {d["code"] for d in data["diagnostics"]}  # type: ignore[union-attr]
    assert covered >= REQUIRED_CODES, sorted(REQUIRED_CODES - covered)


def test_failure_cases_show_exactly_their_one_problem() -> None:
    """Each failure fixture is built to trip exactly one diagnostic (info lines aside)."""
    for name in NAMES:
        _, data, code = _expected(CASES / name)
        if code:
            problems = [d for d in data["diagnostics"] if d["level"] != "info"]  # type: ignore[union-attr, index]
            assert len(problems) == 1, name


# -- specific expectations, spelled out (the stored files are the full assertion) -------------


def _pages(name: str) -> dict[str, dict[str, object]]:
    _, data, _ = _expected(CASES / name)
    return {p["url"]: p for p in data["pages"]}  # type: ignore[union-attr, index]


def test_hidden_operation_in_automatic_mode_has_a_page_but_no_nav() -> None:
    page = _pages("pass-x-hidden-automatic")["/api-reference/users/internal-stats"]
    assert page["hidden"] is True and page["nav"] == []


def test_hidden_operation_listed_explicitly_is_in_the_nav() -> None:
    page = _pages("pass-x-hidden-explicit")["/api-reference/users/internal-stats"]
    assert page["hidden"] is False and page["nav"] == ["API"]


def test_explicit_list_generates_only_the_listed_operations() -> None:
    pages = _pages("pass-explicit-list")
    assert sorted(pages) == ["/api-reference/users/create-user", "/api-reference/users/get-user"]


def test_two_versions_with_the_same_path_get_two_urls() -> None:
    assert sorted(_pages("pass-versions-same-path")) == [
        "/v1/users/list-users",
        "/v2/users/list-users",
    ]


def test_trailing_slash_matches_both_ways() -> None:
    for name in ("pass-trailing-slash-in-reference", "pass-trailing-slash-in-spec"):
        assert list(_pages(name)) == ["/api-reference/users/list-users"], name


def test_swagger_2_is_one_clear_error() -> None:
    text, _, _ = _expected(CASES / "spec-unsupported-version-swagger2")
    assert text.count("\n") == 1
    assert "openapi.yaml" in text and "2.0 is not supported" in text and "OpenAPI 3" in text


def test_lower_case_method_hint() -> None:
    text, _, _ = _expected(CASES / "nav-page-not-found-lowercase-method")
    assert "did you mean 'GET /users'? (methods are upper case)" in text


def test_did_you_mean_pages() -> None:
    text, _, _ = _expected(CASES / "config-invalid-page-typo")
    assert "unknown key 'page'; did you mean 'pages'?" in text


# -- the showcase site ---------------------------------------------------------------------------

SHOWCASE = REPO / "fixtures" / "platform"


def test_showcase_site_passes() -> None:
    result = run_docgen(["check", "docs.json"], SHOWCASE)
    _no_crash(result.stderr)
    assert result.returncode == 0
    assert result.stdout == ""
    assert result.stderr.strip() == "docs.json: ok (8 pages, 0 errors, 0 warnings)"


def test_showcase_site_lists_its_pages() -> None:
    result = run_docgen(["check", "docs.json", "--format", "json"], SHOWCASE)
    assert result.returncode == 0
    data = json.loads(result.stdout)
    assert data["ok"] is True and data["diagnostics"] == []
    assert [(p["url"], p["nav"]) for p in data["pages"]] == [
        ("/", ["Guides", "Getting started"]),
        ("/guides/authentication", ["Guides", "Getting started"]),
        ("/guides/pagination", ["Guides", "Getting started"]),
        ("/guides/agent-jobs", ["Guides", "Agent jobs"]),
        ("/api/v1/analytics/get-unique-visitors", ["Analytics API (v1)", "Analytics"]),
        ("/api/v1/analytics/get-page-views", ["Analytics API (v1)", "Analytics"]),
        ("/api/v2/agent-jobs/create-agent-job", ["Agent API (v2)", "Agent jobs"]),
        ("/api/v2/agent-jobs/get-agent-job", ["Agent API (v2)", "Agent jobs"]),
    ]
    assert all(p["hidden"] is False for p in data["pages"])


def test_showcase_site_from_another_directory() -> None:
    """The config path may be given from anywhere; messages stay relative to the cwd."""
    result = run_docgen(["check", "fixtures/platform/docs.json"], REPO)
    assert result.returncode == 0
    assert result.stderr.strip() == (
        "fixtures/platform/docs.json: ok (8 pages, 0 errors, 0 warnings)"
    )
