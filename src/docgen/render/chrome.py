"""The site chrome a page shows: docs.json ``navbar`` links and button, ``footer`` socials and
link columns, and the look (``logo``, ``favicon``, ``banner``, ``seo.metatags``,
``appearance``; ``colors`` and ``fonts`` go to ``_docgen/site.css``, see
:func:`site_css`). Only http(s), mailto, tel and relative URLs are kept (others are dropped);
root-relative ones are made page-relative like every other link. A logo or favicon the site
does not copy is left out (the check reports it: render/scan.py)."""

from __future__ import annotations

import hashlib
import json
from urllib.parse import quote

from docgen.config.contextual import BUILT_IN
from docgen.config.integrations import script_data
from docgen.config.model import ChromeLink, Font, LocalFile, Look
from docgen.nav.model import Site
from docgen.render import utilities
from docgen.render.icons import FONTAWESOME, icon, icon_svg
from docgen.render.markdown import safe_url, site_relative, to_html
from docgen.render.views import ChromeView, MenuItemView, NavbarLinkView

SITE_CSS = "_docgen/site.css"
_FONT_FORMATS = {"woff2": "woff2", "woff": "woff", "ttf": "truetype", "otf": "opentype"}
_FALLBACK_FONTS = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'


def _pairs(links: tuple[ChromeLink, ...], base: str) -> tuple[tuple[str, str], ...]:
    out = []
    for link in links:
        if not link.href or not safe_url(link.href):
            continue
        href = link.href
        if href.startswith("/") and not href.startswith("//"):
            href = site_relative(href, base)
        out.append((link.label, href))
    return tuple(out)


def _navbar(links: tuple[ChromeLink, ...], base: str, library: str) -> tuple[NavbarLinkView, ...]:
    """The navbar's links with their icons (in the link's own library, else the site's)."""
    out = []
    for link in links:
        pairs = _pairs((link,), base)
        if not pairs:
            continue
        (label, href), shown = pairs[0], ""
        if link.icon:
            wanted = link.icon_library or library
            shown = icon(link.icon, wanted, link.icon_style, base=base)
        out.append(NavbarLinkView(label, href, shown, link.title))
    return tuple(out)


def _socials(links: tuple[ChromeLink, ...], base: str) -> tuple[NavbarLinkView, ...]:
    """The footer's social links: each its brand's icon, or its name where Font Awesome has
    no icon of that name."""
    out = []
    for link in links:
        pairs = _pairs((link,), base)
        if pairs:
            known = icon_svg(link.icon, FONTAWESOME, link.icon_style) is not None
            shown = icon(link.icon, FONTAWESOME, link.icon_style, base=base) if known else ""
            out.append(NavbarLinkView(link.label, pairs[0][1], shown, link.title))
    return tuple(out)


def _file(item: LocalFile | None, known: frozenset[str], base: str) -> str | None:
    if item is None or item.path not in known:
        return None
    return site_relative("/" + quote(item.path, safe="/"), base)


def chrome_view(site: Site, base: str) -> ChromeView:
    """What the page template shows around the content."""
    chrome, look = site.config.chrome, site.config.look
    known = site.static_names() if look.files() else frozenset()
    primary = _pairs((chrome.navbar_primary,), base) if chrome.navbar_primary else ()
    light = _file(look.logo_light, known, base)
    dark = _file(look.logo_dark, known, base)
    logo = (light or dark or "", dark or light or "") if light or dark else None
    logo_href = base
    if look.logo_href:
        logo_href = _pairs((ChromeLink("", look.logo_href),), base)[0][1]
    return ChromeView(
        links=_navbar(chrome.navbar_links, base, look.icons),
        primary=primary[0] if primary else None,
        socials=_socials(chrome.socials, base),
        columns=tuple((head, _pairs(items, base)) for head, items in chrome.footer_columns),
        logo=logo,
        logo_href=logo_href,
        favicons=_favicons(look, known, base),
        banner_html=to_html(look.banner, shift=0, base=base) if look.banner else "",
        banner_key=hashlib.sha256(look.banner.encode()).hexdigest()[:12] if look.banner else "",
        dismissible=look.dismissible,
        metatags=tuple(
            ("property" if name.startswith("og:") else "name", name, content)
            for name, content in look.metatags
        ),
        appearance=look.appearance,
        strict=look.strict,
        site_css=site_css(site) is not None,
        utilities_css=utilities.wanted(site),
        repo_css=site.styles is not None,
        menu=_menu(site, base),
        integrations=_integrations(site),
        search_prompt=look.search_prompt or "Search…",
        codeblocks=look.codeblocks,
        decoration=look.decoration,
        drilldown=look.drilldown,
        site_theme=look.theme,
    )


def _integrations(site: Site) -> str:
    """The analytics settings ``_docgen/integrations.js`` reads, ``""`` without any."""
    found = site.config.integrations
    return json.dumps(script_data(found), separators=(",", ":")) if found else ""


