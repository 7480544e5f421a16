"""Following redirect chains in check is bounded (security.md item 20): each hop of each chain
was matched against every pattern source, so 500 patterns beside 9,500 chained literal
redirects took minutes of ``docgen check``. Patterns are looked at by the first folder their
source names, and each path's first redirect is found once; which redirect is first (config
order, a literal source included) is unchanged."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from docgen.config.model import Redirect
from docgen.nav.redirects import _First


def test_many_chained_redirects_beside_many_patterns_are_checked_quickly(tmp_path: Path) -> None:
    patterns = [{"source": f"/p{i}/:slug*", "destination": f"/q{i}/:slug*"} for i in range(500)]
    chain = [{"source": f"/l{i}", "destination": f"/l{i + 1}"} for i in range(9_500)]
    config = {"name": "R", "navigation": {"pages": ["index"]}, "redirects": patterns + chain}
    (tmp_path / "docs.json").write_text(json.dumps(config))
    (tmp_path / "index.mdx").write_text("# Hi\n")
    run = subprocess.run(
        [sys.executable, "-m", "docgen", "check", "docs.json"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        timeout=60,
    )
    assert run.returncode == 1
    assert "redirect '/l0' passes more than 20 redirects" in run.stdout + run.stderr


def _redirect(index: int, source: str) -> Redirect:
    return Redirect(source, "/elsewhere", True, f"/redirects/{index}")


def test_the_first_redirect_in_config_order_is_found() -> None:
    sources = ["/:lang/guide", "/docs/:slug*", "/docs/guide", "/Docs/*", "/doc*", "/docs/*"]
    first = _First(tuple(_redirect(i, s) for i, s in enumerate(sources)))
    for path, wanted in (
        ("/en/guide", "/:lang/guide"),
        ("/docs/guide", "/:lang/guide"),
        ("/docs/a/b", "/docs/:slug*"),
        ("/docs", "/docs/:slug*"),
        ("/Docs/a", "/Docs/*"),  # a pattern's letters are matched as written
        ("/doctor", "/doc*"),
        ("/other", None),
    ):
        found = first(path)
        assert (found.source if found else None) == wanted, path
        assert first(path) is found  # asked again: the same answer
    later = _First(tuple(_redirect(i, s) for i, s in enumerate(["/docs/guide", "/:lang/guide"])))
    assert (found := later("/DOCS/guide")) is not None and found.source == "/docs/guide"
