"""`docgen build` on the showcase: golden output, HTML structure, atomicity, determinism."""

from __future__ import annotations

import difflib
import json
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from refresh_golden import theme_assets

ROOT = Path(__file__).resolve().parents[1]
SHOWCASE = ROOT / "fixtures" / "platform" / "docs.json"
GOLDEN = ROOT / "tests" / "golden" / "platform"


def docgen(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "docgen", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=120)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site") / "_site"
    result = docgen("build", str(SHOWCASE), "-o", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_matches_golden_site(site: Path) -> None:
    """Refresh with `python tests/refresh_golden.py` after an intended change. The theme's
    assets are not kept in the golden copy: they must equal the files in templates/assets."""
    built, golden = tree(site), tree(GOLDEN)
    golden.update(theme_assets())
    assert sorted(built) == sorted(golden)
    changed = [name for name in built if built[name] != golden[name]]
    report = []
    for name in changed:
        try:
            old, new = golden[name].decode(), built[name].decode()
        except UnicodeDecodeError:
            report.append(f"{name}: binary file differs")
            continue
        report.extend(difflib.unified_diff(
            old.splitlines(), new.splitlines(), f"golden/{name}", f"built/{name}", lineterm=""
        ))
    assert changed == [], "\n".join(report[:400])


def test_build_is_deterministic(site: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    assert docgen("build", str(SHOWCASE), "-o", str(again), "--quiet").returncode == 0
    assert tree(again) == tree(site)


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.links: list[str] = []
        self.scripts: list[str] = []
        self.h1: int = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        data = dict(attrs)
        if data.get("id"):
            self.ids.append(str(data["id"]))
        if tag == "a" and data.get("href"):
            self.links.append(str(data["href"]))
        if tag == "script":
            self.scripts.append(str(data.get("src")))
        if tag == "h1":
            self.h1 += 1
        for name, _ in attrs:
            assert not name.startswith("on"), f"inline handler {name} in output"


def parse(path: Path) -> _Collector:
    collector = _Collector()
    collector.feed(path.read_text())
    return collector


def test_operation_page_has_parameter_anchors(site: Path) -> None:
    page = parse(site / "api/v1/analytics/get-unique-visitors/index.html")
    for anchor in ("dateFrom", "dateTo", "limit", "offset", "projectId"):
        assert anchor in page.ids
        assert f"https://docs.example.com/api/v1/analytics/get-unique-visitors#{anchor}" in (
            page.links)
    assert len(page.ids) == len(set(page.ids)), "ids must be unique within a page"
    assert page.h1 == 1
    job = parse(site / "api/v2/agent-jobs/get-agent-job/index.html")
    assert "response-200.source.repository" in job.ids


def test_every_internal_link_resolves(site: Path) -> None:
    for html in site.rglob("*.html"):
        if html.name == "404.html":
            continue
        for link in parse(html).links:
            if link.startswith(("http://", "https://", "#", "mailto:")):
                continue
            target = (html.parent / link.split("#")[0]).resolve()
            if target.is_dir():
                target = target / "index.html"
            assert target.is_file(), f"{html.relative_to(site)} links to missing {link}"


def test_scripts_are_local_only(site: Path) -> None:
    for html in site.rglob("*.html"):
        text = html.read_text()
        assert "https://cdn" not in text and "//fonts." not in text
        for src in parse(html).scripts:
            assert src is not None and "_docgen/" in src, src


def test_manifest_search_sitemap_llms(site: Path) -> None:
    text = (site / "_docgen/manifest.json").read_text()
    manifest = json.loads(text)
    # A page per line (readable, diff-friendly): each line inside "pages" is one record.
    lines = text.split("\n")
    start = lines.index('  "pages": [')
    records = lines[start + 1 : start + 1 + len(manifest["pages"])]
    assert [json.loads(line.strip().rstrip(",")) for line in records] == manifest["pages"]
    urls = [p["url"] for p in manifest["pages"]]
    assert "/api/v2/agent-jobs/create-agent-job" in urls
    op = next(p for p in manifest["pages"] if p["url"] == "/api/v2/agent-jobs/create-agent-job")
    assert "prompt" in op["anchors"]
    entry = json.loads((site / "_docgen/pagefind/pagefind-entry.json").read_text())
    assert entry["languages"]["en"]["page_count"] == 8  # the visible pages
    assert not list((site / "_docgen/pagefind").glob("pagefind-ui.*"))  # our dialog, not theirs
    words = json.loads((site / "_docgen/search-words.json").read_text())
    assert {"prlink", "hasmore", "agent"} <= set(words) and words[0] == "agent"
    assert "https://docs.example.com/api/v1/analytics/get-page-views" in (
        site / "sitemap.xml").read_text()
    assert "[Get agent job](https://docs.example.com/api/v2/agent-jobs/get-agent-job.md)" in (
        site / "llms.txt").read_text()
    assert (site / "api/v2/agent-jobs/create-agent-job.md").read_text().startswith(
        "# Create agent job")
    assert (site / "_docgen/specs/openapi/v1.yaml").is_file()
    assert (site / "404.html").is_file()


def test_failed_build_leaves_previous_site_untouched(site: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert docgen("build", str(SHOWCASE), "-o", str(out), "--quiet").returncode == 0
    before = tree(out)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "docs.json").write_text('{"name": "x", "navigation": {"pages": ["missing"]}}')
    result = docgen("build", str(broken / "docs.json"), "-o", str(out))
    assert result.returncode == 1
    assert "nav-page-not-found" in result.stderr
    assert "nothing was written" in result.stderr
    assert tree(out) == before


def test_refuses_to_replace_a_folder_that_is_not_a_site(tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me")
    result = docgen("build", str(SHOWCASE), "-o", str(precious))
    assert result.returncode == 1
    assert "not a docgen site" in result.stderr
    assert (precious / "notes.txt").read_text() == "keep me"


def test_refuses_an_output_folder_holding_the_docs(tmp_path: Path) -> None:
    # An earlier site in a parent folder passes the not-a-site check: replacing it would
    # delete the docs built from it, docs.json included.
    out = tmp_path / "site"
    assert docgen("build", str(SHOWCASE), "-o", str(out), "--quiet").returncode == 0
    docs = out / "docs"
    shutil.copytree(SHOWCASE.parent, docs)
    before = tree(out)
    for target in (out, docs):
        result = docgen("build", str(docs / "docs.json"), "-o", str(target))
        assert result.returncode == 1
        assert "Traceback" not in result.stderr
        assert f"docgen: cannot write {target}: it " in result.stderr
        assert "nothing was written" in result.stderr
        assert tree(out) == before
    result = docgen("build", "v2.yaml", "-o", ".", cwd=docs / "openapi")  # a lone spec
    assert result.returncode == 1
    assert "docgen: cannot write .: it is the docs folder itself" in result.stderr
    assert tree(out) == before


def test_output_folder_inside_a_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("keep me")
    result = docgen("build", str(SHOWCASE), "-o", str(tmp_path / "notes.txt" / "site"))
    assert result.returncode == 1
    assert f"{tmp_path / 'notes.txt'} is a file, so no folder can be made inside it" in (
        result.stderr
    )
    assert (tmp_path / "notes.txt").read_text() == "keep me"


def test_lone_spec_builds_a_site(tmp_path: Path) -> None:
    out = tmp_path / "spec-site"
    spec = ROOT / "fixtures" / "platform" / "openapi" / "v2.yaml"
    result = docgen("build", str(spec), "-o", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    assert (out / "api-reference/agent-jobs/create-agent-job/index.html").is_file()
    assert (out / "index.html").is_file()


def test_hidden_pages_stay_out_of_the_search_index(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "docs.json").write_text(
        '{"name": "Hidden", "navigation": {"pages": ["index"]}}'
    )
    (docs / "index.md").write_text("---\ntitle: Home\n---\n\nVisible zebrafish text.\n")
    (docs / "secret.md").write_text("---\ntitle: Secret\n---\n\nUnlisted okapi text.\n")
    out = tmp_path / "out"
    assert docgen("build", str(docs / "docs.json"), "-o", str(out), "--quiet").returncode == 0
    assert (out / "secret/index.html").is_file()  # built, reachable by URL
    entry = json.loads((out / "_docgen/pagefind/pagefind-entry.json").read_text())
    assert entry["languages"]["en"]["page_count"] == 1
    words = json.loads((out / "_docgen/search-words.json").read_text())
    assert "zebrafish" in words and "okapi" not in words
