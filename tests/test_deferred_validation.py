"""``docgen build`` validates its specs (and scans its Markdown pages) in processes of their own
while pages render (:mod:`docgen.spec.background`): the verdict and messages stay those of
``docgen check``, a spec found invalid still leaves the previous site untouched, rendering
stops once the verdict is known, and a process that cannot start or dies changes nothing but
the time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from test_check_equals_build import Captured, _diagnostic_lines

from docgen.commands.build import build
from docgen.commands.check import check
from docgen.pipeline import run_check
from docgen.spec.background import ValidationTask, run_task, validation


def _spec(operations: int, *, invalid: bool) -> dict[str, Any]:
    paths: dict[str, Any] = {}
    for n in range(operations):
        responses: dict[str, Any] = {"200": {"description": "OK"}}
        if invalid and n == operations // 2:
            responses = {"200": {"content": {}}}  # 3.0: a response needs a description
        paths[f"/items{n}"] = {"get": {"operationId": f"get{n}", "responses": responses}}
    return {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": paths}


def _write(folder: Path, spec: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "openapi.json"
    path.write_text(json.dumps(spec, indent=1))
    return path


def _snapshot(site: Path) -> dict[str, tuple[bytes, int]]:
    return {
        str(p.relative_to(site)): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(site.rglob("*"))
        if p.is_file()
    }


def test_an_invalid_big_spec_fails_the_build_as_check_does_and_keeps_the_site(
    tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("DOCGEN_JOBS", "2")
    site = tmp_path / "site"
    spec = _write(tmp_path / "docs", _spec(300, invalid=False))
    assert build(Captured(), spec, site, True, False) == 0
    before = _snapshot(site)
    assert len(before) > 600

    _write(tmp_path / "docs", _spec(300, invalid=True))
    checked, built = Captured(), Captured()
    assert check(checked, spec, "text", False) == 1
    assert build(built, spec, site, False, False) == 1
    assert _diagnostic_lines(built.stderr) == _diagnostic_lines(checked.stdout)
    assert any("error[" in line for line in _diagnostic_lines(built.stderr))
    assert built.stderr[-1].startswith("docgen: build failed") and "nothing was written" in (
        built.stderr[-1]
    )
    assert _snapshot(site) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "docs", "site"]

    # --no-strict-spec: the same findings as warnings, and the site is built.
    checked, built = Captured(), Captured()
    assert check(checked, spec, "text", False, strict_spec=False) == 0
    assert build(built, spec, site, False, False, strict_spec=False) == 0
    warnings = _diagnostic_lines(built.stderr)
    assert warnings and warnings == _diagnostic_lines(checked.stdout)
    assert all("(ignored: --no-strict-spec)" in line for line in warnings)


_STOPS = """
import sys, time
from pathlib import Path
from docgen.pipeline import run_check
result = run_check(Path(sys.argv[1]), defer_validation=True)
assert result.site is not None and not result.failed  # not known yet
assert result.pending and result.pending[0].pid is not None  # in a process of its own
deadline = time.monotonic() + 60
while not all(v.ready() for v in result.pending) and time.monotonic() < deadline:
    time.sleep(0.01)
files = list(result.render())
assert 0 < len(files) < len(result.site.pages), len(files)
assert result.settle() is True
assert result.diagnostics.errors == len(result.validated) > 0
direct = run_check(Path(sys.argv[1]))  # without deferring: the same errors at once
assert sorted(map(str, direct.diagnostics)) == sorted(map(str, result.diagnostics))
print("stopped after", len(files), "files")
"""


def test_rendering_stops_once_a_validation_error_is_known(tmp_path: Path) -> None:
    # In a process of its own: forking needs a process without other threads (this one may
    # run browser-test threads).
    spec = _write(tmp_path / "docs", _spec(200, invalid=True))
    env = {**os.environ, "DOCGEN_CACHE_DIR": str(tmp_path / "cache")}
    run = subprocess.run(
        [sys.executable, "-c", _STOPS, str(spec)], capture_output=True, text=True, env=env,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("stopped after")


def _task(tmp_path: Path) -> ValidationTask:
    spec = _write(tmp_path / "docs", _spec(20, invalid=True))
    result = run_check(spec, defer_validation=True)
    assert len(result.pending) == 1
    result.pending[0].close()
    (task,) = result.pending[0].work.args  # type: ignore[attr-defined]
    return task


_DIES = """
import os, signal, sys
from pathlib import Path
from docgen.pipeline import run_check
from docgen.spec.background import run_task, validation
result = run_check(Path(sys.argv[1]), defer_validation=True)
(verdicts,) = result.pending
verdicts.close()
(task,) = verdicts.work.args
expected = run_task(task)
assert any(d.level == "error" for d in expected)
os.environ["DOCGEN_CACHE_DIR"] = sys.argv[2]  # no cached verdict
again = validation(task).start()
assert again.pid is not None
os.kill(again.pid, signal.SIGKILL)
assert again.diagnostics() == expected
print("validated in-process")
"""


def test_a_validating_process_that_dies_is_replaced_by_validating_in_process(
    tmp_path: Path,
) -> None:
    spec = _write(tmp_path / "docs", _spec(20, invalid=True))
    env = {**os.environ, "DOCGEN_CACHE_DIR": str(tmp_path / "cache")}
    run = subprocess.run(
        [sys.executable, "-c", _DIES, str(spec), str(tmp_path / "cold")],
        capture_output=True, text=True, env=env, timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("validated in-process")


def test_with_another_thread_running_nothing_is_forked(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    task = _task(tmp_path)
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        verdicts = validation(task).start()
        assert verdicts.pid is None
        assert verdicts.diagnostics() == run_task(task)
    finally:
        release.set()
        other.join()


def _docs_repo(root: Path, pages: int) -> Path:
    """A docs repo whose every page draws a check warning (an unsupported component) and one
    an unknown image too."""
    root.mkdir(parents=True)
    names = []
    for n in range(pages):
        image = "\n\n![x](/images/missing.png)" if n == pages // 2 else ""
        (root / f"p{n}.mdx").write_text(f"# Page {n}\n\n<Mystery{n} />\n\nText.{image}\n")
        names.append(f"p{n}")
    (root / "docs.json").write_text(json.dumps({"name": "D", "navigation": {"pages": names}}))
    return root / "docs.json"


def _script(script: str, config: Path, env: dict[str, str]) -> list[str]:
    """The words ``script`` prints, run by a fresh Python (no thread beside it: it may fork)."""
    run = subprocess.run(
        [sys.executable, "-c", script, str(config)], capture_output=True, text=True, env=env,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.split()


_SCANS = """
import sys
from pathlib import Path
from docgen.pipeline import run_check
result = run_check(Path(sys.argv[1]), defer_validation=True)
(scan,) = result.pending
print("forked" if scan.pid is not None else "in-process")
print(len(scan.diagnostics()))
"""


def test_a_docs_repo_build_scans_its_pages_beside_the_rendering(tmp_path: Path) -> None:
    """The pages' check warnings are worked out in a forked process while pages render (a
    docs repo's check is mostly parsing them); the build reports what check reports."""
    config = _docs_repo(tmp_path / "docs", 60)
    env = {**os.environ, "DOCGEN_CACHE_DIR": str(tmp_path / "cache")}
    assert _script(_SCANS, config, env) == ["forked", "61"]  # a warning per page, the image
    built = subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(config), "--out", str(tmp_path / "site")],
        capture_output=True, text=True, env=env, timeout=300,
    )
    checked = subprocess.run(
        [sys.executable, "-m", "docgen", "check", str(config)],
        capture_output=True, text=True, env=env, timeout=300,
    )
    assert built.returncode == checked.returncode == 0, built.stderr
    printed = _diagnostic_lines(built.stderr.splitlines())
    assert len(printed) == 61 and printed == _diagnostic_lines(checked.stdout.splitlines())


