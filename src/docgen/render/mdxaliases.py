"""Tags a Mintlify page writes that docgen reads as another: ``<Link>`` is an ``<a>``."""

from __future__ import annotations

from typing import Any

from docgen.render.jsx import Tag


def as_link(tag: Tag, names: dict[str, Any], imports: dict[str, Any]) -> Tag:
    """``<Link href="/x">`` (Next.js's, which Mintlify's pages may use) or ``<Link to="/x">``
    (React Router's spelling) is an ``<a href>``, read and checked as one, unless the page
    defines or imports a ``Link`` of its own."""
    if tag.name != "Link" or "Link" in names or "Link" in imports:
        return tag
    tag.name, tag.written = "a", "Link"
    if "to" in tag.attrs:
        target = tag.attrs.pop("to")
        tag.attrs.setdefault("href", target)
    return tag
