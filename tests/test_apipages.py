"""Hand-written API pages (``api: METHOD URL``), MDX content under ``openapi:`` pages, and the
page frontmatter that shapes a page and its sidebar entry (issue 14, part B). Real files, the
real CLI."""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

CREATE = """\
---
title: Create user
description: Creates a user.
api: "POST https://api.example.com/v1/teams/{team}/users"
---

<ParamField path="team" type="string" required>
  The team.
</ParamField>

<ParamField query="notify" type="boolean" default={false}>
  Send an email.
</ParamField>

<ParamField header="X-Trace" type="string">
  A trace id.
</ParamField>

<ParamField body="email" type="string" required>
  The address.
</ParamField>

<ParamField body="profile" type="object">
  The profile.
  <Expandable title="properties">
    <ParamField body="age" type="integer">Age in years.</ParamField>
  </Expandable>
</ParamField>

<ResponseField name="id" type="string" required>
  The new id.
</ResponseField>
"""

SPEC = """\
openapi: 3.1.0
info: {title: T, version: "1"}
servers: [{url: "https://spec.example.com"}]
paths:
  /things:
    get:
      summary: List things
      responses: {"200": {description: OK}}
"""


def _site(root: Path, pages: dict[str, str], **config: Any) -> Path:
    for name, text in pages.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    listed = [n.rsplit(".", 1)[0] for n in pages if n.endswith((".md", ".mdx"))]
    data = {"name": "T", "navigation": {"groups": [{"group": "API", "pages": listed}]}, **config}
    (root / "docs.json").write_text(json.dumps(data))
    return root / "docs.json"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "docgen", *args], capture_output=True, text=True, check=False
    )


def _build(config: Path) -> Path:
    out = config.parent / "_out"
    run = _run("build", str(config), "-o", str(out))
    assert run.returncode == 0, run.stdout + run.stderr
    return out


def _playground(page: str) -> dict[str, Any]:
    start = page.index('data-docgen-playground="') + len('data-docgen-playground="')
    data = json.loads(html.unescape(page[start : page.index('"', start)]))
    assert isinstance(data, dict)
    return data


def test_api_page_has_the_endpoint_header_and_a_playground_from_its_fields(tmp_path: Path) -> None:
    out = _build(_site(tmp_path, {"users/create.mdx": CREATE}))
    page = (out / "users" / "create" / "index.html").read_text()
    assert '<span class="method method-post">POST</span>' in page
    assert "/v1/teams/" in page and 'href="#team">{team}</a>' in page  # linked to its field
    assert "data-docgen-try" in page  # the Try it button
    data = _playground(page)
    assert data["method"] == "POST" and data["path"] == "/v1/teams/{team}/users"
    assert [s["url"] for s in data["servers"]] == ["https://api.example.com"]
    params = {(p["in"], p["name"]): p for p in data["parameters"]}
    assert set(params) == {("path", "team"), ("query", "notify"), ("header", "X-Trace")}
    assert params[("path", "team")]["required"] is True
    assert params[("query", "notify")]["schema"] == {"type": "boolean", "default": False}
    assert params[("query", "notify")]["description"] == "Send an email."
    body = data["body"]
    assert body["mediaType"] == "application/json" and body["required"] is True
    assert body["schema"]["required"] == ["email"]
    assert body["schema"]["properties"]["profile"]["properties"]["age"]["type"] == "integer"
    # The page's own fields are shown once, with the anchors the playground links to.
    for anchor in ("team", "notify", "X-Trace", "email", "profile", "profile.age", "response.id"):
        assert page.count(f'id="{anchor}"') == 1, anchor
    assert {p["anchor"] for p in data["parameters"]} <= {"team", "notify", "X-Trace"}
    assert "section-params-path" not in page  # no second, generated copy of the fields
    assert "curl --request POST" in html.unescape(page)  # request samples from the fields
    twin = (out / "users" / "create.md").read_text()  # the Markdown twin: endpoint first
    assert twin.index("`POST /v1/teams/{team}/users`") < twin.index('<ParamField path="team"')
    assert twin.count("Creates a user.") == 1
    sidebar = page[page.index('class="sidebar"') :]
    assert '<span class="method method-post">POST</span><span class="nav-label">Create user' in (
        sidebar
    )


