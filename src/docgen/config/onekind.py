"""``--lenient``: a navigation element with more than one kind of children keeps one.

docs.json gives each navigation element one kind of children (``versions``, ``tabs``,
``groups``...); docgen refuses an element with two. Mintlify builds such a config (a repo may
list ``versions`` and, beside them, the ``tabs`` of one version), so with ``--lenient`` the
outer kind is kept (products, then languages, versions, tabs, dropdowns, anchors, menu, and last
a sidebar's groups and pages) and the others are left out, each with a warning at its key.
"""

from __future__ import annotations

import json
from typing import Any

from docgen.config.validate import dotted
from docgen.diagnostics import Code, Diagnostics
from docgen.load.source import SourceDocument

OUTER_FIRST = ("products", "languages", "versions", "tabs", "dropdowns", "anchors", "menu")
SIDEBAR = ("groups", "pages")  # one kind: a sidebar's pages and groups go together


def keep_one_kind(data: Any, doc: SourceDocument, diagnostics: Diagnostics) -> Any:
    """``data`` with every navigation element holding one kind of children (a copy, when one
    had more); what was left out is a warning."""
    found: list[tuple[str, list[str]]] = []
    stack: list[tuple[Any, str]] = []
    if isinstance(data, dict) and isinstance(data.get("navigation"), dict):
        stack.append((data["navigation"], "/navigation"))
    while stack:
        node, ptr = stack.pop()
        kinds = [k for k in OUTER_FIRST if isinstance(node.get(k), list)]
        sidebar = [k for k in SIDEBAR if isinstance(node.get(k), list)]
        if len(kinds) > 1 or (kinds and sidebar):
            found.append((ptr, kinds + sidebar))
        for kind in kinds[:1] or sidebar:
            for index, child in enumerate(node[kind]):
                if isinstance(child, dict):
                    stack.append((child, f"{ptr}/{kind}/{index}"))
    if not found:
        return data
    data = json.loads(json.dumps(data))
    for ptr, (kept, *dropped) in sorted(found):
        node = data
        for token in ptr.split("/")[1:]:
            node = node[int(token)] if isinstance(node, list) else node[token]
        where = dotted(int(t) if t.isdigit() else t for t in ptr.split("/")[1:])
        for kind in dropped:
            del node[kind]
            diagnostics.warning(
                Code.CONFIG_INVALID,
                f"{where}: a navigation element takes one kind of children; found {kept!r} and "
                f"{kind!r} (--lenient: {kind!r} left out, {kept!r} kept, the outer kind)",
                doc.location(f"{ptr}/{kind}#key"),
            )
    return data
