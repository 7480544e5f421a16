"""Unit tests of the loaders (``docgen.load``) and of the spec loader on hostile input.

security.md §5-§9: alias bombs, cyclic aliases, deep nesting, YAML 1.1 surprises, paths and
``$ref`` leaving the docs root.
"""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from docgen.diagnostics import Code, Diagnostics
from docgen.exceptions import LoadError, UnsafePathError
from docgen.load import json_locate, source, yaml_safe
from docgen.load.paths import display_name, is_remote, resolve_inside
from docgen.spec.loader import SpecLoader

DEEP = 100_000


def _billion_laughs(levels: int = 9) -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    names = "abcdefghijklmnop"[:levels]
    for prev, name in itertools.pairwise(names):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


# -- yaml_safe: hostile input ---------------------------------------------------------------------


def test_alias_bomb_is_rejected_quickly() -> None:
    text = _billion_laughs()
    assert len(text) < 1000
    start = time.perf_counter()
    with pytest.raises(LoadError) as info:
        yaml_safe.load_yaml(text)
    assert time.perf_counter() - start < 2.0
    assert "alias bomb" in info.value.message
    assert info.value.line is not None and info.value.line <= 9


def test_benign_anchors_still_load() -> None:
    text = textwrap.dedent("""\
        components:
          schemas:
            Id: &id {type: string, format: uuid}
            User:
              properties:
                id: *id
                owner: *id
        """)
    data = yaml_safe.load_yaml(text)
    props = data["components"]["schemas"]["User"]["properties"]
    assert props["id"] == props["owner"] == {"type": "string", "format": "uuid"}


def test_merge_keys_merge_under_the_keys_written_beside_them() -> None:
    """``<<: *base`` (and a list of bases) as js-yaml and PyYAML read it; a quoted "<<" is a
    plain key."""
    data = yaml_safe.load_yaml(
        textwrap.dedent("""\
        Base: &base {name: model, in: path, required: true}
        Extra: &extra {deprecated: true, example: m1}
        ModelA:
          <<: *base
          description: The model.
        ModelB:
          <<: [*extra, *base]
          name: other
        Quoted: {"<<": x}
        """)
    )
    assert data["ModelA"] == {
        "name": "model",
        "in": "path",
        "required": True,
        "description": "The model.",
    }
    assert data["ModelB"] == {
        "name": "other",
        "in": "path",
        "required": True,
        "deprecated": True,
        "example": "m1",
    }
    assert data["Quoted"] == {"<<": "x"}


def test_many_small_aliases_within_budget_load() -> None:
    # 2,000 aliases of a 3-node mapping: expansion proportional to the document, not a bomb.
    text = "base: &b {x: 1}\nitems:\n" + "".join("  - *b\n" for _ in range(2000))
    assert len(yaml_safe.load_yaml(text)["items"]) == 2000


@pytest.mark.parametrize("text", ["a: &x [1, *x]\n", "a: &x {b: {c: *x}}\n"])
def test_cyclic_alias_is_rejected(text: str) -> None:
    with pytest.raises(LoadError) as info:
        yaml_safe.load_yaml(text)
    assert "cyclic alias '*x'" in info.value.message
    assert (info.value.line, info.value.column) == (1, text.index("*x") + 1)


def test_unknown_alias_is_a_load_error() -> None:
    with pytest.raises(LoadError, match=r"unknown alias '\*nope'"):
        yaml_safe.load_yaml("a: *nope\n")


@pytest.mark.parametrize(
    "text",
    [
        "[" * DEEP + "]" * DEEP,
        "{a: " * DEEP + "1" + "}" * DEEP,
        "x: " + "[" * DEEP,  # deep *and* unterminated
    ],
    ids=["flow-sequences", "flow-mappings", "unterminated"],
)
def test_deep_yaml_is_a_load_error(text: str) -> None:
    start = time.perf_counter()
    with pytest.raises(LoadError) as info:
        yaml_safe.load_yaml(text)
    assert time.perf_counter() - start < 5.0
    assert f"nesting deeper than {yaml_safe.MAX_DEPTH} levels" in info.value.message
    assert info.value.line == 1


