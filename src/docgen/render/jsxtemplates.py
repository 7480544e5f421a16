"""Components a page or snippet writes in JSX, read and never run.

``export const Hint = ({ title, href = "/" }) => (<a href={href}>{title}</a>)`` (or a body that
only ``return``\\s its JSX, or ``export function Hint({ title }) { return (...) }``, or ``null``,
which shows nothing) is kept as a :class:`Template` when its props are plain names with literal
defaults. A use such as
``<Hint title="Read this" href="/start" />`` is the body's JSX read as MDX with the props given:
``{name}`` in text and in attributes, ``{children}`` as the use's children, and
``{name && <jsx />}`` kept or dropped by ``name``, ``{name ? <jsx /> : null}`` (either branch JSX,
a string, a prop or ``null``; ``!name`` too) choosing by ``name``, and a string built from props and
literals (``{url + "?dark=1"}``, ``{`/docs/${slug}`}``) written in. Anything else the body
computes is left to the MDX reader, which shows it as text with a warning, as it does for any
expression.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from docgen.render import jsxstrings
from docgen.render.jsliteral import member
from docgen.render.jsx import ScanBudget, Unevaluated, current_budget, evaluate, scan_braces

_ARROW = re.compile(
    r"export\s+const\s+([A-Z][\w$]*)\s*=\s*\(\s*(?:\{(?P<params>[^{}]*)\})?\s*\)\s*=>\s*", re.S
)
_FUNCTION = re.compile(
    r"export\s+(?:default\s+)?function\s+([A-Z][\w$]*)\s*\(\s*(?:\{(?P<params>[^{}]*)\})?\s*\)\s*",
    re.S,
)
_RETURN = re.compile(r"\{\s*return\s*(.*?)\s*;?\s*\}", re.S)
_DECLARATION = re.compile(r"\s*(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=", re.S)
MAX_DECLARATIONS = 20
_PARAM = re.compile(r"\s*([A-Za-z_$][\w$]*)\s*(?:=\s*(.+?))?\s*$", re.S)
_CONDITION = re.compile(r"\s*([A-Za-z_$][\w$]*)\s*&&\s*(.+?)\s*$", re.S)
_TERNARY = re.compile(r"\s*(!?)\s*([A-Za-z_$][\w$]*)\s*\?(.+)$", re.S)
_TAG = re.compile(r"<(/?)(?:[^<>\"'{}]|\"[^\"]*\"|'[^']*'|\{[^{}]*\})*?(/?)>")
_ATTRIBUTE = re.compile(r"\s([A-Za-z_:][\w:.-]*)\s*=\s*$")
_IDENT = re.compile(r"[A-Za-z_$][\w$]*")
MAX_USES = 1000  # uses of JSX components one page may expand (nested uses count)
MAX_EXPANSION = 1 << 20  # characters of MDX they may expand to


@dataclass(frozen=True, slots=True)
class Template:
    """A JSX component of the page or of a snippet: its props (with defaults) and body."""

    name: str
    params: dict[str, Any]  # prop -> default (absent when it has none)
    body: str  # the JSX, as MDX to read
    # ``const name = value;`` lines before the ``return``, in order: a value built from props
    # and literals is known where the body shows ``{name}``; any other (a call, a method) is
    # left out there, and what uses it (``href={`#${id}`}``)
    lets: tuple[tuple[str, str], ...] = ()
    opaque: tuple[str, ...] = ()  # the declarations docgen cannot compute (said at a use)
    # ``const Card = ({ title }) => (<a>...</a>)`` inside the body: components it uses
    inner: tuple[Template, ...] = ()
    defined: str = ""  # ``file:line`` of its definition, to say where its expansion comes from

    def use(
        self,
        attrs: dict[str, Any],
        children: str,
        names: dict[str, Any],
        elements: dict[str, str] | None = None,
    ) -> tuple[str, dict[str, Any], list[str]]:
        """The MDX a use stands for, the names its ``{expressions}`` see, and what the body
        computes in code that was left out (``const`` names, attribute expressions). ``elements``:
        the props given as JSX (``icon={<Icon>...</Icon>}``), written in where the body shows
        them, as JSX, so they are read with the page's components."""
        given = {k: bounded(_known(v, names)) for k, v in attrs.items() if k != "..."}
        given = {k: v for k, v in given.items() if not isinstance(v, Unevaluated)}
        props = {**self.params, **given}
        known = set(self.params) | set(given)
        if children.strip() and "children" in self.params:
            props["children"] = True  # ``{children && (...)}`` keeps its branch
        for name, expression in self.lets:
            props[name] = bounded(evaluate(expression, props))  # Unevaluated: left out
            known.add(name)
        # Also those this use makes too long to write out (bounded).
        dropped = [n for n, _ in self.lets if isinstance(props[n], Unevaluated)]
        scope = {**names, **props}  # what ``{items.map(...)}`` may map over
        body = fill(self.body, props, known, children, elements or {}, dropped, scope)
        shown = {k: v for k, v in props.items() if not isinstance(v, Unevaluated)}
        return body, {**names, **shown, **{t.name: t for t in self.inner}}, dropped


