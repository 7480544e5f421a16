"""A spec from a pull request cannot make a request sample read the reader's files: each
sample (the page's, and the playground's once the reader has typed) is run for real with
bash, Python and Node.js against an API on 127.0.0.1, in a folder holding a secret file, and
no byte of it reaches the API.

curl reads files where its options say ``@``: ``--form`` ends a part's name at the first
``=`` (a field ``a=@secret;x`` is that file), reads ``;headers=@file`` after a ``type=``,
starts a nested form at ``(``; ``--data`` reads ``@file``. curl reads ``{a,b}`` and ``[1-3]``
in a URL as several URLs (a server ``https://api.x{,.evil.example}`` sends the reader's key
to a second host)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from refresh_fixtures import run_docgen
from test_playground_forms import _samples as page_samples
from test_playground_wire import _open, _parts, _serve
from test_samples_wire import FILE, LANGS, _run
from test_samples_wire import _samples as live_samples
from upstream import Upstream, running_upstream

SECRET = b"SECRET-OF-THE-READER"
EVIL = "meta=@secret.txt;filename=a;x"  # curl: part "meta" holding the file secret.txt
SPEC = """\
openapi: 3.1.0
info: {{title: Hostile, version: "1"}}
servers: [{{url: "{upstream}"}}]
paths:
  /upload:
    post:
      summary: Upload
      requestBody:
        content:
          multipart/form-data:
            schema:
              type: object
              properties:
                "{evil}": {{type: object, properties: {{a: {{type: string}}}}}}
                doc: {{type: string}}
                nest: {{type: string}}
                file: {{type: string, format: binary}}
            example: {{"{evil}": {{a: "1"}}, doc: hi, nest: "(x"}}
            encoding:
              doc: {{contentType: "text/plain;headers=@secret.txt"}}
              nest: {{contentType: "text/plain; charset=utf-8"}}
              file: {{contentType: "image/png;headers=@secret.txt"}}
      responses: {{"200": {{description: ok}}}}
  /items/[1-3]:
    get:
      summary: Items
      parameters: [{{name: q, in: query, schema: {{type: string}}, example: a}}]
      responses: {{"200": {{description: ok}}}}
  /note:
    post:
      summary: Note
      requestBody:
        content:
          text/plain:
            schema: {{type: string}}
            example: "@secret.txt"
      responses: {{"200": {{description: ok}}}}
"""


def _folder(root: Path) -> Path:
    """Where a reader runs a sample: their file, and a secret beside it."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "secret.txt").write_bytes(SECRET)
    return root


def _sent(lang: str, code: str, api: Upstream, cwd: Path) -> list[tuple[str, str, bytes]]:
    seen = _run(lang, code, api, cwd)
    assert SECRET not in seen.body and SECRET not in json.dumps(seen.headers).encode(), lang
    # (the standard library's parser writes a parameter's value in quotes)
    return [(n, k.replace('"', ""), d) for n, k, d in _parts(seen)]


def _expected(curl: bool) -> list[tuple[str, str, bytes]]:
    """The parts a sample sends: curl cannot name the part with '=' (and says so), nor
    give a part's type parameters; the others send the spec's types as written."""
    named = [] if curl else [(EVIL, "application/json", b'{"a": "1"}')]
    typed = "text/plain" if curl else "text/plain; charset=utf-8"
    return [
        *named,
        ("doc", "", b"hi"),  # its contentType is no media type: left out
        ("nest", typed, b"(x"),
        ("file", "application/octet-stream", FILE),
    ]


def test_page_samples_send_no_file_a_spec_names(tmp_path: Path) -> None:
    with running_upstream() as api:
        root = tmp_path / "site"
        root.mkdir()
        (root / "openapi.yaml").write_text(SPEC.format(upstream=api.url, evil=EVIL))
        config = {
            "name": "H",
            "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
        }
        (root / "docs.json").write_text(json.dumps(config))
        result = run_docgen(["build", "docs.json", "-o", "out"], root)
        assert result.returncode == 0, result.stdout + result.stderr
        samples = page_samples(root / "out" / "api" / "upload" / "index.html")
        cwd = _folder(tmp_path / "reader")
        for lang in LANGS:
            got = [
                (n, "application/octet-stream" if n == "file" else k, d)
                for n, k, d in _sent(lang, samples[lang], api, cwd)
            ]
            assert got == _expected(lang == "curl"), lang
        assert samples["curl"].startswith("# not sent: curl cannot name a form part")
        text = page_samples(root / "out" / "api" / "note" / "index.html")
        for lang in LANGS:
            assert _run(lang, text[lang], api, cwd).body == b"@secret.txt", lang
        text = page_samples(root / "out" / "api" / "items" / "index.html")
        assert _run("curl", text["curl"], api, cwd).path == "/items/[1-3]"


