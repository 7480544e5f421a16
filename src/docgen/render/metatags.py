"""A page's ``<meta>`` tags for search engines and link previews, as Mintlify writes them:
Open Graph and Twitter card tags from the page's title and description (``og:url`` from its
canonical address), then docs.json ``seo.metatags``, then the page's own frontmatter
(``keywords``, ``og:*``, ``twitter:*``), each later one winning. A site path in an image or
URL tag is made absolute with the site's ``url`` (previews need an absolute address)."""

from __future__ import annotations

from docgen.config.model import SiteConfig
from docgen.config.urls import META_URL_SUFFIXES

Tag = tuple[str, str, str]  # (attribute, name, content): attribute "property" or "name"


def page_metatags(
    config: SiteConfig,
    title: str,
    description: str | None,
    canonical: str | None,
    own: tuple[tuple[str, str], ...] = (),
) -> tuple[Tag, ...]:
    """The tags of a page titled ``title`` (its frontmatter's tags: ``own``)."""
    tags: dict[str, str] = {"og:type": "website", "og:site_name": config.name, "og:title": title}
    if description:
        tags["og:description"] = " ".join(description.split())
    if canonical:
        tags["og:url"] = canonical
    tags.update(config.look.metatags)
    tags.update(own)
    tags.setdefault("twitter:title", tags["og:title"])
    if "og:description" in tags:
        tags.setdefault("twitter:description", tags["og:description"])
    image = "og:image" in tags or "twitter:image" in tags
    tags.setdefault("twitter:card", "summary_large_image" if image else "summary")
    return tuple(
        (
            "property" if name.startswith(("og:", "article:")) else "name",
            name,
            _absolute(content, config.url) if name.endswith(META_URL_SUFFIXES) else content,
        )
        for name, content in tags.items()
    )


def _absolute(content: str, site_url: str | None) -> str:
    if site_url and content.startswith("/") and not content.startswith("//"):
        return site_url + content
    return content
