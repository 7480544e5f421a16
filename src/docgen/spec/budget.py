"""A work budget for the validator library's value checks (a ``default`` against its schema).

jsonschema follows ``$ref`` every time it meets one, so a ``default`` whose schema is an
``allOf``/``anyOf``/``oneOf`` DAG (each schema naming the next twice) costs 2**depth keyword
checks. :func:`metered` gives the checks made inside it a budget; the validator classes from
:func:`counted` spend one unit per keyword they evaluate (in subschemas too, whatever their
``$schema``) and raise :class:`TooComplex` when the budget is spent. Messages are the library's:
only the keyword functions are wrapped, never changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from docgen.exceptions import TooComplex
from docgen.load.source import SourceDocument

DEFAULT_WORK = 2_000  # keyword checks for one default value
SPEC_WORK = 20_000  # keyword checks for all default values of a small spec, plus one per byte


def spec_work(documents: Iterable[SourceDocument]) -> int:
    """The keyword checks all ``default`` values of a spec may cost: linear in its size."""
    return SPEC_WORK + sum(len(document.text) for document in documents)


class _Meter:
    def __init__(self, limit: int) -> None:
        self.left = limit

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise TooComplex


_meter: ContextVar[_Meter | None] = ContextVar("docgen_validation_meter", default=None)


@contextmanager
def metered(limit: int) -> Iterator[_Meter]:
    """Keyword checks of :func:`counted` validators inside the block may spend ``limit``."""
    meter = _Meter(limit)
    token = _meter.set(meter)
    try:
        yield meter
    finally:
        _meter.reset(token)


def _wrap(function: Callable[..., Any]) -> Callable[..., Any]:
    def keyword(validator: Any, value: Any, instance: Any, schema: Any) -> Any:
        meter = _meter.get()
        if meter is not None:
            meter.spend()
        return function(validator, value, instance, schema)

    return keyword


@cache
def counted(cls: Any) -> Any:
    """``cls`` (a jsonschema validator class) with every keyword check metered."""
    if getattr(cls, "_docgen_counted", False):
        return cls
    import attrs
    from jsonschema.validators import extend, validator_for

    new = extend(cls, {name: _wrap(fn) for name, fn in cls.VALIDATORS.items()})  # type: ignore[no-untyped-call]
    fields = [(f.name, f.alias) for f in attrs.fields(new) if f.init]

    def evolve(self: Any, **changes: Any) -> Any:
        # As jsonschema's own evolve, but a subschema's other dialect is metered too.
        schema = changes.setdefault("schema", self.schema)
        target = counted(validator_for(schema, default=type(self)))
        for name, alias in fields:
            if alias not in changes:
                changes[alias] = getattr(self, name)
        return target(**changes)

    new.evolve = evolve
    new._docgen_counted = True
    return new
