"""``redirects`` of docs.json (and mint.json): forwarding pages at literal sources,
``_redirects`` for static hosts, and the checks (unsafe destinations, sources that are pages or
repeat, chains and loops), the same in ``check`` and ``build``. Real files, the real CLI, and
real Chromium with JavaScript off for the forwarding page."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from serving import serve_folder

PAGES = {
    "index.mdx": "---\ntitle: Home\n---\n\nHi\n",
    "guides/new.mdx": "---\ntitle: New\n---\n\n## Setup\n\nX\n",
}


def _site(root: Path, redirects: list[dict[str, Any]], name: str = "docs.json") -> Path:
    for page, text in PAGES.items():
        (root / page).parent.mkdir(parents=True, exist_ok=True)
        (root / page).write_text(text)
    config: dict[str, Any] = {"name": "R"}
    if name == "docs.json":
        config["url"] = "https://docs.example.com"
        config["navigation"] = {"pages": ["index", "guides/new"]}
    else:
        config["navigation"] = [{"group": "G", "pages": ["index", "guides/new"]}]
    config["redirects"] = redirects
    (root / name).write_text(json.dumps(config, indent=1))
    return root / name


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "docgen", *args], capture_output=True, text=True, check=False
    )


GOOD = [
    {"source": "/old/setup", "destination": "/guides/new#setup"},
    {"source": "/beta/:slug*", "destination": "/v2/:slug*", "permanent": False},
    {"source": "/articles/concepts-*", "destination": "/guides/new"},
    {"source": "/team/:name", "destination": "https://example.org/people/:name"},
    {"source": "/elsewhere", "destination": "https://example.org/x"},
    {"source": "old-name", "destination": "guides/new"},  # no leading '/': read with one
]


@pytest.mark.parametrize("name", ["docs.json", "mint.json"])
def test_redirects_are_written_for_static_hosts(tmp_path: Path, name: str) -> None:
    config = _site(tmp_path, GOOD, name)
    out = tmp_path / "out"
    run = _run("build", str(config), "-o", str(out))
    assert run.returncode == 0, run.stdout + run.stderr
    reported = [x for x in (run.stdout + run.stderr).splitlines() if "[redirect-" in x]
    assert len(reported) == 2 and all("warning[redirect-invalid]" in x for x in reported)
    lines = [x for x in (out / "_redirects").read_text().splitlines() if not x.startswith("#")]
    assert [line.split() for line in lines] == [
        ["/old/setup", "/guides/new#setup", "301"],
        ["/beta", "/v2", "302"],  # a host's "*" may want the "/": Mintlify matches /beta too
        ["/beta/*", "/v2/:splat", "302"],
        ["/articles/concepts-*", "/guides/new", "301"],
        ["/team/:name", "https://example.org/people/:name", "301"],
        ["/elsewhere", "https://example.org/x", "301"],
        ["/old-name", "/guides/new", "301"],
    ]
    page = (out / "old" / "setup" / "index.html").read_text()
    assert '<meta http-equiv="refresh" content="0; url=../../guides/new/#setup">' in page
    canonical = (
        "https://docs.example.com/guides/new" if name == "docs.json" else "../../guides/new/"
    )
    assert f'<link rel="canonical" href="{canonical}#setup">' in page
    assert "<script" not in page
    far = (out / "elsewhere" / "index.html").read_text()
    assert 'content="0; url=https://example.org/x"' in far
    assert not (out / "beta").exists() and not (out / "team").exists()  # patterns: no page
    if name == "docs.json":
        sitemap = (out / "sitemap.xml").read_text()
        assert "old/setup" not in sitemap and "elsewhere" not in sitemap


def test_forwarding_page_works_without_javascript(tmp_path: Path, browser: Any) -> None:
    out = tmp_path / "out"
    run = _run("build", str(_site(tmp_path, GOOD)), "-o", str(out))
    assert run.returncode == 0, run.stdout + run.stderr
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        with serve_folder(out) as url:
            page.goto(url + "/old/setup/")
            page.wait_for_url("**/guides/new/#setup", timeout=10_000)
            assert page.locator("h1").inner_text() == "New"
    finally:
        context.close()


def test_a_redirect_from_the_root_is_the_landing_page(tmp_path: Path) -> None:
    """No page at ``/`` and ``{"source": "/", ...}`` (a docs repo whose home is elsewhere): the
    redirect's forwarding page is the site's ``index.html``, in place of docgen's own landing
    redirect, in check and build alike (both used to write ``index.html``: an internal error)."""
    (tmp_path / "guides").mkdir()
    (tmp_path / "guides" / "new.mdx").write_text("---\ntitle: New\n---\n\nX\n")
    (tmp_path / "guides" / "home.mdx").write_text("---\ntitle: Home\n---\n\nY\n")
    config = {
        "name": "R",
        "navigation": {"pages": ["guides/new", "guides/home"]},
        "redirects": [{"source": "/", "destination": "/guides/home"}],
    }
    (tmp_path / "docs.json").write_text(json.dumps(config))
    check = _run("check", str(tmp_path / "docs.json"))
    assert check.returncode == 0, check.stdout + check.stderr
    out = tmp_path / "out"
    run = _run("build", str(tmp_path / "docs.json"), "-o", str(out))
    assert run.returncode == 0, run.stdout + run.stderr
    landing = (out / "index.html").read_text()
    assert 'content="0; url=guides/home/"' in landing


BAD = [
    {"source": "/ok", "destination": "/guides/new"},
    {"source": "/x", "destination": "javascript:alert(1)"},
    {"source": "/guides/new", "destination": "/"},
    {"source": "/OK/", "destination": "/elsewhere"},
    {"source": "/loop-a", "destination": "/loop-b"},
    {"source": "/loop-b", "destination": "/loop-a"},
    {"source": "/hop", "destination": "/ok"},
    {"source": "no-slash", "destination": "/"},
    {"source": "/p/:id", "destination": "/q/:other"},
]


def test_bad_redirects_are_located_in_check_and_build(tmp_path: Path) -> None:
    config = _site(tmp_path, BAD)
    text = config.read_text().splitlines()

    def at(index: int, key: str) -> str:
        """``docs.json:<line>:<col>`` of redirects[index][key] in the indented file."""
        seen = -1
        for number, line in enumerate(text, 1):
            if line.strip() == "{" and number > 1 and '"redirects"' in "".join(text[:number]):
                seen += 1
            if seen == index and line.strip().startswith(f'"{key}"'):
                return f"docs.json:{number}:{line.index(':') + 3}"
        raise AssertionError((index, key))

    expected = [
        f"{at(1, 'destination')}: error[redirect-invalid]",
        f"{at(2, 'source')}: warning[redirect-conflict]",  # a page: the redirect wins
        f"{at(3, 'source')}: error[redirect-conflict]",
        f"{at(4, 'destination')}: error[redirect-loop]",
        f"{at(5, 'destination')}: error[redirect-loop]",
        f"{at(6, 'destination')}: warning[redirect-loop]",
        f"{at(7, 'source')}: warning[redirect-invalid]",  # read as '/no-slash'
        f"{at(8, 'destination')}: error[redirect-invalid]",
    ]
    for command in ("check", "build"):
        extra = ["-o", str(tmp_path / "o")] if command == "build" else []
        run = _run(command, str(config), *extra)
        output = run.stdout + run.stderr
        assert run.returncode == 1, output
        for line in expected:
            assert line in output, (command, line, output)
        assert "/loop-a -> /loop-b -> /loop-a" in output and "/hop -> /ok -> /guides/new" in output
    assert not (tmp_path / "o").exists()


def test_a_redirect_whose_source_is_a_page_replaces_it(tmp_path: Path, browser: Any) -> None:
    """Mintlify (Next.js) applies a site's redirects before it looks for a page: the page is
    not built, the redirect is written in its place, and check and build say so alike."""
    redirects = [
        {"source": "/elsewhere", "destination": "/guides/new#setup"},
        {"source": "/guides/new/", "destination": "/"},
    ]
    config = _site(tmp_path, redirects)
    line = next(n for n, x in enumerate(config.read_text().splitlines(), 1) if "/guides/new/" in x)
    expected = (
        f"docs.json:{line}:14: warning[redirect-conflict]: redirect source '/guides/new/' is "
        "also the page 'guides/new.mdx': the redirect wins, as on Mintlify, and the page is not "
        "built; remove the redirect or the page"
    )
    out = tmp_path / "out"
    check = _run("check", str(config), "--format", "json")
    build = _run("build", str(config), "-o", str(out))
    assert check.returncode == build.returncode == 0, build.stdout + build.stderr
    report = json.loads(check.stdout)
    codes = sorted(d["code"] for d in report["diagnostics"])
    assert codes == ["redirect-conflict", "redirect-loop"]
    assert expected in _run("check", str(config)).stdout
    assert expected in build.stdout + build.stderr
    assert [p["url"] for p in report["pages"]] == ["/"]
    page = (out / "guides" / "new" / "index.html").read_text()
    assert '<meta http-equiv="refresh" content="0; url=../../">' in page
    assert not (out / "guides" / "new.md").exists()
    assert "guides/new" not in (out / "sitemap.xml").read_text()
    assert "guides/new" not in (out / "llms.txt").read_text()
    # The sidebar keeps its entry (as Mintlify's does), which leads through the redirect.
    home = (out / "index.html").read_text()
    assert '<a class="nav-link" href="./guides/new/"><span class="nav-label">New</span>' in home
    assert 'rel="next"' not in home  # the pager leads to pages only
    # A redirect to it goes on to where it now leads.
    assert "/elsewhere -> /guides/new -> /" in build.stdout + build.stderr
    context = browser.new_context(java_script_enabled=False)
    try:
        tab = context.new_page()
        with serve_folder(out) as url:
            tab.goto(url + "/guides/new/")
            tab.wait_for_url(url + "/", timeout=10_000)
            assert tab.locator("h1").inner_text() == "Home"
    finally:
        context.close()


def test_docgen_serve_answers_redirects_as_the_static_host_does(tmp_path: Path) -> None:
    import http.client

    from serving import docgen_serve

    process, url = docgen_serve(_site(tmp_path, GOOD), "--no-watch")
    try:
        host, port = url.removeprefix("http://").split(":")

        def get(path: str) -> tuple[int, str | None]:
            connection = http.client.HTTPConnection(host, int(port), timeout=10)
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            connection.close()
            return response.status, response.getheader("Location")

        assert get("/beta/intro/setup") == (302, "/v2/intro/setup")
        # "/beta/:slug*" covers the folder itself, written with or without its "/".
        assert get("/beta") == get("/beta/") == (302, "/v2/")
        assert get("/articles/concepts-x") == (301, "/guides/new")
        assert get("/team/bob") == (301, "https://example.org/people/bob")
        # The matched text is percent-encoded again: a request never writes raw text into
        # the Location header (a CR LF never even reaches the handler).
        assert get("/team/a%22%3Cb%3E") == (301, "https://example.org/people/a%22%3Cb%3E")
        assert get("/team/a%0d%0aSet-Cookie:x")[1] is None
        assert get("/old/setup/")[0] == 200  # its forwarding page, as a static host serves it
        assert get("/guides/new/")[0] == 200 and get("/nowhere")[0] == 404
    finally:
        process.stop()


def test_redirect_patterns_match_long_links_in_linear_time(tmp_path: Path) -> None:
    """security.md item 20: neighbouring parameters (``/:a*:b*...``) made the regular
    expression try every split of a long link: ``check`` of this site never finished."""
    import time

    from docgen.config.redirects import match

    many = "/" + "".join(f":p{i}*" for i in range(10)) + "/z"
    _site(tmp_path, [{"source": many, "destination": "/guides/new"}])
    link = "/" + "x" * 5000
    (tmp_path / "index.mdx").write_text(f"---\ntitle: Home\n---\n\n[far]({link})\n")
    command = [sys.executable, "-m", "docgen", "check", str(tmp_path / "docs.json")]
    run = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    assert run.returncode == 0 and "warning[link-not-found]" in run.stdout + run.stderr
    started = time.monotonic()
    assert match("/a-*-:q/x", "/a-" + "-" * 20_000) is None
    assert match(many, link + "/z") == {"p0": link[1:], **{f"p{i}": "" for i in range(1, 10)}}
    assert time.monotonic() - started < 5
    # As the regular expression matched: each part as long as the rest allows, left to right.
    assert match("/beta/:slug*", "/beta/intro/setup/") == {"slug": "intro/setup/"}
    assert match("/:a-:b/x/", "/p-q-r/x") == {"a": "p-q", "b": "r"}
    assert match("/team/:name", "/team/a/b") is None and match("/docs/*", "/docs/") == {"splat": ""}
    # A wildcard after a final "/" covers that folder with or without its "/" (as /x and /x/
    # are one page), as Mintlify's path-to-regexp matches; nothing else gains a "/".
    assert match("/docs/*", "/docs") == {"splat": ""} and match("/docs/:p*", "/docs") == {"p": ""}
    assert match("/docs/:p*", "/docs/a") == {"p": "a"} and match("/docs/*", "/docsx") is None
    assert match("/team/:name", "/team") is None and match("/a-*", "/a") is None


def test_docgen_serve_bounds_the_redirect_lookup_of_a_long_path(tmp_path: Path) -> None:
    """security.md items 19-20: a config whose many patterns start with a parameter, and a
    client that sends a 16 KB path: every pattern filled a table as long as the path, about
    20 s of the server's only thread per request. The lookup now has a budget."""
    import http.client
    import time

    from serving import docgen_serve

    heavy = [{"source": f"/:a*/:b/:c*/x{i}", "destination": "/guides/new"} for i in range(400)]
    last = {"source": "/team/:name", "destination": "https://example.org/people/:name"}
    process, url = docgen_serve(_site(tmp_path, [*heavy, last]), "--no-watch")
    try:
        host, port = url.removeprefix("http://").split(":")

        def get(path: str) -> tuple[int, float]:
            started = time.monotonic()
            connection = http.client.HTTPConnection(host, int(port), timeout=60)
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            connection.close()
            return response.status, time.monotonic() - started

        status, took = get("/" + "a/" * 8000)
        assert status == 404 and took < 3, took
        assert get("/team/bob")[0] == 301  # a short path still reaches the last pattern
    finally:
        process.stop()


