"""Code samples for a request body that is not JSON (see :mod:`docgen.render.bodykind`):

- a form: curl's ``--form`` / ``--data-urlencode``, Python requests' ``data=`` and ``files=``,
  JavaScript's ``FormData`` / ``URLSearchParams``. A multipart sample sets no ``Content-Type``:
  the client writes it with the boundary it chose (one without it is unreadable to a server);
- a file: curl's ``--data-binary @file``, ``open(file, 'rb')``, a ``Blob``;
- text, sent exactly as written: ``--data-raw``, UTF-8 bytes, a string.

``example-file`` stands for the reader's file."""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from typing import Any

from docgen.render.bodyforms import (
    EXAMPLE_FILE,
    MULTIPART,
    URLENCODED,
    FormField,
    form_fields,
    form_kind,
)
from docgen.render.bodykind import BINARY, FORM, JSON, TEXT, body_kind
from docgen.render.examples import json_text
from docgen.render.paramstyle import form_pairs
from docgen.spec.model import Spec
from docgen.spec.refs import resolve

Headers = tuple[tuple[str, str], ...]


def payload_for(
    spec: Spec, media_type: str, schema: Any, doc: str, example: Any, encoding: Any = None
) -> Payload | None:
    """How a body of ``media_type`` is written in the samples; ``None``: as JSON. A form whose
    schema names no fields, like any other body that is not a file, is sent as its text;
    ``encoding``: the media type's Encoding Objects."""
    resolved = resolve(schema, doc, spec.documents)[0] if schema is not None else None
    kind = body_kind(media_type, resolved)
    if kind == JSON:
        return None
    if kind == FORM:
        form = form_kind(media_type) or URLENCODED
        fields = form_fields(spec, schema, doc, example, multipart=form == MULTIPART)
        if fields:
            return Payload(FORM, form, fields, coding=encodings(spec, encoding, doc))
    if kind == BINARY:
        return Payload(BINARY, media_type)
    text = example if isinstance(example, str) else "" if example is None else json_text(example)
    return Payload(TEXT, media_type, text=text)


@dataclass(frozen=True, slots=True)
class Payload:
    """What a non-JSON body sample sends: ``kind`` (form, binary, text), the form's media type
    and fields, or the text."""

    kind: str
    media_type: str = ""
    fields: tuple[FormField, ...] = ()
    text: str = ""
    coding: dict[str, dict[str, Any]] = field(default_factory=dict, compare=False)

    @property
    def multipart(self) -> bool:
        return self.kind == FORM and self.media_type == MULTIPART

    def parts(self) -> list[tuple[str, str | None, str]]:
        """A form's (name, text or ``None`` for a file, part Content-Type), as the playground
        sends them: an object part is JSON said as ``application/json``, an Encoding Object's
        ``contentType`` is its part's, and its ``style``/``explode`` write a urlencoded field."""
        out: list[tuple[str, str | None, str]] = []
        for item in self.fields:
            coding = self.coding.get(item.name, {})
            part_type = str(coding.get("contentType", ""))
            styled = "style" in coding or "explode" in coding
            if item.file:
                out.append((item.name, None, part_type))
            elif styled and not self.multipart and item.example is not None:
                style = str(coding.get("style", "form"))
                explode = coding.get("explode", style == "form") is True
                out += [(k, v, "") for k, v in form_pairs(item.name, item.example, style, explode)]
            else:
                composite = not item.many and isinstance(item.example, (dict, list))
                json_part = composite or (not item.many and _composite_schema(item.schema))
                kind = part_type or ("application/json" if json_part and self.multipart else "")
                out += [(item.name, value, kind) for value in item.values]
        return out


def _composite_schema(schema: Any) -> bool:
    kind = schema.get("type") if isinstance(schema, dict) else None
    return kind in ("object", "array") or (isinstance(schema, dict) and "properties" in schema)


_ENCODING_KEYS = {"contentType": str, "style": str, "explode": bool, "allowReserved": bool}
_TOKEN = r"[!#$%&'*+.^_`|~0-9A-Za-z-]+"
_ESSENCE = rf"{_TOKEN}/{_TOKEN}"
# A media type as RFC 9110 writes it: type/subtype, then `; name=value` parameters.
_MEDIA_TYPE = re.compile(rf'{_ESSENCE}(?:[ \t]*;[ \t]*{_TOKEN}=(?:{_TOKEN}|"[^"\\\r\n]*"))*')


