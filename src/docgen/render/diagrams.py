"""Mermaid diagrams: a ```` ```mermaid ```` fence becomes a figure that ``diagrams.js`` draws in
the reader's browser with the Mermaid build docgen ships (``templates/assets/mermaid/``, from
``.ci/vendor_mermaid.py``), only on sites whose pages have one. The fence's source stays in the
figure: it is what a reader without JavaScript sees, and what a diagram Mermaid cannot draw
falls back to.

Mintlify's fence options are honoured: ``actions={false}`` (or ``{true}``) hides (or always
shows) the zoom and pan controls, ``placement="top-left"`` ... puts them in a corner."""

from __future__ import annotations

import re
from collections.abc import Iterator

from markupsafe import escape

from docgen.nav.model import Site
from docgen.render.templates import templates_dir
from docgen.render.utilities import page_texts

FOLDER = "_docgen/mermaid"
SCRIPT = "_docgen/diagrams.js"
_PLACEMENTS = ("top-left", "top-right", "bottom-left", "bottom-right")
# Possessive: an info line of "actions=" and 40,000 spaces took a minute to backtrack over.
_PLACEMENT = re.compile(
    r"""\bplacement\s*+=\s*+(?:"([^"]*)"|'([^']*)'|\{\s*+["']([^"']*)["']\s*\})"""
)
_ACTIONS = re.compile(r"\bactions\s*+=\s*+(?:\{\s*+)?(true|false)")
# A mermaid fence's opening, wherever it sits (after a list marker, in a quote, a tab...); a
# run of backticks or tildes is tried from its start only (from each of its letters, a page
# with 20,000 in a row took 43 s).
_MERMAID = re.compile(r"(?:(?<!`)`{3,}+|(?<!~)~{3,}+)[ \t]*+mermaid(?![\w-])")


def figure(fence_html: str, info: str) -> str:
    """The figure around a mermaid fence's highlighted source (``info``: the fence's info
    string, whose options after ``mermaid`` set the controls)."""
    attributes = ""
    placement = _PLACEMENT.search(info)
    if placement is not None:
        where = next(group for group in placement.groups() if group is not None).strip()
        if where in _PLACEMENTS:
            attributes += f' data-placement="{escape(where)}"'
    actions = _ACTIONS.search(info)
    if actions is not None:
        attributes += f' data-actions="{actions.group(1)}"'
    return (
        f'<figure class="mermaid"{attributes}>{fence_html}'
        '<figcaption class="mermaid-note">Mermaid diagram source</figcaption></figure>\n'
    )


def wanted(site: Site) -> bool:
    """Whether the site ships the diagram script and Mermaid: some page or snippet it
    imports opens a mermaid fence (worked out once per site). Read broadly, so that no page
    that draws a diagram misses the files: a page that only shows a mermaid fence inside
    another fence ships them for nothing, which costs no reader anything."""
    return site.derived("diagrams", lambda: any(map(has_diagram, page_texts(site))))


def has_diagram(text: str) -> bool:
    """Whether ``text`` may open a mermaid fence."""
    return "mermaid" in text and _MERMAID.search(text) is not None


def files() -> Iterator[tuple[str, bytes]]:
    """The diagram script and Mermaid's files, as written into the site."""
    assets = templates_dir() / "assets"
    yield SCRIPT, (assets / "diagrams.js").read_bytes()
    for path in sorted((assets / "mermaid").iterdir()):
        if path.is_file():
            yield f"{FOLDER}/{path.name}", path.read_bytes()


def file_paths() -> list[str]:
    """The paths :func:`files` writes."""
    folder = templates_dir() / "assets" / "mermaid"
    return [SCRIPT] + [f"{FOLDER}/{p.name}" for p in sorted(folder.iterdir()) if p.is_file()]