def _menu(site: Site, base: str) -> tuple[MenuItemView, ...]:
    """docs.json ``contextual`` options as the page menu shows them (links made safe)."""
    items = []
    library = site.config.look.icons
    for option in site.config.contextual:
        href = ""
        if option.kind == "link":
            pairs = _pairs((ChromeLink(option.title, option.href),), base)
            if not pairs:
                continue
            href = pairs[0][1]
        if option.icon and option not in BUILT_IN.values():
            shown = icon(option.icon, library, option.icon_style, base=base)  # the site's
        else:
            shown = icon(option.icon or "arrow-up-right-from-square", FONTAWESOME)
        items.append(
            MenuItemView(
                option.kind,
                option.title,
                option.description,
                shown,
                href,
                json.dumps([list(pair) for pair in option.query]),
            )
        )
    return tuple(items)


def _favicons(look: Look, known: frozenset[str], base: str) -> tuple[tuple[str, str], ...]:
    light = _file(look.favicon_light, known, base)
    dark = _file(look.favicon_dark, known, base)
    if light and dark and light != dark:
        return (
            (light, "(prefers-color-scheme: light)"),
            (dark, "(prefers-color-scheme: dark)"),
        )
    one = light or dark
    return ((one, ""),) if one else ()


def site_css(site: Site) -> str | None:
    """``_docgen/site.css``: the site's colours for both themes and its fonts; ``None`` when
    docs.json sets neither. Every value was validated (colours are ``#rgb``/``#rrggbb``, font
    families plain names, font files copied paths)."""
    config = site.config
    look = config.look
    rules: list[str] = []
    root: list[str] = []
    if config.primary_color:
        root.append(f"--primary: {config.primary_color};")
    if look.color_dark:
        root.append(f"--primary-button: {look.color_dark};")
    known = site.static_names() if look.files() else frozenset()
    fonts = [f for f in (look.body_font, look.heading_font) if f is not None]
    for font in dict.fromkeys(fonts):
        face = _font_face(font, known)
        if face:
            rules.append(face)
    if look.body_font is not None:
        root.append(f'--font-sans: "{look.body_font.family}", {_FALLBACK_FONTS};')
    if root:
        # A site theme's own fonts (docgen.css, html[data-site-theme]) give way to the site's.
        where = ":root, html[data-site-theme]" if look.theme else ":root"
        rules.insert(0, where + " { " + " ".join(root) + " }")
    if look.color_light:
        # Dark mode's accent is for the screen: paper is white, so a print keeps the light one.
        rules.append(
            f'@media not print {{ html[data-theme="dark"] {{ --primary: {look.color_light}; }} }}'
        )
    if look.background_light:
        rules.append(":root { " + _surfaces(look.background_light, "#0f172a") + " }")
    if look.background_dark:
        dark = _surfaces(look.background_dark, "#e6e9ef")
        rules.append(f'@media not print {{ html[data-theme="dark"] {{ {dark} }} }}')
    rules.extend(_images(look, known))
    if look.heading_font is not None and look.heading_font != look.body_font:
        family = look.heading_font.family
        rules.append(f'h1, h2, h3, h4, h5, h6 {{ font-family: "{family}", var(--font-sans); }}')
    if not rules:
        return None
    return (
        "/* The site's colours and fonts, from docs.json (docgen). */\n" + "\n".join(rules) + "\n"
    )


def not_found_view(
    look: Look, base: str
) -> tuple[str, str | None, tuple[tuple[str, str, str], ...]]:
    """The not-found page's title, description (Markdown, as HTML) and <meta> tags: docs.json
    ``errors.404``; ``redirect`` sends readers on to the home page at once."""
    title, description, redirect = look.not_found
    html = to_html(description, shift=0, base=base) if description else None
    refresh = (("http-equiv", "refresh", f"0; url={base}"),) if redirect else ()
    return title or "Page not found", html, refresh


def _surfaces(background: str, text: str) -> str:
    """docs.json ``background.color`` for one theme: the page, and the surfaces docgen draws
    on it (panels, hovers, the top bar) tinted from it, so none keeps docgen's own hue."""
    mix = f"color-mix(in srgb, {background}"
    return (
        f"--bg: {background}; --bg-elevated: {background}; "
        f"--bg-subtle: {mix} 96%, {text}); --bg-muted: {mix} 93%, {text}); "
        f"--bg-hover: {mix} 90%, {text}); --topbar-bg: {mix} 85%, transparent);"
    )


def _images(look: Look, known: frozenset[str]) -> list[str]:
    """docs.json ``background.image``: a copied file of the docs folder behind every page (the
    whole window, fixed), one for each theme when given as ``{light, dark}``."""
    rules = []
    for theme, item in (("", look.image_light), ('html[data-theme="dark"] ', look.image_dark)):
        if theme and item == look.image_light:
            continue  # one image for both themes
        if item is not None and item.path in known:
            url = "../" + quote(item.path, safe="/")
            rules.append(
                f'@media not print {{ {theme}body {{ background-image: url("{url}"); '
                "background-size: cover; background-position: top center; "
                "background-repeat: no-repeat; background-attachment: fixed; } }"
            )
    return rules


def _font_face(font: Font, known: frozenset[str]) -> str | None:
    if font.source is None or font.source.path not in known:
        return None
    path = font.source.path
    kind = font.format or _FONT_FORMATS.get(path.rsplit(".", 1)[-1].lower())
    if kind is None:
        return None
    weight = f" font-weight: {font.weight};" if font.weight else ""
    url = "../" + quote(path, safe="/")
    return (
        f'@font-face {{ font-family: "{font.family}"; src: url("{url}") format("{kind}");'
        f"{weight} font-display: {font.display}; }}"
    )
