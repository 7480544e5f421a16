"""Page files a pull request can add: deep component nesting, special files, reserved names.

Each is found by ``check`` (check = build minus writing) and never hangs or crashes ``build``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _site(tmp: Path, pages: dict[str, str]) -> Path:
    for name, text in pages.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(text, encoding="utf-8")
    names = [n.rsplit(".", 1)[0] for n in pages if n.count(".") == 1 and "/" not in n]
    config = {"name": "x", "navigation": {"pages": names or ["index"]}}
    (tmp / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    return tmp / "docs.json"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "docgen", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "DOCGEN_JOBS": "1"},
    )


def _diagnostics(config: Path) -> list[dict[str, object]]:
    result = _run("check", str(config), "--format", "json")
    assert "Traceback" not in result.stderr, result.stderr
    return list(json.loads(result.stdout)["diagnostics"])


def test_deeply_nested_components_are_mdx_too_deep(tmp_path: Path) -> None:
    body = "# Deep\n\n" + "<Note>\n" * 500 + "x\n" + "</Note>\n" * 500  # 7.5 KB
    config = _site(tmp_path, {"index.md": "# Home\n", "deep.mdx": body})
    found = [d for d in _diagnostics(config) if d["code"] == "mdx-too-deep"]
    assert found and str(found[0]["file"]).endswith("deep.mdx"), found
    build = _run("build", str(config), "-o", str(tmp_path / "_site"))
    assert build.returncode in (0, 1)
    assert "RecursionError" not in build.stderr and "bug in docgen" not in build.stderr


# Tags and braces that never close, on every line: each one was read to the end of the page,
# so these pages of about 25 KB took from 20 seconds to minutes (security.md item 20).
LEFT_OPEN = {
    "svg": "<svg>\n" * 4000,
    "component-with-text": "<Note> x\n" * 3000,
    "html-with-text": "<div> x\n" * 3000,
    "attribute-brace": "<a b={\n" * 3000,
    "braces": "{" * 25_000,
}


@pytest.mark.parametrize("case", sorted(LEFT_OPEN))
def test_tags_left_open_on_every_line_are_read_in_linear_time(tmp_path: Path, case: str) -> None:
    config = _site(tmp_path, {"index.md": "# Home\n", "open.mdx": "# Open\n\n" + LEFT_OPEN[case]})
    diagnostics = _diagnostics(config)
    warnings = [d["message"] for d in diagnostics if str(d["file"]).endswith("open.mdx")]
    assert any("left open" in str(message) for message in warnings), warnings[:3]
    build = _run("build", str(config), "-o", str(tmp_path / "_site"))
    assert build.returncode == 0 and "left open" in build.stderr, build.stderr[-500:]


def test_many_same_headings_get_their_numbers_in_linear_time(tmp_path: Path) -> None:
    """40,000 headings "## a" looked for each free "a-N" from 2: minutes for 200 KB."""
    config = _site(tmp_path, {"index.md": "# Home\n", "same.mdx": "# Same\n\n" + "## a\n" * 40_000})
    build = _run("build", str(config), "-o", str(tmp_path / "_site"))
    assert build.returncode == 0, build.stderr[-500:]
    html = (tmp_path / "_site" / "same" / "index.html").read_text()
    assert 'id="a-40000"' in html and 'id="a-40001"' not in html


def test_nesting_within_the_limit_renders(tmp_path: Path) -> None:
    body = "# Nested\n\n" + "<Note>\n" * 20 + "inner text\n" + "</Note>\n" * 20
    config = _site(tmp_path, {"index.md": "# Home\n", "nested.mdx": body})
    assert [d for d in _diagnostics(config) if d["level"] == "error"] == []
    assert _run("build", str(config), "-o", str(tmp_path / "_site")).returncode == 0
    html = (tmp_path / "_site" / "nested" / "index.html").read_text()
    assert html.count('class="callout callout-note"') == 20


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_page_is_skipped_with_a_warning(tmp_path: Path) -> None:
    config = _site(tmp_path, {"index.md": "# Home\n"})
    os.mkfifo(tmp_path / "blocked.md")
    found = _diagnostics(config)  # the 120 s timeout fails the test if reading blocks
    warnings = [d for d in found if str(d["file"]).endswith("blocked.md")]
    assert warnings and warnings[0]["level"] == "warning", found
    assert "not a regular file" in str(warnings[0]["message"])
    build = _run("build", str(config), "-o", str(tmp_path / "_site"))
    assert build.returncode == 0, build.stderr
    assert not (tmp_path / "_site" / "blocked").exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_named_as_the_spec_is_an_error(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "openapi.yaml")
    config = tmp_path / "docs.json"
    config.write_text(json.dumps({"name": "x", "navigation": {"openapi": "openapi.yaml"}}))
    found = _diagnostics(config)  # never blocks on the FIFO: an error, not a hang
    errors = [d for d in found if d["level"] == "error" and "openapi.yaml" in str(d["message"])]
    assert errors, found
    # It is there: say what it is, never "not found; did you mean 'openapi.yaml'?".
    assert "not a regular file" in str(errors[0]["message"])
    assert "not found" not in str(errors[0]["message"])


def test_a_folder_named_as_the_spec_is_called_a_folder(tmp_path: Path) -> None:
    (tmp_path / "openapi").mkdir()
    config = tmp_path / "docs.json"
    config.write_text(json.dumps({"name": "x", "navigation": {"openapi": "openapi"}}))
    errors = [d for d in _diagnostics(config) if d["level"] == "error"]
    assert errors and "is a folder" in str(errors[0]["message"]), errors


@pytest.mark.parametrize(
    "name", ["llms.txt.md", "404.html.md", "_docgen/manifest.json.md", "a.md.md"]
)
def test_reserved_output_names_are_found_by_check(tmp_path: Path, name: str) -> None:
    pages = {"index.md": "# Home\n", "a.md": "# A\n", name: "# Clash\n"}
    config = _site(tmp_path, pages)
    cfg = json.loads(config.read_text())
    cfg["navigation"]["pages"] = ["index", "a", name.removesuffix(".md")]
    config.write_text(json.dumps(cfg))
    errors = [d for d in _diagnostics(config) if d["level"] == "error"]
    assert errors, f"check passed {name}"
    build = _run("build", str(config), "-o", str(tmp_path / "_site"))
    assert build.returncode == 1
    assert "Traceback" not in build.stderr and "bug in docgen" not in build.stderr


def _chain(root: Path, levels: int, line: str) -> None:
    """``snippets/s1.mdx`` .. ``s<levels>.mdx``: each uses the next ten times (``line`` says
    how, with ``{n}`` for the next one's number); the last says "leaf"."""
    (root / "snippets").mkdir(parents=True, exist_ok=True)
    for level in range(1, levels):
        (root / "snippets" / f"s{level}.mdx").write_text(line.replace("{n}", str(level + 1)))
    (root / "snippets" / f"s{levels}.mdx").write_text(
        "".join(f"export const v{i} = 'leaf';\n" for i in range(10)) + "\nleaf\n"
    )


USES = "import S{n} from '/snippets/s{n}.mdx'\n\n" + "<S{n} />" * 10 + "\n"
NAMED = (
    "import { "
    + ", ".join(f"v{i} as a{i}" for i in range(10))
    + " } from '/snippets/s{n}.mdx'\n\n"
    + "".join(f"export const v{i} = 'x';\n" for i in range(10))
)


@pytest.mark.parametrize(
    ("line", "page"),
    [
        (USES, "import S1 from '/snippets/s1.mdx'\n\n<S1 />\n"),
        (NAMED, "import { v0 } from '/snippets/s1.mdx'\n\n{v0}\n"),
    ],
    ids=["used", "named-imports"],
)
def test_snippets_using_snippets_are_charged_to_the_pages_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: str, page: str
) -> None:
    """security.md item 20: snippets inlined inside snippets were not charged to the page's
    budget of expansion, so seven one-line snippets, each using the next ten times, were ten
    million inlinings (check: over 300 s; named imports alike). Counted here with a wrapper that
    runs the real reader: five levels, 11,111 snippet reads before, at most the budget now; the
    warning says where the budget ran out."""
    from docgen.render.jsxtemplates import MAX_USES
    from docgen.render.mdx import render_mdx
    from docgen.render.snippets import SnippetFiles

    _chain(tmp_path, 5, line)
    reads = [0]
    real = SnippetFiles.load

    def counted(self: SnippetFiles, *args: Any, **kwargs: Any) -> Any:
        reads[0] += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(SnippetFiles, "load", counted)
    result = render_mdx(page, files=SnippetFiles(tmp_path), source="index.mdx")
    assert reads[0] <= MAX_USES + 1, reads[0]
    deep = [w for w in result.warnings if w.code == "mdx-too-deep"]
    assert len(deep) == 1 and deep[0].source == "snippets/s4.mdx", result.warnings
    monkeypatch.undo()
    config = _site(tmp_path, {"index.mdx": "# Home\n\n" + page})
    found = [d for d in _diagnostics(config) if d["code"] == "mdx-too-deep"]
    assert len(found) == 1 and str(found[0]["file"]).endswith("s4.mdx"), found
    assert found[0]["line"] in (1, 3), found


