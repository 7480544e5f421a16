"""docgen's own wording for the errors people make by hand: JSON slips in docs.json and specs,
and spec validation errors that name the value that is wrong and the values allowed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from docgen.exceptions import LoadError
from docgen.load.source import parse_json


@pytest.mark.parametrize(
    ("text", "words", "line", "column"),
    [
        ('{\n  "name": "x",\n}', "trailing comma", 2, 14),
        ('{"pages": ["a", "b",]}', "trailing comma after the last item of a list", 1, 20),
        ('{\n  // a comment\n  "name": "x"\n}', "comments are not allowed", 2, 3),
        ('{"name": \'x\'}', "double quotes", 1, 10),
        ('{name: "x"}', "unquoted key", 1, 2),
        ('{"a": 1\n "b": 2}', "missing comma", 1, 8),
        ("   ", "empty", 1, 1),
    ],
    ids=["trailing-object", "trailing-list", "comment", "single-quotes", "unquoted-key",
         "missing-comma", "empty"],
)
def test_json_slips_are_named(text: str, words: str, line: int, column: int) -> None:
    with pytest.raises(LoadError) as info:
        parse_json(text)
    assert info.value.message.startswith("invalid JSON: ")
    assert words in info.value.message
    assert (info.value.line, info.value.column) == (line, column)


SPEC = """\
openapi: {version}
info: {{title: t, version: "1"}}
paths: {{}}
components:
  securitySchemes:
    wrongCase:
      type: apikey
      in: header
      name: X-Key
    wrongIn:
      type: apiKey
      in: head
      name: X-Key
    noName:
      type: apiKey
      in: header
"""


@pytest.mark.parametrize("version", ["3.0.3", "3.1.0"])
def test_security_scheme_errors_name_the_bad_value(
    version: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    spec = tmp_path / "openapi.yaml"
    spec.write_text(SPEC.format(version=version), "utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "docgen", "check", str(spec), "--format", "json"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 1, result.stderr
    found = {d["pointer"]: d for d in json.loads(result.stdout)["diagnostics"]}
    base = "/components/securitySchemes"
    # Exactly one error per scheme, at the field that is wrong; no "'$ref' is required" and no
    # "unevaluated properties" noise from the branches the object was never meant for.
    assert sorted(found) == [f"{base}/noName", f"{base}/wrongCase/type", f"{base}/wrongIn/in"]
    wrong_case = found[f"{base}/wrongCase/type"]
    assert "'apikey'" in wrong_case["message"] and "'apiKey'" in wrong_case["message"]
    assert (wrong_case["line"], wrong_case["column"]) == (7, 13)
    wrong_in = found[f"{base}/wrongIn/in"]["message"]
    assert "'head'" in wrong_in and "'header'" in wrong_in and "'cookie'" in wrong_in
    assert "'name' is required" in found[f"{base}/noName"]["message"]
    assert all("$ref" not in d["message"] for d in found.values())


def test_a_forbidden_field_is_named_not_shown_as_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """OpenAPI 3.0 allows ``bearerFormat`` with the bearer scheme only (a ``not`` in its
    schema): the error names the field, not both objects as Python prints them."""
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    spec = tmp_path / "openapi.yaml"
    spec.write_text(
        'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\ncomponents:\n'
        "  securitySchemes:\n    basicJwt: {type: http, scheme: basic, bearerFormat: JWT}\n",
        "utf-8",
    )
    result = subprocess.run(
        [sys.executable, "-m", "docgen", "check", str(spec), "--format", "json"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 1, result.stderr
    messages = [d["message"] for d in json.loads(result.stdout)["diagnostics"]]
    assert messages == [
        "at /components/securitySchemes/basicJwt: 'bearerFormat' is not allowed here"
    ], messages