def part_content_type(given: str) -> str:
    """An Encoding Object's ``contentType`` as a part's Content-Type: its first media type
    when that is one (no wildcard), else ``""``. Samples write it into curl's ``--form``,
    where anything else is read as curl's own options (``;headers=@file`` sends a file of
    the reader's)."""
    first = given.split(",")[0].strip()
    return first if _MEDIA_TYPE.fullmatch(first) else ""


def encodings(spec: Spec, found: Any, doc: str) -> dict[str, dict[str, Any]]:
    """A media type's Encoding Objects by field name (a part's Content-Type; a urlencoded
    field's style and explode), keeping only well-typed keys and a ``contentType`` that is a
    media type (:func:`part_content_type`)."""
    out: dict[str, dict[str, Any]] = {}
    for name, raw in found.items() if isinstance(found, dict) else ():
        coding, _ = resolve(raw, doc, spec.documents)
        if isinstance(coding, dict):
            kept = {k: v for k, t in _ENCODING_KEYS.items() if isinstance(v := coding.get(k), t)}
            if part_type := part_content_type(str(kept.pop("contentType", ""))):
                kept["contentType"] = part_type
            if kept:
                out[str(name)] = kept
    return out


def sent_headers(headers: Headers, payload: Payload) -> Headers:
    """The headers a sample states: a multipart one leaves ``Content-Type`` to the client."""
    if payload.multipart:
        return tuple(h for h in headers if h[0].lower() != "content-type")
    return headers


def _curl_part(name: str, value: str | None, part_type: str) -> str:
    """A part as curl's options write it: a file as ``--form name=@file``; a text part as
    ``--form-string`` (sent as written: ``--form`` would read ``@x`` as a file and cut ``a; b``
    short); one with its own type needs ``--form``, its value in double quotes
    (backslash-escaped) where curl would otherwise read it as a file, start a nested form
    (``(``) or cut it. Only the
    type's ``type/subtype`` is written: curl reads what follows a ``;`` as its own options.
    ``name`` has no ``=`` (:func:`curl_name`)."""
    typed = f";type={part_type.split(';')[0].strip()}" if part_type else ""
    if value is None:
        return f"  --form {shlex.quote(f'{name}=@{EXAMPLE_FILE}{typed}')}"
    if not part_type:
        return f"  --form-string {shlex.quote(f'{name}={value}')}"
    if value[:1] in ("@", "<", '"', "(") or ";" in value:
        value = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return f"  --form {shlex.quote(f'{name}={value}{typed}')}"


def curl_name(name: str) -> bool:
    """Whether curl's ``--form`` can name a part ``name``: it ends the name at the first
    ``=`` and reads the rest as the part (``a=@/etc/passwd;x`` sends that file)."""
    return "=" not in name


def curl_start(method: str, url: str) -> list[str]:
    """A curl sample's first two lines: the method and the URL. curl reads ``{a,b}`` and
    ``[1-9]`` in a URL as lists of URLs (a server ``https://api.x{,.evil.example}`` sends
    the reader's key to both hosts): with any of ``{}[]`` in it, ``--globoff`` says no."""
    globoff = " --globoff" if curl_globs(url) else ""
    return [f"curl --request {method}{globoff}", f"  --url {shlex.quote(url)}"]


def curl_globs(url: str) -> bool:
    """Whether curl would read ``url`` as a list of URLs (a glob)."""
    return any(char in url for char in "{}[]")


def curl(method: str, url: str, headers: Headers, payload: Payload) -> str:
    parts = payload.parts()
    unnamed = sorted({name for name, _, _ in parts if payload.multipart and not curl_name(name)})
    notes = [f"# not sent: curl cannot name a form part {n!r} (a name with '=')" for n in unnamed]
    lines = curl_start(method, url)
    lines += [f"  --header {shlex.quote(f'{n}: {v}')}" for n, v in sent_headers(headers, payload)]
    if payload.kind == BINARY:
        lines.append(f"  --data-binary @{EXAMPLE_FILE}")
    elif payload.kind != FORM:
        lines.append(f"  --data-raw {shlex.quote(payload.text)}")
    for name, value, part_type in parts:
        if not payload.multipart:
            lines.append(f"  --data-urlencode {shlex.quote(f'{name}={value}')}")
        elif curl_name(name):
            lines.append(_curl_part(name, value, part_type))
    return "\n".join([*notes, " \\\n".join(lines)])


