"""Search ranking in a real headless Chromium: a page titled what the reader typed comes first
(Pagefind ranks by words, not titles), an endpoint is found by its path, method and path, or
operationId, a site with versions searches the reader's version only, and a section's excerpt does
not repeat its heading."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from mintlify_sites import write_site
from refresh_fixtures import run_docgen
from serving import serve_folder


def _build(folder: Path, args: list[str]) -> Path:
    out = folder.parent / f"{folder.name}-out"
    result = run_docgen(["build", *args, "-o", str(out), "--quiet"], folder)
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def _results(tab: Any, query: str) -> list[tuple[str, str]]:
    """(path, title) of each page the dialog shows for ``query``, in order."""
    if not tab.locator("dialog[open]").count():
        tab.keyboard.press("Control+k")
        tab.wait_for_selector("dialog[open]")
    tab.wait_for_function(
        "() => !/Loading/.test(document.querySelector('[data-docgen-search-status]').textContent)"
    )
    tab.evaluate(
        "() => { document.querySelector('[data-docgen-search-status]').textContent = ''; }"
    )
    tab.locator("#search-input").fill(query)
    tab.wait_for_function(
        "() => / found\\.$|^No results/.test("
        "document.querySelector('[data-docgen-search-status]').textContent)"
    )
    found: list[list[str]] = tab.locator("#search-results li.search-result").evaluate_all(
        """els => els.map(li => [new URL(li.querySelector('a.search-result-page').href).pathname,
                                 li.querySelector('.search-result-title').textContent])"""
    )
    return [(path, title) for path, title in found]


def _tab(browser: Any) -> Any:
    tab = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.errors = errors
    return tab


def test_a_page_titled_as_the_query_comes_first(browser: Any, tmp_path: Path) -> None:
    # Pagefind alone puts the pages whose longer titles and bodies repeat the words first.
    folder = tmp_path / "site"
    folder.mkdir()
    pages = {
        "exact": ("List organization repositories", "Lists the repositories of one org. " * 3),
    }
    for n in range(12):
        words = "list organization repositories " * 6
        pages[f"decoy{n}"] = (
            f"Add repository {n} to the list of repositories of an organization list",
            f"{words} Repository list for the organization.",
        )
    for name, (title, body) in pages.items():
        (folder / f"{name}.mdx").write_text(f"---\ntitle: {title}\n---\n\n{body}\n")
    config = {"name": "T", "navigation": {"groups": [{"group": "G", "pages": ["index", *pages]}]}}
    write_site(folder, config, ["index"])
    out = _build(folder, ["docs.json"])
    with serve_folder(out) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/")
        assert _results(tab, "List organization repositories")[0] == (
            "/exact/",
            "List organization repositories",
        )
        # Every word of the title, in another order and case.
        assert _results(tab, "repositories organization LIST")[0][0] == "/exact/"
        assert tab.errors == []
        tab.context.close()


_SPEC = {
    "openapi": "3.0.3",
    "info": {"title": "Issues", "version": "1"},
    "paths": {
        "/repos/{owner}/{repo}/issues": {
            "get": {"operationId": "issues/list-for-repo", "summary": "List repository issues"},
            "post": {"operationId": "issues/create", "summary": "Create an issue"},
        },
        **{
            f"/repos/{{owner}}/{{repo}}/issues/{{issue_number}}/{part}": {
                "post": {
                    "operationId": f"issues/add-{part}",
                    "summary": f"Add {part} to an issue",
                    "description": "Repos, owner, repo, issues: an issue of the repos. " * 4,
                }
            }
            for part in ("labels", "assignees", "reactions", "comments", "events", "locks")
        },
    },
}


def test_an_endpoint_is_found_by_path_method_and_operation_id(browser: Any, tmp_path: Path) -> None:
    folder = tmp_path / "spec"
    folder.mkdir()
    for url, path in _SPEC["paths"].items():  # type: ignore[attr-defined]
        for operation in path.values():
            operation["responses"] = {"200": {"description": "OK"}}
            operation["parameters"] = [
                {"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
                for name in ("owner", "repo", "issue_number")
                if "{" + name + "}" in url
            ]
    (folder / "openapi.json").write_text(json.dumps(_SPEC))
    out = _build(folder, ["openapi.json"])
    with serve_folder(out) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/")
        tab.wait_for_load_state("networkidle")  # the home page leads to the first endpoint
        titles = [title for _, title in _results(tab, "/repos/{owner}/{repo}/issues")]
        assert sorted(titles[:2]) == ["Create an issue", "List repository issues"], titles
        assert _results(tab, "post /repos/{owner}/{repo}/issues/")[0][1] == "Create an issue"
        assert _results(tab, "issues/create")[0][1] == "Create an issue"
        # Other parameter names, or a real URL's values for them.
        assert _results(tab, "POST /repos/:owner/:repo/issues")[0][1] == "Create an issue"
        found = _results(tab, "POST /repos/octocat/hello-world/issues/42/labels")
        assert found[0][1] == "Add labels to an issue", found
        assert tab.errors == []
        tab.context.close()


def test_search_keeps_to_the_readers_version(browser: Any, tmp_path: Path) -> None:
    """The same "setup" page in two versions of one tab, and a page in a tab without versions:
    a reader of v2 finds v2's and the unversioned one, a reader of v1 v1's and that one."""
    config = {
        "name": "V",
        "navigation": {"tabs": [
            {"tab": "Docs", "versions": [
                {"version": "v2", "default": True,
                 "groups": [{"group": "G", "pages": ["v2/setup"]}]},
                {"version": "v1", "groups": [{"group": "G", "pages": ["v1/setup"]}]},
            ]},
            {"tab": "Registry", "pages": ["registry/setup"]},
        ]},
    }  # fmt: skip
    folder = tmp_path / "site"
    folder.mkdir()
    write_site(folder, config, ["v2/setup", "v1/setup", "registry/setup"])
    out = _build(folder, ["docs.json"])
    with serve_folder(out) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/v2/setup/")
        assert sorted(p for p, _ in _results(tab, "setup")) == ["/registry/setup/", "/v2/setup/"]
        # The section line leaves the version out, as it does the language.
        crumbs = tab.locator("#search-results .search-result-crumbs").all_inner_texts()
        assert sorted(crumbs) == ["Docs › G", "Registry"], crumbs
        tab.goto(f"{base}/v1/setup/")
        assert sorted(p for p, _ in _results(tab, "setup")) == ["/registry/setup/", "/v1/setup/"]
        assert tab.errors == []
        tab.context.close()


def test_a_sections_excerpt_does_not_repeat_its_heading(browser: Any, served_showcase: str) -> None:
    # Pagefind's excerpt of a section starts with the heading the result shows just above it.
    tab = _tab(browser)
    tab.goto(f"{served_showcase}/guides/pagination/")
    checked = 0
    for query in ("rate limit", "hasMore", "agent"):
        _results(tab, query)
        sections = tab.locator("#search-results a.search-result-section").evaluate_all(
            """els => els.map(a => [a.querySelector('.search-section-title').textContent,
                                    a.querySelector('.search-result-excerpt').textContent])"""
        )
        for title, excerpt in sections:
            if excerpt.strip(" .") != title:  # a section with nothing but its heading
                assert not excerpt.lower().startswith(title.lower()), (query, title, excerpt)
                checked += 1
    assert checked >= 3
    assert tab.errors == []
    tab.context.close()


def test_a_heading_that_says_the_query_leads_to_its_section(browser: Any, tmp_path: Path) -> None:
    # Pagefind alone ranks the pages that repeat the words above the one whose heading says them.
    folder = tmp_path / "site"
    folder.mkdir()
    filler = "Other matters of the guide, said at length. " * 30
    (folder / "guide.mdx").write_text(
        f"---\ntitle: Guide\n---\n\n{filler}\n\n## Listing widgets\n\nCall the list.\n\n"
        f"## Deleting widgets\n\n{filler}\n"
    )
    for n in range(12):
        (folder / f"decoy{n}.mdx").write_text(
            f"---\ntitle: Decoy {n}\n---\n\n" + "Listing of widgets, widgets listing. " * 8 + "\n"
        )
    pages = ["index", "guide", *(f"decoy{n}" for n in range(12))]
    write_site(folder, {"name": "T", "navigation": {"groups": [{"group": "G", "pages": pages}]}},
               ["index"])  # fmt: skip
    out = _build(folder, ["docs.json"])
    with serve_folder(out) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/")
        assert _results(tab, "listing widgets")[0][0] == "/guide/"
        first = tab.locator("#search-results a.search-result-section").first
        assert first.get_attribute("href").endswith("guide/#listing-widgets")
        assert first.locator(".search-section-title").inner_text() == "Listing widgets"
        assert tab.errors == []
        tab.context.close()


def test_a_pages_keywords_find_it(browser: Any, tmp_path: Path) -> None:
    # Mintlify's frontmatter ``keywords``: words readers search for that the page never uses.
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "tokens.mdx").write_text(
        "---\ntitle: Access tokens\nkeywords: [bearer, 'personal access token']\n---\n\n"
        "Create one in the dashboard and send it with each request.\n"
    )
    (folder / "other.mdx").write_text("---\ntitle: Other\n---\n\nNothing of the kind here.\n")
    spec = {
        "openapi": "3.1.0",
        "info": {"title": "A", "version": "1"},
        "paths": {
            "/items": {
                "get": {"summary": "List items", "responses": {"200": {"description": "OK"}}}
            }
        },
    }
    (folder / "openapi.json").write_text(json.dumps(spec))
    (folder / "items.mdx").write_text(  # an operation page written as a file
        "---\nopenapi: GET /items\nkeywords: [inventory]\n---\n"
    )
    config = {
        "name": "T",
        "navigation": {"groups": [{"group": "G", "pages": ["index", "tokens", "other", "items"]}]},
    }
    write_site(folder, config, ["index"])
    out = _build(folder, ["docs.json"])
    with serve_folder(out) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/")
        assert _results(tab, "bearer")[:1] == [("/tokens/", "Access tokens")]
        assert _results(tab, "personal access token")[:1] == [("/tokens/", "Access tokens")]
        assert _results(tab, "inventory")[:1] == [("/items/", "List items")]
        assert not tab.errors


def _first(tab: Any) -> dict[str, Any]:
    """The first result's page link, excerpt (text and marked words) and section links."""
    result: dict[str, Any] = tab.locator("#search-results li.search-result").first.evaluate(
        """li => { const a = li.querySelector('a.search-result-page');
                   const ex = a.querySelector('.search-result-excerpt');
                   return {path: new URL(a.href).pathname,
                           excerpt: ex ? ex.textContent : '',
                           marks: [...(ex ? ex.querySelectorAll('mark') : [])]
                             .map(m => m.textContent),
                           sections: [...li.querySelectorAll('a.search-result-section')]
                             .map(s => decodeURIComponent(new URL(s.href).hash))}; }"""
    )
    return result


