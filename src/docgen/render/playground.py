"""The data the playground script needs for one endpoint page (contract in its docstring).

It is embedded as JSON in an HTML attribute (autoescaped), so spec text in it is inert data:
the script inserts it with ``textContent`` only. ``mode`` ``none`` pages carry no data at all.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from typing import Any

from docgen.config.model import PlaygroundDisplay
from docgen.nav.playground import PlaygroundChoice
from docgen.render.bodykind import BINARY
from docgen.render.bodysamples import Payload, payload_for
from docgen.render.examples import example_for, json_text
from docgen.render.examples import required_only as required_only_example
from docgen.render.markdown import to_html
from docgen.render.playschemas import body_schema, input_schema
from docgen.render.views import SecurityScheme, Server
from docgen.spec.model import Operation, Spec
from docgen.spec.refs import resolve

PROXY_PATH = "_docgen/api/request"
MAX_BODY_EXAMPLE = 100_000
MAX_MEDIA_TYPES = 12  # media types the playground's body picker offers


@dataclass(frozen=True, slots=True)
class ParamInput:
    """One parameter as the playground needs it: the raw object, its document and its anchor."""

    param: dict[str, Any]
    doc: str
    schema: Any
    example: Any
    anchor: str


# A hand-written API page's ``<ParamField placeholder="...">``: its input's placeholder text
# (render/apipage.py keeps it on the parameter under this private key).
PLACEHOLDER = "x-docgen-placeholder"
MAX_PLACEHOLDER = 200


def _text(value: Any) -> str | None:
    """Markdown as plain text (the script shows it with ``textContent``)."""
    if not isinstance(value, str) or not value.strip():
        return None
    rendered = to_html(value)
    text = html.unescape(re.sub(r"<[^>]+>", "", rendered))
    return re.sub(r"\s+", " ", text).strip() or None


def _security(security: tuple[tuple[SecurityScheme, ...], ...]) -> list[list[dict[str, Any]]]:
    return [
        [
            {
                "key": s.key,
                "kind": s.kind,
                "in": s.location,
                "name": s.param_name,
                "title": s.title,
            }
            for s in alternative
        ]
        for alternative in security
    ]


def _servers(servers: tuple[Server, ...]) -> list[dict[str, Any]]:
    return [
        {
            "url": server.url,
            "description": server.description,
            "variables": [
                {"name": name, "default": default, "enum": list(enum) or None, "description": None}
                for name, default, enum in server.variables
            ],
        }
        for server in servers
    ]


_ORIGIN = re.compile(r"(?i)^(https?://[^/?#@{}]+)(?:[/?#]|$)")


def _fixed_origins(servers: tuple[Server, ...]) -> list[str]:
    """The origins of the servers whose scheme, host and port no variable can change (a
    relative server, the site's own, is left out: its requests are the site's)."""
    found = (_ORIGIN.match(server.url) for server in servers)
    return sorted({m.group(1).lower() for m in found if m})


def body_example_text(value: Any, media_type: str) -> str:
    """The request body editor's starting text ('' when too large to be a useful start)."""
    if value is None:
        return ""
    text = value if isinstance(value, str) and "json" not in media_type else json_text(value)
    return text if len(text) <= MAX_BODY_EXAMPLE else ""


@dataclass(frozen=True, slots=True)
class MediaBody:
    """One media type of a request body: its starting value, named examples (``choices``),
    the schema subset checked before sending (JSON) and how a non-JSON body is written."""

    media_type: str
    value: Any
    choices: list[tuple[str, Any]]
    check: dict[str, Any] | None
    payload: Payload | None


def media_body(
    spec: Spec,
    media_type: str,
    media: dict[str, Any],
    doc: str,
    choices: list[tuple[str, Any]],
    required_only: bool = False,
) -> MediaBody:
    """The playground's and the samples' view of one entry of ``requestBody.content``;
    ``required_only``: a generated example leaves optional properties out."""
    schema = media.get("schema")
    check = body_schema(spec, schema, doc) if "json" in media_type and schema is not None else None
    value = choices[0][1] if choices else example_for(schema or {}, spec, doc, "request")
    if required_only and not choices:
        value = required_only_example(value, schema, spec, doc)
    payload = payload_for(spec, media_type, schema, doc, value, media.get("encoding"))
    return MediaBody(media_type, value, choices, check, payload)


