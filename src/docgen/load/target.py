"""Which config or spec a command works on: the path given, a folder's ``docs.json`` (else
``mint.json``), or the current folder's. Light on purpose: ``docgen build`` looks here before
loading anything else."""

from __future__ import annotations

from pathlib import Path

from docgen.exceptions import UsageError

CONFIG_NAME = "docs.json"
MINT_NAME = "mint.json"  # Mintlify's older config, read through a mapping (config/mint.py)


def find_target(target: Path | None, command: str = "check") -> Path:
    """The config or spec ``docgen <command>`` uses; raises :class:`UsageError` when none."""
    if target is None:
        found = _config_in(Path.cwd())
        if found is None:
            raise UsageError(
                f"no {CONFIG_NAME} (or {MINT_NAME}) in {Path.cwd()}; pass the path of a "
                f"docs.json or of an OpenAPI spec (docgen {command} path/to/docs.json)"
            )
        target = found
    try:
        if target.is_dir():
            candidate = _config_in(target)
            if candidate is None:
                raise UsageError(f"no {CONFIG_NAME} (or {MINT_NAME}) in {target}")
            target = candidate
        if not target.exists():
            raise UsageError(f"{target}: no such file")
    except OSError as exc:  # a name the OS refuses (too long, a loop of links)
        raise UsageError(f"{target}: {exc.strerror or exc}") from None
    return target


def _config_in(folder: Path) -> Path | None:
    """``docs.json`` in ``folder``, else ``mint.json`` (as Mintlify: docs.json wins)."""
    for name in (CONFIG_NAME, MINT_NAME):
        if (folder / name).is_file():
            return folder / name
    return None
