"""Fast paths that must not change any result: validation verdicts (fast proof, pre-screened
library run, verdict cache), writing only changed files, and skipping unchanged builds."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from docgen.diagnostics import Diagnostics
from docgen.exceptions import OutputError
from docgen.load.source import SourceDocument
from docgen.spec import budget, explain, paramcheck, refs, validate
from docgen.spec.fast import compiled, fastcheck, verdicts
from docgen.write.writer import write_site

VALID: dict[str, Any] = {
    "openapi": "3.0.3",
    "info": {"title": "Pets", "version": "1"},
    "tags": [{"name": "pets"}],
    "paths": {
        "/pets/{id}": {
            "parameters": [
                {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
            ],
            "get": {
                "operationId": "getPet",
                "parameters": [
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "default": 10}}
                ],
                "responses": {
                    "200": {
                        "description": "ok",
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}
                        },
                    }
                },
            },
        }
    },
    "components": {
        "schemas": {
            "Base": {"type": "object", "properties": {"id": {"type": "string"}}},
            "Pet": {
                "allOf": [{"$ref": "#/components/schemas/Base"}],
                "required": ["id"],
                "properties": {
                    "name": {"type": "string", "pattern": "^[a-z]+$", "maxLength": 20},
                    "kind": {"type": "string", "enum": ["cat", "dog"], "default": "cat"},
                },
            },
        }
    },
}


def _break(kind: str) -> dict[str, Any]:
    spec = copy.deepcopy(VALID)
    pet = spec["components"]["schemas"]["Pet"]
    get = spec["paths"]["/pets/{id}"]["get"]
    if kind == "float-length":
        pet["properties"]["name"]["maxLength"] = 20.0
    elif kind == "bad-regex":
        pet["properties"]["name"]["pattern"] = "(unclosed"
    elif kind == "bad-default":
        pet["properties"]["kind"]["default"] = "bird"
    elif kind == "required-allof":
        pet["required"] = ["id", "nowhere"]
    elif kind == "path-param":
        spec["paths"]["/pets/{id}/{other}"] = spec["paths"].pop("/pets/{id}")
    elif kind == "dup-tag":
        spec["tags"].append({"name": "pets"})
    elif kind == "dup-parameter":
        get["parameters"].append(dict(get["parameters"][0]))
    elif kind == "dup-operation-id":
        spec["paths"]["/other"] = {"post": {**copy.deepcopy(get), "parameters": []}}
    elif kind == "no-description":
        del get["responses"]["200"]["description"]
    elif kind == "schema-not-object":
        pet["properties"]["name"] = "string"
    return spec


BROKEN = [
    "float-length",
    "bad-regex",
    "bad-default",
    "required-allof",
    "path-param",
    "dup-tag",
    "dup-parameter",
    "dup-operation-id",
    "no-description",
    "schema-not-object",
]


def _document(tmp_path: Path, data: dict[str, Any]) -> SourceDocument:
    path = tmp_path / "openapi.json"
    text = json.dumps(data, indent=2)
    path.write_text(text)
    return SourceDocument(path=path, name="openapi.json", text=text, data=data, is_json=True)


def _library(document: SourceDocument) -> list[str]:
    """openapi-spec-validator alone, pure-Python backend, as docgen words its errors: a Schema
    Object's own error (its path starts at the schema) is placed where that schema is written,
    and dropped where the document's check reported an error at or above the same place."""
    import openapi_spec_validator as osv
    from openapi_spec_validator.schemas import schema_v30
    from openapi_spec_validator.schemas.backend.jsonschema import create_validator
    from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

    base = osv.OpenAPIV30SpecValidator.keyword_validators["schema"]

    class Schema(base):  # type: ignore[misc, valid-type]
        def _validate_schema_meta(self, schema: Any, value: Any) -> Any:
            error = super()._validate_schema_meta(schema, value)
            if error is not None:
                error.reference_schema = value
            return error

    default_base = osv.OpenAPIV30SpecValidator.keyword_validators["default"]

    class Default(default_base):  # type: ignore[misc, valid-type]
        def __call__(self, schema: Any, value: Any) -> Any:
            for error in super().__call__(schema, value):
                wrapped = OpenAPIValidationError.create_from(error)
                wrapped.reference_default = schema.read_value()
                yield wrapped

    documents = {document.name: document}
    cls = type(
        "Reference",
        (osv.OpenAPIV30SpecValidator,),
        {
            "resolver_handlers": validate._handlers(documents),
            "schema_validator": create_validator(schema_v30),
            "keyword_validators": {
                **osv.OpenAPIV30SpecValidator.keyword_validators,
                "schema": Schema,
                "default": Default,
            },
        },
    )

    def written_at(node: Any, target: Any, pointer: str = "") -> str | None:
        if node is target:
            return pointer
        items = (
            node.items()
            if isinstance(node, dict)
            else enumerate(node)
            if isinstance(node, list)
            else ()
        )
        for key, value in items:
            found = written_at(value, target, refs.join(pointer, key))
            if found is not None:
                return found
        return None

    reported, own, unlocated = [], [], []
    for error in cls(document.data, base_uri=document.path.as_uri()).iter_errors():
        if type(error).__name__ in paramcheck.CLASSES:  # docgen's own words, at the place
            unlocated.append(error)
            continue
        leaf, worded = explain.pick(error)
        pointer = refs.join("", *(list(leaf.absolute_path) or list(error.absolute_path)))
        schema = getattr(error, "reference_schema", None)
        holder = getattr(error, "reference_default", None)
        if holder is not None:  # a default its schema refuses: placed at that default
            pointer = (written_at(document.data, holder) or "") + "/default" + pointer
            schema = holder
        elif schema is not None:
            pointer = (written_at(document.data, schema) or "") + pointer
        if schema is not None:
            own.append(pointer)
        reported.append((pointer, leaf, worded, schema is not None))
    located = paramcheck.findings(document.data) if unlocated else []
    out = [message for _, message in located]
    if len(located) < len(unlocated):
        reported += [("", error, None, False) for error in unlocated]
    document_level = [p for p, _, _, mine in reported if not mine]
    kept = [
        (p, leaf, worded)
        for p, leaf, worded, mine in reported
        if not mine or not any((p + "/").startswith(d + "/") for d in document_level)
    ]
    out += [
        (f"at {pointer}: " if pointer else "") + (worded or explain.message(leaf))
        for pointer, leaf, worded in explain.without_consequences(kept)
    ]
    return list(dict.fromkeys(out))


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    cache = tmp_path / "cache"
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(cache))
    return cache


