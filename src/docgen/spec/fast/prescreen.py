"""Speed-ups for a full openapi-spec-validator run that leave its output exactly as it was.

Used when the fast proof (:mod:`docgen.spec.fast.fastcheck`) could not vouch for a spec, so the
library runs and reports. Three changes, none of which alters what it reports:

- the document pass and each Schema Object's metaschema check are first tried with the compiled
  validator; when that proves the check passes, the pure-Python check (which would yield nothing)
  is skipped; otherwise it runs as usual and produces the library's own messages;
- the pass always uses the pure-Python jsonschema backend for its messages, whatever
  ``OPENAPI_SPEC_VALIDATOR_SCHEMA_VALIDATOR_BACKEND`` or the installed packages say;
- the lists the keyword validators use to remember what they have seen (``x in list``, quadratic
  on big specs) answer membership from a set;
- ``_collect_properties`` (the property names reachable through ``allOf``/``anyOf``/``oneOf``/
  ``items``/``not``) is memoised per schema: the library's version walks every path of a ``$ref``
  DAG, exponential in its depth (an ``allOf`` naming the next schema twice, 18 levels deep, never
  finishes). A cycle raises ``RecursionError`` at once, as the library's would after recursing.

One change bounds what the library would otherwise never finish: each ``default`` is validated
within a work budget (:mod:`docgen.spec.budget`); past it the library's check is abandoned and a
:class:`TooComplexError` names the schema instead.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from openapi_spec_validator.validation.exceptions import OpenAPIValidationError

from docgen.exceptions import TooComplex
from docgen.spec import budget
from docgen.spec.fast import compiled
from docgen.spec.versions import line_for


class TooComplexError(OpenAPIValidationError):
    """A ``default`` the library could not validate within the work budget."""

    def __init__(self, parts: tuple[Any, ...], schema: Any, spent: bool) -> None:
        super().__init__("too complex")
        self.parts = parts  # the path the library took (through $refs)
        self.schema = schema  # the schema holding the default, to name where it is written
        self.spent = spent  # the spec's whole budget was spent (not this default's own)


@cache
def value_validator(base: Any) -> Any:
    """The library's ``default`` validator class ``base`` with its checks metered."""
    return type(
        base.__name__,
        (base,),
        {"value_validator_cls": budget.counted(base.value_validator_cls)},
    )


class _IndexedList(list[Any]):
    """A list whose ``in`` is answered from a set (with the list's own semantics)."""

    def __init__(self) -> None:
        super().__init__()
        self._index: set[Any] = set()
        self._unhashable = False

    def append(self, item: Any) -> None:
        super().append(item)
        try:
            self._index.add(item)
        except TypeError:
            self._unhashable = True

    def __contains__(self, item: object) -> bool:
        try:
            if item in self._index:
                return True
        except TypeError:
            return super().__contains__(item)
        return self._unhashable and super().__contains__(item)


class _DocumentValidator:
    """The library's document-pass validator, skipped when the compiled one proves it passes."""

    def __init__(self, python: Any, line: str | None) -> None:
        self.python = python
        self.line = line
        self.schema = python.schema

    def iter_errors(self, instance: Any) -> Iterator[Any]:
        if self.line is not None:
            try:
                if compiled.document_valid(self.line, instance):
                    return
            except Exception:
                pass
        yield from self.python.iter_errors(instance)


@cache
def document_validator(version: str) -> _DocumentValidator:
    """The document-pass validator for ``version``, on the pure-Python backend."""
    from openapi_spec_validator import schemas
    from openapi_spec_validator.schemas.backend.jsonschema import create_validator

    line = line_for(version)
    assert line is not None, version  # the loader lets only these versions through
    schema = getattr(schemas, line.schema)
    return _DocumentValidator(create_validator(schema), compiled.line_of(version))


def keyword_validators(base: Mapping[str, Any], version: str, work: int) -> dict[str, Any]:
    """``base`` (the library's keyword validator classes) with the speed-ups above; the
    ``default`` checks of one run may spend ``work`` (:func:`docgen.spec.budget.spec_work`)."""
    line = compiled.line_of(version)
    schema_class = base["schema"]
    operation_class = base["operation"]

    def schema_init(self: Any, registry: Any) -> None:
        schema_class.__init__(self, registry)
        self.visited_schema_ids = _IndexedList()
        self.meta_checked_schema_ids = _IndexedList()

    def validate_schema_meta(self: Any, schema: Any, schema_value: Any) -> Any:
        if line is not None and _default_dialect(self, schema, schema_value, line):
            try:
                if compiled.schema_meta_valid(line, schema_value):
                    return None
            except Exception:
                pass
        error = schema_class._validate_schema_meta(self, schema, schema_value)
        if error is not None:
            # Its path is inside the schema: the schema object says where it is written.
            error.docgen_schema = schema_value
        return error

    def collect_properties(self: Any, schema: Any) -> set[str]:
        memo: dict[int, tuple[Any, frozenset[str] | None]] = self.__dict__.setdefault(
            "docgen_collected", {}
        )
        value = schema.read_value()
        seen = memo.get(id(value))
        if seen is not None:
            if seen[1] is None:  # reached again while collecting itself: the library recurses
                raise RecursionError("allOf/anyOf/oneOf/items/not cycle")
            return set(seen[1])
        memo[id(value)] = (value, None)  # the value is kept so that its id stays unique
        found = frozenset(schema_class._collect_properties(self, schema))
        memo[id(value)] = (value, found)
        return set(found)

    def operation_init(self: Any, registry: Any) -> None:
        operation_class.__init__(self, registry)
        self.operation_ids_registry = _IndexedList()

    default_class = value_validator(base["default"])

    def default_call(self: Any, schema: Any, value: Any) -> Iterator[Any]:
        left = self.__dict__.setdefault("docgen_left", work)
        limit = min(budget.DEFAULT_WORK, left)
        meter = None
        try:
            with budget.metered(limit) as meter:
                errors = list(default_class.__call__(self, schema, value))
        except TooComplex:
            spent = limit < budget.DEFAULT_WORK
            yield TooComplexError(tuple(schema.parts), schema.read_value(), spent)
            return
        finally:
            self.docgen_left = left - limit + (max(meter.left, 0) if meter else 0)
        for error in errors:
            # Its path starts at the default: say whose default it is. The library re-wraps
            # any other error class, which would drop the note; this one it passes on.
            wrapped: Any = OpenAPIValidationError.create_from(error)
            wrapped.docgen_default = (tuple(schema.parts), schema.read_value())
            yield wrapped

    validators = dict(base)
    validators["default"] = type(
        default_class.__name__, (default_class,), {"__call__": default_call}
    )
    validators["schema"] = type(
        schema_class.__name__,
        (schema_class,),
        {
            "__init__": schema_init,
            "_validate_schema_meta": validate_schema_meta,
            "_collect_properties": collect_properties,
        },
    )
    validators["operation"] = type(
        operation_class.__name__, (operation_class,), {"__init__": operation_init}
    )
    return validators


def _default_dialect(validator: Any, schema: Any, schema_value: Any, line: str) -> bool:
    """Whether the library checks ``schema_value`` against the dialect mirrored by compiled."""
    if line == "3.0":
        return True
    from openapi_schema_validator import OAS31_BASE_DIALECT_ID

    if isinstance(schema_value, Mapping) and "$schema" in schema_value:
        return False
    try:
        return bool(validator._get_schema_dialect_id(schema, schema_value) == OAS31_BASE_DIALECT_ID)
    except Exception:
        return False
