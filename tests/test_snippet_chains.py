"""Snippets that import snippets resolve as Mintlify's do: a relative path from the importing
snippet's own folder, an absolute one from the docs root; what is missing is said in the file
that imports it, at the import."""

from __future__ import annotations

import json
from pathlib import Path

from refresh_fixtures import run_docgen

FILES = {
    "snippets/a.mdx": (
        "import B from './sub/b.mdx';\nimport C from '/snippets/c.mdx';\n"
        "import { name } from '../snippets/vars.mdx';\nimport Missing from './nope.mdx';\n"
        "import Bare from 'snippets/c.mdx';\n\nA says hi to {name}.\n\n<B />\n\n<C />\n"
    ),
    "snippets/sub/b.mdx": (
        "import D from '../d.mdx';\nimport E from './e.mdx';\n\nB here.\n\n<D />\n<E />\n"
    ),
    "snippets/d.mdx": "D here.\n",
    "snippets/sub/e.mdx": "E here.\n",
    "snippets/c.mdx": "C here.\n",
    "snippets/vars.mdx": 'export const name = "Ada";\n',
    "index.mdx": "---\ntitle: Home\n---\nimport A from '/snippets/a.mdx';\n\n<A />\n",
    "guide/page.mdx": "---\ntitle: Guide\n---\nimport A from '../snippets/a.mdx';\n\n<A />\n",
}


def test_imports_of_imports_resolve_and_the_missing_are_said_where_imported(
    tmp_path: Path,
) -> None:
    site = tmp_path / "src"
    for name, text in FILES.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_text(text, encoding="utf-8")
    config = {"name": "P", "navigation": {"pages": ["index", "guide/page"]}}
    (site / "docs.json").write_text(json.dumps(config), encoding="utf-8")
    checked = run_docgen(["check", "docs.json"], site)
    said = sorted(line for line in checked.stdout.splitlines() if "warning[" in line)
    assert len(said) == 2, said
    assert said[0].startswith("snippets/a.mdx:4:22: ") and "./nope.mdx" in said[0]
    # Before: said at the use ("not found in the docs folder"), or nowhere when unused.
    assert said[1].startswith("snippets/a.mdx:5:19: ") and "'/snippets/c.mdx'" in said[1]
    out = tmp_path / "out"
    assert run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], site).returncode == 0
    for page in ("index.html", "guide/page/index.html"):
        html = (out / page).read_text(encoding="utf-8")
        shown = ("A says hi to Ada.", "B here.", "D here.", "E here.", "C here.")
        assert all(f"<p>{text}</p>" in html for text in shown), page
