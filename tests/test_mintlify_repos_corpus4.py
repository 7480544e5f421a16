"""What a fourth batch of real Mintlify repos (an API client, an agent framework, a log
platform, an edge database, a survey tool, an AI database, two mint.json sites) hit, each
pinned by a test."""

from __future__ import annotations

import json
from pathlib import Path

from refresh_fixtures import run_docgen

from docgen.render.mdx import render_mdx


def _site(tmp_path: Path, config: dict[str, object], files: dict[str, str]) -> Path:
    site = tmp_path / "src"
    for name, text in files.items():
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    config_name = (
        "mint.json"
        if "navigation" in config and isinstance(config["navigation"], list)
        else "docs.json"
    )
    (site / config_name).write_text(json.dumps(config), encoding="utf-8")
    return site


def _run(site: Path, *args: str) -> tuple[int, str]:
    config = "mint.json" if (site / "mint.json").exists() else "docs.json"
    result = run_docgen([*args[:1], config, *args[1:]], site)
    return result.returncode, result.stdout + result.stderr


NAV = {"name": "Docs", "navigation": {"groups": [{"group": "G", "pages": ["index"]}]}}


def test_lenient_builds_a_page_whose_frontmatter_is_a_line_of_text(tmp_path: Path) -> None:
    # A tutorial whose frontmatter holds its title alone (no 'title:'): YAML reads a string,
    # as Mintlify's reader does, and Mintlify builds the page without frontmatter.
    site = _site(
        tmp_path,
        NAV,
        {
            "index.md": "# Home\n",
            "tutorial.mdx": "---\nAugmenting chats with GPT\n---\n\n## Introduction\n\nText.\n",
        },
    )
    code, out = _run(site, "check")
    assert code == 1, out
    assert "tutorial.mdx:2:1: error[page-parse-error]" in out
    assert "--lenient reports them as warnings" in out  # the hint counts it

    code, out = _run(site, "check", "--lenient")
    assert code == 0, out
    assert "tutorial.mdx:2:1: warning[page-parse-error]" in out
    code, out = _run(site, "build", "--lenient", "-o", str(tmp_path / "out"))
    assert code == 0, out
    html = (tmp_path / "out" / "tutorial" / "index.html").read_text(encoding="utf-8")
    assert "Introduction" in html


def test_lenient_keeps_frontmatter_that_is_not_yaml_an_error(tmp_path: Path) -> None:
    # YAML that does not parse fails Mintlify's build too ("Invalid frontmatter").
    site = _site(
        tmp_path,
        NAV,
        {"index.md": "# Home\n", "bad.mdx": "---\ntitle: [unclosed\n---\n\nText.\n"},
    )
    code, out = _run(site, "check", "--lenient")
    assert code == 1, out
    assert "bad.mdx:" in out and "error[page-parse-error]" in out


def _html(text: str) -> tuple[str, list[str]]:
    result = render_mdx(text, 1)
    return result.rendered.html, [f"{w.line}:{w.message}" for w in result.warnings]


def test_code_in_braces_is_left_out_not_shown_as_its_source() -> None:
    # An agent framework's home page: a blinking cursor drawn by an IIFE inside its <h1>.
    html, warnings = _html(
        '<h1 className="text-4xl">\n  Systems That Learn\n  {(() => {\n'
        "    const [visible, setVisible] = React.useState(true);\n"
        "    return (<span style={{opacity: visible ? 1 : 0}} />);\n  })()}\n</h1>\n"
    )
    assert "useState" not in html and "=&gt;" not in html, html
    assert ">Systems That Learn<a class=\"anchor heading-anchor\"" in html, html
    assert len(warnings) == 1 and warnings[0].startswith("3:") and "left out" in warnings[0]


def test_a_map_over_several_lines_is_one_expression_left_out() -> None:
    html, warnings = _html(
        'export const items = ["a", "b"]\n\nBefore.\n\n{items.map((item) => (\n'
        "  <Card title={item} />\n))}\n\nAfter.\n"
    )
    assert "map(" not in html and "))}" not in html and 'class="card"' not in html, html
    assert "<p>Before.</p>" in html and "<p>After.</p>" in html
    assert [w.split(":")[0] for w in warnings] == ["5"] and "left out" in warnings[0]


def test_a_comment_holding_code_like_text_still_shows_nothing_without_a_word() -> None:
    # An edge database's page: a diagram left for later, as an HTML comment in a JSX comment.
    html, warnings = _html(
        'Before.\n\n{/* <!--\nSuggested diagram: "Cold start"\n- Boxes: App -> DB (tiny)\n'
        "--> */}\n\nAfter.\n"
    )
    assert "Suggested" not in html and "<p>Before.</p>" in html and "<p>After.</p>" in html
    assert warnings == []


def test_words_in_braces_stay_text() -> None:
    html, warnings = _html("Match `x` with a{1,2} or the {surveyId} of {props.name}.\n")
    assert "a{1,2}" in html and "{surveyId}" in html and "{props.name}" in html
    assert len(warnings) == 3 and all("shown as text" in w for w in warnings)


def test_buttons_and_page_landmarks_keep_their_classes() -> None:
    # An API client's call to action: <a><button className=...>; a landing page's <header>.
    html, warnings = _html(
        '<a href="/start">\n  <button className="px-4 py-2 font-bold" type="submit" '
        'onClick={go} form="f">Get started</button>\n</a>\n\n'
        '<header className="flex gap-3">\n  <span>Docs</span>\n</header>\n\n'
        '<footer className="mt-8">Bye</footer>\n\n<nav className="links">In</nav>\n\n'
        'Released <time dateTime="2025-01-01" datetime="2025-01-01">today</time>.\n'
    )
    # Its handler cannot run: disabled (a click still follows the link around it in Chromium)
    assert (
        '<button class="mdx-button px-4 py-2 font-bold" type="button" disabled>Get started</button>'
        in html
    )
    assert "submit" not in html and "onclick" not in html.lower() and "form=" not in html
    assert '<header class="flex gap-3">' in html and '<footer class="mt-8">' in html
    assert '<nav class="links">' in html
    assert '<time datetime="2025-01-01">today</time>' in html, html
    assert not any("not allowed" in w for w in warnings), warnings


def test_jsx_camel_case_attributes_are_kept_as_html_spells_them() -> None:
    # A log platform's dashboards guide: muted looping videos with no controls, which only
    # play because of autoPlay; a table cell spanning two columns.
    html, warnings = _html(
        '<video autoPlay muted loop playsInline className="w-full" src="/v.mp4"></video>\n\n'
        '<audio autoPlay controls src="/a.mp3"></audio>\n\n'
        '<table>\n<tr><td colSpan={2} rowSpan="3">wide</td></tr>\n</table>\n'
    )
    assert '<video autoplay muted loop playsinline class="w-full" src="/v.mp4">' in html, html
    assert '<audio controls src="/a.mp3">' in html  # a sound never starts by itself
    assert '<td colspan="2" rowspan="3">wide</td>' in html, html
    assert warnings == []


def test_mint_json_hide_feedback_buttons_is_a_known_key(tmp_path: Path) -> None:
    # A web3 platform's mint.json: Mintlify documented 'hideFeedbackButtons' for mint.json.
    site = _site(
        tmp_path,
        {
            "name": "Acme",
            "hideFeedbackButtons": True,
            "navigation": [{"group": "Start", "pages": ["index"]}],
        },
        {"index.md": "# Home\n"},
    )
    code, out = _run(site, "check")
    assert code == 0, out
    assert "info[config-unused-key]: hideFeedbackButtons:" in out, out
