"""Validate a spec with openapi-spec-validator, turning each error into a located diagnostic.

References are resolved from the files already loaded (inside the docs root) and never from
disk or network: the validator's resolver handlers are replaced by an in-memory lookup.

The verdict is always the library's, reached the cheapest way (:mod:`docgen.spec.fast`): a
cached verdict for the same bytes, else a fast proof of validity, else the library itself,
whose exhaustive checks are pre-screened by the same compiled validator
(a check that provably passes is skipped, one that may fail runs in the library as usual).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from docgen.diagnostics import Code, Diagnostic, Diagnostics, Location
from docgen.load.source import SourceDocument
from docgen.spec import budget, explain, paramcheck, refs, servercheck
from docgen.spec.fast import fastcheck, verdicts
from docgen.spec.versions import line_for

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

    from docgen.spec.fast import prescreen

MAX_ERRORS = 50


def _validator_class(version: str, documents: dict[str, SourceDocument]) -> Any:
    import openapi_spec_validator as osv  # imported lazily: it is slow to import

    from docgen.spec.fast import prescreen  # imports openapi_spec_validator too

    line = line_for(version)
    assert line is not None, version  # the loader lets only these versions through
    base: Any = getattr(osv, line.validator)
    return type(
        "DocgenValidator",
        (base,),
        {
            "resolver_handlers": _handlers(documents),
            "schema_validator": prescreen.document_validator(version),
            "keyword_validators": prescreen.keyword_validators(
                base.keyword_validators, version, budget.spec_work(documents.values())
            ),
        },
    )


def _handlers(documents: dict[str, SourceDocument]) -> dict[str, Any]:
    by_uri = {doc.path.as_uri(): doc.data for doc in documents.values()}

    def memory(uri: str) -> Any:
        key = uri.partition("#")[0]
        if key not in by_uri:
            raise LookupError(f"reference to '{uri}' is not part of the loaded spec")
        return by_uri[key]

    def refuse(uri: str) -> Any:
        raise LookupError(f"remote reference '{uri}' is not fetched")

    return {"<all_urls>": refuse, "http": refuse, "https": refuse, "file": memory}


def _too_complex(
    error: prescreen.TooComplexError,
    document: SourceDocument,
    places: _Places,
    found: Diagnostics,
) -> None:
    """A ``spec-too-complex`` error at the ``default`` the library could not check in budget."""
    where, pointer = document, refs.join("", *error.parts)
    place = places.of(error.schema)  # where the schema is written
    if place is not None:
        where, pointer = place
    pointer += "/default"
    why = (
        "the default values of this spec together took more than its budget"
        if error.spent
        else f"checking it against its schema takes more than {budget.DEFAULT_WORK:,} steps"
    )
    found.error(
        Code.SPEC_TOO_COMPLEX,
        f"at {pointer}: default not validated: {why} (a $ref graph that fans out, such as "
        "allOf/anyOf/oneOf naming the same schema twice at every level); simplify the schema",
        where.location(pointer),
    )


class _Places:
    """Where each object of the spec's documents is written (document, JSON pointer), found
    by identity; the documents are indexed on the first question only."""

    def __init__(self, documents: dict[str, SourceDocument]) -> None:
        self.documents = documents
        self._index: dict[int, tuple[SourceDocument, str]] | None = None

    def of(self, target: Any) -> tuple[SourceDocument, str] | None:
        if self._index is None:
            self._index = {}
            for document in self.documents.values():
                stack: list[tuple[Any, str]] = [(document.data, "")]
                while stack:
                    node, pointer = stack.pop()
                    if isinstance(node, dict):
                        self._index.setdefault(id(node), (document, pointer))
                        stack.extend((v, refs.join(pointer, k)) for k, v in node.items())
                    elif isinstance(node, list):
                        stack.extend((v, refs.join(pointer, i)) for i, v in enumerate(node))
        return self._index.get(id(target))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _iter_errors(validator: Any, refs_ok: bool) -> Iterable[ValidationError]:
    if refs_ok:
        yield from validator.iter_errors()
    else:
        # With dangling references only the schema pass is safe (it does not follow $refs).
        yield from validator.schema_validator.iter_errors(validator.schema)


def validate_spec(
    document: SourceDocument,
    documents: dict[str, SourceDocument],
    version: str,
    refs_ok: bool,
    diagnostics: Diagnostics,
) -> bool:
    """Report every validation error of ``document``; ``True`` when there is none."""
    name = verdicts.key(documents, version, "full" if refs_ok else "schema")
    errors = verdicts.load(name)
    if errors is None:
        if fastcheck.proves_valid(document, documents, version, schema_only=not refs_ok):
            errors, settled = [], True
        else:
            errors, settled = _library_verdict(document, documents, version, refs_ok)
        if settled:
            verdicts.store(name, errors)
    for error in errors:
        diagnostics.add(error)
    for pointer, message in servercheck.findings(document.data):  # left out of the pages
        diagnostics.warning(Code.LINK_UNSAFE, message, document.location(pointer))
    return not errors


def _library_verdict(
    document: SourceDocument,
    documents: dict[str, SourceDocument],
    version: str,
    refs_ok: bool,
) -> tuple[list[Diagnostic], bool]:
    """The library's errors as diagnostics, and whether that verdict may be cached."""
    from docgen.spec.fast import prescreen

    found = Diagnostics()
    cls = _validator_class(version, documents)
    count = 0
    settled = True
    reported: list[tuple[str, ValidationError, str | None]] = []
    places = _Places(documents)
    where_written: dict[int, SourceDocument] = {}  # id(error) -> document it is in
    unlocated: list[ValidationError] = []
    try:
        validator = cls(document.data, base_uri=document.path.as_uri())
        for error in _iter_errors(validator, refs_ok):
            count += 1
            if count > MAX_ERRORS:
                continue
            if isinstance(error, prescreen.TooComplexError):
                _too_complex(error, document, places, found)
                continue
            if type(error).__name__ in paramcheck.CLASSES:  # says no where: found below
                unlocated.append(error)
                continue
            leaf, worded = explain.pick(error)
            path = list(leaf.absolute_path) or list(error.absolute_path)
            pointer = refs.join("", *path)
            schema = getattr(error, "docgen_schema", None)
            place = places.of(schema) if schema is not None else None
            holder = getattr(error, "docgen_default", None)
            if holder is not None:  # a default that its own schema refuses
                parts, schema = holder
                where, at = places.of(schema) or (document, refs.join("", *parts))
                where_written[id(leaf)] = where
                pointer = f"{at}/default{pointer}"
            elif place is not None:
                # A Schema Object checked on its own: its path starts at the schema.
                where_written[id(leaf)] = place[0]
                pointer = place[1] + pointer
            reported.append((pointer, leaf, worded))
    except RecursionError:
        count += 1
        settled = False
        found.error(
            Code.SPEC_INVALID,
            "validation gave up: the spec nests too deeply",
            Location(document.name, 1, 1),
        )
    except Exception as exc:  # the validator is third-party code: never let it crash docgen
        count += 1
        settled = False
        found.error(
            Code.SPEC_INVALID,
            f"the OpenAPI validator stopped on this spec: {type(exc).__name__}: {_short(exc)}",
            Location(document.name, 1, 1),
        )
    located = paramcheck.findings(document.data) if unlocated else []
    for pointer, message in located:
        found.error(Code.SPEC_INVALID, message, document.location(pointer))
    if len(located) < len(unlocated):  # docgen did not find them all: the library's words too
        reported.extend(("", error, None) for error in unlocated)
    # A Schema Object's own error where the document's check reported one too: the same fault.
    document_level = [pointer for pointer, leaf, _ in reported if id(leaf) not in where_written]
    reported = [
        item
        for item in reported
        if id(item[1]) not in where_written
        or not any((item[0] + "/").startswith(p + "/") for p in document_level)
    ]
    for pointer, leaf, worded in explain.without_consequences(reported):
        at = f"at {pointer}: " if pointer else ""
        home = where_written.get(id(leaf), document)
        found.error(
            Code.SPEC_INVALID, f"{at}{worded or explain.message(leaf)}", home.location(pointer)
        )
    if count > MAX_ERRORS:
        found.error(
            Code.SPEC_INVALID,
            f"{count - MAX_ERRORS} more validation error(s) not shown",
            Location(document.name, 1, 1),
        )
    return list(found), settled
