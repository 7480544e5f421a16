"""One access log on disk: compression, format, content hash, line count, and how much of it an
earlier import already covered (rotated or grown files are recognised by their content).

Lines end at LF (CRLF too); a carriage return alone is part of its line. DuckDB's CSV reader
ends lines at any CR, so a file that has one is read through a copy where it is set aside
(:func:`working_copy`), as is a CloudFront log whose blocks' layouts cannot be told apart by
their number of fields (each line numbered with its layout: DuckDB gives no line numbers)."""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import json
import os
import re
import tempfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from docgen.analytics.formats import (
    AMPLIFY,
    BOM,
    CLOUDFLARE,
    CLOUDFLARE_NEEDED,
    CLOUDFRONT_PARQUET,
    FAMILIES,
    FIELDS,
    FORMATS,
    GCP,
    GCP_ARRAY,
    GCS,
    HAPROXY,
    HEROKU,
    HEROKU_APP,
    NETLIFY,
    VERCEL,
    VERCEL_JSON,
    W3C,
    amplify_fields,
    detect,
    fields_of,
    first_line,
    gcp_array,
    gcs_fields,
    haproxy_agent_capture,
)
from docgen.analytics.wrappers import unwrapped, wrapper
from docgen.exceptions import LogError

# Stands for a bare CR in the copy DuckDB reads (a Unicode noncharacter: never in a real log).
CR_STAND_IN = "\ufdd0"
_BARE_CR = re.compile(rb"\r(?!\n)")
# Formats read from the raw file or by blocks of it (never a container's output), and Heroku's
# log (its lines start with their time, which the router's are read with): a wrapper seen
# around their lines is not taken off.
_UNWRAPPED = (
    CLOUDFRONT_PARQUET,
    GCP_ARRAY,
    "cloudfront",
    W3C,
    AMPLIFY,
    VERCEL_JSON,
    HEROKU,
    HEROKU_APP,
)
CHUNK = 1 << 20
PEEK = 64 * 1024
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
    # where the layout changes: (0-based line of a #Fields line, its fields), first at line 0
    runs: tuple[tuple[int, tuple[str, ...]], ...] = ()
    bare_cr: bool = False  # a CR not followed by LF somewhere in the content
    cr: bool = False  # a CR anywhere in the content (CRLF line ends, or a bare CR)
    all_crlf: bool = False  # every line break is a CRLF
    numbered: bool = False  # read from a working copy whose lines start with "<layout>\t"
    seen: bool = False  # this very content was imported before
    wrapper: str = ""  # a container runtime's record around each line (wrappers.py)
    identity: tuple[int, int] = (0, 0)  # the file's device and inode when it was hashed
    agent_capture: int = -1  # HAProxy: the captured request header that is the User-Agent

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


def drain_problem(fmt: str, head: bytes) -> str | None:
    """Why a Vercel or Netlify log drain's file cannot be counted: Netlify's with a JSON array
    per line (not NDJSON; Vercel's ``json`` delivery is read), or traffic records without the
    visitor's address (Netlify's "Exclude personally identifiable information")."""
    lines = [r.strip() for r in head.removeprefix(BOM).split(b"\n") if r.strip()]
    if fmt == NETLIFY and lines and lines[0].startswith(b"["):
        return (
            "each line is a JSON array (the drain's json delivery): set the drain to NDJSON, or "
            "write one entry per line (jq -c '.[]')"
        )
    for line in lines if fmt == NETLIFY else ():
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):  # nested past Python's limit
            continue
        if isinstance(record, dict) and record.get("log_type") == "traffic":
            if "client_ip" in record:
                return None
            return (
                "its traffic records have no client_ip or user_agent (the drain excludes "
                "personally identifiable information): visitors cannot be counted; turn that off"
            )
    return None


def missing_cloudflare_fields(head: bytes) -> list[str]:
    """The fields a page view needs that the first record of a Logpush log lacks (none if that
    line is no whole JSON object: its lines are then counted as malformed)."""
    try:
        record = json.loads(first_line(head))
    except (ValueError, RecursionError):  # nested past Python's limit
        return []
    keys = set(record) if isinstance(record, dict) else set()
    return [" or ".join(group) for group in CLOUDFLARE_NEEDED if not keys.intersection(group)]