def test_deep_block_yaml_is_a_load_error() -> None:
    text = "a:\n" + "".join(" " * i + "-\n" for i in range(1, 700))
    with pytest.raises(LoadError, match="nesting deeper than"):
        yaml_safe.load_yaml(text)


def test_nesting_up_to_the_limit_loads() -> None:
    depth = yaml_safe.MAX_DEPTH
    data = yaml_safe.load_yaml("[" * depth + "]" * depth)
    for _ in range(depth - 1):
        data = data[0]
    assert data == []


def test_deep_input_never_crashes_the_interpreter() -> None:
    """libyaml's composer recurses: a crash here is a segfault, so try it in a child process."""
    code = textwrap.dedent(f"""
        from docgen.exceptions import LoadError
        from docgen.load import source, yaml_safe
        for load, text in [
            (yaml_safe.load_yaml, "[" * {DEEP} + "]" * {DEEP}),
            (yaml_safe.load_yaml, "a: " + "{{b: " * {DEEP} + "1" + "}}" * {DEEP}),
            (source.parse_json, "[" * {DEEP} + "]" * {DEEP}),
            (source.parse_json, '{{"a": ' * {DEEP} + "1" + "}}" * {DEEP}),
        ]:
            try:
                load(text)
            except LoadError as exc:
                print("LoadError", exc.message)
            else:
                print("loaded")
    """)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 4 and all(line.startswith("LoadError") for line in lines), lines


# -- yaml_safe: YAML 1.2 scalars ----------------------------------------------------------------


def test_status_code_keys_are_kept_as_written() -> None:
    data = yaml_safe.load_yaml(
        "responses:\n  200: {description: OK}\n  '404': {description: x}\n"
        "  4XX: {description: y}\n  default: {description: z}\n"
    )
    assert list(data["responses"]) == ["200", "404", "4XX", "default"]


@pytest.mark.parametrize("word", ["on", "off", "yes", "no", "y", "n", "On", "YES", "No"])
def test_yaml_11_booleans_stay_strings(word: str) -> None:
    data = yaml_safe.load_yaml(f"enum: [{word}]\n{word}: value\n")
    assert data["enum"] == [word]
    assert data[word] == "value"


def test_dates_stay_strings() -> None:
    data = yaml_safe.load_yaml(
        "example: 2024-01-02\nstamp: 2024-01-02T10:00:00Z\ntagged: !!timestamp 2001-12-14\n"
    )
    assert data == {
        "example": "2024-01-02",
        "stamp": "2024-01-02T10:00:00Z",
        "tagged": "2001-12-14",
    }


def test_core_schema_scalars() -> None:
    data = yaml_safe.load_yaml(
        "t: true\nf: False\nn: null\ntilde: ~\nempty:\ni: 42\nneg: -7\nhex: 0x1F\noct: 0o17\n"
        "fl: 1.5\nexp: 1e3\ninf: .inf\nsexagesimal: 1:30\nunderscore: 1_000\nversion: 3.1.0\n"
    )
    assert data["t"] is True and data["f"] is False
    assert data["n"] is None and data["tilde"] is None and data["empty"] is None
    assert (data["i"], data["neg"], data["hex"], data["oct"]) == (42, -7, 31, 15)
    assert (data["fl"], data["exp"], data["inf"]) == (1.5, 1000.0, float("inf"))
    # YAML 1.1-only forms stay text.
    assert data["sexagesimal"] == "1:30"
    assert data["underscore"] == "1_000"
    assert data["version"] == "3.1.0"


def test_yaml_syntax_error_has_a_position() -> None:
    with pytest.raises(LoadError) as info:
        yaml_safe.load_yaml("openapi: 3.1.0\npaths:\n  /x: [a, b\n")
    assert info.value.message.startswith("invalid YAML: ")
    assert info.value.line is not None and info.value.column is not None