def test_fields_from_snippets_reach_the_playground(tmp_path: Path) -> None:
    """Shared fields kept in a snippet (``<TeamParams />``, a snippet inside it too) are
    the page's fields: in the playground and shown once with their anchors."""
    page_text = (
        '---\ntitle: Create user\napi: "POST https://api.example.com/v1/teams/{team}/users"\n'
        "---\n\nimport TeamParams from '/snippets/team-params.mdx';\n\n"
        '<TeamParams scope="users" />\n\n'
        '<ParamField body="email" type="string" required>\n  The address.\n</ParamField>\n'
    )
    config = _site(tmp_path, {"users/create.mdx": page_text})
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "team-params.mdx").write_text(
        "import Paging from './paging.mdx';\n\n"
        '<ParamField path="team" type="string" required>\n  The team.\n</ParamField>\n\n'
        "<Paging />\n"
    )
    (tmp_path / "snippets" / "paging.mdx").write_text(
        '<ParamField query="cursor" type="string">\n  Where to start.\n</ParamField>\n'
    )
    out = _build(config)
    page = (out / "users" / "create" / "index.html").read_text()
    data = _playground(page)
    params = {(p["in"], p["name"]): p for p in data["parameters"]}
    assert set(params) == {("path", "team"), ("query", "cursor")}
    assert params[("path", "team")]["required"] is True
    assert params[("query", "cursor")]["description"] == "Where to start."
    assert data["body"]["schema"]["required"] == ["email"]
    for anchor in ("team", "cursor", "email"):
        assert page.count(f'id="{anchor}"') == 1, anchor


def test_request_and_response_examples_go_to_the_example_column(tmp_path: Path) -> None:
    example = (
        "<RequestExample>\n\n```bash cURL\ncurl https://api.example.com/v1/x\n```\n\n"
        "</RequestExample>\n\n<ResponseExample>\n\n```json 200\n{\"ok\": true}\n```\n\n"
        "</ResponseExample>\n"
    )
    pages = {
        "x.mdx": '---\ntitle: X\napi: "GET https://api.example.com/v1/x"\n---\n\nIntro.\n\n'
        + example,
        "guide.mdx": "---\ntitle: Guide\n---\n\nIntro.\n\n" + example,
    }
    out = _build(_site(tmp_path, pages))
    page = (out / "x" / "index.html").read_text()
    aside = page[page.index('class="op-aside"') :]
    content = page[page.index('class="prose op-content"') : page.index('class="op-aside"')]
    assert "Request example" in aside and "Response example" in aside
    assert "Request example" not in content and "Intro." in content
    assert "curl --request" not in html.unescape(page)  # the page's own example replaces it
    guide = (out / "guide" / "index.html").read_text()
    assert "Request example" in guide and "docgen:example" not in guide  # stays inline


def test_path_only_api_uses_api_mdx_server_and_auth(tmp_path: Path) -> None:
    pages = {
        "get.mdx": '---\ntitle: Get\napi: "GET /v1/users/{id}"\n---\n\n'
        '<ParamField path="id" type="integer" required>The id.</ParamField>\n',
        "open.mdx": '---\ntitle: Open\napi: "GET /v1/ping"\nauthMethod: none\n---\n\nPing.\n',
    }
    mdx = {"server": "https://api.example.com/", "auth": {"method": "key", "name": "X-Key"}}
    out = _build(_site(tmp_path, pages, api={"mdx": mdx}))
    data = _playground((out / "get" / "index.html").read_text())
    assert [s["url"] for s in data["servers"]] == ["https://api.example.com"]
    assert data["security"] and "X-Key" in json.dumps(data["security"])
    assert data["parameters"][0]["schema"] == {"type": "integer"}
    assert _playground((out / "open" / "index.html").read_text())["security"] == []


def test_path_only_api_without_a_server_warns_and_shows_no_playground(tmp_path: Path) -> None:
    config = _site(tmp_path, {"get.mdx": '---\ntitle: Get\napi: "GET /v1/x"\n---\n\nX\n'})
    check = _run("check", str(config))
    assert check.returncode == 0
    assert "get.mdx:3:6: warning[page-frontmatter]" in check.stdout + check.stderr
    page = (_build(config) / "get" / "index.html").read_text()
    assert "data-docgen-playground" not in page and "data-docgen-try" not in page
    assert '<span class="method method-get">GET</span>' in page