def test_more_than_500_pattern_sources_are_refused_quickly(tmp_path: Path) -> None:
    """security.md item 20: checking chains and loops matches every redirect's target against
    every pattern: 3,000 sources starting with a parameter made ``check`` take minutes."""
    import time

    many = [{"source": f"/:a*/z{i}", "destination": f"/q{i}/w"} for i in range(3000)]
    config = _site(tmp_path, many)
    started = time.monotonic()
    run = _run("check", str(config))
    assert time.monotonic() - started < 30
    output = run.stdout + run.stderr
    assert run.returncode == 1
    assert (
        "error[redirect-invalid]: redirects[500].source '/:a*/z500': more than 500 sources "
        "have parameters or wildcards" in output
    )
    assert output.count("error[redirect-invalid]") == 1


def test_a_source_with_more_than_ten_parameters_is_refused(tmp_path: Path) -> None:
    source = "/" + "/".join(f":p{i}" for i in range(11))
    config = _site(tmp_path, [{"source": source, "destination": "/guides/new"}])
    run = _run("check", str(config))
    assert run.returncode == 1 and "error[redirect-invalid]" in run.stdout + run.stderr


def test_docgen_serve_never_redirects_to_another_host_through_a_pattern(tmp_path: Path) -> None:
    """ "/docs//evil.example/x" through "/docs/:path*" -> "/:path*" would be "//evil.example/x",
    which a browser reads as another host."""
    import http.client

    from serving import docgen_serve

    moved = [{"source": "/docs/:path*", "destination": "/:path*"}]
    process, url = docgen_serve(_site(tmp_path, moved), "--no-watch")
    try:
        host, port = url.removeprefix("http://").split(":")
        for path in ("/docs//evil.example/x", "/docs/%2Fevil.example/x", "/docs/guides/new"):
            connection = http.client.HTTPConnection(host, int(port), timeout=10)
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            connection.close()
            location = response.getheader("Location") or ""
            if "%2F" in path:  # an encoded separator: refused before any redirect is looked at
                assert response.status == 404 and not location, path
                continue
            assert response.status in (301, 302), path
            assert location.startswith("/") and not location.startswith(("//", "/\\")), location
    finally:
        process.stop()


