"""The docs repo's static files (images, PDFs, fonts, ...) are copied into the site at the
same paths, pages point at them from any depth, and a page showing a missing file is warned
about with its file, line and column (check and build alike)."""

from __future__ import annotations

import json
import os
import re
import struct
import subprocess
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serving import serve_folder


def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A real PNG file of one colour."""
    raw = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


def docgen(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "docgen", *args],
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
    )


@pytest.fixture()
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "docs"
    (root / "images").mkdir(parents=True)
    (root / "guides" / "deep").mkdir(parents=True)
    (root / "docs.json").write_text(
        json.dumps({"name": "S", "navigation": {"pages": ["index", "guides/deep/intro"]}})
    )
    (root / "images" / "hero.png").write_bytes(png(64, 32, (20, 110, 200)))
    (root / "guides" / "deep" / "chart.png").write_bytes(png(40, 20, (200, 60, 20)))
    (root / "guides" / "manual.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")
    (root / "index.mdx").write_text(
        "---\ntitle: Home\n---\n\n![Hero](/images/hero.png)\n\n"
        '<Frame>\n  <img src="/images/hero.png" alt="framed" />\n</Frame>\n'
    )
    (root / "guides" / "deep" / "intro.md").write_text(
        "# Intro\n\n![Chart](./chart.png)\n\n"
        '<img src="../../images/hero.png" alt="an image in .md too: it is MDX" />\n\n'
        "Read the [manual](../manual.pdf).\n"
    )
    # Never copied: scripts and HTML, hidden and underscore folders, node_modules, snippets.
    (root / "custom.js").write_text("alert(1)\n")
    (root / "extra.html").write_text("<script>alert(1)</script>\n")
    for folder in (".github", "_drafts", "node_modules/pkg", "snippets"):
        (root / folder).mkdir(parents=True)
        (root / folder / "x.png").write_bytes(png(2, 2, (0, 0, 0)))
    return root


def test_static_files_are_copied_and_shown_at_every_depth(repo: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = docgen("build", str(repo / "docs.json"), "-o", str(out))
    assert run.returncode == 0, run.stderr
    assert "asset-" not in run.stderr
    copied = sorted(
        p.relative_to(out).as_posix() for p in out.rglob("*") if p.suffix in (".png", ".pdf")
    )
    assert copied == ["guides/deep/chart.png", "guides/manual.pdf", "images/hero.png"]
    assert (out / "images" / "hero.png").read_bytes() == (repo / "images/hero.png").read_bytes()
    for name in ("custom.js", "extra.html"):
        assert not (out / name).exists()
    home = (out / "index.html").read_text()
    assert '<img src="images/hero.png" alt="Hero" />' in home
    assert '<img src="images/hero.png" alt="framed">' in home
    intro = (out / "guides" / "deep" / "intro" / "index.html").read_text()
    # ./chart.png is next to the page *file*; the page itself is one folder deeper.
    assert '<img src="../../../guides/deep/chart.png" alt="Chart" />' in intro
    assert 'href="../../../guides/manual.pdf"' in intro


def test_a_missing_local_image_is_a_located_warning_in_check_and_build(
    repo: Path, tmp_path: Path
) -> None:
    with (repo / "index.mdx").open("a") as handle:
        handle.write("\nSee ![the plan](/images/plan.png).\n")
    with (repo / "guides" / "deep" / "intro.md").open("a") as handle:
        handle.write("\n[Old](./old.pdf) and [a page](../other)\n")
    check = docgen("check", "--format", "json", cwd=repo)
    found = [
        (d["file"], d["line"], d["column"], d["code"])
        for d in json.loads(check.stdout)["diagnostics"]
        if d["code"].startswith("asset-")
    ]
    assert found == [
        ("guides/deep/intro.md", 9, 7, "asset-not-found"),
        ("index.mdx", 11, 17, "asset-not-found"),
    ]
    strict = docgen("build", str(repo / "docs.json"), "-o", str(tmp_path / "o"), "--strict")
    assert strict.returncode == 1 and strict.stderr.count("asset-not-found") == 2
    assert not (tmp_path / "o").exists()


def test_links_to_page_files_lead_to_their_pages(repo: Path, tmp_path: Path) -> None:
    """As Mintlify reads them: ``.md``/``.mdx`` and ``index`` name the page's URL, and a
    relative link is read against the page file's folder (the page lives one folder deeper)."""
    (repo / "guides" / "deep" / "index.mdx").write_text("---\ntitle: Deep\n---\n\nDeep.\n")
    (repo / "docs.json").write_text(
        json.dumps(
            {
                "name": "S",
                "navigation": {"pages": ["index", "guides/deep/intro", "guides/deep/index"]},
            }
        )
    )
    with (repo / "index.mdx").open("a") as handle:
        handle.write(
            "\n[a](/guides/deep/intro.md) [b](/guides/deep/index) [c](./guides/deep/intro.mdx#s)"
            ' [d](/index)\n\n<Card title="e" href="guides/deep/index.mdx">E</Card>\n'
        )
    with (repo / "guides" / "deep" / "intro.md").open("a") as handle:
        handle.write("\n[f](./index.mdx) [g](intro) [h](../../index.md?x=1) [i](#top)\n")
    out = tmp_path / "out"
    run = docgen("build", str(repo / "docs.json"), "-o", str(out))
    assert run.returncode == 0, run.stderr
    assert "asset-" not in run.stderr

    def links(page: Path) -> list[str]:
        article = page.read_text().split("<article", 1)[1].split("</article>", 1)[0]
        return [h for h in re.findall(r'<a [^>]*?href="([^"]*)"', article) if "#" not in h[:1]]

    home = links(out / "index.html")
    assert home[-5:] == [
        "guides/deep/intro/",
        "guides/deep/",
        "guides/deep/intro/#s",
        "./",
        "guides/deep/",
    ]
    intro = links(out / "guides" / "deep" / "intro" / "index.html")
    assert intro[-3:] == ["../../../guides/deep/", "../../../guides/deep/intro/", "../../../?x=1"]


