"""Schema fields built once per process, reused on every page that shows them again.

The pages of a big spec show the same component schemas over and over (GitHub's ``owner``,
``repository``...). :class:`Subtrees` remembers each field a :class:`~docgen.render.schemas.
TreeBuilder` built, with what building it did to the page (field budget, anchors, the
expansions later fields link back to, linked schema pages), and hands a later page the same
field, moved to its place, instead of building it again.

Reuse is exact: a field is remembered only when building it depended on nothing outside it,
and reused only when the page it goes into would have built it the same way:

- no ``$ref`` it reads is an ancestor on the page (a cycle there would be a link instead), and
  every schema it reads that the page already expanded is small (a big one would be a "same
  as above" note), as is its own expansion of it;
- every anchor it takes is free on the page (none was renamed to stay unique), and it is
  taken at the path the field was built at (anchors below it are that path plus a suffix);
- the page's field budget still holds it (it never ran out while building);
- the page renders descriptions and schema links the same way (same ``context``: the page's
  depth in the site, linking mode and directory).

The output of a build is the same with and without reuse, byte for byte (tested).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from docgen.render.views import SchemaField, Variant


class _Linker(Protocol):
    def count(self) -> None: ...

    def link(self, ref: str | None, doc: str) -> tuple[str, str] | None: ...


class TreeBuilder(Protocol):
    """What reuse reads and replays of a :class:`~docgen.render.schemas.TreeBuilder`."""

    budget: list[int]
    expanded: dict[str, tuple[str | None, int]]

    @property
    def links(self) -> _Linker | None: ...

    def href(self, anchor: str) -> str: ...


Tree = tuple[tuple[SchemaField, ...], tuple[Variant, ...], str | None, str | None]
STORE_MAX_FIELDS = 400_000  # fields kept per process (then the store starts afresh)
# A schema with more fields than this is expanded once per page; its later uses are "same as
# above" notes (render/schemas.py).
REPEAT_INLINE = 12
_SAME_AS = '<p class="field-same-as">'


@dataclass(slots=True)
class _Frame:
    """What building one field (and everything below it) did to the page."""

    path: str
    visits: set[str] = field(default_factory=set)  # every $ref read
    anchors: list[str] = field(default_factory=list)  # every anchor taken
    # the first expansion of each schema recorded (or not: already on the page), and the
    # schemas whose expansion went onto the page
    attempts: dict[str, tuple[str | None, int]] = field(default_factory=dict)
    inserted: set[str] = field(default_factory=set)
    links: list[tuple[str | None, str]] = field(default_factory=list)  # link() calls
    counts: int = 0  # count() calls
    renamed: bool = False  # an anchor was not the one wanted


@dataclass(frozen=True, slots=True)
class _Entry:
    held: tuple[Any, ...]  # the keyed objects, so that their ids stay theirs
    built: Any  # a SchemaField, or a body's Tree
    path: str
    visits: frozenset[str]
    suffixes: tuple[str, ...]
    attempts: tuple[tuple[str, str | None, int], ...]  # (ref, anchor suffix, fields)
    large: frozenset[str]  # refs it expanded with more than REPEAT_INLINE fields
    links: tuple[tuple[str | None, str], ...]
    counts: int
    used: int  # field budget used


_STORE: dict[tuple[Hashable, ...], _Entry] = {}
_SIZE = [0]
_SHARED: dict[int, Any] = {}  # id -> a field (or a body's fields) handed out as it is
_TEXTS: dict[tuple[Hashable, int], Any] = {}

Made = TypeVar("Made")


def clear() -> None:
    """Forget every remembered field (tests; a server that rebuilds many specs)."""
    _STORE.clear()
    _SHARED.clear()
    _TEXTS.clear()
    _SIZE[0] = 0


def text_of(kind: Hashable, item: object, make: Callable[[], Made]) -> Made:
    """``make()`` (the HTML, search text or Markdown of ``item`` as ``kind`` writes it), made
    once for a field that pages share: the same object handed to every page that shows it."""
    if _SHARED.get(id(item)) is not item:
        return make()
    key = (kind, id(item))
    found: Made | None = _TEXTS.get(key)
    if found is None:
        found = _TEXTS[key] = make()
    return found


class Subtrees:
    """Field reuse for the trees of one page: ``used`` is the page's set of anchors and
    ``context`` what else decides a field's HTML (see the module docstring)."""

    def __init__(self, used: set[str], context: Hashable) -> None:
        self.used = used
        self.context = context
        self.frames: list[_Frame] = []

    # -- what the builder reports while building ----------------------------------------

    def saw(self, ref: str) -> None:
        if self.frames:
            self.frames[-1].visits.add(ref)

    def took(self, wanted: str, anchor: str) -> None:
        if self.frames:
            frame = self.frames[-1]
            frame.anchors.append(anchor)
            if anchor != wanted:
                frame.renamed = True

    def recorded(self, ref: str, anchor: str | None, fields: int, inserted: bool) -> None:
        if self.frames:
            frame = self.frames[-1]
            frame.attempts.setdefault(ref, (anchor, fields))
            if inserted:
                frame.inserted.add(ref)

    def counted(self) -> None:
        if self.frames:
            self.frames[-1].counts += 1

    def linked(self, ref: str | None, doc: str) -> None:
        if self.frames:
            self.frames[-1].links.append((ref, doc))

    # -- building through the store -----------------------------------------------------

    def field(
        self,
        builder: TreeBuilder,
        build: Callable[[], SchemaField],
        path: str,
        seen: frozenset[str],
        key: tuple[Hashable, ...],
        held: tuple[Any, ...],
    ) -> SchemaField:
        """The field ``build`` makes at ``path`` (``seen``: the ``$ref``s above it), reused
        from an earlier page when that is exact, else built and remembered when it can be."""
        found: SchemaField = self._reuse(builder, build, path, seen, ("field", *key), held)
        return found

    def body(
        self,
        builder: TreeBuilder,
        build: Callable[[], Tree],
        prefix: str,
        key: tuple[Hashable, ...],
        held: tuple[Any, ...],
    ) -> Tree:
        """A request or response body's fields and variants (anchors below ``prefix``)."""
        found: Tree = self._reuse(
            builder, build, prefix, frozenset(), ("body", bool(prefix), *key), held
        )
        return found

    def _reuse(
        self,
        builder: TreeBuilder,
        build: Callable[[], Any],
        path: str,
        seen: frozenset[str],
        key: tuple[Hashable, ...],
        held: tuple[Any, ...],
    ) -> Any:
        key = (self.context, *key)
        entry = _STORE.get(key)
        if entry is not None and self._fits(builder, entry, path, seen):
            return self._replay(builder, entry, path)
        before = builder.budget[0]
        frame = _Frame(path)
        self.frames.append(frame)
        try:
            built = build()
        finally:
            self.frames.pop()
        if self.frames:
            _merge(self.frames[-1], frame)
        if (
            _worth(built, path)
            and not frame.renamed
            and builder.budget[0] > 0
            and frame.visits.isdisjoint(seen)
            and _same_repeats(builder.expanded, frame.visits, frame.attempts, frame.inserted)
        ):
            self._store(key, held, built, frame, before - builder.budget[0])
        return built

    def _fits(self, builder: TreeBuilder, entry: _Entry, path: str, seen: frozenset[str]) -> bool:
        if builder.budget[0] - entry.used <= 0:
            return False
        if not entry.visits.isdisjoint(seen):
            return False
        expanded = builder.expanded
        if not expanded.keys().isdisjoint(entry.visits):
            for ref in entry.visits:
                first = expanded.get(ref)
                if first is not None and (first[1] > REPEAT_INLINE or ref in entry.large):
                    return False
        used = self.used
        return all(path + suffix not in used for suffix in entry.suffixes)

    def _replay(self, builder: TreeBuilder, entry: _Entry, path: str) -> Any:
        builder.budget[0] -= entry.used
        anchors = [path + suffix for suffix in entry.suffixes]
        self.used.update(anchors)
        links = builder.links
        if links is not None:
            for _ in range(entry.counts):
                links.count()
            for ref, doc in entry.links:
                links.link(ref, doc)
        frame = self.frames[-1] if self.frames else None
        for ref, suffix, fields in entry.attempts:
            first = (None if suffix is None else path + suffix, fields)
            inserted = ref not in builder.expanded
            if inserted:
                builder.expanded[ref] = first
            if frame is not None:
                frame.attempts.setdefault(ref, first)
                if inserted:
                    frame.inserted.add(ref)
        if frame is not None:
            frame.visits.update(entry.visits)
            frame.anchors.extend(anchors)
            frame.links.extend(entry.links)
            frame.counts += entry.counts
        if path == entry.path and builder.href("") == "#":
            return entry.built
        if isinstance(entry.built, SchemaField):
            return _moved(entry.built, entry.path, path, builder.href)
        fields, variants, kind, discriminator = entry.built
        return (
            tuple(_moved(f, entry.path, path, builder.href) for f in fields),
            _moved_variants(variants, entry.path, path, builder.href),
            kind,
            discriminator,
        )

    def _store(
        self,
        key: tuple[Hashable, ...],
        held: tuple[Any, ...],
        built: Any,
        frame: _Frame,
        used: int,
    ) -> None:
        if _SIZE[0] + used > STORE_MAX_FIELDS:
            clear()
        start = len(frame.path)
        _STORE[key] = _Entry(
            held,
            built,
            frame.path,
            frozenset(frame.visits),
            tuple(anchor[start:] for anchor in frame.anchors),
            tuple(
                (ref, None if anchor is None else anchor[start:], fields)
                for ref, (anchor, fields) in frame.attempts.items()
            ),
            frozenset(ref for ref, (_, fields) in frame.attempts.items() if fields > REPEAT_INLINE),
            tuple(frame.links),
            frame.counts,
            used,
        )
        _SIZE[0] += used
        shared = built if isinstance(built, SchemaField) else built[0]
        if shared:  # (never the empty tuple: Python has one, everywhere)
            _SHARED[id(shared)] = shared


