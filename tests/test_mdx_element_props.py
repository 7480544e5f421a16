"""Props given as JSX elements (``title={<>... <code>x</code></>}``, ``label={<><Icon /> Go</>}``,
``tip={<>See <a href="/x">this</a></>}``): shown as markup, under the page's own rules, where
the component shows the prop; their text where it cannot hold markup; never their source.
And ``<button onClick={...}>``: its label in an inert button, never its handler or source."""

from __future__ import annotations

import re

from docgen.render.mdx import mdx_warnings, render_mdx


def _html(body: str) -> tuple[str, list[str]]:
    result = render_mdx(body, 1, base="../")
    return result.rendered.html, [w.message for w in result.warnings]


def test_titles_given_as_elements_keep_their_markup() -> None:
    html, warnings = _html(
        "<Steps>\n<Step title={<>Add the URL to <code>docs.json</code>.</>}>\nx\n</Step>\n"
        "</Steps>\n\n<Accordion title={<span>Hi <b>there</b></span>}>\nBody\n</Accordion>\n\n"
        '<Card title={<span>Read <em>this</em> <a href="/guide">guide</a></span>} href="/a">'
        "b</Card>\n\n"
        '<Tabs>\n<Tab title={<Icon icon="rocket" />}>\nA\n</Tab>\n<Tab title="B">\nB\n</Tab>\n'
        "</Tabs>\n"
    )
    assert warnings == []
    assert '<p class="step-title">Add the URL to <code>docs.json</code>.</p>' in html
    assert "<summary><span>Hi <b>there</b></span></summary>" in html
    # Inside a card that is a link, a link shows as its text.
    assert '<p class="card-title"><span>Read <em>this</em> guide</span></p>' in html
    tab = re.search(r'aria-selected="true"( aria-label="rocket")?>(.*?)</button>', html)
    assert tab is not None and 'data-icon="rocket"><svg' in tab.group(2)
    assert tab.group(1)  # an icon alone: the icon's name is the tab's name for screen readers
    assert "tabindex=-1>B</button>" in html  # a title with text needs none


def test_text_inside_an_element_prop_is_jsx_text_not_markdown() -> None:
    """In MDX, text inside JSX in an expression is literal: no emphasis, code, links, escapes
    or math; tags, {expressions} and HTML entities are read, the paragraph's text still is."""
    html, warnings = _html(
        "<Accordion title={<span>a_b *c* `d` [e](/f) $g$ \\* &amp; <b>h*i*</b> {'j'}</span>}>"
        "\nBody *k*\n</Accordion>\n\nAfter *l* and `m`.\n"
    )
    assert warnings == []
    assert "<summary><span>a_b *c* `d` [e](/f) $g$ \\* &amp; <b>h*i*</b> j</span></summary>" in html
    assert "<p>Body <em>k</em></p>" in html
    assert '<p>After <em>l</em> and <span class="code-glue"><code>m</code>.</span></p>' in html


def test_an_update_label_with_an_icon_shows_both_and_anchors_on_its_text() -> None:
    html, warnings = _html(
        '<Update label={<><Icon icon="rocket" size={16} color="currentColor" />'
        "<span style={{marginLeft: '8px'}}>Quickstart</span></>} description={<>Run "
        "<code>init</code></>}>\nx\n</Update>\n"
    )
    assert warnings == []
    head = html.split('<div class="update-body">')[0]
    assert '<section class="mdx-update" id="quickstart">' in head
    assert '<a href="#quickstart"><span class="icon-wrap" data-icon="rocket"' in head
    assert re.search(r'</svg></span><span style="margin-left:8px[^"]*">Quickstart</span></a>', head)
    assert "<p>Run <code>init</code></p>" in head


def test_a_tooltip_tip_given_as_an_element_and_a_cta_are_markup() -> None:
    html, warnings = _html(
        'A <Tooltip tip={<>See <a href="/x">this</a></>} cta="Read more" href="/guide">word'
        "</Tooltip> here.\n"
    )
    assert warnings == []
    assert html == (
        '<p>A <span class="mdx-tooltip mdx-tooltip-rich" tabindex="0">word'
        '<span class="mdx-tip" role="tooltip">See <a href="../x/">this</a> '
        '<a class="tip-cta" href="../guide/">Read more</a></span></span> here.</p>\n'
    )


