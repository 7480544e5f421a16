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
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token

# A domain: segments of letters, digits, "_" and "-" joined by ".", at least one "."; "_" is
# not allowed in the last two segments (checked below).
_DOMAIN = r"[\w-]+(?:\.[\w-]+)+"
_START = re.compile(r"(?:^|(?<=[\s*_~(]))(?:(https?://)|(www\.))", re.IGNORECASE)
_AT_START = re.compile(r"(?:(https?://)|(www\.))", re.IGNORECASE)  # the text starts there
_DOMAIN_AT = re.compile(_DOMAIN)
# The last segment of an address's domain holds a letter: "pkg@1.2.3" is a version.
_EMAIL = re.compile(
    r"(?<![\w.+-])[\w.+-]+@[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.[A-Za-z0-9_-]*[A-Za-z][A-Za-z0-9_-]*",
    re.ASCII,
)
_TRAILING = "?!.,:*_~\"'"
_TOKEN = re.compile(r"[^\s<]*")  # where an address can end at the latest
_DOMAIN_CHARS = re.compile(r"[\w.-]*")
# What trimming may take off an address's end: punctuation, ")", ";" and entities' "&name;".
_TRIMMABLE = re.compile(r"[?!.,:*_~\"');&A-Za-z0-9]*")
_KEPT = re.compile(r"[^\s<]")  # (where it is not the end of the address)
_SCHEME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-")
# Addresses found not to be links (a bad domain) in one run of non-space characters: past this
# many, its other "http://" and "www." are not read. Each is read to the run's end, so a run of
# thousands of them ("(http://a.b_(http://a.b_...") took minutes.
MAX_REJECTED = 16
_NOT_YET = re.match("", "")  # a search not made yet (None: made, and nothing found)


@dataclass(slots=True)
class Match:
    """One literal link, as markdown-it's linkify rules read it from linkify-it."""

    schema: str
    index: int
    last_index: int
    text: str
    url: str