def test_a_destination_whose_host_comes_from_the_request_is_refused(tmp_path: Path) -> None:
    """{"/go/:h" -> "https://:h/x"} made docs.example.com/go/evil.example an open redirect."""
    moved = [
        {"source": "/go/:h", "destination": "https://:h/x"},
        {"source": "/to/*", "destination": "https://*.example.com/"},
        {"source": "/ok/:p", "destination": "https://example.com:8443/:p"},
    ]
    found = _run("check", str(_site(tmp_path, moved)))
    assert found.returncode == 1
    errors = [line for line in found.stdout.splitlines() if "error[redirect-invalid]" in line]
    assert len(errors) == 2 and all("takes its host from the request" in e for e in errors)
    assert "redirects[0]" in errors[0] and "redirects[1]" in errors[1]


def test_a_redirect_that_only_changes_letter_case_is_left_out_with_a_warning(
    tmp_path: Path,
) -> None:
    """Upstash's docs redirect /qStash -> /qstash (Mintlify deploys it); docgen matches paths
    without case, so it would lead to itself: a warning, not a loop that stops the build."""
    moved = [
        {"source": "/Guides/New", "destination": "/guides/new"},
        {"source": "/old-Name", "destination": "/old-name/"},
        {"source": "/old/setup", "destination": "/guides/new#setup"},
    ]
    config = _site(tmp_path, moved)
    out = tmp_path / "site"
    built = _run("build", str(config), "-o", str(out))
    assert built.returncode == 0, built.stderr
    warned = [line for line in built.stderr.splitlines() if "only changes letter case" in line]
    assert len(warned) == 2 and "warning[redirect-loop]" in warned[0]
    assert not (out / "old-Name").exists()
    assert (out / "old" / "setup" / "index.html").is_file()
    redirects_file = (out / "_redirects").read_text()
    assert "/old-Name" not in redirects_file and "/old/setup" in redirects_file
    checked = _run("check", str(config))
    assert checked.returncode == 0 and checked.stdout.count("only changes letter case") == 2


