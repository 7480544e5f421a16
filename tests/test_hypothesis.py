"""Property-based hardening (issue 6): no input makes ``docgen check`` or ``docgen build`` crash.

Hypothesis generates docs roots from the showcase and check-fixture specs, mutated (keys dropped
or replaced, wrong types, unquoted integer status codes, ``$ref``s inside example values, empty
``oneOf``, no ``info.version``, odd vendor extensions, unicode/NUL/path-like names, huge strings),
plus mutated ``docs.json`` configs and Markdown pages full of HTML and ``javascript:`` links.
Both commands run in-process through click's runner. For every input:

- the exit status is 0, 1 or 2, with no traceback and no "internal error";
- no network connection is attempted (``socket.connect`` and ``getaddrinfo`` are audited);
- every file operation of the run stays inside the output folder (audited with
  ``sys.addaudithook``, not mocked), ``check`` writes nothing, and a file outside the docs root
  is never opened;
- no output HTML carries an executable script that docgen did not write: every ``<script>`` is
  docgen's own (``src`` under ``_docgen/``) or a JSON data block that parses as JSON, no
  ``on*=`` attribute, no ``javascript:``/``vbscript:``/``data:text/html`` URL.

``HYPOTHESIS_PROFILE=deep`` runs many more (random) examples.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import re
import sys
import tempfile
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

from docgen.cli import cli
from docgen.load import yaml_safe

ROOT = Path(__file__).resolve().parents[1]
CHECK_FIXTURES = ROOT / "tests" / "fixtures" / "check"

settings.register_profile(
    "default",
    max_examples=80,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "deep",
    max_examples=1500,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


# -- base inputs -------------------------------------------------------------------------------


def _load_bases() -> list[dict[str, Any]]:
    files = sorted((ROOT / "fixtures" / "platform" / "openapi").glob("*.yaml"))
    files += sorted(CHECK_FIXTURES.glob("*/*.yaml")) + sorted(CHECK_FIXTURES.glob("*/*.json"))
    bases = []
    for path in files:
        if path.name == "docs.json" or path.name.startswith("expected"):
            continue
        try:
            data = yaml_safe.load_yaml(path.read_text())
        except Exception:  # parse-error fixtures: not a base
            continue
        if isinstance(data, dict) and isinstance(data.get("paths"), dict):
            bases.append(data)
    return bases


# Every construct the renderer knows, so that mutations reach all of it.
KITCHEN_SINK: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {
        "title": "Sink",
        "version": "1",
        "description": "**md** <b>html</b>",
        "termsOfService": "https://x.y/tos",
        "contact": {"name": "c", "url": "https://x.y", "email": "a@b.c"},
        "license": {"name": "MIT", "url": "https://x.y/l"},
    },
    "externalDocs": {"url": "https://x.y/docs", "description": "more"},
    "servers": [
        {
            "url": "https://{region}.x.y/{v}",
            "variables": {
                "region": {"default": "eu", "enum": ["eu", "us"]},
                "v": {"default": "v1"},
            },
        },
        {"url": "/relative"},
    ],
    "security": [{"key": []}, {"oauth": ["read"]}],
    "tags": [
        {
            "name": "Pets",
            "x-displayName": "Pet store",
            "description": "d",
            "externalDocs": {"url": "https://x.y"},
        }
    ],
    "paths": {
        "/pets/{id}": {
            "parameters": [{"$ref": "#/components/parameters/Id"}],
            "get": {
                "tags": ["Pets"],
                "operationId": "getPet",
                "summary": "Get pet",
                "deprecated": True,
                "x-codeSamples": [{"lang": "curl", "source": "curl x"}],
                "parameters": [
                    {
                        "name": "q",
                        "in": "query",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    {
                        "name": "X-Trace",
                        "in": "header",
                        "schema": {"type": "string"},
                        "examples": {"a": {"value": "t"}, "b": {"$ref": "#/components/examples/E"}},
                    },
                    {"name": "c", "in": "cookie", "schema": {"type": "integer", "minimum": 1}},
                ],
                "responses": {
                    "200": {
                        "description": "OK",
                        "headers": {"X-Rate": {"schema": {"type": "integer"}}},
                        "links": {"self": {"operationId": "getPet"}},
                        "content": {
                            "application/json": {
                                "schema": {"$ref": "#/components/schemas/Pet"},
                                "examples": {
                                    "one": {"$ref": "#/components/examples/E"},
                                    "ext": {"externalValue": "http://127.0.0.1:9/x.json"},
                                },
                            },
                            "text/plain": {"schema": {"type": "string"}, "example": "hi"},
                        },
                    },
                    "4XX": {"$ref": "#/components/responses/Error"},
                    "default": {"description": "Other"},
                },
                "callbacks": {
                    "onEvent": {
                        "{$request.body#/url}": {
                            "post": {
                                "requestBody": {
                                    "content": {
                                        "application/json": {
                                            "schema": {"$ref": "#/components/schemas/Pet"}
                                        }
                                    }
                                },
                                "responses": {"200": {"description": "ok"}},
                            }
                        }
                    }
                },
            },
            "put": {
                "summary": "Put pet",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/Pet"}},
                        "multipart/form-data": {
                            "schema": {
                                "type": "object",
                                "properties": {"file": {"type": "string", "format": "binary"}},
                            }
                        },
                        "application/x-www-form-urlencoded": {"schema": {"type": "object"}},
                    },
                },
                "responses": {"204": {"description": "No content"}},
                "security": [],
            },
        }
    },
    "webhooks": {
        "petAdded": {
            "post": {
                "summary": "Pet added",
                "requestBody": {
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}
                    }
                },
                "responses": {"200": {"description": "ok"}},
            }
        }
    },
    "components": {
        "parameters": {
            "Id": {
                "name": "id",
                "in": "path",
                "required": True,
                "schema": {"type": "string", "format": "uuid"},
            }
        },
        "examples": {"E": {"summary": "An example", "value": {"id": "1", "kind": "cat"}}},
        "responses": {
            "Error": {
                "description": "Error",
                "content": {
                    "application/problem+json": {
                        "schema": {"type": "object", "properties": {"title": {"type": "string"}}}
                    }
                },
            }
        },
        "securitySchemes": {
            "key": {"type": "apiKey", "in": "header", "name": "X-Key"},
            "oauth": {
                "type": "oauth2",
                "flows": {
                    "authorizationCode": {
                        "authorizationUrl": "https://x.y/a",
                        "tokenUrl": "https://x.y/t",
                        "scopes": {"read": "Read"},
                    }
                },
            },
            "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"},
        },
        "schemas": {
            "Pet": {
                "type": "object",
                "required": ["id", "kind"],
                "discriminator": {
                    "propertyName": "kind",
                    "mapping": {"cat": "#/components/schemas/Cat"},
                },
                "properties": {
                    "id": {"type": "string", "readOnly": True},
                    "secret": {"type": "string", "writeOnly": True},
                    "kind": {"type": "string", "enum": ["cat", "dog"], "const": "cat"},
                    "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
                    "meta": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "owner": {"anyOf": [{"$ref": "#/components/schemas/Person"}, {"type": "null"}]},
                    "shape": {
                        "oneOf": [
                            {"$ref": "#/components/schemas/Cat"},
                            {
                                "type": "object",
                                "title": "Dog",
                                "properties": {"bark": {"type": "boolean"}},
                            },
                        ]
                    },
                    "age": {
                        "type": ["integer", "null"],
                        "exclusiveMinimum": 0,
                        "maximum": 40,
                        "multipleOf": 1,
                        "default": 1,
                        "examples": [3],
                    },
                    "born": {"type": "string", "format": "date", "example": "2024-01-02"},
                },
            },
            "Cat": {
                "allOf": [
                    {"$ref": "#/components/schemas/Pet"},
                    {"type": "object", "properties": {"lives": {"type": "integer"}}},
                ]
            },
            "Person": {
                "type": "object",
                "properties": {
                    "name": {"type": "string", "pattern": "^[a-z]+$", "minLength": 1},
                    "pets": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}},
                },
            },
        },
    },
}

BASES = [*_load_bases(), KITCHEN_SINK]

HOSTILE = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)>",
    '"><svg/onload=alert(1)>',
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " \tjavascript:alert(1)",
    "&#106;avascript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "</script><script>alert(2)</script>",
    "[x](javascript:alert(1))",
    "<a href='javascript:alert(1)'>x</a>",
    "<javascript:alert(1)>",
    "../../etc/passwd",
    "/etc/passwd",
    "..",
    ".",
    "CON",
    "nul",
    "a\x00b",
    "\u202eevil",
    "caf\u00e9",
    "cafe\u0301",
    "{{ 7*7 }}",
    "{% raw %}",
    "${x}",
    "\\",
    "",
    " ",
    "\ufeff",
    "x" * 3000,
    "2024-01-02",
    "on",
    "yes",
    "~",
    "1e999",
    "#/components/schemas/Nope",
    "other.yaml#/X",
    "../secret.yaml",
    "link.yaml",
    "http://127.0.0.1:9/x.yaml",
]
KEYS = [
    "$ref",
    "type",
    "properties",
    "items",
    "oneOf",
    "anyOf",
    "allOf",
    "enum",
    "example",
    "examples",
    "default",
    "description",
    "summary",
    "title",
    "operationId",
    "tags",
    "x-hidden",
    "x-excluded",
    "x-displayName",
    "200",
    "content",
    "schema",
    "required",
    "in",
    "name",
    "get",
    "post",
    "servers",
    "url",
    "responses",
    "parameters",
    "requestBody",
    "discriminator",
    "webhooks",
    "externalDocs",
    "readOnly",
    "writeOnly",
    "nullable",
]
_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
ODD_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    _TEXT,
    st.sampled_from(HOSTILE),
)
ODD_KEYS = st.one_of(st.sampled_from(KEYS), st.sampled_from(HOSTILE), _TEXT)
ODD_VALUES = st.recursive(
    ODD_SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(ODD_KEYS, inner, max_size=3)
    ),
    max_leaves=8,
)
REF_VALUES = st.sampled_from(
    [
        {"$ref": "#/components/schemas/Nope"},
        {"$ref": "../secret.yaml"},
        {"$ref": "/etc/passwd"},
        {"$ref": "http://127.0.0.1:9/x.yaml"},
        {"$ref": "link.yaml#/password"},
        {"$ref": "#"},
        {"$ref": 5},
        {"$ref": "#/paths"},
    ]
)


# -- mutations -------------------------------------------------------------------------------


def _containers(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every dict and list in ``node`` with its path (breadth-limited for big specs)."""
    stack = [(path, node)]
    count = 0
    while stack and count < 4000:
        here, value = stack.pop()
        if isinstance(value, dict):
            count += 1
            yield here, value
            stack.extend(((*here, k), v) for k, v in value.items())
        elif isinstance(value, list):
            count += 1
            yield here, value
            stack.extend(((*here, i), v) for i, v in enumerate(value))


