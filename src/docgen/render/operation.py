"""Build the :class:`~docgen.render.views.OperationView` of one operation page."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from docgen.config.model import PlaygroundDisplay
from docgen.nav.playground import PlaygroundChoice
from docgen.nav.urls import playground_path
from docgen.render import access, examples, markdown, paramstyle, samples
from docgen.render.markdown import SCRIPT_GLOBALS, to_html
from docgen.render.mediasamples import nothing_to_send, request_samples
from docgen.render.playground import MediaBody, ParamInput, auth_stub, media_body, playground_json
from docgen.render.schemalinks import PageSchemas
from docgen.render.schemas import TreeBuilder
from docgen.render.schemawords import show
from docgen.render.subtrees import Subtrees
from docgen.render.views import (
    Body,
    Example,
    OperationView,
    ParamGroup,
    Response,
    SchemaField,
)
from docgen.spec.model import Operation, Spec
from docgen.spec.refs import resolve

LOCATIONS = (
    ("path", "Path parameters"),
    ("query", "Query parameters"),
    ("header", "Headers"),
    ("cookie", "Cookies"),
)


class Anchors:
    """Unique element ids for one page; a clash gets its location as a prefix, then -2, -3."""

    def __init__(self, site_url: str | None, page_url: str) -> None:
        self.used: set[str] = markdown.TakenIds()
        self.site_url = site_url
        self.page_url = page_url

    def take(self, wanted: str, location: str | None = None) -> str:
        candidate = wanted
        if candidate in self.used and location:
            candidate = f"{location}.{wanted}"
        return markdown.unique(candidate, self.used)

    def href(self, anchor: str) -> str:
        if self.site_url:
            return f"{self.site_url}{self.page_url}#{anchor}"
        return f"#{anchor}"


def _parameters(spec: Spec, op: Operation) -> list[tuple[dict[str, Any], str]]:
    """Path-item parameters overridden by operation parameters (same name and location)."""
    merged: dict[tuple[str, str], tuple[dict[str, Any], str]] = {}
    for source in (op.path_item.get("parameters"), op.data.get("parameters")):
        if not isinstance(source, list):
            continue
        for raw in source:
            value, doc = resolve(raw, spec.name, spec.documents)
            if isinstance(value, dict) and isinstance(value.get("name"), (str, int)):
                merged[(str(value["name"]), str(value.get("in", "")))] = (value, doc)
    return list(merged.values())


def _param_schema(param: dict[str, Any]) -> Any:
    if "schema" in param:
        return param["schema"]
    content = param.get("content")
    if isinstance(content, dict) and content:
        media = next(iter(content.values()))
        if isinstance(media, dict):
            return media.get("schema", {})
    return {}


def _param_example(param: dict[str, Any]) -> Any:
    if "example" in param:
        return param["example"]
    found = param.get("examples")
    if isinstance(found, dict) and found:
        first = next(iter(found.values()))
        if isinstance(first, dict) and "value" in first:
            return first["value"]
    return None


def _schema_example(schema: Any, spec: Spec, doc: str) -> Any:
    """A value the parameter's schema itself suggests: ``example``, the first of ``examples``,
    ``default``, else the first ``enum`` value (``None`` when it suggests none)."""
    schema, _ = resolve(schema, doc, spec.documents)
    if not isinstance(schema, dict):
        return None
    if "example" in schema:
        return schema["example"]
    listed = schema.get("examples")
    if isinstance(listed, list) and listed:
        return listed[0]
    if "default" in schema:
        return schema["default"]
    enum = schema.get("enum")
    if isinstance(enum, list) and enum:
        return enum[0]
    return None


def build_operation(
    spec: Spec,
    op: Operation,
    *,
    site_url: str | None,
    page_url: str,
    languages: tuple[str, ...],
    base: str,
    choice: PlaygroundChoice | None = None,
    proxy: bool = True,
    credentials: bool = False,
    required_only: bool = False,
    schema_links: PageSchemas | None = None,
    custom: Mapping[str, str] | None = None,
) -> OperationView:
    """The complete view of ``op`` for the page at ``page_url`` (``schema_links``: see
    :mod:`docgen.render.schemalinks`; it may raise ``TooManyFields``; ``custom``: the lexers
    of the site's grammar languages, for ``x-codeSamples``)."""
    anchors = Anchors(site_url, page_url)

    def describe(text: Any) -> str:
        return to_html(text, base=base)

    # Fields shared with earlier pages are reused when exact (render/subtrees.py): their
    # HTML depends on the page's depth (``base``) and how it links schemas.
    linking = (schema_links.linking, schema_links.directory) if schema_links else None
    memo = Subtrees(anchors.used, (base, linking))
    request_tree = TreeBuilder(
        spec, "request", anchors.take, anchors.href, describe, links=schema_links, memo=memo
    )
    groups: dict[str, list[SchemaField]] = {loc: [] for loc, _ in LOCATIONS}
    path_values: dict[str, str] = {}
    query: list[str] = []  # name=value, encoded
    headers: list[tuple[str, str]] = []
    inputs: list[ParamInput] = []
    for param, doc in _parameters(spec, op):
        location = str(param.get("in", ""))
        if location not in groups:
            continue
        name = str(param["name"])
        schema = _param_schema(param)
        example = _param_example(param)
        anchor_name = name
        if anchor_name in anchors.used:
            anchor_name = f"{location}.{name}"
        field = request_tree.field(
            name,
            anchor_name,
            schema,
            doc,
            bool(param.get("required")) or location == "path",
            0,
            frozenset(),
            {},
            description=param.get("description"),
            example=example,
            deprecated=param.get("deprecated") is True,
        )
        groups[location].append(field)
        inputs.append(ParamInput(param, doc, schema, example, field.anchor))
        suggested = example if example is not None else _schema_example(schema, spec, doc)
        value = (
            suggested
            if suggested is not None
            else examples.example_for(schema, spec, doc, "request")
        )
        style, explode = paramstyle.style_of(param), paramstyle.explodes(param)
        if "content" in param and "schema" not in param:  # its text, whole
            style, value = "", show(value)
        if location == "path":
            path_values[name] = (
                paramstyle.path_text(name, value, style, explode)
                if suggested is not None
                else "{" + name + "}"
            )
        elif location == "query" and (
            param.get("required") or (example is not None and not required_only)
        ):
            reserved = param.get("allowReserved") is True
            query += paramstyle.query_items(name, value, style, explode, reserved)
        elif location == "header" and param.get("required"):
            headers.append((name, paramstyle.header_text(value, explode)))
    param_groups = tuple(
        ParamGroup(loc, title, tuple(groups[loc])) for loc, title in LOCATIONS if groups[loc]
    )

    security = access.security(spec, op, describe)
    if security:
        for scheme in security[0]:
            if scheme.kind == "bearer":
                headers.insert(0, ("Authorization", "Bearer <token>"))
            elif scheme.kind == "basic":
                headers.insert(0, ("Authorization", "Basic <credentials>"))
            elif scheme.kind == "apiKey" and scheme.param_name:
                if scheme.location == "header":
                    headers.insert(0, (scheme.param_name, "<api-key>"))
                elif scheme.location == "query":
                    query.append(f"{paramstyle.encode(scheme.param_name)}=<api-key>")

    request_bodies: list[Body] = []
    request_examples: list[Example] = []
    request_required = False
    request_description = ""
    bodies: list[MediaBody] = []
    raw_body, body_doc = resolve(op.data.get("requestBody"), spec.name, spec.documents)
    if isinstance(raw_body, dict):
        request_required = raw_body.get("required") is True
        request_description = describe(raw_body.get("description"))
        content = raw_body.get("content")
        if isinstance(content, dict):
            for media_type, media in content.items():
                if not isinstance(media, dict):
                    continue
                request_bodies.append(_body(request_tree, str(media_type), media, body_doc, ""))
                given = examples.media_examples(media, spec, body_doc)
                variants = (
                    []
                    if given or "schema" not in media
                    else (examples.variant_examples(media["schema"], spec, body_doc, "request"))
                )
                if variants:  # one of several schemas: an example of each
                    given_views = examples.views(variants, str(media_type), True)
                elif not given and "schema" in media:
                    value = examples.example_for(media["schema"], spec, body_doc, "request")
                    if required_only:  # api.examples.defaults: "required"
                        value = examples.required_only(value, media["schema"], spec, body_doc)
                    given_views = examples.views([("Example", value)], str(media_type), True)
                else:
                    given_views = examples.views(given, str(media_type), False)
                request_examples.extend(given_views)
                choices = given or variants
                made = media_body(spec, str(media_type), media, body_doc, choices, required_only)
                if not nothing_to_send(made):
                    bodies.append(made)

    response_tree = TreeBuilder(
        spec,
        "response",
        anchors.take,
        anchors.href,
        describe,
        request_tree.budget,
        links=schema_links,
        memo=memo,
    )
    responses = _responses(spec, op, response_tree, anchors, describe)

    servers = access.servers(spec, op)
    base_url = access.server_url(servers[0]) if servers else ""
    url = base_url + samples.fill_path(op.path, path_values)
    if query:
        url += "?" + "&".join(query)
    code_samples, sample_media = (
        request_samples(op.data, op.method, url, headers, bodies, languages, required_only, custom)
        if not op.webhook
        else ((), ())
    )
    description = op.data.get("description")
    choice = choice or PlaygroundChoice(PlaygroundDisplay.INTERACTIVE)
    mode = PlaygroundDisplay.NONE if op.webhook else choice.mode
    data = playground_json(
        spec,
        op,
        choice,
        proxy=proxy,
        credentials=credentials,
        base=base,
        servers=servers,
        security=security,
        params=inputs,
        bodies=bodies,
        body_required=request_required,
    )
    hidden_data = ""
    if mode is PlaygroundDisplay.AUTH:
        hidden_data, data = data, auth_stub(data, base + playground_path(page_url))
    return OperationView(
        method=op.method,
        path=op.path,
        title=op.title,
        summary=op.summary,
        description_html=describe(description),
        deprecated=op.data.get("deprecated") is True,
        webhook=op.webhook,
        servers=servers,
        security=security,
        param_groups=param_groups,
        request_bodies=tuple(request_bodies),
        request_required=request_required,
        request_description_html=request_description,
        request_examples=tuple(request_examples),
        responses=responses,
        samples=code_samples,
        sample_media=sample_media,
        anchors=tuple(sorted(anchors.used - SCRIPT_GLOBALS)),
        playground_json=data,
        playground_mode=mode.value,
        playground_data=hidden_data,
        request_url=base_url + op.path,
    )


def _body(tree: TreeBuilder, media_type: str, media: dict[str, Any], doc: str, prefix: str) -> Body:
    schema = media.get("schema", {})
    fields, variants, kind, discriminator = tree.fields(schema, doc, prefix)
    resolved = tree.deref(schema, doc)
    return Body(
        media_type=media_type,
        type=tree.label(resolved.schema, resolved.doc),
        description_html=tree.describe(resolved.schema.get("description")),
        fields=fields,
        variants=variants,
        variant_kind=kind,
        discriminator=discriminator,
    )


def _status_class(status: str) -> str:
    if status[:1].isdigit():
        return f"{status[0]}xx"
    return "default"


def _responses(
    spec: Spec, op: Operation, tree: TreeBuilder, anchors: Anchors, describe: Callable[[Any], str]
) -> tuple[Response, ...]:
    raw = op.data.get("responses")
    out: list[Response] = []
    if not isinstance(raw, dict):
        return ()
    for status, item in raw.items():
        status = str(status)
        response, doc = resolve(item, spec.name, spec.documents)
        if not isinstance(response, dict):
            continue
        anchor = anchors.take(f"response-{status.lower()}")
        prefix = anchor
        headers = []
        raw_headers = response.get("headers")
        if isinstance(raw_headers, dict):
            for name, header in raw_headers.items():
                value, header_doc = resolve(header, doc, spec.documents)
                if isinstance(value, dict):
                    headers.append(
                        tree.field(
                            str(name),
                            f"{prefix}.{name}",
                            value.get("schema", {}),
                            header_doc,
                            value.get("required") is True,
                            0,
                            frozenset(),
                            {},
                            description=value.get("description"),
                        )
                    )
        bodies: list[Body] = []
        views: list[Example] = []
        content = response.get("content")
        if isinstance(content, dict):
            for media_type, media in content.items():
                if not isinstance(media, dict):
                    continue
                bodies.append(_body(tree, str(media_type), media, doc, prefix))
                given = examples.media_examples(media, spec, doc)
                if given:
                    views.extend(examples.views(given, str(media_type), False))
                elif "schema" in media:
                    value = examples.example_for(media["schema"], spec, doc, "response")
                    views.extend(examples.views([("Example", value)], str(media_type), True))
        out.append(
            Response(
                status,
                _status_class(status),
                describe(response.get("description")),
                tuple(headers),
                tuple(bodies),
                tuple(views),
                anchor,
            )
        )
    return tuple(out)
