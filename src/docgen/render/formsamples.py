"""Code samples for a form body (see :mod:`docgen.render.formbody`): curl's ``--form`` /
``--data-urlencode``, Python requests' ``data=`` and ``files=``, JavaScript's ``FormData`` /
``URLSearchParams``. A multipart sample sets no ``Content-Type``: the client writes it with the
boundary it chose (a header without one makes the body unreadable to the server)."""

from __future__ import annotations

import json
import shlex

from docgen.render.formbody import EXAMPLE_FILE, MULTIPART, FormField


def curl(
    method: str,
    url: str,
    headers: tuple[tuple[str, str], ...],
    fields: tuple[FormField, ...],
    kind: str,
) -> str:
    """``curl`` with one ``--form`` (multipart) or ``--data-urlencode`` per value."""
    lines = [f"curl --request {method}", f"  --url {shlex.quote(url)}"]
    lines += [f"  --header {shlex.quote(f'{name}: {value}')}" for name, value in headers]
    for field in fields:
        if field.file:
            lines.append(f"  --form {shlex.quote(f'{field.name}=@{EXAMPLE_FILE}')}")
            continue
        for value in field.values:
            if kind != MULTIPART:
                lines.append(f"  --data-urlencode {shlex.quote(f'{field.name}={value}')}")
            else:  # --form reads a value starting with @ or < as a file name: not this one
                option = "--form-string" if value[:1] in ("@", "<") else "--form"
                lines.append(f"  {option} {shlex.quote(f'{field.name}={value}')}")
    return " \\\n".join(lines)


def python(
    method: str, url: str, headers: tuple[tuple[str, str], ...], fields: tuple[FormField, ...]
) -> str:
    """requests with ``data=`` for the text fields and ``files=`` for the file parts."""
    lines = ["import requests", "", f"url = {url!r}"]
    args = ["url"]
    if headers:
        lines += ["headers = {", *(f"    {n!r}: {v!r}," for n, v in headers), "}"]
        args.append("headers=headers")
    texts = [f for f in fields if not f.file]
    files = [f for f in fields if f.file]
    if texts:
        lines.append("data = {")
        for field in texts:
            value = list(field.values) if field.many else field.values[0]
            lines.append(f"    {field.name!r}: {value!r},")
        lines.append("}")
        args.append("data=data")
    if files:
        opened = f"open({EXAMPLE_FILE!r}, 'rb')"
        if any(f.many for f in files):  # one name, several files: a list of pairs
            lines += ["files = [", *(f"    ({f.name!r}, {opened})," for f in files), "]"]
        else:
            lines += ["files = {", *(f"    {f.name!r}: {opened}," for f in files), "}"]
        args.append("files=files")
    lines += [
        "",
        f"response = requests.request({method!r}, {', '.join(args)})",
        "print(response.json())",
    ]
    return "\n".join(lines)


def javascript(
    method: str,
    url: str,
    headers: tuple[tuple[str, str], ...],
    fields: tuple[FormField, ...],
    kind: str,
) -> str:
    """fetch with a ``FormData`` (multipart) or ``URLSearchParams`` body."""
    lines = [
        "const form = new FormData();"
        if kind == MULTIPART
        else "const form = new URLSearchParams();"
    ]
    for field in fields:
        name = json.dumps(field.name, ensure_ascii=False)
        if field.file:  # only in a multipart form
            lines.append(f'form.append({name}, new Blob(["<file contents>"]), "{EXAMPLE_FILE}");')
        for value in field.values:
            lines.append(f"form.append({name}, {json.dumps(value, ensure_ascii=False)});")
    options = [f"  method: {json.dumps(method)},"]
    if headers:
        options += [
            "  headers: {",
            *(f"    {json.dumps(n)}: {json.dumps(v)}," for n, v in headers),
            "  },",
        ]
    options.append("  body: form,")
    return "\n".join(
        [
            *lines,
            "",
            f"const response = await fetch({json.dumps(url)}, {{",
            *options,
            "});",
            "const data = await response.json();",
            "console.log(data);",
        ]
    )