def _schemas(doc: Any) -> list[dict[str, Any]]:
    return [
        v
        for p, v in _containers(doc)
        if isinstance(v, dict) and ("type" in v or "properties" in v or (p and p[-1] == "schema"))
    ]


def _intify(node: Any) -> Any:
    """Status-code keys as integers, so YAML writes them unquoted (``200:``)."""
    if isinstance(node, dict):
        return {
            (int(k) if isinstance(k, str) and k.isdigit() and len(k) == 3 else k): _intify(v)
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_intify(v) for v in node]
    return node


@st.composite
def mutated_spec(draw: st.DrawFn) -> Any:
    doc = json.loads(json.dumps(draw(st.sampled_from(BASES))))
    paths = doc.get("paths")
    if isinstance(paths, dict) and len(paths) > 3:  # keep examples fast: a few paths
        keep = draw(st.lists(st.sampled_from(sorted(paths)), min_size=1, max_size=3, unique=True))
        doc["paths"] = {k: paths[k] for k in keep}
    for _ in range(draw(st.integers(0, 6))):
        containers = list(_containers(doc))
        kind = draw(
            st.sampled_from(
                [
                    "drop",
                    "replace",
                    "add",
                    "rename",
                    "ref-in-example",
                    "empty-oneof",
                    "no-version",
                    "vendor",
                    "odd-name",
                    "huge",
                    "wrong-type",
                ]
            )
        )
        _, target = draw(st.sampled_from(containers))
        if kind == "drop" and isinstance(target, dict) and target:
            del target[draw(st.sampled_from(sorted(target, key=str)))]
        elif kind == "drop" and isinstance(target, list) and target:
            target.pop(draw(st.integers(0, len(target) - 1)))
        elif kind in ("replace", "wrong-type") and isinstance(target, dict) and target:
            key = draw(st.sampled_from(sorted(target, key=str)))
            target[key] = copy.deepcopy(draw(ODD_SCALARS if kind == "wrong-type" else ODD_VALUES))
        elif kind in ("replace", "wrong-type") and isinstance(target, list) and target:
            target[draw(st.integers(0, len(target) - 1))] = copy.deepcopy(draw(ODD_VALUES))
        elif kind == "add" and isinstance(target, dict):
            target[draw(ODD_KEYS)] = copy.deepcopy(draw(ODD_VALUES))
        elif kind == "rename" and isinstance(target, dict) and target:
            key = draw(st.sampled_from(sorted(target, key=str)))
            target[draw(ODD_KEYS)] = target.pop(key)
        elif kind == "ref-in-example":
            schemas = _schemas(doc) or [doc]
            schema = draw(st.sampled_from(schemas))
            ref = copy.deepcopy(draw(REF_VALUES))
            where = draw(st.sampled_from(["example", "default", "examples", "enum", "x-data"]))
            schema[where] = [ref] if where in ("examples", "enum") else ref
        elif kind == "empty-oneof":
            schema = draw(st.sampled_from(_schemas(doc) or [doc]))
            schema[draw(st.sampled_from(["oneOf", "anyOf", "allOf"]))] = []
        elif kind == "no-version" and isinstance(doc.get("info"), dict):
            doc["info"].pop("version", None)
        elif kind == "vendor" and isinstance(target, dict):
            target[draw(st.sampled_from(["x-hidden", "x-excluded", "x-displayName", "x-y"]))] = (
                copy.deepcopy(draw(ODD_VALUES))
            )
        elif kind == "odd-name":
            name = draw(st.sampled_from(HOSTILE) | _TEXT)
            if isinstance(doc.get("paths"), dict) and doc["paths"]:
                first = next(iter(doc["paths"]))
                new = draw(st.sampled_from([f"/{name}", name, f"/x/{name}/y", f"/{{{name}}}"]))
                doc["paths"][new] = doc["paths"].pop(first)
            if isinstance(target, dict):
                target[draw(st.sampled_from(["operationId", "summary", "tags", "name"]))] = (
                    [name] if draw(st.booleans()) else name
                )
        elif kind == "huge" and isinstance(target, dict):
            target[draw(st.sampled_from(["description", "summary", "example", "title"]))] = (
                draw(st.sampled_from(["<b>x</b> ", "a", "\u00e9\n", "[l](javascript:x) "])) * 60_000
            )
    return doc


