"""The resolved site: every page with its URL, and the navigation tree that links them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar, cast

from docgen.config.model import GlobalLink, NavNode, NodeKind, SiteConfig
from docgen.config.redirects import fold
from docgen.spec.model import Operation, Spec

T = TypeVar("T")


class PageKind(StrEnum):
    OPERATION = "operation"
    WEBHOOK = "webhook"
    PAGE = "page"


@dataclass(frozen=True, slots=True)
class Endpoint:
    """A hand-written API page's ``api: METHOD URL``: ``servers`` are the URL's origin (a full
    URL) or ``api.mdx.server`` (a path); empty when neither gives one."""

    method: str
    path: str
    servers: tuple[str, ...]
    auth_method: str | None = None  # bearer | basic | key | none (frontmatter ``authMethod``)
    auth_name: str | None = None  # the header of ``key``


@dataclass(frozen=True, slots=True)
class PageMeta:
    """Frontmatter that shapes a page and its sidebar entry (checked by nav/pagemeta.py)."""

    sidebar_title: str | None = None
    icon: str | None = None
    mode: str = "default"  # default | wide | center | custom | frame
    tag: str | None = None
    deprecated: bool = False
    noindex: bool = False
    url: str | None = None  # an external link shown in the sidebar instead of the page
    hidden: bool = False
    api: Endpoint | None = None
    metatags: tuple[tuple[str, str], ...] = ()  # keywords, og:*, twitter:*: the page's <meta>


@dataclass(frozen=True, slots=True)
class Page:
    """One page of the site.

    ``url`` starts with ``/`` and has no trailing slash (``/`` for the home page).
    ``nav`` is the labels of the tab/version/group path that leads to it (for hidden pages, the
    path of the section that owns them). ``section`` indexes the top-level section whose sidebar
    the page shows. A page file's body is read once, by navigation, and handed on here.
    """

    url: str
    kind: PageKind
    title: str
    operation: Operation | None
    source: str | None
    hidden: bool
    nav: tuple[str, ...]
    section: int = 0
    directory: str | None = None
    description: str | None = None
    frontmatter: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    body: str = field(default="", compare=False, hash=False)  # a page file's Markdown body
    body_line: int = field(default=1, compare=False, hash=False)  # its first line in the file
    # Where the frontmatter ``description`` value starts in the file: (line, column).
    description_at: tuple[int, int] = field(default=(2, 1), compare=False, hash=False)
    meta: PageMeta = field(default_factory=PageMeta, compare=False, hash=False)

    @property
    def indexed(self) -> bool:
        """Whether search, sitemap.xml and llms.txt list the page."""
        return not self.hidden and not self.meta.noindex


@dataclass(frozen=True, slots=True)
class NavLink:
    """A sidebar link to a page (``method`` set for operation pages, for the badge)."""

    url: str
    label: str
    method: str | None = None
    deprecated: bool = False
    tag: str | None = None
    icon: str | None = None
    external: str | None = None  # frontmatter ``url``: the sidebar links there, not to ``url``


@dataclass(frozen=True, slots=True)
class NavSection:
    """A tab, version, anchor, dropdown, language, product, menu item or group, with its items
    in display order. ``root`` is a group's main page (its title links there); ``listing``
    (``accordion`` | ``card``) and ``boost`` are the values in effect here, inherited."""

    kind: NodeKind
    label: str
    items: tuple[NavSection | NavLink, ...]
    href: str | None = None
    expanded: bool = False
    default: bool = False
    global_links: tuple[GlobalLink, ...] = ()
    root: NavLink | None = None
    listing: str | None = None
    boost: float | None = None
    hidden: bool = False  # left out of tab bars, switchers and sidebars (pages still built)
    icon: tuple[str, str | None] = ("", None)  # a tab's icon (name or path) and its style
    tag: str | None = None  # a group's ``tag`` (a pill beside its name), a version's
    description: str | None = None  # a dropdown's, product's or menu item's, below its label

    @classmethod
    def of(
        cls,
        node: NavNode,
        items: tuple[NavSection | NavLink, ...],
        root: NavLink | None,
        carry: tuple[str | None, float | None],
    ) -> NavSection:
        """The section of the config element ``node`` with its resolved ``items`` and
        ``root``, and ``carry``: the listing and boost in effect there."""
        return cls(
            kind=node.kind,
            label=node.label,
            items=items,
            href=node.href,
            expanded=node.expanded,
            default=node.default,
            global_links=node.global_links,
            root=root,
            listing=carry[0] if carry[0] != "none" else None,
            boost=carry[1],
            hidden=node.hidden,
            icon=(node.icon, node.icon_style),
            tag=node.tag,
            description=node.description,
        )

    def first_url(self) -> str | None:
        if self.root is not None:
            return self.root.url
        for item in self.items:
            if isinstance(item, NavLink):
                if item.external is None:
                    return item.url
                continue
            url = item.first_url()
            if url is not None:
                return url
        return self.href

    def urls(self) -> list[str]:
        out: list[str] = [self.root.url] if self.root is not None else []
        for item in self.items:
            if isinstance(item, NavLink):
                if item.external is None:
                    out.append(item.url)
            else:
                out.extend(item.urls())
        return out


@dataclass(frozen=True, slots=True)
class StaticFile:
    """A file of the docs repo copied into the site (``nav/staticfiles.py``): its path (posix,
    relative to the docs root and to the output folder alike), the file to read, its size."""

    name: str
    path: Any  # Path
    size: int


@dataclass(frozen=True, slots=True)
class RepoStyles:
    """The docs repo's own ``.css`` files (``nav/repocss.py``), made safe and joined into one
    style sheet every page links; ``files``: the local files its URLs name (path in the docs
    folder, the CSS file, line, column)."""

    text: str
    sources: tuple[str, ...]
    files: tuple[tuple[str, str, int, int], ...] = ()


@dataclass(slots=True)
class Site:
    """Everything the renderer needs: config, specs, pages (in order) and navigation."""

    config: SiteConfig
    root: Any  # docs root Path
    navigation: NavSection
    pages: list[Page]
    specs: dict[str, Spec]
    static: tuple[StaticFile, ...] = ()  # images and other files copied as they are
    styles: RepoStyles | None = None  # the repo's own CSS files, checked and joined
    # static_names() of the ``static`` it was worked out for (every page asks for it).
    _names: tuple[tuple[StaticFile, ...], frozenset[str]] | None = field(
        default=None, compare=False, repr=False
    )

    _urls: tuple[tuple[int, int], frozenset[str]] | None = field(
        default=None, compare=False, repr=False
    )
    _derived: dict[str, tuple[tuple[int, int], Any]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def static_names(self) -> frozenset[str]:
        """The paths of :attr:`static` (what the site copies from the docs folder)."""
        if self._names is None or self._names[0] is not self.static:
            self._names = (self.static, frozenset(item.name for item in self.static))
        return self._names[1]

    def page_urls(self) -> frozenset[str]:
        """The URLs of :attr:`pages` as links are compared with them: case-folded, no
        trailing slash (worked out once per list of pages; every page's links ask)."""
        key = (id(self.pages), len(self.pages))
        if self._urls is None or self._urls[0] != key:
            urls = frozenset(fold(page.url) for page in self.pages)
            self._urls = (key, urls)
        return self._urls[1]

    def derived(self, name: str, compute: Callable[[], T]) -> T:
        """``compute()``, worked out once per list of pages: a fact every page's rendering
        asks for, such as whether any page writes a class attribute."""
        key = (id(self.pages), len(self.pages))
        found = self._derived.get(name)
        if found is None or found[0] != key:
            found = (key, compute())
            self._derived[name] = found
        return cast(T, found[1])

    def page(self, url: str) -> Page | None:
        for page in self.pages:
            if page.url == url:
                return page
        return None

    def records(self) -> list[dict[str, object]]:
        """The ``pages`` list of ``check --format json`` and of the build manifest."""
        records: list[dict[str, object]] = []
        for page in self.pages:
            op = page.operation
            records.append(
                {
                    "url": page.url,
                    "kind": page.kind.value,
                    "title": page.title,
                    "operation": None
                    if op is None
                    else {
                        "method": op.method,
                        "path": op.path,
                        "spec": op.spec,
                    },
                    "source": page.source,
                    "hidden": page.hidden,
                    "nav": list(page.nav),
                }
            )
        return records