def _media(spec: Spec, op: Operation, body: MediaBody) -> dict[str, Any]:
    out: dict[str, Any] = {
        "mediaType": body.media_type,
        "example": body_example_text(body.value, body.media_type),
        "schema": body.check or {},
    }
    payload = body.payload
    form = payload.fields if payload is not None else ()
    if payload is not None and payload.kind == BINARY:
        out["binary"] = True  # a file picker instead of the text editor
    if form:  # one input per field instead of the text editor
        encodings = payload.coding if payload is not None else {}
        out["form"] = [
            {
                "name": field.name,
                "file": field.file,
                "many": field.many,
                "required": field.required,
                "description": _text(field.schema.get("description")),
                "schema": {} if field.file else input_schema(spec, field.schema, field.doc),
                "example": field.example,
                "encoding": encodings.get(field.name),
            }
            for field in form
        ]
    if len(body.choices) >= 2:
        out["examples"] = [
            {"label": label, "text": body_example_text(value, body.media_type)}
            for label, value in body.choices
        ]
    return out


def _body(
    spec: Spec, op: Operation, bodies: list[MediaBody], required: bool
) -> dict[str, Any] | None:
    """The first media type's fields, and ``media``: every media type the body may be sent
    as (the playground's picker switches between them), the first included."""
    if not bodies:
        return None
    media = [_media(spec, op, body) for body in bodies[:MAX_MEDIA_TYPES]]
    return {**media[0], "required": required, "media": media if len(media) >= 2 else None}


def playground_json(
    spec: Spec,
    op: Operation,
    choice: PlaygroundChoice,
    *,
    proxy: bool,
    credentials: bool = False,
    base: str,
    servers: tuple[Server, ...],
    security: tuple[tuple[SecurityScheme, ...], ...],
    params: list[ParamInput],
    bodies: list[MediaBody],
    body_required: bool = False,
) -> str:
    """The JSON for ``data-docgen-playground`` ("null" for ``none``); ``bodies``: one per
    media type of the request body, in the spec's order."""
    if choice.mode is PlaygroundDisplay.NONE or op.webhook:
        return "null"
    data = {
        "mode": choice.mode.value,
        "groups": list(choice.groups) if choice.groups else None,
        "proxy": proxy,
        # api.playground.credentials, granted by the operator: the origins that get cookies
        "credentials": _fixed_origins(servers) if credentials and not proxy else None,
        "proxyUrl": base + PROXY_PATH,
        "method": op.method,
        "path": op.path,
        "servers": _servers(servers),
        "parameters": [
            {
                "name": str(item.param["name"]),
                "in": str(item.param.get("in")),
                "required": item.param.get("required") is True or item.param.get("in") == "path",
                "anchor": item.anchor,
                "description": _text(item.param.get("description")),
                "deprecated": item.param.get("deprecated") is True,
                "schema": input_schema(spec, item.schema, item.doc),
                "example": _param_example(spec, item),
                "style": item.param.get("style")
                if isinstance(item.param.get("style"), str)
                else None,
                "explode": item.param.get("explode")
                if isinstance(item.param.get("explode"), bool)
                else None,
                "allowReserved": item.param.get("allowReserved") is True,
                "allowEmptyValue": item.param.get("allowEmptyValue") is True,
                "content": _content_type(item.param),
                **(
                    {"placeholder": shown}
                    if (shown := (_text(item.param.get(PLACEHOLDER)) or "")[:MAX_PLACEHOLDER])
                    else {}
                ),
            }
            for item in params
        ],
        "body": _body(spec, op, bodies, body_required),
        "security": _security(security),
    }
    return json.dumps(_finite(data), ensure_ascii=False, separators=(",", ":"), default=str)


def _param_example(spec: Spec, item: ParamInput) -> Any:
    """The parameter's example, else its schema's (``example``, the first of ``examples``)."""
    if item.example is not None:
        return item.example
    schema, _ = resolve(item.schema, item.doc, spec.documents)
    if not isinstance(schema, dict):
        return None
    listed = schema.get("examples")
    return schema.get("example", listed[0] if isinstance(listed, list) and listed else None)


def _content_type(param: dict[str, Any]) -> str | None:
    """The media type of a parameter described by ``content`` (sent as that text, whole)."""
    content = param.get("content")
    if "schema" in param or not isinstance(content, dict) or not content:
        return None
    return str(next(iter(content)))


def auth_stub(data: str, src: str) -> str:
    """What an ``auth``-mode page carries instead of ``data``: its mode, the groups that may
    see it and where signed-in readers fetch the data from (``src``). A signed-out reader's
    HTML then holds nothing more than a ``none`` page's."""
    full = json.loads(data)
    stub = {"mode": "auth", "groups": full.get("groups"), "src": src}
    return json.dumps(stub, ensure_ascii=False, separators=(",", ":"))


def _finite(value: Any) -> Any:
    """JSON.parse rejects NaN and Infinity (YAML ``.nan``/``.inf``): show them as text."""
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return str(value)
    if isinstance(value, dict):
        return {str(k): _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value