def test_complex_key_is_a_load_error() -> None:
    with pytest.raises(LoadError, match="complex"):
        yaml_safe.load_yaml("? [a, b]\n: 1\n")


def test_yaml_locate_node() -> None:
    text = "a:\n  b:\n    - 1\n    - c: 2\n200: x\n"
    nodes = yaml_safe.compose_yaml(text)
    assert yaml_safe.locate_node(nodes, "") == (1, 1)
    assert yaml_safe.locate_node(nodes, "/a") == (2, 3)
    assert yaml_safe.locate_node(nodes, "/a#key") == (1, 1)
    assert yaml_safe.locate_node(nodes, "/a/b/0") == (3, 7)
    assert yaml_safe.locate_node(nodes, "/a/b/1/c") == (4, 10)
    assert yaml_safe.locate_node(nodes, "/a/b/1/c#key") == (4, 7)
    assert yaml_safe.locate_node(nodes, "/200") == (5, 6)
    # A pointer that does not exist gives its nearest existing ancestor.
    assert yaml_safe.locate_node(nodes, "/a/b/9") == (2, 3)


# -- JSON ------------------------------------------------------------------------------------


def test_json_syntax_error_has_a_position() -> None:
    with pytest.raises(LoadError) as info:
        source.parse_json('{\n  "a": 1,\n}\n')
    # The slip itself (the trailing comma), not where the parser gave up.
    assert (info.value.line, info.value.column) == (2, 9)
    assert info.value.message.startswith("invalid JSON: ")


def test_deep_json_is_a_load_error() -> None:
    with pytest.raises(LoadError, match="nesting too deep"):
        source.parse_json("[" * DEEP + "]" * DEEP)


JSON_TEXT = (
    "{\n"
    '  "a": {"b": [10, {"c": "x\\"y"}]},\n'
    '  "d/e": 1, "f~g": 2,\n'
    '  "h": [ ],\n'
    '  "k": {"a": 1, "b": {"c": [1, 2, 3]}}\n'
    "}\n"
)


@pytest.mark.parametrize(
    ("pointer", "position"),
    [
        ("", (1, 1)),
        ("/a", (2, 8)),
        ("/a#key", (2, 3)),
        ("/a/b", (2, 14)),
        ("/a/b/0", (2, 15)),
        ("/a/b/1", (2, 19)),
        ("/a/b/1/c", (2, 25)),
        ("/a/b/1/c#key", (2, 20)),
        ("/d~1e", (3, 10)),
        ("/f~0g", (3, 20)),
        ("/h", (4, 8)),
        ("/k/b/c/2", (5, 35)),  # skips the earlier "a"/"b" keys at other levels
        # Missing: the nearest existing ancestor's key.
        ("/a/zz", (2, 3)),
        ("/a/b/9", (2, 9)),
        ("/h/0", (4, 3)),
    ],
)
def test_json_locate(pointer: str, position: tuple[int, int]) -> None:
    assert json_locate.locate(JSON_TEXT, pointer) == position