def test_a_source_with_percent_escapes_is_served_where_servers_look(tmp_path: Path) -> None:
    """`/Getting%20Started` (a link's spelling of a space) passes check, and its forwarding page
    is the folder a server looks in once it has decoded the request: `Getting Started/`; a
    source with a query is refused (no static file can answer it)."""
    redirects = [{"source": "/Getting%20Started", "destination": "/guides/new"}]
    config = _site(tmp_path, redirects)
    assert _run("check", str(config)).returncode == 0
    out = tmp_path / "out"
    run = _run("build", str(config), "-o", str(out))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "guides/new" in (out / "Getting Started" / "index.html").read_text()
    assert not (out / "Getting%20Started").exists()
    bad = _site(tmp_path, [{"source": "/old?page=2", "destination": "/guides/new"}])
    run = _run("check", str(bad))
    assert run.returncode == 1 and "[redirect-invalid]" in run.stdout + run.stderr


_PIECES = ["/", "-a", "/b", "-", "/docs", ":p", ":q*", "*", "/x"]  # no letter after a name


@given(
    pieces=st.lists(st.sampled_from(_PIECES), min_size=1, max_size=8),
    fills=st.lists(st.text("/ab-x", max_size=6), min_size=8, max_size=8),
    noise=st.text("/ab-x", max_size=12),
    slash=st.booleans(),
)
@settings(max_examples=400, deadline=None)
def test_the_quick_literal_test_never_rules_out_a_match(
    pieces: list[str], fills: list[str], noise: str, slash: bool
) -> None:
    """The string-search test that spares most links a matching table is only ever a
    shortcut: on paths built to match a source and on random ones, what the table finds is
    what :func:`match` finds."""
    from docgen.config.redirects import _literals_fit, _match_parts, _parts, match

    source = "/" + "".join(pieces)
    built = "".join(
        (fill.replace("/", "") or "v")
        if piece == ":p"
        else fill
        if piece in (":q*", "*")
        else piece
        for piece, fill in zip(pieces, fills, strict=False)
    )
    for path in ("/" + built + ("/" if slash else ""), "/" + noise):
        parts = _parts(source)
        if _match_parts(parts, path) is not None:
            assert _literals_fit(parts, path), (source, path)
            assert match(source, path) == _match_parts(parts, path)