def test_fast_path_uses_the_library_schemas() -> None:
    from openapi_spec_validator.schemas import schema_v30, schema_v31
    from openapi_spec_validator.validation import keywords

    assert compiled.openapi_schema("3.0") == dict(schema_v30)
    assert compiled.openapi_schema("3.1") == dict(schema_v31)
    for line, library in (
        ("3.0", keywords.OpenAPIV30ValueValidator),
        ("3.1", keywords.OpenAPIV31ValueValidator),
    ):
        cls, checker = compiled.value_validator(line)
        # the library's class, with each keyword check metered (docgen.spec.budget)
        assert cls is budget.counted(library.value_validator_cls)
        assert cls.VALIDATORS.keys() == library.value_validator_cls.VALIDATORS.keys()
        assert checker is library.value_validator_format_checker


def test_valid_spec_is_proved_valid(tmp_path: Path) -> None:
    document = _document(tmp_path, VALID)
    assert _library(document) == []
    assert fastcheck.proves_valid(document, {document.name: document}, "3.0.3")


@pytest.mark.parametrize("kind", BROKEN)
def test_broken_spec_gets_the_library_errors(kind: str, tmp_path: Path) -> None:
    document = _document(tmp_path, _break(kind))
    expected = _library(document)
    assert expected, f"{kind}: the library should find an error"
    assert not fastcheck.proves_valid(document, {document.name: document}, "3.0.3")
    found = Diagnostics()
    assert not validate.validate_spec(document, {document.name: document}, "3.0.3", True, found)
    assert [d.message for d in found] == expected


