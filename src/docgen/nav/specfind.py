"""Which spec a page's frontmatter ``openapi:`` means, as Mintlify finds it.

- ``/path/spec.json GET /x``: a root-relative path (the docs root, not the file system root);
  a spec may be named without its extension (``openapi GET /x`` finds ``openapi.json``).
- A named spec that is not a file at that path is looked for among the configured specs and
  every spec file in the repository: first a path that ends with the name, then a path that
  contains it, then the same file name; the pick is reported as ``info`` (``nav-spec-picked``).
- No spec named: the specs in scope, then ``api.openapi``; when none is configured, or none has
  the operation, every spec file in the repository (the pick reported as ``info``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from docgen.config.model import DEFAULT_DIRECTORY, OpenApiSource
from docgen.exceptions import UnsafePathError
from docgen.load.paths import display_name, is_file, resolve_inside
from docgen.nav.pagefiles import source_dirs

SPEC_SUFFIXES = (".json", ".yaml", ".yml")
_HEAD = 65536  # bytes read to recognise a spec file
_JSON_SPEC = re.compile(rb'"(openapi|swagger)"\s*:\s*"[0-9]')
_YAML_SPEC = re.compile(rb"^(openapi|swagger)\s*:\s*['\"]?[0-9]", re.MULTILINE)
MAX_FILES = 20000  # files looked at when searching the repository for specs


def repo_specs(root: Path, skip: Path | None) -> list[str]:
    """Every file under ``root`` that looks like an OpenAPI document (sorted, posix paths)."""
    found: list[str] = []
    root = root.resolve()
    skip_resolved = skip.resolve() if skip is not None else None
    seen = 0
    for folder, dirs, files in os.walk(root, followlinks=False):
        here = Path(folder)
        dirs[:] = source_dirs(root, here, dirs, skip_resolved)
        for name in sorted(files):
            seen += 1
            if seen > MAX_FILES:
                return found
            if not name.endswith(SPEC_SUFFIXES) or name in ("docs.json", "mint.json"):
                continue
            path = here / name
            if path.is_symlink():
                continue
            try:
                with path.open("rb") as handle:
                    head = handle.read(_HEAD)
            except OSError:
                continue
            pattern = _JSON_SPEC if name.endswith(".json") else _YAML_SPEC
            if pattern.search(head):
                found.append(display_name(root, path))
    return found


class SpecFinder:
    """Finds the spec a frontmatter reference names, among configured and repository specs."""

    def __init__(self, root: Path, declared: list[OpenApiSource], skip: Path | None) -> None:
        self.root = root
        self.declared = declared
        self.skip = skip
        self._repo: list[str] | None = None
        self._paths: list[tuple[str, OpenApiSource]] | None = None

    def repository(self) -> list[OpenApiSource]:
        """Every spec file of the repository (found once, on first use)."""
        if self._repo is None:
            self._repo = repo_specs(self.root, self.skip)
        return [OpenApiSource(name, DEFAULT_DIRECTORY, "") for name in self._repo]

    def _known(self) -> list[tuple[str, OpenApiSource]]:
        """(posix path inside the root, source) of every configured and repository spec (worked
        out once: a docs repo asks for each of its operation pages)."""
        if self._paths is None:
            self._paths = self._locate()
        return self._paths

    def _locate(self) -> list[tuple[str, OpenApiSource]]:
        out: list[tuple[str, OpenApiSource]] = []
        seen: set[str] = set()
        for source in [*self.declared, *self.repository()]:
            if "://" in source.source:
                continue
            try:
                path = display_name(self.root, resolve_inside(self.root, source.source))
            except UnsafePathError:
                continue
            if path not in seen:
                seen.add(path)
                out.append((path, source))
        return out

    def named(self, text: str, page: str = "") -> tuple[OpenApiSource | None, str | None]:
        """The source ``text`` names and, when it was picked by a search, why (for an info line).

        ``(None, None)``: nothing matches; the caller reports the path as not found.
        Raises :class:`UnsafePathError` for a path outside the docs root.
        """
        if "://" in text:
            return self._declared_url(text), None
        relative = text.lstrip("/") or text
        if text.startswith(("./", "../")):
            # relative to the page file's folder (kept inside the docs root)
            base = self.root / page if page else None
            try:
                beside: Path | None = resolve_inside(self.root, text, base)
            except UnsafePathError:
                beside = None
            if beside is not None and is_file(beside):
                relative = display_name(self.root, beside)
            else:
                relative = PurePosixPath(text).name
        if not relative.strip("/."):
            return None, None
        for candidate in (relative, *(relative + s for s in SPEC_SUFFIXES)):
            path = resolve_inside(self.root, candidate)
            if is_file(path):
                wanted = display_name(self.root, path)
                for found, source in self._known():
                    if found == wanted:
                        return source, None
                return OpenApiSource(wanted, DEFAULT_DIRECTORY, ""), None
        known = self._known()
        stem = PurePosixPath(relative).stem
        bare = _without_suffix(relative)
        tests: tuple[tuple[str, Callable[[str], bool]], ...] = (
            ("its path ends with", lambda p: _without_suffix(p).endswith(bare)),
            ("its path contains", lambda p: relative in p),
            ("same file name", lambda p: PurePosixPath(p).stem == stem),
        )
        for reason, test in tests:
            hits = [(p, s) for p, s in known if test(p)]
            if hits:
                also = ", ".join(p for p, _ in hits[1:4])
                others = f" (also: {also})" if also else ""
                why = (
                    f"'{text}' is not a file; using '{hits[0][0]}' ({reason} '{relative}'){others}"
                )
                return hits[0][1], why
        return None, None

    def _declared_url(self, text: str) -> OpenApiSource:
        for source in self.declared:
            if source.source == text:
                return source
        return OpenApiSource(text, DEFAULT_DIRECTORY, "")


def _without_suffix(path: str) -> str:
    for suffix in SPEC_SUFFIXES:
        if path.endswith(suffix):
            return path[: -len(suffix)]
    return path