def test_the_lookup_budget_counts_only_sources_a_path_may_match() -> None:
    """docgen serve stops looking after a budget of matching work; sources that string
    searches rule out cost none of it, so serve finds the redirect check finds."""
    from docgen.config.model import Redirect
    from docgen.config.redirects import match, target

    many = [Redirect(f"/:a*/x{i}", "/elsewhere", True, "") for i in range(300)]
    last = Redirect("/:p*/target", "/found/:p*", True, "")
    path = "/" + "seg/" * 120 + "target"
    assert match(last.source, path) is not None  # what check sees
    assert target((*many, last), path) == ("/found/" + "seg/" * 119 + "seg", True)


def test_a_redirect_from_a_page_in_other_letter_case_is_left_out(tmp_path: Path) -> None:
    # docgen's URLs ignore case: the forwarding page /Guides/new would have taken the page's
    # place under another name (a dead sidebar link on case-sensitive hosts).
    config = _site(tmp_path, [{"source": "/Guides/New", "destination": "/"}])
    out = tmp_path / "out"
    check = _run("check", str(config), "--format", "json")
    build = _run("build", str(config), "-o", str(out))
    assert check.returncode == build.returncode == 0, build.stdout + build.stderr
    report = json.loads(check.stdout)
    assert [d["code"] for d in report["diagnostics"]] == ["redirect-conflict"]
    assert "letter case" in build.stdout + build.stderr
    assert (out / "guides" / "new" / "index.html").is_file()
    assert "refresh" not in (out / "guides" / "new" / "index.html").read_text()
    assert not (out / "Guides").exists()


