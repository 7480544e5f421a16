"""``.mintignore`` and Mintlify's default ignored names: files kept out of the site, the same
from ``docgen check`` and ``docgen build``."""

from __future__ import annotations

import json
from pathlib import Path

from refresh_fixtures import run_docgen
from watchfiles import Change

from docgen.diagnostics import Diagnostics
from docgen.nav.ignore import Ignore
from docgen.serve.watch import DocsFilter


def _page(path: Path, title: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\ntitle: {title}\n---\n\nThe {title} page.\n", encoding="utf-8")


def _repo(root: Path, pages: list[str]) -> None:
    config = {"name": "T", "navigation": {"groups": [{"group": "G", "pages": pages}]}}
    (root / "docs.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    for name in ("intro", "drafts/wip", "drafts/notes", "build/setup", "plan.draft"):
        _page(root / f"{name}.mdx", name.rsplit("/", 1)[-1])
    (root / "README.md").write_text("# How to edit these docs\n", encoding="utf-8")
    (root / "guides").mkdir()
    (root / "guides" / "CHANGELOG.md").write_text("# Changes\n", encoding="utf-8")
    (root / "images").mkdir()
    (root / "images" / "shown.png").write_bytes(b"png")
    (root / "images" / "raw.png").write_bytes(b"png")
    (root / ".mintignore").write_text(
        "# drafts stay in the repo\ndrafts/\n*.draft.mdx\n\nimages/raw.png\n!drafts/keep.mdx\n",
        encoding="utf-8",
    )


def test_patterns_defaults_negation_and_lines(tmp_path: Path) -> None:
    (tmp_path / ".mintignore").write_text("# c\n\nsecret/*\n!secret/public.mdx\n!\n*.tmp.mdx\n")
    diagnostics = Diagnostics()
    ignore = Ignore.load(tmp_path, diagnostics)
    assert [(d.file, d.line, d.code.value) for d in diagnostics] == [
        (".mintignore", 5, "config-invalid")  # a lone "!" is no pattern; the rest still apply
    ]
    assert ignore.skips("secret/plan.mdx") and not ignore.skips("secret/public.mdx")
    assert ignore.excluding_line("secret/plan.mdx") == 3
    assert ignore.excluding_line("a/b/x.tmp.mdx") == 6
    assert ignore.excluding_line("secret/public.mdx") is None
    # Mintlify's defaults: at any depth, files and folders; not other names that contain them.
    for name in ("README.md", "docs/CONTRIBUTING.md", "node_modules/x.mdx", "a/dist/y.png"):
        assert ignore.skips(name), name
        assert ignore.excluding_line(name) is None  # not the repo's own rule
    for name in ("readme-first.mdx", "guides/build.mdx", "distances.mdx"):
        assert not ignore.skips(name), name
    assert ignore.skips("tmp", folder=True) and not ignore.skips("tmpl", folder=True)


def test_ignored_files_are_not_built_and_listed_ones_are_errors(tmp_path: Path) -> None:
    _repo(tmp_path, ["intro", "build/setup", "drafts/wip"])
    check = run_docgen(["check", "--format", "json"], tmp_path)
    report = json.loads(check.stdout)
    assert check.returncode == 1
    (error,) = [d for d in report["diagnostics"] if d["level"] == "error"]
    assert error["code"] == "nav-page-not-found"
    assert ".mintignore (line 2: 'drafts/')" in error["message"]
    # The navigation entry itself: docs.json line 10, where "drafts/wip" is written.
    line = (tmp_path / "docs.json").read_text().split("\n")[error["line"] - 1]
    assert line[error["column"] - 1 :].startswith('"drafts/wip"')
    build = run_docgen(["build", "-o", str(tmp_path / "site")], tmp_path)
    assert build.returncode == 1 and "line 2: 'drafts/'" in build.stdout + build.stderr
    assert not (tmp_path / "site").exists()


def test_the_site_leaves_out_what_is_ignored(tmp_path: Path) -> None:
    _repo(tmp_path, ["intro", "build/setup"])
    check = run_docgen(["check", "--format", "json"], tmp_path)
    assert check.returncode == 0, check.stdout
    pages = {p["source"]: p["hidden"] for p in json.loads(check.stdout)["pages"]}
    # build/ is a default name, but a page the navigation lists is built all the same.
    assert pages == {"intro.mdx": False, "build/setup.mdx": False}
    out = tmp_path / "site"
    assert run_docgen(["build", "-o", str(out), "--quiet"], tmp_path).returncode == 0
    written = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert "images/shown.png" in written and "images/raw.png" not in written
    for gone in ("README", "drafts", "plan.draft", "guides/CHANGELOG"):
        assert not any(w.startswith(gone) for w in written), gone


def test_serve_rebuilds_when_mintignore_changes(tmp_path: Path) -> None:
    wanted = DocsFilter(tmp_path)
    assert wanted(Change.modified, str(tmp_path / ".mintignore"))
    assert not wanted(Change.modified, str(tmp_path / ".env"))
    assert not wanted(Change.modified, str(tmp_path / "sub" / ".mintignore"))
