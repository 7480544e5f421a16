"""URL slugs: lower-case ``[a-z0-9-]``, deterministic, collision-numbered."""

from __future__ import annotations

import re
import unicodedata

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
    slug = _NON_SLUG.sub("-", ascii_text.lower()).strip("-")
    if len(slug) > MAX_SLUG:
        cut = slug[: MAX_SLUG + 1]
        slug = cut[: cut.rfind("-")] if cut.rfind("-") > MAX_SLUG // 2 else slug[:MAX_SLUG]
        slug = slug.strip("-")
    return f"{slug}-1" if slug in _RESERVED else slug


def url_key(url: str) -> str:
    """The form two URLs collide in on a case-insensitive, normalising file system."""
    return unicodedata.normalize("NFC", url).casefold()