def test_bad_api_values_are_located_errors_in_check_and_build(tmp_path: Path) -> None:
    pages = {
        "a.mdx": '---\ntitle: A\napi: "FETCH https://x.example.com/a"\n---\n\nA\n',
        "b.mdx": "---\ntitle: B\n\napi: 'GET javascript:alert(1)'\n---\n\nB\n",
    }
    config = _site(tmp_path, pages)
    for command in ("check", "build"):
        run = _run(command, str(config))
        text = run.stdout + run.stderr
        assert run.returncode == 1, text
        assert "a.mdx:3:6: error[page-frontmatter]" in text
        assert "b.mdx:4:6: error[page-frontmatter]" in text
    assert not (tmp_path / "_site").exists()


def test_openapi_page_shows_its_mdx_content_below_the_reference(tmp_path: Path) -> None:
    pages = {
        "openapi.yaml": SPEC,
        "things.mdx": "---\nopenapi: GET /things\n---\n\n## Paging\n\n<Note>Use cursors.</Note>\n",
    }
    config = _site(tmp_path, pages, api={"openapi": "openapi.yaml"})
    page = (_build(config) / "things" / "index.html").read_text()
    assert "List things" in page and 'id="section-responses"' in page
    content = page.index('class="prose op-content"')
    assert content > page.index('id="section-responses"')
    assert "Use cursors." in page[content:] and 'id="paging"' in page[content:]


def test_frontmatter_shapes_the_sidebar_and_the_indexes(tmp_path: Path) -> None:
    pages = {
        "index.mdx": "---\ntitle: Home page\nsidebarTitle: Start\ntag: NEW\nicon: rocket\n---\nA\n",
        "quiet.mdx": "---\ntitle: Quiet\nnoindex: true\n---\n\nB\n",
        "gone.mdx": "---\ntitle: Gone\nhidden: true\n---\n\nC\n",
        "npm.mdx": "---\ntitle: npm package\nurl: https://www.npmjs.com/package/x\n---\n\nD\n",
        "wide.mdx": "---\ntitle: Wide\nmode: wide\ndeprecated: true\n---\n\n## Part\n\nE\n",
    }
    config = _site(tmp_path, pages, url="https://docs.example.com")
    out = _build(config)
    home = (out / "index.html").read_text()
    sidebar = home[home.index('class="sidebar"') :]
    assert '<span class="nav-label">Start</span><span class="nav-tag">NEW</span>' in sidebar
    assert 'data-icon="rocket"' in sidebar and "<h1>Home page <span" in home
    assert 'href="https://www.npmjs.com/package/x" rel="noopener noreferrer"' in sidebar
    assert ">Gone<" not in sidebar and ">Quiet<" in sidebar
    assert "deprecated" in sidebar[sidebar.index(">Wide<") :][:300]
    quiet = (out / "quiet" / "index.html").read_text()
    assert '<meta name="robots" content="noindex">' in quiet
    assert '<meta name="robots"' not in home
    assert '<meta name="robots" content="noindex">' in (out / "gone" / "index.html").read_text()
    wide = (out / "wide" / "index.html").read_text()
    assert "mode-wide" in wide and 'class="toc"' not in wide
    for listing in ("llms.txt", "sitemap.xml"):
        text = (out / listing).read_text()
        assert "quiet" not in text and "gone" not in text and "wide" in text, listing
    words = (out / "_docgen" / "search-words.json").read_text()
    assert "quiet" not in words.lower() and "wide" in words.lower()


def test_mint_json_base_url_and_auth_serve_hand_written_pages(tmp_path: Path) -> None:
    (tmp_path / "get.mdx").write_text('---\ntitle: Get\napi: "GET /v1/users"\n---\n\nX\n')
    mint = {
        "name": "M",
        "api": {"baseUrl": "https://api.example.com", "auth": {"method": "bearer"}},
        "navigation": [{"group": "G", "pages": ["get"]}],
    }
    (tmp_path / "mint.json").write_text(json.dumps(mint))
    out = tmp_path / "_out"
    run = _run("build", str(tmp_path / "mint.json"), "-o", str(out))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "api.baseUrl" not in run.stdout + run.stderr  # used, so not reported as unused
    data = _playground((out / "get" / "index.html").read_text())
    assert [s["url"] for s in data["servers"]] == ["https://api.example.com"]
    assert data["security"][0][0]["kind"] == "bearer"
