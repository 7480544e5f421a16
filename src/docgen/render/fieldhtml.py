"""Schema fields as HTML, written in Python: the hot loop of big pages (a GitHub page holds
hundreds of fields; each was a Jinja macro call). The output is what the ``field`` and
``variants`` macros of ``partials/schema.html`` wrote, byte for byte."""

from __future__ import annotations

import re

from markupsafe import Markup

from docgen.render.subtrees import text_of
from docgen.render.views import SchemaField, Variant

_SPECIAL = re.compile("[&<>\"']")


def escape(text: str) -> str:
    """``markupsafe.escape`` of a plain string, byte for byte, without building a ``Markup``
    for each of the hundreds of names, types and anchors of a page (property-tested)."""
    if _SPECIAL.search(text) is None:
        return text
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&#34;")
        .replace("'", "&#39;")
    )


_KIND_LABELS = {"oneOf": "One of", "anyOf": "Any of", "allOf": "All of"}


class FieldWriter:
    """Writes fields and variant lists; ``arrow`` and ``cycle`` are the icons' HTML."""

    def __init__(self, arrow: str, cycle: str) -> None:
        self.arrow = arrow
        self.cycle = cycle

    def fields(self, items: tuple[SchemaField, ...]) -> Markup:
        return Markup(text_of("html", items, lambda: self._joined(items)))

    def _joined(self, items: tuple[SchemaField, ...]) -> str:
        out: list[str] = []
        for item in items:
            self._field(item, out)
        return "".join(out)

    def variants(
        self, items: tuple[Variant, ...], kind: str | None, discriminator: str | None, uid: str
    ) -> Markup:
        out: list[str] = []
        self._variants(items, kind, discriminator, uid, out)
        return Markup("".join(out))

    def _field(self, f: SchemaField, out: list[str]) -> None:
        if f.children or f.variants:  # shared by many pages: written once (render/subtrees.py)
            out.append(text_of("html", f, lambda: self._written(f)))
        else:
            self._write(f, out)

    def _written(self, f: SchemaField) -> str:
        out: list[str] = []
        self._write(f, out)
        return "".join(out)

    def _write(self, f: SchemaField, out: list[str]) -> None:
        e = escape
        anchor = e(f.anchor)
        w = out.append
        w(f'<div class="field{" is-deprecated" if f.deprecated else ""}" id="{anchor}">\n')
        w('  <div class="field-head">\n')
        w(f'    <a class="anchor" href="{e(f.href)}" aria-label="Copy link to {e(f.name)}"')
        w(' title="Copy link" data-docgen-anchor></a>\n')
        w(f'    <code class="field-name">{e(f.name)}</code>\n')
        w(f'    <span class="field-type">{e(f.type)}')
        if f.format:
            w(f'<span class="field-format">&lt;{e(f.format)}&gt;</span>')
        w("</span>\n")
        if f.nullable:
            w('<span class="tag tag-muted">nullable</span>')
        if f.read_only:
            w('<span class="tag tag-muted">read-only</span>')
        if f.write_only:
            w('<span class="tag tag-muted">write-only</span>')
        if f.deprecated:
            w('<span class="tag tag-deprecated">deprecated</span>')
        if f.required:
            w('<span class="tag tag-required">required</span>')
        w("  </div>\n")
        if f.description_html:
            w(f'  <div class="field-desc prose-sm">{f.description_html}</div>\n')
        if f.default is not None or f.enum or f.constraints or f.example is not None:
            w('  <dl class="field-meta">\n')
            if f.default is not None:
                w(f"    <div><dt>Default</dt><dd><code>{e(f.default)}</code></dd></div>\n")
            if f.enum:
                chips = "".join(f'<code class="chip">{e(v)}</code>' for v in f.enum)
                if f.enum_more:
                    chips += f'<span class="chips-more">and {f.enum_more:,} more</span>'
                w(f'    <div><dt>Allowed values</dt><dd class="chips">{chips}</dd></div>\n')
            for c in f.constraints:
                w(f"    <div><dt>{e(c.label)}</dt><dd><code>{e(c.value)}</code></dd></div>\n")
            if f.example is not None:
                w(f"    <div><dt>Example</dt><dd><code>{e(f.example)}</code></dd></div>\n")
            w("  </dl>\n")
        if f.recursive_to:
            target = (
                f'<a href="{e(f.recursive_href)}">{e(f.recursive_to)}</a>'
                if f.recursive_href
                else f"<code>{e(f.recursive_to)}</code>"
            )
            w(f'  <p class="field-recursive">{self.cycle} Circular reference to {target}</p>\n')
        if f.schema_href:
            w(f'  <a class="children-link" href="{e(f.schema_href)}"><span>Child attributes</span>')
            w(f" <code>{e(str(f.schema_name))}</code>{self.arrow}</a>\n")
        if f.children:
            w('  <details class="children">\n')
            w('    <summary><span class="children-show">Show child attributes</span>')
            w('<span class="children-hide">Hide child attributes</span></summary>\n')
            w('    <div class="fields">\n')
            for child in f.children:
                self._field(child, out)
            w("    </div>\n")
            w("  </details>\n")
        if f.variants:
            w("  ")
            self._variants(f.variants, f.variant_kind, f.discriminator, f.anchor, out)
            w("\n")
        w("</div>\n")

    def _variants(
        self,
        items: tuple[Variant, ...],
        kind: str | None,
        discriminator: str | None,
        uid: str,
        out: list[str],
    ) -> None:
        e = escape
        w = out.append
        label = e(_KIND_LABELS.get(kind, kind) if kind else "One of")
        uid_html = e(uid)
        w('<div class="variants">\n')
        w('  <p class="variants-head">\n')
        w(f'    <span class="variants-kind">{label}</span>\n')
        if discriminator:
            w('    <span class="variants-discriminator">discriminated by ')
            w(f"<code>{e(discriminator)}</code></span>\n")
        w("  </p>\n")
        w('  <div class="tabset variant-tabset" data-docgen-tabs>\n')
        w(f'    <div class="variant-tabs" role="tablist" aria-label="{label}">\n')
        for number, v in enumerate(items, 1):
            first = number == 1
            focus = "" if first else ' tabindex="-1"'
            w(
                f'      <button type="button" role="tab" id="{uid_html}-vt{number}"'
                f' aria-controls="{uid_html}-vp{number}"'
                f' aria-selected="{"true" if first else "false"}"'
                f"{focus}>{e(v.label)}</button>\n"
            )
        w("    </div>\n")
        for number, v in enumerate(items, 1):
            first = number == 1
            w(
                f'    <div class="variant-panel" role="tabpanel" id="{uid_html}-vp{number}"'
                f' aria-labelledby="{uid_html}-vt{number}"{"" if first else " hidden"}>\n'
            )
            if v.type and v.type != "object":
                w(f'<p class="variant-type"><span class="field-type">{e(v.type)}</span></p>')
            if v.description_html:
                w(f'<div class="variant-desc prose-sm">{v.description_html}</div>')
            if v.schema_href:
                w(f'<a class="children-link" href="{e(v.schema_href)}"><span>Attributes</span>')
                w(f" <code>{e(str(v.schema_name))}</code>{self.arrow}</a>")
            if v.fields:
                w('      <div class="fields">\n')
                for item in v.fields:
                    self._field(item, out)
                w("      </div>\n")
            w("    </div>\n")
        w("  </div>\n")
        w("</div>\n")
