"""A bounded, YAML-1.2-flavoured loader.

* The event stream is scanned first (libyaml's parser is iterative), so a deeply nested
  document, an alias bomb or a cyclic alias is refused *before* any Python object or composed
  node tree is built (libyaml's composer recurses and can crash the process on deep input).
* Scalars resolve as in YAML 1.2's core schema: ``on``/``yes``/``no`` stay strings, dates stay
  strings, and non-string mapping keys (``200:``) are kept as written, as strings.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import yaml

from docgen.exceptions import LoadError
from docgen.load.gcpause import gc_paused

MAX_DEPTH = 512
MIN_EXPANSION_BUDGET = 1_000_000
EXPANSION_FACTOR = 4
# How far libyaml's scanner reads ahead of its parser in flow context (simple-key limit + slack).
_LOOKAHEAD = 2048

_BaseLoader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _make_parser(text: str, fallback: bool = False) -> Any:
    """An event parser for ``text``: libyaml's when available (``fallback``: PyYAML's own)."""
    return yaml.SafeLoader(text) if fallback else _BaseLoader(text)


def _mark(event: Any) -> tuple[int, int]:
    return event.start_mark.line + 1, event.start_mark.column + 1


def check_structure(text: str) -> None:
    """Refuse too-deep nesting, cyclic aliases and alias expansion beyond a budget.

    Raises :class:`LoadError` with the position of the offending event.
    """
    try:
        _scan(text, fallback=False)
    except yaml.YAMLError as exc:
        if _BaseLoader is not yaml.SafeLoader and _may_be_flow_depth(text, exc):
            # libyaml 0.2.6+ caps flow nesting with an error of its own, raised by its
            # scanner's look-ahead before the parser reaches docgen's limit. PyYAML's
            # pure-Python parser has no such cap: it reaches docgen's limit first.
            try:
                _scan(text[: _index(exc) + 1], fallback=True)
            except LoadError:
                raise
            except yaml.YAMLError:
                pass
        raise _as_load_error(exc) from None


def _index(exc: yaml.YAMLError) -> int:
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    return int(getattr(mark, "index", 0) or 0)


def _may_be_flow_depth(text: str, exc: yaml.YAMLError) -> bool:
    """Whether many flow collections open just before the error (a cheap test, so that a
    plain syntax error in a big spec is not scanned a second time, 20x slower)."""
    end = _index(exc)
    window = text[max(0, end - _LOOKAHEAD) : end + 1]
    return window.count("[") + window.count("{") >= MAX_DEPTH // 2


def _as_load_error(exc: yaml.YAMLError) -> LoadError:
    if isinstance(exc, yaml.MarkedYAMLError):
        return _yaml_error(exc)
    return LoadError(f"invalid YAML: {exc}")


def _scan(text: str, fallback: bool) -> None:
    loader = _make_parser(text, fallback)
    # One frame per open collection: [node count so far, anchor or None].
    stack: list[list[Any]] = []
    anchor_sizes: dict[str, int] = {}
    open_anchors: set[str] = set()
    real_nodes = 0
    expanded = 0
    get_event = loader.get_event
    try:
        while (event := get_event()) is not None:
            kind = _KINDS.get(type(event), _OTHER)
            if kind is _SCALAR:  # the most common event first
                real_nodes += 1
                expanded += 1
                if stack:
                    stack[-1][0] += 1
                if event.anchor is not None:
                    anchor_sizes[event.anchor] = 1
            elif kind is _ALIAS:
                if event.anchor in open_anchors:
                    raise LoadError(
                        f"cyclic alias '*{event.anchor}': the alias is inside the node it names",
                        *_mark(event),
                    )
                size = anchor_sizes.get(str(event.anchor))
                if size is None:
                    raise LoadError(f"unknown alias '*{event.anchor}'", *_mark(event))
                expanded += size
                if stack:
                    stack[-1][0] += size
            elif kind is _START:
                real_nodes += 1
                expanded += 1
                if len(stack) >= MAX_DEPTH:
                    raise LoadError(
                        f"nesting deeper than {MAX_DEPTH} levels; refusing to load",
                        *_mark(event),
                    )
                if event.anchor is not None:
                    open_anchors.add(event.anchor)
                stack.append([1, event.anchor])
            elif kind is _END:
                size, anchor = stack.pop()
                if anchor is not None:
                    open_anchors.discard(anchor)
                    anchor_sizes[anchor] = size
                if stack:
                    stack[-1][0] += size
            # Without an alias so far, ``expanded`` equals ``real_nodes``: no budget to check.
            if expanded > real_nodes:
                budget = max(MIN_EXPANSION_BUDGET, EXPANSION_FACTOR * real_nodes)
                if expanded > budget:
                    raise LoadError(
                        "aliases expand to more than "
                        f"{budget:,} nodes (an 'alias bomb'); refusing to load",
                        *_mark(event),
                    )
    finally:
        loader.dispose()


# The events the scan tells apart, by their exact class (what both parsers produce).
_SCALAR, _ALIAS, _START, _END, _OTHER = "scalar", "alias", "start", "end", "other"
_KINDS: dict[type, str] = {
    yaml.ScalarEvent: _SCALAR,
    yaml.AliasEvent: _ALIAS,
    yaml.SequenceStartEvent: _START,
    yaml.MappingStartEvent: _START,
    yaml.SequenceEndEvent: _END,
    yaml.MappingEndEvent: _END,
}


def _yaml_error(exc: yaml.MarkedYAMLError) -> LoadError:
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or str(exc)
    context = f" ({exc.context})" if exc.context else ""
    if mark is None:
        return LoadError(f"invalid YAML: {problem}{context}")
    return LoadError(f"invalid YAML: {problem}{context}", mark.line + 1, mark.column + 1)


class _CoreLoader(_BaseLoader):  # type: ignore[misc]
    """Safe loader with YAML 1.2 core-schema scalars and keys kept as written."""

    yaml_implicit_resolvers: ClassVar[dict[Any, Any]] = {}

    def construct_mapping(self, node: Any, deep: bool = False) -> dict[Any, Any]:
        if isinstance(node, yaml.MappingNode):
            self.flatten_mapping(node)
        mapping: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode):
                key: Any = key_node.value
            else:
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping",
                    node.start_mark,
                    "found a complex (non-scalar) key",
                    key_node.start_mark,
                )
            mapping[key] = self.construct_object(value_node, deep=deep)
        return mapping


# Merge keys (``<<: *base``), which YAML 1.1 defines and most OpenAPI tools (js-yaml, PyYAML,
# Go's yaml) read: the aliased mapping's keys, under the keys written beside them.
_CoreLoader.add_implicit_resolver("tag:yaml.org,2002:merge", re.compile(r"^(?:<<)$"), ["<"])
_CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""]
)
_CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int",
    re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"),
    list("-+0123456789"),
)
_CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
    ),
    list("-+0123456789."),
)


def _construct_core_bool(loader: Any, node: Any) -> bool:
    return bool(node.value.lower() == "true")


# Python reads and writes integers of at most 4,300 decimal digits (sys.int_info): a longer
# one is a clear error here, not a crash when it is read, or written out after being read as hex.
MAX_INT_DIGITS = 4_200


def _construct_core_int(loader: Any, node: Any) -> int:
    value = str(node.value)
    number = None
    if len(value) <= MAX_INT_DIGITS:
        if value.startswith("0o"):
            number = int(value[2:], 8)
        elif value.startswith("0x"):
            number = int(value[2:], 16)
        else:
            number = int(value)
    if number is None or number.bit_length() > MAX_INT_DIGITS * 3.32:  # bits per digit
        raise yaml.constructor.ConstructorError(
            None, None, f"an integer of more than {MAX_INT_DIGITS:,} digits", node.start_mark
        )
    return number


_CoreLoader.add_constructor("tag:yaml.org,2002:bool", _construct_core_bool)
_CoreLoader.add_constructor("tag:yaml.org,2002:int", _construct_core_int)
# Explicitly tagged timestamps (!!timestamp) stay text too: they are shown as written.
_CoreLoader.add_constructor("tag:yaml.org,2002:timestamp", _CoreLoader.construct_yaml_str)


def load_yaml(text: str) -> Any:
    """Parse YAML ``text`` after :func:`check_structure`; raises :class:`LoadError`."""
    with gc_paused():
        check_structure(text)
        loader = _CoreLoader(text)
        try:
            return loader.get_single_data()
        except yaml.MarkedYAMLError as exc:
            raise _yaml_error(exc) from None
        except (yaml.YAMLError, ValueError, TypeError, RecursionError) as exc:
            raise LoadError(f"invalid YAML: {exc}") from None
        finally:
            loader.dispose()


def compose_yaml(text: str) -> Any:
    """The node tree of ``text`` (positions included); only called on already-checked text."""
    with gc_paused():
        loader = _CoreLoader(text)
        try:
            return loader.get_single_node()
        finally:
            loader.dispose()


def locate_node(root: Any, pointer: str) -> tuple[int, int]:
    """1-based (line, column) of the node at ``pointer`` (or of its nearest ancestor).

    A trailing ``#key`` marker asks for the mapping key's position instead of its value's.
    """
    want_key = pointer.endswith("#key")
    if want_key:
        pointer = pointer[: -len("#key")]
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]
    node = root
    here = node
    for token in tokens:
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode) and key_node.value == token:
                    here = key_node
                    node = value_node
                    break
            else:
                break
        elif (
            isinstance(node, yaml.SequenceNode) and token.isdigit() and int(token) < len(node.value)
        ):
            node = node.value[int(token)]
            here = node
        else:
            break
    else:
        here = here if want_key else node
    if here is None:
        return 1, 1
    return here.start_mark.line + 1, here.start_mark.column + 1
