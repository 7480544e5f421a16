"""Site chrome from docs.json: navbar links and button, footer columns and socials."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def test_navbar_and_footer_render_with_safe_urls(tmp_path: Path) -> None:
    config = {
        "name": "T",
        "navigation": {"pages": ["index", "guides/a"]},
        "navbar": {
            "links": [
                {"label": "Support", "href": "mailto:help@example.com"},
            ],
            "primary": {"type": "button", "label": "Dashboard", "href": "https://app.example.com"},
        },
        "footer": {
            "socials": {"github": "https://github.com/example", "x": "https://x.com/example"},
            "links": [{"header": "Company", "items": [{"label": "Home", "href": "/"}]}],
        },
    }
    (tmp_path / "docs.json").write_text(json.dumps(config))
    (tmp_path / "index.mdx").write_text("---\ntitle: Home\n---\n\nHi\n")
    (tmp_path / "guides").mkdir()
    (tmp_path / "guides" / "a.mdx").write_text("---\ntitle: A\n---\n\nA\n")
    command = [sys.executable, "-m", "docgen", "build", str(tmp_path / "docs.json")]
    # A script URL in the navbar is refused before anything is written (config-invalid).
    evil = {
        **config,
        "navbar": {**config["navbar"], "links": [{"label": "Evil", "href": "javascript:alert(1)"}]},
    }
    (tmp_path / "docs.json").write_text(json.dumps(evil))
    refused = subprocess.run(
        [*command, "-o", str(tmp_path / "evil")], capture_output=True, text=True, check=False
    )
    assert refused.returncode == 1 and "config-invalid" in refused.stderr
    assert "navbar.links" in refused.stderr and not (tmp_path / "evil").exists()
    (tmp_path / "docs.json").write_text(json.dumps(config))
    run = subprocess.run(
        [*command, "-o", str(tmp_path / "o")], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert (
        "config-unused-key" not in run.stdout + run.stderr
        or "navbar" not in run.stdout + run.stderr
    )
    page = (tmp_path / "o" / "guides" / "a" / "index.html").read_text()
    assert '<a href="mailto:help@example.com">Support</a>' in page
    assert "javascript:" not in page and ">Evil<" not in page
    assert 'class="button navbar-primary" href="https://app.example.com">Dashboard</a>' in page
    assert '<p class="footer-head">Company</p>' in page and '<a href="../../">Home</a>' in page
    assert 'href="https://github.com/example" rel="noopener noreferrer">GitHub</a>' in page