def test_a_page_found_by_its_title_alone_shows_its_lead(browser: Any, tmp_path: Path) -> None:
    # Found through search-titles.json, not among Pagefind's first ten results, a page had no
    # line under its title: a guide shows its description, an endpoint its description's first
    # sentence, with the query's words marked.
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "exact.mdx").write_text(
        "---\ntitle: List organization repositories\n"
        "description: Everything one org keeps, listed by name, unlisted ones too.\n---\n\n"
        + "Other matters, said at length. " * 40
        + "\n"
    )
    for n in range(12):
        (folder / f"decoy{n}.mdx").write_text(
            f"---\ntitle: Add repository {n} to the list of an organization\n---\n\n"
            + "list organization repositories " * 6
            + "\n"
        )
    pages = ["index", "exact", *(f"decoy{n}" for n in range(12))]
    write_site(folder, {"name": "T", "navigation": {"groups": [{"group": "G", "pages": pages}]}},
               ["index"])  # fmt: skip
    ok = {"200": {"description": "OK"}}
    spec = {"openapi": "3.0.3", "info": {"title": "Issues", "version": "1"}, "paths": {
        "/issues": {"post": {"summary": "Create an issue", "responses": ok, "description":
            "Opens a new issue. Anyone with pull access can. " + "Other matters. " * 40}},
        **{f"/decoys/{n}": {"post": {"summary": f"Create issue {n} of an issue", "responses": ok,
                                    "description": "Create an issue, create issues. " * 6}}
           for n in range(12)},
    }}  # fmt: skip
    api = tmp_path / "api"
    api.mkdir()
    (api / "openapi.json").write_text(json.dumps(spec))
    with serve_folder(_build(folder, ["docs.json"])) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/")
        assert _results(tab, "List organization repositories")[0][0] == "/exact/"
        first = _first(tab)
        assert first["excerpt"] == "Everything one org keeps, listed by name, unlisted ones too."
        assert first["marks"] == ["listed"]  # where a word starts only
        assert tab.errors == []
        tab.context.close()
    with serve_folder(_build(api, ["openapi.json"])) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/")
        tab.wait_for_load_state("networkidle")
        assert _results(tab, "Create an issue")[0][1] == "Create an issue"
        first = _first(tab)
        assert first["excerpt"] == "Opens a new issue."
        assert first["marks"] == ["issue"]
        assert tab.errors == []
        tab.context.close()