@pytest.fixture(scope="module")
def api() -> Any:
    with running_upstream() as upstream:
        yield upstream


def test_playground_samples_send_no_file_a_spec_names(
    page: Any, api: Upstream, tmp_path: Path
) -> None:
    process, url = _serve(
        tmp_path / "site", SPEC.format(upstream=api.url, evil=EVIL), examples={"prefill": True}
    )
    try:
        cwd = _folder(tmp_path / "reader")
        _open(page, url + "/api/upload/")
        page.set_input_files(
            '[data-param="body:file"]',
            files=[{"name": "example-file", "mimeType": "image/png", "buffer": FILE}],
        )
        live = live_samples(page)
        got = _sent("curl", live["curl"], api, cwd)
        assert live["curl"].startswith("# not sent: curl cannot name a form part")
        assert [(n, k) for n, k, _ in got][:2] == [("doc", ""), ("nest", "text/plain")]
        assert [n for n, _, _ in got] == ["doc", "nest", "file"]
        _open(page, url + "/api/note/")
        page.fill("textarea[data-pg-body]", "@secret.txt")  # as the reader types it
        live = live_samples(page)
        seen = _run("curl", live["curl"], api, cwd)
        assert seen.body == b"@secret.txt"
        _open(page, url + "/api/items/")
        page.fill('[data-param="query:q"]', "b")
        live = live_samples(page)
        assert _run("curl", live["curl"], api, cwd).path == "/items/[1-3]"
        # Copy as curl writes its own command, with the same care
        page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url)
        for slug, path in (("upload", "/upload"), ("items", "/items/[1-3]")):
            _open(page, url + f"/api/{slug}/")
            page.click("[data-pg-curl]")
            page.wait_for_selector("[data-pg-curl].copied")
            copied = page.evaluate("navigator.clipboard.readText()")
            assert _run("curl", copied, api, cwd).path == path, copied
            if slug == "upload":
                sent = api.api_requests()[-1]
                assert (
                    SECRET not in sent.body and b"SECRET" not in json.dumps(sent.headers).encode()
                )
    finally:
        process.stop()


SCHEMES_SPEC = """\
openapi: 3.1.0
info: {title: Schemes, version: "1"}
servers: [{url: "{scheme}://127.0.0.1:6379/", variables: {scheme: {default: gopher}}}]
paths:
  /items:
    get:
      summary: Items
      servers: [{url: "file:///etc/passwd?"}, {url: "localhost:8080/v1"}]
      responses: {"200": {description: ok}}
  /more:
    get:
      summary: More
      servers:
        - url: "javascript:1/alert(document.domain)//"
        - {url: "{s}://127.0.0.1:6379/", variables: {s: {default: https, enum: [https, dict]}}}
        - url: "api.example.com:8443/v2"
      responses: {"200": {description: ok}}
"""


def test_a_server_url_of_another_scheme_is_left_out_with_a_warning(tmp_path: Path) -> None:
    """curl follows gopher://, dict://, file://...: a spec's server
    'gopher://127.0.0.1:6379/_FLUSHALL' made the page's curl sample talk to the reader's own
    Redis. Such a server is left out of the pages, with a warning at its URL (check and
    build); host:port is curl's http."""
    root = tmp_path / "site"
    root.mkdir()
    (root / "openapi.yaml").write_text(SCHEMES_SPEC)
    config = {
        "name": "S",
        "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
    }
    (root / "docs.json").write_text(json.dumps(config))
    for command in (["check", "docs.json"], ["build", "docs.json", "-o", "out"]):
        result = run_docgen(command, root)
        assert result.returncode == 0, result.stdout + result.stderr
        output = result.stdout + result.stderr
        said = [line for line in output.splitlines() if "link-unsafe" in line]
        assert [line.split(": warning")[0] for line in said] == [
            "openapi.yaml:3:17",
            "openapi.yaml:8:23",
            "openapi.yaml:14:16",  # "host:port" is a host name with a dot, or localhost
            "openapi.yaml:15:17",  # a variable's enum value, not only its default
        ], result.stderr
    page = (root / "out" / "api" / "items" / "index.html").read_text()
    samples = page_samples(root / "out" / "api" / "items" / "index.html")
    assert "localhost:8080/v1/items" in samples["curl"]
    assert "gopher" not in page and "file:" not in page
    more = page_samples(root / "out" / "api" / "more" / "index.html")
    assert "api.example.com:8443/v2/more" in more["curl"] and "javascript" not in more["curl"]


