"""A fast, conservative proof that openapi-spec-validator finds no error in a spec.

:func:`proves_valid` returns ``True`` only when every check the library makes is known to pass.
Any doubt (a failed check, an unexpected shape, a feature not mirrored here, an exception)
returns ``False``, and the caller then runs the library itself: the verdict is always the
library's, this module only skips the library's work for specs it can prove valid.

The library's two passes are mirrored with the same schemas and checks:

1. the whole document against the OpenAPI JSON Schema (the library's own schema dict), compiled
   by jsonschema-rs with formats not asserted, as the library's validator has no format checker;
2. the library's keyword walk (duplicate tags and operationIds, parameters, path templates,
   response media types, component schemas, ``required`` under ``allOf``) on plain dicts, in
   the library's order. Each Schema Object the library meta-checks is validated against the same
   metaschema by jsonschema-rs, with formats asserted by the library's own format checker, and
   each ``default`` is validated by the library's own value validator at the same path (its
   keyword checks metered by :mod:`docgen.spec.budget`: past the budget, no proof).

Documents nested deeper than :data:`MAX_DEPTH` (where the library may hit Python's recursion
limit) and OpenAPI 3.2 are left to the library.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from typing import Any
from urllib.parse import unquote, urldefrag, urljoin

from docgen.exceptions import FastPathDoubt, TooComplex
from docgen.load.source import SourceDocument
from docgen.spec import budget, refs
from docgen.spec.fast.compiled import (
    MAX_DEPTH,
    document_valid,
    document_validator,
    line_of,
    metaschema_validator,
    value_validator,
    within_depth,
)

_OPERATIONS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
_Node = tuple[Any, str, tuple[Any, ...]]  # (value, base URI, SchemaPath parts from the root)


def proves_valid(
    document: SourceDocument,
    documents: dict[str, SourceDocument],
    version: str,
    *,
    schema_only: bool = False,
) -> bool:
    """``True`` only if openapi-spec-validator would report no error for ``document``.

    ``schema_only``: only the library's first pass (the document against the OpenAPI schema).
    """
    line = line_of(version)
    if line is None:
        return False
    try:
        if schema_only:
            return document_valid(line, document.data)
        return _Walker(document, documents, line).run()
    except Exception:  # FastPathDoubt, RecursionError, anything from third-party code: no proof
        return False


class _Walker:
    """One proof attempt; mirrors openapi-spec-validator's keyword validators."""

    def __init__(
        self, document: SourceDocument, documents: dict[str, SourceDocument], line: str
    ) -> None:
        self.line = line
        self.data = document.data
        self.base = document.path.as_uri()
        self.by_uri = {doc.path.as_uri(): doc.data for doc in documents.values()}
        self.documents = documents
        self.meta_ok: set[int] = set()
        self.visited: set[int] = set()
        self.extra_checked: set[int] = set()
        self.operation_ids: set[Any] = set()
        self.collected: dict[int, tuple[Any, frozenset[str] | None]] = {}
        self.default_work = budget.spec_work(documents.values())
        self.root_path: Any = None
        self.targets: dict[tuple[str, str], tuple[Any, str]] = {}

    # -- plumbing -------------------------------------------------------------------------

    def deref(self, value: Any, base: str, parts: tuple[Any, ...]) -> _Node:
        """Follow ``$ref`` chains as jsonschema-path does when it reads a node."""
        for _ in range(64):
            if not (isinstance(value, dict) and "$ref" in value):
                return value, base, parts
            ref = value["$ref"]
            if not isinstance(ref, str):
                raise FastPathDoubt
            value, base = self.lookup(base, ref)
        raise FastPathDoubt

    def lookup(self, base: str, ref: str) -> tuple[Any, str]:
        """The target of ``ref`` (found in the document at ``base``) and its document."""
        key = (base, ref)
        if key in self.targets:
            return self.targets[key]
        uri, fragment = (
            urldefrag(urljoin(base, ref)) if not ref.startswith("#") else (base, ref[1:])
        )
        if uri not in self.by_uri or (fragment and not fragment.startswith("/")):
            raise FastPathDoubt
        try:
            node = refs.lookup(self.by_uri[uri], unquote(fragment))
        except KeyError:
            raise FastPathDoubt from None
        self.targets[key] = (node, uri)
        return node, uri

    def child(self, node: _Node, key: Any) -> _Node:
        value, base, parts = node
        return self.deref(value[key], base, (*parts, key))

    def mapping(self, node: _Node) -> dict[str, Any]:
        value = node[0]
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            raise FastPathDoubt
        return value

    def items(self, node: _Node) -> Iterator[tuple[str, _Node]]:
        for key in self.mapping(node):
            yield key, self.child(node, key)

    def elements(self, node: _Node) -> Iterator[_Node]:
        value = node[0]
        if not isinstance(value, list):
            raise FastPathDoubt
        for index in range(len(value)):
            yield self.child(node, index)

    # -- the proof ------------------------------------------------------------------------

    def run(self) -> bool:
        for doc in self.documents.values():
            if not within_depth(doc.data, MAX_DEPTH):
                return False
        if not document_validator(self.line).is_valid(self.data):
            return False
        if self.line == "3.1" and "jsonSchemaDialect" in self.data:
            return False
        root = self.deref(self.data, self.base, ())
        spec = self.mapping(root)
        if "tags" in spec and not self.tags(self.child(root, "tags")):
            return False
        if "paths" in spec:
            for url, item in self.items(self.child(root, "paths")):
                if not self.path(url, item):
                    return False
        if "components" in spec:
            components = self.child(root, "components")
            if "schemas" in self.mapping(components):
                for _, schema in self.items(self.child(components, "schemas")):
                    if not self.schema(schema, entry=True):
                        return False
        return True

    def tags(self, tags: _Node) -> bool:
        seen: set[str] = set()
        for tag in self.elements(tags):
            name = self.mapping(tag).get("name")
            if not isinstance(name, str):
                raise FastPathDoubt
            if name in seen:
                return False
            seen.add(name)
        return True

    def path(self, url: str, item: _Node) -> bool:
        fields = self.mapping(item)
        parameters = None
        if "parameters" in fields:
            parameters = self.child(item, "parameters")
            if not self.parameters(parameters):
                return False
        for name in fields:
            if name in _OPERATIONS and not self.operation(url, self.child(item, name), parameters):
                return False
        return True

    def operation(self, url: str, operation: _Node, path_parameters: _Node | None) -> bool:
        fields = self.mapping(operation)
        if "operationId" in fields:
            operation_id = fields["operationId"]
            if operation_id is not None and operation_id in self.operation_ids:
                return False
            self.operation_ids.add(operation_id)
        if "responses" in fields:
            for _, response in self.items(self.child(operation, "responses")):
                if "content" not in self.mapping(response):
                    continue
                for _, media in self.items(self.child(response, "content")):
                    if "schema" in self.mapping(media) and not self.schema(
                        self.child(media, "schema"), entry=True
                    ):
                        return False
        names: set[str] = set()
        if "parameters" in fields:
            parameters = self.child(operation, "parameters")
            if not self.parameters(parameters):
                return False
            names |= self.path_names(parameters)
        if path_parameters is not None:
            names |= self.path_names(path_parameters)
        try:
            in_url = {field for _, field, _, _ in string.Formatter().parse(url) if field}
        except ValueError:
            raise FastPathDoubt from None
        return in_url == names

    def parameters(self, parameters: _Node) -> bool:
        seen: set[tuple[Any, Any]] = set()
        for parameter in self.elements(parameters):
            fields = self.mapping(parameter)
            if "schema" in fields and not self.schema(self.child(parameter, "schema"), entry=True):
                return False
            if "name" not in fields or "in" not in fields:
                raise FastPathDoubt
            key = (fields["name"], fields["in"])
            if key in seen:
                return False
            seen.add(key)
        return True

    def path_names(self, parameters: _Node) -> set[str]:
        names = set()
        for parameter in self.elements(parameters):
            fields = self.mapping(parameter)
            where, name = fields.get("in"), fields.get("name")
            if not isinstance(where, str):
                raise FastPathDoubt
            if where == "path":
                if not isinstance(name, str):
                    raise FastPathDoubt
                names.add(name)
        return names

    def schema(self, node: _Node, entry: bool) -> bool:
        """The library's SchemaValidator: meta check, nested schemas, required, default."""
        value = node[0]
        if not isinstance(value, (dict, bool)):
            return False
        key = id(value)
        if entry and key not in self.meta_ok:
            if not self.meta_valid(value):
                return False
            self.meta_ok.add(key)
        if isinstance(value, bool):
            return True
        fields = self.mapping(node)
        if entry and key not in self.extra_checked:
            self.extra_checked.add(key)
            if "allOf" in fields and not self.required_defined(node):
                return False
        if key in self.visited:
            return True
        self.visited.add(key)
        for keyword in ("allOf", "anyOf", "oneOf"):
            if keyword in fields:
                for inner in self.elements(self.child(node, keyword)):
                    if not self.schema(inner, entry=False):
                        return False
        for keyword in ("not", "items"):
            if keyword in fields and not self.schema(self.child(node, keyword), entry=False):
                return False
        if "properties" in fields:
            for _, inner in self.items(self.child(node, "properties")):
                if not self.schema(inner, entry=False):
                    return False
        if "default" in fields:
            default = fields["default"]
            nullable = fields.get("nullable", False)
            if isinstance(nullable, (dict, list)) or refs.has_ref(default):
                raise FastPathDoubt  # the library would read these through jsonschema-path
            if (default is not None or nullable is not True) and not self.default_valid(
                node, default
            ):
                return False
        return True

    def required_defined(self, node: _Node) -> bool:
        """Every name in ``required`` is a property of the schema or of its ``allOf`` parts."""
        fields = self.mapping(node)
        required = fields.get("required") or []
        if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
            raise FastPathDoubt
        known = (
            set(self.mapping(self.child(node, "properties"))) if "properties" in fields else set()
        )
        for inner in self.elements(self.child(node, "allOf")):
            known |= self.collect(inner)
        return not set(required) - known

    def collect(self, node: _Node) -> frozenset[str]:
        """The library's ``_collect_properties``, memoised per schema (the library's has no
        cycle guard: a cycle is doubt)."""
        value = node[0]
        if not isinstance(value, dict):
            return frozenset()
        known = self.collected.get(id(value))
        if known is not None:
            if known[1] is None:
                raise FastPathDoubt
            return known[1]
        self.collected[id(value)] = (value, None)
        found: set[str] = set()
        if "properties" in value:
            found |= set(self.mapping(self.child(node, "properties")))
        for keyword in ("allOf", "anyOf", "oneOf"):
            if keyword in value:
                for inner in self.elements(self.child(node, keyword)):
                    found |= self.collect(inner)
        for keyword in ("items", "not"):
            if keyword in value:
                found |= self.collect(self.child(node, keyword))
        result = frozenset(found)
        self.collected[id(value)] = (value, result)
        return result

    def meta_valid(self, value: Any) -> bool:
        if self.line == "3.1" and isinstance(value, dict) and "$schema" in value:
            raise FastPathDoubt  # a per-schema dialect: left to the library
        return bool(metaschema_validator(self.line).is_valid(value))

    def default_valid(self, node: _Node, default: Any) -> bool:
        """The library's own value validator on this schema.

        A schema without references is validated directly (its resolver is never used);
        one with references is reached through the library's own path, for its resolver.
        """
        limit = min(budget.DEFAULT_WORK, self.default_work)
        meter = None
        try:
            with budget.metered(limit) as meter:
                return self._default_valid(node, default)
        except TooComplex:
            raise FastPathDoubt from None  # the library reports it (docgen.spec.fast.prescreen)
        finally:
            self.default_work -= limit - (max(meter.left, 0) if meter else 0)

    def _default_valid(self, node: _Node, default: Any) -> bool:
        if not refs.has_ref(node[0]):
            validator_class, format_checker = value_validator(self.line)
            validator = validator_class(node[0], format_checker=format_checker)
            return next(iter(validator.iter_errors(default)), None) is None
        from openapi_spec_validator.validation import keywords

        from docgen.spec.fast.prescreen import value_validator as metered_library

        library = metered_library(
            keywords.OpenAPIV30ValueValidator
            if self.line == "3.0"
            else keywords.OpenAPIV31ValueValidator
        )
        if self.root_path is None:
            from jsonschema_path import SchemaPath

            by_uri = self.by_uri

            def memory(uri: str) -> Any:
                key = uri.partition("#")[0]
                if key not in by_uri:
                    raise FastPathDoubt
                return by_uri[key]

            def refuse(uri: str) -> Any:
                raise FastPathDoubt

            handlers = {"<all_urls>": refuse, "http": refuse, "https": refuse, "file": memory}
            self.root_path = SchemaPath.from_dict(self.data, base_uri=self.base, handlers=handlers)
        path = self.root_path
        for part in node[2]:
            path = path / part
        errors = library(registry=None)(path, default)
        return next(iter(errors), None) is None
