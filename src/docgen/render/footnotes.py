"""GFM footnotes in pages (``text[^note]`` and ``[^note]: the note``), as Mintlify shows them
(remark-gfm): a superscript number linking to the note, the notes numbered in order of first
reference in a list at the end of the page, each with a link back. A definition no reference
uses is left out, and ``[^x]`` with no definition stays text, as in GFM. Labels match as
micromark matches them, case-folded (``[^Note]`` cites ``[^note]:``), and of two definitions
of one label the first is the note (mdast-util-to-hast keeps the first). Ids follow remark's
(``user-content-fn-<label>``, ``user-content-fnref-<label>``), so a link written to one works.

Parsing is mdit-py-plugins' footnote plugin without its inline ``^[...]`` notes (not GFM);
only the markup is docgen's."""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from typing import Any
from urllib.parse import quote

from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_inline import StateInline
from markdown_it.token import Token
from markupsafe import escape
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.footnote.index import footnote_def

# A label is at most this long (GFM's limit for link labels): the plugin's own rule looked for
# the closing ']' to the end of the paragraph from every '[^', so a paragraph of '[^[^[^...'
# took minutes once the page defined one note.
MAX_LABEL = 999


def _key(label: str) -> str:
    """The label as micromark compares labels (``normalizeIdentifier``: case-folded by
    lower- then upper-casing, so ``[^Straße]`` cites ``[^STRASSE]:``)."""
    return label.lower().upper()


def _label(token: Token) -> str:
    """The note's label as an id part: lower case, anything but ``-_.~`` and letters and
    digits percent-encoded (remark normalises the label into a URL part the same way)."""
    label = str((token.meta or {}).get("label") or (token.meta or {}).get("id", 0) + 1)
    return str(escape(quote(label.lower(), safe="-_.~")))


def _again(token: Token) -> str:
    """``-2``, ``-3``... for the second, third... reference to one note, as remark counts."""
    sub = int((token.meta or {}).get("subId", 0))
    return f"-{sub + 1}" if sub > 0 else ""


def _ref(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    label, number = _label(token), int(token.meta["id"]) + 1
    return (
        f'<sup class="footnote-ref"><a href="#user-content-fn-{label}" '
        f'id="user-content-fnref-{label}{_again(token)}" data-footnote-ref>{number}</a></sup>'
    )


def _block_open(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return '<section class="footnotes" data-footnotes aria-label="Footnotes">\n<ol>\n'


def _block_close(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return "</ol>\n</section>\n"


def _open(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return f'<li id="user-content-fn-{_label(tokens[idx])}">'


def _close(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return "</li>\n"


def _anchor(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    number, again = int(token.meta["id"]) + 1, _again(token)
    count = f"<sup>{again[1:]}</sup>" if again else ""  # remark's ↩²: the second reference
    return (
        f' <a href="#user-content-fnref-{_label(token)}{again}" data-footnote-backref '
        f'class="footnote-backref" aria-label="Back to reference {number}{again}">'
        f"\u21a9\ufe0e{count}</a>"
    )


def _data(env: MutableMapping[str, Any]) -> dict[str, Any]:
    """The notes the plugin keeps in ``env``: ``refs`` (``":label"`` -> its number, ``-1``
    while defined but not yet referenced) and ``list`` (number -> label and count)."""
    notes: dict[str, Any] = env.setdefault("footnotes", {})
    notes.setdefault("refs", {})
    notes.setdefault("list", {})
    return notes


def _ref_rule(state: StateInline, silent: bool) -> bool:
    """``[^label]`` naming a defined note (the plugin's rule, its label bounded)."""
    start, src = state.pos, state.src
    data = _data(state.env)
    if not data["refs"] or not src.startswith("[^", start):
        return False
    end = min(state.posMax, start + 2 + MAX_LABEL + 1)
    pos = start + 2
    while pos < end and src[pos] not in " \t\n[]":
        pos += 1
    if pos == start + 2 or pos >= end or src[pos] != "]":
        return False
    label = _key(src[start + 2 : pos])
    found = data["refs"].get(":" + label)
    if found is None:
        return False
    if not silent:
        if found < 0:  # defined, first referenced here: numbered in order of first reference
            found = len(data["list"])
            data["list"][found] = {"label": label, "count": 0}
            data["refs"][":" + label] = found
        sub = data["list"][found]["count"]
        data["list"][found]["count"] += 1
        token = state.push("footnote_ref", "", 0)
        token.meta = {"id": found, "subId": sub, "label": label}
    state.pos = pos + 1
    return True


def _def_rule(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    """``[^label]: note`` (the plugin's rule), its label keyed case-folded; a second
    definition of a label is read (its lines are no paragraph) but never shown."""
    if silent:
        return footnote_def(state, start_line, end_line, True)
    refs = _data(state.env)["refs"]
    start = state.bMarks[start_line] + state.tShift[start_line]
    close = state.src.find("]", start, state.eMarks[start_line])  # where the plugin's label ends
    earlier = close > start and ":" + _key(state.src[start + 2 : close]) in refs
    first = len(state.tokens)
    if not footnote_def(state, start_line, end_line, silent):
        return False
    opening = state.tokens[first]
    label = str(opening.meta["label"])
    key = _key(label)
    if label != key:  # the plugin filed it under its label as written: keep the folded key only
        refs.pop(":" + label, None)
    if earlier:  # a later definition: the tail keeps what is filed under its label
        opening.meta["label"] = f"\0later{first}"
    else:
        opening.meta["label"] = key
        refs[":" + key] = -1
    return True


def use(md: MarkdownIt) -> None:
    """Teach ``md`` GFM footnotes, written as Mintlify writes them."""
    footnote_plugin(md, inline=False)
    md.block.ruler.at("footnote_def", _def_rule, {"alt": ["paragraph", "reference"]})
    md.inline.ruler.at("footnote_ref", _ref_rule)
    for name, rule in (
        ("footnote_ref", _ref),
        ("footnote_block_open", _block_open),
        ("footnote_block_close", _block_close),
        ("footnote_open", _open),
        ("footnote_close", _close),
        ("footnote_anchor", _anchor),
    ):
        md.add_render_rule(name, rule)
