"""GFM autolink literals: a bare ``https://...``, ``www....`` or e-mail address is a link.

Mintlify reads pages with remark-gfm, so ``See https://example.com.`` links the address (and
not the final full stop). markdown-it-py does this with its ``linkify`` rules, which call a
linkify-it object; this module is that object, following the GitHub Flavored Markdown
specification's "Autolinks (extension)" section instead of linkify-it's wider rules (which link
``example.com`` without a scheme, something neither GitHub nor Mintlify does).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

# A domain: segments of letters, digits, "_" and "-" joined by ".", at least one "."; "_" is
# not allowed in the last two segments (checked below).
_DOMAIN = r"[\w-]+(?:\.[\w-]+)+"
_START = re.compile(r"(?:^|(?<=[\s*_~(]))(?:(https?://)|(www\.))", re.IGNORECASE)
_REST = re.compile(_DOMAIN + r"[^\s<]*")
# The last segment of an address's domain holds a letter: "pkg@1.2.3" is a version.
_EMAIL = re.compile(
    r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.[A-Za-z0-9_-]*[A-Za-z][A-Za-z0-9_-]*",
    re.ASCII,
)
_TRAILING = "?!.,:*_~\"'"
_ENTITY_END = re.compile(r"&[A-Za-z0-9]+;$")


@dataclass(slots=True)
class Match:
    """One literal link, as markdown-it's linkify rules read it from linkify-it."""

    schema: str
    index: int
    last_index: int
    text: str
    url: str


def _trim(candidate: str) -> str:
    """The GFM "extended autolink path validation": trailing punctuation, an unbalanced ")"
    and a trailing entity reference are not part of the link."""
    while candidate:
        last = candidate[-1]
        unbalanced = last == ")" and candidate.count(")") > candidate.count("(")
        if last in _TRAILING or unbalanced:
            candidate = candidate[:-1]
        elif last == ";":  # an entity reference ("&amp;") goes with it, as in cmark-gfm
            entity = _ENTITY_END.search(candidate)
            candidate = candidate[: entity.start()] if entity else candidate[:-1]
        else:
            break
    return candidate


def _domain_ok(domain: str) -> bool:
    segments = domain.split(".")
    return len(segments) >= 2 and all(segments) and "_" not in "".join(segments[-2:])


def _web(text: str, start: int) -> Match | None:
    """The link starting at ``start`` (just after its "http(s)://" or at its "www."), if any."""
    found = _START.match(text, start)
    if found is None:
        return None
    body = _REST.match(text, found.end())
    if body is None:
        return None
    raw = _trim(text[start : body.end()])
    domain = re.match(r"[\w.-]*", raw[len(found.group(1) or "") :])
    if domain is None or not _domain_ok(domain.group(0).rstrip(".")):
        return None
    if len(raw) <= found.end() - start:
        return None
    scheme = found.group(1)
    url = raw if scheme else "http://" + raw
    return Match("" if scheme is None else scheme.lower()[:-2], start, start + len(raw), raw, url)


def _matches(text: str) -> list[Match]:
    found: list[Match] = []
    position = 0
    while position < len(text):
        start = _START.search(text, position)
        email = _EMAIL.search(text, position)
        web = _web(text, start.start()) if start is not None else None
        mail = None
        if email is not None:
            address = email.group(0)
            if address[-1] not in "-_" and "." in address.split("@")[1]:
                mail = Match("mailto:", email.start(), email.end(), address, "mailto:" + address)
        candidates = [m for m in (web, mail) if m is not None]
        if not candidates:
            ends = [m.end() for m in (start, email) if m is not None]
            if not ends:
                break
            position = min(ends)  # past the nearer one that was no link: look further on
            continue
        best = min(candidates, key=lambda m: m.index)
        found.append(best)
        position = best.last_index
    return found


class GfmLinkify:
    """The part of linkify-it's interface markdown-it-py calls (``pretest``, ``test``,
    ``match``, ``match_at_start``)."""

    def pretest(self, text: str) -> bool:
        return "://" in text or "www." in text.lower() or "@" in text

    def test(self, text: str) -> bool:
        return bool(_matches(text))

    def match(self, text: str) -> list[Match] | None:
        return _matches(text) or None

    def match_at_start(self, text: str) -> Match | None:
        found = _web(text, 0)
        return found if found is not None and found.schema else None


def _anchor_step(token: Token) -> int:
    """+1 where a page's own ``<a>`` opens, -1 where it closes, else 0."""
    tag = token.meta.get("tag") if token.meta else None
    if tag is None or tag.name != "a" or token.type not in ("mdx_open", "mdx_close", "mdx_inline"):
        return 0
    closing = token.type == "mdx_close" or bool(getattr(tag, "closing", False))
    return -1 if closing else 1


def _unlink_inside_anchors(state: StateCore) -> None:
    """Core rule: a bare address inside the page's own ``<a>`` (whose text is often its own
    address) stays text; a link inside a link is not HTML, and the browser splits the two."""
    depth = 0
    for token in state.tokens:
        depth = max(0, depth + _anchor_step(token))
        if token.children is None:
            continue
        inner = depth
        kept: list[Token] = []
        for child in token.children:
            inner = max(0, inner + _anchor_step(child))
            if inner and child.type in ("link_open", "link_close") and child.markup == "linkify":
                continue
            kept.append(child)
        token.children = kept


def use(md: MarkdownIt) -> None:
    """Turn GFM autolink literals on in ``md``."""
    md.linkify = GfmLinkify()
    md.options["linkify"] = True
    md.enable("linkify")
    md.core.ruler.after("linkify", "autolink_in_anchors", _unlink_inside_anchors)
