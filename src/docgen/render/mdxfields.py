"""``ParamField``/``ResponseField`` as HTML: anchors like generated pages (``name``,
``parent.child``, ``response.name``), type, labels (``pre``/``post``), tags and default."""

from __future__ import annotations

from typing import Any

from markdown_it.utils import EnvType
from markupsafe import escape

from docgen.render.jsx import Tag, Unevaluated, as_text
from docgen.render.mdxtags import FIELD_LOCATIONS, attr, flag, unique_anchor

MAX_LABELS = 8  # pre/post labels shown, at most


def field_open(tag: Tag, env: EnvType, stack: list[dict[str, Any]]) -> str:
    # The location key only names the field: Mintlify shows no "path"/"body" badge, and most
    # fields are SDK options written as path="name" (Mintlify's own example), not URL paths.
    name = next((attr(tag, key) for key in FIELD_LOCATIONS if key in tag.attrs), "")
    if tag.name == "ResponseField" or not name:
        name = attr(tag, "name") or name
    path = [f["field"] for f in stack[:-1] if "field" in f] + [name]
    wanted = ".".join(path)
    if tag.name == "ResponseField" and len(path) == 1:
        wanted = f"response.{name}"
    anchor = unique_anchor(env, wanted or "field")
    stack[-1]["field"] = name
    type_text = attr(tag, "type")
    tags = []
    if flag(tag, "deprecated"):
        tags.append('<span class="tag tag-deprecated">deprecated</span>')
    if flag(tag, "required"):
        tags.append('<span class="tag tag-required">required</span>')
    default = tag.attrs.get("default")
    meta = ""
    if default is not None and not isinstance(default, Unevaluated):
        meta = (
            f'<dl class="field-meta"><div><dt>Default</dt> <dd>'
            f"<code>{escape(as_text(default) or str(default).lower())}</code></dd></div></dl>"
        )
    deprecated = " is-deprecated" if flag(tag, "deprecated") else ""
    # A space between the name, type and tags (and a default's label and value): the flex row
    # does not draw it, but the search index reads the text, and its excerpts would otherwise
    # show "frame_rateintegerpath. Default30." with none of those words found on their own.
    return (
        f'<div class="field mdx-field{deprecated}" id="{escape(anchor)}"><div class="field-head">'
        f'<a class="anchor" href="#{escape(anchor)}" aria-label="Link to {escape(name)}"></a>'
        f'{_labels(tag, "pre")}<code class="field-name">{escape(name)}</code> '
        f'{_labels(tag, "post")}<span class="field-type">{escape(type_text)}</span> '
        f'{" ".join(tags)}</div>{meta}<div class="field-desc prose-sm">'
    )


def _labels(tag: Tag, key: str) -> str:
    """``pre={["GET"]}`` / ``post={["beta"]}``: Mintlify's labels before and after the
    field's name (a string is one label), each a chip followed by a space."""
    value = tag.attrs.get(key)
    items = value if isinstance(value, list) else [value] if isinstance(value, str) else []
    texts = [as_text(item) for item in items[:MAX_LABELS] if not isinstance(item, Unevaluated)]
    return "".join(
        f'<span class="tag tag-muted field-{key}">{escape(t)}</span> ' for t in texts if t
    )