@pytest.mark.parametrize("kind", ["snippet", "component"])
def test_a_body_repeating_its_children_is_not_written_out_past_the_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """A 500 KB snippet of 50,000 ``{children}``, given 20 KB of children, was written out
    whole (1 GB; check's memory 68 MB -> 1 GB, 200 KB of children: out of memory) before the
    page's budget refused it. The text written for one use now stops just past the budget
    (measured on the real reader: the longest text a fill returns)."""
    from docgen.render import jsxtemplates, mdxsnippets
    from docgen.render.jsxtemplates import MAX_EXPANSION
    from docgen.render.mdx import render_mdx
    from docgen.render.snippets import SnippetFiles

    children = "x" * 2_000
    (tmp_path / "snippets").mkdir()
    if kind == "snippet":
        (tmp_path / "snippets" / "boom.mdx").write_text("{children}" * 50_000)
        page = "import Boom from '/snippets/boom.mdx'\n\n<Boom>\n" + children + "\n</Boom>\n"
    else:
        body = "{children}" * 40_000
        (tmp_path / "snippets" / "boom.jsx").write_text(
            f"export const Boom = ({{ children }}) => (<div>{body}</div>);\n"
        )
        page = "import { Boom } from '/snippets/boom.jsx'\n\n<Boom>\n" + children + "\n</Boom>\n"
    longest = [0]
    real = jsxtemplates.fill

    def measured(*args: Any, **kwargs: Any) -> str:
        text = real(*args, **kwargs)
        longest[0] = max(longest[0], len(text))
        return text

    monkeypatch.setattr(jsxtemplates, "fill", measured)
    monkeypatch.setattr(mdxsnippets, "fill", measured)
    result = render_mdx(page, files=SnippetFiles(tmp_path), source="index.mdx")
    assert 0 < longest[0] <= MAX_EXPANSION + 2 * len(children) + 100, longest[0]
    assert [w.code for w in result.warnings] == ["mdx-too-deep"], result.warnings
