"""A parsed file that still knows where each of its values came from."""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docgen.diagnostics import Code, Diagnostics, Location
from docgen.exceptions import LoadError
from docgen.load import json_locate, yaml_safe
from docgen.load.gcpause import gc_paused
from docgen.load.json_slips import CONTROL_IN_STRING, json_error
from docgen.load.paths import FOLDER, SPECIAL, not_a_file

_LONG_NUMBER = re.compile(r"\d{4301}")

MAX_FILE_BYTES = 64 * 1024 * 1024


@dataclass(slots=True)
class SourceDocument:
    """A JSON or YAML file: its text, its data and on-demand positions for JSON pointers."""

    path: Path
    name: str
    text: str
    data: Any
    is_json: bool
    _nodes: Any = field(default=None, repr=False)
    # (line, column) of the first raw control character (a line break, a tab) inside a JSON
    # string, which JSON forbids and the spec was read with anyway (see ``load_document``)
    control_at: tuple[int, int] | None = None

    def position(self, pointer: str) -> tuple[int, int]:
        """1-based (line, column) of ``pointer`` (``#key`` suffix: of the key itself)."""
        if self.is_json:
            return json_locate.locate(self.text, pointer)
        if self._nodes is None:
            self._nodes = yaml_safe.compose_yaml(self.text)
        return yaml_safe.locate_node(self._nodes, pointer)

    def location(self, pointer: str) -> Location:
        line, column = self.position(pointer)
        return Location(self.name, line, column, pointer.removesuffix("#key"))


def read_text(path: Path) -> str:
    """Read a UTF-8 file (a BOM is dropped); raises :class:`LoadError` with a clear reason.

    Only a regular file is read: a FIFO, device or socket would block or never end.
    """
    try:
        path.stat()  # FileNotFoundError: "file not found"
        problem = not_a_file(path)  # checked before opening: a FIFO blocks open
        if problem is not None:
            raise LoadError(problem)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(handle.fileno())  # the file opened, whatever was swapped in
            if not stat.S_ISREG(info.st_mode):
                raise LoadError(SPECIAL)
            if info.st_size > MAX_FILE_BYTES:
                raise LoadError(f"file is {info.st_size:,} bytes; the limit is {MAX_FILE_BYTES:,}")
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise LoadError(f"file is over the limit of {MAX_FILE_BYTES:,} bytes")
    except FileNotFoundError:
        raise LoadError("file not found") from None
    except IsADirectoryError:
        raise LoadError(FOLDER) from None
    except OSError as exc:
        raise LoadError(f"cannot read: {exc.strerror or exc}") from None
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):  # a byte order mark of UTF-16 (or -32)
        raise LoadError('saved as UTF-16 (Windows\' "Unicode"): save it as UTF-8', 1, 1)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = len(raw[raw.rfind(b"\n", 0, exc.start) + 1 : exc.start].decode(errors="replace"))
        raise LoadError(f"not valid UTF-8 (byte {exc.start})", line, column + 1) from None


def parse_json(text: str, strict: bool = True) -> Any:
    """Parse JSON text; raises :class:`LoadError` with line and column. ``strict=False``
    allows raw control characters (line breaks, tabs) inside strings."""
    try:
        with gc_paused():
            return json.loads(text, strict=strict)
    except json.JSONDecodeError as exc:
        raise json_error(text, exc) from None
    except ValueError:  # Python reads integers of at most 4,300 digits (sys.int_info)
        found = _LONG_NUMBER.search(text)
        at = found.start() if found else 0
        line = text.count("\n", 0, at) + 1
        column = at - text.rfind("\n", 0, at)
        raise LoadError("invalid JSON: a number of more than 4,300 digits", line, column) from None
    except RecursionError:
        raise LoadError("invalid JSON: nesting too deep; refusing to load") from None


def looks_like_json(path: Path, text: str) -> bool:
    suffix = path.suffix.lower()
    if suffix == ".json":
        return True
    if suffix in (".yaml", ".yml"):
        return False
    return text.lstrip().startswith(("{", "["))


def peek_json(path: Path) -> SourceDocument:
    """Read and parse ``path`` as JSON, whatever its name (raises :class:`LoadError`); the
    document can be handed on, so that deciding what a file is and loading it parse it once."""
    text = read_text(path)
    return SourceDocument(path=path, name=path.name, text=text, data=parse_json(text), is_json=True)


def load_document(path: Path, name: str) -> SourceDocument:
    """Read and parse a JSON or YAML file (format from the extension, else sniffed).

    A JSON file whose strings hold raw line breaks or tabs (JSON forbids them) is read with
    them as the characters they are, and ``control_at`` says where the first one is: Mintlify
    reads such a spec (its parser falls back to YAML), so a caller decides what it is."""
    text = read_text(path)
    is_json = looks_like_json(path, text)
    if not is_json:
        data = yaml_safe.load_yaml(text)
        return SourceDocument(path=path, name=name, text=text, data=data, is_json=False)
    try:
        data = parse_json(text)
    except LoadError as exc:
        if exc.message != CONTROL_IN_STRING:
            raise
        data = parse_json(text, strict=False)
        at = (exc.line or 1, exc.column or 1)
        return SourceDocument(path, name, text, data, True, control_at=at)
    return SourceDocument(path=path, name=name, text=text, data=data, is_json=True)


def control_characters(document: SourceDocument, diagnostics: Diagnostics, strict: bool) -> None:
    """A JSON spec with raw line breaks or tabs in its strings: JSON forbids them, but
    Mintlify reads such a spec (its parser falls back to YAML); a validation error, so a
    warning with ``--no-strict-spec`` (``strict`` False), the strings read with the characters
    they hold."""
    if document.control_at is None:
        return
    report = diagnostics.error if strict else diagnostics.warning
    how = (
        "--no-strict-spec reads it as Mintlify does"
        if strict
        else "read as Mintlify reads it, the string keeping the character"
    )
    report(
        Code.SPEC_INVALID,
        f"{CONTROL_IN_STRING}; {how}",
        Location(document.name, *document.control_at),
    )
