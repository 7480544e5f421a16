"""URL slugs: lower-case ``[a-z0-9-]``, deterministic, collision-numbered."""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from docgen.spec.model import Spec

_NON_SLUG = re.compile(r"[^a-z0-9]+")
MAX_SLUG = 80  # characters; a file name must stay far below the file system's 255 bytes
# Names Windows reserves for devices: a folder named so cannot be written there.
_RESERVED = frozenset(
    {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}
)


def slugify(text: str) -> str:
    """``Get unique visitors`` -> ``get-unique-visitors``; may return ``""``.

    At most ``MAX_SLUG`` characters (cut at a word boundary when there is one); a reserved
    device name (``con``, ``aux``, ``nul``...) gets ``-1`` so it can be written anywhere.
    """
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    # camelCase -> camel-case, so operationIds read well.
    ascii_text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", ascii_text)
    return _bounded(_NON_SLUG.sub("-", ascii_text.lower()).strip("-"))


# What Mintlify drops from a summary or a tag name when it makes an endpoint page's URL.
_MINTLIFY_DROPS = re.compile(r"[{}(),.'\n/]")
# A run of characters Mintlify keeps but docgen does not write (``&``, ``:``), with the
# hyphens around it: one hyphen (``Users & Groups`` -> ``users-groups``). A match takes a run
# of hyphens only from its start (linear time on a long run of them).
_UNWRITTEN = re.compile(r"(?:(?<!-)-+)?[^a-z0-9-]+-*")


def _hyphen_parameters(text: str) -> str:
    """Each ``{...}`` of a line made a hyphen, as Mintlify's ``/{.*?}/g`` does, in linear time
    (the regular expression looks for a ``}`` to the line's end from every ``{``)."""
    lines = []
    for line in text.split("\n"):
        parts, start = [], 0
        while (opening := line.find("{", start)) >= 0:
            closing = line.find("}", opening + 1)
            if closing < 0:
                break
            parts += [line[start:opening], "-"]
            start = closing + 1
        lines.append("".join(parts) + line[start:])
    return "\n".join(lines)


def name_slug(text: str) -> str:
    """An endpoint page's URL part from a summary or a tag name, by Mintlify's rule
    (``prepareStringToBeValidFilename`` of ``@mintlify/common``), so links and redirects
    written for a Mintlify site land: each space a hyphen, ``{}(),.'/`` dropped, then each
    ``--`` made one hyphen, lower case (``Get filterableAttributes`` ->
    ``get-filterableattributes``, ``Get user's key`` -> ``get-users-key``, ``v1.2`` -> ``v12``,
    and ``Client API - Display`` -> ``client-api--display``: three hyphens become two). What
    else is not ``[a-z0-9-]`` becomes a hyphen, so the URL stays one docgen writes anywhere.
    May return ``""``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    hyphened = _hyphen_parameters(ascii_text.replace(" ", "-"))
    hyphened = hyphened.removeprefix("-").removesuffix("-")
    kept = _MINTLIFY_DROPS.sub("", hyphened).replace("--", "-").lower()
    return _bounded(_UNWRITTEN.sub("-", kept).strip("-"))


def mintlify_filename(text: str | None) -> str | None:
    """Exactly Mintlify's ``prepareStringToBeValidFilename`` (``@mintlify/common``): each space
    a hyphen, each ``{...}`` of a line a hyphen, one hyphen off each end, ``{}(),.'/`` and line
    breaks dropped, each ``--`` one hyphen, lower case; every other character kept
    (``customer_portal``, ``users-&-groups``, ``créer``). ``None`` for no or an empty text.
    Only to forward Mintlify's URLs (:mod:`docgen.nav.mintlify_urls`): docgen writes
    :func:`name_slug`'s."""
    if not text:
        return None
    hyphened = _hyphen_parameters(text.replace(" ", "-")).removeprefix("-").removesuffix("-")
    return _MINTLIFY_DROPS.sub("", hyphened).replace("--", "-").lower()


_WRITABLE_PART = re.compile(r"[a-z0-9-][a-z0-9_-]{0,199}")


def writable_part(part: str) -> bool:
    """Whether docgen may write a folder of that name anywhere: ``[a-z0-9_-]``, not starting
    with ``_`` (``_docgen`` is docgen's, a host may hide the rest), at most 200 characters, no
    device name Windows reserves."""
    return _WRITABLE_PART.fullmatch(part) is not None and part not in _RESERVED


# The characters docgen's earlier rule dropped (before a spaced dash kept two hyphens).
_EARLIER_DROPS = re.compile(r"[{}(),.'/]")


