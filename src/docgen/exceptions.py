"""Every exception docgen raises, and when.

User input never produces an exception that escapes a stage: problems with it become
diagnostics (see :mod:`docgen.diagnostics`). Exceptions are for control flow inside a stage
and for the few conditions the CLI turns into an exit code::

    DocgenError
     ├── LoadError             a file could not be read or parsed (carries line/column)
     │    └── UnsafePathError      a path or $ref points outside the docs root, or is remote
     ├── UsageError            the command line names something unusable (exit code 2)
     ├── InvalidKey            a sign-in public key is unusable (config: playground-invalid)
     ├── OutputError           an output path is unsafe, collides, or the folder is not a site
     ├── TooManyFields         a page outgrew its expanded-field budget (render: link instead)
     ├── FastPathDoubt         the spec fast path cannot vouch for the validator's verdict
     ├── TooComplex            a metered piece of work spent its budget (spec-too-complex)
     ├── RemoteError           a remote spec could not be fetched
     ├── SearchIndexError      Pagefind could not build the search index
     ├── ProxyError            the playground proxy refuses or fails a request (HTTP status)
     ├── DecodeError           an upstream body does not decode with its content coding
     ├── LogError              an access log cannot be read or recognised (analytics)
     ├── SiteError             the built site or its manifest cannot be used (analytics)
     ├── StoreError            the analytics store cannot be opened
     ├── QueryError            a bad analytics query parameter (exit 2, HTTP 400)
     └── ConfigError           the operator's analytics settings are unusable

One exception lives elsewhere on purpose: ``docgen.spec.fast.prescreen.TooComplexError`` must
subclass openapi-spec-validator's own error class to travel through the library's iteration.
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


class InvalidKey(DocgenError, ValueError):
    """The key text is not a usable public key (the message says why)."""


class OutputError(DocgenError):
    """Raised when the output cannot be written safely (bad path, collision, unsafe target)."""


class TooManyFields(DocgenError):
    """Raised while building a page that does not fit its expanded-field budget."""


class FastPathDoubt(DocgenError):
    """Raised when the spec fast path cannot vouch for the library's verdict."""


class ProxyError(DocgenError):
    """A refusal or failure, answered as ``{"error": message}`` with ``status``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class DecodeError(DocgenError):
    """The body does not decode with its declared content coding."""


class TooComplex(DocgenError):
    """The budget of the enclosing :func:`metered` block is spent."""


class RemoteError(DocgenError):
    """The URL could not be fetched (the message says why, in one line)."""


class SearchIndexError(DocgenError):
    """Pagefind could not build the index (missing binary, crash)."""


class SiteError(DocgenError):
    """The built site or its manifest cannot be used."""


class QueryError(DocgenError):
    """A bad parameter: exit code 2 on the command line, HTTP 400 from the server."""


class ConfigError(DocgenError, ValueError):
    """The operator's analytics settings are unusable (``docgen serve`` exits 2)."""


class StoreError(DocgenError):
    """The store cannot be opened (locked too long, not a DuckDB file, unwritable folder)."""


class LogError(DocgenError):
    """A log file cannot be read or recognised."""
