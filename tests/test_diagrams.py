"""Mermaid fences: the figure docgen writes, the fence options it keeps, and the files a site
ships (Mermaid only on a site that has a diagram; every module Mermaid imports present)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from refresh_fixtures import run_docgen

from docgen.render.diagrams import figure
from docgen.render.templates import templates_dir

FENCE = "```mermaid{info}\nflowchart LR\n  A[<b>x</b>] --> B\n```\n"


def _site(tmp_path: Path, pages: dict[str, str]) -> Path:
    for name, text in pages.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    listed = [n.removesuffix(".mdx") for n in pages if not n.startswith("snippets/")]
    (tmp_path / "docs.json").write_text(json.dumps({"name": "D", "navigation": {"pages": listed}}))
    out = tmp_path / "out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def test_a_fence_becomes_a_figure_keeping_its_escaped_source(tmp_path: Path) -> None:
    out = _site(
        tmp_path, {"index.mdx": "# Welcome\n\n" + FENCE.format(info=' placement="top-left"')}
    )
    html = (out / "index.html").read_text()
    start = html.index('<figure class="mermaid"')
    block = html[start : html.index("</figure>", start)]
    assert 'data-placement="top-left"' in block
    assert "&lt;b&gt;x&lt;/b&gt;" in block and "<b>" not in block
    assert "placement" not in block.split(">", 1)[1]  # the options are not a code title
    assert (out / "_docgen/diagrams.js").is_file() and (
        out / "_docgen/mermaid/mermaid.js"
    ).is_file()
    assert '_docgen/diagrams.js" defer' in (out / "index.html").read_text()
    words = json.loads((out / "_docgen/search-words.json").read_text())
    assert "welcome" in words and "flowchart" not in words  # the diagram's syntax is not searched


def test_a_diagram_in_an_imported_snippet_ships_mermaid(tmp_path: Path) -> None:
    pages = {
        "index.mdx": "import Flow from '/snippets/flow.mdx';\n\n# Hi\n\n<Flow />\n",
        "snippets/flow.mdx": FENCE.format(info=""),
    }
    out = _site(tmp_path, pages)
    assert (out / "_docgen/mermaid/mermaid.js").is_file()
    assert '<figure class="mermaid">' in (out / "index.html").read_text()


def test_a_site_without_diagrams_ships_no_mermaid(tmp_path: Path) -> None:
    text = "# Hi\n\nMermaid draws diagrams.\n\n```js\nlet mermaid = 1\n```\n"
    out = _site(tmp_path, {"index.mdx": text})
    assert not (out / "_docgen/mermaid").exists() and not (out / "_docgen/diagrams.js").exists()
    assert "diagrams.js" not in (out / "index.html").read_text()


def test_a_fence_shown_inside_another_draws_nothing(tmp_path: Path) -> None:
    shown = "# Syntax\n\n````mdx\n" + FENCE.format(info="") + "````\n"  # documents the syntax
    out = _site(tmp_path, {"index.mdx": shown})
    html = (out / "index.html").read_text()
    assert '<figure class="mermaid' not in html and "diagrams.js" not in html


def test_a_diagram_after_a_fence_in_a_list_item_ships_mermaid(tmp_path: Path) -> None:
    text = "# Hi\n\n- ```bash\n  pip install x\n  ```\n\n" + FENCE.format(info="")
    out = _site(tmp_path, {"index.mdx": text})
    assert '<figure class="mermaid">' in (out / "index.html").read_text()
    assert (out / "_docgen/diagrams.js").is_file()
    assert (out / "_docgen/mermaid/mermaid.js").is_file()


def test_fence_options_as_mintlify_writes_them() -> None:
    assert 'data-actions="false"' in figure("<pre></pre>", "mermaid actions={false}")
    assert 'data-actions="true"' in figure("<pre></pre>", "mermaid actions={true}")
    assert 'data-placement="bottom-left"' in figure(
        "<pre></pre>", "mermaid placement='bottom-left'"
    )
    plain = figure("<pre></pre>", 'mermaid placement="middle" actions="maybe"')
    assert "data-placement" not in plain and "data-actions" not in plain


def test_every_module_mermaid_imports_is_shipped() -> None:
    folder = templates_dir() / "assets" / "mermaid"
    names = {p.name for p in folder.iterdir()}
    assert "mermaid.js" in names and "LICENSE" in names
    specifier = re.compile(r"""(?:from|import)\s*\(?\s*["'](\.[^"']+)["']""")
    missing = set()
    for path in folder.glob("*.js"):
        for target in specifier.findall(path.read_text()):
            if not (folder / target).resolve().is_file():
                missing.add(f"{path.name} -> {target}")
    assert not missing


def test_a_page_of_backticks_or_spaces_is_looked_at_in_linear_time(tmp_path: Path) -> None:
    """security.md item 20: a page naming mermaid beside 20,000 tildes in a row took check and
    build 43 s (the opening was tried from every tilde of the run, each scanning the rest), and
    a mermaid fence whose info line is "actions=" and 40,000 spaces a minute (its options
    backtracked over the spaces). The run is bounded at 60 s; the check takes seconds."""
    import subprocess
    import sys

    lines = "x " + "~" * 60_000 + "\n\n" + FENCE.format(info=" actions=" + " " * 60_000 + "x")
    (tmp_path / "index.mdx").write_text("---\ntitle: D\n---\n\nDrawn with mermaid.\n\n" + lines)
    (tmp_path / "docs.json").write_text(
        json.dumps({"name": "D", "navigation": {"pages": ["index"]}})
    )
    out = tmp_path / "out"
    run = subprocess.run(
        [sys.executable, "-m", "docgen", "build", str(tmp_path / "docs.json"), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert '<figure class="mermaid">' in (out / "index.html").read_text()
