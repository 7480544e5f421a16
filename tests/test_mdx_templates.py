"""JSX components a page or snippet writes (``export const Hint = ({ title }) => (...)``): read,
never run, their uses shown with the props written in; bounded however they nest."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from test_mdx import html_of

HINT = """\
export const Hint = ({ title, href = "/start", tone }) => (
  <a href={href} className="hint"><strong>{title}</strong></a>
);

"""


def test_a_components_uses_show_its_body_with_their_props() -> None:
    html, warnings = html_of(
        HINT + '<Hint title="Read *this*" href="/guide" />\n\n'
        'Inline, <Hint title="with the default" /> too.\n'
    )
    assert warnings == []
    # A prop is text, never Markdown; a default fills a prop the use leaves out.
    assert '<a href="/guide" class="hint"><strong>Read *this*</strong></a>' in html
    assert 'Inline, <a href="/start" class="hint"><strong>with the default</strong></a>' in html


def test_children_conditions_and_missing_props() -> None:
    page = """\
export function Section({ title, description, link }) {
  return (
    <div>
      <h2>{title}</h2>
      {description && <p>{description}</p>}
      <Note>{children}</Note>
      <a href={link}>no link</a>
    </div>
  );
}

<Section title="One" description="Told">
  Kids with **bold** and a [link](/a).
</Section>

<Section title="Two" />
"""
    html, warnings = html_of(page)
    assert warnings == []
    one, two = html.split("<h2>")[1:]
    assert one.startswith("One</h2>") and "<p>Told</p>" in one
    assert 'Kids with <strong>bold</strong> and a <a href="/a">link</a>.' in one
    assert two.startswith("Two</h2>") and "<p>" not in two.split('role="note">')[0]
    assert "<a>no link</a>" in html  # an attribute whose prop is not given is left out


def test_components_from_snippets_in_mdx_and_jsx(tmp_path: Path) -> None:
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "hint.mdx").write_text(HINT)
    (tmp_path / "snippets" / "cards.jsx").write_text(
        'export const version = "3"\n\n'
        "export const Tile = ({ name, href }) => {\n"
        "  return (\n    <a href={href}>{name} v{version}</a>\n  );\n};\n"
    )
    (tmp_path / "snippets" / "plain.mdx").write_text("See <a href={href}>here</a>.\n\n{children}\n")
    page = (
        "import { Hint } from '/snippets/hint.mdx'\n"
        "import { Tile, version } from '/snippets/cards.jsx'\n"
        "import Plain from '/snippets/plain.mdx'\n\n"
        '<Hint title="From a snippet" />\n\n<Tile name="Tile" href="/tile" />\n\n'
        '<Plain href="/p">\n  A **child**.\n</Plain>\n'
    )
    html, warnings = html_of(page, tmp_path, "guide.mdx")
    assert warnings == []
    assert '<a href="/start" class="hint"><strong>From a snippet</strong></a>' in html
    assert '<a href="/tile">Tile v3</a>' in html
    # A snippet's props reach its attributes, and its {children} are read as MDX.
    assert 'See <a href="/p">here</a>.' in html and "A <strong>child</strong>." in html


def test_components_that_run_code_are_still_warned_about() -> None:
    page = (
        "export const Clock = () => {\n  const [t] = useState(0);\n  return <span>{t}</span>;\n};\n"
        "\n<Clock />\n"
    )
    _, warnings = html_of(page)
    assert any("export 'Clock' is not a plain value" in w for w in warnings)
    assert any("unknown MDX component <Clock>" in w for w in warnings)


def test_components_that_multiply_are_bounded() -> None:
    page = "export const A0 = () => (<b>x</b>);\n\n"
    for n in range(1, 30):
        page += f"export const A{n} = () => (<span><A{n - 1} /><A{n - 1} /></span>);\n\n"
    for use in ("<A29 />\n", "Text <A29 /> inline.\n"):
        started = time.monotonic()
        html, warnings = html_of(page + use)
        assert time.monotonic() - started < 20
        assert len(warnings) == 1 and ":mdx-too-deep:<A" in warnings[0]
        assert html.count("<b>x</b>") <= 1000


def test_ternaries_and_strings_built_from_props() -> None:
    page = """\
export const Head = ({ eyebrow, title, sub, url, slug = "intro" }) => (
  <div className="head">
    {eyebrow ? <div className="eyebrow">{eyebrow}</div> : null}
    <h2>{title}</h2>
    {!sub ? (<p>No subtitle: none given</p>) : <p className="sub">{sub}</p>}
    {url ? <iframe src={url + `?darkMode=true`} /> : "no frame"}
    <a href={`/docs/${slug}`}>{"Read " + slug}</a>
  </div>
);

<Head eyebrow="Products" title="Pick one" sub="Plans differ." url="https://draw.example/x" />

