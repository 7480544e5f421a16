"""Load a spec file: read it, gate its version, bring in the files it references, validate it.

Every problem becomes a diagnostic; a spec that cannot be indexed comes back as ``None``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from docgen.diagnostics import Code, Diagnostics, Location, close_matches
from docgen.exceptions import LoadError, RemoteError, UnsafePathError
from docgen.load.paths import display_name, is_file, is_remote, not_a_file, resolve_inside
from docgen.load.remote import Fetched, RemotePolicy, fetch
from docgen.load.source import (
    SourceDocument,
    control_characters,
    load_document,
    looks_like_json,
)
from docgen.spec import refs
from docgen.spec.background import ValidationTask, Verdicts, run_task, validation
from docgen.spec.model import METHODS, Operation, Spec, Tag
from docgen.spec.versions import line_for


class SpecLoader:
    """Loads each spec once (by resolved path) and reports its problems to ``diagnostics``."""

    def __init__(
        self,
        root: Path,
        diagnostics: Diagnostics,
        *,
        validate: bool = True,
        strict_spec: bool = True,
        parsed: SourceDocument | None = None,
        remote: RemotePolicy | None = None,
        defer_validation: bool = False,
    ) -> None:
        self.root = root.resolve()
        self.diagnostics = diagnostics
        self.validate = validate
        self.strict_spec = strict_spec  # False: validation errors are reported as warnings
        # True (``docgen build``): each spec is validated in a process of its own, started as
        # it loads (:mod:`docgen.spec.background`); its verdict waits in ``deferred``.
        self.defer_validation = defer_validation
        self.deferred: list[Verdicts] = []
        self.remote_policy = remote or RemotePolicy()
        self._cache: dict[Path, Spec | None] = {}
        # A file already parsed while deciding what it is (see docgen.pipeline.target_kind).
        self._parsed = parsed
        self._remote: dict[str, Spec | None] = {}
        self.fetched: dict[str, Fetched] = {}  # remote specs used: URL -> copy (for the manifest)

    def load(self, source: str, where: Location | None) -> Spec | None:
        """The spec at ``source`` (relative to the docs root, or an https:// URL), or ``None``
        if it is unusable."""
        if is_remote(source):
            if source not in self._remote:
                self._remote[source] = self._load_remote(source, where)
            return self._remote[source]
        try:
            path = resolve_inside(self.root, source)
        except UnsafePathError as exc:
            self.diagnostics.error(Code.REF_OUTSIDE_ROOT, f"spec {exc.message}", where)
            return None
        if path in self._cache:
            return self._cache[path]
        spec = self._load(path, source, where)
        self._cache[path] = spec
        return spec

    def _parsed_as(self, path: Path, name: str) -> SourceDocument | None:
        """The document parsed before loading began, if it is ``path`` read as it would be."""
        parsed, self._parsed = self._parsed, None
        if parsed is None or parsed.path.resolve() != path:
            return None
        if not looks_like_json(path, parsed.text):
            return None
        return replace(parsed, path=path, name=name)

    def _load_remote(self, url: str, where: Location | None) -> Spec | None:
        if not url.startswith("https://"):
            self.diagnostics.error(
                Code.SPEC_REMOTE,
                f"'{url}' is a remote spec that is not https://; docgen fetches only https:// "
                "specs. Use its https:// URL, or download it into the docs folder",
                where,
            )
            return None
        try:
            fetched = fetch(url, self.remote_policy)
        except RemoteError as exc:
            self.diagnostics.error(
                Code.SPEC_REMOTE, f"cannot use the remote spec '{url}': {exc}", where
            )
            return None
        if fetched.problem is not None:
            self.diagnostics.warning(
                Code.SPEC_REMOTE,
                f"cannot refresh the remote spec '{url}' ({fetched.problem}); using the cached "
                f"copy (sha256 {fetched.sha256[:12]})",
                where,
            )
        self.fetched[url] = fetched
        spec = self._load(fetched.path, url, where, name=url)
        return None if spec is None else replace(spec, remote_sha256=fetched.sha256)

    def _load(
        self, path: Path, source: str, where: Location | None, name: str | None = None
    ) -> Spec | None:
        name = name or display_name(self.root, path)
        if not is_file(path):
            problem = not_a_file(path)
            message = (
                f"spec '{source}': {problem}"
                if problem
                else f"spec file '{source}' not found{self._hint(path)}"
            )
            self.diagnostics.error(Code.SPEC_NOT_FOUND, message, where)
            return None
        try:
            document = self._parsed_as(path, name) or load_document(path, name)
        except LoadError as exc:
            self.diagnostics.error(
                Code.SPEC_PARSE_ERROR,
                f"cannot parse spec: {exc.message}",
                Location(name, exc.line, exc.column),
            )
            return None
        control_characters(document, self.diagnostics, self.strict_spec)
        data = document.data
        if not isinstance(data, dict):
            self.diagnostics.error(
                Code.SPEC_INVALID,
                "not an OpenAPI document: the top level is not a mapping",
                Location(name, 1, 1),
            )
            return None
        version = self._gate(document)
        if version is None:
            return None
        documents = {name: document}
        refs_ok = self._collect_refs(document, documents)
        valid = True
        if self.validate:
            task = ValidationTask(document, documents, version, refs_ok, self.strict_spec)
            if self.defer_validation:
                self.deferred.append(validation(task).start())
            else:
                found = run_task(task)
                for diagnostic in found:
                    self.diagnostics.add(diagnostic)
                valid = not found
        operations, webhooks = _index(name, data, documents)
        return Spec(
            name=name,
            document=document,
            documents=documents,
            version=version,
            operations=operations,
            webhooks=webhooks,
            tags=_tags(data),
            data=data,
            valid=valid and refs_ok,
        )

    def _hint(self, path: Path) -> str:
        folder = path.parent
        if not folder.is_dir():
            return ""
        names = [p.name for p in folder.iterdir() if p.suffix in (".yaml", ".yml", ".json")]
        close = close_matches(path.name, names, n=1)
        return f"; did you mean '{close[0]}'?" if close else ""

    def _gate(self, document: SourceDocument) -> str | None:
        """The OpenAPI version, or ``None`` (with one diagnostic) when it is not 3.x."""
        data = document.data
        if "swagger" in data or str(data.get("openapi", "")).startswith("2"):
            key = "/swagger" if "swagger" in data else "/openapi"
            found = data.get("swagger", data.get("openapi"))
            self.diagnostics.error(
                Code.SPEC_UNSUPPORTED_VERSION,
                f"Swagger/OpenAPI {found} is not supported: docgen reads OpenAPI 3.0 and 3.1. "
                "Convert the spec to OpenAPI 3 first (for example with swagger2openapi)",
                document.location(key),
            )
            return None
        if "openapi" not in data:
            self.diagnostics.error(
                Code.SPEC_INVALID,
                "not an OpenAPI document: no 'openapi' version field at the top level",
                Location(document.name, 1, 1, ""),
            )
            return None
        version = str(data["openapi"])
        if line_for(version) is None:
            self.diagnostics.error(
                Code.SPEC_UNSUPPORTED_VERSION,
                f"OpenAPI version '{version}' is not supported: docgen reads OpenAPI 3.0.x "
                "and 3.1.x (written like '3.1.0')",
                document.location("/openapi"),
            )
            return None
        return version

    def _collect_refs(self, main: SourceDocument, documents: dict[str, SourceDocument]) -> bool:
        """Load every file the spec references (inside the root only); check each target."""
        if refs.all_resolve_in_text(main):
            return True  # nothing to load, nothing unresolved: no walk of a big tree
        ok = True
        loops: set[frozenset[str]] = set()  # each cycle of references reported once
        queue = [main]
        while queue:
            document = queue.pop()
            resolved: set[str] = set()  # refs of this document already found to resolve
            for path, ref in refs.iter_ref_paths(document.data):
                if ref in resolved:
                    continue
                file_part, fragment = refs.split(ref)
                # Positions are found by re-scanning the text: only when there is a problem.
                at = refs.join("", *path) + "/$ref"
                target = document
                if file_part:
                    loaded = self._external(document, file_part, at, documents)
                    if loaded is None:
                        ok = False
                        continue
                    target, is_new = loaded
                    if is_new:
                        queue.append(target)
                try:
                    value = refs.lookup(target.data, fragment)
                except KeyError:
                    ok = False
                    self.diagnostics.error(
                        Code.REF_UNRESOLVED,
                        f"$ref '{ref}' points to nothing: '{fragment or '/'}' does not exist "
                        f"in {target.name}",
                        document.location(at),
                    )
                    continue
                if self._unusable(
                    ref, value, (target.name, fragment), documents, loops, document.location(at)
                ):
                    ok = False
                    continue
                resolved.add(ref)
        return ok

    def _unusable(
        self,
        ref: str,
        value: Any,
        target: tuple[str, str],
        documents: dict[str, SourceDocument],
        loops: set[frozenset[str]],
        where: Location,
    ) -> bool:
        """Report a ``$ref`` whose target is no object, or that starts a cycle of references
        that never reaches a value (the validator would only give up, nowhere in particular)."""
        what = refs.not_an_object(value)
        if what is not None:
            self.diagnostics.error(
                Code.REF_UNRESOLVED,
                f"$ref '{ref}' names a value that is {what}, not an object (a $ref names a "
                "schema, parameter, response or other object)",
                where,
            )
            return True
        if refs.whole_spec(value, ref):
            shown = f"{ref.partition('#')[0]}#/components/schemas/..."
            self.diagnostics.error(
                Code.REF_UNRESOLVED,
                f"$ref '{ref}' names the whole OpenAPI document {target[0]}, not a schema, "
                f"parameter, response or other object inside it (point into it: '{shown}')",
                where,
            )
            return True
        loop = refs.cycle(ref, value, target, documents)
        if loop is None:
            return False
        members = frozenset(loop[:-1]) if loop[0] == loop[-1] else frozenset(loop)
        if members not in loops:
            loops.add(members)
            self.diagnostics.error(
                Code.REF_UNRESOLVED,
                f"$ref '{ref}' never reaches a value: its references form a cycle "
                f"({' -> '.join(loop)}); one of them must name a schema or object itself",
                where,
            )
        return True

    def _external(
        self,
        base: SourceDocument,
        file_part: str,
        at: str,
        documents: dict[str, SourceDocument],
    ) -> tuple[SourceDocument, bool] | None:
        try:
            path = resolve_inside(self.root, file_part, base=base.path)
        except UnsafePathError as exc:
            self.diagnostics.error(Code.REF_OUTSIDE_ROOT, f"$ref {exc.message}", base.location(at))
            return None
        name = display_name(self.root, path)
        if name in documents:
            return documents[name], False
        if not is_file(path):
            self.diagnostics.error(
                Code.REF_UNRESOLVED, f"$ref file '{file_part}' not found", base.location(at)
            )
            return None
        try:
            document = load_document(path, name)
        except LoadError as exc:
            self.diagnostics.error(
                Code.SPEC_PARSE_ERROR,
                f"cannot parse referenced file: {exc.message}",
                Location(name, exc.line, exc.column),
            )
            return None
        control_characters(document, self.diagnostics, self.strict_spec)
        documents[name] = document
        return document, True


def _index(
    name: str, data: dict[str, Any], documents: dict[str, SourceDocument]
) -> tuple[tuple[Operation, ...], tuple[Operation, ...]]:
    operations = []
    paths = data.get("paths")
    if isinstance(paths, dict):
        for path, item in paths.items():
            operations.extend(_operations(name, str(path), item, "/paths", documents, False))
    webhooks = []
    hooks = data.get("webhooks")
    if isinstance(hooks, dict):
        for hook, item in hooks.items():
            webhooks.extend(_operations(name, str(hook), item, "/webhooks", documents, True))
    return tuple(operations), tuple(webhooks)


def _operations(
    name: str,
    path: str,
    item: Any,
    base: str,
    documents: dict[str, SourceDocument],
    webhook: bool,
) -> list[Operation]:
    item = refs.resolve(item, name, documents)[0]
    if not isinstance(item, dict):
        return []
    out = []
    for method in METHODS:
        operation = item.get(method.lower())
        if isinstance(operation, dict):
            out.append(
                Operation(
                    spec=name,
                    method=method,
                    path=path,
                    pointer=refs.join(base, path, method.lower()),
                    data=operation,
                    path_item=item,
                    webhook=webhook,
                )
            )
    return out


def _tags(data: dict[str, Any]) -> tuple[Tag, ...]:
    out = []
    tags = data.get("tags")
    for tag in tags if isinstance(tags, list) else ():  # anything else: spec-invalid
        if isinstance(tag, dict) and isinstance(tag.get("name"), (str, int)):
            label = tag.get("x-displayName")
            out.append(
                Tag(
                    name=str(tag["name"]),
                    label=str(label)
                    if isinstance(label, (str, int)) and label
                    else str(tag["name"]),
                    description=tag.get("description")
                    if isinstance(tag.get("description"), str)
                    else None,
                )
            )
    return tuple(out)
