"""Generated request samples are highlighted from their structure, byte for byte as Pygments'
lexers highlight the written code (issue 15); anything unsure goes to the lexer."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from docgen.render import samplehtml, samples
from docgen.render.highlight import _cached, _lexer

_PLAIN = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
_URLISH = st.text("abcXYZ019/:.?&=%-_{}~+@,", max_size=30)
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True, allow_infinity=True)
    | _PLAIN
    | _URLISH
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(_PLAIN | _URLISH, inner, max_size=4)
    ),
    max_leaves=15,
)
_SHAPES = st.builds(
    samples.RequestShape,
    st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE", "get", "M-SEARCH"]),
    st.builds(lambda a, b: "https://api.example.com/" + a + b, _URLISH, _URLISH | _PLAIN) | _URLISH,
    st.lists(st.tuples(_URLISH | _PLAIN, _URLISH | _PLAIN), max_size=3).map(tuple),
    st.none() | _VALUES,
    st.just("application/json"),
)
_LEXERS = {"curl": "bash", "python": "python", "javascript": "javascript"}


def _pygments(code: str, lang: str) -> str:
    assert _lexer(_LEXERS[lang]) is not None
    return _cached(code, _LEXERS[lang])


@settings(max_examples=400, deadline=None)
@given(_SHAPES, st.sampled_from(sorted(_LEXERS)))
def test_samples_are_pygments_byte_for_byte(shape: samples.RequestShape, lang: str) -> None:
    (sample,) = samples.generated(shape, (lang,))
    if len(sample.code) <= 8_000:
        assert sample.code_html == _pygments(sample.code, lang)


def test_the_fast_path_is_taken_for_ordinary_requests() -> None:
    body: Any = {
        "title": "Found a bug",
        "labels": ["bug", 1, -2.5, True, None, 1e20, {}],
        "nested": {"n": [], "q": "100% {done} {{x}} %s %(name)d"},
    }
    shape = samples.RequestShape(
        "POST",
        "https://api.github.com/repos/{owner}/{repo}/issues?per_page=30&q=%20a",
        (("Accept", "application/vnd.github+json"), ("Authorization", "Bearer <token>")),
        body,
        "application/json",
    )
    for lang in _LEXERS:
        code = samples._WRITERS[lang](shape)
        data = json.dumps(body, ensure_ascii=False, default=str)
        fast = samplehtml.sample_html(lang, "POST", shape.url, shape.headers, body, data)
        assert fast is not None, lang
        assert fast == _pygments(code, lang), lang
        assert "&lt;token&gt;" in fast


def test_unsure_values_go_to_the_lexer() -> None:
    quote = samples.RequestShape("GET", "https://x.test/it's", (), None, None)
    assert samplehtml.sample_html("curl", "GET", quote.url, (), None, None) is None
    assert samplehtml.sample_html("python", "GET", quote.url, (), None, None) is None
    nan = float("nan")
    assert samplehtml.sample_html("javascript", "GET", "https://x.test/", (), [nan], None) is None
    (sample,) = samples.generated(quote, ("python",))
    assert sample.code_html == _pygments(sample.code, "python")


def test_x_code_samples_cover_the_generated_language_they_are_written_in() -> None:
    """An ``x-codeSamples`` entry in ``bash`` (Mintlify's name for curl), ``node`` or ``py``
    stands in for that generated sample instead of showing beside it (two cURL tabs)."""
    shape = samples.RequestShape("POST", "https://api.example.com/x", (), {"a": 1}, None)
    operation = {
        "x-codeSamples": [
            {"lang": "bash", "label": "cURL", "source": "curl -X POST https://api.example.com/x"},
            {"lang": "node", "source": "await fetch('https://api.example.com/x')"},
        ]
    }
    shown = samples.samples(operation, shape, ("curl", "python", "javascript"))
    assert [(s.lang, s.label) for s in shown] == [
        ("bash", "cURL"),
        ("node", "Node.js"),
        ("python", "Python"),
    ]


def test_x_code_samples_without_a_label_are_named_as_people_write_the_language() -> None:
    shape = samples.RequestShape("GET", "https://api.example.com/x", (), None, None)
    written = ["typescript", "go", "csharp", "sh", "made-up-lang"]
    operation = {"x-codeSamples": [{"lang": lang, "source": "x"} for lang in written]}
    shown = samples.samples(operation, shape, ())
    assert [s.label for s in shown] == ["TypeScript", "Go", "C#", "Bash", "made-up-lang"]
