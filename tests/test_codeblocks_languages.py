"""docs.json ``styling.codeblocks.languages.custom``: Shiki grammars for languages Shiki lacks.
docgen runs no grammar; one whose name, aliases or scope is a language Pygments has makes code
in every name of it highlighted with that lexer (an info line), one that maps to nothing is a
located warning (its code has no colours), and a missing, broken or outside file a warning at
its entry: never silence, never a failed build."""

from __future__ import annotations

import json
from pathlib import Path

from refresh_fixtures import run_docgen

PAGE = """---
title: Code
---

```cairo
fn main() -> felt252 { let x = 1; x }
```

```zokrates
def main(private field a) -> field { return a * a; }
```

<CodeBlock language="cairo1" filename="lib.cairo">
fn add(a: u32) -> u32 { a + 1 }
</CodeBlock>
"""


def _site(root: Path, custom: list[str], grammars: dict[str, object]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    config = {
        "name": "C",
        "navigation": {"pages": ["index"]},
        "styling": {"codeblocks": {"languages": {"custom": custom}}},
    }
    (root / "docs.json").write_text(json.dumps(config, indent=2))
    (root / "index.mdx").write_text(PAGE)
    for name, grammar in grammars.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(grammar if isinstance(grammar, str) else json.dumps(grammar))
    return root


def _report(root: Path) -> tuple[int, list[tuple[str, str, str, int, int]]]:
    result = run_docgen(["check", ".", "--format", "json"], root)
    assert "Traceback" not in result.stderr
    found = [
        (d["level"], d["code"], d["message"], d["line"], d["column"])
        for d in json.loads(result.stdout)["diagnostics"]
    ]
    return result.returncode, found


def _line(root: Path, text: str) -> int:
    lines = (root / "docs.json").read_text().splitlines()
    return next(n for n, row in enumerate(lines, 1) if text in row)


def _column(root: Path, text: str) -> int:
    line = (root / "docs.json").read_text().splitlines()
    return next(row.index(text) for row in line if text in row) + 1


def test_a_grammar_whose_alias_pygments_has_highlights_its_languages(tmp_path: Path) -> None:
    """``cairo`` (aliases ``cairo1``, ``rust``) was accepted and unused: code in ``cairo`` had
    no colours. Every name of the grammar is highlighted with the lexer one of them names; a
    grammar mapping to nothing is a warning at its entry; code in it stays plain."""
    cairo = {"name": "cairo", "scopeName": "source.cairo", "aliases": ["cairo1", "rust"]}
    zokrates = {"name": "zokrates", "scopeName": "source.zok", "patterns": []}
    root = _site(
        tmp_path / "src",
        ["/languages/cairo.json", "languages/zokrates.tmLanguage.json"],
        {"languages/cairo.json": cairo, "languages/zokrates.tmLanguage.json": zokrates},
    )
    code, found = _report(root)
    assert code == 0
    assert [(level, kind, line) for level, kind, _, line, _ in found] == [
        ("info", "config-unused-key", _line(root, "cairo.json")),
        ("warning", "asset-skipped", _line(root, "zokrates")),
    ]
    assert found[0][2] == (
        "styling.codeblocks.languages.custom[0]: docgen does not run the grammar "
        "'languages/cairo.json'; code in 'cairo', 'cairo1', 'rust' is highlighted with "
        "Pygments' 'rust' lexer"
    )
    assert found[1][2].startswith(
        "styling.codeblocks.languages.custom[1]: code in 'zokrates' is shown without colours"
    )
    out = tmp_path / "out"
    build = run_docgen(["build", ".", "-o", str(out)], root)
    assert build.returncode == 0
    assert build.stderr.count("[asset-skipped]") == 1  # build reports what check does
    html = (out / "index.html").read_text()
    cairo_block = html.split('data-lang="cairo"><code>')[1].split("</code>")[0]
    assert '<span class="k">fn</span>' in cairo_block  # Rust's keyword, in Pygments' class
    component = html.split('data-lang="cairo1"')[1].split("</code>")[0]
    assert '<span class="k">fn</span>' in component
    plain = html.split('data-lang="zokrates"><code>')[1].split("</code>")[0]
    assert "<span" not in plain


def test_a_grammar_file_that_is_missing_broken_or_outside_is_a_warning_at_its_entry(
    tmp_path: Path,
) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({"name": "python"}))
    entries = ["/missing.json", "/broken.json", "/nameless.json", "/link.json",
               "https://x.example/g.json"]  # fmt: skip
    root = _site(
        tmp_path / "src",
        entries,
        {"broken.json": '{"name": ', "nameless.json": {"scopeName": "source.x"}},
    )
    (root / "link.json").symlink_to(outside)
    code, found = _report(root)
    assert code == 0
    got = [(level, kind, column) for level, kind, _, _, column in found]
    assert got == [
        ("warning", "asset-not-found", _column(root, '"/missing.json"')),
        ("warning", "config-invalid", _column(root, '"/broken.json"')),
        ("warning", "config-invalid", _column(root, '"/nameless.json"')),
        ("warning", "asset-skipped", _column(root, '"/link.json"')),
        ("warning", "asset-skipped", _column(root, '"https://')),
    ]
    assert "'broken.json' is not JSON" in found[1][2]
    assert "not a JSON object with a 'name'" in found[2][2]
    assert "outside the docs root" in found[3][2]
    assert run_docgen(["build", ".", "-o", str(tmp_path / "out")], root).returncode == 0


