"""Word diagnostics for a terminal, for JSON consumers, and for GitHub Actions."""

from __future__ import annotations

import os
from pathlib import Path

from docgen.diagnostics import Diagnostic, Diagnostics, Level


def shown_path(root: Path, file: str | None) -> str | None:
    """``file`` (relative to the docs root) as a path relative to the working directory; a
    remote spec's URL as it is."""
    if file is None:
        return None
    if "://" in file:
        return file
    absolute = root / file
    try:
        relative = os.path.relpath(absolute, Path.cwd())
    except ValueError:
        return absolute.as_posix()
    return Path(relative).as_posix() if not relative.startswith("..") else absolute.as_posix()


def visible(text: str, keep: str = "") -> str:
    """``text`` with control and invisible characters (other than those in ``keep``) written
    as escapes (``\\x1b``, ``\\n``, ``\\u202e``): file names and quoted content never move the
    cursor, recolour or retitle a terminal, nor start a line a CI log reads as a command."""
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() or c in keep else c.encode("unicode_escape").decode("ascii")
        for c in text
    )


def text_line(root: Path, d: Diagnostic) -> str:
    place = ""
    path = shown_path(root, d.file)
    if path is not None:
        place = path
        if d.line:
            place += f":{d.line}"
            if d.column:
                place += f":{d.column}"
        place += ": "
    return visible(f"{place}{d.level.value}[{d.code.value}]: {d.message}")


def as_json(root: Path, diagnostics: Diagnostics) -> list[dict[str, object]]:
    return [
        {
            "level": d.level.value,
            "code": d.code.value,
            "message": d.message,
            "file": shown_path(root, d.file),
            "line": d.line,
            "column": d.column,
            "pointer": d.pointer,
        }
        for d in diagnostics.sorted()
    ]


def _escape_data(text: str) -> str:
    text = visible(text, keep="\r\n")
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def github_line(root: Path, d: Diagnostic) -> str:
    props = []
    path = shown_path(root, d.file)
    if path is not None:
        props.append(f"file={_escape_property(path)}")
        if d.line:
            props.append(f"line={d.line}")
            if d.column:
                props.append(f"col={d.column}")
    props.append(f"title={_escape_property(d.code.value)}")
    command = "notice" if d.level is Level.INFO else d.level.value
    return f"::{command} {','.join(props)}::{_escape_data(d.message)}"


def summary(diagnostics: Diagnostics, pages: int | None, dropped: int = 0) -> str:
    parts = []
    if pages is not None:
        parts.append(f"{pages} page{'s' if pages != 1 else ''}")
    e, w = diagnostics.errors, diagnostics.warnings
    parts.append(f"{e} error{'s' if e != 1 else ''}")
    parts.append(f"{w} warning{'s' if w != 1 else ''}")
    if dropped:
        parts.append(
            f"{dropped} navigation entr{'ies' if dropped != 1 else 'y'} dropped (--lenient)"
        )
    return ", ".join(parts)
