"""``_docgen/search-titles.json``: what the search dialog ranks before Pagefind's results.

Pagefind ranks by words, not by titles: a long title holding the query's words twice outranked
the page titled exactly that (GitHub's "List organization repositories" came 23rd). So the
dialog (``templates/assets/docgen.js``, ``Titles``) puts first the pages whose title, path,
method and path, operationId or h2/h3 heading match the query, from one row per page::

    [url, title, section, method, path, operationId, languages, versions, headings, lead]

``headings`` are ``[anchor, text]`` pairs; the anchor is ``""`` when the dialog can make it
from the text (:func:`derived_anchor`). ``lead`` is the line shown under a result Pagefind did
not find (it has no excerpt of its own): :func:`leads`. Trailing empty values are left out.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from html import unescape

from docgen.render.searchindex import SearchEntry

_TAG = re.compile(r"<[^>]*>")
_TITLE = re.compile(r"<h1[^>]*>(.*?)</h1>", re.DOTALL)
_SECTION = re.compile(r"<h([23])\b([^>]*)>(.*?)</h\1>", re.DOTALL)
_ID = re.compile(r'\bid="([^"]+)"')
_HEADING = re.compile(r"<h[1-6][\s>]")
_PARAGRAPH = re.compile(r"<p\b[^>]*>(.*?)</p>", re.DOTALL)
_BREAK = re.compile(r"<br\b[^>]*>")
# A sentence ends at . ! ? before a space and anything but a small letter (not "e.g. this"),
# or at a CJK full stop.
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[^a-z\s])|(?<=[。！？])")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
LEAD_CHARS = 120  # as long as a Pagefind excerpt (22 words): two lines of the dialog
_CANDIDATES = 3  # paragraphs looked at for a lead
# A sentence that opens pages with this many different titles says nothing about any of them
# ("This page was translated by AI.", "If you are an AI agent, ..."): the next one is used.
BOILERPLATE = 3


def derived_anchor(text: str) -> str:
    """The anchor the dialog makes from a heading's text when the row gives none: the text
    itself, or for ASCII text its lowercase words joined by hyphens. Python and JavaScript
    lowercase ASCII alike; other text is kept as it is."""
    if not text.isascii():
        return text
    return _NOT_SLUG.sub("-", text.lower()).strip("-")


def leads(document: str, title: str, path: str | None = None, anywhere: bool = True) -> list[str]:
    """The candidate lines for a result found by its title: the first sentence (at most
    ``LEAD_CHARS`` long) of each of the document's first paragraphs after its title. A
    paragraph may come after a heading only when ``anywhere`` (a guide's, not an endpoint's or
    a schema's, whose later paragraphs are their fields' facts). An endpoint's "METHOD path"
    line (``searchdoc.operation_document``) is left out, as the result shows its ``path``, and
    so is a sentence that only repeats the title."""
    start = document.find("</h1>")
    body = document[start + 5 :] if start != -1 else document
    if not anywhere:
        heading = _HEADING.search(body)
        body = body[: heading.start()] if heading else body
    found: list[str] = []
    for paragraph in _PARAGRAPH.finditer(body):
        text = " ".join(unescape(_TAG.sub("", _BREAK.sub(" ", paragraph.group(1)))).split())
        method, _, rest = text.partition(" ")
        if not text or (path and rest == path and method.isupper()):
            continue
        sentence = _SENTENCE.split(text, maxsplit=1)[0].strip()
        if len(sentence) > LEAD_CHARS:
            cut = sentence[: LEAD_CHARS - 1]
            space = cut.rfind(" ")
            sentence = (cut[:space] if space > LEAD_CHARS // 2 else cut).rstrip(" ,;:") + "…"
        if sentence.casefold() != title.casefold():
            found.append(sentence)
        if len(found) == _CANDIDATES:
            break
    return found


class TitleRows:
    """The rows of ``search-titles.json``, one per :meth:`add`; :meth:`json` once all are in
    (a lead is chosen then, when it is known which sentences open many pages)."""

    def __init__(self) -> None:
        self.rows: list[list[object]] = []
        self._leads: list[list[str]] = []

    def add(self, url: str, entry: SearchEntry) -> None:
        """The row of ``entry``, whose URL is ``url`` (as Pagefind gives it); an endpoint's or
        a schema's headings are its fields, which Pagefind finds by name: they are left out."""
        found = _TITLE.search(entry.document)
        title = unescape(_TAG.sub("", found.group(1))) if found else ""
        sections: list[list[str]] = []
        page = entry.headings and entry.method is None
        if page:
            for heading in _SECTION.finditer(entry.document):
                anchor = _ID.search(heading.group(2))
                text = " ".join(unescape(_TAG.sub("", heading.group(3))).split())
                if anchor and text:
                    name = unescape(anchor.group(1))
                    sections.append(["" if name == derived_anchor(text) else name, text])
        self.rows.append(
            [
                url,
                title,
                entry.crumbs,
                entry.method or "",
                entry.path or "",
                entry.operation_id or "",
                list(entry.languages),
                list(entry.versions),
                sections,
            ]
        )
        self._leads.append(leads(entry.document, title, entry.path, anywhere=page))

    def json(self) -> bytes:
        """The file: each row with its lead, the first of its candidates that does not open
        pages of ``BOILERPLATE`` different titles ("" when none is left)."""
        titles: defaultdict[str, set[object]] = defaultdict(set)
        for row, candidates in zip(self.rows, self._leads, strict=True):
            for sentence in candidates:
                titles[sentence.casefold()].add(row[1])
        out = []
        for row, candidates in zip(self.rows, self._leads, strict=True):
            said = [s for s in candidates if len(titles[s.casefold()]) < BOILERPLATE]
            full = [*row, said[0] if said else ""]
            while full and full[-1] in ("", []):
                full.pop()
            out.append(full)
        return json.dumps(out, ensure_ascii=False, separators=(",", ":")).encode()
