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
    github = page.split('href="https://github.com/example" rel="noopener noreferrer"', 1)[1]
    assert github.startswith(' title="GitHub"><span class="icon-wrap" data-icon="github">')
    assert '<span class="visually-hidden">GitHub</span></a>' in github.split("</li>", 1)[0]


def test_navbar_links_show_their_icons_and_an_icon_alone_is_named(tmp_path: Path) -> None:
    # A real site's top bar: six links with an icon and an empty label (Slack, a blog, X, ...),
    # the icon a name or an object {name, library, style}; `type: github` is GitHub's icon.
    # Each showed the word "Link" and no icon.
    config = {
        "name": "T",
        "navigation": {"pages": ["index"]},
        "navbar": {
            "links": [
                {"label": "", "href": "https://slack.example", "title": "Slack", "icon": "users"},
                {
                    "label": "",
                    "href": "https://x.example",
                    "icon": {"name": "x-twitter", "library": "fontawesome", "style": "brands"},
                },
                {"type": "github", "href": "https://github.com/example/repo"},
                {"label": "Blog", "href": "https://blog.example", "icon": "newspaper"},
                {"label": "Status", "href": "https://status.example"},
            ]
        },
    }
    (tmp_path / "docs.json").write_text(json.dumps(config))
    (tmp_path / "index.mdx").write_text("---\ntitle: Home\n---\n\nHi\n")
    command = [sys.executable, "-m", "docgen", "build", str(tmp_path / "docs.json")]
    run = subprocess.run(
        [*command, "-o", str(tmp_path / "o")], capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "config-unused-key" not in run.stdout + run.stderr  # icon and type are used
    page = (tmp_path / "o" / "index.html").read_text()
    bar = page.split('class="navbar-links"', 1)[1].split("</nav>", 1)[0]
    assert ">Link<" not in bar
    assert 'aria-label="Slack" title="Slack"><span class="icon-wrap" data-icon="users">' in bar
    assert 'aria-label="X Twitter"' in bar and 'data-icon="x-twitter"' in bar
    assert 'aria-label="GitHub"' in bar and 'data-icon="github"' in bar
    assert 'data-icon="newspaper"><svg' in bar and "</svg></span>Blog</a>" in bar
    assert '<a href="https://status.example">Status</a>' in bar
