"""What real specs' schemas read as: an enum of 2,477 unit codes (storecove) listed its first
hundred as if they were all; oneOf options labelled "const, const, const" (vercel's edge
config operations), "object" nine times (vercel's DNS records, each fixing ``type`` to one
value) and "any" five times (GitHub's ``anyOf: [{required: [state]}, ...]``)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

UNITS = [f"U{n:04d}" for n in range(150)]
RECORDS = ("A", "AAAA", "MX")


def _spec() -> dict[str, object]:
    record = [
        {"type": "object", "properties": {
            "type": {"type": "string", "enum": [kind]}, "value": {"type": "string"}}}
        for kind in RECORDS
    ]  # fmt: skip
    plain = [
        {"type": "object", "properties": {"a": {"type": "string"}}},
        {"type": "object", "properties": {"b": {"type": "integer"}}},
    ]
    schema = {
        "type": "object",
        "properties": {
            "unit": {"type": "string", "enum": UNITS},
            "operation": {"oneOf": [{"const": "create"}, {"const": "update"}]},
            "record": {"oneOf": record},
            "plain": {"oneOf": plain},
            "value": {"oneOf": [
                {"oneOf": [{"type": "string"}, {"type": "number"}]},
                {"type": "array", "items": {"oneOf": [{"type": "string"}, {"type": "boolean"}]}},
            ]},
            "state": {"type": "string"},
            "label": {"type": "string"},
        },
        "anyOf": [{"required": ["state"]}, {"required": ["label"]}],
    }
    body = {"content": {"application/json": {"schema": schema}}}
    op = {"summary": "Put thing", "requestBody": body, "responses": {"200": {"description": "ok"}}}
    return {"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
            "paths": {"/things": {"put": op}}}  # fmt: skip


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    root = tmp_path_factory.mktemp("labels")
    (root / "openapi.json").write_text(json.dumps(_spec()), "utf-8")
    out = root / "_site"
    subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(root / "openapi.json"), "-o", str(out),
         "--quiet"], check=True, timeout=120,
    )  # fmt: skip
    page = next(p for p in out.rglob("index.html") if p.parent.name == "put-thing")
    twin = Path(str(page.parent) + ".md")
    return page.read_text("utf-8"), twin.read_text("utf-8")


def _tab_sets(html: str) -> list[list[str]]:
    return [
        [re.sub("<[^>]+>", "", label) for label in re.findall(r"<button[^>]*>(.*?)</button>", m)]
        for m in re.findall(r'class="variant-tabs"[^>]*>(.*?)</div>', html, re.S)
    ]


def test_an_enum_past_a_hundred_values_says_how_many_more(built: tuple[str, str]) -> None:
    html, twin = built
    chips = re.search(r"<dt>Allowed values</dt><dd[^>]*>(.*?)</dd>", html, re.S)
    assert chips is not None
    assert chips.group(1).count('class="chip"') == 100
    assert "U0099" in chips.group(1) and "U0100" not in chips.group(1)
    assert "and 50 more" in chips.group(1)
    assert "`U0099` and 50 more" in twin


def test_options_are_named_by_what_tells_them_apart(built: tuple[str, str]) -> None:
    html, _ = built
    sets = _tab_sets(html)
    assert ["create", "update"] in sets  # a const option: its value, not "const"
    assert list(RECORDS) in sets  # a property each option fixes to a value of its own
    assert ["object 1", "object 2"] in sets  # nothing tells them apart: at least numbered
    assert ["with state", "with label"] in sets  # an option that only requires properties
    assert all(len(set(labels)) == len(labels) for labels in sets), sets
    # Its panel says what it requires, not "any".
    panel = html.split("with state</button>", 1)[1].split('class="variant-panel"', 2)[1]
    assert "Requires <code>state</code>." in panel.split("</div>", 1)[0]
    assert 'field-type">any<' not in panel.split("</div>", 1)[0]
    # A const option's panel shows its value, not "const".
    panel = html.split("update</button>", 1)[1].split('class="variant-panel"', 3)[2]
    assert "The value <code>update</code>." in panel.split("</div>", 1)[0]
    assert 'field-type">const<' not in panel.split("</div>", 1)[0]
    # An option holding options in turn names them (vercel's edge config item value).
    assert "<p>One of: <code>string</code>, <code>number</code>.</p>" in html
    assert "<p>An array, each item one of: <code>string</code>, <code>boolean</code>.</p>" in html
