"""Output paths content can name that no file system or site can take: a redirect whose
forwarding page would be written where docgen writes a file of its own (``/llms.txt``,
``/_docgen/docgen.js``, ``/_redirects``) or where another redirect's page is in another
Unicode form stopped check and build on an internal error; a redirect source or an API
``directory`` of 1,500 folders passed check and stopped build (a RecursionError, or the OS
refusing the path). Real files and the real CLI, check and build alike."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "docgen", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
    )


def _site(root: Path, config: dict[str, Any]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "index.mdx").write_text("---\ntitle: Home\n---\n\nHi\n")
    (root / "docs.json").write_text(json.dumps({"name": "R", **config}, indent=1))
    return root / "docs.json"


def _check_and_build(config: Path, out: Path) -> tuple[str, str, int, int]:
    check = _run("check", config.name, cwd=config.parent)
    build = _run("build", config.name, "-o", str(out), cwd=config.parent)
    checked, built = check.stdout + check.stderr, build.stdout + build.stderr
    assert "internal error" not in checked + built and "Traceback" not in checked + built
    return checked, built, check.returncode, build.returncode


def _said(output: str, code: str) -> list[str]:
    return sorted(line.split(": ", 1)[0] for line in output.splitlines() if f"[{code}]" in line)


@pytest.mark.parametrize(
    "sources",
    [["/llms.txt"], ["/_docgen/docgen.js"], ["/_redirects"], ["/caf\u00e9", "/cafe\u0301"]],
)
def test_a_forwarding_page_that_another_file_takes_is_left_out(
    tmp_path: Path, sources: list[str]
) -> None:
    redirects = [{"source": s, "destination": f"/index?{n}"} for n, s in enumerate(sources)]
    config = _site(tmp_path / "docs", {"navigation": {"pages": ["index"]}, "redirects": redirects})
    out = tmp_path / "out"
    checked, built, check_code, build_code = _check_and_build(config, out)
    assert check_code == build_code == 0, built
    lines = config.read_text().splitlines()
    last = max(n for n, line in enumerate(lines, 1) if '"source"' in line)
    where = f"docs.json:{last}:{lines[last - 1].index(':') + 3}"
    assert _said(checked, "redirect-conflict") == _said(built, "redirect-conflict") == [where]
    assert "cannot have its forwarding page" in built
    listed = out / "_redirects"  # none when no redirect is left
    kept = listed.read_text("utf-8") if listed.is_file() else ""
    assert f"{sources[-1]}  " not in kept  # left out of the host's list too
    if sources[-1] == "/llms.txt":
        assert (out / "llms.txt").is_file()
    if len(sources) == 2:
        assert f"{sources[0]}  /?0" in kept  # the index page's URL


def test_an_output_path_too_long_for_a_file_system_is_an_error_in_check_and_build(
    tmp_path: Path,
) -> None:
    deep = "/a" + "/b" * 1_500
    config = _site(
        tmp_path / "docs",
        {"navigation": {"pages": ["index"]}, "redirects": [{"source": deep, "destination": "/"}]},
    )
    checked, built, check_code, build_code = _check_and_build(config, tmp_path / "out")
    assert check_code == build_code == 1
    assert (
        _said(checked, "redirect-invalid")
        == _said(built, "redirect-invalid")
        == ["docs.json:10:14"]
    )
    assert "bytes long" in built and len(max(built.splitlines(), key=len)) < 600
    assert not (tmp_path / "out").exists()


def test_an_api_directory_too_deep_for_a_file_system_is_an_error_in_check_and_build(
    tmp_path: Path,
) -> None:
    root = tmp_path / "docs"
    root.mkdir()
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "P", "version": "1"},
        "paths": {"/x": {"get": {"summary": "X", "responses": {"200": {"description": "ok"}}}}},
    }
    (root / "openapi.json").write_text(json.dumps(spec))
    api = {"source": "openapi.json", "directory": "a/" * 1_500 + "x"}
    config = _site(root, {"navigation": {"groups": [{"group": "API", "openapi": api}]}})
    checked, built, check_code, build_code = _check_and_build(config, tmp_path / "out")
    assert check_code == build_code == 1
    assert _said(checked, "nav-unsafe-url") == _said(built, "nav-unsafe-url") != []
    assert "bytes long" in built and len(max(built.splitlines(), key=len)) < 600
