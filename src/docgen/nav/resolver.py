"""Resolve the navigation (behaviour.md §2-§6) into a :class:`~docgen.nav.model.Site`.

One walk over the config tree. A node that declares ``openapi`` *owns* that scope.
References beneath an owner are resolved as they are met; when the walk leaves the owner,
each of its specs that no reference resolved to is in automatic mode and gets its generated
groups appended after the owner's own items (for an owner whose children are tabs, versions,
anchors or dropdowns: inside its first child that declares no ``openapi`` of its own).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

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
from docgen.load.paths import display_name, is_file, resolve_inside
from docgen.load.source import SourceDocument
from docgen.nav import playground, references
from docgen.nav.model import NavLink, NavSection, Page, PageKind, Site
from docgen.nav.pagefiles import PAGE_SUFFIXES, PageFile, discover, read_page
from docgen.nav.references import Reference
from docgen.nav.slugs import slugify, url_key
from docgen.spec.loader import SpecLoader
from docgen.spec.model import Operation, Spec

UNTAGGED_GROUP = "API Reference"
WEBHOOK_GROUP = "Webhooks"


@dataclass(slots=True)
class _Scope:
    owner: str  # pointer of the owning node
    sources: tuple[OpenApiSource, ...]


@dataclass(slots=True)
class _Claim:
    by_file: bool
    where: Location | None
    what: str


@dataclass(slots=True)
class _Registered:
    identity: tuple[str, ...]
    describe: str
    where: Location | None


@dataclass(slots=True)
class _State:
    pages: dict[tuple[str, ...], Page] = field(default_factory=dict)
    urls: dict[str, _Registered] = field(default_factory=dict)
    claims: dict[tuple[str, str, str], list[_Claim]] = field(default_factory=dict)
    explicit: set[tuple[str, int]] = field(default_factory=set)
    listed_files: set[str] = field(default_factory=set)
    slug_maps: dict[tuple[str, str], dict[tuple[str, str, bool], str]] = field(default_factory=dict)


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
        self.output_dir = output_dir
        self.scan_pages = scan_pages
        self.state = _State()
        self._page_files: dict[str, PageFile] = {}
        # Navigation's specs, then ``api.openapi`` (specs only page frontmatter names).
        self._declared = [*_declared_sources(config.navigation), *config.api_openapi]

    # -- entry point -------------------------------------------------------------------------

    def resolve(self) -> Site:
        navigation = self._walk(self.config.navigation, None, (), 0)
        if self.scan_pages:
            self._hidden_page_files()
        self._report_conflicts()
        specs = {
            spec.name: spec
            for spec in (self._load(src) for src in self._declared)
            if spec is not None
        }
        for page in self.state.pages.values():
            if page.operation is not None and page.operation.spec not in specs:
                spec = self.loader.load(page.operation.spec, None)
                if spec is not None:
                    specs[spec.name] = spec
        site = Site(
            config=self.config,
            root=self.root,
            navigation=navigation,
            pages=list(self.state.pages.values()),
            specs=specs,
        )
        playground.check(site, self.diagnostics)
        return site

    # -- walking the tree --------------------------------------------------------------------

    def _walk(
        self,
        node: NavNode,
        scope: _Scope | None,
        trail: tuple[str, ...],
        section: int,
    ) -> NavSection:
        if node.openapi is not None:
            scope = _Scope(node.pointer, node.openapi)
        has_structural = any(isinstance(i, NavNode) and i.kind.structural for i in node.items)
        forward = node.kind.structural and has_structural
        here = (*trail, node.label) if node.kind is not NodeKind.ROOT else trail
        items: list[NavSection | NavLink] = []
        next_section = 0
        for item in node.items:
            if isinstance(item, NavNode):
                child_section = section
                if node.kind is NodeKind.ROOT and item.kind.structural:
                    child_section, next_section = next_section, next_section + 1
                items.append(self._walk(item, scope, here, child_section))
            else:
                link = self._entry(item, scope, here, section)
                if link is not None:
                    items.append(link)
        if scope is not None and scope.owner == node.pointer:
            generated: list[NavSection] = []
            target = self._generation_target(node, items) if forward else None
            for index, source in enumerate(scope.sources):
                if (node.pointer, index) in self.state.explicit:
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
        return NavSection(
            kind=node.kind,
            label=node.label,
            items=tuple(items),
            href=node.href,
            expanded=node.expanded,
            default=node.default,
        )

    @staticmethod
    def _generation_target(node: NavNode, items: list[NavSection | NavLink]) -> int | None:
        """Where an element whose children are tabs/versions/... puts its automatic groups:
        into its first child section that declares no ``openapi`` of its own."""
        for index, (child, built) in enumerate(zip(node.items, items, strict=False)):
            if isinstance(child, NavNode) and child.kind.structural and child.openapi is None:
                return index if isinstance(built, NavSection) else None
        return None

    def _where(self, pointer: str) -> Location | None:
        return self.config_doc.location(pointer) if self.config_doc is not None else None

    def _load(self, source: OpenApiSource) -> Spec | None:
        return self.loader.load(source.source, self._where(source.pointer))

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
            ops = _match(spec, ref)
            if ops:
                found.append((index, source, spec, ops))
        if not loaded:
            return None  # the spec's own problem is already reported
        if not found:
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
        self.state.explicit.add((scope.owner, index))
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
        ops = _match(spec, ref)
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
        self._claim(op, _Claim(False, where, f"the navigation entry '{entry.text}'"))
        page = self._operation_page(spec, source.directory, op, trail, False, section, where)
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

    def _unknown(
        self, entry: PageEntry, ref: Reference, specs: list[Spec], where: Location | None
    ) -> None:
        names = ", ".join(s.name for s in specs)
        pool = [op for s in specs for op in (s.webhooks if ref.webhook else s.operations)]
        wanted = f"webhook {ref.target}" if ref.webhook else f"{ref.method} {ref.target}"
        hint = ""
        same_case = [
            op
            for op in pool
            if op.path.lower().rstrip("/") == ref.target.lower().rstrip("/")
            and op.method == ref.method
        ]
        if same_case:
            hint = f"; did you mean '{same_case[0].reference}'? (paths are case-sensitive)"
        else:
            other_methods = [op.method for op in pool if op.path == ref.target and not ref.webhook]
            close = difflib.get_close_matches(
                wanted, [op.reference for op in pool], n=3, cutoff=0.5
            )
            if other_methods:
                hint = f"; '{ref.target}' has {', '.join(other_methods)}"
            if close:
                hint += "; did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
        kind = "webhook" if ref.webhook else "operation"
        self.diagnostics.error(
            Code.NAV_UNKNOWN_OPERATION,
            f"'{entry.text}' matches no {kind} in {names}{hint}",
            where,
        )

    # -- page files ----------------------------------------------------------------------------

    def _file_entry(
        self, entry: PageEntry, scope: _Scope | None, trail: tuple[str, ...], section: int
    ) -> NavLink | None:
        where = self._where(entry.pointer)
        text = entry.text.lstrip("/")
        candidates = (
            [text] if text.endswith(PAGE_SUFFIXES) else [text + suffix for suffix in PAGE_SUFFIXES]
        )
        path = None
        for candidate in candidates:
            try:
                resolved = resolve_inside(self.root, candidate)
            except UnsafePathError as exc:
                self.diagnostics.error(Code.REF_OUTSIDE_ROOT, f"page {exc.message}", where)
                return None
            if is_file(resolved):
                path = resolved
                break
        if path is None:
            self._missing_page(entry, scope, where)
            return None
        page_file = self._page_file(path)
        self.state.listed_files.add(page_file.name)
        page = self._file_page(page_file, scope, trail, False, section, where)
        if page is None:
            return None
        method = page.operation.method if page.operation is not None else None
        return NavLink(page.url, page.title, method)

    def _missing_page(self, entry: PageEntry, scope: _Scope | None, where: Location | None) -> None:
        message = f"page '{entry.text}' not found (looked for "
        message += ", ".join(f"'{c}'" for c in _candidates(entry.text)) + ")"
        upper = references.upper_case_hint(entry.text)
        if upper is not None:
            message += f"; did you mean '{upper}'? (methods are upper case)"
        elif references.parse(entry.text) is not None and scope is None:
            message += (
                "; it reads as an operation reference, but no 'openapi' spec is in "
                "scope here: add 'openapi' to this element or an ancestor"
            )
        else:
            known = [n.rsplit(".", 1)[0] for n in self._all_page_names()]
            close = difflib.get_close_matches(entry.text.lstrip("/"), known, n=1, cutoff=0.6)
            if close:
                message += f"; did you mean '{close[0]}'?"
        self.diagnostics.error(Code.NAV_PAGE_NOT_FOUND, message, where)

    def _all_page_names(self) -> list[str]:
        return discover(self.root, self.output_dir) if self.scan_pages else []

    def _page_file(self, path: Path) -> PageFile:
        name = display_name(self.root, path)
        if name not in self._page_files:
            self._page_files[name] = read_page(self.root, path, self.diagnostics)
        return self._page_files[name]

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
        if identity in self.state.pages:
            return self.state.pages[identity]
        operation = None
        directory = None
        front = page_file.frontmatter.get("openapi")
        if isinstance(front, str) and front.strip():
            found = self._frontmatter_operation(page_file, front.strip(), scope)
            if found is not None:
                operation, directory = found
        kind = PageKind.PAGE
        if operation is not None:
            kind = PageKind.WEBHOOK if operation.webhook else PageKind.OPERATION
        title = page_file.title
        if operation is not None and "title" not in page_file.frontmatter:
            title = operation.title
        description = page_file.frontmatter.get("description")
        page = Page(
            url=page_file.url,
            kind=kind,
            title=title,
            operation=operation,
            source=page_file.name,
            hidden=hidden,
            nav=trail,
            section=section,
            directory=directory,
            description=description if isinstance(description, str) else None,
            frontmatter=page_file.frontmatter,
        )
        self._register(
            identity, page, f"page file '{page_file.name}'", where or Location(page_file.name, 1, 1)
        )
        return page

    def _frontmatter_operation(
        self, page_file: PageFile, text: str, scope: _Scope | None
    ) -> tuple[Operation, str] | None:
        where = Location(page_file.name, 2, 1, "/openapi")
        ref = references.parse(text)
        if ref is None:
            hint = references.upper_case_hint(text)
            extra = f"; did you mean '{hint}'? (methods are upper case)" if hint else ""
            self.diagnostics.error(
                Code.NAV_UNKNOWN_OPERATION,
                f"frontmatter 'openapi: {text}' is not an operation reference "
                f"(expected 'METHOD /path' or 'spec.yaml METHOD /path'){extra}",
                where,
            )
            return None
        sources: list[OpenApiSource]
        if ref.spec is not None:
            named = self._source_named(ref.spec, scope, "", where)
            sources = [named] if named is not None else []
        else:
            sources = list(scope.sources) if scope else []
            sources += [s for s in self._declared if s not in sources]
        specs = []
        for source in sources:
            spec = self._load(source)
            if spec is None:
                continue
            specs.append(spec)
            ops = _match(spec, ref)
            if ops:
                self._claim(ops[0], _Claim(True, where, f"the page file '{page_file.name}'"))
                return ops[0], source.directory
        if specs:
            self._unknown(PageEntry(text, "/openapi"), ref, specs, where)
        elif not sources:
            self.diagnostics.error(
                Code.NAV_UNKNOWN_OPERATION,
                f"frontmatter 'openapi: {text}' names an operation, but no spec is configured",
                where,
            )
        return None

    def _hidden_page_files(self) -> None:
        for name in self._all_page_names():
            if name in self.state.listed_files:
                continue
            page_file = self._page_file(self.root / name)
            self._file_page(page_file, None, (), True, 0, Location(name, 1, 1))

    # -- generated operation pages -------------------------------------------------------------

    def _generate(
        self, source: OpenApiSource, trail: tuple[str, ...], section: int
    ) -> list[NavSection]:
        spec = self._load(source)
        if spec is None:
            return []
        where = self._where(source.pointer)
        groups: dict[str, list[NavLink]] = {}
        labels = {tag.name: tag.label for tag in spec.tags}
        for tag in spec.tags:
            groups.setdefault(tag.label, [])
        for op in (*spec.operations, *spec.webhooks):
            if op.excluded:
                continue
            if op.tags:
                label = labels.get(op.tags[0], op.tags[0])
            else:
                label = WEBHOOK_GROUP if op.webhook else UNTAGGED_GROUP
            self._claim(op, _Claim(False, where, f"the generated page from '{source.source}'"))
            nav = trail if op.hidden else (*trail, label)
            page = self._operation_page(spec, source.directory, op, nav, op.hidden, section, where)
            if not op.hidden:
                groups.setdefault(label, []).append(
                    NavLink(
                        page.url,
                        page.title,
                        op.method if not op.webhook else "HOOK",
                        op.data.get("deprecated") is True,
                    )
                )
        return [
            NavSection(NodeKind.GROUP, label, tuple(links))
            for label, links in groups.items()
            if links
        ]

    def _operation_page(
        self,
        spec: Spec,
        directory: str,
        op: Operation,
        nav: tuple[str, ...],
        hidden: bool,
        section: int,
        where: Location | None,
    ) -> Page:
        identity = ("op", spec.name, directory, op.method, op.path, str(op.webhook))
        existing = self.state.pages.get(identity)
        if existing is not None:
            if existing.hidden and not hidden:
                existing = replace(existing, hidden=False, nav=nav, section=section)
                self.state.pages[identity] = existing
            return existing
        page = Page(
            url=self._operation_url(spec, directory, op),
            kind=PageKind.WEBHOOK if op.webhook else PageKind.OPERATION,
            title=op.title,
            operation=op,
            source=None,
            hidden=hidden,
            nav=nav,
            section=section,
            directory=directory,
            description=None,
        )
        self._register(identity, page, f"'{op.reference}' from {spec.name}", where)
        return page

    def _operation_url(self, spec: Spec, directory: str, op: Operation) -> str:
        key = (spec.name, directory)
        if key not in self.state.slug_maps:
            self.state.slug_maps[key] = _slug_map(spec)
        relative = self.state.slug_maps[key][(op.method, op.path, op.webhook)]
        return f"/{directory}/{relative}"

    # -- bookkeeping -----------------------------------------------------------------------

    def _register(
        self, identity: tuple[str, ...], page: Page, describe: str, where: Location | None
    ) -> None:
        unsafe = _unsafe_url(page.url)
        if unsafe is not None:
            self.diagnostics.error(
                Code.NAV_UNSAFE_URL,
                f"the page at '{page.url}' ({describe}) cannot be written: {unsafe}; "
                "rename the page file or the 'directory'",
                where,
            )
            return
        key = url_key(page.url)
        other = self.state.urls.get(key)
        if other is not None and other.identity != identity:
            self.diagnostics.error(
                Code.NAV_DUPLICATE_URL,
                f"two pages would be written to '{page.url}': {other.describe}"
                + _where_text(other.where)
                + f" and {describe}; give one of the specs a distinct 'directory', "
                "or rename the page",
                where,
            )
            return
        self.state.urls[key] = _Registered(identity, describe, where)
        self.state.pages[identity] = page

    def _claim(self, op: Operation, claim: _Claim) -> None:
        self.state.claims.setdefault((op.spec, op.method, op.path + str(op.webhook)), []).append(
            claim
        )

    def _report_conflicts(self) -> None:
        for (spec, _method, _), claims in self.state.claims.items():
            files = [c for c in claims if c.by_file]
            others = [c for c in claims if not c.by_file]
            if not files or (len(files) == 1 and not others):
                continue
            first = files[0]
            for other in [*files[1:], *others]:
                self.diagnostics.error(
                    Code.NAV_PAGE_CONFLICT,
                    f"the same operation of {spec} has two pages: {other.what}"
                    f"{_where_text(other.where)} and {first.what}{_where_text(first.where)}; "
                    "keep only one of them",
                    other.where,
                )


def _match(spec: Spec, ref: Reference) -> tuple[Operation, ...]:
    if ref.webhook:
        return spec.find_webhook(ref.target)
    op = spec.find(ref.method, ref.target)
    return (op,) if op is not None else ()


def _candidates(text: str) -> list[str]:
    text = text.lstrip("/")
    return [text] if text.endswith(PAGE_SUFFIXES) else [text + s for s in PAGE_SUFFIXES]


def _where_text(where: Location | None) -> str:
    if where is None or where.file is None:
        return ""
    return f" ({where.file}:{where.line})" if where.line else f" ({where.file})"


def _declared_sources(node: NavNode) -> Iterable[OpenApiSource]:
    """Every ``openapi`` entry of the config, in document order."""
    if node.openapi:
        yield from node.openapi
    for item in node.items:
        if isinstance(item, NavNode):
            yield from _declared_sources(item)


def _unsafe_url(url: str) -> str | None:
    """Why a page URL cannot become an output file (as ``docgen build`` checks it), or ``None``."""
    from docgen.write.writer import OutputError, check_path

    folder = url.strip("/")
    try:
        check_path(f"{folder}/index.html" if folder else "index.html")
    except OutputError as exc:
        return str(exc)
    return None


def _slug_map(spec: Spec) -> dict[tuple[str, str, bool], str]:
    """Every operation's URL below its directory, numbered -2, -3 on collision in spec order."""
    tag_slugs = {tag.name: slugify(tag.label) or slugify(tag.name) for tag in spec.tags}
    taken: dict[str, int] = {}
    out: dict[tuple[str, str, bool], str] = {}
    for op in (*spec.operations, *spec.webhooks):
        if op.excluded:
            continue
        slug = (
            slugify(op.summary or "")
            or slugify(op.operation_id or "")
            or slugify(f"{op.method if not op.webhook else 'webhook'}-{op.path}")
            or "operation"
        )
        if op.tags:
            prefix = tag_slugs.get(op.tags[0]) or slugify(op.tags[0]) or "tag"
            relative = f"{prefix}/{slug}"
        elif op.webhook:
            relative = f"webhooks/{slug}"
        else:
            relative = slug
        count = taken.get(relative, 0) + 1
        taken[relative] = count
        out[(op.method, op.path, op.webhook)] = relative if count == 1 else f"{relative}-{count}"
    return out
