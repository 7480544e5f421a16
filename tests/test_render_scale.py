"""Rendering big specs: the lazy sidebar (also in a real Chromium), shared schemas linked to
pages of their own, and parallel rendering that gives the same bytes as serial rendering."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from serving import serve_folder

from docgen.render import schemalinks, sidebar
from docgen.render.navviews import base_for

ROOT = Path(__file__).resolve().parents[1]
TAGS, PER_TAG, FLAT = 4, 50, 130  # 330 links: a big section; 130 untagged: a windowed list


def docgen(*args: str, cwd: Path = ROOT,
           env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "docgen", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=300, env=env)


def _fields(prefix: str, count: int) -> dict[str, Any]:
    return {f"{prefix}{n}": {"type": "string", "description": f"Field {prefix}{n}."}
            for n in range(count)}


def big_spec() -> dict[str, Any]:
    """330 operations; ``GET /items/{id}`` returns an object with four shared 50-field schemas
    (a page too big to expand whole), ``GET /owner`` a small one."""
    paths: dict[str, Any] = {}
    for tag in range(TAGS):
        for n in range(PER_TAG):
            paths[f"/t{tag}/items{n}"] = {"get": {
                "tags": [f"tag{tag}"], "summary": f"Tag {tag} item {n}",
                "responses": {"200": {"description": "OK"}}}}
    for n in range(FLAT):
        paths[f"/flat/{n}"] = {"delete": {"summary": f"Flat {n}",
                                          "responses": {"204": {"description": "Gone"}}}}
    item = {"$ref": "#/components/schemas/Item"}
    json_body = {"content": {"application/json": {"schema": item}}}
    paths["/items/{id}"] = {"get": {
        "tags": ["tag0"], "summary": "Get item",
        "parameters": [
            {"name": "id", "in": "path", "required": True, "schema": {"type": "string"}}],
        "responses": {"200": {"description": "The item", **json_body}}}}
    paths["/owner"] = {"get": {
        "tags": ["tag0"], "summary": "Get owner",
        "responses": {"200": {"description": "The owner", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Owner"}}}}}}}
    schemas: dict[str, Any] = {
        "Owner": {"type": "object", "properties": _fields("o", 3)},
        "Item": {"type": "object", "properties": {
            **_fields("i", 45),
            **{f"big{n}": {"$ref": f"#/components/schemas/Big{n}"} for n in range(4)}}},
    }
    for n in range(4):
        schemas[f"Big{n}"] = {"type": "object", "description": f"Shared object {n}.",
                              "properties": {**_fields("f", 50),
                                             "owner": {"$ref": "#/components/schemas/Owner"}}}
    return {"openapi": "3.1.0", "info": {"title": "Big", "version": "1"},
            "servers": [{"url": "https://api.example.com"}],
            "paths": paths, "components": {"schemas": schemas}}


@pytest.fixture(scope="module")
def big_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("big")
    (folder / "big.json").write_text(json.dumps(big_spec()))
    out = folder / "_site"
    result = docgen("build", str(folder / "big.json"), "-o", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, dict[str, str | None]]] = []
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        data = dict(attrs)
        if data.get("id"):
            self.ids.append(str(data["id"]))
        if tag == "a" and data.get("href"):
            self.links.append((str(data["href"]), data))


def parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text())
    return parser


def sidebar_html(path: Path) -> str:
    html = path.read_text()
    start = html.index('<nav class="sidebar"')
    return html[start:html.index("</nav>", start)]


def page(site: Path, url: str) -> Path:
    return site / url.strip("/") / "index.html"


# -- the lazy sidebar -----------------------------------------------------------------------


def test_big_section_inlines_headings_and_the_current_group_only(big_site: Path) -> None:
    here = page(big_site, "api-reference/tag1/tag-1-item-3")
    nav = sidebar_html(here)
    assert 'data-docgen-nav="_docgen/nav/0.json"' in nav
    assert nav.count('class="nav-section nav-lazy"') == TAGS + 1  # four tags and the untagged
    assert nav.count('class="nav-link') == PER_TAG  # only tag1's links
    assert 'aria-current="page"' in nav and "Tag 2 item" not in nav
    # A left-out group links to its first page, so the sidebar works without JavaScript.
    assert 'href="../../../api-reference/tag2/tag-2-item-0/" data-docgen-nav-pending' in nav
    data = json.loads((big_site / "_docgen/nav/0.json").read_text())
    links = [n for group in data["items"] for n in group["c"]]
    assert len(links) == TAGS * PER_TAG + FLAT + 2
    assert {"l": "Tag 2 item 7", "u": "api-reference/tag2/tag-2-item-7/", "m": "GET"} in links
    assert len(here.read_bytes()) < 60_000


def test_long_list_shows_a_window_around_the_current_page(big_site: Path) -> None:
    nav = sidebar_html(page(big_site, "api-reference/flat-60"))
    assert nav.count('class="nav-link') == sidebar.WINDOW
    assert "Show 40 more" in nav and "Show 50 more" in nav
    assert 'aria-current="page"' in nav


def _same_sidebars(site_source: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Every page's sidebar equals the one rendered for that page alone (no open group
    rendered once, no cached frame around the page's entry, no joined links); the cached
    sidebar, for a look at what went through its caches."""
    from docgen.diagnostics import Diagnostics
    from docgen.pipeline import run_check
    from docgen.render.page import SiteRenderer

    result = run_check(site_source, output_dir=site_source.parent / "_site")
    assert result.site is not None
    cached = SiteRenderer(result.site, Diagnostics()).sidebar
    fresh = SiteRenderer(result.site, Diagnostics()).sidebar
    monkeypatch.setattr(fresh, "_flat", lambda *args: None)
    monkeypatch.setattr(fresh, "_joined", tuple)

    def alone(index: int, url: str, base: str) -> str:
        key, section = fresh.nav.sidebar_section(index, url)
        if not fresh.is_lazy(section):
            return fresh.html(index, url, base)
        return fresh._lazy_root(key, section, fresh._child_holding(section, url), url, base)

    renderer = SiteRenderer(result.site, Diagnostics())
    for page in result.site.pages:
        where = (renderer.nav.section_of(page), page.url, base_for(page.url))
        assert cached.html(*where) == alone(*where), page.url
    return cached


