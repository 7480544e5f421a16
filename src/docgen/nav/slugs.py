"""URL slugs: lower-case ``[a-z0-9-]``, deterministic, collision-numbered."""

from __future__ import annotations

import re
import unicodedata

_NON_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(text: str) -> str:
    """``Get unique visitors`` -> ``get-unique-visitors``; may return ``""``."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    # camelCase -> camel-case, so operationIds read well.
    ascii_text = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", ascii_text)
    return _NON_SLUG.sub("-", ascii_text.lower()).strip("-")


def url_key(url: str) -> str:
    """The form two URLs collide in on a case-insensitive, normalising file system."""
    return unicodedata.normalize("NFC", url).casefold()
