"""security.md item 20: work is bounded in the size of the input.

Schema graphs that fan out through ``$ref`` (``allOf``/``anyOf``/``oneOf``, properties, items)
must finish ``check`` and ``build`` quickly, with or without ``--no-strict-spec``; where docgen
gives up, the diagnostic is ``spec-too-complex`` naming the pointer.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from docgen.cli import cli
from docgen.load.source import load_document
from docgen.spec import validate

# Generous for a busy 2-core machine; before the fix, 18 levels never finished.
SECONDS = float(os.environ.get("DOCGEN_BOUNDED_SECONDS", "30"))
KEYWORDS = ("allOf", "anyOf", "oneOf", "properties", "items")


def _spec(schemas: dict[str, Any]) -> dict[str, Any]:
    first = {"$ref": "#/components/schemas/S0"}
    return {
        "openapi": "3.0.3",
        "info": {"title": "dag", "version": "1"},
        "paths": {
            "/x": {
                "post": {
                    "requestBody": {"content": {"application/json": {"schema": first}}},
                    "responses": {
                        "200": {
                            "description": "ok",
                            "content": {"application/json": {"schema": first}},
                        }
                    },
                }
            }
        },
        "components": {"schemas": schemas},
    }


def chain(keyword: str, depth: int, fan: int = 2, default: bool = False) -> dict[str, Any]:
    """Each schema names the next one ``fan`` times under ``keyword``: 2**depth paths."""
    schemas: dict[str, Any] = {}
    for i in range(depth):
        nxt = {"$ref": f"#/components/schemas/S{i + 1}"}
        schema: dict[str, Any] = {"type": "object", "required": ["a"]}
        schema["properties"] = {"a": {"type": "string"}}
        if keyword == "properties":
            schema["properties"].update({f"p{j}": nxt for j in range(fan)})
        elif keyword == "items":
            schema["properties"].update(
                {f"p{j}": {"type": "array", "items": nxt} for j in range(fan)}
            )
        else:
            schema[keyword] = [nxt] * fan
        if default:
            schema["default"] = {"a": "x"}
        schemas[f"S{i}"] = schema
    schemas[f"S{depth}"] = {"type": "object", "properties": {"a": {"type": "string"}}}
    return _spec(schemas)


def _run(args: list[str], cache: Path) -> tuple[int, str, float]:
    env = {"DOCGEN_CACHE_DIR": str(cache), "DOCGEN_JOBS": "1"}
    started = time.monotonic()
    result = CliRunner().invoke(cli, args, env=env, catch_exceptions=True)
    elapsed = time.monotonic() - started
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output, elapsed


def _check_and_build(tmp: Path, spec: dict[str, Any], strict: bool) -> list[tuple[int, str]]:
    path = tmp / "openapi.json"
    path.write_text(json.dumps(spec))
    flags = [] if strict else ["--no-strict-spec"]
    out = []
    for args in (
        ["check", str(path), "--format", "json", *flags],
        ["build", str(path), "-o", str(tmp / "_site"), "--quiet", *flags],
    ):
        code, output, elapsed = _run(args, tmp / "cache")
        assert elapsed < SECONDS, f"docgen {args[0]} took {elapsed:.1f} s"
        assert code in (0, 1), output[-2000:]
        assert "Traceback" not in output and "internal error" not in output
        out.append((code, output))
    return out


@pytest.mark.parametrize("strict", [True, False])
def test_allof_dag_from_the_attack_sweep_finishes(tmp_path: Path, strict: bool) -> None:
    # 18 levels (about 2.8 KB) never finished inside openapi-spec-validator's traversal.
    (check_code, report), (build_code, _) = _check_and_build(tmp_path, chain("allOf", 18), strict)
    assert check_code == 0, report
    assert build_code == 0
    assert json.loads(report)["errors"] == 0
    assert (tmp_path / "_site" / "index.html").is_file()


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_deep_fan_out_finishes(tmp_path: Path, keyword: str) -> None:
    fan = 12 if keyword in ("properties", "items") else 3
    (check_code, report), (build_code, _) = _check_and_build(
        tmp_path, chain(keyword, 30, fan), strict=True
    )
    assert (check_code, build_code) == (0, 0), report


def test_allof_dag_with_missing_required_gives_the_librarys_verdict(tmp_path: Path) -> None:
    # The memoised property collection must report what the library reports.
    spec = chain("allOf", 20)
    spec["components"]["schemas"]["S0"]["required"] = ["a", "nowhere"]
    path = tmp_path / "openapi.json"
    path.write_text(json.dumps(spec))
    document = load_document(path, "openapi.json")
    started = time.monotonic()
    errors = validate._library_verdict(document, {document.name: document}, "3.0.3", True)[0]
    assert time.monotonic() - started < SECONDS
    messages = [e.message for e in errors]
    assert any("Required list has not defined properties: ['nowhere']" in m for m in messages)


def test_default_on_a_dag_is_spec_too_complex(tmp_path: Path) -> None:
    spec = chain("allOf", 24, default=True)
    (check_code, report), (build_code, _) = _check_and_build(tmp_path, spec, strict=True)
    assert (check_code, build_code) == (1, 1)
    data = json.loads(report)
    codes = {d["code"] for d in data["diagnostics"]}
    assert codes == {"spec-too-complex"}, data["diagnostics"][:3]
    first = data["diagnostics"][0]
    assert first["pointer"].startswith("/components/schemas/S")
    assert first["pointer"].endswith("/default")
    assert first["line"] == 1 and first["column"] > 1
    assert "default not validated" in first["message"]
    assert not (tmp_path / "_site").exists()


def test_default_on_a_dag_builds_with_no_strict_spec(tmp_path: Path) -> None:
    spec = chain("allOf", 24, default=True)
    (check_code, report), (build_code, _) = _check_and_build(tmp_path, spec, strict=False)
    assert (check_code, build_code) == (0, 0)
    levels = {d["level"] for d in json.loads(report)["diagnostics"]}
    assert levels == {"warning"}


def test_a_small_dag_default_is_still_validated(tmp_path: Path) -> None:
    # Within the budget the library's verdict stands: a wrong default is spec-invalid.
    spec = chain("allOf", 3, default=True)
    spec["components"]["schemas"]["S0"]["default"] = {"a": 5}
    (check_code, report), _ = _check_and_build(tmp_path, spec, strict=True)
    assert check_code == 1
    codes = {d["code"] for d in json.loads(report)["diagnostics"]}
    assert codes == {"spec-invalid"}


# -- property: generated $ref DAGs finish within the budget -----------------------------------


@st.composite
def ref_dag(draw: st.DrawFn) -> dict[str, Any]:
    """A spec whose component schemas form a random DAG (edges only to later schemas)."""
    size = draw(st.integers(12, 30))
    schemas: dict[str, Any] = {}
    for i in range(size):
        schema: dict[str, Any] = {"type": "object"}
        if i < size - 1:
            targets = st.integers(i + 1, min(i + 3, size - 1))  # near: many paths
            keywords = st.lists(st.sampled_from(KEYWORDS), min_size=1, max_size=3, unique=True)
            for keyword in draw(keywords):
                refs = [
                    {"$ref": f"#/components/schemas/S{t}"}
                    for t in draw(st.lists(targets, min_size=2, max_size=4))
                ]
                if keyword == "properties":
                    schema["properties"] = {f"p{j}": r for j, r in enumerate(refs)}
                elif keyword == "items":
                    schema["properties"] = {"list": {"type": "array", "items": refs[0]}}
                else:
                    schema[keyword] = refs
        if draw(st.booleans()):
            schema["default"] = draw(st.sampled_from([{}, {"p0": {}}, None, "x"]))
        if draw(st.booleans()):
            schema["required"] = ["p0"]
        schemas[f"S{i}"] = schema
    return _spec(schemas)


@settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(spec=ref_dag(), strict=st.booleans())
def test_generated_ref_dags_finish(
    tmp_path_factory: pytest.TempPathFactory, spec: dict[str, Any], strict: bool
) -> None:
    tmp = tmp_path_factory.mktemp("dag")
    _check_and_build(tmp, spec, strict)