def earlier_name_slug(text: str) -> str:
    """The URL part docgen gave a summary or tag name before it followed Mintlify's rule for a
    spaced dash and ``{...}``: ``{}(),.'/`` dropped, every other run outside ``[a-z0-9]`` one
    hyphen (``Client API - Display`` -> ``client-api-display``, ``Get {id}`` -> ``get-id``).
    Kept only to forward the URLs of sites built with it (2026-11-27, :mod:`docgen.nav.earlier`)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    kept = _EARLIER_DROPS.sub("", ascii_text.lower())
    return _bounded(_NON_SLUG.sub("-", kept).strip("-"))


def _bounded(slug: str) -> str:
    if len(slug) > MAX_SLUG:
        cut = slug[: MAX_SLUG + 1]
        slug = cut[: cut.rfind("-")] if cut.rfind("-") > MAX_SLUG // 2 else slug[:MAX_SLUG]
        slug = slug.strip("-")
    return f"{slug}-1" if slug in _RESERVED else slug


# ASCII punctuation a heading's anchor drops: all but '-', '_', '/', '&' and '@' ('.' and "'"
# are rewritten first).
_HEADING_DROPS = re.compile(r"[!-%(-,:-?\[-^`{-~]")
_SPACES = re.compile(r"\s+")
_HYPHENS = re.compile(r"-{2,}")


def heading_slug(text: str) -> str:
    """A heading's anchor by Mintlify's documented rule, so links written for a Mintlify site
    land: lower case (``OAuth`` -> ``oauth``, no hyphen inside a word); ``'`` becomes a right
    single quotation mark and ``.`` a hyphen; parentheses and other ASCII punctuation, symbols
    and emoji dropped, but ``/``, ``&`` and ``@`` kept; each run of spaces a hyphen; letters of
    every script kept (``Config.json options`` -> ``config-json-options``, ``Fees & billing``
    -> ``fees-&-billing``, ``CORS 設定`` -> ``cors-設定``); runs of hyphens made one, none at
    the ends. May return ``""``.

    Of the 3,080 in-page links of 34 real Mintlify repos, 2,658 name such an id (the URL slug
    used before found 1,881); docgen.js also lands links written for Mintlify's earlier rules
    (``prefectworkerstarted`` for ``prefect.worker.started``): 2,767 in all."""
    lowered = text.strip().lower().replace("'", "\u2019").replace(".", "-")
    kept = _HEADING_DROPS.sub("", lowered)
    kept = "".join(
        c
        for c in kept
        if c.isspace() or not (unicodedata.category(c).startswith(("S", "C")) or c == "\ufe0f")
    )
    return _HYPHENS.sub("-", _SPACES.sub("-", kept.strip())).strip("-")


def operation_slugs(
    spec: Spec, name: Callable[[str], str] = name_slug, labels: bool = False
) -> dict[tuple[str, str, bool], str]:
    """Every operation's URL below its directory, numbered -2, -3 on collision in spec order
    (a number that another operation's own URL already is goes to the next one: "List items."
    and "List items" beside "List items 2" give list-items-3). ``name``: the rule for a
    summary or tag name and ``labels``: a tag's ``x-displayName`` in place of its name (docgen's
    earlier URLs: :mod:`docgen.nav.earlier`)."""
    # The tag's name, not its x-displayName: a label does not change Mintlify's URL.
    shown = {tag.name: tag.label for tag in spec.tags} if labels else {}
    wanted: list[tuple[tuple[str, str, bool], str]] = []
    for op in (*spec.operations, *spec.webhooks):
        if op.excluded:
            continue
        slug = (
            name(op.summary or "")
            or slugify(op.operation_id or "")
            or slugify(f"{op.method if not op.webhook else 'webhook'}-{op.path}")
            or "operation"
        )
        if op.tags:
            prefix = name(shown.get(op.tags[0], op.tags[0])) or slugify(op.tags[0]) or "tag"
            relative = f"{prefix}/{slug}"
        elif op.webhook:
            relative = f"webhooks/{slug}"
        else:
            relative = slug
        wanted.append(((op.method, op.path, op.webhook), relative))
    own = {relative for _, relative in wanted}
    counts: dict[str, int] = {}
    given: set[str] = set()
    out: dict[tuple[str, str, bool], str] = {}
    for key, relative in wanted:
        url = relative
        if relative in given:
            count = counts.get(relative, 1)
            while url in given or url in own:
                count += 1
                url = f"{relative}-{count}"
            counts[relative] = count
        given.add(url)
        out[key] = url
    return out