<Head title="Bare" slug="more" />
"""
    html, warnings = html_of(page)
    assert warnings == []
    full, bare = html.split('<div class="head">')[1:]
    assert '<div class="eyebrow">Products</div>' in full and "eyebrow" not in bare
    assert '<p class="sub">Plans differ.</p>' in full and "No subtitle" not in full
    assert "<p>No subtitle: none given</p>" in bare
    # (A frame from a host docgen does not embed is a link to it.)
    assert ">https://draw.example/x?darkMode=true</a>" in full
    assert "no frame" in bare and "draw.example" not in bare
    assert '<a href="/docs/intro">Read intro</a>' in full
    assert '<a href="/docs/more">Read more</a>' in bare


def test_a_component_that_returns_null_shows_nothing(tmp_path: Path) -> None:
    # A banner kept as a no-op so that fifty pages need not be edited to bring it back.
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "banner.mdx").write_text(
        "{/* V3Banner: a no-op for now */}\nexport const V3Banner = () => null;\n"
        "export function Later() { return null; }\n"
    )
    page = (
        "import { V3Banner, Later } from '/snippets/banner.mdx'\n\n<V3Banner />\n\n"
        "Text <Later /> here.\n"
    )
    html, warnings = html_of(page, tmp_path, "guide.mdx")
    assert warnings == []
    assert "Text  here." in html and "V3Banner" not in html and "Later" not in html


def test_an_export_whose_value_is_on_the_next_line_is_read(tmp_path: Path) -> None:
    # Prettier wraps a long ``export const URL = "..."`` after the ``=``: JavaScript reads on,
    # and so does docgen, in a snippet and in the page (an ``=>`` or a ``+`` at the end of a line
    # goes on too; a line ending in a comment goes on only if the code before it does).
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "links.mdx").write_text(
        'export const REPO_URL =\n  "https://example.com/repo";\n\n'
        'export const DOCS = "https://example.com/docs"; // or: the blog,\n'
        'export const BLOG =\n  "https://example.com/blog";\n'
    )
    (tmp_path / "snippets" / "tiles.jsx").write_text(
        "export const SITE =\n  'https://example.com/site';\n\n"
        "export const Tile = ({ name }) =>\n  <b>{name}</b>;\n"
    )
    page = (
        'import { REPO_URL } from "/snippets/links.mdx";\n'
        'import { SITE, Tile } from "/snippets/tiles.jsx";\n\n'
        "export const LABEL =\n  'Repository';\n\n"
        '<Card title="Repo" href={REPO_URL}>{LABEL}</Card>\n\n'
        'Site: {SITE} <Tile name="tile" />\n'
    )
    html, warnings = html_of(page, tmp_path, "guide.mdx")
    assert warnings == []
    assert 'href="https://example.com/repo"' in html and "Repository" in html
    assert "Site: https://example.com/site <b>tile</b>" in html
    html, warnings = html_of(
        'import { BLOG } from "/snippets/links.mdx";\n\nBlog: {BLOG}\n', tmp_path
    )
    assert warnings == []  # the comment's "," did not take the next export into DOCS
    assert "Blog: https://example.com/blog" in html


NESTED = """\
export const Nested = ({ parentKey, childKey, required, children }) => {
  const fullKey = `${parentKey}.${childKey}`;
  const anchorId = `body-${fullKey.split('.').join('-')}`;

return (

<div className="param" id={anchorId}>
  <a href={`#${anchorId}`}>#</a>
  <code title={fullKey}>{fullKey}</code>
  {required && (<span>required</span>)}
  {children && (
    <div className="desc">{children}</div>
  )}
</div>
); };
"""


def test_a_components_const_declarations_are_read_or_left_out(tmp_path: Path) -> None:
    # const lines before the return: a value built from props (a template string) is shown;
    # one docgen cannot compute (a method call) is left out with what shows it, said once a
    # page, and the rest of the component renders; {children && (...)} keeps its children.
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "nested.mdx").write_text(NESTED)
    page = (
        'import { Nested } from "/snippets/nested.mdx";\n\n'
        '<Nested parentKey="params" childKey="curve" required={true}>\n'
        "The **curve**.\n</Nested>\n\n"
        '<Nested parentKey="params" childKey="name" />\n'
    )
    html, warnings = html_of(page, tmp_path, "guide.mdx")
    assert html.count('<code title="params.curve">params.curve</code>') == 1
    assert '<code title="params.name">params.name</code>' in html
    assert "<span>required</span>" in html and html.count("required") == 1
    assert '<div class="desc">The <strong>curve</strong>.</div>' in html
    assert html.count('class="desc"') == 1  # no children, no branch
    assert "anchorId" not in html and 'href="#"' not in html and "id=" not in html
    assert html.count("<a>#</a>") == 2
    assert len(warnings) == 1 and "-:3:mdx-unsupported:<Nested> computes anchorId" in warnings[0]


def test_a_component_nested_in_itself_a_few_times_is_read_whole() -> None:
    # A field component of 7 nested elements, its children (fields) inside an Expandable, 4
    # levels down, 680 uses on the page (as generated API pages write them): neither the
    # depth bound nor the scan budget (which grows with what components expand to) cuts it.
    rows = "".join(f'<div className="r{i}">\n' for i in range(6)) + "<b>{name}</b>\n"
    rows += '<div className="kids">{children}</div>\n' + "</div>\n" * 6
    page = f"export const Field = ({{ name, children }}) => (\n{rows});\n\n"

    def fields(level: int, count: int) -> str:
        if level == 0:
            return "".join(f'<Field name="leaf{i}" />\n' for i in range(count))
        inner = fields(level - 1, count)
        return (
            f'<Field name="f{level}">\n<Expandable title="more">\n{inner}</Expandable>\n</Field>\n'
        )

    page += "".join(fields(4, 30) for _ in range(20))
    html, warnings = html_of(page)
    assert warnings == []
    assert html.count("<b>leaf29</b>") == 20 and html.count("<b>f4</b>") == 20


def test_an_attribute_a_component_computes_in_code_is_left_out_once_a_page() -> None:
    page = (
        "export const Title = ({ text, href }) => (\n"
        '  <h3 id={text.at(0)} title={text + "!"} data-x={`${href}#top`}>{text}</h3>\n'
        ");\n\n"
        '<Title text="Body" href="/a" />\n\n<Title text="Response" href="/b" />\n'
    )
    html, warnings = html_of(page)
    assert 'title="Body!"' in html and 'data-x="/b#top"' in html  # computed from props: kept
    assert html.count(">Body<") == 1 and html.count(">Response<") == 1
    assert "text.at" not in html
    assert len(warnings) == 1 and "<Title> computes text.at(0)" in warnings[0]


def test_uses_past_the_pages_budget_are_not_computed(monkeypatch: pytest.MonkeyPatch) -> None:
    """security.md item 20: a use past the page's budget of expansion was still computed
    (its constants, up to 1 MB each, and its body) and then left out: a component whose
    constants double each other to 512 KB, used a thousand times in a 40 KB page, took 20 s to
    build. Once the budget is spent, a use is not computed (counted by a wrapper that runs the
    real method), and the warning is where it was."""
    from docgen.render.jsxtemplates import Template

    calls: list[str] = []
    real = Template.use

    def counted(self: Template, *args: Any, **kwargs: Any) -> Any:
        calls.append(self.name)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Template, "use", counted)
    doubled = "".join(f"const a{i} = `${{a{i - 1}}}${{a{i - 1}}}`;\n" for i in range(1, 19))
    body = "const a0 = `${t}${t}`;\n" + doubled + "return (<div title={a18}>{t}</div>)"
    page = "export const E = ({t}) => {\n" + body + "\n}\n\n"
    for use in ('<E t="x" />\n\n', 'Text <E t="x" /> inline.\n\n'):
        calls.clear()
        _, warnings = html_of(page + use * 1000)
        assert len(calls) == 2, len(calls)  # the first fits, the second is over the budget
        assert len(warnings) == 1 and ":mdx-too-deep:<E>: the page's JSX" in warnings[0]
        assert warnings[0].startswith("-:26:"), warnings[0]  # the second use


def test_nested_maps_are_bounded_by_the_pages_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four nested ``.map`` over 60 items rebuilt the inner maps for every outer item, each up
    to 1 MB, and 100 uses of a 1.4 KB page took 71 s (review): what maps build, left-out work
    included, is charged to the page's budget."""
    from docgen.render import jsxtemplates

    calls = [0]
    real = jsxtemplates.fill

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] > 200_000:
            raise AssertionError("unbounded")
        return real(*args, **kwargs)

    monkeypatch.setattr(jsxtemplates, "fill", counted)
    items = ",".join(str(n) for n in range(60))
    maps = "<span>{x4}</span>"
    for level in (4, 3, 2, 1):
        maps = f"<div>{{L.map((x{level}) => ({maps}))}}</div>"
    page = f"export const L = [{items}];\n\nexport const Grid = () => (\n  {maps}\n);\n\n"
    _, warnings = html_of(page + "<Grid />\n\n" * 100)
    assert calls[0] < 200_000 and warnings


def test_a_long_chain_of_string_methods_is_left_as_code() -> None:
    """900 ``.trim()`` in a row overflowed Python's stack: an internal error (review)."""
    page = 'export const A = "Hi";\n\nexport const B = A' + ".trim()" * 900 + ";\n\n{B}\n"
    _, warnings = html_of(page)
    assert "is not evaluated" in warnings[-1]
    short = html_of('export const A = " Hi ";\n\nexport const B = A.trim().toLowerCase();\n\n{B}\n')
    assert short[0] == "hi" and short[1] == []  # a lone expression is no paragraph