def cloudfront_fields(head: bytes) -> tuple[str, ...]:
    for raw in head.removeprefix(BOM).split(b"\n"):
        if raw.startswith(FIELDS):
            return fields_of(raw)
    return CLOUDFRONT_FIELDS


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
    status = path.stat()
    identity = (status.st_dev, status.st_ino)  # checked again once read (grew)
    total = status.st_size or 1
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
    bare = cr = False
    breaks = crlf = 0
    for chunk, raw_read in _chunks(path, compressed):
        cr = cr or b"\r" in chunk
        breaks += chunk.count(b"\n")
        crlf += chunk.count(b"\r\n") + (last.endswith(b"\r") and chunk.startswith(b"\n"))
        if not bare and (b"\r" in chunk or last.endswith(b"\r")):  # CRLF ends, or a bare CR
            # a CR ending the chunk is judged with the next one
            ends = chunk.endswith(b"\r")
            bare = bool(_BARE_CR.search(chunk[:-1] if ends else chunk)) or (
                last.endswith(b"\r") and not chunk.startswith(b"\n")
            )
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
    seen = any(e.digest == digest for e in marks.get(size, ()))
    if seen:
        skip = lines
    if fmt not in ("auto", *FORMATS):
        raise LogError(f"unknown log format {fmt!r} (use auto, {', '.join(FORMATS)})")
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):  # Windows PowerShell's > writes UTF-16
        raise LogError(
            f"{path}: encoded in UTF-16; logs are read as UTF-8: convert it first "
            f"(iconv -f UTF-16 -t UTF-8 {path.name} > {path.stem}-utf8{path.suffix})"
        )
    wrapped = wrapper(head)
    if wrapped and detect(unwrapped(head, wrapped)) in _UNWRAPPED:
        wrapped = ""  # formats read from the raw file or by blocks, Heroku's: no container's
    head = unwrapped(head, wrapped)
    found = detect(head)
    if fmt == "auto" or (fmt in FAMILIES and found.startswith(FAMILIES[fmt])):
        fmt = found  # CloudFront's JSON and Parquet, Google's JSON array: told by their content
    if fmt == GCP and gcp_array(head, forced=True):
        fmt = GCP_ARRAY
    if fmt == CLOUDFLARE and (missing := missing_cloudflare_fields(head)):
        raise LogError(
            f"{path}: this Cloudflare Logpush log has no {', '.join(missing)} field: page views "
            "cannot be counted from it; add the fields to the job's field_names"
        )
    if fmt in (VERCEL, NETLIFY) and (problem := drain_problem(fmt, head)):
        raise LogError(f"{path}: this {fmt.capitalize()} log drain cannot be read: {problem}")
    if fmt == CLOUDFRONT_PARQUET:
        if compressed:
            raise LogError(f"{path}: a gzipped Parquet file; decompress it first (gunzip -k)")
        # rows, not lines: counted by the import; a Parquet file never grows
        return LogFile(path, False, fmt, digest, size, 0, 0, seen=seen, identity=identity)
    if fmt == GCP_ARRAY:  # entries, not lines: counted by the import
        return LogFile(path, compressed, fmt, digest, size, 0, 0, seen=seen, identity=identity)
    if fmt == W3C and FIELDS not in head:
        raise LogError(
            f"{path}: no #Fields line: a W3C extended log names its fields there (IIS writes "
            "it at the top of each file)"
        )
    fields = (cloudfront_fields(head),) if fmt in ("cloudfront", W3C) else ()
    if fmt in (AMPLIFY, GCS):
        fields = (amplify_fields(head) if fmt == AMPLIFY else gcs_fields(head),)
    read = (path, compressed, fmt, digest, size, lines, skip, fields, blocks)
    crlf_only = breaks > 0 and crlf == breaks
    return LogFile(
        *read,
        bare_cr=bare,
        cr=cr,
        all_crlf=crlf_only,
        seen=seen,
        wrapper=wrapped,
        identity=identity,
        agent_capture=haproxy_agent_capture(head) if fmt == HAPROXY else -1,
    )


