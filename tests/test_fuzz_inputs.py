"""Bad input found by fuzzing the CLI: each case gives a clear docgen message (with
``file:line:col`` where there is a file), never a traceback, never silence, and ``check``
reports what ``build`` reports. One small docs site per case, built in a temporary folder."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest
from refresh_fixtures import run_docgen

SPEC = """\
openapi: 3.0.3
info: {title: T, version: "1"}
paths:
  /a:
    get:
      summary: A
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: {type: object}
"""


def site(root: Path, pages: dict[str, str], spec: str | None = SPEC, **config: object) -> Path:
    """A docs folder: ``docs.json`` with one group of ``pages`` (and ``openapi.yaml``)."""
    root.mkdir(parents=True, exist_ok=True)
    group: dict[str, object] = {"group": "G", "pages": [p.rsplit(".", 1)[0] for p in pages]}
    if spec is not None:
        group["openapi"] = "openapi.yaml"
        (root / "openapi.yaml").write_text(spec, "utf-8")
    data = {"name": "T", "navigation": {"groups": [group]}, **config}
    (root / "docs.json").write_text(json.dumps(data), "utf-8")
    for name, text in pages.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, "utf-8")
    return root


def findings(stderr_or_stdout: str) -> list[str]:
    """The diagnostic lines of a run (``file:line:col: level[code]: message``)."""
    return [line for line in stderr_or_stdout.splitlines() if "[" in line and ": " in line]


def check_and_build(root: Path, tmp: Path) -> tuple[list[str], list[str], int, int]:
    """What ``check`` and ``build`` report, and their exit codes."""
    checked = run_docgen(["check", "docs.json"], root)
    built = run_docgen(["build", "docs.json", "-o", str(tmp / "_out"), "--quiet"], root)
    for result in (checked, built):
        assert "Traceback" not in result.stdout + result.stderr
    return (
        findings(checked.stdout + checked.stderr),
        findings(built.stderr),
        checked.returncode,
        built.returncode,
    )


# --- output folders that cannot be written ------------------------------------------------


def _unwritable_outputs(tmp_path: Path) -> list[tuple[Path, str]]:
    """(output path, what the message says cannot be made)."""
    cases = []
    if Path("/proc/self").is_dir():  # where no folder can be made, even by root
        cases.append((Path("/proc/docgen-out"), "a folder in /proc"))  # found before rendering
        cases.append((Path("/proc/docgen-out/site"), "the folder /proc/docgen-out"))  # writing
    if os.geteuid() != 0:  # root writes into read-only folders
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
        cases.append((locked / "site", f"a folder in {locked}"))
        cases.append((locked / "deeper" / "site", f"a folder in {locked}"))
    return cases


def test_an_output_folder_that_cannot_be_made_names_it_not_the_temporary_folder(
    tmp_path: Path,
) -> None:
    root = site(tmp_path / "docs", {"index.mdx": "# Home\n"})
    cases = _unwritable_outputs(tmp_path)
    if not cases:
        pytest.skip("no folder here refuses new folders")
    for out, made in cases:
        result = run_docgen(["build", "docs.json", "-o", str(out)], root)
        assert result.returncode == 1
        assert "Traceback" not in result.stderr and ".tmp-" not in result.stderr
        # One line, naming the user's path: "... cannot make <made> (<reason>); nothing ...".
        assert result.stderr.count("\n") == 1
        assert result.stderr.startswith(f"docgen: cannot write {out}: cannot make {made} (")
        assert result.stderr.endswith("); nothing was written\n")
        assert not any(".tmp-" in p.name or ".probe-" in p.name for p in tmp_path.iterdir())


# --- $ref to a whole OpenAPI document -------------------------------------------------------


@pytest.mark.parametrize(
    ("ref", "where", "shown"),
    [
        ("openapi.yaml", "openapi.yaml:12:30", "openapi.yaml"),  # the spec itself, by file
        ("'#'", "openapi.yaml:12:30", "openapi.yaml"),  # ... by an empty pointer
        ("other/v2.yaml", "openapi.yaml:12:30", "other/v2.yaml"),  # another whole spec
    ],
)
def test_a_ref_to_a_whole_openapi_document_is_an_error_at_the_ref(
    tmp_path: Path, ref: str, where: str, shown: str
) -> None:
    spec = SPEC.replace("schema: {type: object}", f"schema: {{$ref: {ref}}}")
    root = site(tmp_path / "docs", {"index.mdx": "# Home\n"}, spec)
    (root / "other").mkdir()
    (root / "other" / "v2.yaml").write_text(SPEC, "utf-8")
    checked, built, check_rc, build_rc = check_and_build(root, tmp_path)
    assert check_rc == build_rc == 1
    assert checked == built
    assert len(checked) == 1
    assert checked[0].startswith(f"{where}: error[ref-unresolved]: $ref ")
    assert f"names the whole OpenAPI document {shown}, not a schema" in checked[0]


def test_a_ref_to_a_whole_document_in_a_json_spec_is_found_without_a_walk(
    tmp_path: Path,
) -> None:
    # A JSON spec whose every $ref is local skips the walk of its tree: '#' must not.
    data = {
        "openapi": "3.1.0",
        "info": {"title": "T", "version": "1"},
        "paths": {"/a": {"get": {"responses": {"200": {
            "description": "ok",
            "content": {"application/json": {"schema": {"$ref": "#"}}},
        }}}}},
    }
    root = site(tmp_path / "docs", {"index.mdx": "# Home\n"}, None)
    (root / "openapi.json").write_text(json.dumps(data, indent=1), "utf-8")
    config = json.loads((root / "docs.json").read_text("utf-8"))
    config["navigation"]["groups"][0]["openapi"] = "openapi.json"
    (root / "docs.json").write_text(json.dumps(config), "utf-8")
    checked, built, check_rc, build_rc = check_and_build(root, tmp_path)
    assert check_rc == build_rc == 1 and checked == built
    assert [line.split(": error[")[0] for line in checked] == ["openapi.json:16:18"]
    assert "'#' names the whole OpenAPI document openapi.json" in checked[0]


def test_a_ref_to_a_file_holding_one_schema_still_works(tmp_path: Path) -> None:
    spec = SPEC.replace("schema: {type: object}", "schema: {$ref: schemas/user.yaml}")
    root = site(tmp_path / "docs", {"index.mdx": "# Home\n"}, spec)
    (root / "schemas").mkdir()
    (root / "schemas" / "user.yaml").write_text("type: object\nproperties: {id: {type: string}}\n")
    checked, built, check_rc, build_rc = check_and_build(root, tmp_path)
    assert (checked, built, check_rc, build_rc) == ([], [], 0, 0)


# --- MDX comments that never close ----------------------------------------------------------


def test_an_unclosed_mdx_comment_is_a_warning_at_its_opening(tmp_path: Path) -> None:
    page = (
        "---\ntitle: Home\n---\nFine {/* closed */} here, `{/*` in code, and\n\n"
        "{/* unclosed comment\n\nMore text.\n\n"
        "<Note>\n  inner {/* open\n</Note>\n\n- item {/* z\n\n```\n{/*\n```\n"
    )
    root = site(tmp_path / "docs", {"index.mdx": page})
    checked, built, check_rc, build_rc = check_and_build(root, tmp_path)
    assert check_rc == build_rc == 0
    assert checked == built
    never = "warning[mdx-unsupported]: MDX comment '{/*' is never closed"
    assert [line.split(" (no")[0] for line in checked] == [
        f"index.mdx:6:1: {never}",
        f"index.mdx:11:9: {never}",
        f"index.mdx:14:8: {never}",
    ]
    html = (tmp_path / "_out" / "index.html").read_text("utf-8")
    assert "More text." in html  # nothing after it is lost


def test_an_mdx_comment_closed_only_in_a_later_paragraph_is_a_warning(tmp_path: Path) -> None:
    page = (
        "# Home\n\nText {/* spans\n\nparagraphs */} after\n\n{/* a block\n\ncomment */}\n\n"
        "{/* swallows\n\n## Heading\n\nthe rest */} of the page\n"
    )
    root = site(tmp_path / "docs", {"index.mdx": page})
    checked, built, _, _ = check_and_build(root, tmp_path)
    assert checked == built
    later = "warning[mdx-unsupported]: MDX comment '{/*' is not closed in its paragraph"
    assert [line.split(":", 1)[1].split("):")[0] for line in checked] == [
        f"3:6: {later} (the next '*/' is on line 5",
        f"11:1: {later} (the next '*/' is on line 15",
    ]


# --- names too long for a file system -------------------------------------------------------


def test_a_url_with_a_name_over_255_bytes_is_refused_by_check_as_by_build(
    tmp_path: Path,
) -> None:
    # Check passed these and the build failed writing them (an OSError naming a temporary
    # folder). A 254-byte redirect source has no Markdown twin, and is written.
    spec = SPEC.replace("      summary: A\n", "      x-mint: {href: /" + "h" * 253 + "}\n")
    redirects = [
        {"source": "/" + "a" * 256, "destination": "/"},
        {"source": "/x/" + "é" * 128, "destination": "/"},  # 256 bytes in UTF-8
        {"source": "/" + "b" * 254, "destination": "/"},
    ]
    root = site(tmp_path / "docs", {"index.mdx": "# Home\n"}, spec, redirects=redirects)
    checked, built, check_rc, build_rc = check_and_build(root, tmp_path)
    assert check_rc == build_rc == 1 and checked == built
    too_long = "is 256 bytes long; file systems refuse names over 255 bytes"
    assert [(line.split(": ")[1], too_long in line) for line in checked] == [
        ("error[nav-unsafe-url]", True),  # 'hhh...h.md', the page's Markdown twin
        ("error[redirect-invalid]", True),
        ("error[redirect-invalid]", True),
    ]
    assert "h.md' is 256 bytes" in checked[0]
    del redirects[:2]
    spec = SPEC.replace("      summary: A\n", "      x-mint: {href: /" + "h" * 252 + "}\n")
    root = site(tmp_path / "docs2", {"index.mdx": "# Home\n"}, spec, redirects=redirects)
    assert check_and_build(root, tmp_path)[2:] == (0, 0)
    assert (tmp_path / "_out" / ("b" * 254) / "index.html").is_file()


# --- navigation shapes ----------------------------------------------------------------------


def _nested_groups(depth: int) -> dict[str, object]:
    group: dict[str, object] = {"group": "leaf", "pages": ["index"]}
    for level in range(depth):
        group = {"group": f"g{level}", "pages": [group]}
    return group


def test_groups_nested_too_deep_are_a_config_error_not_a_crash(tmp_path: Path) -> None:
    # 100 nested groups crashed every command with a RecursionError ("internal error").
    root = site(tmp_path / "docs", {"index.mdx": "# Home\n"})
    config = {"name": "T", "navigation": {"groups": [_nested_groups(100)]}}
    (root / "docs.json").write_text(json.dumps(config), "utf-8")
    checked, built, check_rc, build_rc = check_and_build(root, tmp_path)
    assert check_rc == build_rc == 1 and checked == built
    assert len(checked) == 1
    assert checked[0].startswith("docs.json:1:")
    assert "error[config-invalid]: the config nests objects and arrays more than 100 " in (
        checked[0]
    )
    # Deep nesting assembled from parts (each shallow enough) is refused the same way.
    (root / "part.json").write_text(json.dumps(_nested_groups(30)), "utf-8")
    group: dict[str, object] = {"$ref": "part.json"}
    for level in range(30):
        group = {"group": f"g{level}", "pages": [group]}
    (root / "docs.json").write_text(json.dumps({"name": "T", "navigation": {"groups": [group]}}))
    checked, built, check_rc, build_rc = check_and_build(root, tmp_path)
    assert check_rc == build_rc == 1 and checked == built
    assert [line.split(": ")[1] for line in checked] == ["error[config-invalid]"]
    # Forty levels of groups are fine.
    config = {"name": "T", "navigation": {"groups": [_nested_groups(40)]}}
    (root / "docs.json").write_text(json.dumps(config), "utf-8")
    assert check_and_build(root, tmp_path) == ([], [], 0, 0)


def test_page_entries_of_spaces_or_a_slash(tmp_path: Path) -> None:
    # " " was read as "" and reported as "page '/index.mdx' is an absolute path"; "/" too.
    root = site(tmp_path / "docs", {"index.mdx": "# Home\n"})
    config = {"name": "T", "navigation": {"groups": [{"group": "G", "pages": [" ", "\t"]}]}}
    (root / "docs.json").write_text(json.dumps(config), "utf-8")
    checked, built, check_rc, build_rc = check_and_build(root, tmp_path)
    assert check_rc == build_rc == 1 and checked == built
    assert [line.split(": ", 1)[1] for line in checked] == [
        f"error[config-invalid]: navigation.groups[0].pages[{i}]: must not be empty (it holds "
        "only spaces)"
        for i in (0, 1)
    ]
    config["navigation"]["groups"][0]["pages"] = ["/"]  # type: ignore[index]
    (root / "docs.json").write_text(json.dumps(config), "utf-8")
    assert check_and_build(root, tmp_path) == ([], [], 0, 0)  # the docs root's index page


@pytest.mark.parametrize("name", ["a?b", "a#b", "100%"])
def test_a_page_url_a_link_cannot_carry_is_refused(tmp_path: Path, name: str) -> None:
    # These built, and every link to the page went to another URL ('../a#b/' is '../a').
    root = site(tmp_path / "docs", {"index.mdx": "# Home\n", f"{name}.mdx": "# Odd\n"})
    checked, built, check_rc, build_rc = check_and_build(root, tmp_path)
    assert check_rc == build_rc == 1 and checked == built
    char = name.strip("a1b0")
    assert checked == [
        f"docs.json:1:75: error[nav-unsafe-url]: the page at '/{name}' (page file '{name}.mdx') "
        f"cannot be written: its URL holds '{char}', which no link can carry in a path (a "
        "browser reads '?' as the start of a query, '#' as an anchor, '%' as an escape); "
        "rename the page file or the 'directory'"
    ]


# --- redirects ------------------------------------------------------------------------------


def test_a_long_chain_of_redirects_is_checked_quickly(tmp_path: Path) -> None:
    # Each hop compared the path with every source: 3,000 chained redirects took 48 s to
    # check (security.md item 20: work bounded in the size of the input).
    chain = [{"source": f"/r{i}", "destination": f"/r{i + 1}"} for i in range(3000)]
    chain.append({"source": "/docs/:slug*", "destination": "/r2990"})  # patterns keep order
    chain.insert(0, {"source": "/r2999", "destination": "/"})  # the first source wins
    root = site(tmp_path / "docs", {"index.mdx": "# Home\n"}, None, redirects=chain)
    started = time.perf_counter()
    result = run_docgen(["check", "docs.json"], root)
    assert time.perf_counter() - started < float(os.environ.get("DOCGEN_BOUNDED_SECONDS", "30"))
    lines = findings(result.stdout)
    too_far = [line for line in lines if "passes more than 20 redirects" in line]
    leads_on = [line for line in lines if "leads to another redirect" in line]
    repeated = [line for line in lines if "error[redirect-conflict]" in line]
    assert len(too_far) + len(leads_on) + len(repeated) == len(lines) == 3001
    assert len(repeated) == 1 and "'/r2999' repeats the source of redirects[0]" in repeated[0]
    assert "docs.json:1:" in too_far[0] and "error[redirect-loop]" in too_far[0]
    pattern = "'/docs/:slug*' leads to another redirect: /docs/slug -> /r2990"
    assert any(pattern in line for line in leads_on)


# --- frontmatter openapi and snippet imports ------------------------------------------------


@pytest.mark.parametrize(
    ("value", "code"),
    [
        ("missing.yaml GET /a", "spec-not-found"),
        ("../../outside.yaml GET /a", "ref-outside-root"),
    ],
)
def test_a_spec_named_only_in_frontmatter_is_reported_at_the_frontmatter(
    tmp_path: Path, value: str, code: str
) -> None:
    # These were reported at docs.json:1:1, a place that does not name the spec.
    page = f"---\nopenapi: {value}\n---\n"
    root = site(tmp_path / "docs", {"index.mdx": "# Home\n", "ep.mdx": page}, None)
    checked, built, check_rc, build_rc = check_and_build(root, tmp_path)
    assert check_rc == build_rc == 1 and checked == built
    assert [line.split(": ")[:2] for line in checked] == [["ep.mdx:2:1", f"error[{code}]"]]


def test_snippet_imports_that_cannot_work_are_said_at_the_import(tmp_path: Path) -> None:
    # An unused import of a missing file was silent (Mintlify's build stops at it); a named
    # import the MDX snippet does not export showed the snippet's whole text, silently.
    page = (
        "import Gone from '/snippets/gone.mdx'\nimport Used from '/snippets/used-gone.mdx'\n"
        "import { Nope } from '/snippets/a.mdx'\n\n# Home\n\n<Used />\n\n<Used />\n\n<Nope />\n"
    )
    root = site(tmp_path / "docs", {"index.mdx": page})
    (root / "snippets").mkdir()
    (root / "snippets" / "a.mdx").write_text("export const Other = 1\n\nWhole snippet text.\n")
    checked, built, check_rc, build_rc = check_and_build(root, tmp_path)
    assert check_rc == build_rc == 0 and checked == built
    unfound = "not found in the docs folder; left out"
    assert [line.split(": warning[mdx-unsupported]: ") for line in checked] == [
        ["index.mdx:1:19", f"snippet /snippets/gone.mdx {unfound}"],
        ["index.mdx:2:19", f"snippet /snippets/used-gone.mdx {unfound}"],
        ["index.mdx:3:10", "snippet snippets/a.mdx has no export 'Nope' that docgen can read; "
         "'Nope' is left out"],
        ["index.mdx:11:1", "unknown MDX component <Nope>: its content is shown without it"],
    ]
    assert "Whole snippet text." not in (tmp_path / "_out" / "index.html").read_text("utf-8")


# --- names that look alike ----------------------------------------------------------------

_COMPOSED = "caf\u00e9"  # é as one code point (NFC)
_DECOMPOSED = "cafe\u0301"  # e plus a combining acute accent (NFD), as some macOS tools write


@pytest.mark.parametrize("lead", ["", "/"])
def test_a_page_entry_and_file_in_two_unicode_forms_are_told_apart(
    tmp_path: Path, lead: str
) -> None:
    root = site(tmp_path / "docs", {"index.mdx": "Home\n"}, spec=None)
    (root / f"{_COMPOSED}.mdx").write_text("Accents\n", "utf-8")
    data = json.loads((root / "docs.json").read_text("utf-8"))
    data["navigation"]["groups"][0]["pages"].append(lead + _DECOMPOSED)
    (root / "docs.json").write_text(json.dumps(data), "utf-8")
    checked, built, check_exit, build_exit = check_and_build(root, tmp_path)
    assert check_exit == build_exit == 1 and checked == built
    (line,) = [f for f in checked if "nav-page-not-found" in f]
    assert f"a page file '{_COMPOSED}' exists, the same name in different Unicode" in line
    assert "did you mean" not in line  # not the same-looking name offered as a fix


def test_two_page_files_in_two_unicode_forms_are_said_to_be_one_name(tmp_path: Path) -> None:
    pages = {"index.mdx": "Home\n", f"{_COMPOSED}.mdx": "A\n", f"{_DECOMPOSED}.mdx": "B\n"}
    root = site(tmp_path / "docs", pages, spec=None)
    checked, built, check_exit, build_exit = check_and_build(root, tmp_path)
    assert check_exit == build_exit == 1 and checked == built
    (line,) = [f for f in checked if "nav-duplicate-url" in f]
    assert "Unicode code points" in line and "rename one of the page files" in line
    assert "'directory'" not in line  # no spec is involved