def _stop(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where ``pattern``, which also matches the empty text, stops matching from ``pos``."""
    found = pattern.match(text, pos)
    return pos if found is None else found.end()


def _trim(text: str, start: int, end: int) -> int:
    """Where the link ``text[start:end]`` ends once trimmed by the GFM "extended autolink path
    validation": trailing punctuation, an unbalanced ")" and a trailing entity reference are
    not part of it. Each character is looked at once (no copy of the candidate per step)."""
    opened = text.count("(", start, end)
    closed = text.count(")", start, end)
    while end > start:
        last = text[end - 1]
        if last in _TRAILING:
            end -= 1
        elif last == ")" and closed > opened:
            closed -= 1
            end -= 1
        elif last == ";":  # an entity reference ("&amp;") goes with it, as in cmark-gfm
            name = end - 1
            while name > start and text[name - 1].isascii() and text[name - 1].isalnum():
                name -= 1
            entity = name < end - 1 and name > start and text[name - 1] == "&"
            end = name - 1 if entity else end - 1
        else:
            break
    return end


def _domain_ok(domain: str) -> bool:
    segments = domain.split(".")
    return len(segments) >= 2 and all(segments) and "_" not in "".join(segments[-2:])


def _web(text: str, start: int, bounded: bool = True) -> Match | None:
    """The link starting at ``start`` (just after its "http(s)://" or at its "www."), if any;
    ``bounded``: only after a space, "*", "_", "~" or "(" (else as if the text started there).

    A domain that is no domain ("a.b_") is refused before the rest of the address is read
    when trimming cannot reach back into it: what follows it holds a character trimming
    keeps (the "/" of the next "http://" at the latest)."""
    found = (_START if bounded else _AT_START).match(text, start)
    if found is None:
        return None
    host = _DOMAIN_AT.match(text, found.end())
    if host is None:
        return None
    scheme = found.group(1)
    at = start + len(scheme or "")
    early = _stop(_DOMAIN_CHARS, text, at)
    refused = not _domain_ok(text[at:early].rstrip("."))
    if refused and _KEPT.match(text, _stop(_TRIMMABLE, text, early)):
        return None
    last = _trim(text, start, _stop(_TOKEN, text, host.end()))
    domain = _DOMAIN_CHARS.match(text, at, max(at, last))
    if domain is None or not _domain_ok(domain.group(0).rstrip(".")):
        return None
    if last <= found.end():
        return None
    raw = text[start:last]
    url = raw if scheme else "http://" + raw
    return Match("" if scheme is None else scheme.lower()[:-2], start, last, raw, url)


def _email(found: re.Match[str]) -> Match | None:
    address = found.group(0)
    if address[-1] in "-_" or "." not in address.split("@")[1]:
        return None
    return Match("mailto:", found.start(), found.end(), address, "mailto:" + address)


def _matches(text: str) -> list[Match]:
    """The links of ``text``, in a time linear in its length: a search goes on from where the
    last one stopped unless what it found is still ahead, and an address is read once."""
    found: list[Match] = []
    position = 0
    start = email = _NOT_YET
    web: Match | None = None
    run_end, tries = -1, 0  # the run of non-space characters of the last address refused
    while position < len(text):
        if start is _NOT_YET or (start is not None and start.start() < position):
            start = _START.search(text, position)
            if start is not None and tries >= MAX_REJECTED and start.start() < run_end:
                start = _START.search(text, run_end)  # no more tries in this run
            web = _web(text, start.start()) if start is not None else None
            if start is not None and web is None:
                end = _stop(_TOKEN, text, start.start())
                tries = tries + 1 if end == run_end else 1
                run_end = end
        if email is _NOT_YET or (email is not None and email.start() < position):
            email = _EMAIL.search(text, position)
        mail = _email(email) if email is not None else None
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


def _inline_rule(state: StateInline, silent: bool) -> bool:
    """markdown-it-py's inline ``linkify`` rule (an address written "http(s)://..." is one
    link even where emphasis would start inside it: ``http://a.example/x_y_z``), reading only
    the scheme before the "://" and the address after it. The library's rule searched all the
    text before each "://" since the last link or markup for the scheme, and copied the rest
    of the paragraph after it: a paragraph of 100 KB with thousands of "http://" that are no
    link ("http://localhost") took a minute and more."""
    pos = state.pos
    if not state.md.options.linkify or state.linkLevel > 0:
        return False
    if not state.src.startswith("://", pos, state.posMax):
        return False
    pending = state.pending
    for proto in ("https", "http"):
        before = len(pending) - len(proto)
        if (
            before >= 0
            and pending[before:].lower() == proto
            and (before == 0 or pending[before - 1] not in _SCHEME_CHARS)
        ):
            break
    else:
        return False
    link = _web(state.src, pos - len(proto), bounded=False)
    if link is None:
        return False
    url = link.url.rstrip("*")  # not a "*" at the end (it closes emphasis)
    full_url = state.md.normalizeLink(url)
    if not state.md.validateLink(full_url):
        return False
    if not silent:
        state.pending = pending[: -len(proto)]
        token = state.push("link_open", "a", 1)
        token.attrs = {"href": full_url}
        token.markup = "linkify"
        token.info = "auto"
        token = state.push("text", "", 0)
        token.content = state.md.normalizeLinkText(url)
        token = state.push("link_close", "a", -1)
        token.markup = "linkify"
        token.info = "auto"
    state.pos += len(url) - len(proto)
    return True


def use(md: MarkdownIt) -> None:
    """Turn GFM autolink literals on in ``md``."""
    md.linkify = GfmLinkify()
    md.options["linkify"] = True
    md.enable("linkify")
    md.inline.ruler.at("linkify", _inline_rule)
    md.core.ruler.after("linkify", "autolink_in_anchors", _unlink_inside_anchors)
