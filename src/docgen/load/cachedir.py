"""docgen's folder in the user's cache: ``$DOCGEN_CACHE_DIR``, else ``$XDG_CACHE_HOME/docgen``,
else ``~/.cache/docgen``. Everything kept there is an optimisation that may vanish at any time."""

from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path | None:
    """The folder, or ``None`` when no home or cache folder can be named."""
    explicit = os.environ.get("DOCGEN_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / "docgen"
    try:
        return Path.home() / ".cache" / "docgen"
    except RuntimeError:
        return None
