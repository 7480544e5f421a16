"""What a reference that finds nothing was probably meant to be: the text of
``nav-unknown-operation`` and ``nav-page-not-found``."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from docgen.diagnostics import close_matches
from docgen.nav import references
from docgen.nav.pagefiles import PAGE_SUFFIXES
from docgen.nav.references import Reference
from docgen.nav.urls import spelling_difference
from docgen.spec.model import Spec


def candidates(text: str) -> list[str]:
    """The files a page entry may name: itself when it has a page suffix, else each suffix."""
    text = text.lstrip("/")
    if text.endswith(PAGE_SUFFIXES):
        return [text]
    # A folder entry means its index page, as in Mintlify (``guides`` -> ``guides/index.mdx``).
    folder = text.rstrip("/")
    if not folder:  # "/": the docs root's own index page
        return [f"index{s}" for s in PAGE_SUFFIXES]
    return [text + s for s in PAGE_SUFFIXES] + [f"{folder}/index{s}" for s in PAGE_SUFFIXES]


def unknown_operation(text: str, ref: Reference, specs: list[Spec]) -> str:
    """``'<text>' matches no operation in <specs>``, with the likeliest intended ones."""
    names = ", ".join(s.name for s in specs)
    pool = [op for s in specs for op in (s.webhooks if ref.webhook else s.operations)]
    wanted = f"webhook {ref.target}" if ref.webhook else f"{ref.method} {ref.target}"
    hint = ""
    same_case = [
        op
        for op in pool
        if op.path.lower().rstrip("/") == ref.target.lower().rstrip("/") and op.method == ref.method
    ]
    if same_case:
        hint = f"; did you mean '{same_case[0].reference}'? (paths are case-sensitive)"
    else:
        other_methods = [op.method for op in pool if op.path == ref.target and not ref.webhook]
        close = close_matches(wanted, [op.reference for op in pool], n=3, cutoff=0.5)
        if other_methods:
            hint = f"; '{ref.target}' has {', '.join(other_methods)}"
        if close:
            hint += "; did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
    kind = "webhook" if ref.webhook else "operation"
    return f"'{text}' matches no {kind} in {names}{hint}"


def missing_page(text: str, in_scope: bool, known: Callable[[], list[str]]) -> str:
    """``page '<text>' not found (looked for ...)``, with what was probably meant; ``known``
    lists the page files of the docs root (asked only when needed)."""
    message = f"page '{text}' not found (looked for "
    message += ", ".join(f"'{c}'" for c in candidates(text)) + ")"
    upper = references.upper_case_hint(text)
    if upper is not None:
        message += f"; did you mean '{upper}'? (methods are upper case)"
    elif references.parse(text) is not None and not in_scope:
        message += (
            "; it reads as an operation reference, but no 'openapi' spec is in "
            "scope here: add 'openapi' to this element or an ancestor"
        )
    else:
        names = [n.rsplit(".", 1)[0] for n in known()]
        bare = text.lstrip("/")
        wanted = unicodedata.normalize("NFC", bare)
        alike = [n for n in names if n != bare and unicodedata.normalize("NFC", n) == wanted]
        close = alike or close_matches(bare, names, n=1, cutoff=0.6)
        if alike:
            why = spelling_difference(bare, alike[0])
            message += f"; a page file '{alike[0]}' exists, {why}: write both the same way"
        elif close:
            message += f"; did you mean '{close[0]}'?"
    return message
