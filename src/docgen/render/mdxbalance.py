"""JSX tags in a paragraph that MDX cannot pair: an opening tag whose element does not close
in its paragraph, a closing tag that closes nothing there, and text that starts a tag but does
not read as one (``<Note attr={{{ >``). MDX (Mintlify's parser) fails on each; docgen shows
them as the text they are, never as half an element (a ``<span>`` left open inside a
``<p>``), and says where."""

from __future__ import annotations

import re
from collections.abc import Callable

from markdown_it.token import Token

from docgen.render.mdxtags import VOID_ELEMENTS

Warn = Callable[..., None]
# What may start a JSX name after "<" (MDX's identifier start; "</" and "<>" aside).
_NAME_START = re.compile(r"<[A-Za-z_$]")


def looks_like_tag(src: str, pos: int) -> bool:
    """Whether ``src[pos:]`` starts as a JSX tag would (``<Name``), so MDX reads it as one."""
    return _NAME_START.match(src, pos) is not None


def unreadable(src: str, pos: int, line: int, warn: Warn) -> None:
    """Say that the ``<Name`` at ``pos`` is no complete tag and is shown as text."""
    name = re.match(r"<[^\s>/{]{1,60}", src[pos : pos + 61])
    near = name.group(0) if name else src[pos : pos + 2]
    warn(
        line,
        f"'{near}' does not read as a JSX tag: shown as text (Mintlify's MDX parser fails "
        "on it; write \\< or &lt; for a '<' that is text)",
        near=near,
    )


def balance(children: list[Token], warn: Warn) -> None:
    """Turn the tags of one paragraph's ``mdx_inline`` tokens that pair with nothing into
    text, with a warning each (a paragraph's tags pair as MDX pairs them: innermost first)."""
    open_tags: list[Token] = []
    for token in children:
        if token.type != "mdx_inline" or "source" not in token.meta:
            continue  # not a tag of the page's own text: a component's expansion
        tag = token.meta["tag"]
        if not tag.name or tag.self_closing or tag.name in VOID_ELEMENTS:
            continue
        if not tag.closing:
            open_tags.append(token)
            continue
        for depth in range(len(open_tags) - 1, -1, -1):
            if open_tags[depth].meta["tag"].name == tag.name:
                for crossed in open_tags[depth + 1 :]:  # <b><i></b>: the <i> never closes
                    _as_text(crossed, warn, "is not closed before </" + tag.name + ">")
                del open_tags[depth:]
                break
        else:
            _as_text(token, warn, "closes no element of its paragraph")
    for token in open_tags:
        _as_text(token, warn, "is not closed in its paragraph")


def _as_text(token: Token, warn: Warn, problem: str) -> None:
    meta = token.meta
    source = str(meta.get("source", ""))
    tag = meta["tag"]
    shown = f"</{tag.name}>" if tag.closing else f"<{tag.name}>"
    warn(
        int(meta.get("line", 0)),
        f"{shown} {problem}: shown as text (Mintlify's MDX parser fails on it)",
        near=source.split("\n", 1)[0][:60],
    )
    token.type, token.content, token.meta = "text", source, {}
