"""Typed, frozen view of a validated ``docs.json``."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum

from docgen.diagnostics import Location

DEFAULT_DIRECTORY = "api-reference"
DEFAULT_LANGUAGES = ("curl", "python", "javascript")


class NodeKind(StrEnum):
    ROOT = "root"
    TAB = "tab"
    VERSION = "version"
    ANCHOR = "anchor"
    DROPDOWN = "dropdown"
    LANGUAGE = "language"
    PRODUCT = "product"
    MENU = "menu"  # an item of a tab's or product's ``menu``
    GROUP = "group"

    @property
    def structural(self) -> bool:
        """Tabs, versions, anchors and dropdowns split the site; groups live in a sidebar."""
        return self not in (NodeKind.GROUP,)


class PlaygroundDisplay(StrEnum):
    INTERACTIVE = "interactive"
    SIMPLE = "simple"
    NONE = "none"
    AUTH = "auth"


@dataclass(frozen=True, slots=True)
class OpenApiSource:
    """One ``openapi`` entry: a spec path (relative to the docs root) and its URL directory."""

    source: str
    directory: str
    pointer: str


@dataclass(frozen=True, slots=True)
class PageEntry:
    """A string in a ``pages`` list: an operation reference or a page file path."""

    text: str
    pointer: str


@dataclass(frozen=True, slots=True)
class GlobalLink:
    """An entry of a ``global`` (on ``navigation`` or any element): a tab, anchor... that
    links out, drawn on every page below that element."""

    kind: NodeKind
    label: str
    href: str
    pointer: str
    icon: str = ""  # a global anchor's icon: a name or a path
    icon_style: str | None = None  # Font Awesome's style for it


@dataclass(frozen=True, slots=True)
class NavNode:
    """A navigation element. ``items`` holds child nodes and page entries in config order."""

    kind: NodeKind
    label: str
    pointer: str
    openapi: tuple[OpenApiSource, ...] | None
    items: tuple[NavNode | PageEntry, ...]
    href: str | None = None
    hidden: bool = False
    expanded: bool = False
    default: bool = False
    global_links: tuple[GlobalLink, ...] = ()  # this element's ``global``: links on its pages
    root: PageEntry | None = None  # a group's ``root`` page (its title links there)
    listing: str | None = None  # ``directory``: "none" | "accordion" | "card" (inherited)
    boost: float | None = None  # search ranking factor (inherited; frontmatter wins)
    icon: str = ""  # ``icon`` (a name or path; or {name, style}): before a tab's label
    icon_style: str | None = None
    tag: str | None = None  # a group's or version's ``tag``: beside its name
    description: str | None = None  # a dropdown's, product's or menu item's ``description``
    icon_at: Location | None = field(default=None, compare=False)  # where ``icon`` is written

    def declared_sources(self) -> Iterator[OpenApiSource]:
        """Every ``openapi`` entry of this element and below it, in document order."""
        if self.openapi:
            yield from self.openapi
        for item in self.items:
            if isinstance(item, NavNode):
                yield from item.declared_sources()


@dataclass(frozen=True, slots=True)
class Playground:
    display: PlaygroundDisplay = PlaygroundDisplay.INTERACTIVE
    proxy: bool = True
    allow: tuple[str, ...] = ()
    prefill: bool = False  # api.examples.prefill: inputs start with the spec's examples
    required_only: bool = False  # api.examples.defaults "required": samples leave optional out
    # api.playground.credentials, granted by the operator (config/operator.py), proxy off
    credentials: bool = False


@dataclass(frozen=True, slots=True)
class AuthConfig:
    type: str
    login_url: str
    public_key: str | None
    public_key_file: str | None
    algorithm: str | None
    audience: str | None = None  # the token's 'aud' must name it, when set
    issuer: str | None = None  # the token's 'iss' must be it, when set
    key_spki: str = ""  # base64 DER SubjectPublicKeyInfo, checked at load time
    key_algorithm: str = ""  # "ES256" | "RS256", from the key


@dataclass(frozen=True, slots=True)
class ChromeLink:
    label: str  # "" for a navbar link shown as its icon alone (``title`` names it)
    href: str
    icon: str = ""  # a navbar link's icon: a name or a path, as written
    icon_style: str | None = None  # Font Awesome's style (``iconType``, or ``style``)
    icon_library: str | None = None  # the icon's own library, else the site's
    title: str = ""  # what an icon-only link is called (for screen readers, on hover)


@dataclass(frozen=True, slots=True)
class Chrome:
    """Site chrome from ``navbar`` and ``footer``: top-bar links and button, footer socials and
    link columns (URLs as written; unsafe ones are dropped when rendering)."""

    navbar_links: tuple[ChromeLink, ...] = ()
    navbar_primary: ChromeLink | None = None
    socials: tuple[ChromeLink, ...] = ()
    footer_columns: tuple[tuple[str, tuple[ChromeLink, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class MenuOption:
    """One entry of docs.json ``contextual.options`` (the page's copy / open-in menu).

    ``kind``: ``copy`` (the page's Markdown to the clipboard), ``view`` (its Markdown twin),
    ``spec`` (the operation's spec, on API pages) or ``link``: ``href`` with ``query``
    appended, whose values may hold ``$url`` (the absolute URL of the page's Markdown),
    ``$path`` (the page's path) and ``$page`` (its Markdown), filled in by the page."""

    kind: str
    title: str
    description: str = ""
    href: str = ""
    query: tuple[tuple[str, str], ...] = ()
    icon: str | None = None
    icon_style: str | None = None  # Font Awesome's style (``iconType``: brands, regular...)


@dataclass(frozen=True, slots=True)
class ApiMdx:
    """``api.mdx`` (mint.json ``api.baseUrl`` / ``api.auth``): what hand-written ``api:`` pages
    use when their URL is a path, and how they authenticate."""

    servers: tuple[str, ...] = ()
    auth_method: str | None = None  # bearer | basic | key | cobalt | none
    auth_name: str | None = None  # the header of ``key``


@dataclass(frozen=True, slots=True)
class Redirect:
    """One ``redirects`` entry (``source`` may hold ``:param``, ``:param*`` and ``*``).
    ``earlier``: none of the config's, but docgen's own from a page's earlier URL
    (:mod:`docgen.nav.earlier`)."""

    source: str
    destination: str
    permanent: bool
    pointer: str
    earlier: bool = False


@dataclass(frozen=True, slots=True)
class LocalFile:
    """A file of the docs folder the config names (a logo, favicon, font): its docs-root path
    and where the config names it (file, line, column), for a warning when it is missing."""

    path: str
    file: str
    line: int | None
    column: int | None


@dataclass(frozen=True, slots=True)
class Font:
    family: str
    weight: int | None = None
    source: LocalFile | None = None  # a local font file; remote sources are never fetched
    format: str | None = None
    display: str = "swap"  # CSS font-display of a local font (``fonts.display``)


@dataclass(frozen=True, slots=True)
class Look:
    """How every page looks (docs.json ``logo``, ``favicon``, ``colors``, ``appearance``,
    ``banner``, ``seo``, ``fonts``), read by config/look.py."""

    logo_light: LocalFile | None = None
    logo_dark: LocalFile | None = None
    logo_href: str | None = None
    favicon_light: LocalFile | None = None
    favicon_dark: LocalFile | None = None
    color_light: str | None = None  # colors.light: the accent in dark mode
    color_dark: str | None = None  # colors.dark: buttons in both modes
    appearance: str = "system"  # the default: "system", "light" or "dark"
    strict: bool = False  # no toggle: readers keep the default
    banner: str | None = None  # Markdown
    dismissible: bool = False
    metatags: tuple[tuple[str, str], ...] = ()
    index_all: bool = False  # seo.indexing "all": hidden pages in the sitemap too
    body_font: Font | None = None
    heading_font: Font | None = None
    icons: str = "fontawesome"  # icons.library: "fontawesome" or "lucide"
    background_light: str | None = None  # background.color: the page in light and dark mode
    background_dark: str | None = None
    not_found: tuple[str, str, bool] = ("", "", False)  # errors.404: title, description, redirect
    eyebrows: str = "section"  # styling.eyebrows: above the title, "section" or "breadcrumbs"
    search_prompt: str = ""  # search.prompt: the search box's placeholder ("": docgen's)
    codeblocks: str = "system"  # styling.codeblocks as drawn: "system", "dark", "css-variables"
    # styling.codeblocks.languages.custom: (fence language, Pygments lexer) from the grammars
    languages: tuple[tuple[str, str], ...] = ()
    decoration: str = ""  # background.decoration: "gradient", "grid", "windows" or none
    image_light: LocalFile | None = None  # background.image: behind every page, each theme
    image_dark: LocalFile | None = None
    drilldown: bool = False  # interaction.drilldown: opening a group goes to its first page
    theme: str = ""  # theme: Mintlify's site theme as a variant of docgen's ("": "mint")

    def files(self) -> tuple[LocalFile, ...]:
        """Every local file it names."""
        fonts = (self.body_font, self.heading_font)
        found = (
            self.logo_light,
            self.logo_dark,
            self.favicon_light,
            self.favicon_dark,
            *(f.source for f in fonts if f is not None),
            self.image_light,
            self.image_dark,
        )
        return tuple(dict.fromkeys(f for f in found if f is not None))


@dataclass(frozen=True, slots=True)
class Integrations:
    """docs.json ``integrations`` (mint.json ``analytics``) docgen loads on every page, read by
    config/integrations.py; ``consent`` is ``cookies``: the localStorage key and value that
    must be set before any of them loads."""

    ga4: str | None = None  # measurement ID
    gtm: str | None = None  # container ID
    posthog: tuple[str, str, bool] | None = None  # API key, API host, session recording
    plausible: tuple[str, str] | None = None  # the site's domain, the Plausible server's host
    fathom: str | None = None  # site ID
    consent: tuple[str, str] | None = None

    def __bool__(self) -> bool:
        return any((self.ga4, self.gtm, self.posthog, self.plausible, self.fathom))


SPEC_ONLY = "spec"  # SiteConfig.source_format of the site docgen makes for a lone spec


@dataclass(frozen=True, slots=True)
class SiteConfig:
    name: str
    url: str | None
    description: str | None
    primary_color: str | None
    navigation: NavNode
    playground: Playground
    languages: tuple[str, ...]
    auth: AuthConfig | None
    # ``api.openapi`` (docs.json) / top-level ``openapi`` (mint.json): specs that page
    # frontmatter may name, without navigation of their own.
    api_openapi: tuple[OpenApiSource, ...] = ()
    global_links: tuple[GlobalLink, ...] = ()
    # or "mint.json" (read through the documented mapping), or SPEC_ONLY (a lone spec's site)
    source_format: str = "docs.json"
    chrome: Chrome = field(default_factory=lambda: Chrome())
    api_mdx: ApiMdx = field(default_factory=lambda: ApiMdx())
    redirects: tuple[Redirect, ...] = ()
    look: Look = field(default_factory=lambda: Look())
    contextual: tuple[MenuOption, ...] = ()  # docs.json ``contextual.options``
    integrations: Integrations = field(default_factory=lambda: Integrations())
