"""Page files written by the render workers themselves, straight into the output's temporary
folder (:class:`docgen.write.writer.Placer`), instead of being sent to the parent process: a
big site's pages (1.3 GB for Microsoft Graph) no longer cross a pipe and the parent's one
core; the parent still checks every path and does the swap."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class Sink(Protocol):
    """Puts one file of the site in place (checked, created, or hard-linked from the previous
    site when identical: ``True`` then)."""

    def place(self, relative: str, content: bytes) -> bool: ...

    def link(self, relative: str) -> bool:
        """Hard-link the previous site's file at ``relative`` into place (the caller knows it
        is unchanged); ``False`` when it cannot (then nothing was put in place)."""
        ...


@dataclass(frozen=True, slots=True)
class Placed:
    """Stands in for a file's bytes: a worker already put it in place (``kept``: linked from
    the previous site)."""

    kept: bool