def test_line_and_column_of_a_big_text_match_counting_them() -> None:
    """A big text is located through an index of its line starts (counting the lines before
    each of a 2 MB docs.json's 24,803 entries took 24 s); it must say what counting says."""
    text = "".join(("ab\n", "xyz", "\n", "\n\n", '{"k": 1}')[i % 5] for i in range(40_000))
    assert len(text) > 65_536
    for offset in (0, 1, 2, 3, len(text) // 2, len(text) - 1, len(text), *range(0, len(text), 997)):
        line = text.count("\n", 0, offset) + 1
        column = offset - (text.rfind("\n", 0, offset) + 1) + 1
        assert json_locate.line_column(text, offset) == (line, column), offset


def test_json_locate_reports_exactness() -> None:
    assert json_locate.locate_offset(JSON_TEXT, "/a/b")[1] is True
    assert json_locate.locate_offset(JSON_TEXT, "/a/zz")[1] is False
    assert json_locate.locate_offset(JSON_TEXT, "/zz") == (0, False)


def test_json_locate_with_bom_and_on_deep_text() -> None:
    assert json_locate.locate('\ufeff{"a": 1}', "/a") == (1, 8)
    deep = '{"x": ' + "[" * DEEP + "]" * DEEP + ', "y": true}'
    assert json_locate.locate(deep, "/y") == (1, len(deep) - 4)
    assert json_locate.locate(deep, "/x/0/0/0") == (1, 10)


def test_json_locate_finds_every_value_in_any_order() -> None:
    """Walks remember what they passed (each container's members) for the next walk of the
    same text: in random order, every pointer still leads to its value (raw_decode there gives
    it back) or key, and a missing one to its nearest existing ancestor's key."""
    import random

    rng = random.Random(5)
    decoder = json.JSONDecoder()

    def value(depth: int = 0) -> object:
        roll = rng.random()
        if depth > 3 or roll < 0.3:
            return rng.choice([1, -2.5e3, 'x"}]', None, True, "", [], {}])
        if roll < 0.6:
            return [value(depth + 1) for _ in range(rng.randint(0, 4))]
        keys = ["a", "b", "~", "/", "a/b"]
        return {rng.choice(keys) + str(n): value(depth + 1) for n in range(rng.randint(0, 4))}

    def pointers(data: object, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], object]]:
        found = [(path, data)]
        if isinstance(data, dict):
            for key, item in data.items():
                found += pointers(item, (*path, key))
        elif isinstance(data, list):
            for number, item in enumerate(data):
                found += pointers(item, (*path, str(number)))
        return found

    def text_of(path: tuple[str, ...]) -> str:
        return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in path)

    for _ in range(300):
        data = {"root": value()}
        text = json.dumps(
            data, indent=rng.choice([None, 0, 2]), separators=rng.choice([None, (",", ":")])
        )
        known = pointers(data)
        asks = [(path, True) for path, _ in known] + [((*path, "zz"), False) for path, _ in known]
        rng.shuffle(asks)
        values = dict(known)
        for path, exists in asks:
            offset, exact = json_locate.locate_offset(text, text_of(path))
            assert exact is exists
            if exists:
                assert decoder.raw_decode(text, offset)[0] == values[path]
                key_at, _ = json_locate.locate_offset(text, text_of(path) + "#key")
                if path and isinstance(values[path[:-1]], dict):  # the key, as written
                    scan = json.decoder.scanstring  # type: ignore[attr-defined]
                    assert scan(text, key_at + 1)[0] == path[-1]
                elif path:  # an array element: the element itself
                    assert key_at == offset
            else:
                assert offset == json_locate.locate_offset(text, text_of(path[:-1]) + "#key")[0]


def test_line_column() -> None:
    assert json_locate.line_column("ab\ncd", 0) == (1, 1)
    assert json_locate.line_column("ab\ncd", 4) == (2, 2)


# -- source: reading files ------------------------------------------------------------------


def test_read_text_drops_bom(tmp_path: Path) -> None:
    path = tmp_path / "a.json"
    path.write_bytes(b"\xef\xbb\xbf{}")
    assert source.read_text(path) == "{}"


