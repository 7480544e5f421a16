"""Markdown page files: find them in the docs root and read their YAML frontmatter."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from docgen.diagnostics import Code, Diagnostics, Location
from docgen.exceptions import LoadError
from docgen.lenient import NOT_A_MAPPING
from docgen.load import yaml_safe
from docgen.load.paths import display_name
from docgen.load.source import read_text
from docgen.nav.ignore import Ignore
from docgen.nav.model import Page, PageKind, PageMeta
from docgen.spec.model import Operation

PAGE_SUFFIXES = (".mdx", ".md")
_SKIP_DIRS = {"node_modules"}
# Mintlify's reusable fragments: imported into pages, never pages of their own.
SNIPPETS_DIR = "snippets"


# A fence opening: three or more backticks (then an info string without a backtick: "```x```"
# is inline code) or tildes.
_OPENS = re.compile(r"(`{3,})[^`]*$|(~{3,})")


def _first_heading(body: str) -> str:
    """The text of the body's first ``# Heading`` outside fenced code (a ``# comment`` in a
    shell or Python block is not a title)."""
    fence = ""
    for line in body.splitlines():
        text = line.strip()
        if fence:
            if text.startswith(fence) and not text.strip(fence[0]):
                fence = ""
            continue
        opened = _OPENS.match(text)
        if opened:
            fence = opened.group(1) or opened.group(2)
        elif line.startswith("# "):
            return line[2:].strip()
    return ""


def value_start(front: str, key: str) -> tuple[int, int]:
    """The file (line, column) where the top-level frontmatter ``key``'s value starts (the
    frontmatter starts on line 2): after ``key:`` and an opening quote, or the first line of a
    block scalar (``key: >``); (2, 1) when the key is not found."""
    lines = front.split("\n")
    for index, line in enumerate(lines):
        match = re.match(rf"{re.escape(key)}[ \t]*:[ \t]*", line)
        if match is None:
            continue
        rest = line[match.end() :]
        if not rest.strip() or rest[0] in "|>":  # the value is on the lines below
            for below, text in enumerate(lines[index + 1 :], index + 3):
                if text.strip():
                    return below, len(text) - len(text.lstrip()) + 1
            return index + 2, 1
        return index + 2, match.end() + (2 if rest[0] in "\"'" else 1)
    return 2, 1


@dataclass(slots=True)
class PageFile:
    """A Markdown page: its path relative to the root, frontmatter, body and body's first line."""

    name: str
    path: Path
    frontmatter: dict[str, Any] = field(default_factory=dict)
    body: str = ""
    body_line: int = 1
    front: str = ""  # the frontmatter's text (it starts on line 2), for locating its keys

    @property
    def url(self) -> str:
        stem = self.name.rsplit(".", 1)[0]
        if stem == "index":
            return "/"
        stem = stem.removesuffix("/index")
        return "/" + stem

    @property
    def title(self) -> str:
        title = self.frontmatter.get("title")
        if isinstance(title, (str, int, float)) and str(title).strip():
            return str(title).strip()
        heading = _first_heading(self.body)
        if heading:
            return heading
        stem = Path(self.name).stem
        return (stem if stem != "index" else "Home").replace("-", " ").replace("_", " ").title()

    def page(
        self,
        operation: Operation | None,
        directory: str | None,
        trail: tuple[str, ...],
        hidden: bool,
        section: int,
        meta: PageMeta | None = None,
    ) -> Page:
        """The site page of this file (an operation page when its frontmatter names one)."""
        kind = PageKind.PAGE
        if operation is not None:
            kind = PageKind.WEBHOOK if operation.webhook else PageKind.OPERATION
        title = self.title
        if operation is not None and "title" not in self.frontmatter:
            title = operation.title
        description = self.frontmatter.get("description")
        return Page(
            url=self.url,
            kind=kind,
            title=title,
            operation=operation,
            source=self.name,
            hidden=hidden,
            nav=trail,
            section=section,
            directory=directory,
            description=description if isinstance(description, str) else None,
            frontmatter=self.frontmatter,
            body=self.body,
            body_line=self.body_line,
            description_at=value_start(self.front, "description"),
            meta=meta or PageMeta(),
        )


class PageFiles:
    """The docs root's page files: listed once, each read once."""

    def __init__(
        self,
        root: Path,
        diagnostics: Diagnostics,
        output_dir: Path | None,
        scan: bool,
        ignore: Ignore | None = None,
    ) -> None:
        self.root = root
        self.diagnostics = diagnostics
        self.output_dir = output_dir
        self.scan = scan  # False for a lone spec: no page files at all
        self.ignore = ignore
        self._names: list[str] | None = None
        self._read: dict[str, PageFile] = {}
        self._names_of: dict[Path, str] = {}  # display names (each a realpath: worth keeping)

    def names(self) -> list[str]:
        """Every page file under the root (see :func:`discover`), or none when not scanning."""
        if self._names is None:
            special: list[str] = []
            self._names = (
                discover(self.root, self.output_dir, special, self.ignore) if self.scan else []
            )
            for name in special:
                self.diagnostics.warning(
                    Code.PAGE_PARSE_ERROR,
                    "not a regular file (a FIFO, device or socket): skipped, never read",
                    Location(name, None, None),
                )
        return self._names

    def name_of(self, path: Path) -> str:
        """``path``'s name relative to the root (:func:`display_name`, worked out once)."""
        name = self._names_of.get(path)
        if name is None:
            name = self._names_of[path] = display_name(self.root, path)
        return name

    def read(self, path: Path) -> PageFile:
        name = self.name_of(path)
        if name not in self._read:
            self._read[name] = read_page(self.root, path, self.diagnostics)
        return self._read[name]