def test_plain_text_props_are_unchanged() -> None:
    html, _ = _html('A <Tooltip headline="API" tip="Interface">API</Tooltip>.\n')
    assert html == (
        '<p>A <span class="mdx-tooltip" tabindex="0" data-tip="API: Interface" '
        'title="API: Interface">API</span>.</p>\n'
    )
    html, _ = _html('<Update label="v1.2" description="d">\nx\n</Update>\n')
    assert '<a href="#v1-2">v1.2</a><p>d</p></div>' in html
    html, _ = _html('<Accordion title="Plain" description="more">\nB\n</Accordion>\n')
    assert '<summary>Plain<span class="accordion-desc">more</span></summary>' in html


def test_element_props_are_sanitised_like_the_page() -> None:
    body = (
        '<Step title={<span onClick={() => alert(1)} onMouseOver="x()">Go '
        '<a href="javascript:alert(1)">x</a><script>alert(2)</script>'
        '<img src="x" onError="alert(3)" /></span>}>\nB\n</Step>\n\n'
        'T <Tooltip tip={<a href="JaVaScRiPt:alert(4)">bad</a>} cta="c" href="javascript:x">'
        "w</Tooltip>\n"
    )
    html, warnings = _html(body)
    lowered = html.lower()
    assert "javascript" not in lowered and "alert" not in lowered
    assert not re.search(r"\son[a-z]+=", lowered)
    assert "<script" not in lowered and "{<" not in html
    assert '<p class="step-title"><span>Go <a>x</a>' in html
    assert any("onClick" in w for w in warnings)
    # check finds what build reports
    assert [w.message for w in mdx_warnings(body)] == warnings


def test_a_prop_that_cannot_hold_markup_shows_the_element_text() -> None:
    html, _ = _html("<Frame caption={<>A <b>chart</b></>}>\n![x](/a.png)\n</Frame>\n")
    assert "<figcaption>A chart</figcaption>" in html and "{<" not in html and "&lt;" not in html


def test_a_button_shows_its_label_inert_and_never_its_handler() -> None:
    html, warnings = _html("Para <button onClick={() => go()}>Go</button> end.\n")
    assert (
        html == '<p>Para <button class="mdx-button" type="button" disabled>Go</button> end.</p>\n'
    )
    assert warnings == ["<button onClick={...}> is not a plain value; docgen does not run it"]
    # CrewAI's hero: a link, then a button whose handler holds a prompt with blank lines
    body = (
        '<div>\n  <a href="/start">Get started</a>\n  <button\n    type="button"\n'
        "    onClick={async (event) => {\n      const prompt = `Set up.\n\nFirst install.\n\n"
        "Then run.`;\n      await navigator.clipboard.writeText(prompt);\n    }}\n  >\n"
        "    Copy instructions\n  </button>\n</div>\n"
    )
    html, warnings = _html(body)
    assert '<button class="mdx-button" type="button" disabled>Copy instructions</button>' in html
    assert "prompt" not in html and "&lt;" not in html and "onClick" not in html
    assert [w.message for w in mdx_warnings(body)] == warnings


PAGE_COMPONENTS = """\
export const Icon = ({ children }) => (
  <svg viewBox="0 0 24 24">
    {children}
  </svg>
);

export const QuickCard = ({ icon, title, badge }) => (
  <a href="/start">
    <div className="icon-box">
      {icon}
    </div>
    {badge && <span className="badge-slot">{badge}</span>}
    <h3>{title}</h3>
  </a>
);

"""


def test_a_page_component_shows_an_element_prop_where_it_writes_it() -> None:
    """spree's home: a card the page defines gets its icon as `icon={<Icon>...</Icon>}`, drawn
    by an `Icon` the page defines too (named like Mintlify's own, a block on its line)."""
    html, warnings = _html(
        PAGE_COMPONENTS
        + '<QuickCard title="Start" icon={<Icon><rect width="18" /></Icon>} '
        + "badge={<b>New</b>} />\n\n"
        + 'Inline <Icon><circle r="2" /></Icon> too.\n'
    )
    assert warnings == []
    drawing = '<svg viewBox="0 0 24 24" data-drawing aria-hidden="true" focusable="false">'
    assert f'<div class="icon-box">{drawing}<rect width="18"/></svg>' in html
    assert '<span class="badge-slot"><b>New</b></span>' in html
    assert f'<p>Inline {drawing}<circle r="2"/></svg> too.</p>' in html
    assert "&lt;" not in html and "<p></p>" not in html
