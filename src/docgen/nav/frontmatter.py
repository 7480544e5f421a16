"""A page file's frontmatter ``openapi:`` reference, resolved as Mintlify resolves it (see
:mod:`docgen.nav.specfind`): root-relative or extensionless spec names, specs found anywhere in
the repository, and a lower-case method accepted with a warning (navigation stays strict)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from docgen.config.model import OpenApiSource, PageEntry
from docgen.diagnostics import Code, Diagnostics, Location
from docgen.exceptions import UnsafePathError
from docgen.nav import references
from docgen.nav.pagefiles import PageFile
from docgen.nav.references import Reference
from docgen.nav.registry import Claim, Registry
from docgen.nav.specfind import SpecFinder
from docgen.spec.model import Operation, Spec


class Resolver(Protocol):
    """What this needs of :class:`docgen.nav.resolver.Resolver` (which calls it): no import of
    the resolver, so the two modules do not import each other."""

    diagnostics: Diagnostics
    summaries: Summaries
    finder: SpecFinder
    registry: Registry
    _declared: list[OpenApiSource]

    def _load(self, source: OpenApiSource, where: Location | None = None) -> Spec | None: ...

    def _unknown(
        self, entry: PageEntry, ref: Reference, specs: list[Spec], where: Location | None
    ) -> None: ...


def operation(
    resolver: Resolver, page_file: PageFile, text: str, scoped: tuple[OpenApiSource, ...]
) -> tuple[Operation, str] | None:
    """The operation ``text`` names and its URL directory, or ``None`` (problems reported)."""
    diagnostics = resolver.diagnostics
    where = Location(page_file.name, _key_line(page_file.front, "openapi"), 1, "/openapi")
    ref = references.parse(text)
    if ref is None:
        hint = references.upper_case_hint(text)
        if hint is not None:
            resolver.summaries.method_case.append((text, hint, where))
            ref = references.parse(hint)
    if ref is None:
        diagnostics.error(
            Code.NAV_UNKNOWN_OPERATION,
            f"frontmatter 'openapi: {text}' is not an operation reference "
            "(expected 'METHOD /path' or 'spec.yaml METHOD /path')",
            where,
        )
        return None
    sources: list[OpenApiSource]
    searched = False
    if ref.spec is not None:
        try:
            source, why = resolver.finder.named(ref.spec, page_file.name)
        except UnsafePathError as exc:
            diagnostics.error(Code.REF_OUTSIDE_ROOT, f"spec {exc.message}", where)
            return None
        if why is not None:
            resolver.summaries.picked.setdefault(why, []).append((text, where))
        sources = [source or OpenApiSource(ref.spec.lstrip("/"), "api-reference", "")]
    else:
        sources = list(scoped)
        sources += [s for s in resolver._declared if s not in sources]
    specs = []
    # A configured spec that did not load may hold it: its own problem is already reported.
    unloaded = False
    while True:
        for source in sources:
            # A spec the config does not name: a problem finding it is the frontmatter's.
            spec = resolver._load(source, where if not source.pointer else None)
            if spec is None:
                unloaded = unloaded or not searched
                continue
            specs.append(spec)
            ops = references.match(spec, ref)
            if ops:
                if searched:
                    why = f"no configured spec has it; using '{spec.name}', found in the repository"
                    resolver.summaries.picked.setdefault(why, []).append((text, where))
                resolver.registry.claim(
                    ops[0], Claim(True, where, f"the page file '{page_file.name}'")
                )
                return ops[0], source.directory
        if ref.spec is not None or searched:
            break
        searched = True
        tried = {s.source for s in sources}
        sources = [s for s in resolver.finder.repository() if s.source not in tried]
    if unloaded:
        return None
    if specs:
        resolver._unknown(PageEntry(text, "/openapi"), ref, specs, where)
    else:
        diagnostics.error(
            Code.NAV_UNKNOWN_OPERATION,
            f"frontmatter 'openapi: {text}' names an operation, but no spec is configured "
            "or found in the repository",
            where,
        )
    return None


SHOWN = 3  # pages named in a summary


@dataclass
class Summaries:
    """What frontmatter references say once for the whole site, the first at its place with
    the count and the next few files (a big repo has hundreds of API pages): a lower-case
    method (``(text, upper-case form, where)``), and each way a spec was picked (why -> the
    references)."""

    method_case: list[tuple[str, str, Location]] = field(default_factory=list)
    picked: dict[str, list[tuple[str, Location]]] = field(default_factory=dict)

    def report(self, diagnostics: Diagnostics) -> None:
        if self.method_case:
            text, hint, where = self.method_case[0]
            message = (
                f"frontmatter 'openapi: {text}': read as '{hint}' (write methods in upper case)"
            )
            message += _also([w for _, _, w in self.method_case], "write a lower-case method")
            diagnostics.warning(Code.NAV_METHOD_CASE, message, where)
        for why, found in self.picked.items():
            text, where = found[0]
            message = f"frontmatter 'openapi: {text}': {why}"
            message += _also([w for _, w in found], "resolve this way")
            diagnostics.info(Code.NAV_SPEC_PICKED, message, where)


def _also(places: list[Location], what: str) -> str:
    """``; 5 pages <what>, also a.mdx, b.mdx, c.mdx and 1 more`` (nothing for one place)."""
    if len(places) < 2:
        return ""
    others = [str(w.file) for w in places[1 : 1 + SHOWN]]
    rest = len(places) - 1 - len(others)
    more = f" and {rest} more" if rest else ""
    return f"; {len(places)} pages {what}, also " + ", ".join(others) + more


def _key_line(front: str, key: str) -> int:
    """The file line of the top-level frontmatter ``key`` (the frontmatter starts on line 2;
    a top-level key starts its line), else 2."""
    for number, line in enumerate(front.split("\n"), 2):
        if line.startswith(key) and line[len(key) :].lstrip(" \t").startswith(":"):
            return number
    return 2