def test_open_groups_rendered_once_read_as_rendering_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Short groups of links are rendered once and the page's link marked current, the rest
    of a big section once per entry holding the page, runs of links joined before the group
    template sees them: every page's sidebar is still the one rendering it alone gives
    (groups of 50, a windowed list of 130)."""
    (tmp_path / "big.json").write_text(json.dumps(big_spec()))
    cached = _same_sidebars(tmp_path / "big.json", monkeypatch)
    assert cached._open and cached._frames and cached._separator  # the caches were used


def test_cached_sidebars_of_a_docs_repo_with_a_page_listed_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Navigation written by hand: a page listed in two groups (both entries open and
    current), a nested group among links, a windowed list of 80 pages."""
    from mintlify_sites import write_site

    pages = [f"g{g}/p{n}" for g in range(4) for n in range(45)]
    groups: list[dict[str, Any]] = [
        {"group": f"G{g}", "pages": [p for p in pages if p.startswith(f"g{g}/")]}
        for g in range(4)
    ]
    groups[1]["pages"].append("g0/p3")
    groups[2]["pages"].insert(5, {"group": "Nested", "pages": ["nested/a", "nested/b"]})
    groups.append({"group": "Long", "pages": [f"long/p{n}" for n in range(80)]})
    more = ["nested/a", "nested/b", *(f"long/p{n}" for n in range(80))]
    config = write_site(tmp_path, {"name": "T", "navigation": {"groups": groups}}, pages + more)
    cached = _same_sidebars(config, monkeypatch)
    twice = cached.html(0, "/g0/p3", base_for("/g0/p3"))
    assert twice.count('aria-current="page"') == 2


def test_every_sidebar_link_resolves_at_every_depth(big_site: Path) -> None:
    pages = [*big_site.glob("api-reference/*/index.html"),
             *big_site.glob("api-reference/*/*/index.html")]
    assert len(pages) > TAGS * PER_TAG + FLAT
    for html in pages:
        for link, _ in parse(html).links:
            if link.startswith(("#", "http")):
                continue
            target = (html.parent / link.split("#")[0]).resolve()
            assert (target / "index.html").is_file() or target.is_file(), (html, link)



@pytest.fixture(scope="module")
def served_big(big_site: Path) -> Iterator[str]:
    with serve_folder(big_site) as url:
        yield url


