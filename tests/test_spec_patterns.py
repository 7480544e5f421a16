"""`pattern` is an ECMA-262 regular expression (OpenAPI 3.1 and JSON Schema): the validator
reads it with an ECMA-262 engine (regress), so `\\p{L}` and `(?<name>...)`, which Python's re
refuses, are not errors (formbricks' user names), and a pattern no engine reads still is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from refresh_fixtures import run_docgen

SPEC = """\
openapi: 3.1.0
info: {title: People, version: "1"}
paths:
  /people:
    get:
      summary: List people
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: object
                properties:
                  name: {type: string, pattern: "^[\\\\p{L}\\\\p{M}\\\\s'\\\\d-]+$", example: Zoë}
                  year: {type: string, pattern: "^(?<year>\\\\d{4})$", example: "2025"}
                  EXTRA
"""


def _check(root: Path, extra: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(root / "cache"))
    (root / "openapi.yaml").write_text(SPEC.replace("EXTRA", extra))
    config = {"name": "P", "navigation": {"groups": [{"group": "API", "openapi": "openapi.yaml"}]}}
    (root / "docs.json").write_text(json.dumps(config))
    result = run_docgen(["check", "docs.json"], root)
    return result.returncode, result.stdout + result.stderr


def test_ecmascript_patterns_are_valid(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out = _check(tmp_path, "id: {type: string}", monkeypatch)
    assert code == 0 and "spec-invalid" not in out, out


def test_a_pattern_no_engine_reads_is_still_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out = _check(tmp_path, 'bad: {type: string, pattern: "a{2,1}", example: aa}', monkeypatch)
    errors = [line for line in out.splitlines() if "error[spec-invalid]" in line]
    assert code == 1 and len(errors) == 1 and "/properties/bad/pattern" in errors[0], out