def _body(rest: str) -> tuple[str, tuple[tuple[str, str], ...]] | None:
    """The JSX an arrow function's or a function's body gives, if that is all it does
    (``""`` for ``null``: a placeholder component that shows nothing), and the ``const``
    declarations before its ``return``."""
    text = rest.strip().rstrip(";").strip()
    lets: tuple[tuple[str, str], ...] = ()
    if text.startswith("{"):
        declared = _declarations(text)
        if declared is None:
            return None
        lets, text = declared
        match = _RETURN.fullmatch(text)
        if match is None:
            return None
        text = match.group(1).strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    if text == "null":
        return "", lets
    return (text, lets) if text.startswith("<") and text.endswith(">") else None


def _declarations(text: str) -> tuple[tuple[tuple[str, str], ...], str] | None:
    """``{ const a = ...; const b = ...; return ... }``: the declarations, and the block
    without them (``{ return ... }``); ``None`` when a declaration does not end."""
    lets: list[tuple[str, str]] = []
    at = 1
    while (match := _DECLARATION.match(text, at)) is not None:
        end = _expression_end(text, match.end())
        if end is None or len(lets) >= MAX_DECLARATIONS:
            return None
        lets.append((match.group(1), text[match.end() : end].strip()))
        at = end + 1
    return tuple(lets), "{" + text[at:]


def _expression_end(text: str, start: int) -> int | None:
    """Where the expression at ``start`` ends: its ``;`` or the line break after it, outside
    brackets and strings (a template string's ``${...}`` included)."""
    depth, quote, i = 0, "", start
    while i < len(text):
        char = text[i]
        if quote:
            if char == "\\":
                i += 1
            elif char == quote:
                quote = ""
        elif char in "\"'`":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth < 0:
                return None
        elif depth == 0 and (char == ";" or (char == "\n" and text[start:i].strip())):
            return i
        i += 1
    return None


def parse(statement: str) -> Template | None:
    """The component ``statement`` defines, when it only returns JSX from plain props."""
    text = statement.strip()
    match = _ARROW.match(text) or _FUNCTION.match(text)
    if match is None:
        return None
    read = _body(text[match.end() :])
    if read is None:
        return None
    body, lets = read
    params: dict[str, Any] = {}
    for part in (match.group("params") or "").split(","):
        if not part.strip() or part.strip().startswith("..."):
            continue
        param = _PARAM.fullmatch(part)
        if param is None:
            return None
        default = evaluate(param.group(2)) if param.group(2) is not None else None
        if isinstance(default, Unevaluated):
            return None
        params[param.group(1)] = default
    inner = tuple(t for n, e in lets if (t := parse(f"export const {n} = {e}")) is not None)
    lets = tuple((n, e) for n, e in lets if n not in {t.name for t in inner})
    probe: dict[str, Any] = dict.fromkeys(params, "")
    for name, expression in lets:
        probe[name] = bounded(evaluate(expression, probe))
    opaque = tuple(name for name, _ in lets if isinstance(probe[name], Unevaluated))
    return Template(match.group(1), params, body, lets, opaque, inner)


