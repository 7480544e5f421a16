"""Automatic groups: every operation of a spec no navigation entry lists, grouped by tag."""

from __future__ import annotations

from docgen.config.model import NavNode, NodeKind, OpenApiSource
from docgen.diagnostics import Location
from docgen.nav.model import NavLink, NavSection
from docgen.nav.registry import Claim, Registry
from docgen.spec.model import Spec

UNTAGGED_GROUP = "API Reference"
WEBHOOK_GROUP = "Webhooks"


def generate(
    registry: Registry,
    spec: Spec,
    source: OpenApiSource,
    where: Location | None,
    trail: tuple[str, ...],
    section: int,
) -> list[NavSection]:
    """One group per tag (in the spec's tag order, then first use), untagged operations under
    ``API Reference`` and untagged webhooks under ``Webhooks``; hidden operations get a page
    but no link."""
    groups: dict[str, list[NavLink]] = {}
    labels = {tag.name: tag.label for tag in spec.tags}
    for tag in spec.tags:
        groups.setdefault(tag.label, [])
    for op in (*spec.operations, *spec.webhooks):
        if op.excluded:
            continue
        if op.tags:
            label = labels.get(op.tags[0], op.tags[0])
        else:
            label = WEBHOOK_GROUP if op.webhook else UNTAGGED_GROUP
        registry.claim(op, Claim(False, where, f"the generated page from '{source.source}'"))
        nav = trail if op.hidden else (*trail, label)
        page = registry.operation_page(spec, source.directory, op, nav, op.hidden, section, where)
        if not op.hidden:
            groups.setdefault(label, []).append(
                NavLink(
                    page.url,
                    page.title,
                    op.method if not op.webhook else "HOOK",
                    op.data.get("deprecated") is True,
                )
            )
    return [
        NavSection(NodeKind.GROUP, label, tuple(links)) for label, links in groups.items() if links
    ]


def generation_target(node: NavNode, items: list[NavSection | NavLink]) -> int | None:
    """Where an element whose children are tabs/versions/... puts its automatic groups: into
    its first child section that declares no ``openapi`` of its own (``items``: the built
    children, in the order of ``node.items``)."""
    for index, (child, built) in enumerate(zip(node.items, items, strict=False)):
        if isinstance(child, NavNode) and child.kind.structural and child.openapi is None:
            return index if isinstance(built, NavSection) else None
    return None
