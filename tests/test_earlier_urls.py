"""Endpoint pages' earlier URLs: docgen made one hyphen of a spaced dash and kept the words of
a ``{...}`` before it followed Mintlify's rule (``Client API - Display`` ->
``client-api--display``). Sites built then were bookmarked and indexed at the earlier URLs: each
one no page, redirect or file takes gets a forwarding page and a ``_redirects`` line, and
``docgen serve`` answers it, as for a config redirect. Real files, the real CLI and server."""

from __future__ import annotations

import http.client
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from docgen.nav.slugs import earlier_name_slug, name_slug, slugify

# Tags and summaries of real specs: (text, docgen's URL part until 2026-11-27, on 2026-11-27,
# and now, by Mintlify's rule).
REAL = [
    # a survey tool's tags and summaries (Mintlify's URLs: /api-reference/client-api--display/)
    ("Client API - Display", "client-api-display", "client-api-display", "client-api--display"),
    (
        "Management API - Surveys - Contact Links",
        "management-api-surveys-contact-links",
        "management-api-surveys-contact-links",
        "management-api--surveys--contact-links",
    ),
    # a wallet platform's analytics summaries
    (
        "Trails Analytics - Big Numbers",
        "trails-analytics-big-numbers",
        "trails-analytics-big-numbers",
        "trails-analytics--big-numbers",
    ),
    # a payments API's summaries (a path parameter; a line break)
    (
        "GET /discounts/{discount_id}",
        "get-discounts-discount-id",
        "get-discountsdiscount-id",
        "get-discounts",
    ),
    (
        "POST /discounts\nIf `code` is omitted",
        "post-discounts-if-code-is-omitted",
        "post-discounts-if-code-is-omitted",
        "post-discountsif-code-is-omitted",
    ),
    # a search engine's summaries
    (
        "Get filterableAttributes",
        "get-filterable-attributes",
        "get-filterableattributes",
        "get-filterableattributes",
    ),
    ("Get user's key", "get-user-s-key", "get-users-key", "get-users-key"),
]


def test_the_earlier_rules_give_the_urls_docgen_gave() -> None:
    assert [(slugify(t), earlier_name_slug(t), name_slug(t)) for t, *_ in REAL] == [
        tuple(urls) for _, *urls in REAL
    ]


def _op(summary: str, tag: str) -> dict[str, Any]:
    return {"summary": summary, "tags": [tag], "responses": {"200": {"description": "ok"}}}


def _site(root: Path, redirects: list[dict[str, str]] | None = None) -> Path:
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "Surveys", "version": "1"},
        "paths": {
            "/displays": {"post": _op("Create Display", "Client API - Display")},
            "/links": {"get": _op("Get links - for a contact", "Links")},
            # its earlier URL is the other tag's URL now: that page keeps it
            "/a": {"get": _op("List", "Users - Admin")},
            "/b": {"get": _op("List", "Users Admin")},
            # its earlier URL is taken by the config's redirect
            "/c": {"get": _op("Get - one", "Keys")},
            # an href gives the page its URL: no rule ever did
            "/d": {"get": {**_op("Get - two", "Keys"), "x-mint": {"href": "/keys/two"}}},
            # until 2026-11-27: words cut at capitals, and the tag's x-displayName
            "/e": {"get": _op("listMembers", "userGroups")},
        },
        "tags": [{"name": "userGroups", "x-displayName": "Team groups"}],
    }
    (root / "api").mkdir(parents=True)
    (root / "api" / "openapi.json").write_text(json.dumps(spec))
    (root / "index.mdx").write_text(
        "---\ntitle: Home\n---\n\n[old](/api/client-api-display/create-display)\n"
    )
    config: dict[str, Any] = {
        "name": "Surveys",
        "url": "https://docs.example.com",
        "navigation": {
            "groups": [
                {"group": "Home", "pages": ["index"]},
                {"group": "API", "openapi": {"source": "api/openapi.json", "directory": "api"}},
            ]
        },
        "redirects": redirects
        if redirects is not None
        else [{"source": "/api/keys/get-one", "destination": "/index"}],
    }
    (root / "docs.json").write_text(json.dumps(config))
    return root / "docs.json"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "docgen", *args], capture_output=True, text=True, check=False
    )