def _same_repeats(
    expanded: dict[str, tuple[str | None, int]],
    visits: set[str],
    attempts: dict[str, tuple[str | None, int]],
    inserted: set[str],
) -> bool:
    """Whether every schema a field read that was already expanded on the page was too small
    to be a "same as above" note, and so was the field's own expansion of it: then a page
    without that expansion builds the field the same way."""
    for ref in visits:
        first = expanded.get(ref)
        if first is None or ref in inserted:
            continue
        if first[1] > REPEAT_INLINE or attempts.get(ref, (None, 0))[1] > REPEAT_INLINE:
            return False
    return True


def _merge(parent: _Frame, child: _Frame) -> None:
    parent.visits.update(child.visits)
    parent.anchors.extend(child.anchors)
    for ref, first in child.attempts.items():
        parent.attempts.setdefault(ref, first)
    parent.inserted.update(child.inserted)
    parent.links.extend(child.links)
    parent.counts += child.counts
    parent.renamed = parent.renamed or child.renamed


def _moved(item: SchemaField, old: str, new: str, href: Callable[[str], str]) -> SchemaField:
    """``item`` built at path ``old``, as it reads at path ``new`` (every anchor in it, and
    every link to one, starts with ``old``)."""
    anchor = new + item.anchor[len(old) :]
    recursive = item.recursive_href
    if recursive is not None and recursive.startswith("#" + old):
        recursive = "#" + new + recursive[1 + len(old) :]
    return SchemaField(
        item.name,
        anchor,
        href(anchor),
        item.type,
        item.required,
        item.deprecated,
        item.read_only,
        item.write_only,
        item.nullable,
        item.format,
        item.default,
        item.example,
        item.enum,
        item.constraints,
        _relinked(item.description_html, old, new),
        tuple(_moved(child, old, new, href) for child in item.children),
        _moved_variants(item.variants, old, new, href),
        item.variant_kind,
        item.discriminator,
        item.recursive_to,
        recursive,
        item.schema_name,
        item.schema_href,
        item.enum_more,
    )


def _moved_variants(
    variants: tuple[Variant, ...], old: str, new: str, href: Callable[[str], str]
) -> tuple[Variant, ...]:
    return tuple(
        Variant(
            v.label,
            tuple(_moved(f, old, new, href) for f in v.fields),
            v.type,
            _relinked(v.description_html, old, new),
            v.schema_name,
            v.schema_href,
        )
        for v in variants
    )


def _worth(built: Any, path: str) -> bool:
    """Whether ``built`` is worth remembering: a field with something below it, at its own
    path (not renamed), or a body with fields."""
    if isinstance(built, SchemaField):
        return bool(built.children or built.variants) and built.anchor == path
    return bool(built[0] or built[1])


def _relinked(description: str, old: str, new: str) -> str:
    """A "same as above" note's link moved from ``old`` to ``new`` (the note comes first)."""
    if not description.startswith(_SAME_AS):
        return description
    end = description.index("</p>")
    note = description[:end].replace(f'href="#{html.escape(old)}', f'href="#{html.escape(new)}', 1)
    return note + description[end:]
