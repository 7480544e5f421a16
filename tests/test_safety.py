"""security.md items 1-4 and 10 for the build: hostile spec text, unsafe URLs, output paths."""

from __future__ import annotations

import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from docgen.render.markdown import safe_url
from docgen.render.templates import environment
from docgen.write.writer import OutputError, check_all, check_path

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
    result = subprocess.run([sys.executable, "-m", "docgen", "build", str(HOSTILE), "-o", str(out),
                             "--quiet"], capture_output=True, text=True, timeout=120)
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


@pytest.mark.parametrize("url", ["javascript:alert(1)", "JaVaScRiPt:x", " javascript:x",
                                 "java\tscript:x", "vbscript:x", "data:text/html,x",
                                 "\x01javascript:x"])
def test_unsafe_urls_are_refused(url: str) -> None:
    assert not safe_url(url)


@pytest.mark.parametrize("url", ["https://a.b/c", "/guides/x", "../x/", "#a", "mailto:a@b.c"])
def test_safe_urls_are_kept(url: str) -> None:
    assert safe_url(url)


def test_every_template_autoescapes() -> None:
    env = environment()
    for name in ("x.txt", "x.md", "x.xml", "x.html"):
        template = env.from_string("{{ v }}")
        template.name = name
        assert template.render(v="<b>") == "&lt;b&gt;"
    assert env.autoescape is True


@pytest.mark.parametrize("path", ["../x", "/abs", "a/../../x", "CON/index.html", "nul.txt",
                                  "a\x00b", "a\\b", "", "a//b"])
def test_unsafe_output_paths_are_refused(path: str) -> None:
    with pytest.raises(OutputError):
        check_path(path)


def test_case_and_normalisation_collisions_are_refused() -> None:
    with pytest.raises(OutputError):
        check_all({"Guide/index.html": b"", "guide/index.html": b""})
    with pytest.raises(OutputError):
        check_all({"caf\u00e9.md": b"", "cafe\u0301.md": b""})