_CJK_PAGES = {
    "pipeline": ("步骤一：创建知识流水线", "这一页讲别的事情。"),
    "errors": ("处理错误与速率限制", "说明。\n\n## 速率限制与配额\n\n每分钟的请求数。"),
    "lesson1": ("第 1 课：什么是工作流", "开始。"),
    "lesson10": ("第 10 课：发布和监控你的 AI 应用", "结束。"),
    "inspector": ("変数インスペクター", "説明。"),
}


def test_part_of_a_cjk_title_or_heading_finds_it(browser: Any, tmp_path: Path) -> None:
    # Chinese and Japanese titles have no spaces: two characters of "处理错误与速率限制" were no
    # title word's start, so only pages whose text repeats them came up.
    folder = tmp_path / "site"
    folder.mkdir()
    for name, (title, body) in _CJK_PAGES.items():
        (folder / f"{name}.mdx").write_text(f"---\ntitle: {title}\n---\n\n{body}\n")
    for n in range(12):
        (folder / f"decoy{n}.mdx").write_text(
            f"---\ntitle: 页面 {n}\n---\n\n" + "流水线 速率限制 配额 第1课 インスペクター " * 8
        )
    pages = ["index", *_CJK_PAGES, *(f"decoy{n}" for n in range(12))]
    write_site(folder, {"name": "T", "navigation": {"groups": [{"group": "G", "pages": pages}]}},
               ["index"])  # fmt: skip
    with serve_folder(_build(folder, ["docs.json"])) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/")
        assert _results(tab, "流水线")[0][0] == "/pipeline/"
        assert _results(tab, "速率限制")[0][0] == "/errors/"
        assert _results(tab, "インスペクター")[0][0] == "/inspector/"
        # As typed, without the title's spaces; lesson 1 before lesson 10.
        assert [p for p, _ in _results(tab, "第1课")[:2]] == ["/lesson1/", "/lesson10/"]
        # Part of a heading: its page, the section first (its anchor is the heading's text).
        assert _results(tab, "配额")[0][0] == "/errors/"
        assert _first(tab)["sections"][0] == "#速率限制与配额"
        assert tab.errors == []
        tab.context.close()