def is_built_site(folder: Path) -> bool:
    """Whether ``folder`` holds a site docgen built (an earlier ``-o`` output, say)."""
    return (folder / "_docgen" / "manifest.json").is_file()


def source_dirs(
    root: Path, here: Path, dirs: list[str], skip: Path | None, ignore: Ignore | None = None
) -> list[str]:
    """The sub-folders of ``here`` (in ``root``) that may hold sources, sorted: not hidden
    (``.``/``_``), not ``node_modules``, not the root's ``snippets``, not ``skip`` (the resolved
    output folder), not left out by ``ignore`` (``.mintignore``) and not another site docgen
    built."""
    return sorted(
        d
        for d in dirs
        if not d.startswith((".", "_"))
        and d not in _SKIP_DIRS
        and not (here == root and d == SNIPPETS_DIR)
        and (skip is None or (here / d).resolve() != skip)
        and not (ignore is not None and ignore.skips(display_name(root, here / d), folder=True))
        and not is_built_site(here / d)
    )


def discover(
    root: Path,
    skip: Path | None = None,
    special: list[str] | None = None,
    ignore: Ignore | None = None,
) -> list[str]:
    """Every ``.md``/``.mdx`` file under ``root`` (sorted), skipping folders that start with
    ``.`` or ``_``, ``node_modules``, the root's ``snippets`` (imported, not pages), ``skip``
    (the output folder), what ``ignore`` leaves out (Mintlify's default names, ``.mintignore``)
    and any other site docgen built: its twins are output, never sources.
    A page name that is not a regular file (FIFO, device, socket) is skipped and added to
    ``special``."""
    found: list[str] = []
    root = root.resolve()
    skip_resolved = skip.resolve() if skip is not None else None
    for folder, dirs, files in os.walk(root, followlinks=False):
        here = Path(folder)
        dirs[:] = source_dirs(root, here, dirs, skip_resolved, ignore)
        for file in sorted(files):
            if file.endswith(PAGE_SUFFIXES) and not file.startswith((".", "_")):
                path = here / file
                if ignore is not None and ignore.skips(display_name(root, path)):
                    continue
                if path.is_symlink() and not path.resolve().is_relative_to(root):
                    continue
                if path.exists() and not path.is_file():  # a FIFO would block the read
                    if special is not None:
                        special.append(display_name(root, path))
                    continue
                found.append(display_name(root, path))
    return found


_UNCLOSED = re.compile(r"---[ \t]*\r?\n(?:[ \t]*\r?\n)*[A-Za-z_][\w-]*[ \t]*:")


def split_frontmatter(text: str) -> tuple[str | None, str, int]:
    """(frontmatter text or None, body, 1-based line where the body starts)."""
    if not text.startswith("---"):
        return None, text, 1
    lines = text.split("\n")
    if lines[0].strip() != "---":
        return None, text, 1
    for index in range(1, len(lines)):
        if lines[index].strip() in ("---", "..."):
            return "\n".join(lines[1:index]), "\n".join(lines[index + 1 :]), index + 2
    return None, text, 1


def read_page(root: Path, path: Path, diagnostics: Diagnostics) -> PageFile:
    """Read a page file; a frontmatter problem is reported and the frontmatter ignored."""
    name = display_name(root, path)
    page = PageFile(name=name, path=path)
    try:
        text = read_text(path)
    except LoadError as exc:
        diagnostics.error(
            Code.PAGE_PARSE_ERROR,
            f"cannot read page: {exc.message}",
            Location(name, exc.line, exc.column),
        )
        return page
    front, body, body_line = split_frontmatter(text)
    page.body, page.body_line = body, body_line
    if front is None:
        if _UNCLOSED.match(text):  # "---" then "key:" lines (a lone "---" is a rule)
            diagnostics.warning(
                Code.PAGE_FRONTMATTER,
                "the frontmatter opened here is never closed by a line '---': the page is "
                "read without it (its title, description and openapi are not used)",
                Location(name, 1, 1),
            )
        return page
    try:
        data = yaml_safe.load_yaml(front) if front.strip() else {}
    except LoadError as exc:
        line = (exc.line or 0) + 1
        diagnostics.error(
            Code.PAGE_PARSE_ERROR,
            f"invalid frontmatter: {exc.message}",
            Location(name, line, exc.column),
        )
        return page
    if not isinstance(data, dict):
        diagnostics.error(
            Code.PAGE_PARSE_ERROR,
            NOT_A_MAPPING,
            Location(name, 2, 1),
        )
        return page
    page.frontmatter = data
    page.front = front
    return page
