"""A log drain's ``json`` delivery: each request body is one JSON array of entries, and a file
that collects the bodies (a receiver appending each body as a line, as nginx's ``$request_body``
logging does) holds one array per line. It is read from a copy with one entry per line, the
drain's NDJSON form, so that each entry is counted (and skipped) on its own."""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from pathlib import Path

from docgen.analytics.logfile import LogFile, content_lines
from docgen.exceptions import LogError


def _entries(line: bytes) -> list[bytes]:
    """The entries of one line: each element of a JSON array; a line that is no JSON array (an
    NDJSON entry, a line cut short, text) is itself one entry (counted as what it is)."""
    text = line.strip().replace(b"\r", b"")
    if not text:
        return []
    if text.startswith(b"["):
        try:
            batch = json.loads(text)
        except (ValueError, RecursionError):  # nested past Python's limit
            return [text]
        if isinstance(batch, list):
            return [json.dumps(e, separators=(",", ":")).encode() for e in batch]
    return [text]


def unbatched(log: LogFile, folder: Path, as_format: str) -> tuple[LogFile, int, int]:
    """``log`` as a plain copy in ``folder`` with one entry per line, read as ``as_format``
    (the caller deletes its ``path``), with the entries of the whole file and of the lines an
    earlier import counted (``log.skip``): the copy holds the entries after those lines."""
    handle, name = tempfile.mkstemp(prefix=".docgen-import-", suffix=".ndjson", dir=folder)
    total = earlier = written = 0
    try:
        with os.fdopen(handle, "wb") as out:
            for number, line in enumerate(content_lines(log)):
                entries = _entries(line)
                total += len(entries)
                if number < log.skip:
                    earlier += len(entries)
                    continue
                for entry in entries:
                    out.write(entry + b"\n")
                written += len(entries)
    except OSError as exc:
        Path(name).unlink(missing_ok=True)
        raise LogError(f"{folder}: cannot write a working copy of {log.path}: {exc}") from None
    copy = dataclasses.replace(
        log, path=Path(name), gzip=False, format=as_format, lines=written, skip=0,
        bare_cr=False, cr=False, all_crlf=False,
    )  # fmt: skip
    return copy, total, earlier