def bounded(value: Any) -> Any:
    """``value``, or :class:`Unevaluated` when writing it out would take more than
    :data:`MAX_EXPANSION` characters (an array naming a long string a thousand times)."""
    budget = MAX_EXPANSION
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            budget -= len(item)
        elif isinstance(item, dict):
            budget -= len(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            budget -= len(item)
            stack.extend(item)
        if budget < 0:
            return Unevaluated("(too long to write out)")
    return value


def _attribute_value(value: Any) -> str:
    """A prop's value written as a JSX attribute value."""
    if isinstance(value, str):
        for quote in ('"', "'", "`"):
            if quote not in value and "${" not in value:
                return quote + value + quote
        return '"' + value.replace('"', "&quot;") + '"'
    return "{" + json.dumps(value) + "}"


def fill(
    body: str,
    props: dict[str, Any],
    known: set[str],
    children: str,
    elements: dict[str, str] | None = None,
    dropped: list[str] | None = None,
    scope: dict[str, Any] | None = None,
) -> str:
    """``body`` with its props written in (see the module's docstring); a prop given as JSX
    (``elements``) is written in as that JSX where the body shows it as content. An attribute
    computed from a prop by code (``id={text.toLowerCase()}``) is left out, its expression
    added to ``dropped`` (when given; else the MDX reader warns about it). ``{items.map((item)
    => (<Card title={item.name} />))}`` over an array of ``scope`` (the props, the page's
    constants) is that JSX once an item. The text stops once it is longer than
    :data:`MAX_EXPANSION`, which no page's budget takes: a body repeating ``{children}`` 50,000
    times was written out whole (1 GB for 20 KB of children) before the budget refused it."""
    elements = elements or {}
    given = dict.fromkeys(elements, True)  # an element is there, even one without text
    out: list[str] = []
    i = 0
    written, counted = 0, 0  # the length of out[:counted]
    while (start := body.find("{", i)) != -1:
        written += sum(map(len, out[counted:]))
        counted = len(out)
        if written > MAX_EXPANSION:
            return "".join(out)
        end = scan_braces(body, start)
        if end is None:
            break
        out.append(body[i:start])
        expression = body[start + 1 : end - 1].strip()
        condition = _CONDITION.fullmatch(expression)
        attribute = _ATTRIBUTE.search("".join(out[-1:]))
        if any(isinstance(props.get(n), Unevaluated) for n in _IDENT.findall(expression)):
            if attribute is not None:  # built from a value docgen does not compute: left out
                out[-1] = out[-1][: attribute.start()] + " "
        elif attribute is not None and (strings := jsxstrings.templates(expression, props, known)):
            out.append("{" + strings + "}")  # style={{ maskImage: `url(${icon})` }}
        elif expression == "children":
            out.append(children)
        elif (value := member(expression, props)) is not None and expression.split(".")[0] in known:
            out.append(_attribute_value(value) if attribute else "{" + json.dumps(value) + "}")
        elif (items := _mapped(expression, scope or props, known, children, elements)) is not None:
            out.append(items)
        elif _IDENT.fullmatch(expression) and expression in known:
            value = props.get(expression)
            if attribute is not None and value is not None:
                out.append(_attribute_value(value))
            elif attribute is not None:  # an attribute without a value is left out
                out[-1] = out[-1][: attribute.start()] + " "
            elif expression in elements:
                out.append(elements[expression])
            elif isinstance(value, (str, int, float)) and not isinstance(value, bool):
                shown = _attribute_value(value) if isinstance(value, str) else json.dumps(value)
                out.append("{" + shown + "}")  # (a map's item too)
            elif value is not None:
                out.append(body[start:end])  # read with the props as names
        elif condition is not None and condition.group(1) in known:
            if props.get(condition.group(1)) or condition.group(1) in elements:
                out.append(_branch(condition.group(2), props, known, children, elements))
        elif (chosen := _ternary(expression, {**props, **given}, known)) is not None:
            out.append(_branch(chosen, props, known, children, elements))
        elif (built := jsxstrings.string(expression, props, known)) is not None:
            out.append(
                _attribute_value(built)
                if attribute is not None
                else "{" + _attribute_value(built) + "}"
            )
        elif (
            dropped is not None
            and attribute is not None
            and any(n in known for n in _IDENT.findall(expression))
            and isinstance(evaluate(expression, props), Unevaluated)
        ):
            out[-1] = out[-1][: attribute.start()] + " "
            dropped.append(expression)
        else:
            out.append(body[start:end])
        i = end
    out.append(body[i:])
    return "".join(out)


_MAP = re.compile(
    r"\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\.map\(\s*\(?\s*([A-Za-z_$][\w$]*)\s*"
    r"(?:,\s*([A-Za-z_$][\w$]*)\s*)?\)?\s*=>\s*(.*)\)\s*",
    re.S,
)


def _mapped(
    expression: str,
    scope: dict[str, Any],
    known: set[str],
    children: str,
    elements: dict[str, str],
) -> str | None:
    """``items.map((item, i) => (<jsx />))`` over an array docgen knows: the JSX once an item
    (``item`` and ``i`` its props); None for anything else, or past
    :data:`MAX_EXPANSION` characters."""
    match = _MAP.fullmatch(expression)
    array = evaluate(match.group(1), scope) if match is not None else None
    if match is None or not isinstance(array, list):
        return None
    body = match.group(4).strip()
    if body.startswith("(") and body.endswith(")"):
        body = body[1:-1].strip()
    if not (body.startswith("<") and body.endswith(">")):
        return None
    item, number = match.group(2), match.group(3)
    # What maps have built in the page's parse, nested maps' included (rebuilt for each item
    # of the map around them, even when left out): past MAX_EXPANSION, every later map of the
    # page gives up (security.md item 20).
    work = current_budget() or ScanBudget(0)
    out: list[str] = []
    for index, value in enumerate(array):
        if work.mapped > MAX_EXPANSION:
            return None
        props = {**scope, item: value, **({number: index} if number else {})}
        out.append(fill(body, props, known | {item, number or item}, children, elements))
        work.mapped += len(out[-1]) + 1
    return None if work.mapped > MAX_EXPANSION else "\n".join(out)


def _known(value: Any, names: dict[str, Any]) -> Any:
    """A prop's value: ``networks={LINKS}`` is the page's ``LINKS`` (an array, an object)."""
    return evaluate(value.source, names) if isinstance(value, Unevaluated) else value


def _branch(
    text: str, props: dict[str, Any], known: set[str], children: str, elements: dict[str, str]
) -> str:
    """A condition's chosen branch as MDX: JSX filled in, a string as text, ``null`` as nothing."""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    if text.startswith("<"):
        return fill(text, props, known, children, elements)
    if _IDENT.fullmatch(text) and text in known:  # {label ? label : "this"}: the prop itself
        if text in elements:
            return elements[text]
        value = props.get(text)
        if value in (None, "", False):
            return ""
        return (
            "{" + (_attribute_value(value) if isinstance(value, str) else json.dumps(value)) + "}"
        )
    value = evaluate(text)
    return "{" + _attribute_value(value) + "}" if isinstance(value, str) and value else ""


def _operand(text: str, known: set[str]) -> bool:
    """Whether ``text`` is a whole branch: ``null``, a string, a prop, or balanced JSX (in
    parens)."""
    text = text.strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    if not text.startswith("<"):
        return text == "null" or text in known or isinstance(evaluate(text), str)
    if not text.endswith(">"):
        return False
    depth = 0
    for tag in _TAG.finditer(text):
        depth += -1 if tag.group(1) else 0 if tag.group(2) else 1
        if depth < 0:
            return False
    return depth == 0


def _ternary(expression: str, props: dict[str, Any], known: set[str]) -> str | None:
    """The branch ``name ? a : b`` chooses, when ``name`` is a prop and both branches are whole."""
    match = _TERNARY.fullmatch(expression)
    if match is None or match.group(2) not in known:
        return None
    rest = match.group(3)
    for colon in (i for i, c in enumerate(rest) if c == ":"):
        yes, no = rest[:colon], rest[colon + 1 :]
        if _operand(yes, known) and _operand(no, known):
            return yes if bool(props.get(match.group(2))) != bool(match.group(1)) else no
    return None
