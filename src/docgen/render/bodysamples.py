"""Code samples for a request body that is not JSON (see :mod:`docgen.render.bodykind`):

- a form: curl's ``--form`` / ``--data-urlencode``, Python requests' ``data=`` and ``files=``,
  JavaScript's ``FormData`` / ``URLSearchParams``. A multipart sample sets no ``Content-Type``:
  the client writes it with the boundary it chose (one without it is unreadable to a server);
- a file: curl's ``--data-binary @file``, ``open(file, 'rb')``, a ``Blob``;
- text, sent exactly as written: ``--data-raw``, UTF-8 bytes, a string.

``example-file`` stands for the reader's file."""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
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
from docgen.spec.model import Spec
from docgen.spec.refs import resolve

Headers = tuple[tuple[str, str], ...]


def payload_for(spec: Spec, media_type: str, schema: Any, doc: str, example: Any) -> Payload | None:
    """How a body of ``media_type`` is written in the samples; ``None``: as JSON. A form whose
    schema names no fields, like any other body that is not a file, is sent as its text."""
    resolved = resolve(schema, doc, spec.documents)[0] if schema is not None else None
    kind = body_kind(media_type, resolved)
    if kind == JSON:
        return None
    if kind == FORM:
        form = form_kind(media_type) or URLENCODED
        fields = form_fields(spec, schema, doc, example, multipart=form == MULTIPART)
        if fields:
            return Payload(FORM, form, fields)
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

    @property
    def multipart(self) -> bool:
        return self.kind == FORM and self.media_type == MULTIPART


def sent_headers(headers: Headers, payload: Payload) -> Headers:
    """The headers a sample states: a multipart one leaves ``Content-Type`` to the client."""
    if payload.multipart:
        return tuple(h for h in headers if h[0].lower() != "content-type")
    return headers


def curl(method: str, url: str, headers: Headers, payload: Payload) -> str:
    lines = [f"curl --request {method}", f"  --url {shlex.quote(url)}"]
    lines += [f"  --header {shlex.quote(f'{n}: {v}')}" for n, v in sent_headers(headers, payload)]
    if payload.kind == BINARY:
        lines.append(f"  --data-binary @{EXAMPLE_FILE}")
    elif payload.kind != FORM:
        lines.append(f"  --data-raw {shlex.quote(payload.text)}")
    for field in payload.fields:
        if field.file:
            lines.append(f"  --form {shlex.quote(f'{field.name}=@{EXAMPLE_FILE}')}")
            continue
        for value in field.values:
            if not payload.multipart:
                lines.append(f"  --data-urlencode {shlex.quote(f'{field.name}={value}')}")
            else:  # --form would read "@x" as a file and cut "a; b" or "x;type=..." short
                lines.append(f"  --form-string {shlex.quote(f'{field.name}={value}')}")
    return " \\\n".join(lines)


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
    if payload.multipart:  # every part in files= (data= alone would send it urlencoded)
        lines.append("files = [")
        for field in payload.fields:
            if field.file:
                lines.append(f"    ({field.name!r}, {opened}),")
            lines += [f"    ({field.name!r}, (None, {value!r}))," for value in field.values]
        lines.append("]")
        args.append("files=files")
    elif payload.fields:
        lines.append("data = {")
        for field in payload.fields:
            value = list(field.values) if field.many else field.values[0]
            lines.append(f"    {field.name!r}: {value!r},")
        lines.append("}")
        args.append("data=data")
    lines += [
        "",
        f"response = requests.request({method!r}, {', '.join(args)})",
        "print(response.json())",
    ]
    return "\n".join(lines)


def javascript(method: str, url: str, headers: Headers, payload: Payload) -> str:
    lines = []
    blob = 'new Blob(["<file contents>"])'
    if payload.kind == FORM:
        made = "new FormData()" if payload.multipart else "new URLSearchParams()"
        lines.append(f"const form = {made};")
        for field in payload.fields:
            name = json.dumps(field.name, ensure_ascii=False)
            if field.file:  # only in a multipart form
                lines.append(f'form.append({name}, {blob}, "{EXAMPLE_FILE}");')
            for value in field.values:
                lines.append(f"form.append({name}, {json.dumps(value, ensure_ascii=False)});")
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