@pytest.fixture()
def tab(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    # Requests cut short by navigating away (ERR_ABORTED) are not failures of the site.
    tab.on("requestfailed", lambda r: None if "ABORTED" in (r.failure or "") else errors.append(
        f"failed: {r.url}"))
    tab.errors = errors
    yield tab
    context.close()


def test_lazy_sidebar_loads_groups_on_demand_in_a_browser(tab: Any, served_big: str) -> None:
    requests: list[str] = []
    tab.on("request", lambda r: requests.append(r.url))
    tab.goto(f"{served_big}/api-reference/tag1/tag-1-item-3/")
    links = tab.locator("nav.sidebar a.nav-link")
    assert links.count() == PER_TAG
    assert not any("/_docgen/nav/" in url for url in requests), "nothing fetched up front"
    tab.locator("nav.sidebar summary", has_text="tag2").click()
    tab.locator("nav.sidebar a.nav-link", has_text="Tag 2 item 49").wait_for()
    assert links.count() == 2 * PER_TAG
    tab.locator("nav.sidebar summary", has_text="tag3").click()
    tab.locator("nav.sidebar a.nav-link", has_text="Tag 3 item 0").wait_for()
    assert sum("/_docgen/nav/0.json" in url for url in requests) == 1, "fetched once, cached"
    tab.locator("nav.sidebar a", has_text="Tag 2 item 7").click()
    tab.wait_for_url("**/api-reference/tag2/tag-2-item-7/")
    assert tab.locator('nav.sidebar a[aria-current="page"]').inner_text().endswith("Tag 2 item 7")
    # A windowed list expands in place, keeping the current page marked.
    tab.goto(f"{served_big}/api-reference/flat-60/")
    flat = tab.locator('nav.sidebar [data-docgen-nav-group="4"] a.nav-link')
    assert flat.count() == sidebar.WINDOW
    tab.locator("nav.sidebar a[data-docgen-nav-more]", has_text="Show 40 more").click()
    tab.locator("nav.sidebar a.nav-link", has_text="Flat 0").first.wait_for()
    assert flat.count() == FLAT
    assert tab.url.endswith("/api-reference/flat-60/")
    assert "Flat 60" in tab.locator('nav.sidebar a[aria-current="page"]').inner_text()
    assert tab.errors == []


def test_small_sections_keep_the_whole_sidebar(tmp_path: Path) -> None:
    out = tmp_path / "site"
    result = docgen("build", "fixtures/platform/docs.json", "-o", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    nav = sidebar_html(out / "api/v1/analytics/get-unique-visitors/index.html")
    assert "data-docgen-nav" not in nav and "Get page views" in nav
    assert not (out / "_docgen/nav").exists()
    assert not (out / "api/v1/schemas").exists(), "small pages stay fully expanded"


# -- shared schemas -------------------------------------------------------------------------


def test_big_page_links_shared_schemas_to_their_pages(big_site: Path) -> None:
    item = page(big_site, "api-reference/tag0/get-item")
    parsed = parse(item)
    schema_links = [href for href, attrs in parsed.links if attrs.get("class") == "children-link"]
    assert schema_links == [f"../../../api-reference/schemas/big{n}/" for n in range(4)]
    assert "id" in parsed.ids and "response-200.i44" in parsed.ids and "response-200.big3" in (
        parsed.ids)
    assert "response-200.big0.f1" not in parsed.ids, "linked, not expanded"
    for href in schema_links:
        target = (item.parent / href).resolve() / "index.html"
        assert target.is_file()
        schema_page = parse(target)
        assert {"f0", "f49", "owner", "owner.o2"} <= set(schema_page.ids)
        assert len(schema_page.ids) == len(set(schema_page.ids))
    twin = (big_site / "api-reference/schemas/big2.md").read_text()
    assert twin.startswith("# Big2") and "`f49`" in twin
    small = parse(page(big_site, "api-reference/tag0/get-owner"))
    assert "response-200.o2" in small.ids
    assert not any(a.get("class") == "children-link" for _, a in small.links)


def test_schema_pages_are_searchable_but_not_in_the_sidebar(big_site: Path) -> None:
    from docgen.render.searchindex import FOLDER

    entry = json.loads((big_site / FOLDER / "pagefind-entry.json").read_text())
    pages = len(json.loads((big_site / "_docgen/manifest.json").read_text())["pages"])
    assert entry["languages"]["en"]["page_count"] == pages + 4  # the four schema pages
    assert "Big1" not in (big_site / "_docgen/nav/0.json").read_text()
    assert "[Big1](/api-reference/schemas/big1.md)" in (big_site / "llms.txt").read_text()
    manifest = json.loads((big_site / "_docgen/manifest.json").read_text())
    assert [s["url"] for s in manifest["schemas"]] == [
        f"/api-reference/schemas/big{n}" for n in range(4)]


def test_schema_sizes_do_not_depend_on_what_was_measured_first(tmp_path: Path) -> None:
    from docgen.diagnostics import Diagnostics
    from docgen.spec.loader import SpecLoader

    (tmp_path / "big.json").write_text(json.dumps(big_spec()))
    spec = SpecLoader(tmp_path, Diagnostics()).load("big.json", None)
    assert spec is not None
    forward, backward = schemalinks.SchemaIndex(spec), schemalinks.SchemaIndex(spec)
    keys = list(forward.slugs)
    sizes = [forward.size(k) for k in keys]
    assert [backward.size(k) for k in reversed(keys)] == sizes[::-1]
    assert forward.size(("big.json", "Big0")) > schemalinks.INLINE_MAX
    assert forward.size(("big.json", "Owner")) == 3


# -- parallel rendering ---------------------------------------------------------------------

_COMPARE = textwrap.dedent("""
    import json, multiprocessing, sys
    from pathlib import Path
    from docgen.pipeline import run_check
    from docgen.render.site import render_site

    seen = []
    def progress(done, total):
        seen.append(len(multiprocessing.active_children()))
    outputs, diagnostics = [], []
    for jobs in (1, 2):
        result = run_check(Path(sys.argv[1]))
        assert result.site is not None and not result.diagnostics.errors
        outputs.append(render_site(result.site, result.diagnostics, progress, jobs=jobs))
        diagnostics.append([str(d) for d in result.diagnostics])
    print(json.dumps({
        "same_files": outputs[0] == outputs[1],
        "files": len(outputs[0]),
        "same_diagnostics": diagnostics[0] == diagnostics[1],
        "warnings": len(diagnostics[0]),
        "workers_seen": max(seen),
        "progress_calls": len(seen),
    }))
""")


def test_parallel_output_is_identical_to_serial_output(tmp_path: Path) -> None:
    (tmp_path / "big.json").write_text(json.dumps(big_spec()))
    for n in range(60):  # MDX pages with warnings, to merge diagnostics from the workers
        (tmp_path / f"guide{n}.mdx").write_text(f"# Guide {n}\n\n<Unknown{n % 3}>text\n")
    config = {"name": "Parallel", "navigation": {"tabs": [
        {"tab": "Guides", "groups": [{"group": "All", "pages": [f"guide{n}" for n in range(60)]}]},
        {"tab": "API", "openapi": "big.json"}]}}
    (tmp_path / "docs.json").write_text(json.dumps(config))
    script = tmp_path / "compare.py"
    script.write_text(_COMPARE)
    result = subprocess.run([sys.executable, str(script), str(tmp_path / "docs.json")],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["workers_seen"] == 2, report
    assert report["progress_calls"] == 2 * (60 + TAGS * PER_TAG + FLAT + 2)
    assert report["same_files"] and report["files"] > 800
    assert report["same_diagnostics"] and report["warnings"] >= 60


class _MemoryCache:
    """An in-memory JobCache; ``forget`` makes ``lookup`` miss although ``has`` said yes."""

    def __init__(self) -> None:
        self.saved: dict[Any, Any] = {}
        self.forget: set[Any] = set()
        self.hits = 0

    def has(self, job: Any) -> bool:
        return job in self.saved

    def lookup(self, job: Any, sink: Any = None) -> Any:  # bytes, never linked
        if job in self.forget:
            return None
        self.hits += 1
        return self.saved.get(job)

    def store(self, job: Any, output: Any) -> None:
        self.saved[job] = output

    def flush(self) -> None:
        return None


def test_cached_jobs_are_reused_and_give_the_same_site(tmp_path: Path) -> None:
    from docgen.pipeline import run_check
    from docgen.render.site import render_site

    (tmp_path / "big.json").write_text(json.dumps(big_spec()))
    result = run_check(tmp_path / "big.json", validate=False)
    assert result.site is not None
    cache = _MemoryCache()
    first = render_site(result.site, result.diagnostics, jobs=1, cache=cache)
    assert len(cache.saved) == TAGS * PER_TAG + FLAT + 2 + 4  # pages and the four schemas
    cache.forget = {0, ("big.json", "api-reference", "big.json", "Big1")}
    again = render_site(result.site, result.diagnostics, jobs=1, cache=cache)
    assert again == first
    assert cache.hits == len(cache.saved) - 2


def test_pages_put_in_place_by_workers_are_dropped_with_a_vetoed_build(tmp_path: Path) -> None:
    """The render workers write their pages into the temporary folder themselves; a build that
    fails after rendering (a warning with --strict) leaves the previous site as it was, and no
    temporary folder behind."""
    spec = big_spec()
    (tmp_path / "big.json").write_text(json.dumps(spec))
    config = {"name": "Big", "navigation": {"tabs": [{"tab": "API", "openapi": "big.json"}]}}
    (tmp_path / "docs.json").write_text(json.dumps(config))
    out = tmp_path / "out"
    first = docgen("build", str(tmp_path / "docs.json"), "-o", str(out), "--quiet")
    assert first.returncode == 0, first.stderr
    before = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    spec["info"]["title"] = "Big, renamed"  # every page renders again
    (tmp_path / "big.json").write_text(json.dumps(spec))
    (tmp_path / "docs.json").write_text(json.dumps({**config, "unknownKey": 1}))
    second = docgen("build", str(tmp_path / "docs.json"), "-o", str(out), "--lenient",
                    "--strict", "--quiet", env={**os.environ, "DOCGEN_JOBS": "2"})
    assert second.returncode == 1 and "nothing was written" in second.stderr
    assert "Traceback" not in second.stderr
    after = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.json", "docs.json", "out"]


def _forked_children(pid: int) -> list[int]:
    """The children of ``pid`` forked from it (same command line: render workers and the
    validating process, not Pagefind)."""
    try:
        own = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                same = (entry / "cmdline").read_bytes() == own
            except OSError:
                continue
            if same and int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    try:
        return (Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]) != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forked workers: Linux only")
def test_a_killed_build_takes_its_workers_with_it_without_tracebacks(tmp_path: Path) -> None:
    """``kill -9`` of a build (a cancelled CI job): its render workers and validating process
    go with it at once, silently, instead of rendering on and dying with broken pipes."""
    import signal
    import time

    spec = big_spec()
    for n in range(1500):
        spec["paths"][f"/more/{n}"] = {"get": {"summary": f"More {n}", "responses": {
            "200": {"description": "OK", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Item"}}}}}}}
    (tmp_path / "big.json").write_text(json.dumps(spec))
    env = {**os.environ, "DOCGEN_CACHE_DIR": str(tmp_path / "cache"), "DOCGEN_JOBS": "2"}
    build = subprocess.Popen(
        [sys.executable, "-m", "docgen", "build", "big.json", "--out", "site"],
        cwd=tmp_path, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    helpers: list[int] = []
    while len(helpers) < 2 and build.poll() is None and time.monotonic() < deadline:
        helpers = _forked_children(build.pid)
        time.sleep(0.02)
    assert len(helpers) >= 2 and build.poll() is None, "the build ended before its workers ran"
    time.sleep(0.3)  # well into rendering
    build.send_signal(signal.SIGKILL)
    build.wait()
    # stderr reaches its end only once every process holding it (the workers) has exited.
    assert build.stderr is not None
    errors = build.stderr.read().decode(errors="replace")
    assert "Traceback" not in errors and "BrokenPipeError" not in errors, errors
    deadline = time.monotonic() + 10  # SIGKILL on the parent's death: gone at once
    while any(map(_running, helpers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(_running, helpers))


_FREEZE = """
import gc, json
from docgen.render.parallel import Workers

def work(n):
    return n, gc.get_freeze_count() > 0

def kept(n):
    global held
    held = [*globals().get("held", []), [n]]  # what a worker keeps from job to job
    return gc.get_freeze_count()

before = gc.get_freeze_count()
with Workers(work, 2) as workers:
    during = gc.get_freeze_count()
    results = list(workers.map(list(range(64))))
    workers.close()  # the tail (search index, site files) runs after this, still frozen
    after_close = gc.get_freeze_count()
with Workers(kept, 2) as workers:
    counts = list(workers.map(list(range(1400))))
print(json.dumps({
    # Job 0 runs before any worker has done 500 jobs; of two workers sharing 1,400 jobs,
    # one runs at least 700, whichever way the chunks fall (the last job may be the other's).
    "frozen_later": max(counts) > counts[0], "jobs": len(counts),
    "before": before, "during": during, "after_close": after_close,
    "after": gc.get_freeze_count(), "in_workers": all(frozen for _, frozen in results),
    "in_order": [n for n, _ in results] == list(range(64)),
}))
"""


def test_what_exists_at_the_fork_is_left_out_of_collections_until_the_pool_ends() -> None:
    """The parent's big heap (specs, site) is not gone over by every full collection while
    the pages render and the tail runs; it is collectable again once the pool's block ends.
    Workers leave what they keep out of later collections as it grows."""
    result = subprocess.run(
        [sys.executable, "-c", _FREEZE], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["before"] == 0 and report["after"] == 0
    assert report["during"] > 1000 and report["after_close"] == report["during"]
    assert report["in_workers"] and report["in_order"]
    # A worker also freezes what it keeps from job to job, every few hundred jobs.
    assert report["frozen_later"] and report["jobs"] == 1400