def test_a_redirect_to_no_page_of_the_site_is_a_located_warning(tmp_path: Path) -> None:
    """A docs repo's redirects outlive its pages: 15 of an AI coding assistant's sent readers to
    pages moved into subfolders (a 404 after the hop), and nothing said so."""
    redirects = [
        {"source": "/setup", "destination": "/new"},  # moved: guides/new
        {"source": "/old/telemetry", "destination": "/customize/telemetry#opt-out"},
        {"source": "/fine", "destination": "/guides/new"},
        {"source": "/home", "destination": "/"},
        {"source": "/hop", "destination": "/fine"},  # a chain ending at a page: not this
        {"source": "/out", "destination": "https://example.org/gone"},
        {"source": "/spec", "destination": "/openapi.json"},  # a file: the host's to answer
        {"source": "/beta/:slug*", "destination": "/v2/:slug*"},  # filled in per request
    ]
    config = _site(tmp_path, redirects)
    lines = config.read_text().splitlines()
    at = [n for n, line in enumerate(lines, 1) if '"destination"' in line]
    column = lines[at[0] - 1].index(":") + 3
    for command in ("check", "build"):
        extra = ["-o", str(tmp_path / "o")] if command == "build" else []
        run = _run(command, str(config), *extra)
        found = [
            line for line in (run.stdout + run.stderr).splitlines() if "link-not-found" in line
        ]
        assert found == [
            f"{config}:{at[0]}:{column}: warning[link-not-found]: redirect '/setup' leads to "
            "'/new': the site has no page at '/new'; did you mean '/guides/new'?",
            f"{config}:{at[1]}:{column}: warning[link-not-found]: redirect '/old/telemetry' "
            "leads to '/customize/telemetry#opt-out': the site has no page at "
            "'/customize/telemetry'",
        ], command
    assert (tmp_path / "o" / "setup" / "index.html").is_file()  # still written: a warning


