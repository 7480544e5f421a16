"""Diagnostics: the one currency in which every stage reports a problem.

Stages never print and never raise on user input; they append a :class:`Diagnostic` to a
:class:`Diagnostics` collection so that ``docgen check`` can report every problem in one run.
Each diagnostic carries a stable :class:`Code` that tests, CI annotations and the README name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum


class Level(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"  # worth knowing, never a failure (not counted by --strict)


class Code(StrEnum):
    """Stable diagnostic codes (listed, with an example each, in the README)."""

    CONFIG_PARSE_ERROR = "config-parse-error"
    CONFIG_INVALID = "config-invalid"
    CONFIG_UNUSED_KEY = "config-unused-key"
    SPEC_NOT_FOUND = "spec-not-found"
    SPEC_PARSE_ERROR = "spec-parse-error"
    SPEC_UNSUPPORTED_VERSION = "spec-unsupported-version"
    SPEC_INVALID = "spec-invalid"
    SPEC_REMOTE = "spec-remote"
    SPEC_TOO_COMPLEX = "spec-too-complex"
    REF_OUTSIDE_ROOT = "ref-outside-root"
    REF_UNRESOLVED = "ref-unresolved"
    PAGE_PARSE_ERROR = "page-parse-error"
    NAV_UNKNOWN_OPERATION = "nav-unknown-operation"
    NAV_PAGE_NOT_FOUND = "nav-page-not-found"
    NAV_EXCLUDED_OPERATION = "nav-excluded-operation"
    NAV_AMBIGUOUS_OPERATION = "nav-ambiguous-operation"
    NAV_PAGE_CONFLICT = "nav-page-conflict"
    NAV_DUPLICATE_URL = "nav-duplicate-url"
    NAV_UNSAFE_URL = "nav-unsafe-url"
    NAV_UNKNOWN_SCHEMA = "nav-unknown-schema"
    OUTPUT_CONFLICT = "output-conflict"
    NAV_METHOD_CASE = "nav-method-case"  # warning: ``get /x`` in frontmatter, read as GET
    NAV_UNLISTED_SKIPPED = "nav-unlisted-skipped"  # info: a stray file loses to a listed page
    NAV_SPEC_PICKED = "nav-spec-picked"  # info: which spec a frontmatter reference resolved to
    MDX_UNSUPPORTED = "mdx-unsupported"
    MDX_TOO_DEEP = "mdx-too-deep"
    MDX_MATH_PROSE = "mdx-math-prose"  # info: a pair of `$` makes prose math, as on Mintlify
    PLAYGROUND_INVALID = "playground-invalid"
    STYLES_SKIPPED = "styles-skipped"  # info: the pages' Tailwind classes could not be styled
    ASSET_SKIPPED = "asset-skipped"  # warning: a static file of the repo is not copied
    ICON_UNKNOWN = "icon-unknown"  # warning: an icon name no bundled library has
    CSS_DROPPED = "css-dropped"  # warning: part of the repo's own CSS is not applied
    ASSET_NOT_FOUND = "asset-not-found"  # warning: a page shows a local file that is not there
    LINK_NOT_FOUND = "link-not-found"  # warning: a page links to a page the site does not have
    LINK_UNSAFE = "link-unsafe"  # a page's link or image URL with a scheme docgen never writes
    PAGE_FRONTMATTER = "page-frontmatter"  # a frontmatter key of the wrong type or value
    REDIRECT_INVALID = "redirect-invalid"
    REDIRECT_CONFLICT = "redirect-conflict"  # a source that repeats another (a page: warning)
    REDIRECT_LOOP = "redirect-loop"  # warning: a chain of redirects, or a loop


@dataclass(frozen=True, slots=True)
class Location:
    """Where something is: a file relative to the docs root, 1-based line/column, JSON pointer."""

    file: str | None = None
    line: int | None = None
    column: int | None = None
    pointer: str | None = None


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem, located as precisely as the input allows.

    ``file`` is relative to the docs root (posix separators); ``line``/``column`` are 1-based;
    ``pointer`` is the JSON pointer of the offending value inside ``file``.
    """

    level: Level
    code: Code
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    pointer: str | None = None

    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.file or "", self.line or 0, self.column or 0, self.code.value)


class Diagnostics:
    """An append-only, ordered collection of diagnostics."""

    def __init__(self) -> None:
        self._items: list[Diagnostic] = []
        self._seen: set[Diagnostic] = set()  # the items, for a duplicate check in O(1)

    def add(self, diagnostic: Diagnostic) -> None:
        if diagnostic not in self._seen:
            self._seen.add(diagnostic)
            self._items.append(diagnostic)

    def report(self, level: Level, code: Code, message: str, where: Location | None) -> None:
        w = where or Location()
        self.add(Diagnostic(level, code, message, w.file, w.line, w.column, w.pointer))

    def error(self, code: Code, message: str, where: Location | None = None) -> None:
        self.report(Level.ERROR, code, message, where)

    def warning(self, code: Code, message: str, where: Location | None = None) -> None:
        self.report(Level.WARNING, code, message, where)

    def info(self, code: Code, message: str, where: Location | None = None) -> None:
        self.report(Level.INFO, code, message, where)

    def extend(self, other: Diagnostics) -> None:
        for d in other:
            self.add(d)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    @property
    def errors(self) -> int:
        return sum(1 for d in self._items if d.level is Level.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for d in self._items if d.level is Level.WARNING)

    def demote(self, wanted: Callable[[Diagnostic], bool], note: str) -> int:
        """Turn the errors ``wanted`` picks into warnings (message + ``note``); return how many."""
        count = 0
        for index, d in enumerate(self._items):
            if d.level is Level.ERROR and wanted(d):
                demoted = replace(d, level=Level.WARNING, message=d.message + note)
                self._items[index] = demoted
                self._seen.discard(d)
                self._seen.add(demoted)
                count += 1
        return count

    @property
    def infos(self) -> int:
        return sum(1 for d in self._items if d.level is Level.INFO)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self._items, key=Diagnostic.sort_key)


def close_matches(word: str, choices: Iterable[str], n: int = 1, cutoff: float = 0.6) -> list[str]:
    """The ``n`` choices most like ``word`` (best first), each at least ``cutoff`` alike: what a
    "did you mean" hint offers.

    Likeness is the Indel ratio (twice the longest common subsequence over both lengths), the
    measure ``difflib.get_close_matches`` approximates; RapidFuzz computes it in C++, which
    matters when hundreds of missing pages are each compared with a thousand page paths
    (difflib took 0.1 s per missing page there).
    """
    from rapidfuzz import fuzz, process

    if isinstance(choices, (set, frozenset)):
        # Equal scores keep the choices' order: a set's changes from run to run (string
        # hashes are salted per process), and check and build would name different pages.
        choices = sorted(choices)
    found = process.extract(word, choices, scorer=fuzz.ratio, limit=n, score_cutoff=cutoff * 100)
    return [choice for choice, _score, _index in found]
