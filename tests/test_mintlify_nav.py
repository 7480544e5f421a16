"""Mintlify navigation drawn in built pages: languages (switcher, default at the root),
``global`` links, dropdowns below the tab bar, group ``root`` pages with a ``directory``
listing, and the summary of lower-case frontmatter methods (check and build alike)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from mintlify_sites import PAGES, POLYGLOT, write_site
from refresh_fixtures import run_docgen


def _build(tmp_path: Path, config: dict[str, object], pages: list[str]) -> Path:
    site = tmp_path / "src"
    site.mkdir()
    write_site(site, config, pages)
    result = run_docgen(["build", "docs.json", "-o", str(tmp_path / "out"), "--quiet"], site)
    assert result.returncode == 0, result.stdout + result.stderr
    return tmp_path / "out"


def _html(out: Path, url: str) -> str:
    return (out / url.strip("/") / "index.html").read_text(encoding="utf-8")


def _options(html: str) -> list[tuple[str, str, bool]]:
    pattern = r'<select data-docgen-version aria-label="Language">(.*?)</select>'
    block = re.search(pattern, html, re.S)
    assert block is not None, "no language switcher"
    return [
        (label.strip(), value, bool(selected))
        for value, selected, label in re.findall(
            r'<option value="([^"]*)"( selected)?>([^<]*)', block.group(1)
        )
    ]


def test_languages_switch_to_the_same_page_and_the_default_is_at_the_root(tmp_path: Path) -> None:
    out = _build(tmp_path, POLYGLOT, PAGES)
    french = _html(out, "/fr/guide/install")
    assert '<html lang="fr"' in french
    # Languages in config order, named as their readers write them; each leads to the same
    # page in that language when it exists.
    assert _options(french) == [
        ("Français", "../../../fr/guide/install/", True),
        ("English", "../../../guide/install/", False),
    ]
    english = _html(out, "/cloud")
    assert '<html lang="en"' in english
    # No French counterpart of /cloud: the French landing page.
    assert ("Français", "../fr/start/", False) in _options(english)
    # The site root leads to the default language (listed second), not to the first one.
    root = (out / "index.html").read_text(encoding="utf-8")
    assert 'url=./start/"' in root or 'href="./start/"' in root
    assert "fr/start" not in root
    # The language code is not a breadcrumb (the switcher shows it).
    assert not re.search(r'class="breadcrumbs?"[^>]*>\s*<[^>]*>\s*fr\b', french)


def test_global_links_are_drawn_per_language(tmp_path: Path) -> None:
    out = _build(tmp_path, POLYGLOT, PAGES)
    french, english = _html(out, "/fr/start"), _html(out, "/start")
    for html in (french, english):
        assert 'href="https://status.example.com" rel="noopener noreferrer"' in html
    assert 'href="https://example.com/fr"' in french and "https://example.com/blog" not in french
    assert 'href="https://example.com/blog"' in english and "https://example.com/fr" not in english


def test_dropdowns_below_a_tab_are_links_atop_the_sidebar(tmp_path: Path) -> None:
    out = _build(tmp_path, POLYGLOT, PAGES)
    edge = _html(out, "/edge")
    level = re.search(r'<nav class="sidenav" aria-label="Sections">(.*?)</nav>', edge, re.S)
    assert level is not None
    links = re.findall(r'<a href="([^"]*)"( aria-current="true")?>([^<]*)', level.group(1))
    assert links == [("../cloud/", "", "Cloud"), ("../edge/", ' aria-current="true"', "Edge")]
    # The top tab of the section: "true" (its link leads to the tab's first page, Cloud, not
    # to this one), and "page" on that first page only.
    tabs = re.search(r'<nav class="tabs"(.*?)</nav>', edge, re.S)
    assert tabs is not None and 'href="../cloud/" aria-current="true">Products' in tabs.group(1)
    assert 'href="../cloud/" aria-current="page">Products' in _html(out, "/cloud")
    # The start page has no dropdowns: no such row.
    assert 'class="sidenav" aria-label="Sections"' not in _html(out, "/start")


def test_group_root_pages_show_the_directory_listing(tmp_path: Path) -> None:
    out = _build(tmp_path, POLYGLOT, PAGES)
    help_page = _html(out, "/help")
    listing = re.search(r'<div class="card-group cols-2 directory-listing">(.*?)</div>', help_page)
    assert listing is not None
    cards = re.findall(r'<a class="card" href="([^"]*)"><p class="card-title">([^<]*)', listing[1])
    assert cards == [("../help/billing/", "billing"), ("../help/account/", "Account")]
    assert "About billing." in listing[1]
    # The group title links to its root page, in every page's sidebar.
    assert re.search(r'<a class="nav-group-link[^"]*" href="\.\./help/account/"', help_page)
    # "directory": "none" below the inherited "card": no listing on that root page.
    assert "directory-listing" not in _html(out, "/help/account")
    # A page that is no group's root has none either.
    assert "directory-listing" not in _html(out, "/start")


def test_an_unknown_directory_value_is_an_error(tmp_path: Path) -> None:
    config = {"name": "T", "navigation": {"directory": "grid", "pages": ["start"]}}
    write_site(tmp_path, config, ["start"])
    result = run_docgen(["check", ".", "--format", "json"], tmp_path)
    assert result.returncode == 1
    [error] = json.loads(result.stdout)["diagnostics"]
    assert (error["code"], error["pointer"]) == ("config-invalid", "/navigation/directory")


def test_lower_case_methods_are_one_warning_with_a_count(tmp_path: Path) -> None:
    spec = {
        "openapi": "3.1.0",
        "info": {"title": "A", "version": "1"},
        "paths": {
            f"/r{n}": {"get": {"summary": f"R{n}", "responses": {"200": {"description": "ok"}}}}
            for n in range(6)
        },
    }
    (tmp_path / "openapi.json").write_text(json.dumps(spec), encoding="utf-8")
    pages = [f"api/r{n}" for n in range(6)]
    config = {"name": "T", "navigation": {"pages": pages}}
    write_site(tmp_path, config, pages)
    for n in range(6):
        page = tmp_path / f"api/r{n}.mdx"
        page.write_text(f"---\ntitle: R{n}\nopenapi: get /r{n}\n---\n", encoding="utf-8")
    checked = run_docgen(["check", ".", "--format", "json"], tmp_path)
    built = run_docgen(["build", ".", "-o", str(tmp_path / "out")], tmp_path)
    assert checked.returncode == 0 and built.returncode == 0
    [warning] = [d for d in json.loads(checked.stdout)["diagnostics"] if d["level"] == "warning"]
    assert warning["code"] == "nav-method-case"
    assert (warning["file"], warning["line"], warning["column"]) == (
        "api/r0.mdx",
        3,
        1,
    )  # the openapi: line
    assert "6 pages" in warning["message"] and "and 2 more" in warning["message"]
    assert "api/r1.mdx, api/r2.mdx, api/r3.mdx" in warning["message"]
    printed = (built.stdout + built.stderr).splitlines()
    lines = [line for line in printed if "nav-method-case" in line]
    assert lines == [f"api/r0.mdx:3:1: warning[nav-method-case]: {warning['message']}"]


def test_hidden_tabs_and_groups_are_not_drawn_but_built(tmp_path: Path) -> None:
    config = {"name": "T", "navigation": {"tabs": [
        {"tab": "Docs", "groups": [
            {"group": "Shown", "pages": ["start"]},
            {"group": "Secret", "hidden": True, "pages": ["secret"]},
        ]},
        {"tab": "Old", "hidden": True, "groups": [{"group": "O", "pages": ["old"]}]},
        {"tab": "New", "groups": [{"group": "N", "pages": ["new"]}]},
    ]}}  # fmt: skip
    out = _build(tmp_path, config, ["start", "secret", "old", "new"])
    start = _html(out, "/start")
    tabs = re.search(r'<nav class="tabs"(.*?)</nav>', start, re.S)
    assert tabs is not None and ">New<" in tabs.group(1) and ">Old<" not in tabs.group(1)
    assert "Secret" not in start and "../secret/" not in start
    # Hidden elements' pages are still built; on its own page a hidden tab is shown, active.
    old = _html(out, "/old")
    assert re.search(r'aria-current="page">Old<', old)
    assert (out / "secret" / "index.html").is_file()


def test_lenient_drops_redirects_docgen_cannot_write(tmp_path: Path) -> None:
    config = {
        "name": "T",
        "navigation": {"pages": ["start"]},
        "redirects": [
            {"source": "/old page", "destination": "/start"},
            {"source": "/gone", "destination": "/start"},
            {"source": "/gone", "destination": "https://example.com"},
            {"source": "/start", "destination": "https://example.com"},
        ],
    }
    write_site(tmp_path, config, ["start"])
    strict = run_docgen(["check", ".", "--format", "json"], tmp_path)
    assert strict.returncode == 1
    found = [
        (d["level"], d["code"], d["pointer"]) for d in json.loads(strict.stdout)["diagnostics"]
    ]
    assert sorted(found) == [
        ("error", "redirect-conflict", "/redirects/2/source"),
        ("error", "redirect-invalid", "/redirects/0/source"),
        ("warning", "redirect-conflict", "/redirects/3/source"),  # a page: the redirect wins
    ]
    lenient = run_docgen(["build", ".", "--lenient", "-o", str(tmp_path / "out")], tmp_path)
    assert lenient.returncode == 0, lenient.stderr
    assert "warning[redirect-invalid]" in lenient.stdout + lenient.stderr
    assert "(--lenient: dropped)" in lenient.stdout + lenient.stderr
    assert not (tmp_path / "out" / "old page").exists()
    # The first redirect of a source wins; a redirect wins over a page, as on Mintlify; a
    # forwarding page leads to the end of its chain (/gone -> /start -> example.com).
    assert "url=https://example.com" in (tmp_path / "out" / "gone" / "index.html").read_text()
    assert "url=https://example.com" in (tmp_path / "out" / "start" / "index.html").read_text()


def test_a_tab_menu_is_a_row_of_links_and_the_tab_leads_to_its_pages(tmp_path: Path) -> None:
    config = {"name": "T", "navigation": {"tabs": [
        {"tab": "Docs", "groups": [{"group": "D", "pages": ["start"]}]},
        {"tab": "Learn", "menu": [
            {"item": "Courses", "href": "https://learn.example.com"},
            {"item": "Guides", "groups": [{"group": "G", "pages": ["guides/one"]}]},
        ]},
    ]}}  # fmt: skip
    out = _build(tmp_path, config, ["start", "guides/one"])
    tabs = re.search(r'<nav class="tabs"(.*?)</nav>', _html(out, "/start"), re.S)
    assert tabs is not None and '<a href="../guides/one/">Learn</a>' in tabs.group(1)
    guide = _html(out, "/guides/one")
    row = re.search(r'<nav class="sidenav" aria-label="Sections">(.*?)</nav>', guide, re.S)
    assert row is not None
    assert 'href="https://learn.example.com" rel="noopener noreferrer" target="_blank">Courses' in (
        row.group(1)
    )
    assert '<a href="../../guides/one/" aria-current="true">Guides</a>' in row.group(1)


def test_a_root_page_also_listed_in_its_group_shows_once(tmp_path: Path) -> None:
    config = {
        "name": "Once",
        "navigation": {
            "groups": [{"group": "Help", "root": "help/index", "pages": ["help/index", "help/faq"]}]
        },
    }
    out = _build(tmp_path, config, ["help/index", "help/faq"])
    sidebar = _html(out, "/help/faq").split('id="sidebar"', 1)[1].split("</nav>", 1)[0]
    # The group's title is the link to its root page; the root is not listed again below it.
    assert len(re.findall(r'href="\.\./\.\./help/"|href="\.\./"', sidebar)) == 1, sidebar
    assert "faq" in sidebar


def test_the_version_is_not_a_breadcrumb(tmp_path: Path) -> None:
    config = {
        "name": "Versioned",
        "navigation": {
            "versions": [
                {"version": "v2", "default": True, "groups": [
                    {"group": "Start", "pages": ["v2/start"]}]},
                {"version": "v1", "groups": [{"group": "Start", "pages": ["v1/start"]}]},
            ]
        },
    }  # fmt: skip
    out = _build(tmp_path, config, ["v2/start", "v1/start"])
    for url, version in (("/v2/start", "v2"), ("/v1/start", "v1")):
        html = _html(out, url)
        trail = re.search(r'<nav class="breadcrumbs"[^>]*>\s*<ol>(.*?)</ol>', html, re.S)
        assert trail is not None, url
        assert re.findall(r"<li>([^<]*)</li>", trail.group(1)) == ["Start"]
        # The version switcher still says which version the page is in.
        assert re.search(rf'<option value="[^"]*" selected>{version}</option>', html), url


def _spec(lang: str, href: str) -> dict[str, object]:
    operation = {
        "summary": "发送对话消息",  # no ASCII: docgen's own slug would be the operationId
        "operationId": "send",
        "tags": ["对话消息"],
        "x-mint": {"href": href},
        "responses": {"200": {"description": "OK"}},
    }
    stop = {"summary": "停止 ID", "tags": ["对话消息"], "responses": {"200": {"description": "OK"}}}
    return {
        "openapi": "3.1.0",
        "info": {"title": lang, "version": "1"},
        "paths": {"/chat": {"post": operation}, "/stop": {"post": stop}},
    }


def test_x_mint_href_is_the_operation_page_url(tmp_path: Path) -> None:
    """Mintlify's ``x-mint: {href: /path}`` gives an operation's page its URL: two languages'
    specs in the default directory no longer collide, and links written to those URLs resolve.
    An href that is not a path of the site is a warning at its place in the spec."""
    site = tmp_path / "src"
    site.mkdir()
    languages = []
    for lang in ("zh", "ja"):
        (site / lang).mkdir()
        spec = _spec(lang, f"/{lang}/api-reference/chat/send/")
        (site / lang / "openapi.json").write_text(json.dumps(spec, indent=1), encoding="utf-8")
        (site / lang / "index.mdx").write_text(
            f"---\ntitle: {lang}\n---\n\nSee [send](/{lang}/api-reference/chat/send).\n",
            encoding="utf-8",
        )
        group = {"group": "API", "openapi": f"{lang}/openapi.json", "pages": ["POST /chat"]}
        languages.append(
            {"language": lang, "groups": [{"group": "G", "pages": [f"{lang}/index"]}, group]}
        )
    config = {"name": "X", "navigation": {"languages": languages}}
    (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    result = run_docgen(["check", "docs.json", "--format", "json"], site)
    report = json.loads(result.stdout)
    assert result.returncode == 0 and report["diagnostics"] == [], report["diagnostics"]
    urls = {page["url"] for page in report["pages"]}
    assert {"/zh/api-reference/chat/send", "/ja/api-reference/chat/send"} <= urls
    spec = _spec("zh", "zh/api-reference/chat/send")
    (site / "zh" / "openapi.json").write_text(json.dumps(spec, indent=1), encoding="utf-8")
    result = run_docgen(["check", "docs.json"], site)
    assert "zh/openapi.json:" in result.stdout + result.stderr
    assert "x-mint href 'zh/api-reference/chat/send' is not a path" in result.stdout + result.stderr


def test_a_run_that_fails_only_on_what_mintlify_forgives_names_lenient(tmp_path: Path) -> None:
    config = {
        "name": "T",
        "navigation": {"pages": ["start", "missing"]},
        "redirects": [{"source": "/old#part", "destination": "/start"}],
    }
    write_site(tmp_path, config, ["start"])
    for command in (["check", "."], ["build", ".", "-o", str(tmp_path / "out")]):
        found = run_docgen(command, tmp_path)
        assert found.returncode == 1
        assert "hint: all errors are ones Mintlify only warns about; --lenient" in found.stderr
    passed = run_docgen(["check", ".", "--lenient"], tmp_path)
    assert passed.returncode == 0 and "hint:" not in passed.stderr
    (tmp_path / "bad.mdx").write_text("---\ntitle: [\n---\n\nBroken.\n")
    pages = {"pages": ["start", "missing", "bad"]}
    write_site(tmp_path, {**config, "navigation": pages}, ["start"])
    mixed = run_docgen(["check", "."], tmp_path)  # a page Mintlify cannot read either
    assert "hint: 2 of the 3 errors are ones Mintlify only warns about" in mixed.stderr
