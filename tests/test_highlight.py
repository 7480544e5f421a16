"""The JSON fast path of highlighting gives Pygments' HTML byte for byte (issue 15)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from docgen.render.highlight import _cached, highlight, json_html

_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(_VALUES, st.sampled_from([2, None]))
def test_json_fast_path_is_pygments_byte_for_byte(value: Any, indent: int | None) -> None:
    code = json.dumps(value, indent=indent, ensure_ascii=False)
    fast = json_html(code)
    assert fast is not None
    assert fast == _cached(code, "json")
    assert highlight(code, "json") == fast


def test_json_that_is_not_plain_json_goes_to_pygments() -> None:
    for code in ('{"a": NaN}', "// note\n{}", "{'a': 1}", '{"a": Infinity}'):
        assert json_html(code) is None
        assert highlight(code, "json") == _cached(code, "json")
    assert "<script>" not in highlight('{"a": "<script>"}', "json")


@settings(max_examples=200, deadline=None)
@given(st.lists(_VALUES, min_size=1, max_size=6))
def test_json_text_is_an_indented_dump_of_each_value_object(values: list[Any]) -> None:
    from docgen.render.examples import json_text

    for _ in range(2):  # the second round reads the memo
        for value in values:
            assert json_text(value) == json.dumps(value, indent=2, ensure_ascii=False, default=str)
    # Equal copies, and objects made and dropped one after another (whose ids the allocator
    # hands out again), each give their own text.
    for value in values:
        copy = json.loads(json.dumps(value))
        assert json_text(copy) == json.dumps(copy, indent=2, ensure_ascii=False, default=str)
    for number in range(50):
        fresh = {"n": number, "items": [number] * 3}
        assert json_text(fresh) == json.dumps(fresh, indent=2, ensure_ascii=False)