def python(method: str, url: str, headers: Headers, payload: Payload) -> str:
    lines = ["import requests", "", f"url = {url!r}"]
    args = ["url"]
    stated = sent_headers(headers, payload)
    if stated:
        lines += ["headers = {", *(f"    {n!r}: {v!r}," for n, v in stated), "}"]
        args.append("headers=headers")
    opened = f"open({EXAMPLE_FILE!r}, 'rb')"
    if payload.kind == BINARY:
        args.append(f"data={opened}")
    elif payload.kind != FORM:
        lines.append(f"payload = {payload.text!r}")
        args.append("data=payload.encode('utf-8')")
    parts = payload.parts()
    if payload.multipart:  # every part in files= (data= alone would send it urlencoded)
        lines.append("files = [")
        for name, value, part_type in parts:
            if value is None:
                typed = f", {part_type!r}" if part_type else ""
                lines.append(f"    ({name!r}, ({EXAMPLE_FILE!r}, {opened}{typed})),")
            else:
                typed = f", {part_type!r}" if part_type else ""
                lines.append(f"    ({name!r}, (None, {value!r}{typed})),")
        lines.append("]")
        args.append("files=files")
    elif {name for name, _, _ in parts} - {f.name for f in payload.fields}:  # styled fields
        lines += ["data = [", *(f"    ({name!r}, {value!r})," for name, value, _ in parts), "]"]
        args.append("data=data")
    elif payload.fields:
        lines.append("data = {")
        for item in payload.fields:
            written = list(item.values) if item.many else item.values[0]
            lines.append(f"    {item.name!r}: {written!r},")
        lines.append("}")
        args.append("data=data")
    lines += [
        "",
        f"response = requests.request({method!r}, {', '.join(args)})",
        "print(response.json())",
    ]
    return "\n".join(lines)


_OPEN_AS_BLOB = (
    'import { openAsBlob } from "node:fs"; // Node.js 20+ (in a browser: an <input type="file">\'s'
    " File)"
)


def javascript(method: str, url: str, headers: Headers, payload: Payload) -> str:
    lines = []
    blob = f'await openAsBlob("{EXAMPLE_FILE}")'
    if payload.kind == BINARY or any(f.file for f in payload.fields):
        lines += [_OPEN_AS_BLOB, ""]
    if payload.kind == FORM:
        made = "new FormData()" if payload.multipart else "new URLSearchParams()"
        lines.append(f"const form = {made};")
        for name, value, part_type in payload.parts():
            key = json.dumps(name, ensure_ascii=False)
            if value is None:  # only in a multipart form
                typed = f", {{ type: {json.dumps(part_type)} }})" if part_type else ")"
                source = blob[:-1] + typed
                lines.append(f'form.append({key}, {source}, "{EXAMPLE_FILE}");')
            elif part_type:  # a part with its own Content-Type is a Blob of that type
                text = json.dumps(value, ensure_ascii=False)
                lines.append(
                    f"form.append({key}, new Blob([{text}], {{ type: {json.dumps(part_type)} }}));"
                )
            else:
                lines.append(f"form.append({key}, {json.dumps(value, ensure_ascii=False)});")
        lines.append("")
        body = "form"
    else:
        body = blob if payload.kind == BINARY else json.dumps(payload.text, ensure_ascii=False)
    options = [f"  method: {json.dumps(method)},"]
    stated = sent_headers(headers, payload)
    if stated:
        options += ["  headers: {", *(f"    {json.dumps(n)}: {json.dumps(v)}," for n, v in stated)]
        options.append("  },")
    options.append(f"  body: {body},")
    return "\n".join(
        [
            *lines,
            f"const response = await fetch({json.dumps(url)}, {{",
            *options,
            "});",
            "const data = await response.json();",
            "console.log(data);",
        ]
    )