def test_a_title_holding_the_query_comes_before_a_heading_equal_to_it(
    browser: Any, tmp_path: Path
) -> None:
    # "Exit codes" sections of earlier pages came before the page titled "Output formats and
    # exit codes" (DocSearch too ranks a title above a heading).
    folder = tmp_path / "site"
    folder.mkdir()
    for name in ("apps", "auth"):
        (folder / f"{name}.mdx").write_text(
            f"---\ntitle: {name.title()}\n---\n\nAbout {name}.\n\n## Exit codes\n\nZero is fine.\n"
        )
    (folder / "formats.mdx").write_text(
        "---\ntitle: Output formats and exit codes\n---\n\nWhat the commands print.\n"
    )
    pages = ["index", "apps", "auth", "formats"]
    write_site(folder, {"name": "T", "navigation": {"groups": [{"group": "G", "pages": pages}]}},
               ["index"])  # fmt: skip
    with serve_folder(_build(folder, ["docs.json"])) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/")
        assert [p for p, _ in _results(tab, "exit codes")] == ["/formats/", "/apps/", "/auth/"]
        assert tab.errors == []
        tab.context.close()


def test_cjk_words_inside_a_run_of_body_text_find_their_page(browser: Any, tmp_path: Path) -> None:
    # Pagefind indexed "在自己的基础设施上运行" as one word, found only by its start: a reader
    # searching 基础设施 or 宝塔面板 got pages that merely shared a character (dify's docs).
    folder = tmp_path / "site"
    folder.mkdir()
    pages = {
        "deploy": ("部署概览", "你可以在自己的基础设施上运行，或通过宝塔面板安装。"),
        "panel": ("功能", "该功能才会出现在功能**面板**中。"),
        "apart": ("其他", "基本的设置。础石与施工。"),  # 基, 础, 设, 施 apart
        "ja": ("設定", "設定ファイルを編集してください。"),
    }
    for name, (title, body) in pages.items():
        (folder / f"{name}.mdx").write_text(f"---\ntitle: {title}\n---\n\n{body}\n")
    config = {"name": "T", "navigation": {"groups": [{"group": "G", "pages": ["index", *pages]}]}}
    write_site(folder, config, ["index"])
    out = _build(folder, ["docs.json"])
    words = json.loads((out / "_docgen/search-words.json").read_text())
    assert not [w for w in words if any("\u3040" <= c <= "\u9fff" for c in w)]
    with serve_folder(out) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/")
        assert [p for p, _ in _results(tab, "基础设施")] == ["/deploy/"]  # the letters together
        first = _first(tab)
        assert "你可以在自己的基础设施上运行，或通过" in first["excerpt"]
        # Pagefind's spaces between the letters taken out; the title apart from the paragraph
        assert first["excerpt"].split(" ")[-1].startswith("你可以在自己的基础设施上运行，或通过")
        assert first["excerpt"].count(" ") <= 1
        assert first["marks"] == ["基础设施"]
        assert [p for p, _ in _results(tab, "宝塔面板")] == ["/deploy/"]
        assert [p for p, _ in _results(tab, "功能面板中")] == ["/panel/"]  # across <strong>
        assert [p for p, _ in _results(tab, "ファイル")] == ["/ja/"]
        # Letters no page has together: the pages that have them all.
        assert [p for p, _ in _results(tab, "础施")] == ["/deploy/", "/apart/"] or [
            p for p, _ in _results(tab, "础施")
        ] == ["/apart/", "/deploy/"]
        assert tab.errors == []
        tab.context.close()


