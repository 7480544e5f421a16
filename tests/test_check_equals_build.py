"""``docgen check`` is ``docgen build`` minus writing: on every check fixture (and with
``--strict``) both report the same diagnostics and agree on success. Both commands run
in-process, each through a console that keeps what it was told."""

from __future__ import annotations

from pathlib import Path

import pytest
from refresh_fixtures import CASES, case_names, target_of

from docgen.commands.build import build
from docgen.commands.check import check


class Captured:
    """A :class:`docgen.commands.console.Console` that keeps every line."""

    err_is_terminal = False

    def __init__(self) -> None:
        self.stdout: list[str] = []
        self.stderr: list[str] = []

    def out(self, text: str, *, end: str = "\n") -> None:
        self.stdout.extend((text + end).splitlines())

    def err(self, text: str, *, end: str = "\n") -> None:
        self.stderr.extend((text + end).splitlines())


def _diagnostic_lines(lines: list[str]) -> list[str]:
    """Diagnostic lines only: not the verdict, summary or progress lines of either command."""
    return [
        line for line in lines if line and not line.startswith(("docgen: ", "Built ", "Serving"))
    ]


@pytest.mark.parametrize("name", case_names())
def test_check_and_build_agree(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    case = CASES / name
    monkeypatch.chdir(case)
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    target = Path(target_of(case))

    checked = Captured()
    check_code = check(checked, target, "text", True)
    built = Captured()
    build_code = build(built, target, tmp_path / "site", True, True)

    assert build_code == check_code, (checked.stdout, built.stderr)
    reported = _diagnostic_lines(checked.stdout)
    printed = _diagnostic_lines(built.stderr)
    if printed:
        assert printed == reported
    else:  # a build that succeeds prints no notes (info); check lists them
        assert all(": info[" in line for line in reported), reported
    if build_code == 0:
        assert (tmp_path / "site" / "_docgen" / "manifest.json").is_file()