def test_read_text_rejects_invalid_utf8_with_line(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_bytes(b"a: 1\nb: \xff\n")
    with pytest.raises(LoadError) as info:
        source.read_text(path)
    assert "not valid UTF-8" in info.value.message
    assert (info.value.line, info.value.column) == (2, 4)
    path.write_bytes("a: 1\n".encode("utf-16"))  # Windows Notepad's "Unicode"
    with pytest.raises(LoadError) as info:
        source.read_text(path)
    assert "UTF-16" in info.value.message and info.value.line == 1


def test_read_text_missing_and_folder(tmp_path: Path) -> None:
    with pytest.raises(LoadError, match="file not found"):
        source.read_text(tmp_path / "nope.yaml")
    with pytest.raises(LoadError, match="folder"):
        source.read_text(tmp_path)


def test_read_text_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(source, "MAX_FILE_BYTES", 10)
    path = tmp_path / "big.yaml"
    path.write_text("a: " + "x" * 20)
    with pytest.raises(LoadError, match="limit"):
        source.read_text(path)


def test_load_document_formats(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text('{"200": 1}')
    (tmp_path / "b.yaml").write_text("200: 1\n")
    (tmp_path / "c.txt").write_text('  {"x": [1]}')
    (tmp_path / "d.txt").write_text("x: [1]\n")
    a = source.load_document(tmp_path / "a.json", "a.json")
    b = source.load_document(tmp_path / "b.yaml", "b.yaml")
    c = source.load_document(tmp_path / "c.txt", "c.txt")
    d = source.load_document(tmp_path / "d.txt", "d.txt")
    assert (a.is_json, b.is_json, c.is_json, d.is_json) == (True, False, True, False)
    assert a.data == b.data == {"200": 1}
    assert c.data == d.data == {"x": [1]}
    loc = b.location("/200")
    assert (loc.file, loc.line, loc.column, loc.pointer) == ("b.yaml", 1, 6, "/200")
    loc = a.location("/200#key")
    assert (loc.line, loc.column, loc.pointer) == (1, 2, "/200")


def test_load_document_deep_yaml_file(tmp_path: Path) -> None:
    path = tmp_path / "deep.yaml"
    path.write_text("openapi: 3.1.0\nx: " + "[" * DEEP + "]" * DEEP + "\n")
    with pytest.raises(LoadError) as info:
        source.load_document(path, "deep.yaml")
    assert info.value.line == 2


# -- paths: staying inside the docs root ----------------------------------------------------------


@pytest.fixture
def root(tmp_path: Path) -> Path:
    docs = tmp_path / "docs"
    (docs / "specs").mkdir(parents=True)
    (docs / "specs" / "api.yaml").write_text("openapi: 3.1.0\n")
    (tmp_path / "secret.yaml").write_text("password: hunter2\n")
    return docs


def test_resolve_inside_accepts_paths_inside(root: Path) -> None:
    assert resolve_inside(root, "specs/api.yaml") == (root / "specs" / "api.yaml").resolve()
    assert (
        resolve_inside(root, "specs/../specs/./api.yaml") == (root / "specs" / "api.yaml").resolve()
    )
    # Missing files inside the root are fine: existence is the caller's question.
    assert resolve_inside(root, "nope.yaml") == (root / "nope.yaml").resolve()


def test_resolve_inside_relative_to_a_base_file(root: Path) -> None:
    base = root / "specs" / "api.yaml"
    assert (
        resolve_inside(root, "common.yaml", base=base) == (root / "specs" / "common.yaml").resolve()
    )
    assert resolve_inside(root, "../x.yaml", base=base) == (root / "x.yaml").resolve()
    with pytest.raises(UnsafePathError, match="outside the docs root"):
        resolve_inside(root, "../../secret.yaml", base=base)


@pytest.mark.parametrize("relative", ["../secret.yaml", "specs/../../secret.yaml", ".."])
def test_resolve_inside_refuses_dot_dot(root: Path, relative: str) -> None:
    with pytest.raises(UnsafePathError, match="points outside the docs root"):
        resolve_inside(root, relative)


@pytest.mark.parametrize("relative", ["/etc/passwd", "C:\\Windows\\win.ini", "C:/x.yaml"])
def test_resolve_inside_refuses_absolute(root: Path, relative: str) -> None:
    with pytest.raises(UnsafePathError, match="absolute path"):
        resolve_inside(root, relative)


def test_resolve_inside_refuses_the_roots_own_absolute_path(root: Path) -> None:
    with pytest.raises(UnsafePathError, match="absolute path"):
        resolve_inside(root, str(root / "specs" / "api.yaml"))


@pytest.mark.parametrize(
    "relative",
    [
        "http://example.com/a.yaml",
        "https://example.com/a.yaml",
        "HTTPS://x/y",
        "file:///etc/passwd",
        "file:secret.yaml",
        "ftp://x/y",
        "data:text/plain,x",
    ],
)
def test_resolve_inside_refuses_urls(root: Path, relative: str) -> None:
    assert is_remote(relative)
    with pytest.raises(UnsafePathError, match="remote reference"):
        resolve_inside(root, relative)


def test_resolve_inside_refuses_nul(root: Path) -> None:
    with pytest.raises(UnsafePathError, match="NUL"):
        resolve_inside(root, "specs/api.yaml\x00.md")


def test_is_remote_plain_paths() -> None:
    assert not is_remote("specs/api.yaml")
    assert not is_remote("C:\\specs\\api.yaml")
    assert not is_remote("./a:b.yaml")


def test_resolve_inside_refuses_symlink_out(root: Path) -> None:
    (root / "link.yaml").symlink_to(root.parent / "secret.yaml")
    (root / "linkdir").symlink_to(root.parent, target_is_directory=True)
    with pytest.raises(UnsafePathError, match="outside the docs root"):
        resolve_inside(root, "link.yaml")
    with pytest.raises(UnsafePathError, match="outside the docs root"):
        resolve_inside(root, "linkdir/secret.yaml")


def test_resolve_inside_allows_symlink_within(root: Path) -> None:
    (root / "alias.yaml").symlink_to(root / "specs" / "api.yaml")
    assert resolve_inside(root, "alias.yaml") == (root / "specs" / "api.yaml").resolve()


def test_resolve_inside_when_the_root_itself_is_a_symlink(tmp_path: Path, root: Path) -> None:
    link = tmp_path / "docs-link"
    link.symlink_to(root, target_is_directory=True)
    assert resolve_inside(link, "specs/api.yaml") == (root / "specs" / "api.yaml").resolve()
    with pytest.raises(UnsafePathError):
        resolve_inside(link, "../secret.yaml")


def test_display_name(root: Path) -> None:
    assert display_name(root, root / "specs" / "api.yaml") == "specs/api.yaml"


# -- the spec loader on hostile input -----------------------------------------------------------

SPEC = """\
openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /users:
    get:
      responses:
        200:
          description: OK
          content:
            application/json:
              schema:
                $ref: REF
"""


def _spying(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Record every file the loaders read."""
    read: list[Path] = []
    real = source.read_text

    def spy(path: Path) -> str:
        read.append(Path(path).resolve())
        return real(path)

    monkeypatch.setattr(source, "read_text", spy)
    return read


def _codes(diagnostics: Diagnostics) -> list[str]:
    return [d.code.value for d in diagnostics]


@pytest.mark.parametrize(
    "ref",
    [
        "../secret.yaml",
        "/etc/passwd",
        "link.yaml",
        "linkdir/secret.yaml",
        "https://example.com/s.yaml#/User",
        "file:///etc/passwd",
    ],
)
def test_spec_ref_leaving_the_root_is_reported_and_not_read(
    root: Path, ref: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    (root / "link.yaml").symlink_to(root.parent / "secret.yaml")
    (root / "linkdir").symlink_to(root.parent, target_is_directory=True)
    (root / "api.yaml").write_text(SPEC.replace("REF", json.dumps(ref)))
    read = _spying(monkeypatch)
    diagnostics = Diagnostics()
    spec = SpecLoader(root, diagnostics).load("api.yaml", None)
    assert spec is not None
    assert _codes(diagnostics) == [Code.REF_OUTSIDE_ROOT.value]
    only = next(iter(diagnostics))
    assert (only.file, only.line) == ("api.yaml", 12)
    assert (root.parent / "secret.yaml").resolve() not in read
    assert all(p.is_relative_to(root.resolve()) for p in read), read


def test_spec_symlinked_out_of_the_root_is_not_read(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (root / "api.yaml").symlink_to(root.parent / "secret.yaml")
    read = _spying(monkeypatch)
    diagnostics = Diagnostics()
    assert SpecLoader(root, diagnostics).load("api.yaml", None) is None
    assert _codes(diagnostics) == [Code.REF_OUTSIDE_ROOT.value]
    assert read == []


def test_spec_with_unquoted_status_codes_is_valid(root: Path) -> None:
    (root / "components.yaml").write_text("User: {type: object, example: {born: 2001-02-03}}\n")
    (root / "api.yaml").write_text(SPEC.replace("REF", "components.yaml#/User"))
    diagnostics = Diagnostics()
    spec = SpecLoader(root, diagnostics).load("api.yaml", None)
    assert spec is not None and list(diagnostics) == []
    assert spec.valid
    assert list(spec.data["paths"]["/users"]["get"]["responses"]) == ["200"]
    assert spec.documents["components.yaml"].data["User"]["example"] == {"born": "2001-02-03"}


@pytest.mark.parametrize("kind", ["alias-bomb", "deep-yaml", "deep-json", "cyclic-alias"])
def test_hostile_spec_is_one_parse_error(root: Path, kind: str) -> None:
    name = "api.json" if kind == "deep-json" else "api.yaml"
    text = {
        "alias-bomb": "openapi: 3.1.0\n" + _billion_laughs(),
        "deep-yaml": "openapi: 3.1.0\nx: " + "[" * DEEP + "]" * DEEP + "\n",
        "deep-json": '{"openapi": "3.1.0", "x": ' + "[" * DEEP + "]" * DEEP + "}",
        "cyclic-alias": "openapi: 3.1.0\nx: &a {y: *a}\n",
    }[kind]
    (root / name).write_text(text)
    diagnostics = Diagnostics()
    start = time.perf_counter()
    assert SpecLoader(root, diagnostics).load(name, None) is None
    assert time.perf_counter() - start < 5.0
    assert _codes(diagnostics) == [Code.SPEC_PARSE_ERROR.value]
    assert next(iter(diagnostics)).file == name


def test_spec_loader_loads_each_file_once(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (root / "api.yaml").write_text(SPEC.replace("REF", '"#/components/schemas/Nope"'))
    read = _spying(monkeypatch)
    diagnostics = Diagnostics()
    loader = SpecLoader(root, diagnostics)
    first = loader.load("api.yaml", None)
    second = loader.load("./specs/../api.yaml", None)
    assert first is second is not None
    assert read == [(root / "api.yaml").resolve()]
    assert _codes(diagnostics) == [Code.REF_UNRESOLVED.value]


def test_spec_find_matching_rules(root: Path) -> None:
    (root / "api.yaml").write_text(
        textwrap.dedent("""\
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /a: {get: {responses: {"200": {description: OK}}}}
          /a/: {post: {responses: {"200": {description: OK}}}}
          /b/: {get: {responses: {"200": {description: OK}}}}
        """)
    )
    spec = SpecLoader(root, Diagnostics()).load("api.yaml", None)
    assert spec is not None
    found = spec.find("GET", "/a")
    assert found is not None and found.path == "/a"  # exact
    found = spec.find("GET", "/a/")
    assert found is not None and found.path == "/a"  # trailing slash in the reference
    found = spec.find("POST", "/a/")
    assert found is not None and found.path == "/a/"  # exact wins
    found = spec.find("GET", "/b")
    assert found is not None and found.path == "/b/"  # trailing slash in the spec
    assert spec.find("GET", "/A") is None  # paths are case-sensitive
    assert spec.find("get", "/a") is None  # methods too


@pytest.mark.parametrize(
    ("ref", "codes"),
    [
        ('"$ref": "#/components/schemas/A"', []),
        ('"$ref": "#/components/schemas/Nope"', [Code.REF_UNRESOLVED.value]),
        ('"\\u0024ref": "#/components/schemas/Nope"', [Code.REF_UNRESOLVED.value]),
        ('"$r\\u0065f": "#/components/schemas/Nope"', [Code.REF_UNRESOLVED.value]),
        ('"$ref": "#/components/schemas/\\u004eope"', [Code.REF_UNRESOLVED.value]),
        ('"$ref": "#/components/schemas/\\u0041"', []),
    ],
)
def test_json_refs_checked_from_the_text_or_the_tree(
    root: Path, ref: str, codes: list[str]
) -> None:
    """A JSON spec whose written $refs all resolve skips the tree walk; an escaped key or
    value is read from the tree, so nothing is missed either way."""
    spec = (
        '{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {"/a": {"get": '
        '{"responses": {"200": {"description": "ok", "content": {"application/json": '
        '{"schema": {' + ref + '}}}}}}}}, "components": {"schemas": {"A": {"type": "object"}}},'
        ' "x-data": {"example": {"$ref": "#/not/a/reference"}}}'
    )
    (root / "api.json").write_text(spec)
    diagnostics = Diagnostics()
    SpecLoader(root, diagnostics).load("api.json", None)
    assert [c for c in _codes(diagnostics) if c.startswith("ref-")] == codes


def test_parsing_a_big_document_starts_no_garbage_collection() -> None:
    """A parse makes many containers and no cycles: the collector stays off while it runs
    (it went over the growing tree again and again: 7.0 s against 2.2 s for GitHub's spec as
    YAML), and is left as it was, also when the text is refused."""
    import gc

    from docgen.load.source import parse_json
    from docgen.load.yaml_safe import compose_yaml, load_yaml

    data = {f"p{n}": {"get": {"responses": {"200": {"text": f"ok {n}"}}}} for n in range(4000)}
    text = json.dumps(data)
    started: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(info["generation"])

    def collections(parse: object) -> int:
        started.clear()
        assert callable(parse)
        parse(text)
        return len(started)  # at most the one that the first allocation after it may start

    gc.callbacks.append(seen)
    try:
        assert collections(json.loads) > 10  # the same parse with the collector on
        assert collections(parse_json) <= 1
        assert collections(load_yaml) <= 1
        assert collections(compose_yaml) <= 1
        assert parse_json(text) == load_yaml(text) == data
        assert gc.isenabled()
        for bad, parse in (("{", parse_json), ("a: [", load_yaml), ("a: *missing", load_yaml)):
            with pytest.raises(LoadError):
                parse(bad)
            assert gc.isenabled()
        gc.disable()
        try:
            parse_json(text)
            load_yaml("a: 1")
            assert not gc.isenabled()
        finally:
            gc.enable()
    finally:
        gc.callbacks.remove(seen)


def test_json_spec_with_raw_line_breaks_in_strings(root: Path) -> None:
    # JSON forbids a raw line break or tab inside a string, but Mintlify reads such a spec (its
    # parser falls back to YAML): a spec-invalid error that --no-strict-spec makes a warning, the
    # string keeping the character, and positions found after it are still right.
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "T", "version": "1", "description": "First.\nSecond."},
        "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}},
    }
    text = json.dumps(spec).replace("\\n", "\n").replace('"ok"', '"o\tk", "x": {"$ref": "#/n"}')
    (root / "api.json").write_text(text)
    strict = Diagnostics()
    assert SpecLoader(root, strict, validate=False).load("api.json", None) is not None
    first = next(iter(strict))
    assert (first.code, first.level.value, first.line) == (Code.SPEC_INVALID, "error", 1)
    assert text[first.column - 1] == "\n"
    lenient = Diagnostics()
    loaded = SpecLoader(root, lenient, validate=False, strict_spec=False).load("api.json", None)
    assert loaded is not None
    assert next((d.code, d.level.value) for d in lenient) == (Code.SPEC_INVALID, "warning")
    assert loaded.data["info"]["description"] == "First.\nSecond."
    second = text.split("\n")[1]
    assert loaded.document.position("/paths/~1a/get/responses/200/x") == (
        2,
        second.index('{"$ref"') + 1,
    )
    with pytest.raises(LoadError, match="line break or tab inside a string"):
        source.parse_json(text)  # the config and other JSON stay strict
