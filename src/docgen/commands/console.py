"""Where commands send their words: the CLI (:mod:`docgen.cli`) hands each command a
:class:`Console` and is the only code that prints."""

from __future__ import annotations

from typing import Protocol


class Console(Protocol):
    """Standard output for results, standard error for problems and progress."""

    err_is_terminal: bool  # progress lines are shown only on a terminal

    def out(self, text: str, *, end: str = "\n") -> None:
        """Write ``text`` to standard output."""

    def err(self, text: str, *, end: str = "\n") -> None:
        """Write ``text`` to standard error (flushed at once)."""
