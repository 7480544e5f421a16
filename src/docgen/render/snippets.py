"""MDX ``import``/``export`` lines, read and never run, and the snippet files they name.

``import X from '/snippets/x.mdx'`` makes ``<X word="..." />`` inline the snippet with its props
(``{word}`` inside it). ``import { a } from '/snippets/vars.mdx'`` (or ``.jsx``) and
``export const a = "..."`` give ``{a}`` in text, when the value is a plain literal. Everything
else (functions, components written in JavaScript) is a warning naming the file and line.
Snippets stay inside the docs root, are small, and chains are bounded (cycles are reported).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from docgen.load.paths import is_file
from docgen.render import jsxtemplates
from docgen.render.jsx import Tag, Unevaluated, evaluate

MAX_SNIPPET_BYTES = 512 * 1024
MAX_CHAIN = 8
MAX_STATEMENT_LINES = 200
_IMPORT = re.compile(
    r"import\s+(?:(?P<default>[A-Za-z_$][\w$]*)\s*,?\s*)?(?:\{(?P<named>[^}]*)\}\s*)?"
    r"(?:from\s+)?(?P<quote>['\"])(?P<path>[^'\"]+)(?P=quote)\s*;?\s*$",
    re.S,
)
_EXPORT_CONST = re.compile(
    r"export\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(.*?);?\s*$", re.S
)
_ESM_SHAPE = re.compile(
    r"(?:import\s*(?:[\w${},\s*]+from\s*)?['\"]|export\s+(?:const|let|var|function|default|async|class|\{))"
)
_EXTENSIONS = (".mdx", ".md", ".jsx", ".js", ".tsx", ".ts")
_JAVASCRIPT = (".jsx", ".js", ".tsx", ".ts")
_MARKDOWN = (".mdx", ".md")
_CONTINUES = frozenset("=+-*%&|?:,")  # a statement's line ending in one goes on

Warn = Callable[..., None]


@dataclass(frozen=True, slots=True)
class Import:
    path: str  # as written
    line: int
    name: str | None = None  # the named export, for ``import { name }``
    folder: bool = False  # ``<Snippet file="x.mdx" />``: ``path`` is inside a snippets folder


# Where ``<Snippet file="x.mdx" />`` (Mintlify's first snippet syntax, no import) looks: the
# ``_snippets`` folder Mintlify documented for it, then the ``snippets`` folder of today.
SNIPPET_FOLDERS = ("_snippets", "snippets")


def snippet_file(tag: Tag, line: int) -> Import | None:
    """What ``<Snippet file="x.mdx" />`` names (None for any other tag)."""
    written = tag.attrs.get("file")
    if tag.name != "Snippet" or not isinstance(written, str) or not written.strip():
        return None
    return Import(written.strip(), line, folder=True)


@dataclass(slots=True)
class Loaded:
    label: str  # the snippet's path from the docs root
    body: str
    line: int  # first line of ``body`` in the file
    javascript: bool
    names: dict[str, Any] = field(default_factory=dict)


def statement_end(
    src: str, pos: int, begins: list[int], ends: list[int], start: int, end: int
) -> int:
    """The last line of the ES statement starting at ``pos`` (brackets and strings balanced)."""
    depth = 0
    quote: str | None = None
    line = start
    i = pos
    while line < end and line - start < MAX_STATEMENT_LINES:
        stop = ends[line]
        last = ""  # the line's last character outside strings, white space aside
        comment = False
        while i < stop:
            char = src[i]
            if quote is not None:
                if char == "\\":
                    i += 1
                elif char == quote:
                    quote = None
            elif char in "\"'`":
                quote = char
            elif char in "([{":
                depth += 1
            elif char in ")]}":
                depth -= 1
            if quote is None and char == "/" and src[i + 1 : i + 2] == "/":
                comment = True  # ``// ...``: what ends the line is the comment's
            if quote is None and not comment and not char.isspace():
                last = "=" if char == ">" and src[i - 1] == "=" else char  # ``=>`` goes on
            i += 1
        if quote in ("'", '"'):
            # A JS string never spans lines: this "quote" is JSX text ("you'd like"), and the
            # brackets after it on the line were skipped, as if quoted; they are balanced text.
            quote = None
        # A line ending in an operator (``export const URL =`` with the value on the next line,
        # as Prettier wraps a long one) goes on, as JavaScript reads it.
        if depth <= 0 and quote is None and last not in _CONTINUES:
            return line
        line += 1
        if line < end:
            i = begins[line]
    return min(line, end - 1)


def is_statement(text: str) -> bool:
    """Whether ``text`` looks like an ES ``import``/``export`` statement (not prose)."""
    return _ESM_SHAPE.match(text) is not None


def read_statement(
    statement: str,
    line: int,
    imports: dict[str, Import],
    names: dict[str, Any],
    warn: Warn,
    file: str = "",
) -> None:
    """Record what an ``import``/``export`` statement of ``file`` gives the page; warn about
    the rest."""
    text = statement.strip()
    match = _IMPORT.match(text)
    if match is not None:
        path = match.group("path")
        if match.group("default"):
            imports[match.group("default")] = Import(path, line)
        for part in (match.group("named") or "").split(","):
            pieces = part.split(" as ")
            if pieces[0].strip():
                local = pieces[-1].strip()
                imports[local] = Import(path, line, pieces[0].strip())
        return
    template = jsxtemplates.parse(text)
    if template is not None:
        names[template.name] = replace(template, defined=f"{file}:{line}" if file else "")
        return
    match = _EXPORT_CONST.match(text)
    if match is not None:
        value = evaluate(match.group(2), names)
        if isinstance(value, Unevaluated):
            warn(
                line,
                f"export '{match.group(1)}' is not a plain value; docgen does not run it",
                near=match.group(1),
            )
        else:
            names[match.group(1)] = value
        return
    head = " ".join(text.split()[:2])
    warn(line, f"'{head} ...' is JavaScript that docgen does not run; left out", near=head)


class SnippetFiles:
    """Reads snippet files below ``root`` (bounded, inside the root only)."""

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        # What the page read, for the page cache: snippet label -> SHA-256 of its text; a
        # snippet that was not found makes the page depend on the whole docs folder.
        self.read: dict[str, str] = {}
        self.missed = False
        self.unfound: set[tuple[str | None, str]] = set()  # (importer, path): said once

    def in_folders(self, written: str) -> Path | None:
        """The file ``<Snippet file=\"written\" />`` names, inside a snippets folder."""
        for folder in SNIPPET_FOLDERS:
            try:
                base = (self.root / folder).resolve()
                path = (base / written.lstrip("/")).resolve()
            except (OSError, ValueError):  # a name the OS refuses (too long, a NUL byte)
                continue
            if is_file(path) and path.is_relative_to(base) and path.is_relative_to(self.root):
                return path
        return None

    def locate(self, written: str, importer: str | None) -> Path | None:
        """The file ``written`` names (from the page or snippet ``importer``), inside the root."""
        if written.startswith("/"):
            candidate = self.root / written.lstrip("/")
        elif written.startswith("."):
            folder = (self.root / importer).parent if importer else self.root
            candidate = folder / written
        else:
            return None  # a package (react, @mintlify/...): not a snippet
        for path in (candidate, *(candidate.with_name(candidate.name + e) for e in _EXTENSIONS)):
            try:
                resolved = path.resolve()
            except (OSError, ValueError):  # a name the OS refuses (too long, a NUL byte)
                continue
            if is_file(resolved) and resolved.is_relative_to(self.root):
                return resolved
        return None

    def unfound_default(self, snippet: Import, importer: str | None, line: int, warn: Warn) -> bool:
        """Whether ``snippet`` is a default import (read where it is used); one of a file
        that is not there is said at its import, used or not (Mintlify's build stops there)."""
        if snippet.name is not None:
            return False
        bare = not snippet.path.startswith(("/", ".", "@")) and snippet.path.endswith(_MARKDOWN)
        if bare and (importer, snippet.path) not in self.unfound:  # 'snippets/x.mdx'
            self.unfound.add((importer, snippet.path))
            warn(
                line,
                f"snippet {snippet.path}: an import path starting with neither '/' nor '.' "
                f"names a package, not a file; write '/{snippet.path}'; left out",
                near=snippet.path,
            )
        if snippet.path.startswith(("/", ".")) and self.locate(snippet.path, importer) is None:
            self.load(snippet, importer, (), line, partial(warn, near=snippet.path))
        return True

    def load(
        self,
        snippet: Import,
        importer: str | None,
        chain: tuple[str, ...],
        line: int,
        warn: Warn,
    ) -> Loaded | None:
        """The snippet ``snippet`` names, or None (with a warning) when it cannot be used."""
        if snippet.folder:
            path = self.in_folders(snippet.path)
            where = " or ".join(f"{folder}/" for folder in SNIPPET_FOLDERS)
        else:
            path, where = self.locate(snippet.path, importer), "the docs folder"
        if path is None:
            self.missed = True
            if (importer, snippet.path) not in self.unfound:  # at its import, not each use
                self.unfound.add((importer, snippet.path))
                warn(line, f"snippet {snippet.path} not found in {where}; left out")
            return None
        label = path.relative_to(self.root).as_posix()
        if label in chain:
            warn(line, f"snippet {label} imports itself (through {' -> '.join(chain)}); left out")
            return None
        if len(chain) >= MAX_CHAIN:
            warn(line, f"snippets nested more than {MAX_CHAIN} deep at {label}; left out")
            return None
        try:
            if path.stat().st_size > MAX_SNIPPET_BYTES:
                warn(line, f"snippet {label} is over {MAX_SNIPPET_BYTES // 1024} KB; left out")
                return None
            raw = path.read_bytes()
            self.read[label] = hashlib.sha256(raw).hexdigest()
            text = raw.decode("utf-8")
        except (OSError, UnicodeDecodeError):
            self.missed = True
            warn(line, f"snippet {label} cannot be read as UTF-8 text; left out")
            return None
        javascript = path.suffix in _JAVASCRIPT
        body, first = _strip_frontmatter(text)
        loaded = Loaded(label, body, first, javascript)
        if javascript:
            loaded.names = _javascript_names(text, label, warn)
        return loaded