def test_verdict_cache_replays_errors_and_survives_corruption(tmp_path: Path) -> None:
    document = _document(tmp_path, _break("dup-tag"))
    documents = {document.name: document}
    first = Diagnostics()
    validate.validate_spec(document, documents, "3.0.3", True, first)
    folder = verdicts.cache_dir()
    assert folder is not None
    entries = list(folder.glob("*.json"))
    assert len(entries) == 1
    again = Diagnostics()
    validate.validate_spec(document, documents, "3.0.3", True, again)
    assert list(again) == list(first)
    entries[0].write_text('{"format": "docgen-verdict-1", "errors": [[1, 2]]')  # corrupt
    third = Diagnostics()
    validate.validate_spec(document, documents, "3.0.3", True, third)
    assert list(third) == list(first)


def test_unusable_cache_folder_never_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(blocker))
    document = _document(tmp_path, VALID)
    found = Diagnostics()
    assert validate.validate_spec(document, {document.name: document}, "3.0.3", True, found)
    assert list(found) == []


def test_cache_files_read_back_as_written(tmp_path: Path) -> None:
    """Cache entries are written a mapping item at a time (the C encoder, no whole text in
    memory): random values read back equal, and non-string keys as json.dumps writes them."""
    import random

    from docgen.load.cache import read_json, write_json

    rng = random.Random(7)

    def value(depth: int = 0) -> object:
        roll = rng.random()
        if depth > 3 or roll < 0.3:
            return rng.choice([1, 2.5, '\u00e9\u2028"x', None, True, [1, "a"], {}])
        if roll < 0.6:
            return [value(depth + 1) for _ in range(rng.randint(0, 3))]
        keys = ["a", "\u00df", "", "1"]
        return {rng.choice(keys) + str(rng.randint(0, 9)): value(depth + 1) for _ in range(4)}

    path = tmp_path / "entry.json"
    for _ in range(1000):
        data = {"format": "x", "entries": value(), "more": {"k": value()}}
        assert write_json(path, data)
        assert read_json(path) == data
    mixed = {"entries": {1: "one", None: [2]}, 3: True}
    assert write_json(path, mixed)
    assert read_json(path) == json.loads(json.dumps(mixed))


def test_manifest_text_reads_back_as_written() -> None:
    """The manifest is written a record per line by the C encoder: random values read back
    equal, with no line break inside a record (a line break in a value is escaped)."""
    import random

    from docgen.render.artefacts import _lines_json

    rng = random.Random(11)
    atoms = [1, -2.5, '\u00e9\n\u2028"x', None, False, "", "]\n  ["]

    def value(depth: int = 0) -> object:
        roll = rng.random()
        if depth > 3 or roll < 0.4:
            return rng.choice(atoms)
        if roll < 0.7:
            return [value(depth + 1) for _ in range(rng.randint(0, 3))]
        return {rng.choice(["url", "\u00df", ""]) + str(n): value(depth + 1) for n in range(3)}

    for _ in range(500):
        pages = [value(1) for _ in range(rng.randint(0, 4))]
        data = {"generator": "docgen", "name": rng.choice(atoms), "url": None, "pages": pages}
        text = _lines_json(data)
        assert json.loads(text) == data
        assert len(text.rstrip("\n").split("\n")) == (7 + len(pages) if pages else 6)


def test_writer_keeps_unchanged_files_and_stays_atomic(tmp_path: Path) -> None:
    out = tmp_path / "site"
    files = {"_docgen/manifest.json": b"{}", "a/index.html": b"A", "b/index.html": b"B"}
    assert write_site(out, files).written == 3
    inode = (out / "a/index.html").stat().st_ino
    stats = write_site(out, {**files, "b/index.html": b"B2"})
    assert (stats.written, stats.kept) == (1, 2)
    assert (out / "a/index.html").stat().st_ino == inode
    assert (out / "b/index.html").read_bytes() == b"B2"
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    with pytest.raises((OutputError, OSError)):
        write_site(out, {**files, "a/index.html/x": b"file under a file"})
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no leftovers


def test_writer_removes_the_replaced_site_in_the_background(tmp_path: Path) -> None:
    out = tmp_path / "site"
    old = {f"old/{n}/index.html": b"x" * 100 for n in range(300)}
    write_site(out, {"_docgen/manifest.json": b"{}", **old})
    stats = write_site(out, {"_docgen/manifest.json": b"{}", "a/index.html": b"A"}, background=True)
    # The new site is in place at once; the old one is going (or gone) beside the caller.
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()) == [
        "_docgen/manifest.json",
        "a/index.html",
    ]
    assert stats.cleanup is not None
    stats.finish()
    assert stats.cleanup is None
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # no old folder left