def test_a_cjk_excerpt_keeps_the_pages_gaps_and_adds_none(browser: Any, tmp_path: Path) -> None:
    # Pagefind gave a block's edge, the page's spaces and docgen's separators back alike as one
    # space: the dialog ran a heading into its paragraph ("平台指南在 AWS"), list items into each
    # other, and set "使用Docker" apart as "使用 Docker" (dify's docs).
    folder = tmp_path / "site"
    folder.mkdir()
    prose = "在 AWS 上部署，使用Docker与Kubernetes。版本v1.2已发布。"
    body = f"## 平台指南\n\n{prose}\n\n- 列表一\n- 列表二\n\n作为子域名（`virtual`）生效。\n"
    (folder / "deploy.mdx").write_text(f"---\ntitle: 部署\n---\n\n{body}")
    config = {"name": "T", "navigation": {"groups": [{"group": "G", "pages": ["index", "deploy"]}]}}
    write_site(folder, config, ["index"])
    out = _build(folder, ["docs.json"])
    with serve_folder(out) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/")
        for query in ("平台指南", "在 AWS", "Docker", "v1.2", "列表二"):
            _results(tab, query)
            text = tab.locator("#search-results").inner_text()
            assert "\u2063" not in text, query
            words = " ".join(text.split())
            assert "平台指南在" not in words, query  # a heading apart from its paragraph
            if query != "列表二":
                assert prose in words, query
        assert "列表一 列表二" in words
        _results(tab, "virtual")  # no space beside punctuation next to inline code
        assert "作为子域名（virtual）生效。" in tab.locator("#search-results").inner_text()
        assert tab.errors == []
        tab.context.close()


