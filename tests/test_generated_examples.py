"""The example docgen makes from a schema when the spec gives none (the response column's
"Generated from the schema")."""

from __future__ import annotations

from pathlib import Path

from docgen.diagnostics import Diagnostics
from docgen.render.examples import example_for
from docgen.spec.loader import SpecLoader

SPEC = """\
openapi: 3.0.3
info: {title: T, version: "1"}
paths: {}
components:
  schemas:
    Uuid: {type: string, format: uuid, example: c339547d-e17d-4ba7-8a1d-b3d5a4d17c1c}
    Named: {type: object, properties: {name: {type: string}}}
    User:
      type: object
      properties:
        id:
          description: The user's id (a wrapper that adds a description to a reference)
          allOf: [{$ref: "#/components/schemas/Uuid"}]
        count: {allOf: [{type: integer, minimum: 3}]}
        both:
          allOf: [{$ref: "#/components/schemas/Named"}, {properties: {age: {type: integer}}}]
        odd: {type: object, allOf: [{$ref: "#/components/schemas/Uuid"}]}
"""


def test_an_all_of_of_one_value_that_is_no_object_gives_that_value(tmp_path: Path) -> None:
    (tmp_path / "api.yaml").write_text(SPEC)
    spec = SpecLoader(tmp_path, Diagnostics()).load("api.yaml", None)
    assert spec is not None
    user = spec.data["components"]["schemas"]["User"]
    assert example_for(user, spec, spec.name, "response") == {
        "id": "c339547d-e17d-4ba7-8a1d-b3d5a4d17c1c",
        "count": 3,
        "both": {"name": "string", "age": 0},
        "odd": {},  # an object made of a string is no value: nothing is made up
    }