def test_a_link_to_a_page_the_site_lacks_is_a_located_warning_kept_true_by_rebuilds(
    repo: Path, tmp_path: Path
) -> None:
    """check and build report a link that leads to no page (pages, redirect sources and
    wildcard redirects count); a rebuild that reuses the page says it again, and stops
    saying it once the page exists."""
    config = json.loads((repo / "docs.json").read_text())
    config["redirects"] = [
        {"source": "/old", "destination": "/"},
        {"source": "/blog/:slug*", "destination": "https://example.com/:slug*"},
    ]
    (repo / "docs.json").write_text(json.dumps(config))
    with (repo / "index.mdx").open("a") as handle:
        handle.write(
            "\n[gone](/guides/gone) [old](/old/) [blog](/blog/2024/x) [home](/#top)"
            " [intro](/guides/deep/intro)\n"
        )
    expected = [("index.mdx", 11, 8, "link-not-found")]
    check = docgen("check", "--format", "json", cwd=repo)
    found = [
        (d["file"], d["line"], d["column"], d["code"])
        for d in json.loads(check.stdout)["diagnostics"]
        if d["code"].startswith(("link-", "asset-"))
    ]
    assert found == expected, check.stdout
    out = tmp_path / "out"
    for _ in range(2):  # cold, then a rebuild that reuses the page
        build = docgen("build", str(repo / "docs.json"), "-o", str(out))
        assert build.returncode == 0, build.stderr
        assert build.stderr.count("link-not-found") == 1
        assert "'/guides/gone'" in build.stderr
    (repo / "guides" / "gone.md").write_text("# Gone\n\nBack.\n")
    config["navigation"]["pages"].append("guides/gone")
    (repo / "docs.json").write_text(json.dumps(config))
    build = docgen("build", str(repo / "docs.json"), "-o", str(out))
    assert build.returncode == 0 and "link-not-found" not in build.stderr, build.stderr


