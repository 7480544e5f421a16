"""Resolve the navigation (behaviour.md §2-§6) into a :class:`~docgen.nav.model.Site`.

One walk over the config tree. A node that declares ``openapi`` *owns* that scope; references
beneath it are resolved as they are met. When the walk leaves an owner, each of its specs that no
reference resolved to is in automatic mode: its generated groups follow the owner's own items
(for an owner of tabs, versions, anchors or dropdowns: in its first child without ``openapi``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from docgen.config.codeblocks import report_css_variables
from docgen.config.model import (
    DEFAULT_DIRECTORY,
    NavNode,
    NodeKind,
    OpenApiSource,
    PageEntry,
    SiteConfig,
)
from docgen.diagnostics import Code, Diagnostics, Location
from docgen.exceptions import UnsafePathError
from docgen.load.paths import is_file, resolve_inside
from docgen.load.source import SourceDocument
from docgen.nav import frontmatter, hints, playground, references
from docgen.nav.earlier import add_earlier_redirects
from docgen.nav.generate import generate, generation_target
from docgen.nav.ignore import Ignore
from docgen.nav.imported import imported_files
from docgen.nav.model import NavLink, NavSection, Page, Site
from docgen.nav.pagefiles import PageFile, PageFiles
from docgen.nav.pagemeta import read_meta
from docgen.nav.redirects import check_redirects
from docgen.nav.references import Reference
from docgen.nav.registry import Claim, Registry
from docgen.nav.repocss import discover_styles
from docgen.nav.specfind import SpecFinder
from docgen.nav.staticfiles import discover_static
from docgen.nav.urls import fold
from docgen.spec.loader import SpecLoader
from docgen.spec.model import Operation, Spec


@dataclass(slots=True)
class _Scope:
    owner: str  # pointer of the owning node
    sources: tuple[OpenApiSource, ...]


class Resolver:
    """Turns a validated config into the site model, reporting every problem it meets."""

    def __init__(
        self,
        root: Path,
        config: SiteConfig,
        config_doc: SourceDocument | None,
        loader: SpecLoader,
        diagnostics: Diagnostics,
        *,
        output_dir: Path | None = None,
        scan_pages: bool = True,
    ) -> None:
        self.root = root.resolve()
        self.config = config
        self.config_doc = config_doc
        self.loader = loader
        self.diagnostics = diagnostics
        self.scan_pages = scan_pages
        self.ignore = Ignore.load(self.root, diagnostics) if scan_pages else Ignore()
        self.files = PageFiles(self.root, diagnostics, output_dir, scan_pages, self.ignore)
        self.output_dir = output_dir
        self.registry = Registry(diagnostics)
        self.explicit: set[tuple[str, int]] = set()  # (owner, index): sources listed by hand
        self.listed_files: set[str] = set()
        self.summaries = frontmatter.Summaries()  # reported once each in resolve()
        # Navigation's specs, then ``api.openapi`` (specs only page frontmatter names).
        self._declared = [*config.navigation.declared_sources(), *config.api_openapi]
        self.finder = SpecFinder(self.root, self._declared, output_dir)

    # -- entry point -------------------------------------------------------------------------

    def resolve(self) -> Site:
        navigation = self._walk(self.config.navigation, None, (), 0, (None, None))
        if self.scan_pages:
            self._hidden_page_files()
        self.registry.report_conflicts()
        self.summaries.report(self.diagnostics)
        specs = {
            spec.name: spec
            for spec in (self._load(src) for src in self._declared)
            if spec is not None
        }
        for page in self.registry.pages.values():
            if page.operation is not None and page.operation.spec not in specs:
                spec = self.loader.load(page.operation.spec, None)
                if spec is not None:
                    specs[spec.name] = spec
        site = Site(self.config, self.root, navigation, list(self.registry.pages.values()), specs)
        if self.scan_pages:  # the static files to copy, then the CSS files to apply
            found = (self.root, self.diagnostics, self.output_dir, self.ignore)
            site.static, site.styles = discover_static(*found), discover_styles(*found)
            css = site.styles.text if site.styles is not None else None
            report_css_variables(
                self.config.look.codeblocks, css, self.config_doc, self.diagnostics
            )
        playground.check(site, self.diagnostics)
        check_redirects(site, self.config_doc, self.diagnostics)
        add_earlier_redirects(site)
        return site

    # -- walking the tree --------------------------------------------------------------------

    def _walk(
        self,
        node: NavNode,
        scope: _Scope | None,
        trail: tuple[str, ...],
        section: int,
        carry: tuple[str | None, float | None],
    ) -> NavSection:
        """``carry``: the ``directory`` listing and ``boost`` inherited from above."""
        if node.openapi is not None:
            scope = _Scope(node.pointer, node.openapi)
        carry = (
            node.listing if node.listing is not None else carry[0],
            node.boost if node.boost is not None else carry[1],
        )
        has_structural = any(isinstance(i, NavNode) and i.kind.structural for i in node.items)
        forward = node.kind.structural and has_structural
        here = (*trail, node.label) if node.kind is not NodeKind.ROOT else trail
        root = self._entry(node.root, scope, here, section) if node.root is not None else None
        items: list[NavSection | NavLink] = []
        next_section = 0
        for item in node.items:
            if isinstance(item, NavNode):
                child_section = section
                if node.kind is NodeKind.ROOT and item.kind.structural:
                    child_section, next_section = next_section, next_section + 1
                items.append(self._walk(item, scope, here, child_section, carry))
            else:
                link = self._entry(item, scope, here, section)
                if link is not None:
                    items.append(link)
        if scope is not None and scope.owner == node.pointer:
            generated: list[NavSection] = []
            target = generation_target(node, items) if forward else None
            for index, source in enumerate(scope.sources):
                if (node.pointer, index) in self.explicit:
                    continue
                if target is None:
                    generated.extend(self._generate(source, here, section))
                else:
                    child = items[target]
                    assert isinstance(child, NavSection)
                    child_trail = (*here, child.label)
                    generated.extend(self._generate(source, child_trail, target))
            if target is None:
                items.extend(generated)
            elif generated:
                child = items[target]
                assert isinstance(child, NavSection)
                items[target] = replace(child, items=(*child.items, *generated))
        return NavSection.of(node, tuple(items), root, carry)

    def _generate(
        self, source: OpenApiSource, trail: tuple[str, ...], section: int
    ) -> list[NavSection]:
        spec = self._load(source)
        if spec is None:
            return []
        return generate(self.registry, spec, source, self._where(source.pointer), trail, section)

    def _where(self, pointer: str) -> Location | None:
        return self.config_doc.location(pointer) if self.config_doc is not None else None

    def _load(self, source: OpenApiSource, where: Location | None = None) -> Spec | None:
        """The spec of ``source``; a problem is reported at ``where`` (else the config's)."""
        return self.loader.load(source.source, where or self._where(source.pointer))

    # -- one pages entry ---------------------------------------------------------------------

    def _entry(
        self, entry: PageEntry, scope: _Scope | None, trail: tuple[str, ...], section: int
    ) -> NavLink | None:
        ref = references.parse(entry.text)
        if ref is not None and ref.spec is not None:
            return self._named_reference(entry, ref, scope, trail, section)
        if ref is not None and scope is not None:
            return self._scoped_reference(entry, ref, scope, trail, section)
        return self._file_entry(entry, scope, trail, section)

    def _scoped_reference(
        self,
        entry: PageEntry,
        ref: Reference,
        scope: _Scope,
        trail: tuple[str, ...],
        section: int,
    ) -> NavLink | None:
        where = self._where(entry.pointer)
        found: list[tuple[int, OpenApiSource, Spec, tuple[Operation, ...]]] = []
        loaded: list[Spec] = []
        for index, source in enumerate(scope.sources):
            spec = self._load(source)
            if spec is None:
                continue
            loaded.append(spec)
            ops = references.match(spec, ref)
            if ops:
                found.append((index, source, spec, ops))
        if not found:
            # A spec in scope that did not load may hold it: its own problem is reported.
            if len(loaded) == len(scope.sources):
                self._unknown(entry, ref, loaded, where)
            return None
        if len({f[2].name for f in found}) > 1:
            names = ", ".join(f[2].name for f in found)
            self.diagnostics.error(
                Code.NAV_AMBIGUOUS_OPERATION,
                f"'{ref}' exists in several specs in scope ({names}); name the spec, "
                f"e.g. '{found[0][2].name} {ref}'",
                where,
            )
            return None
        index, source, spec, ops = found[0]
        self.explicit.add((scope.owner, index))
        return self._listed(entry, ref, source, spec, ops, trail, section, where)

    def _named_reference(
        self,
        entry: PageEntry,
        ref: Reference,
        scope: _Scope | None,
        trail: tuple[str, ...],
        section: int,
    ) -> NavLink | None:
        where = self._where(entry.pointer)
        assert ref.spec is not None
        source = self._source_named(ref.spec, scope, entry.pointer, where)
        if source is None:
            return None
        spec = self._load(source)
        if spec is None:
            return None
        ops = references.match(spec, ref)
        if not ops:
            self._unknown(entry, ref, [spec], where)
            return None
        return self._listed(entry, ref, source, spec, ops, trail, section, where)

    def _listed(
        self,
        entry: PageEntry,
        ref: Reference,
        source: OpenApiSource,
        spec: Spec,
        ops: tuple[Operation, ...],
        trail: tuple[str, ...],
        section: int,
        where: Location | None,
    ) -> NavLink | None:
        op = ops[0]
        if op.excluded:
            self.diagnostics.error(
                Code.NAV_EXCLUDED_OPERATION,
                f"'{entry.text}' is marked 'x-excluded: true' in {spec.name}, so it has no page; "
                "remove it from the navigation or drop 'x-excluded'",
                where,
            )
            return None
        self.registry.claim(op, Claim(False, where, f"the navigation entry '{entry.text}'"))
        page = self.registry.operation_page(
            spec, source.directory, op, trail, False, section, where
        )
        return NavLink(
            page.url,
            page.title,
            op.method if not op.webhook else "HOOK",
            op.data.get("deprecated") is True,
        )

    def _source_named(
        self, spec_text: str, scope: _Scope | None, pointer: str, where: Location | None
    ) -> OpenApiSource | None:
        try:
            wanted = resolve_inside(self.root, spec_text)
        except UnsafePathError as exc:
            self.diagnostics.error(Code.REF_OUTSIDE_ROOT, f"spec {exc.message}", where)
            return None
        candidates = list(scope.sources) if scope else []
        candidates += self._declared
        for source in candidates:
            try:
                if resolve_inside(self.root, source.source) == wanted:
                    return source
            except UnsafePathError:
                continue
        return OpenApiSource(spec_text, DEFAULT_DIRECTORY, pointer)

    # -- page files ----------------------------------------------------------------------------

    def _unknown(
        self, entry: PageEntry, ref: Reference, specs: list[Spec], where: Location | None
    ) -> None:
        message = hints.unknown_operation(entry.text, ref, specs)
        self.diagnostics.error(Code.NAV_UNKNOWN_OPERATION, message, where)

    def _file_entry(
        self, entry: PageEntry, scope: _Scope | None, trail: tuple[str, ...], section: int
    ) -> NavLink | None:
        where = self._where(entry.pointer)
        path = None
        for candidate in hints.candidates(entry.text):
            try:
                resolved = resolve_inside(self.root, candidate)
            except UnsafePathError as exc:
                self.diagnostics.error(Code.REF_OUTSIDE_ROOT, f"page {exc.message}", where)
                return None
            if is_file(resolved):
                path = resolved
                break
        excluded = path and self.ignore.excluded(self.files.name_of(path), entry.text)
        if path is None or excluded:
            hint = excluded or hints.missing_page(entry.text, scope is not None, self.files.names)
            self.diagnostics.error(Code.NAV_PAGE_NOT_FOUND, hint, where)
            return None
        page_file = self.files.read(path)
        self.listed_files.add(page_file.name)
        page = self._file_page(page_file, scope, trail, False, section, where)
        if page is None or page.meta.hidden:
            return None
        meta = page.meta
        method = page.operation.method if page.operation is not None else None
        if meta.api is not None:
            method = meta.api.method
        deprecated = meta.deprecated or (
            page.operation is not None and page.operation.data.get("deprecated") is True
        )
        label = meta.sidebar_title or page.title
        return NavLink(page.url, label, method, deprecated, meta.tag, meta.icon, meta.url)

    def _file_page(
        self,
        page_file: PageFile,
        scope: _Scope | None,
        trail: tuple[str, ...],
        hidden: bool,
        section: int,
        where: Location | None,
    ) -> Page | None:
        identity = ("file", page_file.name)
        if identity in self.registry.pages:
            return self.registry.pages[identity]
        operation = None
        directory = None
        front = page_file.frontmatter.get("openapi")
        if isinstance(front, str) and front.strip():
            found = self._frontmatter_operation(page_file, front.strip(), scope)
            if found is not None:
                operation, directory = found
        meta = read_meta(page_file, self.config, self.diagnostics)
        page = page_file.page(operation, directory, trail, hidden or meta.hidden, section, meta)
        self.registry.register(
            identity, page, f"page file '{page_file.name}'", where or Location(page_file.name, 1, 1)
        )
        return page

    def _frontmatter_operation(
        self, page_file: PageFile, text: str, scope: _Scope | None
    ) -> tuple[Operation, str] | None:
        return frontmatter.operation(self, page_file, text, scope.sources if scope else ())

    def _hidden_page_files(self) -> None:
        names = self.files.names()
        snippets = imported_files(((n, self.files.read(self.root / n).body) for n in names), names)
        for name in names:
            if name in self.listed_files or name in snippets:  # a snippet is never a page
                continue
            page_file = self.files.read(self.root / name)
            taken = self.registry.urls.get(fold(page_file.url))
            if taken is not None:
                # An unlisted file (a stray AGENTS.md, README.md) never displaces a page.
                self.diagnostics.info(
                    Code.NAV_UNLISTED_SKIPPED,
                    f"unlisted page file '{name}' would have the URL '{page_file.url}' of "
                    f"{taken.describe}; it is not built (the listed page wins)",
                    Location(name, 1, 1),
                )
                continue
            self._file_page(page_file, None, (), True, 0, Location(name, 1, 1))
