"""Class names a page writes that docgen's own style sheets use too (``card``, ``badge``,
``button``): docgen's look stays off the page's element, the repo's CSS still reaches it.

A page's such class is written ``mdx-class-NAME`` (:func:`page_classes`), so docgen's rules for
its own components do not apply to it. The repo's style sheet (``_docgen/custom.css``, already
made safe by nav/csssafe.py) was written for the page's ``NAME``: each class selector ``.NAME``
of such a name becomes ``:is(.NAME, .mdx-class-NAME)`` (:func:`repo_css`). It matches what it
matched before (docgen's components too, as the repo's CSS styled Mintlify's) and the page's
element, with the same specificity. Only selectors change: a ``.`` followed by a name is a
selector's class, never a value (numbers, strings and URLs are tokens of their own).
"""

from __future__ import annotations

import functools
import re

import tinycss2
from markupsafe import escape
from tinycss2 import ast

from docgen.render.templates import templates_dir

# Class names docgen's theme styles as Tailwind does (images shown in one theme only, their
# corners, Mintlify's escape from typography): a page writing them means the same thing.
_TAILWIND_ALIKE = frozenset(
    {"hidden", "block", "rounded-lg", "rounded-xl", "rounded-2xl", "not-prose"}
)


# What a page's class that docgen's theme also uses is renamed to (``badge`` ->
# ``mdx-class-badge``): see :func:`page_classes`.
PAGE_CLASS = "mdx-class-"


def page_classes(written: str) -> str:
    """The ``class`` of a page's own element. A name docgen's style sheets also use (``card``,
    ``badge``, ``button``: :func:`theme_classes`) gets :data:`PAGE_CLASS` before it, so
    docgen's look for its own components stays off the page's element: a Mintlify page that
    copies Mintlify's markup (``<a className="card block not-prose px-6 py-5">``) means
    Mintlify's look, which its utility classes give (docgen's card padding and border on top
    squeezed it). The repo's own CSS still reaches the element: its selectors match the
    renamed class too (:func:`repo_css`), as ``.badge.cloud`` did on Mintlify."""
    theme = theme_classes()
    return " ".join(PAGE_CLASS + name if name in theme else name for name in written.split())


@functools.cache
def theme_classes() -> frozenset[str]:
    """The class names docgen's own style sheets style (``card``, ``badge``, ``deprecated``...),
    less the Tailwind-like names pages use as Tailwind means them (``hidden``, ``block``)."""
    names: set[str] = set()
    for path in sorted((templates_dir() / "assets").glob("*.css")):
        text = _CSS_COMMENT.sub("", path.read_text("utf-8"))
        names.update(_CSS_CLASS.findall(text))
    return frozenset(names - _TAILWIND_ALIKE)


_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_CSS_CLASS = re.compile(r"\.(-?[A-Za-z_][\w-]*)")


def repo_css(text: str) -> str:
    """``text`` (a safe style sheet) with the class selectors of renamed names widened."""
    if not _names_in(text):
        return text
    nodes = tinycss2.parse_component_value_list(text)
    return str(tinycss2.serialize(_widened(nodes)))


def _names_in(text: str) -> bool:
    return not theme_classes().isdisjoint(_CSS_CLASS.findall(text))


def _widened(nodes: list[ast.Node]) -> list[ast.Node]:
    theme = theme_classes()
    out: list[ast.Node] = []
    for node in nodes:
        previous = out[-1] if out else None
        if (
            isinstance(node, ast.IdentToken)
            and node.value in theme
            and isinstance(previous, ast.LiteralToken)
            and previous.value == "."
        ):
            out.pop()
            out.extend(tinycss2.parse_component_value_list(_selector(node.value)))
            continue
        if isinstance(node, (ast.CurlyBracketsBlock, ast.ParenthesesBlock)):
            node.content = _widened(node.content)
        elif isinstance(node, ast.SquareBracketsBlock):
            pass  # an attribute selector: its words are not classes
        elif isinstance(node, ast.FunctionBlock):
            node.arguments = _widened(node.arguments)
        out.append(node)
    return out


def _selector(name: str) -> str:
    escaped = tinycss2.serialize([ast.IdentToken(0, 0, name)])
    return f":is(.{escaped}, .{PAGE_CLASS}{escaped})"


def with_classes(html: str, written: str) -> str:
    """``html`` with the page's classes ``written`` (a ``className`` Mintlify documents on
    ``Icon`` and ``Badge``: ``<Icon icon="aws" className="mr-2" />``) on its outer element."""
    kept = page_classes(written)
    return html.replace('class="', f'class="{escape(kept)} ', 1) if kept else html
