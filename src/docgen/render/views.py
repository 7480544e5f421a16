"""View models: the typed, template-ready shapes of everything a page shows.

Templates see only these (never raw spec dicts). Every string field is plain text that the
template escapes, except fields named ``*_html``, which hold HTML produced by docgen's own safe
Markdown renderer or highlighter.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar, dataclass_transform

_View = TypeVar("_View")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def view(cls: type[_View]) -> type[_View]:
    """A view model's class: frozen to the type checker (mypy rejects assigning a field), a
    plain slotted dataclass at run time. A frozen dataclass sets each field through
    ``object.__setattr__``: 3.5 µs against 0.65 µs to build a :class:`SchemaField`, which a
    big spec builds tens of thousands of times. Equal views hash alike, as frozen ones do."""
    make: Callable[[type[_View]], type[_View]] = dataclass(slots=True, unsafe_hash=True)
    return make(cls)


@view
class Constraint:
    """One line of a field's constraints, e.g. ``("minimum", "1")``, ``("pattern", "^a")``."""

    label: str
    value: str


@view
class SchemaField:
    """One parameter, body property or header, with its nested children.

    ``anchor`` is the element id (``dateFrom``, ``source.repository``) and ``href`` the
    absolute anchor URL when the site has a ``url`` (else ``#anchor``).
    ``variants`` holds oneOf/anyOf alternatives, each a labelled list of fields.
    ``recursive_to`` names the schema a cycle points back to (shown as a link, not expanded).
    """

    name: str
    anchor: str
    href: str
    type: str
    required: bool = False
    deprecated: bool = False
    read_only: bool = False
    write_only: bool = False
    nullable: bool = False
    format: str | None = None
    default: str | None = None
    example: str | None = None
    enum: tuple[str, ...] = ()
    constraints: tuple[Constraint, ...] = ()
    description_html: str = ""
    children: tuple[SchemaField, ...] = ()
    variants: tuple[Variant, ...] = ()
    variant_kind: str | None = None  # "oneOf" | "anyOf"
    discriminator: str | None = None
    recursive_to: str | None = None
    recursive_href: str | None = None
    schema_name: str | None = None  # children shown on this schema's own page (schemalinks.py)
    schema_href: str | None = None
    enum_more: int = 0  # allowed values past the first hundred, counted but not listed


@view
class Variant:
    label: str
    fields: tuple[SchemaField, ...]
    type: str = "object"
    description_html: str = ""
    schema_name: str | None = None  # fields shown on this schema's own page (schemalinks.py)
    schema_href: str | None = None


@view
class Body:
    """The schema of one media type (request or response)."""

    media_type: str
    type: str
    description_html: str
    fields: tuple[SchemaField, ...]
    variants: tuple[Variant, ...] = ()
    variant_kind: str | None = None
    discriminator: str | None = None


@view
class Example:
    """A named example, already serialised and highlighted."""

    label: str
    media_type: str
    code: str
    code_html: str
    generated: bool = False


@view
class Response:
    status: str
    status_class: str  # "2xx", "4xx", "default", ...
    description_html: str
    headers: tuple[SchemaField, ...]
    bodies: tuple[Body, ...]
    examples: tuple[Example, ...]
    anchor: str = ""


@view
class CodeSample:
    """One request sample: ``lang`` key (curl, python, javascript or x-codeSamples lang)."""

    lang: str
    label: str
    code: str
    code_html: str
    # A body of several media types: (media type, code_html) of each, the first one's first.
    variants: tuple[tuple[str, str], ...] = ()


@view
class SecurityScheme:
    """How to authenticate: ``kind`` is bearer | basic | apiKey | oauth2 | openIdConnect."""

    key: str
    kind: str
    title: str
    location: str | None  # header | query | cookie (apiKey), None otherwise
    param_name: str | None  # header/query/cookie name (apiKey) or "Authorization"
    description_html: str = ""


@view
class ParamGroup:
    """Parameters of one location: ``location`` path | query | header | cookie."""

    location: str
    title: str
    fields: tuple[SchemaField, ...]


@view
class Server:
    url: str
    description: str | None
    variables: tuple[tuple[str, str, tuple[str, ...]], ...] = ()  # (name, default, enum)


@view
class OperationView:
    """Everything an endpoint page shows."""

    method: str
    path: str
    title: str
    summary: str | None
    description_html: str
    deprecated: bool
    webhook: bool
    servers: tuple[Server, ...]
    security: tuple[tuple[SecurityScheme, ...], ...]  # alternatives, each a set used together
    param_groups: tuple[ParamGroup, ...]
    request_bodies: tuple[Body, ...]
    request_required: bool
    request_description_html: str
    request_examples: tuple[Example, ...]
    responses: tuple[Response, ...]
    samples: tuple[CodeSample, ...]
    anchors: tuple[str, ...]
    sample_media: tuple[str, ...] = ()  # the body's media types, when the samples vary by them
    spec_download: str | None = None
    playground_json: str = "null"  # data for the playground script (render/playground.py)
    playground_mode: str = "none"  # interactive | simple | auth | none
    # ``auth`` mode: the data, written to its own file (nav/urls.playground_path) and fetched
    # after sign-in; the page's ``playground_json`` is then only a stub pointing at it.
    playground_data: str = ""
    request_url: str = ""  # first server (variables at their defaults) + path
    examples_html: str = ""  # the page's own Request/ResponseExample blocks (render/apipage.py)
    summary_html: str | None = None  # a page file's description (inline Markdown), rendered


