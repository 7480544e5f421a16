"""The files a docs repo keeps out of its site, as Mintlify does: a few names it never
publishes (``README.md``, ``node_modules/``, ``build/``, ...) and the patterns of the repo's
``.mintignore`` (gitignore syntax, matched by pathspec, the library git-style tools use).

Both keep files out of page and static-file discovery. A page the navigation lists is built
even when a default name matches it (listing it is explicit), but not when ``.mintignore``
excludes it: that is an error at the navigation entry, naming the pattern.
"""

from __future__ import annotations

from pathlib import Path

from pathspec import GitIgnoreSpec

from docgen.diagnostics import Code, Diagnostics, Location

IGNORE_FILE = ".mintignore"
MAX_BYTES = 256 * 1024
# Mintlify's default ignored names (its "Exclude files" page), at any depth.
DEFAULTS = (
    ".git", ".github", ".claude", ".agents", ".idea", ".vscode", "node_modules", "build", "dist",
    "coverage", ".cache", "tmp", "temp", "README.md", "LICENSE.md", "CHANGELOG.md",
    "CONTRIBUTING.md",
)  # fmt: skip
_DEFAULT_SPEC = GitIgnoreSpec.from_lines(DEFAULTS)


class Ignore:
    """Which repo paths (posix, relative to the docs root) stay out of the site."""

    def __init__(self, patterns: list[tuple[int, str]] | None = None) -> None:
        self.patterns = patterns or []  # (line in .mintignore, pattern)
        self._own = GitIgnoreSpec.from_lines(p for _, p in self.patterns)

    @classmethod
    def load(cls, root: Path, diagnostics: Diagnostics) -> Ignore:
        """The rules of ``root``: the defaults and its ``.mintignore``, if any (an unusable
        pattern is a warning and left out; the others still apply)."""
        path = root / IGNORE_FILE
        if not path.is_file():
            return cls()
        try:
            with path.open("rb") as handle:
                raw = handle.read(MAX_BYTES + 1)
            text = raw.decode("utf-8-sig")
        except (OSError, UnicodeDecodeError):
            diagnostics.warning(
                Code.CONFIG_INVALID,
                f"{IGNORE_FILE} cannot be read as UTF-8 text; no file is excluded by it",
                Location(IGNORE_FILE, 1, 1),
            )
            return cls()
        if len(raw) > MAX_BYTES:
            diagnostics.warning(
                Code.CONFIG_INVALID,
                f"{IGNORE_FILE} is over {MAX_BYTES // 1024} KB; no file is excluded by it",
                Location(IGNORE_FILE, 1, 1),
            )
            return cls()
        patterns: list[tuple[int, str]] = []
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip() or line.startswith("#"):
                continue
            try:
                GitIgnoreSpec.from_lines([line])
            except ValueError:  # pathspec's error for a pattern git would not take
                diagnostics.warning(
                    Code.CONFIG_INVALID,
                    f"{IGNORE_FILE}: {line.strip()[:80]!r} is not a gitignore pattern; ignored",
                    Location(IGNORE_FILE, number, 1),
                )
                continue
            patterns.append((number, line))
        return cls(patterns)

    def skips(self, name: str, folder: bool = False) -> bool:
        """Whether discovery leaves out the file (or ``folder``) ``name``."""
        path = name + "/" if folder else name
        return _DEFAULT_SPEC.match_file(path) or self._own.match_file(path)

    def excluded(self, name: str, entry: str) -> str | None:
        """Why the navigation ``entry`` naming file ``name`` cannot be built, when
        ``.mintignore`` excludes it."""
        line = self.excluding_line(name)
        if line is None:
            return None
        pattern = next(p for n, p in self.patterns if n == line)
        return (
            f"page '{entry}' is excluded by {IGNORE_FILE} (line {line}: {pattern!r}); remove it "
            "from the navigation or the pattern from the file"
        )

    def excluding_line(self, name: str) -> int | None:
        """The line of the ``.mintignore`` pattern that excludes the file ``name``, or None."""
        if not self.patterns:
            return None
        result = self._own.check_file(name)
        if not result.include or result.index is None:
            return None
        return self.patterns[result.index][0]
