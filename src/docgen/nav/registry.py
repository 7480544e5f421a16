"""The URL registry: every page of the site by identity, the URL each takes, and who claims
each operation. Two pages on one URL (``nav-duplicate-url``), a URL that cannot be written
(``nav-unsafe-url``) and one operation with two pages (``nav-page-conflict``) are found here."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from docgen.diagnostics import Code, Diagnostics, Location
from docgen.nav.model import Page, PageKind
from docgen.nav.slugs import operation_slugs
from docgen.nav.urls import fold, shortened, spelling_difference, unsafe_url
from docgen.spec.model import Operation, Spec


@dataclass(slots=True)
class Claim:
    """A navigation entry, generated page or page file that wants an operation's page."""

    by_file: bool
    where: Location | None
    what: str


@dataclass(slots=True)
class _Registered:
    identity: tuple[str, ...]
    describe: str
    where: Location | None


@dataclass(slots=True)
class Registry:
    """Pages in the order they were met, keyed by identity (``("file", name)`` or
    ``("op", spec, directory, method, path, webhook)``)."""

    diagnostics: Diagnostics
    pages: dict[tuple[str, ...], Page] = field(default_factory=dict)
    urls: dict[str, _Registered] = field(default_factory=dict)
    claims: dict[tuple[str, str, str], list[Claim]] = field(default_factory=dict)
    slug_maps: dict[tuple[str, str], dict[tuple[str, str, bool], str]] = field(default_factory=dict)

    def register(
        self, identity: tuple[str, ...], page: Page, describe: str, where: Location | None
    ) -> None:
        """Give ``page`` its URL, unless the URL is unsafe or taken by another page."""
        unsafe = unsafe_url(page.url)
        if unsafe is not None:
            self.diagnostics.error(
                Code.NAV_UNSAFE_URL,
                f"the page at '{shortened(page.url, 200)}' ({describe}) cannot be written: "
                f"{unsafe}; rename the page file or the 'directory'",
                where,
            )
            return
        key = fold(page.url)
        other = self.urls.get(key)
        if other is not None and other.identity != identity:
            files = other.identity[0] == identity[0] == "file"
            why = spelling_difference(other.identity[-1], identity[-1]) if files else None
            self.diagnostics.error(
                Code.NAV_DUPLICATE_URL,
                f"two pages would be written to '{page.url}': {other.describe}"
                + where_text(other.where)
                + f" and {describe}"
                + (f", {why}" if why else "")
                + (
                    "; rename one of the page files"
                    if files
                    else "; give one of the specs a distinct 'directory', or rename the page"
                ),
                where,
            )
            return
        self.urls[key] = _Registered(identity, describe, where)
        self.pages[identity] = page

    def operation_page(
        self,
        spec: Spec,
        directory: str,
        op: Operation,
        nav: tuple[str, ...],
        hidden: bool,
        section: int,
        where: Location | None,
    ) -> Page:
        """The page of ``op`` under ``directory`` (made visible if it was hidden so far)."""
        identity = ("op", spec.name, directory, op.method, op.path, str(op.webhook))
        existing = self.pages.get(identity)
        if existing is not None:
            if existing.hidden and not hidden:
                existing = replace(existing, hidden=False, nav=nav, section=section)
                self.pages[identity] = existing
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
        self.register(identity, page, f"'{op.reference}' from {spec.name}", where)
        return page

    def _operation_url(self, spec: Spec, directory: str, op: Operation) -> str:
        href = op.href
        if href is not None and href.startswith("/") and not href.startswith("//"):
            return href.rstrip("/") or "/"  # the page's URL as Mintlify gives it
        if href is not None:
            self.diagnostics.warning(
                Code.NAV_UNSAFE_URL,
                f"'{op.reference}': x-mint href '{href[:80]}' is not a path of this site (one "
                "starting with '/'); the page keeps the URL docgen gives it",
                spec.document.location(f"{op.pointer}/x-mint/href"),
            )
        key = (spec.name, directory)
        if key not in self.slug_maps:
            self.slug_maps[key] = operation_slugs(spec)
        relative = self.slug_maps[key][(op.method, op.path, op.webhook)]
        return f"/{directory}/{relative}"

    def claim(self, op: Operation, claim: Claim) -> None:
        self.claims.setdefault((op.spec, op.method, op.path + str(op.webhook)), []).append(claim)

    def report_conflicts(self) -> None:
        """``nav-page-conflict`` for every operation a page file and a navigation entry (or an
        automatic group) both give a page, as Mintlify forbids. Several page files may show one
        operation, each at its own URL: the same endpoint in each language of a site."""
        for (spec, _method, _), claims in self.claims.items():
            files = [c for c in claims if c.by_file]
            others = [c for c in claims if not c.by_file]
            if not files or not others:
                continue
            pairs = [(other, files[0]) for other in others]
            pairs += [(file, others[0]) for file in files[1:]]
            for this, that in pairs:
                self.diagnostics.error(
                    Code.NAV_PAGE_CONFLICT,
                    f"the same operation of {spec} has two pages: {this.what}"
                    f"{where_text(this.where)} and {that.what}{where_text(that.where)}; "
                    "keep only one of them",
                    this.where,
                )


def where_text(where: Location | None) -> str:
    if where is None or where.file is None:
        return ""
    return f" ({where.file}:{where.line})" if where.line else f" ({where.file})"
