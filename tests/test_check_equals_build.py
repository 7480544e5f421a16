"""``docgen check`` is ``docgen build`` minus writing: on every check fixture (and with
``--strict``) both report the same diagnostics and agree on success. Both commands run
in-process, each through a console that keeps what it was told."""

from __future__ import annotations

import json
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
    shown = ("docgen: ", "Built ", "Serving", "hint: ")
    return [line for line in lines if line and not line.startswith(shown)]


@pytest.mark.parametrize("name", case_names())
def test_check_and_build_agree(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
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


def _repo(root: Path, spec: str | None = None) -> Path:
    (root / "images").mkdir(parents=True)
    (root / "images" / "a.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    (root / "index.mdx").write_text("---\ntitle: Home\n---\nText <Sparkle>hi</Sparkle>.\n")
    (root / "shows.mdx").write_text("---\ntitle: Shows\n---\n![A](/images/a.png)\n")
    (root / "plain.md").write_text("# Plain\n\nNothing to warn about.\n")
    navigation: dict[str, object] = {"pages": ["index", "shows", "plain"]}
    if spec is not None:
        (root / "openapi.yaml").write_text(spec)
        navigation = {"groups": [{"group": "G", "pages": ["index", "shows", "plain"]},
                                 {"group": "API", "openapi": "openapi.yaml"}]}  # fmt: skip
    (root / "docs.json").write_text(json.dumps({"name": "R", "navigation": navigation}))
    return root


def _both(root: Path, out: Path) -> tuple[int, list[str], int, list[str]]:
    checked, built = Captured(), Captured()
    check_code = check(checked, root / "docs.json", "text", False)
    build_code = build(built, root / "docs.json", out, True, False)
    return (check_code, _diagnostic_lines(checked.stdout), build_code,
            _diagnostic_lines(built.stderr))  # fmt: skip


def test_rebuilds_report_the_pages_warnings_check_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # build finds a Markdown page's warnings while rendering it (check parses the pages for
    # them): a rebuild that reuses unchanged pages must still report theirs, and notice a
    # file a page shows disappearing although the page's text did not change.
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    root, out = _repo(tmp_path / "docs"), tmp_path / "site"
    first = _both(root, out)
    assert first[0] == first[2] == 0 and first[1] == first[3]
    assert [line.split(": ")[1] for line in first[3]] == ["warning[mdx-unsupported]"]
    (root / "plain.md").write_text("# Plain\n\nEdited.\n")  # the two other pages are reused
    assert _both(root, out) == first
    (root / "images" / "a.png").unlink()
    gone = _both(root, out)
    assert gone[0] == gone[2] == 0 and gone[1] == gone[3]
    assert sorted(line.split(": ")[1] for line in gone[3]) == [
        "warning[asset-not-found]", "warning[mdx-unsupported]"
    ]  # fmt: skip
    assert any("shows.mdx:4:" in line for line in gone[3]), gone[3]
    (root / "images" / "b.png").write_bytes(b"\x89PNG\r\n\x1a\n")  # another file: still gone
    assert _both(root, out)[3] == gone[3]
    (root / "images" / "a.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    assert _both(root, out) == first


def test_a_build_stopped_by_an_invalid_spec_reports_the_pages_warnings_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    spec = (
        "openapi: 3.0.3\ninfo: {title: T, version: '1'}\n"
        "paths:\n  /a:\n    get:\n      responses: {'200': {description: 7}}\n"
    )
    root = _repo(tmp_path / "docs", spec)
    check_code, reported, build_code, printed = _both(root, tmp_path / "site")
    assert check_code == build_code == 1
    assert printed == reported
    codes = {line.split(": ")[1] for line in printed}
    assert {"warning[mdx-unsupported]", "error[spec-invalid]"} <= codes, printed
    assert not (tmp_path / "site").exists()