def test_a_page_warning_found_beside_the_rendering_fails_a_strict_build(
    tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    config = _docs_repo(tmp_path / "docs", 60)
    site = tmp_path / "site"
    build(Captured(), config, site, True, False)
    before = _snapshot(site)
    (tmp_path / "docs" / "p7.mdx").write_text("# Page 7\n\nText.\n")  # a real rebuild
    console = Captured()
    assert build(console, config, site, True, True) == 1  # --strict: warnings fail it
    assert "warnings with --strict" in "\n".join(console.stderr)
    assert _snapshot(site) == before


_SHARES = """
import sys
from pathlib import Path
from docgen.pipeline import run_check
deferred = run_check(Path(sys.argv[1]), defer_validation=True)
print(sum(1 for verdicts in deferred.pending if verdicts.pid is not None))
deferred.settle()
serial = run_check(Path(sys.argv[1]))
print(deferred.diagnostics.sorted() == serial.diagnostics.sorted())
print(len(serial.diagnostics))
"""


def test_two_processes_share_a_big_sites_scan_and_find_what_one_finds(tmp_path: Path) -> None:
    config = _docs_repo(tmp_path / "docs", 150)
    env = {**os.environ, "DOCGEN_CACHE_DIR": str(tmp_path / "cache")}
    assert _script(_SHARES, config, env) == ["2", "True", "151"]


_COLLECTOR = """
import gc
from docgen.diagnostics import Code, Diagnostic, Level
from docgen.load.gcpause import gc_paused
from docgen.spec.background import Verdicts

def work():
    return [Diagnostic(Level.INFO, Code("mdx-unsupported"), f"collector on: {gc.isenabled()}")]

with gc_paused():  # as the check that starts the validation runs
    verdicts = Verdicts(work).start()
print(verdicts.diagnostics()[0].message)
"""


def test_a_check_process_runs_with_the_garbage_collector_on() -> None:
    """The check pauses the cyclic collector while it builds the site model; a validation or
    page scan it forks meanwhile works on with the collector on (it may run long and make
    cycles)."""
    run = subprocess.run(
        [sys.executable, "-c", _COLLECTOR], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "collector on: True"


_MANY = """
import sys
from pathlib import Path
from docgen.pipeline import run_check
from docgen.spec.background import MAX_RUNNING
result = run_check(Path(sys.argv[1]), defer_validation=True)
forked = sum(1 for v in result.pending if v.capped and v.pid is not None)
print("capped" if forked <= MAX_RUNNING else "uncapped")
result.settle()
print(sorted(d.file for d in result.validated))
"""


def test_a_repo_with_many_specs_validates_a_few_at_once_and_finds_every_error(
    tmp_path: Path,
) -> None:
    """crewAI has a spec per version and language (107): one process each, all importing the
    validator at once on two cores, made its check wait 450 s. Past a few processes, a spec
    is validated in-process, with the same verdict."""
    root = tmp_path / "docs"
    groups = []
    for n in range(12):
        _write(root / f"v{n}", _spec(3, invalid=n in (0, 11)))
        groups.append({"group": f"V{n}", "openapi": f"v{n}/openapi.json"})
    config = root / "docs.json"
    config.write_text(json.dumps({"name": "M", "navigation": {"groups": groups}}))
    env = {**os.environ, "DOCGEN_CACHE_DIR": str(tmp_path / "cache")}
    words = _script(_MANY, config, env)
    assert words[0] == "capped"
    assert " ".join(words[1:]) == "['v0/openapi.json', 'v11/openapi.json']"
