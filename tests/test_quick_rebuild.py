"""An unchanged rebuild replays the previous build's messages without loading the specs or
the renderer; any change to what a build reads (a docs-folder file, a spec document in a
hidden folder, the options, the output folder) makes it a real build again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SPEC = {
    "openapi": "3.1.0",
    "info": {"title": "Q", "version": "1"},
    "paths": {
        "/items": {
            "get": {
                "summary": "List items",
                "responses": {"200": {"$ref": ".shared/parts.json#/ok"}},
            }
        }
    },
}
PROBE = """
import sys
from docgen.cli import cli
try:
    cli(sys.argv[1:], prog_name="docgen", standalone_mode=False)
finally:
    print("LOADED" if "docgen.pipeline" in sys.modules else "REPLAYED", file=sys.stderr)
"""


def _site(root: Path) -> Path:
    (root / ".shared").mkdir(parents=True)
    (root / ".shared" / "parts.json").write_text(json.dumps({"ok": {"description": "OK"}}))
    (root / "openapi.json").write_text(json.dumps(SPEC))
    (root / "index.md").write_text("# Home\n\nSee ![x](/images/missing.png).\n")
    config = {"name": "Q", "navigation": {"openapi": "openapi.json", "pages": ["index"]}}
    (root / "docs.json").write_text(json.dumps(config))
    return root / "docs.json"


def _build(config: Path, out: Path, cache: Path, *flags: str) -> tuple[str, str]:
    env = {**os.environ, "DOCGEN_CACHE_DIR": str(cache)}
    run = subprocess.run(
        [sys.executable, "-c", PROBE, "build", str(config), "-o", str(out), *flags],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    lines = run.stderr.strip().splitlines()
    return lines[-1], "\n".join(line for line in lines[:-1] if not line.startswith("Built "))


@pytest.fixture()
def site(tmp_path: Path) -> tuple[Path, Path, Path]:
    return _site(tmp_path / "docs"), tmp_path / "out", tmp_path / "cache"


def test_an_unchanged_rebuild_replays_without_loading(site: tuple[Path, Path, Path]) -> None:
    config, out, cache = site
    first, shown = _build(config, out, cache)
    assert first == "LOADED" and "asset-not-found" in shown
    again, replayed = _build(config, out, cache)
    assert again == "REPLAYED"
    assert replayed == shown  # the same warnings, word for word


def test_any_change_to_what_the_build_reads_loads_again(site: tuple[Path, Path, Path]) -> None:
    config, out, cache = site
    _build(config, out, cache)
    root = config.parent
    # A spec document in a hidden folder (outside the folder hash): still watched.
    (root / ".shared" / "parts.json").write_text(json.dumps({"ok": {"description": "Fine"}}))
    assert _build(config, out, cache)[0] == "LOADED"
    assert "Fine" in (out / "api-reference" / "list-items" / "index.html").read_text()
    assert _build(config, out, cache)[0] == "REPLAYED"
    (root / "index.md").write_text("# Home\n\nEdited.\n")
    assert _build(config, out, cache)[0] == "LOADED"
    assert _build(config, out, cache, "--lenient")[0] == "LOADED"  # other options
    (out / "index.html").write_text("tampered")
    assert _build(config, out, cache)[0] == "LOADED"
    assert "tampered" not in (out / "index.html").read_text()
    assert _build(config, out, cache)[0] == "REPLAYED"


def test_a_bare_spec_is_replayed_until_one_of_its_documents_changes(
    site: tuple[Path, Path, Path],
) -> None:
    config, out, cache = site
    spec = config.parent / "openapi.json"
    assert _build(spec, out, cache)[0] == "LOADED"
    assert _build(spec, out, cache)[0] == "REPLAYED"
    (config.parent / "unrelated.txt").write_text("x")  # its folder is not hashed
    assert _build(spec, out, cache)[0] == "REPLAYED"
    (config.parent / ".shared" / "parts.json").write_text(json.dumps({"ok": {"description": "B"}}))
    assert _build(spec, out, cache)[0] == "LOADED"
    (spec).write_text(json.dumps({**SPEC, "info": {"title": "R", "version": "2"}}))
    assert _build(spec, out, cache)[0] == "LOADED"
    assert _build(spec, out, cache)[0] == "REPLAYED"
