"""Prove that docgen's validation reaches openapi-spec-validator's verdict, on many real specs.

For each spec (the GitHub REST API spec, a deterministic sample of the APIs.guru directory, and
mutated copies of some of them that break one rule each) this compares:

- the reference: openapi-spec-validator run as docgen ran it before the fast path (pure-Python
  jsonschema backend, in-memory references), its errors formatted as docgen reports them;
- docgen now: ``docgen.spec.validate.validate_spec`` with an empty verdict cache (fast proof,
  else the pre-screened library run).

It prints N specs, N verdict agreements, N identical error lists, and how often the fast proof
vouched for a spec (it must never vouch for an invalid one). Exit status 1 on any disagreement.

    python bench/verdicts.py [--sample 300] [--mutants 150] [--seed 5] [--with-31]
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ["OPENAPI_SPEC_VALIDATOR_SCHEMA_VALIDATOR_BACKEND"] = "jsonschema"  # the reference
os.environ["DOCGEN_CACHE_DIR"] = tempfile.mkdtemp(prefix="docgen-verdicts-")  # always cold

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fetch

from docgen.diagnostics import Diagnostics
from docgen.load.source import SourceDocument, load_document
from docgen.spec import explain, refs, validate
from docgen.spec.fast import fastcheck
from docgen.spec.loader import SpecLoader

MAX_BYTES = 3_000_000  # mutants are made from specs up to this size (the reference is slow)


def reference(
    document: SourceDocument, documents: dict[str, SourceDocument], version: str, refs_ok: bool
) -> list[tuple[str, int | None, int | None]]:
    """openapi-spec-validator's errors, worded and placed as docgen words and places them: a
    Schema Object's own error (its path starts at the schema) at the file and position where
    that schema is written, and left out where the document's check reported an error at or
    above the same place."""
    import openapi_spec_validator as osv

    base = {
        "3.0": osv.OpenAPIV30SpecValidator,
        "3.1": osv.OpenAPIV31SpecValidator,
    }.get(version[:3], osv.OpenAPIV32SpecValidator)
    library_schema = base.keyword_validators["schema"]

    class Schema(library_schema):  # type: ignore[misc, valid-type]
        def _validate_schema_meta(self, schema: Any, value: Any) -> Any:
            error = super()._validate_schema_meta(schema, value)
            if error is not None:
                error.reference_schema = value
            return error

    cls = type(
        "Reference",
        (base,),
        {
            "resolver_handlers": validate._handlers(documents),
            "keyword_validators": {**base.keyword_validators, "schema": Schema},
        },
    )
    written: dict[int, tuple[SourceDocument, str]] = {}
    for candidate in documents.values():
        stack: list[tuple[Any, str]] = [(candidate.data, "")]
        while stack:
            node, at = stack.pop()
            if isinstance(node, dict):
                written.setdefault(id(node), (candidate, at))
                stack.extend((v, refs.join(at, k)) for k, v in node.items())
            elif isinstance(node, list):
                stack.extend((v, refs.join(at, i)) for i, v in enumerate(node))
    found: list[tuple[str, Any, str | None, SourceDocument, bool]] = []
    out: list[tuple[str, int | None, int | None]] = []
    count = 0
    try:
        validator = cls(document.data, base_uri=document.path.as_uri())
        errors = (
            validator.iter_errors()
            if refs_ok
            else validator.schema_validator.iter_errors(validator.schema)
        )
        for error in errors:
            count += 1
            if count > validate.MAX_ERRORS:
                continue
            leaf, worded = explain.pick(error)
            pointer = refs.join("", *(list(leaf.absolute_path) or list(error.absolute_path)))
            home, own = document, False
            schema = getattr(error, "reference_schema", None)
            if schema is not None and id(schema) in written:
                home, prefix = written[id(schema)]
                pointer, own = prefix + pointer, True
            found.append((pointer, leaf, worded, home, own))
    except RecursionError:
        out.append(("validation gave up: the spec nests too deeply", 1, 1))
    except Exception as exc:
        out.append((f"stopped: {type(exc).__name__}", 1, 1))
    document_level = [item[0] for item in found if not item[4]]
    kept = [
        item
        for item in found
        if not item[4] or not any((item[0] + "/").startswith(d + "/") for d in document_level)
    ]
    homes = {id(item[1]): item[3] for item in kept}
    for pointer, leaf, worded in explain.without_consequences([item[:3] for item in kept]):
        line, column = homes[id(leaf)].position(pointer)
        at = f"at {pointer}: " if pointer else ""
        out.insert(len(out), (f"{at}{worded or explain.message(leaf)}", line, column))
    if count > validate.MAX_ERRORS:
        out.append((f"{count - validate.MAX_ERRORS} more validation error(s) not shown", 1, 1))
    return list(dict.fromkeys(out))  # docgen reports a repeated diagnostic once


def docgen_now(
    document: SourceDocument, documents: dict[str, SourceDocument], version: str, refs_ok: bool
) -> list[tuple[str, int | None, int | None]]:
    found = Diagnostics()
    validate.validate_spec(document, documents, version, refs_ok, found)
    out = []
    for d in found:
        message = d.message
        if message.startswith("the OpenAPI validator stopped on this spec: "):
            message = "stopped: " + message.split(": ")[1]
        out.append((message, d.line, d.column))
    return out


def _nodes(data: Any, want: type) -> list[Any]:
    found, stack = [], [data]
    while stack:
        node = stack.pop()
        if isinstance(node, want):
            found.append(node)
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return found


def _schemas(data: dict[str, Any]) -> list[dict[str, Any]]:
    schemas = (data.get("components") or {}).get("schemas") or {}
    return [s for s in schemas.values() if isinstance(s, dict)]


def _operations(data: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for item in (data.get("paths") or {}).values():
        if isinstance(item, dict):
            out.extend(v for k, v in item.items() if k in fastcheck._OPERATIONS)
    return [o for o in out if isinstance(o, dict)]


def mutate(data: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """A copy of ``data`` with one rule broken (or one odd but maybe valid change)."""
    data = copy.deepcopy(data)
    schemas, operations = _schemas(data), _operations(data)
    kinds = [
        "float-length",
        "bad-regex",
        "bad-default",
        "dup-operation-id",
        "required-allof",
        "path-param",
        "dup-tag",
        "dup-parameter",
        "no-description",
        "random-value",
        "drop-key",
        "null-default",
        "ref-sibling",
    ]
    kind = rng.choice(kinds)
    if kind == "float-length" and schemas:
        rng.choice(schemas)[rng.choice(["maxLength", "minItems", "maxProperties"])] = rng.choice(
            [1.0, -1, "3", True]
        )
    elif kind == "bad-regex" and schemas:
        rng.choice(schemas)["pattern"] = rng.choice(["(", "[a-", "(?<name>x)", "\\p{L}", "a{2,1}"])
    elif kind == "bad-default" and schemas:
        schema = rng.choice(schemas)
        schema["default"] = rng.choice([12, "text", [], {"a": 1}, 1.5])
    elif kind == "null-default" and schemas:
        schema = rng.choice(schemas)
        schema["default"] = None
        schema["nullable"] = rng.choice([True, False])
    elif kind == "dup-operation-id" and len(operations) > 1:
        a, b = rng.sample(operations, 2)
        a["operationId"] = b.get("operationId", "same")
        b["operationId"] = a["operationId"]
    elif kind == "required-allof" and schemas:
        schema = rng.choice(schemas)
        schema.setdefault("allOf", [{"type": "object"}])
        schema["required"] = [*schema.get("required", []), "surely_not_a_property"]
    elif kind == "path-param" and data.get("paths"):
        paths = data["paths"]
        old = rng.choice(list(paths))
        paths[old + "/{extra}"] = paths.pop(old)
    elif kind == "dup-tag":
        data.setdefault("tags", []).extend([{"name": "twice"}, {"name": "twice"}])
    elif kind == "dup-parameter" and operations:
        op = rng.choice(operations)
        param = {"name": "twice", "in": "query", "schema": {"type": "string"}}
        op["parameters"] = [*op.get("parameters", []), param, dict(param)]
    elif kind == "no-description" and operations:
        responses = rng.choice(operations).get("responses") or {}
        for response in responses.values():
            if isinstance(response, dict) and "description" in response:
                del response["description"]
                break
    elif kind == "random-value":
        dicts = _nodes(data, dict)
        target = rng.choice(dicts)
        if target:
            key = rng.choice(list(target))
            target[key] = rng.choice([None, 0, 1.5, "x", [], {}, True, [1, "a"], {"$ref": "#/x"}])
    elif kind == "drop-key":
        dicts = [d for d in _nodes(data, dict) if d]
        target = rng.choice(dicts)
        del target[rng.choice(list(target))]
    elif kind == "ref-sibling" and schemas:
        schema = rng.choice(schemas)
        if isinstance(schema.get("properties"), dict) and schema["properties"]:
            name = rng.choice(list(schema["properties"]))
            schema["properties"][name] = {"$ref": "#/components/schemas/Nope"}
    else:
        return None
    return kind, data


def _document(path: Path, data: dict[str, Any] | None = None) -> SourceDocument:
    document = load_document(path, path.name)
    if data is not None:
        text = json.dumps(data, indent=1)
        document = SourceDocument(path=path, name=path.name, text=text, data=data, is_json=True)
    return document


def compare(path: Path, data: dict[str, Any] | None, label: str, stats: dict[str, int]) -> None:
    loader = SpecLoader(path.parent, Diagnostics(), validate=False)
    if data is None:
        spec = loader.load(path.name, None)
        if spec is None:
            stats["unloadable"] += 1
            return
        document, documents, version = spec.document, spec.documents, spec.version
        refs_ok = spec.valid  # validate=False: only the references were checked
    else:
        document = _document(path, data)
        documents = {document.name: document}
        version = str(data.get("openapi"))
        if not version.startswith("3."):
            stats["unloadable"] += 1
            return
        refs_ok = loader._collect_refs(document, documents)
    started = time.perf_counter()
    ref = reference(document, documents, version, refs_ok)
    middle = time.perf_counter()
    now = docgen_now(document, documents, version, refs_ok)
    ended = time.perf_counter()
    proved = fastcheck.proves_valid(document, documents, version, schema_only=not refs_ok)
    stats["specs"] += 1
    stats["valid"] += not ref
    stats["verdicts agree"] += (not ref) == (not now)
    stats["identical errors"] += ref == now
    stats["fast proof"] += proved
    stats["fast proof on invalid spec (must be 0)"] += proved and bool(ref)
    stats["reference ms"] += int((middle - started) * 1000)
    stats["docgen ms"] += int((ended - middle) * 1000)
    if ref != now or (proved and ref):
        print(f"DISAGREE {label}: reference={ref[:3]} docgen={now[:3]}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sample", type=int, default=300, help="APIs.guru specs (default 300)")
    parser.add_argument("--mutants", type=int, default=150, help="mutated specs (default 150)")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument(
        "--with-31",
        action="store_true",
        help="add every OpenAPI 3.1 spec of the directory to the sample",
    )
    args = parser.parse_args()
    rng = random.Random(args.seed)
    stats: dict[str, int] = dict.fromkeys(
        [
            "specs",
            "valid",
            "verdicts agree",
            "identical errors",
            "fast proof",
            "fast proof on invalid spec (must be 0)",
            "unloadable",
            "reference ms",
            "docgen ms",
        ],
        0,
    )
    github = fetch.github_spec()
    compare(github, None, "github", stats)
    names = fetch.list_members(fetch.DIRECTORY_PACKAGE, "package/api/")
    sample = set(rng.sample(names, min(args.sample, len(names))))
    paths = fetch.extract(fetch.DIRECTORY_PACKAGE, sorted(sample))
    if args.with_31:  # every OpenAPI 3.1 spec of the directory (they are few)
        extra = fetch.members_starting(fetch.DIRECTORY_PACKAGE, "package/api/", b'"openapi":"3.1')
        sample.update(extra)
        paths.update(fetch.extract(fetch.DIRECTORY_PACKAGE, extra))
    sample = sorted(sample)
    for number, name in enumerate(sample, 1):
        compare(paths[name], None, name, stats)
        if number % 25 == 0:
            print(f"  {number}/{len(sample)} {stats}", flush=True)
    small = [p for p in paths.values() if p.stat().st_size <= MAX_BYTES]
    made = 0
    while made < args.mutants and small:
        path = rng.choice(small)
        data = json.loads(path.read_bytes())
        mutant = mutate(data, rng)
        if mutant is None:
            continue
        kind, changed = mutant
        made += 1
        compare(path, changed, f"{path.name} [{kind}]", stats)
        if made % 25 == 0:
            print(f"  mutants {made}/{args.mutants} {stats}", flush=True)
    print(json.dumps(stats, indent=2))
    failed = (
        stats["verdicts agree"] != stats["specs"] or stats["fast proof on invalid spec (must be 0)"]
    )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