def test_a_long_sample_language_is_quoted_shortened(tmp_path: Path) -> None:
    """api.examples.languages names a language docgen does not write: the info line quoted a
    100,000-character name whole (a 100 KB line in CI's log); now its start and end."""
    root = tmp_path / "site"
    root.mkdir()
    (root / "openapi.yaml").write_text(SCHEMES_SPEC.replace("gopher", "https"))
    long = "q" * 100_000
    config = {
        "name": "L",
        "api": {"examples": {"languages": [long, "z" + long]}},
        "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
    }
    (root / "docs.json").write_text(json.dumps(config))
    result = run_docgen(["check", "docs.json"], root)
    said = [line for line in (result.stdout + result.stderr).splitlines() if "languages[" in line]
    assert len(said) == 2 and max(map(len, said)) < 300, [len(line) for line in said]


FENCE_SPEC = """\
openapi: 3.1.0
info: {title: F, version: "1"}
servers: [{url: "https://api.example.com"}]
paths:
  /items:
    post:
      summary: Items
      requestBody:
        content:
          application/json:
            schema:
              type: object
              properties:
                "a`\\n\\n# Injected by name\\n\\n`b":
                  type: string
                  default: "x`\\n\\n# Injected by default\\n"
                  enum: ["e`\\n\\n# Injected by enum\\n"]
      x-codeSamples:
        - lang: "bash\\n# Injected by lang"
          source: "echo hi\\n````\\n# Injected by source\\n"
      responses: {"200": {description: ok}}
"""


def test_a_sample_holding_a_fence_stays_one_code_block_in_the_markdown_twin(
    tmp_path: Path,
) -> None:
    """The page's Markdown twin (for AI tools) wrote a sample inside three backticks: an
    ``x-codeSamples`` source holding four closed the block, and a ``lang`` holding a line
    break ended the info string, so '# Injected' read as the twin's own heading; a field's
    name, default or enum value holding a line break did the same."""
    from markdown_it import MarkdownIt

    root = tmp_path / "site"
    root.mkdir()
    (root / "openapi.yaml").write_text(FENCE_SPEC)
    config = {
        "name": "F",
        "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
    }
    (root / "docs.json").write_text(json.dumps(config))
    result = run_docgen(["build", "docs.json", "-o", "out"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    twin = (root / "out" / "api" / "items.md").read_text("utf-8")
    tokens = MarkdownIt("commonmark").parse(twin)
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert not [h for h in headings if "Injected" in h], headings
    (fence,) = [t for t in tokens if t.type == "fence"]
    assert fence.content.rstrip("\n") == "echo hi\n````\n# Injected by source"
    assert fence.info == "bash"  # the lang without its line break
    assert "`a` # Injected by name `b`" in twin  # one code span, on the field's line


def test_a_summary_with_line_breaks_stays_one_entry_of_llms_txt(tmp_path: Path) -> None:
    """llms.txt lists each page on one line: a summary 'Items\\n\\n# Injected' (the page's
    title) wrote a heading of its own into it."""
    from markdown_it import MarkdownIt

    root = tmp_path / "site"
    root.mkdir()
    spec = FENCE_SPEC.replace("summary: Items", 'summary: "Items\\n\\n# Injected by summary"')
    (root / "openapi.yaml").write_text(spec)
    config = {
        "name": "F",
        "navigation": {"openapi": {"source": "openapi.yaml", "directory": "api"}},
    }
    (root / "docs.json").write_text(json.dumps(config))
    result = run_docgen(["build", "docs.json", "-o", "out"], root)
    assert result.returncode == 0, result.stdout + result.stderr
    for name in ("llms.txt", "api/items-injected-by-summary.md"):
        tokens = MarkdownIt("commonmark").parse((root / "out" / name).read_text("utf-8"))
        found = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
        assert not [h for h in found if h.startswith("Injected")], (name, found)
