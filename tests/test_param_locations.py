"""The validator's parameter-list errors (a parameter listed twice, a path parameter the path
and the parameters disagree on) say no where; docgen points at the place itself."""

from __future__ import annotations

from pathlib import Path

from docgen.diagnostics import Diagnostics
from docgen.spec.loader import SpecLoader

SPEC = """\
openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /a/{id}:
    post:
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
        - $ref: "#/components/parameters/Id"
      responses: {"200": {description: OK}}
  /b/{org}:
    get:
      responses: {"200": {description: OK}}
  /c:
    put:
      parameters:
        - {name: gone, in: path, required: true, schema: {type: string}}
      responses: {"200": {description: OK}}
components:
  parameters:
    Id: {name: id, in: path, required: true, schema: {type: string}}
"""


def test_parameter_list_errors_are_located(tmp_path: Path) -> None:
    (tmp_path / "api.yaml").write_text(SPEC)
    diagnostics = Diagnostics()
    assert SpecLoader(tmp_path, diagnostics).load("api.yaml", None) is not None
    found = sorted((d.line, d.code.value, d.message) for d in diagnostics)
    assert [(line, code) for line, code, _ in found] == [
        (8, "spec-invalid"),  # the second 'id' of POST /a/{id}
        (11, "spec-invalid"),  # GET /b/{org} declares no 'org'
        (14, "spec-invalid"),  # PUT /c declares 'gone', which its path has no {gone} for
    ]
    assert "'id'" in found[0][2] and "'org'" in found[1][2] and "'gone'" in found[2][2]
