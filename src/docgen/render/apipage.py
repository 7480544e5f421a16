"""Hand-written API pages (frontmatter ``api: METHOD URL``): the page's ``ParamField``
components become a small OpenAPI operation, so the page gets the same endpoint header,
request samples and playground as a generated operation page (render/operation.py). The
fields themselves are shown by the page's own MDX, with the anchors the playground links to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from markdown_it.token import Token

from docgen.config.model import PlaygroundDisplay, SiteConfig
from docgen.load.source import SourceDocument
from docgen.nav import playground
from docgen.nav.model import Endpoint, Page
from docgen.nav.playground import PlaygroundChoice
from docgen.render.components import EXAMPLE_END, EXAMPLE_START
from docgen.render.jsx import Tag, Unevaluated, as_text
from docgen.render.mdx import mdx_tokens
from docgen.render.mdxtags import FIELD_LOCATIONS
from docgen.render.operation import build_operation
from docgen.render.pagebody import markdown_source
from docgen.render.playground import MAX_PLACEHOLDER, PLACEHOLDER
from docgen.render.snippets import SnippetFiles
from docgen.render.views import OperationView
from docgen.spec.model import Operation, Spec

_PATH_PARAM = re.compile(r"\{([^{}/]+)\}")
_TYPES = {"string", "number", "integer", "boolean", "object", "array", "null"}


@dataclass(slots=True)
class _Field:
    name: str
    location: str  # path | query | header | cookie | body | "" (nested)
    schema: dict[str, Any]
    required: bool
    deprecated: bool
    children: list[_Field] = field(default_factory=list)
    description: str = ""
    placeholder: str = ""  # ``placeholder``: the playground input's, as Mintlify's


def _schema(type_text: str, default: Any) -> dict[str, Any]:
    """A JSON schema for a ``type`` attribute: ``string``, ``integer``, ``string[]``,
    ``array<number>``, ``file``, ``enum<string>``...; anything else is a string."""
    text = type_text.strip()
    lowered = text.lower()
    schema: dict[str, Any]
    if lowered.endswith("[]"):
        schema = {"type": "array", "items": _schema(text[:-2], None)}
    elif lowered.startswith("array<") and lowered.endswith(">"):
        schema = {"type": "array", "items": _schema(text[6:-1], None)}
    elif lowered in _TYPES:
        schema = {"type": lowered}
    elif lowered == "file":
        schema = {"type": "string", "format": "binary"}
    elif lowered in ("int", "long"):
        schema = {"type": "integer"}
    elif lowered in ("float", "double"):
        schema = {"type": "number"}
    elif lowered in ("bool",):
        schema = {"type": "boolean"}
    elif lowered == "json":
        schema = {"type": "object"}
    else:
        schema = {"type": "string"}
    if default is not None and not isinstance(default, Unevaluated) and default is not True:
        schema["default"] = default
    return schema


def _field_of(tag: Tag, nested: bool) -> _Field | None:
    attrs = tag.attrs
    for location in FIELD_LOCATIONS:
        value = attrs.get(location)
        if isinstance(value, str) and value:
            return _Field(
                value,
                "" if nested and location == "body" else location,
                _schema(_text(attrs.get("type")), attrs.get("default")),
                attrs.get("required") in (True, "true"),
                attrs.get("deprecated") in (True, "true"),
                placeholder=_text(attrs.get("placeholder"))[:MAX_PLACEHOLDER],
            )
    name = attrs.get("name")
    if nested and isinstance(name, str) and name:
        return _Field(
            name,
            "",
            _schema(_text(attrs.get("type")), attrs.get("default")),
            attrs.get("required") in (True, "true"),
            attrs.get("deprecated") in (True, "true"),
        )
    return None


def _text(value: Any) -> str:
    return "" if value is None or isinstance(value, Unevaluated) else as_text(value)


def read_fields(tokens: list[Token]) -> tuple[list[_Field], set[str]]:
    """The page's top-level ``ParamField`` tree (nested fields under their parent) and the
    names of every component it uses."""
    top: list[_Field] = []
    used: set[str] = set()
    stack: list[_Field | None] = []
    for token in tokens:
        if token.type == "mdx_open":
            tag: Tag = token.meta["tag"]
            used.add(tag.name)
            found: _Field | None = None
            parent = next((f for f in reversed(stack) if f is not None), None)
            if tag.name == "ParamField":
                found = _field_of(tag, parent is not None)
                if found is not None:
                    (parent.children if parent is not None else top).append(found)
            stack.append(found)
        elif token.type == "mdx_close" and stack:
            stack.pop()
        elif (
            token.type == "inline" and stack and stack[-1] is not None and not stack[-1].description
        ):
            stack[-1].description = token.content.strip()  # its first paragraph: the help text
    return top, used


def _object(fields: list[_Field]) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    required = []
    for item in fields:
        schema = dict(item.schema)
        if item.children:
            nested = _object(item.children)
            if schema.get("type") == "array":
                schema["items"] = nested
            else:
                schema = {**nested, **{k: v for k, v in schema.items() if k != "type"}}
        if item.deprecated:
            schema["deprecated"] = True
        if item.description:
            schema["description"] = item.description
        properties[item.name] = schema
        if item.required:
            required.append(item.name)
    out: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        out["required"] = required
    return out


def _security(endpoint: Endpoint) -> tuple[dict[str, Any], list[dict[str, list[str]]]]:
    method = endpoint.auth_method
    if method == "bearer":
        scheme: dict[str, Any] = {"type": "http", "scheme": "bearer"}
    elif method == "basic":
        scheme = {"type": "http", "scheme": "basic"}
    elif method in ("key", "cobalt"):
        scheme = {"type": "apiKey", "in": "header", "name": endpoint.auth_name or "x-api-key"}
    else:
        return {}, []
    key = "apiKey" if method in ("key", "cobalt") else method
    return {key: scheme}, [{key: []}]


def synthetic(
    page: Page, endpoint: Endpoint, root: Path | None = None
) -> tuple[Spec, Operation, set[str]]:
    """The one-operation spec a hand-written API page describes, and its components' names;
    with the docs ``root``, the fields of the snippets it uses count too."""
    body, first_line = markdown_source(page)
    files = SnippetFiles(root) if root is not None and page.source else None
    tokens = mdx_tokens(body, first_line, files=files, source=page.source)
    fields, used = read_fields(tokens)
    parameters: list[dict[str, Any]] = []
    body_fields = []
    for item in fields:
        if item.location == "body":
            body_fields.append(item)
            continue
        parameters.append(
            {
                "name": item.name,
                "in": item.location,
                "required": item.required or item.location == "path",
                "deprecated": item.deprecated,
                "description": item.description or None,
                "schema": item.schema if not item.children else _object(item.children),
                **({PLACEHOLDER: item.placeholder} if item.placeholder else {}),
            }
        )
    named = {p["name"] for p in parameters if p["in"] == "path"}
    for name in _PATH_PARAM.findall(endpoint.path):
        if name not in named:
            parameters.append({"name": name, "in": "path", "required": True, "schema": {}})
    operation: dict[str, Any] = {"summary": page.title, "parameters": parameters}
    if page.description:
        operation["description"] = page.description
    if page.meta.deprecated:
        operation["deprecated"] = True
    if body_fields:
        schema = _object(body_fields)
        operation["requestBody"] = {
            "required": "required" in schema,
            "content": {"application/json": {"schema": schema}},
        }
    schemes, requirement = _security(endpoint)
    if requirement:
        operation["security"] = requirement
    method = endpoint.method.lower()
    data: dict[str, Any] = {
        "openapi": "3.1.0",
        "info": {"title": page.title, "version": "page"},
        "servers": [{"url": server} for server in endpoint.servers],
        "paths": {endpoint.path: {method: operation}},
        "components": {"securitySchemes": schemes},
    }
    name = f"{page.source}#api"
    document = SourceDocument(Path(page.source or "page"), name, "", data, True)
    pointer = "/paths/" + endpoint.path.replace("~", "~0").replace("/", "~1") + "/" + method
    op = Operation(
        name, endpoint.method, endpoint.path, pointer, operation, data["paths"][endpoint.path]
    )
    spec = Spec(name, document, {name: document}, "3.1.0", (op,), (), (), data)
    return spec, op, used


def split_examples(body_html: str) -> tuple[str, str]:
    """(the body without its ``RequestExample``/``ResponseExample`` blocks, those blocks)."""
    main: list[str] = []
    aside: list[str] = []
    rest = body_html
    while True:
        start = rest.find(EXAMPLE_START)
        end = rest.find(EXAMPLE_END, start + 1) if start != -1 else -1
        if start == -1 or end == -1:
            main.append(rest)
            break
        main.append(rest[:start])
        aside.append(rest[start + len(EXAMPLE_START) : end])
        rest = rest[end + len(EXAMPLE_END) :]
    return "".join(main), "".join(aside)


def inline_examples(body_html: str) -> str:
    """A page that is no endpoint keeps its examples where they are."""
    return body_html.replace(EXAMPLE_START, "").replace(EXAMPLE_END, "")


def api_view(
    page: Page, endpoint: Endpoint, config: SiteConfig, base: str, root: Path | None = None
) -> OperationView:
    """A hand-written API page's header, samples and playground (``root``: the docs folder,
    where the snippets it uses are read)."""
    spec, op, used = synthetic(page, endpoint, root)
    choice = (
        playground.choose(page, config)
        if endpoint.servers
        else PlaygroundChoice(PlaygroundDisplay.NONE)  # a path and no server: nowhere to send
    )
    view = build_operation(
        spec,
        op,
        site_url=config.url,
        page_url=page.url,
        languages=config.languages,
        custom=dict(config.look.languages),
        base=base,
        choice=choice,
        proxy=config.playground.proxy,
        credentials=config.playground.credentials,
        required_only=config.playground.required_only,
    )
    return page_view(view, used)


def page_view(view: OperationView, used: set[str]) -> OperationView:
    """What a hand-written API page keeps of the generated view: the header, servers,
    authentication, playground and (unless the page has its own ``RequestExample``) the
    request samples; its fields and examples come from the page itself."""
    return replace(
        view,
        param_groups=(),
        request_bodies=(),
        request_examples=(),
        responses=(),
        samples=() if "RequestExample" in used else view.samples,
        anchors=tuple(a for a in view.anchors if not a.startswith("response-")),
    )
