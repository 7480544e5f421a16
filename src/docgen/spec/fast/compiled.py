"""openapi-spec-validator's schemas and checks, compiled by jsonschema-rs: the document
schema, the metaschema each Schema Object is checked against (with the library's own format
checkers), and the library's value validators, all found where the library keeps them."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from docgen.exceptions import FastPathDoubt
from docgen.spec import budget
from docgen.spec.versions import line_for

MAX_DEPTH = 64


def available() -> bool:
    """Whether the compiled validator (jsonschema-rs) is installed."""
    try:
        import jsonschema_rs  # noqa: F401
    except ImportError:
        return False
    return True


def line_of(version: str) -> str | None:
    """The line ('3.0', '3.1') of ``version`` when the fast path mirrors it, else ``None``."""
    line = line_for(version)
    return line.line if line is not None and line.mirrored and available() else None


def document_valid(line: str, data: Any) -> bool:
    """The library's first pass (the document against the OpenAPI schema) passes."""
    return within_depth(data, MAX_DEPTH) and bool(document_validator(line).is_valid(data))


def schema_meta_valid(line: str, value: Any) -> bool:
    """The library's metaschema check of one Schema Object (default dialect) passes."""
    if line == "3.1" and isinstance(value, dict) and "$schema" in value:
        return False
    if isinstance(value, (dict, list)) and not within_depth(value, MAX_DEPTH):
        return False
    return bool(metaschema_validator(line).is_valid(value))


def within_depth(node: Any, limit: int) -> bool:
    if limit <= 0:
        return False
    children = node.values() if type(node) is dict else node
    for child in children:
        if (type(child) is dict or type(child) is list) and not within_depth(child, limit - 1):
            return False
    return True


def _formats_in(node: Any, found: set[str]) -> set[str]:
    if isinstance(node, dict):
        if isinstance(node.get("format"), str):
            found.add(node["format"])
        for child in node.values():
            _formats_in(child, found)
    elif isinstance(node, list):
        for child in node:
            _formats_in(child, found)
    return found


def _format_functions(checker: Any, schemas: list[Any]) -> dict[str, Callable[[str], bool]]:
    """For every format the metaschemas use, the library checker's own verdict."""
    formats: set[str] = set()
    for schema in schemas:
        _formats_in(schema, formats)

    def conforms(name: str) -> Callable[[str], bool]:
        return lambda value: bool(checker.conforms(value, name))

    return {name: conforms(name) for name in sorted(formats)}


def _library_file(package: str, *parts: str) -> Path:
    """A data file shipped inside ``package``, found without importing the package."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise FastPathDoubt
    return Path(next(iter(spec.submodule_search_locations)), *parts)


@cache
def openapi_schema(line: str) -> Any:
    """The OpenAPI schema openapi-spec-validator validates documents against (its own file)."""
    path = _library_file(
        "openapi_spec_validator", "resources", "schemas", f"v{line}", "schema.json"
    )
    return json.loads(path.read_bytes())


@cache
def document_validator(line: str) -> Any:
    """jsonschema-rs for the library's OpenAPI document schema (``line``: '3.0' or '3.1')."""
    import jsonschema_rs

    return jsonschema_rs.validator_for(openapi_schema(line), validate_formats=False)


@cache
def metaschema_validator(line: str) -> Any:
    """jsonschema-rs for the metaschema the library checks each Schema Object against."""
    import jsonschema_rs
    from openapi_schema_validator import (
        OAS30Validator,
        OAS31Validator,
        oas30_format_checker,
        oas31_format_checker,
    )
    from openapi_schema_validator._specifications import REGISTRY

    if line == "3.0":
        meta = OAS30Validator.META_SCHEMA
        formats = _format_functions(oas30_format_checker, [meta])
        return jsonschema_rs.Draft4Validator(meta, formats=formats, validate_formats=True)
    meta = OAS31Validator.META_SCHEMA
    resources = [(uri, REGISTRY.contents(uri)) for uri in REGISTRY if "openapis.org" in uri]
    metaschemas = [contents for _, contents in resources]
    metaschemas += [REGISTRY.contents(uri) for uri in REGISTRY if "2020-12" in uri]
    formats = _format_functions(oas31_format_checker, metaschemas)
    registry = jsonschema_rs.Registry(resources)
    return jsonschema_rs.Draft202012Validator(
        meta, formats=formats, validate_formats=True, registry=registry
    )


def value_validator(line: str) -> tuple[Any, Any]:
    """The validator class and format checker the library validates ``default`` values with
    (``OpenAPIV30ValueValidator`` / ``OpenAPIV31ValueValidator``), imported from where the
    library imports them."""
    if line == "3.0":
        from openapi_schema_validator import OAS30Validator, oas30_format_checker

        return budget.counted(OAS30Validator), oas30_format_checker
    from openapi_schema_validator import OAS31Validator, oas31_format_checker

    return budget.counted(OAS31Validator), oas31_format_checker