@view
class NavItemView:
    """A sidebar entry: a link (url set) or a group (children set)."""

    label: str
    url: str | None = None
    method: str | None = None
    active: bool = False
    deprecated: bool = False
    children: tuple[NavItemView, ...] = ()
    expanded: bool = True
    tag: str | None = None
    icon_html: str = ""  # docgen's own icon markup (render/components.icon_html)
    external: bool = False


@view
class TabView:
    label: str
    url: str
    active: bool
    external: bool = False
    icon_html: str = ""  # a global anchor's icon
    description: str = ""  # a dropdown's, product's or menu item's ``description``
    here: bool = False  # the link leads to this very page (aria-current="page", not "true")


@view
class VersionView:
    label: str
    url: str
    active: bool
    tag: str | None = None  # a version's ``tag`` ("Latest"), said after its name


@view
class TocEntry:
    level: int
    text: str
    anchor: str
    in_tab: bool = False  # its heading is in a <Tabs> panel: listed while that tab is shown
    hidden: bool = False  # that panel starts hidden


@view
class PageLink:
    label: str
    url: str


@view
class MenuItemView:
    """One entry of the page menu (docs.json ``contextual``): ``kind`` copy, view, spec or link;
    a link's ``href`` is safe and page-relative, ``query`` its ``[key, value]`` pairs as JSON,
    placeholders (``$url``, ``$path``, ``$page``) filled in by docgen.js."""

    kind: str
    title: str
    description: str
    icon_html: str
    href: str = ""
    query: str = "[]"


@view
class NavbarLinkView:
    """A docs.json ``navbar.links`` entry: its label ("" when its icon alone shows it, named
    by ``title``), its safe page-relative ``href`` and its icon's HTML ("" for none)."""

    label: str
    href: str
    icon_html: str = ""
    title: str = ""


@view
class ChromeView:
    """docs.json ``navbar`` and ``footer`` with safe, page-relative URLs (render/chrome.py)."""

    links: tuple[NavbarLinkView, ...] = ()
    primary: tuple[str, str] | None = None
    socials: tuple[NavbarLinkView, ...] = ()
    columns: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    # The look (render/chrome.py): logo (light, dark) and its link, favicons (href, media),
    # banner, <meta> tags (attribute, name, content), appearance, the site's own stylesheet.
    logo: tuple[str, str] | None = None
    logo_href: str = "./"
    favicons: tuple[tuple[str, str], ...] = ()
    banner_html: str = ""
    banner_key: str = ""
    dismissible: bool = False
    metatags: tuple[tuple[str, str, str], ...] = ()
    appearance: str = "system"
    strict: bool = False
    site_css: bool = False
    utilities_css: bool = False  # _docgen/utilities.css: the pages' Tailwind classes
    repo_css: bool = False  # the docs repo's own CSS, checked and joined (nav/repocss.py)
    menu: tuple[MenuItemView, ...] = ()  # docs.json ``contextual``: the page menu
    integrations: str = ""  # docs.json ``integrations`` for _docgen/integrations.js (JSON)
    search_prompt: str = "Search…"  # docs.json ``search.prompt``: the search box's placeholder
    codeblocks: str = "system"  # docs.json ``styling.codeblocks``: "dark", "css-variables"
    decoration: str = ""  # docs.json ``background.decoration``: "gradient", "grid", "windows"
    drilldown: bool = False  # docs.json ``interaction.drilldown``: docgen.js opens first pages
    site_theme: str = ""  # docs.json ``theme`` but "mint": html[data-site-theme] (docgen.css)


@view
class PageContext:
    """The context of one HTML page (``base`` is the relative prefix to the site root).

    ``markdown_url`` and ``OperationView.spec_download`` are relative to the site root (the
    template prefixes ``base``); navigation URLs are already relative to the page.
    """

    site_name: str
    title: str
    description: str | None
    base: str
    canonical: str | None
    kind: str  # "operation" | "webhook" | "page" | "404"
    tabs: tuple[TabView, ...]
    versions: tuple[VersionView, ...]
    sidebar: tuple[NavItemView, ...]
    breadcrumbs: tuple[str, ...]
    body_html: str = ""
    toc: tuple[TocEntry, ...] = ()
    operation: OperationView | None = None
    previous: PageLink | None = None
    next: PageLink | None = None
    markdown_url: str | None = None
    primary_color: str | None = None
    site_json: str = "{}"  # data-docgen-site: root prefix and sign-in settings
    auth_enabled: bool = False
    extra: dict[str, str] = field(default_factory=dict)
    description_html: str | None = None  # a page file's description under its title
    metatags: tuple[tuple[str, str, str], ...] = ()  # render/metatags.py; else the site's
    sidebar_html: str = ""  # pre-rendered sidebar (render/sidebar.py); else ``sidebar`` is used
    chrome: ChromeView | None = None  # navbar links and footer from docs.json
    mode: str = "default"  # frontmatter ``mode``: default | wide | center | custom | frame
    tag: str | None = None  # frontmatter ``tag``, shown beside the title
    deprecated: bool = False  # frontmatter ``deprecated``
    noindex: bool = False  # robots noindex: frontmatter ``noindex``, and hidden pages
    languages: tuple[VersionView, ...] = ()  # the language switcher (navigation.languages)
    sidenav: tuple[tuple[TabView, ...], ...] = ()  # deeper navigation levels, atop the sidebar
    anchors: tuple[TabView, ...] = ()  # ``global`` links (anchors, ...) atop the sidebar
    lang: str = "en"  # the page's language code (``<html lang>``)
