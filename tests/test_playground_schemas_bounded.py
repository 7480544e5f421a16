"""A parameter's playground input looks at a bounded number of schemas: a ``$ref`` cycle
through anyOf/oneOf is cut (it raised RecursionError in ``build`` while ``check`` passed), and
a fan-out of references (each level anyOf twenty references to the next) is not walked
exponentially (each level's references are looked up, for an object among them); deepObject
samples stay bounded. Real specs through the real CLI and the real loader."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

import docgen.render.playschemas as playschemas
from docgen.pipeline import run_check
from docgen.render.playschemas import input_schema


def _spec(root: Path, schemas: dict[str, Any]) -> Path:
    param = {"name": "q", "in": "query", "schema": {"$ref": "#/components/schemas/L0"}}
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "F", "version": "1"},
        "paths": {
            "/x": {
                "get": {
                    "summary": "X",
                    "parameters": [param],
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
        "components": {"schemas": schemas},
    }
    root.mkdir(parents=True, exist_ok=True)
    (root / "openapi.yaml").write_text(yaml.safe_dump(spec))
    return root / "openapi.yaml"


def _docgen(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "docgen", *args], capture_output=True, text=True, check=False
    )


def test_a_ref_cycle_through_any_of_builds_as_it_checks(tmp_path: Path) -> None:
    ref = {"$ref": "#/components/schemas/L0"}
    spec = _spec(tmp_path / "s", {"L0": {"anyOf": [ref, {"type": "string"}]}})
    check = _docgen("check", str(spec))
    build = _docgen("build", str(spec), "-o", str(tmp_path / "out"))
    assert check.returncode == 0 and build.returncode == 0, check.stderr + build.stderr
    assert "internal error" not in build.stderr
    assert (tmp_path / "out" / "api-reference" / "x" / "index.html").is_file()


def test_a_fan_out_of_references_is_walked_within_a_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    levels = 4  # 20 ** 4 paths to the string at the bottom (no object: every path is tried)
    schemas: dict[str, Any] = {
        f"L{i}": {"anyOf": [{"$ref": f"#/components/schemas/L{i + 1}"}] * 20}
        for i in range(levels)
    }
    schemas[f"L{levels}"] = {"type": "string"}
    result = run_check(_spec(tmp_path / "s", schemas))
    assert result.site is not None
    (spec,) = result.site.specs.values()
    calls = [0]
    real = playschemas.resolve

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return real(*args)

    monkeypatch.setattr(playschemas, "resolve", counted)
    (op,) = spec.operations
    schema = op.data["parameters"][0]["schema"]
    found = input_schema(spec, schema, spec.document.name)
    assert 0 < calls[0] <= 200  # 160,000 before the budget
    assert found["type"] is None  # no type of its own: a text input


def test_a_deep_object_example_with_long_keys_does_not_multiply(tmp_path: Path) -> None:
    """Each deepObject item repeats its whole name (``q[k1][k2]...``): a 60-deep example with
    400-character keys and 300 leaves made a page of over 20 MB; its samples are bounded."""
    leaves = {f"leaf{i}": i for i in range(300)}
    example: Any = leaves
    for level in range(60):
        example = {f"k{level}" + "x" * 400: example}
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "servers": [{"url": "https://api.example.com"}],
        "paths": {
            "/x": {
                "get": {
                    "summary": "Get x",
                    "parameters": [
                        {
                            "name": "q",
                            "in": "query",
                            "style": "deepObject",
                            "explode": True,
                            "schema": {"type": "object"},
                            "example": example,
                        }
                    ],
                    "responses": {"200": {"description": "ok"}},
                }
            }
        },
    }
    (tmp_path / "openapi.json").write_text(json.dumps(spec))
    build = _docgen("build", str(tmp_path / "openapi.json"), "-o", str(tmp_path / "out"))
    assert build.returncode == 0, build.stderr
    page = tmp_path / "out" / "api-reference" / "get-x" / "index.html"
    assert page.stat().st_size < 2_000_000
