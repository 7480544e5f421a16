"""Mintlify navigation in a real headless Chromium: the language switcher, dropdown links and
``global`` anchors (phone and laptop, light and dark), and ``boost`` in search ranking."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mintlify_sites import PAGES, POLYGLOT, write_site
from refresh_fixtures import run_docgen
from serving import serve_folder

SHOTS = Path(__file__).resolve().parents[1] / "_screenshots"


def _build(folder: Path, config: dict[str, object], pages: list[str]) -> Path:
    folder.mkdir(exist_ok=True)
    write_site(folder, config, pages)
    out = folder.parent / f"{folder.name}-out"
    result = run_docgen(["build", "docs.json", "-o", str(out), "--quiet"], folder)
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def _tab(browser: Any, width: int, height: int, scheme: str = "light") -> Any:
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.errors = errors
    return tab


def test_language_switcher_dropdowns_and_global_anchors(browser: Any, tmp_path: Path) -> None:
    out = _build(tmp_path / "site", POLYGLOT, PAGES)
    SHOTS.mkdir(exist_ok=True)
    with serve_folder(out) as base:
        for scheme in ("light", "dark"):
            # Laptop: the switcher leads to the same page in the other language.
            tab = _tab(browser, 1280, 800, scheme)
            tab.goto(f"{base}/fr/guide/install/")
            switcher = tab.locator("select[aria-label=Language]")
            assert switcher.is_visible()
            assert switcher.locator("option:checked").inner_text() == "Français"
            tab.screenshot(path=str(SHOTS / f"mintlify-languages-laptop-{scheme}.png"))
            switcher.select_option(label="English")
            tab.wait_for_url(f"{base}/guide/install/")
            assert tab.locator("html").get_attribute("lang") == "en"
            # Dropdowns of the Products tab: a row of links atop the sidebar.
            tab.locator("nav.tabs a", has_text="Products").click()
            tab.wait_for_url(f"{base}/cloud/")
            row = tab.locator("nav.sidenav[aria-label=Sections]")
            row.locator("a", has_text="Edge").click()
            tab.wait_for_url(f"{base}/edge/")
            current = tab.locator('nav.sidenav a[aria-current="true"]')  # a section, not the page
            assert current.inner_text() == "Edge"
            anchors = tab.locator("nav.sidenav-anchors a")
            texts = anchors.all_inner_texts()
            assert len(texts) == 2 and texts[0].startswith("Status") and "Blog" in texts[1]
            assert anchors.first.is_visible()
            tab.screenshot(path=str(SHOTS / f"mintlify-dropdowns-laptop-{scheme}.png"))
            assert tab.errors == []
            tab.context.close()
            # Phone: the switcher fits in the top bar; the anchors are in the opened menu.
            tab = _tab(browser, 390, 844, scheme)
            tab.goto(f"{base}/help/")
            # Everything in the top bar fits: the switcher and the theme toggle on screen.
            for selector in ("select[aria-label=Language]", "[data-docgen-theme]"):
                box = tab.locator(selector).bounding_box()
                assert box is not None and box["x"] + box["width"] <= 390, selector
            tab.locator("[data-docgen-menu]").click()
            assert tab.locator("nav.sidenav-anchors a", has_text="Status").is_visible()
            cards = tab.locator(".directory-listing a.card")
            assert cards.count() == 2
            tab.screenshot(path=str(SHOTS / f"mintlify-menu-phone-{scheme}.png"))
            assert tab.errors == []
            tab.context.close()


BOOSTED = {
    "name": "B",
    "navigation": {"groups": [
        {"group": "Plain", "pages": ["index", "plain"]},
        {"group": "Boosted", "boost": 10, "pages": ["other"]},
    ]},
}  # fmt: skip


def _first_result(browser: Any, site: Path) -> str:
    with serve_folder(site) as base:
        tab = _tab(browser, 1280, 800)
        tab.goto(f"{base}/")
        tab.keyboard.press("/")
        tab.locator("#search-input").fill("zebra")
        results = tab.locator("#search-results a[role=option]")
        results.nth(1).wait_for()
        first: str = results.first.inner_text().split("\n")[0]
        tab.context.close()
        return first


def test_boost_ranks_a_group_higher_in_search(browser: Any, tmp_path: Path) -> None:
    bodies = {
        "plain": "The zebra runs. A zebra sleeps. Zebra, zebra.",
        "other": "Many words of text here, and one zebra among them.",
    }

    def site(name: str, config: dict[str, object]) -> Path:
        folder = tmp_path / name
        folder.mkdir()
        for page, text in bodies.items():
            (folder / f"{page}.mdx").write_text(f"---\ntitle: {page}\n---\n\n{text}\n")
        return _build(folder, config, ["index"])

    # Without boost the page that says "zebra" four times ranks first; boost 10 on the
    # other page's group puts that one first.
    plain = {"name": "B", "navigation": {"groups": [
        {"group": "Plain", "pages": ["index", "plain"]},
        {"group": "Boosted", "pages": ["other"]},
    ]}}  # fmt: skip
    assert _first_result(browser, site("unboosted", plain)) == "plain"
    assert _first_result(browser, site("boosted", BOOSTED)) == "other"


def _result_links(tab: Any, query: str) -> list[str]:
    tab.keyboard.press("/")
    tab.locator("#search-input").fill(query)
    tab.wait_for_function(
        "() => / found\\.$/.test(document.querySelector('[data-docgen-search-status]').textContent)"
    )
    links: list[str] = tab.locator("#search-results a.search-result-page").evaluate_all(
        "els => els.map(a => new URL(a.href).pathname)"
    )
    return links


def test_search_keeps_to_the_readers_language(browser: Any, tmp_path: Path) -> None:
    """Every page says "The <name> page."; a search from a French page finds only the French
    pages, and from an English page only the English ones."""
    out = _build(tmp_path / "site", POLYGLOT, PAGES)
    with serve_folder(out) as base:
        tab = _tab(browser, 1280, 800)
        tab.goto(f"{base}/fr/start/")
        french = _result_links(tab, "page")
        assert sorted(french) == ["/fr/guide/install/", "/fr/start/"]
        # The results' section line leaves the language out, as the breadcrumbs do.
        sections = tab.locator("#search-results .search-result-crumbs").all_inner_texts()
        assert sections and not any(text.startswith("fr") for text in sections), sections
        tab.goto(f"{base}/guide/install/")
        english = _result_links(tab, "page")
        assert len(english) == len(PAGES) - 2
        assert not any(link.startswith("/fr/") for link in english)
        assert tab.errors == []
        tab.context.close()


def test_a_phone_shows_the_whole_current_version(browser: Any, tmp_path: Path) -> None:
    # Date- and semver-named versions ("2026-04", "v1.15.17") were cut to "2026-0" on a phone.
    config = {
        "name": "Billing",
        "navigation": {
            "versions": [
                {"version": name, "groups": [{"group": "G", "pages": [page]}]}
                for name, page in (("2026-04", "start"), ("v1.15.17", "old"))
            ]
        },
    }
    out = _build(tmp_path / "site", config, ["start", "old"])
    with serve_folder(out) as base:
        tab = _tab(browser, 390, 800)
        for page in ("start", "old"):
            tab.goto(f"{base}/{page}/")
            switcher = tab.locator("select[data-docgen-version]")
            assert switcher.is_visible()
            room, needed = switcher.evaluate(
                """s => { const style = getComputedStyle(s);
                          const ctx = document.createElement("canvas").getContext("2d");
                          ctx.font = style.font;
                          const text = ctx.measureText(s.selectedOptions[0].text).width;
                          return [s.clientWidth, text + parseFloat(style.paddingLeft)
                                  + parseFloat(style.paddingRight)]; }"""
            )
            assert needed <= room, (page, needed, room)
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
        assert tab.errors == []


def test_every_navbar_link_is_reachable_at_every_width(browser: Any, tmp_path: Path) -> None:
    # Below 1001px the top bar hides the navbar's links (and, on a phone with a version
    # switcher, its button): the sidebar menu offers them there, and only there.
    config = {
        "name": "Crawl",
        "navbar": {
            "links": [{"label": "Status", "href": "https://status.x.test"}],
            "primary": {"type": "button", "label": "Sign up", "href": "https://x.test/up"},
        },
        "navigation": {
            "versions": [
                {"version": name, "groups": [{"group": "G", "pages": [page]}]}
                for name, page in (("v2", "start"), ("v1", "old"))
            ]
        },
    }
    out = _build(tmp_path / "site", config, ["start", "old"])
    shown = """href => Array.from(document.querySelectorAll(`a[href="${href}"]`)).filter(
                 a => a.getClientRects().length && getComputedStyle(a).visibility === "visible"
               ).map(a => a.closest(".sidebar") ? "sidebar" : "topbar")"""
    with serve_folder(out) as base:
        for width, status, signup in (
            (1280, ["topbar"], ["topbar"]),
            (800, ["sidebar"], ["topbar"]),
            (390, ["sidebar"], ["sidebar"]),
        ):
            tab = _tab(browser, width, 800)
            tab.goto(f"{base}/start/")
            if width < 1000:
                tab.locator("[data-docgen-menu]").click()
                tab.locator("#sidebar").wait_for(state="visible")
                tab.wait_for_timeout(300)  # the drawer slides in
            assert tab.evaluate(shown, "https://status.x.test") == status, width
            assert tab.evaluate(shown, "https://x.test/up") == signup, width
            assert tab.errors == []
            tab.context.close()