def _serialise(doc: Any, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(doc, ensure_ascii=False)
    try:
        return yaml.safe_dump(_intify(doc), allow_unicode=True, sort_keys=False)
    except yaml.YAMLError:
        return json.dumps(doc)


@st.composite
def spec_text(draw: st.DrawFn) -> tuple[str, str]:
    """(file name, text) of a mutated spec, sometimes damaged at the text level."""
    fmt = draw(st.sampled_from(["yaml", "json"]))
    text = _serialise(draw(mutated_spec()), fmt)
    damage = draw(st.sampled_from(["none"] * 6 + ["truncate", "insert", "prefix"]))
    if damage == "truncate" and text:
        text = text[: draw(st.integers(0, len(text) - 1))]
    elif damage == "insert":
        at = draw(st.integers(0, len(text)))
        text = (
            text[:at] + draw(st.sampled_from(["\x00", "&a", "*a", "{", "]", "\t", ":"])) + text[at:]
        )
    elif damage == "prefix":
        text = (
            draw(st.sampled_from(["%YAML 1.1\n---\n", "--- !!map\n", "\ufeff", "---\n...\n"]))
            + text
        )
    return f"openapi.{fmt}", text


PAGE_SNIPPETS = [
    "# Title\n",
    "<script>alert(1)</script>\n",
    "<img src=x onerror=alert(1)>\n",
    "<details open ontoggle=alert(1)>x</details>\n",
    "[click](javascript:alert(1))\n",
    "[click](JAVASCRIPT:alert(1))\n",
    "[click](&#x6A;avascript:alert(1))\n",
    "![img](javascript:alert(1))\n",
    "[ref]\n\n[ref]: javascript:alert(1)\n",
    "<javascript:alert(1)>\n",
    '<a href="javascript:alert(1)">a</a>\n',
    '<iframe src="javascript:alert(1)"></iframe>\n',
    "<Note>tip <script>alert(1)</script></Note>\n",
    '<Card title="x" href="javascript:alert(1)">c</Card>\n',
    "<Tip onClick={() => alert(1)}>x</Tip>\n",
    "{alert(1)}\n",
    "import X from './x'\nexport const a = 1\n",
    "```html\n<script>alert(1)</script>\n```\n",
    "<!-- <script>alert(1)</script> -->\n",
    "<style>body{background:url(javascript:alert(1))}</style>\n",
    "[ok](/api-reference/)\n",
    "text with <b>bold</b> and `code`\n",
    "| a | b |\n|---|---|\n| <script> | x |\n",
    # MDX shapes read since issue 6: drawings, formulas, tags over lines, indentation.
    '<svg onload="alert(1)"><circle r="1" onclick="x()"/><script>alert(1)</script>'
    '<foreignObject><img src=x onerror=alert(1)></foreignObject><use href="javascript:x"/></svg>\n',
    "Math $\\text{<script>alert(1)</script>}$ and $$\\href{javascript:alert(1)}{x}$$\n",
    "<Latex>\\text{<img src=x onerror=alert(1)>}</Latex>\n",
    '<a\n  href="javascript:alert(1)"\n  onclick={x}\n>\n  Go\n</a>\n',
    '<Callout color="red;background:url(javascript:x)">c</Callout>\n',
    '<Card title="t" href="javascript:alert(1)" cta="<b>x</b>">c</Card>\n',
    "<Steps>\n  <Step>\n    ```js\nimport x from 'y';\n    ```\n  </Step>\n</Steps>\n",
    "[link](./evil.md) [up](../../../etc/passwd) [idx](/index)\n",
]


@st.composite
def page_text(draw: st.DrawFn) -> str:
    front = draw(
        st.sampled_from(
            [
                "",
                "---\ntitle: Page\n---\n",
                "---\ntitle: <script>alert(1)</script>\ndescription: javascript:alert(1)\n---\n",
                "---\nopenapi: GET /users\n---\n",
                "---\nopenapi: [1, 2\n---\n",
                "---\n: :\n---\n",
                "---\n- a\n- b\n---\n",
                "---\ntitle: &a [*a]\n---\n",
                "---\n",
                "---\ntitle: x\n",
            ]
        )
    )
    if draw(st.booleans()):
        front = "---\n" + yaml.safe_dump(draw(st.dictionaries(ODD_KEYS, ODD_VALUES, max_size=3)))
        front += "---\n"
    body = "".join(draw(st.lists(st.sampled_from(PAGE_SNIPPETS) | _TEXT, max_size=6)))
    return front + body


PAGE_NAMES = ["index", "guide", "Guide", "caf\u00e9", "cafe\u0301", "CON", "a b", "..x", "-", "x.y"]


@st.composite
def config(draw: st.DrawFn, spec_name: str, pages: list[str]) -> dict[str, Any]:
    listed: list[Any] = [
        *pages,
        *draw(
            st.lists(
                st.sampled_from(
                    [
                        "GET /users",
                        "POST /users",
                        "get /users",
                        "webhook x",
                        f"{spec_name} GET /users",
                        "../secret",
                        "/etc/passwd",
                        "nope",
                        "GET /{id}",
                    ]
                ),
                max_size=2,
            )
        ),
    ]
    source: Any = draw(
        st.sampled_from(
            [
                spec_name,
                {"source": spec_name, "directory": "api"},
                {"source": spec_name, "directory": draw(st.sampled_from(HOSTILE))},
                [spec_name, {"source": spec_name, "directory": "v2"}],
            ]
        )
    )
    shape = draw(st.sampled_from(["root", "tabs", "groups", "versions"]))
    navigation: dict[str, Any]
    if shape == "root":
        navigation = {"openapi": source, "pages": listed}
    elif shape == "tabs":
        navigation = {
            "tabs": [
                {"tab": "Guides", "pages": listed},
                {"tab": draw(st.sampled_from(HOSTILE)), "openapi": source},
            ]
        }
    elif shape == "groups":
        navigation = {"openapi": source, "groups": [{"group": "G", "pages": listed}]}
    else:
        navigation = {
            "versions": [
                {"version": "v1", "openapi": {"source": spec_name, "directory": "v1"}},
                {"version": "v2", "openapi": {"source": spec_name, "directory": "v2"}},
            ]
        }
    data: dict[str, Any] = {
        "name": draw(st.sampled_from(["Fuzz", *HOSTILE[:6]])),
        "navigation": navigation,
    }
    if draw(st.booleans()):
        data["url"] = draw(
            st.sampled_from(["https://docs.example.com", "http://x.y/docs/", HOSTILE[4]])
        )
    if draw(st.booleans()):
        data["api"] = {
            "playground": {
                "display": draw(st.sampled_from(["interactive", "simple", "none", "auth"]))
            }
        }
    for _ in range(draw(st.sampled_from([0, 0, 0, 1, 2]))):
        containers = list(_containers(data))
        _, target = draw(st.sampled_from(containers))
        if isinstance(target, dict):
            target[draw(ODD_KEYS)] = copy.deepcopy(draw(ODD_VALUES))
        elif isinstance(target, list):
            target.append(copy.deepcopy(draw(ODD_VALUES)))
    return data


# -- auditing ------------------------------------------------------------------------------------

_EVENTS: list[tuple[str, str]] | None = None
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


def _audit(event: str, args: tuple[Any, ...]) -> None:
    events = _EVENTS
    if events is None:
        return
    if event == "open":
        path, mode, flags = args
        if isinstance(path, int):
            return
        writing = (
            any(c in mode for c in "wxa+")
            if isinstance(mode, str)
            else bool(isinstance(flags, int) and flags & _WRITE_FLAGS)
        )
        events.append(("write" if writing else "read", os.fsdecode(path)))
    elif event in (
        "os.mkdir",
        "os.remove",
        "os.rmdir",
        "os.chmod",
        "os.symlink",
        "os.link",
        "os.truncate",
        "shutil.rmtree",
        "tempfile.mkdtemp",
        "tempfile.mkstemp",
    ):
        path = args[0]
        dir_fd = args[-1] if event not in ("tempfile.mkdtemp", "tempfile.mkstemp") else None
        plain = dir_fd in (None, -1) or event == "shutil.rmtree"
        if isinstance(path, (str, bytes, os.PathLike)) and plain:
            events.append(("write", os.fsdecode(path)))
    elif event in ("socket.connect", "socket.getaddrinfo"):
        events.append(("connect", repr(args[1] if event == "socket.connect" else args[:2])))
    elif event == "os.rename":
        src, dst, src_fd, dst_fd = args
        for path, fd in ((src, src_fd), (dst, dst_fd)):
            if isinstance(path, (str, bytes, os.PathLike)) and fd in (None, -1):
                events.append(("write", os.fsdecode(path)))


sys.addaudithook(_audit)


@contextmanager
def recording() -> Iterator[list[tuple[str, str]]]:
    global _EVENTS
    events: list[tuple[str, str]] = []
    _EVENTS = events
    try:
        yield events
    finally:
        _EVENTS = None


_SCRIPT_SRC = re.compile(r"^(?:\.\./|\./|/)*_docgen/[A-Za-z0-9_.-]+\.js$")
_BAD_SCHEMES = ("javascript:", "vbscript:", "data:text/html")
_URL_ATTRS = {"href", "src", "action", "formaction", "xlink:href", "srcdoc", "poster", "data"}


def _bad_url(value: str) -> bool:
    squeezed = "".join(c for c in value if c > " " and c != "\x7f").lower()
    return squeezed.startswith(_BAD_SCHEMES)


class ScriptAudit(HTMLParser):
    """Finds executable markup that docgen did not write itself."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self._data_block: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        for name, value in values.items():
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}=...>")
            if name in _URL_ATTRS and _bad_url(value):
                self.problems.append(f"<{tag} {name}={value[:40]!r}>")
        if tag in ("iframe", "object", "embed", "base"):
            self.problems.append(f"<{tag}>")
        if tag == "script":
            kind = values.get("type", "").lower()
            if "src" in values:
                if not _SCRIPT_SRC.match(values["src"]):
                    self.problems.append(f"<script src={values['src'][:60]!r}>")
            elif kind in ("application/json", "application/ld+json"):
                self._data_block = []
            else:
                self.problems.append("inline <script>")

    def handle_data(self, data: str) -> None:
        if self._data_block is not None:
            self._data_block.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._data_block is not None:
            text = "".join(self._data_block)
            self._data_block = None
            try:
                json.loads(text)
            except ValueError:
                self.problems.append(f"JSON data block broken open: {text[:60]!r}")


def audit_html(text: str) -> list[str]:
    parser = ScriptAudit()
    parser.feed(text)
    parser.close()
    return parser.problems


# -- the property ------------------------------------------------------------------------------


def _invoke(args: list[str], cache: Path) -> tuple[int, str]:
    env = {"DOCGEN_DEBUG": "1", "DOCGEN_CACHE_DIR": str(cache)}
    result = CliRunner().invoke(cli, args, env=env, catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        trace = "".join(traceback.format_exception(*result.exc_info)) if result.exc_info else ""
        pytest.fail(f"docgen {' '.join(args[:1])} raised:\n{trace}")
    return result.exit_code, result.output


def _assert_clean(args: list[str], code: int, output: str) -> None:
    assert code in (0, 1, 2), f"docgen {args}: exit {code}\n{output[-2000:]}"
    assert "Traceback" not in output, output[-2000:]
    assert "internal error" not in output, output[-2000:]


def _inside(path: str, folder: Path) -> bool:
    resolved = Path(os.path.realpath(path))
    return resolved == folder or resolved.is_relative_to(folder)


def _note(text: str) -> None:
    """A statistics line (``--hypothesis-show-statistics``) when running under Hypothesis."""
    if currently_in_test_context():
        event(text)


def run_both(tmp: Path, target: Path, strict_spec: bool, fmt: str) -> None:
    """Check and build ``target``; assert the properties of the module docstring.

    docgen's verdict cache (``DOCGEN_CACHE_DIR``, an optimisation) is the one place besides
    the output folder where a write is allowed.
    """
    root = target.parent.resolve()
    cache = (tmp / "cache").resolve()
    secrets = {str((tmp / name).resolve()) for name in SECRETS} | {"/etc/passwd"}
    flag = [] if strict_spec else ["--no-strict-spec"]
    check_args = ["check", str(target), "--format", fmt, *flag]
    with recording() as events:
        check_code, output = _invoke(check_args, cache)
    _assert_clean(check_args, check_code, output)
    assert [p for kind, p in events if kind == "connect"] == [], "check opened a connection"
    writes = [p for kind, p in events if kind == "write" and not _inside(p, cache)]
    assert writes == [], f"check wrote {writes}"
    opened = {os.path.realpath(p) for _, p in events}
    assert opened.isdisjoint(secrets), f"check opened {opened & secrets}"

    out_parent = (tmp / "out").resolve()
    out = out_parent / "_site"
    build_args = ["build", str(target), "-o", str(out), "--quiet", *flag]
    with recording() as events:
        code, output = _invoke(build_args, cache)
    _assert_clean(build_args, code, output)
    _note(f"check/build exit {check_code}/{code}")
    _note("errors: " + ",".join(sorted(set(re.findall(r"error\[([a-z-]+)\]", output)))))
    for m in re.findall(r"error\[config-invalid\]: (.{0,60})", output):
        _note("config: " + re.sub(r"'[^']*'", "'…'", m))
    if check_code == 0 and code != 0:
        reason = [line for line in output.splitlines() if line.startswith("docgen:")]
        _note("check ok, build failed: " + re.sub(r"'[^']*'", "'…'", "".join(reason)[-150:]))
    assert [p for kind, p in events if kind == "connect"] == [], "build opened a connection"
    outside = [
        p
        for kind, p in events
        if kind == "write" and not _inside(p, out_parent) and not _inside(p, cache)
    ]
    assert outside == [], f"build wrote outside the output folder: {outside}"
    opened = {os.path.realpath(p) for _, p in events}
    assert opened.isdisjoint(secrets), f"build opened {opened & secrets}"
    reads_outside_root = [
        p
        for kind, p in events
        if kind == "read"
        and _inside(p, tmp.resolve())
        and not any(_inside(p, ok) for ok in (root, out_parent, cache))
    ]
    assert reads_outside_root == [], reads_outside_root
    if code != 0:
        assert not out.exists(), "a failed build left an output folder"
        return
    for path in out.rglob("*"):
        assert _inside(str(path), out), path
        if path.suffix == ".html":
            problems = audit_html(path.read_text(encoding="utf-8"))
            assert problems == [], f"{path.relative_to(out)}: {problems}"


SECRETS = ("secret.yaml", "secret.md")


def _write_root(tmp: Path) -> Path:
    """A docs folder beside two secrets, with links out to them (never to be read)."""
    docs = tmp / "docs"
    docs.mkdir()
    (tmp / "secret.yaml").write_text("password: hunter2\nX: {type: string}\n")
    (tmp / "secret.md").write_text("# hunter2\n")
    (docs / "link.yaml").symlink_to(tmp / "secret.yaml")
    (docs / "evil.md").symlink_to(tmp / "secret.md")
    (docs / "other.yaml").write_text("X: {type: object, properties: {a: {type: string}}}\n")
    return docs


@given(data=st.data())
def test_hostile_specs_never_crash(data: st.DataObject) -> None:
    name, text = data.draw(spec_text(), label="spec")
    strict_spec = data.draw(st.booleans(), label="strict_spec")
    fmt = data.draw(st.sampled_from(["text", "json", "github"]), label="format")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        docs = _write_root(tmp)
        (docs / name).write_text(text, encoding="utf-8")
        run_both(tmp, docs / name, strict_spec, fmt)


@given(data=st.data())
def test_hostile_sites_never_crash(data: st.DataObject) -> None:
    name, text = data.draw(spec_text(), label="spec")
    names = data.draw(st.lists(st.sampled_from(PAGE_NAMES), max_size=3, unique=True), label="pages")
    pages = {n: data.draw(page_text(), label=f"page {n}") for n in names}
    suffix = {n: data.draw(st.sampled_from([".md", ".mdx"]), label="ext") for n in names}
    listed = [n for n in names if data.draw(st.booleans(), label=f"list {n}")]
    cfg = data.draw(config(name, listed), label="docs.json")
    raw = json.dumps(cfg, ensure_ascii=False, allow_nan=True)
    if data.draw(st.integers(0, 9), label="damage config") == 9:
        raw = raw[: data.draw(st.integers(0, len(raw)))]
    strict_spec = data.draw(st.booleans(), label="strict_spec")
    with tempfile.TemporaryDirectory() as folder:
        tmp = Path(folder)
        docs = _write_root(tmp)
        (docs / name).write_text(text, encoding="utf-8")
        (docs / "docs.json").write_text(raw, encoding="utf-8")
        for page, body in pages.items():
            (docs / f"{page}{suffix[page]}").write_text(body, encoding="utf-8")
        run_both(tmp, docs / "docs.json", strict_spec, "text")


MDX_PIECES = [
    "<svg", "<svg>", "</svg>", "<svg/>", "<circle r='1' onclick='x()'/>", "<text>", "</text>",
    "<script>", "</script>", "<style>", "<a href='/x'>", "</a>", "<a\n href='javascript:x'\n>",
    "<div>", "</div>", "<Note>", "</Note>", "<Latex>", "</Latex>", "$", "$$", "\\frac{a}{b}",
    "\\text{<script>alert(1)</script>}", "\\href{javascript:x}{y}", "{", "}", "{\" \"}",
    "{}", "```", "```js", "~~~", "    ", "\n", "\n\n", "text", "# H", "- item", "<br>", "<hr>",
    "<img src=x onerror=alert(1)>", "<Tree>", "</Tree>", "<FileTree>", "</FileTree>",
    "<Card title='t' cta='c' href='javascript:x'>", "</Card>", "<Callout color='red'>",
    "</Callout>", "<button\n>", "</button>", "<span>", "</span>", "<use href='#x'/>",
    "<foreignObject>", "[l](./x.md)", "[i](/index)", "<h2>", "</h2>", "&", "<", ">", " ",
    "[j](/javascript:alert(1)%2F%2F)", "<a href='/javascript:x%2F%2F'>",
    # Whole hostile units, so that any surroundings are tried around them.
    "<svg onload='x()'><circle onclick='y()'/><script>alert(1)</script></svg>",
    "$\\text{<script>alert(1)</script>}$", "$$\\text{<img src=x onerror=alert(1)>}$$",
    "<Latex>\\text{<iframe src=x>}</Latex>",
]


@given(pieces=st.lists(st.sampled_from(MDX_PIECES), max_size=40))
@settings(max_examples=400, deadline=None)
def test_mdx_pieces_render_safely_and_check_finds_what_build_reports(pieces: list[str]) -> None:
    """Fragments of today's MDX shapes in any order: no exception, no executable markup in the
    HTML, and the warnings of a parse (check) are those of a render (build)."""
    from docgen.render.mdx import mdx_warnings, render_mdx

    text = "".join(pieces)
    result = render_mdx(text, 1, "./")
    assert audit_html(result.rendered.html) == [], text
    rendered = sorted((w.line, w.message) for w in result.warnings)
    assert rendered == sorted((w.line, w.message) for w in mdx_warnings(text, 1)), text


# -- the auditor itself must catch what it is meant to catch ------------------------------------


@pytest.mark.parametrize(
    "html",
    [
        "<script>alert(1)</script>",
        '<script src="https://evil.example/x.js"></script>',
        '<img src=x onerror="alert(1)">',
        '<a href="JavaScript:alert(1)">x</a>',
        '<a href="&#106;avascript:alert(1)">x</a>',
        '<a href=" java\tscript:alert(1)">x</a>',
        '<script type="application/json">{"a": "</script><script>alert(1)</script>"}</script>',
        "<iframe src=x></iframe>",
    ],
)
def test_audit_flags_executable_markup(html: str) -> None:
    assert audit_html(html)


def test_audit_accepts_docgens_own_markup() -> None:
    page = (
        '<script src="../_docgen/theme.js"></script><script src="_docgen/docgen.js" defer>'
        '</script><script type="application/json" id="d">{"a": "\\u003c/script>"}</script>'
        '<a href="https://x.y/">x</a><a href="#a">a</a>'
    )
    assert audit_html(page) == []


def test_audit_hook_sees_writes_outside(tmp_path: Path) -> None:
    with recording() as events:
        (tmp_path / "x.txt").write_text("x")
        os.mkdir(tmp_path / "d")
        os.replace(tmp_path / "x.txt", tmp_path / "d" / "y.txt")
    written = [p for kind, p in events if kind == "write"]
    assert str(tmp_path / "x.txt") in written
    assert str(tmp_path / "d") in written
    assert str(tmp_path / "d" / "y.txt") in written


# -- regressions: crashes the properties found, each fixed at its root ---------------------------

REGRESSION_SPEC = """\
openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /a:
    get:
      summary: SUMMARY
      responses:
        "200":
          description: OK
          content:
            application/json:
              schema: SCHEMA
"""


def _regression_root(tmp: Path, summary: str, schema: str, config: dict[str, Any]) -> Path:
    docs = _write_root(tmp)
    spec = REGRESSION_SPEC.replace("SUMMARY", json.dumps(summary)).replace("SCHEMA", schema)
    (docs / "openapi.yaml").write_text(spec)
    (docs / "docs.json").write_text(json.dumps(config))
    return docs


@pytest.mark.parametrize(
    ("summary", "schema", "config", "expect"),
    [
        # A file name longer than the OS allows: OSError ENAMETOOLONG from Path.is_file().
        ("Get a", "{$ref: '" + "x" * 3000 + ".yaml#/X'}", {}, "error[ref-unresolved]"),
        ("Get a", "{type: string}", {"pages": ["z" * 3000]}, "error[nav-page-not-found]"),
        ("Get a", "{type: string}", {"openapi": "y" * 3000 + ".yaml"}, "error[spec-not-found]"),
        # A $ref that is not a string (a list): TypeError 'unhashable type' in the schema tree.
        ("Get a", "{$ref: [a, b]}", {}, "warning[spec-invalid]"),
        # A `required` list holding a mapping: TypeError 'unhashable type' in the schema tree;
        # check passed, build said "internal error" (found by the mutation fuzzer).
        ("Get a", "{type: object, required: [{a: 1}], properties: {a: {}}}", {},
         "warning[spec-invalid]"),
        # Top-level `tags` not a list: TypeError 'int' object is not iterable (fuzzer).
        ("Get a", "{type: string}\ntags: 5", {}, "warning[spec-invalid]"),
        # A 60,000-word summary: its slug became a file name too long to write.
        ("[l](javascript:x) " * 60_000, "{type: string}", {}, "Built 1 page"),
        # A summary that slugs to a reserved device name: check passed, build refused to write.
        ("Con", "{type: string}", {}, "Built 1 page"),
        # A reserved name from the config: now a check error, no longer a build-time surprise.
        ("Get a", "{type: string}", {"directory": "nul"}, "error[nav-unsafe-url]"),
    ],
    ids=["long-ref", "long-page", "long-spec", "list-ref", "required-mapping", "tags-number",
         "huge-summary",
         "con", "nul-dir"],
)
def test_regression(
    tmp_path: Path, summary: str, schema: str, config: dict[str, Any], expect: str
) -> None:
    openapi: Any = "openapi.yaml"
    if "directory" in config:
        openapi = {"source": "openapi.yaml", "directory": config["directory"]}
    navigation: dict[str, Any] = {"openapi": config.get("openapi", openapi)}
    if "pages" in config:
        navigation["pages"] = config["pages"]
    docs = _regression_root(tmp_path, summary, schema, {"name": "R", "navigation": navigation})
    run_both(tmp_path, docs / "docs.json", strict_spec=False, fmt="text")
    code, output = _invoke(
        ["build", str(docs / "docs.json"), "-o", str(tmp_path / "o"), "--no-strict-spec"],
        tmp_path / "cache",
    )
    assert expect in output, output[-1000:]
    assert (code == 0) is expect.startswith(("Built", "warning")), output[-1000:]


def test_regression_long_cli_target(tmp_path: Path) -> None:
    """``docgen check <name too long>``: a usage error (exit 2), not an OSError."""
    code, output = _invoke(["check", str(tmp_path / ("q" * 300))], tmp_path / "cache")
    assert code == 2 and "File name too long" in output


def test_regression_build_cache_never_reads_through_a_link_out(tmp_path: Path) -> None:
    """The build fingerprint hashed every file of the docs folder, following links out of it."""
    docs = _regression_root(tmp_path, "Get a", "{type: string}", {})
    (docs / "docs.json").write_text('{"name": "R", "navigation": {"openapi": "openapi.yaml"}}')
    for _ in range(2):  # cold, then with a build record in the cache
        run_both(tmp_path, docs / "docs.json", strict_spec=True, fmt="text")


def test_audit_hook_sees_connections() -> None:
    import socket

    with recording() as events, socket.socket() as sock:
        sock.settimeout(0.5)
        with contextlib.suppress(OSError):
            sock.connect(("127.0.0.1", 9))
    assert any(kind == "connect" for kind, _ in events)


def test_regression_cyclic_variant_title_is_escaped(tmp_path: Path) -> None:
    """A oneOf option that cycles back was labelled with its raw ``title`` inside HTML."""
    schema = (
        "{$ref: '#/components/schemas/Node'}\n"
        "components:\n"
        "  schemas:\n"
        "    Node:\n"
        "      type: object\n"
        "      properties:\n"
        "        next:\n"
        "          oneOf:\n"
        "            - $ref: '#/components/schemas/Node'\n"
        "            - {type: string}\n"
        "      title: <img src=x onerror=alert(1)>"
    )
    docs = _regression_root(tmp_path, "Get a", schema, {})
    (docs / "docs.json").write_text('{"name": "R", "navigation": {"openapi": "openapi.yaml"}}')
    run_both(tmp_path, docs / "docs.json", strict_spec=True, fmt="text")
    page = next((tmp_path / "out" / "_site").rglob("get-a/index.html")).read_text()
    assert "Circular reference to &lt;img" in page