def test_a_destination_naming_an_index_page_leads_to_that_page(tmp_path: Path) -> None:
    """Mintlify's own docs redirect to '/fr/assistant/index': the folder's index page, which
    docgen writes at '/fr/assistant' (as a link to it is read); the forwarding page went to a
    path with no page."""
    redirects = [
        {"source": "/old-guides", "destination": "/guides/index#setup"},
        {"source": "/old-home", "destination": "/index"},
    ]
    config = _site(tmp_path, redirects)
    (tmp_path / "guides" / "index.mdx").write_text("---\ntitle: Guides\n---\n\nAll.\n")
    config.write_text(config.read_text().replace('"guides/new"', '"guides/index", "guides/new"'))
    out = tmp_path / "o"
    run = _run("build", str(config), "-o", str(out))
    assert run.returncode == 0 and "link-not-found" not in run.stderr, run.stderr
    assert "url=../guides/#setup" in (out / "old-guides" / "index.html").read_text()
    lines = (out / "_redirects").read_text().splitlines()
    assert ["/old-guides", "/guides#setup", "301"] in [line.split() for line in lines]
    assert ["/old-home", "/", "301"] in [line.split() for line in lines]


def test_redirects_written_under_the_sites_hosting_folder_are_checked_without_it(
    tmp_path: Path,
) -> None:
    """A site hosted at example.com/docs writes its redirects '/docs/old' -> '/docs/new' (a
    survey tool's 195 of them): the destinations are its pages without the folder."""
    redirects = [
        {"source": f"/docs/old{n}", "destination": "/docs/guides/new"} for n in range(3)
    ] + [{"source": "/docs/gone", "destination": "/docs/guides/gone"}]
    config = _site(tmp_path, redirects)
    run = _run("check", str(config))
    found = [line for line in (run.stdout + run.stderr).splitlines() if "link-not-found" in line]
    assert len(found) == 1 and "no page at '/guides/gone'" in found[0], found


def test_a_destination_a_browser_reads_as_another_host_is_refused(
    tmp_path: Path, page: Any
) -> None:
    """``/\\evil.example/x`` passed as a path on the site and went into ``_redirects``: a static
    host sends it as the Location, and a browser reads a backslash in an http(s) URL as '/'
    (checked here in Chromium), so the site forwarded readers to evil.example."""
    spellings = ["/\\evil.example/x", "/\\/evil.example/x", "\\\\evil.example/x"]
    for spelling in spellings:
        page.goto("about:blank")
        host = page.evaluate("d => new URL(d, 'https://docs.example.com/a/').host", spelling)
        assert host == "evil.example", spelling
    moved = [{"source": f"/go{i}", "destination": d} for i, d in enumerate(spellings)]
    config = _site(tmp_path, [*moved, {"source": "/ok", "destination": "/guides/new"}])
    out = tmp_path / "out"
    for command in ("check", "build"):
        run = _run(command, str(config), *(["-o", str(out)] if command == "build" else []))
        output = run.stdout + run.stderr
        assert run.returncode == 1, output
        refused = [x for x in output.splitlines() if "which a browser reads as '//'" in x]
        assert len(refused) == 3 and all("error[redirect-invalid]" in x for x in refused)
    assert not out.exists()
