"""How a request body travels, by its media type and schema: as JSON (JSON media types), as a
form (``multipart/form-data``, ``application/x-www-form-urlencoded``: :mod:`bodyforms`), as a
file's bytes (a binary schema, or a media type with no text form: ``application/octet-stream``,
images, audio, video, PDF, archives) or as text, exactly as written (``text/plain``, XML, CSV)."""

from __future__ import annotations

from typing import Any

from docgen.render.bodyforms import form_kind, is_file

JSON = "json"
FORM = "form"
BINARY = "binary"
TEXT = "text"
_BINARY_TYPES = frozenset(
    {
        "application/octet-stream",
        "application/pdf",
        "application/zip",
        "application/gzip",
        "application/x-tar",
        "application/x-gzip",
        "application/x-7z-compressed",
    }
)
# A concrete type for a range the spec allows (``image/*``): a request states one.
_WILDCARD_TYPES = {
    "*": "application/octet-stream",
    "application": "application/octet-stream",
    "image": "image/png",
    "audio": "audio/mpeg",
    "video": "video/mp4",
    "text": "text/plain",
}


def is_json(media_type: str) -> bool:
    """A JSON media type: ``application/json``, ``+json`` suffixes, ``text/json``..."""
    base = media_type.split(";", 1)[0].strip().lower()
    return base.endswith(("/json", "+json")) or base.startswith("application/json")


def body_kind(media_type: str, schema: Any) -> str:
    """``json``, ``form``, ``binary`` or ``text`` for a body of ``media_type`` whose resolved
    schema is ``schema`` (``None`` when it has none)."""
    if is_json(media_type):
        return JSON
    if form_kind(media_type):
        return FORM
    base = media_type.split(";", 1)[0].strip().lower()
    major = base.split("/", 1)[0]
    if is_file(schema) or base in _BINARY_TYPES:
        return BINARY
    if base in ("*/*", "application/*"):  # any type: what APIs that say so take is JSON
        return JSON
    return BINARY if major in ("image", "audio", "video") and "xml" not in base else TEXT


def concrete_type(media_type: str, kind: str) -> str:
    """``media_type``, or a member of the range it names that suits a body of ``kind``
    (``image/*``: ``image/png``; ``*/*``: ``application/json`` for JSON)."""
    base = media_type.split(";", 1)[0].strip()
    major, _, minor = base.partition("/")
    if minor != "*" and base != "*":
        return media_type
    if kind == JSON:
        return "application/json"
    return _WILDCARD_TYPES.get(major.lower(), "application/octet-stream")
