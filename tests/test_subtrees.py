"""Reusing schema fields across pages (render/subtrees.py), examples per value and plain
descriptions without a Markdown parse: every page is the same, byte for byte, as without them.

Random specs are built to hit what makes a field depend on its page: cycles through shared
schemas, big schemas shown twice on a page ("same as above"), anchors that clash between
parameters and body fields, allOf/oneOf/arrays, readOnly/writeOnly, pages big enough to link
shared schemas, and sites with a ``url`` (absolute anchor links).
"""

from __future__ import annotations

import json
import random
import textwrap
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from docgen.diagnostics import Diagnostics
from docgen.pipeline import run_check
from docgen.render import markdown, operation, schemas, subtrees
from docgen.render.page import SiteRenderer

WORDS = ["id", "name", "owner", "items", "url", "state", "node", "parent", "tags", "meta"]


def _schema(rng: random.Random, names: list[str], depth: int = 0) -> dict[str, Any]:
    roll = rng.random()
    if depth > 2 or roll < 0.35:
        leaf: dict[str, Any] = {"type": rng.choice(["string", "integer", "boolean"])}
        if rng.random() < 0.3:
            leaf["description"] = rng.choice(["A plain value.", "Uses `code` and *stress*."])
        if rng.random() < 0.15:
            leaf[rng.choice(["readOnly", "writeOnly"])] = True
        return leaf
    if roll < 0.6:
        return {"$ref": f"#/components/schemas/{rng.choice(names)}"}
    if roll < 0.7:
        return {"type": "array", "items": _schema(rng, names, depth + 1)}
    if roll < 0.8:
        kind = rng.choice(["oneOf", "anyOf", "allOf"])
        return {kind: [_schema(rng, names, depth + 1) for _ in range(rng.randint(1, 3))]}
    return {
        "type": "object",
        "properties": {
            rng.choice(WORDS) + str(n): _schema(rng, names, depth + 1)
            for n in range(rng.randint(1, 4))
        },
    }


def random_site(tmp: Path, seed: int) -> Path:
    """A spec (and for odd seeds a docs.json with a site ``url``) that ``seed`` decides."""
    rng = random.Random(seed)
    names = [f"S{n}" for n in range(rng.randint(4, 9))]
    components: dict[str, Any] = {}
    for name in names:
        props = {f"{rng.choice(WORDS)}{n}": _schema(rng, names) for n in range(rng.randint(2, 8))}
        components[name] = {"type": "object", "properties": props}
    # One big schema (more than REPEAT_INLINE fields), shown more than once per page.
    components["Big"] = {
        "type": "object",
        "properties": {
            **{f"f{n}": {"type": "string"} for n in range(14)},
            "first": {"$ref": f"#/components/schemas/{names[0]}"},
        },
    }
    names.append("Big")
    # A parameter whose anchor a body field wants too (the field's is renamed on that page
    # only), before a page with the same body and no such parameter.
    components["Clash"] = {
        "type": "object",
        "properties": {"id": {"type": "string"}, "sub": {"$ref": "#/components/schemas/S0"}},
    }
    clash = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Clash"}}}}
    ok = {"200": {"description": "OK"}}
    paths: dict[str, Any] = {
        "/clash-a": {"post": {"operationId": "clashA", "requestBody": clash, "responses": ok,
                              "parameters": [{"name": "id", "in": "query",
                                              "schema": {"type": "string"}}]}},
        "/clash-b": {"post": {"operationId": "clashB", "requestBody": clash, "responses": ok}},
    }
    # Repeats that depend on the page: X is big (17 fields) where it is expanded first, small
    # (11) inside Y, where its field y is a cycle back to Y; Pair shows X twice, W shows Y.
    components["X"] = {"type": "object", "properties": {
        **{f"x{k}": {"type": "string"} for k in range(10)},
        "y": {"$ref": "#/components/schemas/Y"}}}
    components["Y"] = {"type": "object", "properties": {
        **{f"y{k}": {"type": "string"} for k in range(5)},
        "x": {"$ref": "#/components/schemas/X"}}}
    components["Pair"] = {"type": "object", "properties": {
        "a": {"$ref": "#/components/schemas/X"}, "b": {"$ref": "#/components/schemas/X"}}}
    components["W"] = {"type": "object", "properties": {"w": {"$ref": "#/components/schemas/Y"}}}

    def returns(*names: str) -> dict[str, Any]:
        return {str(200 + k): {"description": "OK", "content": {"application/json": {
            "schema": {"$ref": f"#/components/schemas/{name}"}}}} for k, name in enumerate(names)}

    for number, names in enumerate([("Y", "Pair"), ("Pair",), ("W",), ("Pair", "W"),
                                    ("Y", "Pair")]):
        paths[f"/rep-{number}"] = {"get": {"operationId": f"rep{number}",
                                           "responses": returns(*names)}}
    for n in range(rng.randint(6, 14)):
        body = {"$ref": f"#/components/schemas/{rng.choice(names)}"}
        response: dict[str, Any] = {
            "type": "object",
            "properties": {
                "a": {"$ref": f"#/components/schemas/{rng.choice(names)}"},
                "b": {"$ref": "#/components/schemas/Big"},
                "c": {"type": "array", "items": {"$ref": "#/components/schemas/Big"}},
            },
        }
        if rng.random() < 0.3:  # a page too big to expand whole: shared schemas get linked
            response["properties"]["many"] = {
                "type": "object",
                "properties": {f"m{k}": _schema(rng, names) for k in range(60)},
            }
        op: dict[str, Any] = {
            "operationId": f"op{n}",
            "summary": f"Operation {n}",
            "parameters": [
                {"name": rng.choice(WORDS) + "0", "in": "query", "schema": _schema(rng, names)}
            ],
            "responses": {
                "200": {
                    "description": "OK",
                    "content": {"application/json": {"schema": rng.choice([body, response])}},
                },
                "201": {"description": "Also", "content": {"application/json": {"schema": body}}},
            },
        }
        if rng.random() < 0.6:
            op["requestBody"] = {"content": {"application/json": {"schema": body}}}
        paths[f"/r{n}"] = {"post": op}
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "Random", "version": "1"},
        "paths": paths,
        "components": {"schemas": components},
    }
    (tmp / "openapi.json").write_text(json.dumps(spec))
    if seed % 2 == 0:
        return tmp / "openapi.json"
    config = {
        "name": "Random",
        "url": "https://docs.example.com",
        "navigation": {"tabs": [{"tab": "API", "openapi": "openapi.json"}]},
    }
    (tmp / "docs.json").write_text(json.dumps(config))
    return tmp / "docs.json"