def test_links_in_a_description_are_read_and_checked_like_the_body(tmp_path: Path) -> None:
    """A frontmatter ``description`` shows its Markdown under the title: its links are read
    against the page *file*'s folder (``../v1/intro`` in ``v2/intro.mdx`` is ``/v1/intro``,
    not ``/v2/v1/intro``), its files re-pointed, and a link to no page is a warning at its
    place in the frontmatter, found alike by check and by build."""
    root = tmp_path / "docs"
    for folder in ("v1", "v2", "api"):
        (root / folder).mkdir(parents=True)
    (root / "docs.json").write_text(
        json.dumps(
            {"name": "S", "navigation": {"pages": ["v1/intro", "v2/intro", "v2/ep", "api/x"]}}
        )
    )
    (root / "v1" / "intro.mdx").write_text("---\ntitle: One\n---\n\nBody.\n")
    (root / "v1" / "sheet.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")
    (root / "v2" / "intro.mdx").write_text(
        "---\ntitle: Two\n"
        'description: "Moved from [v1](../v1/intro), see [the sheet](../v1/sheet.pdf)"\n'
        "---\n\nBody.\n"
    )
    (root / "api" / "x.md").write_text(
        "---\ntitle: X\ndescription: >\n  Read [gone](./gone) first\n---\n\nBody.\n"
    )
    (root / "v2" / "ep.mdx").write_text(  # a hand-written API page: the same rules
        "---\ntitle: Items\napi: GET https://api.example.com/items\n"
        "description: Read [the intro](../v1/intro) first\n---\n\nBody.\n"
    )
    check = docgen("check", "--format", "json", cwd=root)
    found = [
        (d["file"], d["line"], d["column"], d["code"])
        for d in json.loads(check.stdout)["diagnostics"]
        if d["code"].startswith(("link-", "asset-"))
    ]
    assert found == [("api/x.md", 4, 15, "link-not-found")], check.stdout
    out = tmp_path / "out"
    build = docgen("build", str(root / "docs.json"), "-o", str(out))
    assert build.returncode == 0, build.stderr
    assert build.stderr.count("link-not-found") == 1
    assert "api/x.md:4:15" in build.stderr and "'/api/gone'" in build.stderr
    html = (out / "v2" / "intro" / "index.html").read_text(encoding="utf-8")
    lead = html[html.index('<p class="lead">') :].split("</p>", 1)[0]
    assert re.findall(r'href="([^"]*)"', lead) == ["../../v1/intro/", "../../v1/sheet.pdf"]
    assert (out / "v1" / "sheet.pdf").is_file()
    html = (out / "v2" / "ep" / "index.html").read_text(encoding="utf-8")
    described = html[html.index('class="prose op-description"') :].split("</div>", 1)[0]
    assert re.findall(r'href="([^"]*)"', described) == ["../../v1/intro/"]
    # A rebuild that reuses the page says the warning where the description now is.
    (root / "api" / "x.md").write_text(
        "---\ntitle: X\ndescription: >\n    Read [gone](./gone) first\n---\n\nBody.\n"
    )
    build = docgen("build", str(root / "docs.json"), "-o", str(out))
    assert "api/x.md:4:17" in build.stderr, build.stderr