def _build(spec: Path, out: Path, cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DOCGEN_CACHE_DIR": str(cache)}
    return subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(spec), "-o", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_unchanged_build_is_skipped_and_changes_are_rebuilt(
    tmp_path: Path, _own_cache: Path
) -> None:
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(VALID, indent=2))
    out = tmp_path / "_site"
    first = _build(spec, out, _own_cache)
    assert first.returncode == 0, first.stderr
    page = next(p for p in out.rglob("index.html") if "api-reference" in p.parts)
    original = page.read_bytes()
    second = _build(spec, out, _own_cache)
    assert "nothing changed" in second.stderr
    page.write_bytes(b"tampered")  # the output no longer matches the record: full build
    third = _build(spec, out, _own_cache)
    assert "nothing changed" not in third.stderr and page.read_bytes() == original
    changed = copy.deepcopy(VALID)
    changed["paths"]["/pets/{id}"]["get"]["description"] = "Now described."
    spec.write_text(json.dumps(changed, indent=2))
    fourth = _build(spec, out, _own_cache)
    assert "nothing changed" not in fourth.stderr
    assert b"Now described." in page.read_bytes()


def test_edited_operation_rerenders_only_its_pages(tmp_path: Path, _own_cache: Path) -> None:
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(VALID, indent=2))
    out, fresh = tmp_path / "_site", tmp_path / "fresh"
    assert _build(spec, out, _own_cache).returncode == 0
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    changed = copy.deepcopy(VALID)
    changed["paths"]["/pets/{id}"]["get"]["description"] = "Edited."
    spec.write_text(json.dumps(changed, indent=2))
    edited = _build(spec, out, _own_cache)
    assert edited.returncode == 0, edited.stderr
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    rewritten = {path for path, data in after.items() if before.get(path) != data}
    # The page, its Markdown twin and the spec copy; the search index (Pagefind's files, the
    # word list for typo correction and the titles file's lead lines) holds the edited text too.
    search = ("_docgen/pagefind/", "_docgen/search-words.json", "_docgen/search-titles.json")
    outside_search = {p.as_posix() for p in rewritten if not p.as_posix().startswith(search)}
    assert len(outside_search) == 3, sorted(outside_search)
    assert any(p.endswith("index.html") for p in outside_search)
    assert any(p.endswith(".md") for p in outside_search)
    assert any(p.startswith("_docgen/specs/") for p in outside_search)
    assert f"{len(rewritten)} written" in edited.stderr, (edited.stderr, sorted(rewritten))
    assert _build(spec, fresh, tmp_path / "other-cache").returncode == 0
    assert {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()} == {
        p.relative_to(fresh): p.read_bytes() for p in fresh.rglob("*") if p.is_file()
    }


def test_schema_errors_are_placed_where_the_schema_is_written(tmp_path: Path) -> None:
    """A Schema Object is checked on its own by the library, with paths that start at the
    schema: docgen places each error at the schema's file, line and column (in another file
    too), not at the top of the spec."""
    from docgen.pipeline import run_check

    (tmp_path / "openapi.yaml").write_text(
        "openapi: 3.1.0\n"
        "info: {title: T, version: '1'}\n"
        "paths:\n"
        "  /a:\n"
        "    get:\n"
        "      responses:\n"
        "        '200':\n"
        "          description: ok\n"
        "          content:\n"
        "            application/json:\n"
        "              schema: {$ref: 'other.yaml#/Thing'}\n"
        "components:\n"
        "  schemas:\n"
        "    Bad:\n"
        "      type: object\n"
        "      properties:\n"
        "        n: {type: numbr}\n"
    )
    (tmp_path / "other.yaml").write_text("Thing:\n  type: object\n  required: nope\n")
    found = run_check(tmp_path / "openapi.yaml").diagnostics
    placed = sorted((d.file, d.line, d.column, d.message.split(":")[0]) for d in found)
    assert placed == [
        ("openapi.yaml", 17, 19, "at /components/schemas/Bad/properties/n/type"),
        ("other.yaml", 3, 13, "at /Thing/required"),
    ]