def test_a_grammar_with_thousands_of_names_is_read_in_bounded_work(tmp_path: Path) -> None:
    """security.md item 20: each name was looked up by a scan of every Pygments lexer (0.35 ms),
    so 250,000 aliases in a 1.7 MB grammar took check 77 s, and its info line listed them all;
    a config listing grammars without end read each. Only the first 64 names of a grammar and
    the first 100 grammars are read, each cut said at its entry."""
    aliases = [f"z{i:05d}" for i in range(20_000)] + ["python"]
    grammars = {"many.json": {"name": "q", "aliases": aliases}, "one.json": {"name": "rego"}}
    root = _site(tmp_path, ["many.json"] + ["one.json"] * 100, grammars)
    code, found = _report(root)
    assert code == 0
    cut = [d for d in found if "gives 20,002 names; the first 64 are read" in d[2]]
    assert len(cut) == 1 and cut[0][:2] == ("warning", "config-invalid")
    assert [d[2] for d in found if "at most 100 grammars are read" in d[2]] == [
        "styling.codeblocks.languages.custom: at most 100 grammars are read; the rest are not"
    ]
    assert all(len(d[2]) < 1000 for d in found)


def test_shiki_names_pygments_calls_otherwise_are_highlighted_and_labelled(
    tmp_path: Path,
) -> None:
    """Mintlify highlights with Shiki, whose names (``kt``, ``cjs``, ``erl``, ``hbs``,
    ``fortran-fixed-form``...) Pygments calls otherwise or by another language ("erl" is
    Erlang's shell there, "v" Verilog): fences in them had no colours or the wrong ones. They
    reach ``x-codeSamples`` too, with the site's grammar languages (``cairo`` -> Rust)."""
    from docgen.render.highlight import language_name

    names = {
        "kt": "Kotlin",
        "cjs": "JavaScript",
        "mts": "TypeScript",
        "shellscript": "Bash",
        "shellsession": "Bash Session",
        "erl": "Erlang",
        "hbs": "Handlebars",
        "gql": "GraphQL",
        "fortran-fixed-form": "FortranFixed",
        "wasm": "WebAssembly",
        "mdx": "Markdown",
    }
    assert {name: language_name(name) for name in names} == names
    assert language_name("v") is None  # the V language: Pygments has no lexer for it
    cairo = {"name": "cairo", "scopeName": "source.cairo", "aliases": ["rust"]}
    root = _site(tmp_path / "src", ["/languages/cairo.json"], {"languages/cairo.json": cairo})
    samples = [
        {"lang": "cairo", "source": "fn sample() -> u8 { 1 }"},
        {"lang": "kt", "source": 'fun main() { println("x") }'},
    ]
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "A", "version": "1"},
        "paths": {
            "/x": {
                "get": {
                    "summary": "Get x",
                    "x-codeSamples": samples,
                    "responses": {"200": {"description": "OK"}},
                }
            }
        },
    }
    (root / "openapi.json").write_text(json.dumps(spec))
    config = json.loads((root / "docs.json").read_text())
    config["navigation"] = {"pages": ["index"], "openapi": "openapi.json"}
    (root / "docs.json").write_text(json.dumps(config))
    out = tmp_path / "out"
    build = run_docgen(["build", ".", "-o", str(out)], root)
    assert build.returncode == 0, build.stdout + build.stderr
    page = next(p for p in out.rglob("index.html") if "sample" in p.read_text())
    html = page.read_text()
    assert ">Kotlin<" in html and ">Rust<" in html
    assert '<span class="k">fn</span>' in html and '<span class="kd">fun</span>' in html
