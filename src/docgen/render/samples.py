"""Request code samples (curl, Python requests, JavaScript fetch) and ``x-codeSamples``."""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from docgen.config.apimdx import SAMPLE_ALIASES
from docgen.render import bodysamples
from docgen.render.bodysamples import Payload
from docgen.render.examples import json_text
from docgen.render.highlight import HIGHLIGHT_MAX_CHARS, highlight, language_name
from docgen.render.samplehtml import sample_html
from docgen.render.views import CodeSample

LABELS = {"curl": "cURL", "python": "Python", "javascript": "JavaScript", "node": "Node.js"}
_HIGHLIGHT = {"curl": "bash", "python": "python", "javascript": "javascript"}


@dataclass(frozen=True, slots=True)
class RequestShape:
    """What a sample sends: the method, full URL (query included), headers and JSON body."""

    method: str
    url: str
    headers: tuple[tuple[str, str], ...]
    body: Any | None
    media_type: str | None
    payload: Payload | None = None  # a body that is not JSON: a form, a file or text


def _curl(r: RequestShape) -> str:
    lines = bodysamples.curl_start(r.method, r.url)
    lines[0] += " \\"
    for name, value in r.headers:
        lines[-1] += " \\"
        lines.append(f"  --header {shlex.quote(f'{name}: {value}')}")
    if r.body is not None:
        lines[-1] += " \\"
        lines.append(f"  --data {shlex.quote(_json(r.body, None))}")
    return "\n".join(lines)


def _json(value: Any, indent: int | None = 2) -> str:
    if indent == 2:
        return json_text(value)
    return json.dumps(value, indent=indent, ensure_ascii=False, default=str)


def _python(r: RequestShape) -> str:
    lines = ["import requests", "", f"url = {r.url!r}"]
    args = ["url"]
    if r.headers:
        lines.append("headers = {")
        lines += [f"    {name!r}: {value!r}," for name, value in r.headers]
        lines.append("}")
        args.append("headers=headers")
    if r.body is not None:
        lines.append(f"payload = {_py_literal(r.body)}")
        args.append("json=payload")
    lines += [
        "",
        f"response = requests.request({r.method!r}, {', '.join(args)})",
        "print(response.json())",
    ]
    return "\n".join(lines)


def _py_literal(value: Any, indent: int = 0) -> str:
    pad = "    " * (indent + 1)
    end = "    " * indent
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{pad}{k!r}: {_py_literal(v, indent + 1)}," for k, v in value.items()]
        return "{\n" + "\n".join(items) + f"\n{end}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        items = [f"{pad}{_py_literal(v, indent + 1)}," for v in value]
        return "[\n" + "\n".join(items) + f"\n{end}]"
    if value is None or isinstance(value, bool):
        return {None: "None", True: "True", False: "False"}[value]
    return repr(value)


def _javascript(r: RequestShape) -> str:
    options = [f"  method: {json.dumps(r.method)},"]
    if r.headers:
        options.append("  headers: {")
        options += [f"    {json.dumps(n)}: {json.dumps(v)}," for n, v in r.headers]
        options.append("  },")
    if r.body is not None:
        body = _json(r.body).replace("\n", "\n  ")
        options.append(f"  body: JSON.stringify({body}),")
    return "\n".join(
        [
            f"const response = await fetch({json.dumps(r.url)}, {{",
            *options,
            "});",
            "const data = await response.json();",
            "console.log(data);",
        ]
    )


_WRITERS = {"curl": _curl, "python": _python, "javascript": _javascript}


_PAYLOAD_WRITERS = {
    "curl": bodysamples.curl,
    "python": bodysamples.python,
    "javascript": bodysamples.javascript,
}


def generated(shape: RequestShape, languages: tuple[str, ...]) -> list[CodeSample]:
    out = []
    for lang in languages:
        if shape.payload is not None:
            code = _PAYLOAD_WRITERS[lang](shape.method, shape.url, shape.headers, shape.payload)
            out.append(CodeSample(lang, LABELS[lang], code, highlight(code, _HIGHLIGHT[lang])))
            continue
        code = _WRITERS[lang](shape)
        html = None
        if len(code) <= HIGHLIGHT_MAX_CHARS and "\r" not in code:
            data = None if shape.body is None else _json(shape.body, None)
            html = sample_html(lang, shape.method, shape.url, shape.headers, shape.body, data)
        if html is None:
            html = highlight(code, _HIGHLIGHT[lang])
        out.append(CodeSample(lang, LABELS[lang], code, html))
    return out


def from_extension(
    operation: dict[str, Any], custom: Mapping[str, str] | None = None
) -> list[CodeSample]:
    """The operation's ``x-codeSamples`` (or ``x-code-samples``), in order; ``custom``: the
    Pygments lexer of each language the site's grammars name (config/languages.py)."""
    raw = operation.get("x-codeSamples", operation.get("x-code-samples"))
    out: list[CodeSample] = []
    if not isinstance(raw, list):
        return out
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("source"), str):
            continue
        lang = str(item.get("lang") or "text")
        lexer = (custom or {}).get(lang.lower(), lang)
        label = str(item.get("label") or LABELS.get(lang.lower()) or language_name(lexer) or lang)
        out.append(
            CodeSample(lang.lower(), label, item["source"], highlight(item["source"], lexer))
        )
    return out


def samples(
    operation: dict[str, Any],
    shape: RequestShape,
    languages: tuple[str, ...],
    custom: Mapping[str, str] | None = None,
) -> tuple[CodeSample, ...]:
    """``x-codeSamples`` first, then generated samples for the languages they don't cover
    (a ``bash`` or ``shell`` sample covers curl, ``js`` or ``node`` JavaScript, as in config)."""
    given = from_extension(operation, custom)
    covered = {SAMPLE_ALIASES.get(s.lang, s.lang) for s in given}
    rest = [lang for lang in languages if lang not in covered]
    return tuple(given + generated(shape, tuple(rest)))


def fill_path(path: str, values: dict[str, str]) -> str:
    """The path with example values (encoded, render/paramstyle.py) filled in; a parameter
    without one stays ``{name}``."""
    for name, value in values.items():
        path = path.replace("{" + name + "}", value)
    return path