# An XSLT style sheet that writes a page with a script (no "<script" in its bytes).
XSLT_SHEET = """<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:output method="html"/>
<xsl:template match="/"><html><body><p>x</p>
<xsl:element name="script">window.ran = 1</xsl:element></body></html></xsl:template>
</xsl:stylesheet>
"""
_SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" '
SVG_THAT_RUN_SCRIPT = {
    "prefixed.svg": (
        _SVG_OPEN + 'xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>'
    ).encode(),
    "entity.svg": (
        '<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;alert(1)&#60;/script&#62;">]>'
        + _SVG_OPEN
        + ">&x;</svg>"
    ).encode(),
    "xhtml.svg": (
        _SVG_OPEN + 'xmlns:h="http://www.w3.org/1999/xhtml"><h:script>alert(1)</h:script></svg>'
    ).encode(),
    "utf16.svg": (_SVG_OPEN + "><script>alert(1)</script></svg>").encode("utf-16"),
    "link.svg": (
        _SVG_OPEN + 'xmlns:l="http://www.w3.org/1999/xlink"><a l:href="javascript&#58;alert(1)">'
        '<rect width="9" height="9"/></a></svg>'
    ).encode(),
    "animated.svg": (
        _SVG_OPEN + '><a><set attributeName="href" to="java&#x73;cript:alert(1)"/>x</a></svg>'
    ).encode(),
    "xslt.svg": ('<?xml-stylesheet type="text/xsl" href="x.xsl"?>' + _SVG_OPEN + "/>").encode(),
    # In UTF-16 the bytes do not spell the processing instruction; the sheet another .svg
    # (test_an_xslt_sheet_in_two_svgs_runs_no_script).
    "xslt-utf16.svg": (
        '<?xml version="1.0" encoding="UTF-16"?>\n'
        '<?xml-stylesheet type="text/xsl" href="sheet.svg"?>' + _SVG_OPEN + "/>"
    ).encode("utf-16"),
    "sheet.svg": XSLT_SHEET.encode(),
    "simplified-sheet.svg": (
        _SVG_OPEN + 'xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xsl:version="1.0">'
        '<xsl:element name="script">window.ran = 1</xsl:element></svg>'
    ).encode(),
}
# As Adobe Illustrator writes them: namespaces given by entities, a style sheet, an embedded
# image. A drawing: copied.
ILLUSTRATOR_SVG = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
  <!ENTITY ns_svg "http://www.w3.org/2000/svg">
  <!ENTITY ns_xlink "http://www.w3.org/1999/xlink">
]>
<svg version="1.1" xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;" width="10" height="10">
<style>.a{fill:#c00}</style><image xlink:href="data:image/png;base64,iVBORw0KGgo="/>
<rect class="a" width="4" height="4"/></svg>
"""


def test_unsafe_or_oversized_files_are_skipped_with_a_warning(repo: Path, tmp_path: Path) -> None:
    (repo / "images" / "evil.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    )
    (repo / "images" / "fine.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" '
        'height="4"/></svg>'
    )
    # Each of these ran its script in Chromium when opened from the site (the byte pattern
    # missed them): a prefixed script, one written by an entity, XHTML's, UTF-16, XSLT.
    for name, text in SVG_THAT_RUN_SCRIPT.items():
        (repo / "images" / name).write_bytes(text)
    (repo / "images" / "illustrator.svg").write_text(ILLUSTRATOR_SVG)
    with (repo / "images" / "huge.mp4").open("wb") as handle:  # sparse: nothing is written
        handle.truncate(21 * 1024 * 1024)
    outside = tmp_path / "secret.png"
    outside.write_bytes(png(2, 2, (1, 2, 3)))
    (repo / "images" / "link-out.png").symlink_to(outside)
    (repo / "images" / "link-in.png").symlink_to(repo / "images" / "hero.png")
    os.mkfifo(repo / "images" / "pipe.png")
    (repo / "llms.txt").write_text("a hand-written llms.txt\n")
    check = docgen("check", "--format", "json", cwd=repo)
    skipped = sorted(
        d["file"] for d in json.loads(check.stdout)["diagnostics"] if d["code"] == "asset-skipped"
    )
    assert skipped == sorted(
        [
            "images/evil.svg",
            *(f"images/{name}" for name in sorted(SVG_THAT_RUN_SCRIPT)),
            "images/huge.mp4",
            "images/link-out.png",
            "images/pipe.png",
        ]
    )
    os.unlink(repo / "images" / "huge.mp4")  # keep the build test quick
    out = tmp_path / "out"
    build = docgen("build", str(repo / "docs.json"), "-o", str(out))
    assert build.returncode == 0, build.stderr
    assert (out / "images" / "fine.svg").is_file() and (out / "images" / "link-in.png").is_file()
    assert (out / "images" / "illustrator.svg").is_file()
    assert not (out / "images" / "evil.svg").exists()
    assert not (out / "images" / "link-out.png").exists()
    # The docs folder's own llms.txt is published in place of the generated one (Mintlify's
    # rule), unchanged by rebuilds; without it, the generated one comes back.
    assert (out / "llms.txt").read_text() == "a hand-written llms.txt\n"
    assert '"llms.txt"' in (out / "_docgen" / "manifest.json").read_text()
    (repo / "llms.txt").unlink()
    build = docgen("build", str(repo / "docs.json"), "-o", str(out))
    assert build.returncode == 0, build.stderr
    assert (out / "llms.txt").read_text().startswith("# S\n")


def test_rebuilds_copy_only_what_changed_and_drop_removed_files(repo: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    config = str(repo / "docs.json")
    assert docgen("build", config, "-o", str(out)).returncode == 0
    assert "nothing changed" in docgen("build", config, "-o", str(out)).stderr
    (repo / "images" / "new.png").write_bytes(png(3, 3, (9, 9, 9)))
    added = docgen("build", config, "-o", str(out))
    # The new file and the manifest, which lists the static files; every page is kept.
    assert "2 written" in added.stderr and (out / "images" / "new.png").is_file()
    (repo / "images" / "new.png").unlink()
    removed = docgen("build", config, "-o", str(out))
    assert "1 written" in removed.stderr and not (out / "images" / "new.png").exists()
    manifest = json.loads((out / "_docgen" / "manifest.json").read_text())
    assert manifest["static"] == ["guides/deep/chart.png", "guides/manual.pdf", "images/hero.png"]


@pytest.fixture()
def served(repo: Path, tmp_path: Path) -> Iterator[str]:
    out = tmp_path / "served"
    assert docgen("build", str(repo / "docs.json"), "-o", str(out)).returncode == 0
    with serve_folder(out) as url:
        yield url


def test_images_load_in_a_browser(browser: Any, served: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    failed: list[str] = []
    tab.on("requestfailed", lambda r: failed.append(r.url))
    tab.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    for path, count in (("/", 2), ("/guides/deep/intro/", 2)):
        tab.goto(served + path)
        tab.wait_for_load_state("load")
        sizes = tab.eval_on_selector_all(
            "main img", "els => els.map(e => [e.complete, e.naturalWidth])"
        )
        assert len(sizes) == count and all(done and width > 0 for done, width in sizes), sizes
    assert failed == []
    context.close()


def _build_in_process(root: Path, out: Path) -> int:
    """Build like ``docgen build`` does and return how many pages the page cache gave back."""
    from docgen.pipeline import config_fingerprint, run_check
    from docgen.write.pagecache import PageCache
    from docgen.write.writer import write_site

    result = run_check(root / "docs.json", output_dir=out)
    assert result.site is not None and not result.failed
    cache = PageCache(result.site, out, config_fingerprint(result.config_doc))
    write_site(out, result.render(cache=cache, shards=cache))
    cache.save()
    return cache.hits


def test_a_new_or_edited_image_renders_no_page_again(
    repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "out"
    assert _build_in_process(repo, out) == 0
    (repo / "images" / "new.png").write_bytes(png(3, 3, (9, 9, 9)))
    (repo / "images" / "hero.png").write_bytes(png(64, 32, (0, 0, 0)))
    assert _build_in_process(repo, out) == 2  # both pages reused
    assert (out / "images" / "hero.png").read_bytes() == png(64, 32, (0, 0, 0))
    # A logo that now exists changes every page's top bar: they render again.
    config = json.loads((repo / "docs.json").read_text())
    (repo / "docs.json").write_text(json.dumps({**config, "logo": "/images/logo.png"}))
    assert _build_in_process(repo, out) == 0
    (repo / "images" / "logo.png").write_bytes(png(8, 8, (1, 1, 1)))
    assert _build_in_process(repo, out) == 0
    assert 'src="images/logo.png"' in (out / "index.html").read_text()


def test_theme_specific_images_show_in_their_theme_only(
    browser: Any, repo: Path, tmp_path: Path
) -> None:
    (repo / "images" / "dark.png").write_bytes(png(64, 32, (10, 10, 10)))
    (repo / "index.mdx").write_text(
        "---\ntitle: Home\n---\n\n<Frame>\n"
        '  <img className="block dark:hidden" src="/images/hero.png" alt="light" />\n'
        '  <img className="hidden dark:block" src="/images/dark.png" alt="dark" />\n'
        "</Frame>\n"
    )
    out = tmp_path / "site"
    assert docgen("build", str(repo / "docs.json"), "-o", str(out)).returncode == 0
    with serve_folder(out) as site:
        for theme in ("light", "dark"):
            context = browser.new_context(color_scheme=theme)
            tab = context.new_page()
            tab.goto(f"{site}/")
            shown = tab.eval_on_selector_all(
                "main img", "els => els.filter(e => e.offsetWidth > 0).map(e => e.alt)"
            )
            assert shown == [theme]
            context.close()


def test_jsx_style_objects_keep_their_layout_properties_only(
    browser: Any, repo: Path, tmp_path: Path
) -> None:
    (repo / "index.mdx").write_text(
        '---\ntitle: Home\n---\n\n<Frame>\n  <img\n    src="/images/hero.png"\n'
        '    alt="tall"\n    style={{\n      maxHeight: "20px", marginLeft: 4,\n'
        "      background: 'url(https://evil.example/x.png)', width: 'expression(alert(1))',\n"
        "    }}\n  />\n</Frame>\n"
    )
    out = tmp_path / "site"
    run = docgen("build", str(repo / "docs.json"), "-o", str(out))
    assert run.returncode == 0 and "mdx-unsupported" not in run.stderr, run.stderr
    html = (out / "index.html").read_text()
    assert (
        '<img src="images/hero.png" alt="tall" '
        'style="max-height:20px !important;margin-left:4px !important">'
    ) in html
    with serve_folder(out) as site:
        context = browser.new_context()
        tab = context.new_page()
        tab.goto(f"{site}/")
        assert tab.eval_on_selector("main img", "e => e.getBoundingClientRect().height") == 20
        context.close()


def test_a_style_image_of_the_site_is_re_pointed_and_a_missing_one_reported(
    repo: Path, tmp_path: Path
) -> None:
    """``style={{ backgroundImage: "url(...)" }}``: a file of the site (relative to the page
    file, as an ``<img src>``) is re-pointed, a raster ``data:`` image kept, a missing file an
    ``asset-not-found`` warning at its line and column in check and build alike."""
    data = "data:image/png;base64,iVBORw0KGgo="
    with (repo / "index.mdx").open("a") as handle:
        handle.write(
            '\n<div style={{ backgroundImage: "url(./images/hero.png)" }}>A</div>\n\n'
            f"<div style={{{{ backgroundImage: \"url('{data}')\" }}}}>B</div>\n\n"
            '<div style={{ maskImage: "url(/images/gone.png)" }}>C</div>\n'
        )
    with (repo / "guides" / "deep" / "intro.md").open("a") as handle:
        handle.write('\n<span style={{ backgroundImage: "url(chart.png)" }}>D</span>\n')
    check = docgen("check", "--format", "json", cwd=repo)
    found = [
        (d["file"], d["line"], d["column"], d["code"])
        for d in json.loads(check.stdout)["diagnostics"]
    ]
    assert found == [("index.mdx", 15, 31, "asset-not-found")]
    out = tmp_path / "out"
    build = docgen("build", str(repo / "docs.json"), "-o", str(out))
    assert build.returncode == 0 and build.stderr.count("asset-not-found") == 1
    assert "index.mdx:15:31" in build.stderr
    home = (out / "index.html").read_text()
    assert 'style="background-image:url(&#34;images/hero.png&#34;) !important"' in home
    assert f"background-image:url(&#34;{data}&#34;) !important" in home
    intro = (out / "guides" / "deep" / "intro" / "index.html").read_text()
    assert "url(&#34;../../../guides/deep/chart.png&#34;)" in intro


def test_an_icon_given_as_a_missing_file_is_reported_as_an_image_is(
    repo: Path, tmp_path: Path
) -> None:
    """A code block's, a component's and ``<Icon>``'s ``icon="/images/x.svg"`` naming no file
    is ``asset-not-found`` at its line and column (as ``<Card img>`` is); one that is there,
    or a URL, is not."""
    (repo / "images" / "ts.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    with (repo / "index.mdx").open("a") as handle:
        handle.write(
            '\n```ts example.ts icon="/images/gone.svg"\nconst a = 1\n```\n\n'
            '```ts other.ts icon="images/ts.svg"\nconst b = 2\n```\n\n'
            '<Card title="A" icon="images/card.png">x</Card>\n\n'
            'Inline <Icon icon="/images/mark.png" /> and '
            '<Icon icon="https://example.com/a.svg" />\n'
        )
    check = docgen("check", "--format", "json", cwd=repo)
    found = [
        (d["file"], d["line"], d["column"], d["code"], d["message"].split(":")[0])
        for d in json.loads(check.stdout)["diagnostics"]
    ]
    assert found == [
        ("index.mdx", 11, 24, "asset-not-found", "the page shows '/images/gone.svg'"),
        ("index.mdx", 19, 23, "asset-not-found", "the page shows 'images/card.png'"),
        ("index.mdx", 21, 20, "asset-not-found", "the page shows '/images/mark.png'"),
    ]
    build = docgen("build", str(repo / "docs.json"), "-o", str(tmp_path / "out"))
    assert build.returncode == 0 and build.stderr.count("asset-not-found") == 3


def test_a_drawings_image_of_the_site_is_re_pointed_and_a_missing_one_reported(
    repo: Path, tmp_path: Path
) -> None:
    """An inline ``<svg>``'s ``<image href>`` (or ``xlink:href``) naming a file of the site is
    kept and re-pointed as an ``<img src>`` is (it was left out without a word); a missing file
    is ``asset-not-found`` at its line and column in check and build alike."""
    with (repo / "index.mdx").open("a") as handle:
        handle.write(
            '\n<svg viewBox="0 0 9 9">\n  <image href="/images/hero.png" width="9" />\n'
            '  <image xlinkHref="images/gone.png" width="9" />\n</svg>\n\n'
            '<Note>\nA mark <svg viewBox="0 0 9 9"><image xlink:href="./images/lost.png" />'
            "</svg> in text.\n</Note>\n"
        )
    with (repo / "guides" / "deep" / "intro.md").open("a") as handle:
        handle.write('\n<svg viewBox="0 0 9 9"><image href="chart.png" width="9" /></svg>\n')
    check = docgen("check", "--format", "json", cwd=repo)
    found = [
        (d["file"], d["line"], d["column"], d["code"])
        for d in json.loads(check.stdout)["diagnostics"]
    ]
    assert found == [
        ("index.mdx", 13, 21, "asset-not-found"),
        ("index.mdx", 17, 50, "asset-not-found"),
    ]
    out = tmp_path / "out"
    build = docgen("build", str(repo / "docs.json"), "-o", str(out))
    assert build.returncode == 0 and build.stderr.count("asset-not-found") == 2
    assert "index.mdx:13:21" in build.stderr and "index.mdx:17:50" in build.stderr
    home = (out / "index.html").read_text()
    assert '<image href="images/hero.png" width="9"/>' in home
    assert '<image href="images/gone.png" width="9"/>' in home
    assert '<image href="images/lost.png"/>' in home
    intro = (out / "guides" / "deep" / "intro" / "index.html").read_text()
    assert '<image href="../../../guides/deep/chart.png" width="9"/>' in intro


_RUN = "document.documentElement.setAttribute('data-ran', '1')"
# Opened from the site, an SVG file is an XML document: only an SVG (or XHTML) element runs.
SVG_INERT = {
    "blank.svg": _SVG_OPEN + '><script xmlns=""/><rect width="9" height="9"/></svg>',
    "unbound.svg": _SVG_OPEN + f'><script xmlns="">{_RUN}</script></svg>',
    "comment.svg": _SVG_OPEN + f"><!-- <script>{_RUN}</script> --></svg>",
}
SVG_RUNS = {
    "redeclared.svg": (
        _SVG_OPEN + '><g xmlns=""><script xmlns="http://www.w3.org/2000/svg">'
        f"{_RUN}</script></g></svg>"
    ),
    "default.svg": _SVG_OPEN + f"><script>{_RUN}</script></svg>",
    "prefixed.svg": _SVG_OPEN
    + f'xmlns:s="http://www.w3.org/2000/svg"><s:script>{_RUN}</s:script></svg>',
    "handler.svg": _SVG_OPEN + '><g xmlns="" onclick="x()"/><rect onload="x()"/></svg>',
}


def test_a_script_element_in_no_namespace_is_inert_and_copied(
    browser: Any, repo: Path, tmp_path: Path
) -> None:
    """``<script xmlns=""/>`` (left by some editors in a logo) is no SVG or HTML element: the
    file is copied. A script in SVG's namespace, however declared, and any event handler are
    still refused; opened from the docs folder, the refused ones run and the copied ones do
    not (so the rule is what Chromium does)."""
    for name, text in {**SVG_INERT, **SVG_RUNS}.items():
        (repo / "images" / name).write_text(text)
    out = tmp_path / "out"
    build = docgen("build", str(repo / "docs.json"), "-o", str(out))
    assert build.returncode == 0, build.stderr
    skipped = sorted(re.findall(r"images/(\w+\.svg): warning\[asset-skipped\]", build.stderr))
    assert skipped == sorted(SVG_RUNS), build.stderr
    check = docgen("check", "--format", "json", cwd=repo)
    diagnostics = json.loads(check.stdout)["diagnostics"]
    refused = sorted(d["file"] for d in diagnostics if d["code"] == "asset-skipped")
    assert refused == sorted(f"images/{name}" for name in SVG_RUNS)
    for name in SVG_INERT:
        assert (out / "images" / name).read_text() == SVG_INERT[name]
    context = browser.new_context()
    tab = context.new_page()
    ran = "document.documentElement.getAttribute('data-ran')"
    with serve_folder(repo / "images") as site:
        for name in (*SVG_INERT, "redeclared.svg", "default.svg", "prefixed.svg"):
            tab.goto(f"{site}/{name}")
            assert tab.evaluate(ran) == (None if name in SVG_INERT else "1"), name
    context.close()


def test_an_xslt_sheet_in_two_svgs_runs_no_script(repo: Path, tmp_path: Path, page: Any) -> None:
    """A UTF-16 .svg naming an XSLT style sheet (the bytes do not spell "<?xml-stylesheet")
    and the sheet itself named .svg were both copied: opened from the site, the drawing's
    sheet wrote a page whose script ran in Chromium. Neither is copied now."""
    pair = {"drawing.svg": SVG_THAT_RUN_SCRIPT["xslt-utf16.svg"], "sheet.svg": XSLT_SHEET.encode()}
    for name, data in pair.items():
        (repo / "images" / name).write_bytes(data)
    with serve_folder(repo) as url:  # as the files would be served, were they copied
        page.goto(url + "/images/drawing.svg")
        page.wait_for_function("window.ran === 1", timeout=10_000)
    out = tmp_path / "out"
    build = docgen("build", str(repo / "docs.json"), "-o", str(out))
    assert build.returncode == 0, build.stderr
    skipped = [line for line in build.stderr.splitlines() if "asset-skipped" in line]
    assert sum("images/drawing.svg" in x or "images/sheet.svg" in x for x in skipped) == 2
    assert not (out / "images" / "drawing.svg").exists()
    assert not (out / "images" / "sheet.svg").exists()