def _render_all(target: Path, reuse: bool, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    subtrees.clear()
    if not reuse:
        monkeypatch.setattr(operation, "Subtrees", lambda *args: None)
    result = run_check(target, output_dir=target.parent / "_site", lenient=True)
    assert result.site is not None and not result.failed
    renderer = SiteRenderer(result.site, Diagnostics())
    out = []
    for job in range(len(result.site.pages)):
        page = renderer.run(job)
        out.append((page.html, page.markdown, page.search, page.playground, page.anchors))
    monkeypatch.setattr(operation, "Subtrees", subtrees.Subtrees)
    return out


SMALL_BUDGETS = [(3, 40), (4, 40), (5, 25)]


@pytest.mark.parametrize(
    ("seed", "budget"), [(seed, schemas.FIELD_BUDGET) for seed in range(24)] + SMALL_BUDGETS
)
def test_pages_are_the_same_with_and_without_reuse(
    seed: int, budget: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(A small field budget: pages run out of it, and reused fields must fit what is left.)"""
    target = random_site(tmp_path, seed)
    monkeypatch.setattr(schemas, "FIELD_BUDGET", budget)
    built = [0]
    original = schemas.TreeBuilder._field

    def counting(self: schemas.TreeBuilder, *args: Any) -> Any:
        built[0] += 1
        return original(self, *args)

    monkeypatch.setattr(schemas.TreeBuilder, "_field", counting)
    plain = _render_all(target, False, monkeypatch)
    without = built[0]
    monkeypatch.setattr(schemas.TreeBuilder, "_field", counting)
    built[0] = 0
    reused = _render_all(target, True, monkeypatch)
    assert len(plain) == len(reused)
    for number, (a, b) in enumerate(zip(plain, reused, strict=True)):
        assert a == b, f"page {number} differs"
    assert built[0] < without  # fields were reused, not built again


def test_reuse_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store starts afresh instead of growing past its field bound; pages stay the same."""
    target = random_site(tmp_path, 3)
    plain = _render_all(target, False, monkeypatch)
    monkeypatch.setattr(subtrees, "STORE_MAX_FIELDS", 5)
    reused = _render_all(target, True, monkeypatch)
    assert plain == reused
    assert subtrees._SIZE[0] <= 5 or len(subtrees._STORE) == 1


TEXT = st.text(
    alphabet=st.sampled_from(
        list("abcXYZé 0123456789.,:;!?()[]{}<>&\"'`*_~|#-+=\\/\n\t\r\x00\x85\u2028\u00a0")
    ),
    max_size=30,
)


@given(TEXT)
@settings(max_examples=3000, deadline=None)
def test_plain_descriptions_read_as_markdown_it_writes_them(text: str) -> None:
    # A description indented as a whole is read dedented (README, Rules: Specs).
    read = textwrap.dedent(text).strip("\r\n") if text[:1] in (" ", "\t", "\r", "\n") else text
    expected = markdown.renderer().render(read, anchors=False, shift=1).html if text.strip() else ""
    assert markdown.to_html(text) == expected


def test_plain_description_shortcut_is_taken() -> None:
    """The shortcut is real: a plain line is written without parsing (the parser is not run)."""
    words = "List the repositories of a user, sorted by name (newest first)."
    parsed = markdown.renderer()._md.parse
    markdown.renderer()._md.parse = None  # type: ignore[assignment,method-assign]
    try:
        assert markdown.to_html(words) == f"<p>{words}</p>\n"
    finally:
        markdown.renderer()._md.parse = parsed  # type: ignore[method-assign]


def test_search_documents_describe_inputs_and_name_outputs(tmp_path: Path) -> None:
    """An endpoint's search document: parameters and first-level request fields with their
    descriptions, deeper fields and response fields by name, error responses by status and
    description only; a schema's own page keeps every description."""
    inner = {"type": "object", "description": "Deep words zebrafish.",
             "properties": {"leaf": {"type": "string", "description": "Leaf words quokka."}}}
    error = {"type": "object", "properties": {"oops": {"type": "string",
                                                        "description": "Error words narwhal."}}}
    request = {"type": "object", "properties": {
        "given": {"type": "string", "description": "Input words wombat."},
        "deeper": {"$ref": "#/components/schemas/Inner"}}}
    spec = {
        "openapi": "3.0.3", "info": {"title": "T", "version": "1"},
        "paths": {"/x": {"post": {
            "operationId": "postX",
            "parameters": [{"name": "q", "in": "query", "schema": {"type": "string"},
                            "description": "Query words axolotl."}],
            "requestBody": {"content": {"application/json": {"schema": request}}},
            "responses": {
                "200": {"description": "OK", "content": {"application/json": {"schema": {
                    "type": "object", "properties": {
                        "top": {"type": "string", "description": "Top words platypus."},
                        "nested": {"$ref": "#/components/schemas/Inner"}}}}}},
                "404": {"description": "Gone missing.", "content": {"application/json": {
                    "schema": error}}}}}}},
        "components": {"schemas": {"Inner": inner}},
    }
    (tmp_path / "openapi.json").write_text(json.dumps(spec))
    result = run_check(tmp_path / "openapi.json", output_dir=tmp_path / "_site")
    assert result.site is not None
    document = SiteRenderer(result.site, Diagnostics()).run(0).search
    for words in ("axolotl", "wombat", "zebrafish", "Gone missing."):  # inputs' first level
        assert words in document
    assert 'id="response-200.top">top<' in document  # a response field: its name, linkable
    assert 'id="response-200.nested">nested<' in document
    assert "platypus" not in document and "quokka" not in document
    assert "leaf" in document and 'id="response-200.nested.leaf"' not in document  # a word
    assert "oops" not in document and "narwhal" not in document

    from docgen.render.searchdoc import schema_document
    from docgen.render.views import Body, SchemaField

    leaf = SchemaField("leaf", "leaf", "#leaf", "string", description_html="<p>quokka</p>")
    top = SchemaField("top", "top", "#top", "object", children=(leaf,))
    page = schema_document("Inner", "", Body("application/json", "object", "", (top,)))
    assert "quokka" in page and 'id="leaf"' in page


@given(st.text(alphabet=st.sampled_from(list("ab &<>\"'é\x00;#")), max_size=20))
@settings(max_examples=1000, deadline=None)
def test_field_escape_writes_what_markupsafe_writes(text: str) -> None:
    from markupsafe import escape as markupsafe_escape

    from docgen.render.fieldhtml import escape

    assert escape(text) == str(markupsafe_escape(text))


def test_a_new_build_starts_without_the_last_builds_fields(tmp_path: Path) -> None:
    """A server rebuilding in one process must not keep earlier specs alive through reuse."""
    target = random_site(tmp_path, 2)
    result = run_check(target, output_dir=tmp_path / "_site", lenient=True)
    assert result.site is not None
    renderer = SiteRenderer(result.site, Diagnostics())
    for job in range(len(result.site.pages)):
        renderer.run(job)
    assert subtrees._STORE
    SiteRenderer(result.site, Diagnostics())
    assert not subtrees._STORE and not subtrees._SHARED
