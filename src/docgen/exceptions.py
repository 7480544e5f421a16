"""The exceptions docgen raises, and when.

User input never produces an exception that escapes a stage: problems with it become
diagnostics (see :mod:`docgen.diagnostics`). Exceptions are for control flow inside the
loaders and for the few conditions the CLI turns into exit code 2::

    DocgenError
     ├── LoadError           a file could not be read or parsed (carries line/column)
     │    └── UnsafePathError    a path or $ref points outside the docs root, or is remote
     └── UsageError          the command line names something unusable (exit code 2)
"""

from __future__ import annotations


class DocgenError(Exception):
    """Base class of every docgen exception."""


class LoadError(DocgenError):
    """Raised by the loaders when a file cannot be read or parsed.

    ``line`` and ``column`` are 1-based positions inside the file, when known.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


class UnsafePathError(LoadError):
    """Raised when a path or ``$ref`` leaves the docs root, goes through a link out of it,
    or names a remote URL. Nothing of the target is read."""


class UsageError(DocgenError):
    """Raised when the command line names something unusable (missing config file)."""