def content_lines(log: LogFile) -> Iterator[bytes]:
    """The lines of the content (ended by LF only), read again: the content :func:`inspect`
    read, not what a server appended since."""
    rest, left = b"", log.bytes
    for chunk, _ in _chunks(log.path, log.gzip):
        chunk = chunk[:left]
        left -= len(chunk)
        *whole, rest = (rest + chunk).split(b"\n")
        yield from whole
        if left <= 0:
            break
    if rest:
        yield rest


def grew(log: LogFile) -> bool:
    """A plain log is longer than when it was inspected (a server is writing it): a read of
    the whole file may have taken lines that are not in its hash, line count and prefix.
    ``LogError`` if it was truncated, replaced or removed since (logrotate's copytruncate or
    create): what was read is not what was hashed."""
    try:
        status = log.path.stat()
    except OSError:
        status = None
    replaced = status is None or (status.st_dev, status.st_ino) != log.identity
    if replaced or (not log.gzip and status is not None and status.st_size < log.bytes):
        raise LogError(
            f"{log.path}: the file was truncated or replaced while it was imported (a log "
            "rotation?): nothing was imported from it; run the import again"
        )
    return not log.gzip and status is not None and status.st_size > log.bytes


def layout_runs(log: LogFile) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Where a CloudFront W3C log's layout changes: (line of the ``#Fields`` line, its fields),
    the first at line 0 (the lines above the first ``#Fields`` are read with its layout)."""
    runs: list[tuple[int, tuple[str, ...]]] = []
    for number, line in enumerate(content_lines(log)):
        if line.removeprefix(BOM).startswith(FIELDS):
            layout = fields_of(line.removeprefix(BOM))
            if not runs:
                runs.append((0, layout))
            elif runs[-1][1] != layout:
                runs.append((number, layout))
    return tuple(runs) or ((0, log.fields[0] if log.fields else CLOUDFRONT_FIELDS),)


def needs_copy(log: LogFile) -> bool:
    """A bare CR, lines ended by CRLF and by LF alone in one file (DuckDB splits a file at one
    kind of line end), or CloudFront layouts of one length in several orders (see the
    docstring)."""
    layouts = {layout for _, layout in log.runs}
    mixed = log.cr and not log.all_crlf
    return log.bare_cr or mixed or len({len(layout) for layout in layouts}) < len(layouts)


def working_copy(log: LogFile, folder: Path) -> LogFile:
    """``log`` read from a plain copy in ``folder`` (the caller deletes ``path``): each bare CR
    is :data:`CR_STAND_IN` (put back by the reader), and where layouts of one length differ,
    each line starts with the number of its layout in ``runs`` and a tab (a space in the
    space-separated W3C format)."""
    stand_in = CR_STAND_IN.encode()
    layouts = {layout for _, layout in log.runs}
    numbered = len({len(layout) for layout in layouts}) < len(layouts)
    order = list(dict.fromkeys(layout for _, layout in log.runs))
    tab = b" " if log.format == W3C else b"\t"  # the format's own separator
    starts = [(start, str(order.index(layout)).encode() + tab) for start, layout in log.runs]
    handle, name = tempfile.mkstemp(prefix=".docgen-import-", suffix=".log", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            prefix, run = b"", 0
            for number, line in enumerate(content_lines(log)):
                if numbered:
                    while run < len(starts) and starts[run][0] <= number:
                        prefix, run = starts[run][1], run + 1
                line = line.removesuffix(b"\r")  # a CRLF: the copy's lines end in LF
                if log.bare_cr and b"\r" in line:
                    line = line.replace(b"\r", stand_in)
                out.write(prefix + line + b"\n")
    except OSError as exc:
        Path(name).unlink(missing_ok=True)
        raise LogError(f"{folder}: cannot write a working copy of {log.path}: {exc}") from None
    return dataclasses.replace(
        log, path=Path(name), gzip=False, numbered=numbered, cr=False, all_crlf=False
    )