def _findings(run: subprocess.CompletedProcess[str]) -> list[str]:
    lines = (run.stdout + run.stderr).splitlines()
    return sorted(line for line in lines if "[" in line and "]:" in line)


def test_each_earlier_url_no_page_or_redirect_takes_forwards_to_its_page(
    tmp_path: Path,
) -> None:
    config = _site(tmp_path / "src")
    out = tmp_path / "out"
    build = _run("build", str(config), "-o", str(out))
    assert build.returncode == 0, build.stderr
    lines = [x.split() for x in (out / "_redirects").read_text().splitlines()]
    assert [x for x in lines if x[0] != "#"] == [
        ["/api/keys/get-one", "/", "301"],
        [
            "/api/client-api-display/create-display",
            "/api/client-api--display/create-display",
            "301",
        ],
        ["/api/links/get-links-for-a-contact", "/api/links/get-links--for-a-contact", "301"],
        # both "List"s were users-admin/list once, numbered: the second's earlier URL forwards
        ["/api/users-admin/list-2", "/api/users-admin/list", "301"],
        ["/api/team-groups/list-members", "/api/usergroups/listmembers", "301"],
    ]
    page = (out / "api/client-api-display/create-display/index.html").read_text()
    assert '<meta http-equiv="refresh" content="0; url=../../../api/client-api--display/' in page
    assert (
        '<link rel="canonical" href="https://docs.example.com/api/client-api--display/'
        'create-display">' in page
    )
    assert '<meta name="robots" content="noindex">' in page
    # "Users - Admin"'s earlier URL is "Users Admin"'s page: it stays that page
    assert "List" in (out / "api/users-admin/list/index.html").read_text()
    assert (out / "api/users--admin/list/index.html").is_file()
    assert not (out / "api/keys/get-two").exists()
    # the earlier URLs are no pages: not in the sitemap or the manifest
    assert "client-api-display" not in (out / "sitemap.xml").read_text()
    manifest = json.loads((out / "_docgen/manifest.json").read_text())
    assert all("client-api-display" not in page["url"] for page in manifest["pages"])
    # a link of the site's own pages to an earlier URL is pointed at the page, no finding
    check = _run("check", str(config))
    assert _findings(check) == _findings(build)
    assert not [x for x in _findings(check) if "link-not-found" in x]
    home = (out / "index.html").read_text()
    assert "api/client-api--display/create-display" in home
    assert "api/client-api-display/create-display" not in home


def test_a_pattern_redirect_takes_the_earlier_urls_it_matches(tmp_path: Path) -> None:
    config = _site(
        tmp_path / "src", [{"source": "/api/client-api-display/:slug*", "destination": "/index"}]
    )
    out = tmp_path / "out"
    assert _run("build", str(config), "-o", str(out)).returncode == 0
    sources = [x.split()[0] for x in (out / "_redirects").read_text().splitlines()]
    assert "/api/client-api-display/create-display" not in sources
    assert "/api/links/get-links-for-a-contact" in sources


def test_docgen_serve_forwards_an_earlier_url(tmp_path: Path) -> None:
    from serving import docgen_serve

    process, url = docgen_serve(_site(tmp_path / "src"), "--no-watch")
    try:
        host, port = url.removeprefix("http://").split(":")

        def get(path: str) -> tuple[int, str | None, str]:
            connection = http.client.HTTPConnection(host, int(port), timeout=10)
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read().decode()
            connection.close()
            return response.status, response.getheader("Location"), body

        old = "/api/client-api-display/create-display"
        # as a static host answers it, and as a config redirect's forwarding page is served
        assert get(old)[:2] == (308, "create-display/")
        status, _, page = get(old + "/")
        assert status == 200
        assert 'content="0; url=../../../api/client-api--display/create-display/"' in page
        assert get("/api/client-api--display/create-display/")[0] == 200
        assert "Moved" not in get("/api/users-admin/list/")[2]  # another page's URL now
    finally:
        process.stop()
