"""One access log on disk: compression, format, content hash, line count, and how much of it an
earlier import already covered (rotated or grown files are recognised by their content)."""

from __future__ import annotations

import gzip
import hashlib
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from docgen.exceptions import LogError

FORMATS = ("combined", "caddy", "cloudfront")
CHUNK = 1 << 20
PEEK = 64 * 1024
BOM = b"\xef\xbb\xbf"
FIELDS = b"#Fields:"
# CloudFront standard (W3C) log fields, in the default order when no #Fields line says otherwise.
CLOUDFRONT_FIELDS = (
    "date", "time", "x-edge-location", "sc-bytes", "c-ip", "cs-method", "cs(Host)",
    "cs-uri-stem", "sc-status", "cs(Referer)", "cs(User-Agent)", "cs-uri-query",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Earlier:
    """An earlier import: the hash, size and line count of the content it read."""

    digest: str
    bytes: int
    lines: int


@dataclass(frozen=True, slots=True)
class LogFile:
    """What an import needs to know about one file before reading it with DuckDB."""

    path: Path
    gzip: bool
    format: str
    digest: str  # sha256 of the (decompressed) content
    bytes: int  # decompressed size
    lines: int
    skip: int = 0  # leading lines an earlier import already counted
    # CloudFront: the #Fields of the file, the first block's first (later ones may differ)
    fields: tuple[tuple[str, ...], ...] = ()
    blocks: int = 0  # how many #Fields lines the file has

    @property
    def done(self) -> bool:
        """The whole content was imported before."""
        return self.lines > 0 and self.skip >= self.lines


def _chunks(path: Path, compressed: bool) -> Iterator[tuple[bytes, int]]:
    """The content in chunks, each with how many bytes of the file were read so far."""
    try:
        with path.open("rb") as raw:
            stream = gzip.GzipFile(fileobj=raw, mode="rb") if compressed else raw
            while chunk := stream.read(CHUNK):
                yield chunk, raw.tell()
    except (OSError, EOFError, zlib.error) as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        raise LogError(f"{path}: cannot read: {reason}") from None


# Other compressions logrotate may be set to use (compresscmd): named, not read as text.
OTHER_COMPRESSION = {
    b"BZh": ("bzip2", "bunzip2 -k"),
    b"\xfd7zXZ\x00": ("xz", "unxz -k"),
    b"\x28\xb5\x2f\xfd": ("zstd", "unzstd"),
    b"\x04\x22\x4d\x18": ("lz4", "unlz4"),
}


def _is_gzip(path: Path) -> bool:
    try:
        with path.open("rb") as stream:
            magic = stream.read(6)
    except OSError as exc:
        raise LogError(f"{path}: cannot read: {exc.strerror}") from None
    for prefix, (name, command) in OTHER_COMPRESSION.items():
        if magic.startswith(prefix):
            raise LogError(
                f"{path}: compressed with {name}; only gzip is read: decompress it first "
                f"({command} {path.name})"
            )
    return magic.startswith(b"\x1f\x8b")


def detect(head: bytes) -> str:
    """The format of a log from its first bytes: Caddy JSON, CloudFront, else combined."""
    for raw in head.removeprefix(BOM).splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith(b"{"):
            return "caddy"
        if line.startswith((b"#Version:", b"#Fields:")) or line.count(b"\t") >= 10:
            return "cloudfront"
        return "combined"
    return "combined"


def cloudfront_fields(head: bytes) -> tuple[str, ...]:
    for raw in head.removeprefix(BOM).splitlines():
        if raw.startswith(FIELDS):
            return fields_of(raw)
    return CLOUDFRONT_FIELDS


def fields_of(line: bytes | str) -> tuple[str, ...]:
    """The field names of a ``#Fields:`` line."""
    text = line.decode("ascii", "replace") if isinstance(line, bytes) else line
    return tuple(text[len("#Fields:") :].split())


def inspect(
    path: Path,
    fmt: str,
    earlier: Iterable[Earlier],
    progress: Callable[[float], None] | None = None,
) -> LogFile:
    """Read ``path`` once: hash its content, count its lines, and find the longest earlier import
    that is a prefix of it. ``fmt`` may be ``auto``."""
    if not path.is_file():
        raise LogError(f"{path}: no such file")
    compressed = _is_gzip(path)
    total = path.stat().st_size or 1
    marks: dict[int, list[Earlier]] = {}
    for item in earlier:
        marks.setdefault(item.bytes, []).append(item)
    pending = sorted(marks)
    hasher = hashlib.sha256()
    size = lines = 0
    skip = 0
    last = b"\n"
    head = b""
    blocks = 0
    for chunk, raw_read in _chunks(path, compressed):
        if len(head) < PEEK:
            head += chunk[: PEEK - len(head)]
        edge = len(FIELDS) - 1  # a #Fields: across two chunks is counted once, in this window
        blocks += chunk.count(FIELDS) + (last[-edge:] + chunk[:edge]).count(FIELDS)
        start = 0
        while pending and pending[0] <= size + len(chunk):
            cut = pending.pop(0) - size
            if cut <= 0:
                continue
            piece = chunk[start:cut]
            hasher.update(piece)
            lines += piece.count(b"\n")
            # An earlier import may end inside a line (one being written): it counted that
            # line, so its completed form is skipped too rather than the whole file counted again.
            digest = hasher.copy().hexdigest()
            skip = next((e.lines for e in marks[size + cut] if e.digest == digest), skip)
            start = cut
        rest = chunk[start:]
        hasher.update(rest)
        lines += rest.count(b"\n")
        size += len(chunk)
        last = chunk[-len(FIELDS) :]
        if progress is not None:
            progress(min(1.0, raw_read / total))
    if size and not last.endswith(b"\n"):
        lines += 1
    digest = hasher.hexdigest()
    if any(e.digest == digest for e in marks.get(size, ())):
        skip = lines
    if fmt == "auto":
        fmt = detect(head)
    if fmt not in FORMATS:
        raise LogError(f"unknown log format {fmt!r} (use auto, {', '.join(FORMATS)})")
    fields = (cloudfront_fields(head),) if fmt == "cloudfront" else ()
    return LogFile(path, compressed, fmt, digest, size, lines, skip, fields, blocks)