def no_export(label: str, snippet: Import, local: str, line: int, warn: Warn) -> None:
    warn(
        line,
        f"snippet {label} has no export '{snippet.name}' that docgen can read; "
        f"'{local}' is left out",
        near=snippet.name or "",
    )


def _strip_frontmatter(text: str) -> tuple[str, int]:
    if not text.startswith("---"):
        return text, 1
    end = text.find("\n---", 3)
    if end == -1:
        return text, 1
    after = text.find("\n", end + 4)
    after = len(text) if after == -1 else after + 1
    return text[after:], text.count("\n", 0, after) + 1


def _javascript_names(text: str, label: str, warn: Warn) -> dict[str, Any]:
    """What a .js/.jsx snippet exports that docgen can use without running it: plain values
    (``export const x = <literal>``) and JSX components (:mod:`docgen.render.jsxtemplates`)."""
    names: dict[str, Any] = {}
    lines = text.splitlines(keepends=True)
    begins, ends, offset = [], [], 0
    for line in lines:
        begins.append(offset)
        offset += len(line)
        ends.append(offset - len(line) + len(line.rstrip("\r\n")))
    number = 0
    while number < len(lines):
        if not lines[number].startswith("export "):
            number += 1
            continue
        last = statement_end(text, begins[number], begins, ends, number, len(lines))
        statement = text[begins[number] : ends[last]]
        defined, number = f"{label}:{number + 1}", last + 1
        template = jsxtemplates.parse(statement)
        match = _EXPORT_CONST.match(statement.strip())
        if template is not None:
            names[template.name] = replace(template, defined=defined)
        elif match is not None:
            value = evaluate(match.group(2), names)
            if not isinstance(value, Unevaluated):
                names[match.group(1)] = value
    del label, warn
    return names