def test_a_term_of_known_words_joined_by_punctuation_is_not_corrected(
    browser: Any, tmp_path: Path
) -> None:
    # The typo correction took "Node.js" (no indexed word: the index holds "node") for a typo
    # of "nodes" and showed the pages for "nodes" first (firecrawl's docs, also "Next.js").
    folder = tmp_path / "site"
    folder.mkdir()
    pages = {
        "nodejs": ("Node.js", "Install the SDK with npm and call it from your server."),
        "cluster": ("Cluster", "A cluster has nodes. The nodes share work; add nodes to grow."),
    }
    for name, (title, body) in pages.items():
        (folder / f"{name}.mdx").write_text(f"---\ntitle: {title}\n---\n\n{body}\n")
    config = {"name": "T", "navigation": {"groups": [{"group": "G", "pages": ["index", *pages]}]}}
    write_site(folder, config, ["index"])
    out = _build(folder, ["docs.json"])
    with serve_folder(out) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/")
        _results(tab, "install")  # the dialog open, its index loaded
        status = tab.locator("[data-docgen-search-status]")
        for query, word in (("Node.js", "Node.js"), ("node.js", "node.js"), ("cluzter", "cluster")):
            status.evaluate("s => { s.textContent = ''; }")
            tab.locator("#search-input").fill(query)
            tab.wait_for_function(
                "() => / found\\.$|^No (results|match)/.test("
                "document.querySelector('[data-docgen-search-status]').textContent)"
            )
            assert status.text_content().endswith(f"for “{word}”.") or word == query, query
            first = tab.locator("#search-results .search-result-title").first.text_content()
            assert first == ("Cluster" if word == "cluster" else "Node.js"), query
            if word == query:  # not corrected
                assert not status.text_content().startswith("No match"), status.text_content()
        assert tab.errors == []
        tab.context.close()


def _translated_spec(word: str) -> dict[str, Any]:
    """A spec whose body shows five schemas of 45 fields (each on a shared schema page)."""
    fields = {f"f{n}": {"type": "string", "description": f"{word} {n}"} for n in range(45)}
    body = {
        "type": "object",
        "properties": {
            f"p{n}": {
                "type": "object",
                "properties": {"x": {"$ref": f"#/components/schemas/Big{n}"}},
            }
            for n in range(5)
        },
    }
    return {
        "openapi": "3.0.3",
        "info": {"title": "A", "version": "1"},
        "paths": {
            "/items": {
                "post": {
                    "summary": "Create item",
                    "requestBody": {"content": {"application/json": {"schema": body}}},
                    "responses": {"200": {"description": "OK"}},
                }
            }
        },
        "components": {
            "schemas": {f"Big{n}": {"type": "object", "properties": fields} for n in range(5)}
        },
    }


def test_a_translated_specs_schema_page_is_found_in_its_language(
    browser: Any, tmp_path: Path
) -> None:
    # Each language's spec has its own schema pages, and each was found in every language: an
    # English search for a schema listed it once per translation (firecrawl's docs, six times).
    folder = tmp_path / "site"
    for code, word in (("en", "Field"), ("fr", "Champ")):
        (folder / code).mkdir(parents=True)
        (folder / code / "openapi.json").write_text(json.dumps(_translated_spec(word)))
    languages = [
        {
            "language": code,
            "openapi": {"source": f"{code}/openapi.json", "directory": f"{code}/api"},
            "groups": [{"group": "G", "pages": [f"{code}/index", "POST /items"]}],
        }
        for code in ("en", "fr")
    ]
    write_site(
        folder, {"name": "T", "navigation": {"languages": languages}}, ["en/index", "fr/index"]
    )
    out = _build(folder, ["docs.json"])
    rows = json.loads((out / "_docgen/search-titles.json").read_text())
    schemas = {row[0]: row[6] for row in rows if "/schemas/" in row[0]}
    assert sorted(schemas.values()) == [["en"]] * 5 + [["fr"]] * 5, schemas
    with serve_folder(out) as base:
        tab = _tab(browser)
        tab.goto(f"{base}/en/")
        found = [path for path, _ in _results(tab, "Big0")]
        assert [p for p in found if "/schemas/" in p] == ["/en/api/schemas/big0/"]
        assert tab.errors == []
        tab.context.close()
