"""Bad input found by fuzzing the CLI: each case gives a clear docgen message (with
``file:line:col`` where there is a file), never a traceback, never silence, and ``check``
reports what ``build`` reports. One small docs site per case, built in a temporary folder."""

from __future__ import annotations

import json
import os
import stat
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
    """(output path, the folder named as the one where nothing can be made)."""
    cases = []
    if Path("/proc/self").is_dir():  # a folder where no folder can be made, even by root
        cases.append((Path("/proc/docgen-out"), "/proc"))
    if os.geteuid() != 0:  # root writes into read-only folders
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(stat.S_IRUSR | stat.S_IXUSR)
        cases.append((locked / "deeper" / "site", str(locked)))
    return cases


def test_an_output_folder_that_cannot_be_made_names_it_not_the_temporary_folder(
    tmp_path: Path,
) -> None:
    root = site(tmp_path / "docs", {"index.mdx": "# Home\n"})
    cases = _unwritable_outputs(tmp_path)
    if not cases:
        pytest.skip("no folder here refuses new folders")
    for out, folder in cases:
        result = run_docgen(["build", "docs.json", "-o", str(out)], root)
        assert result.returncode == 1
        assert "Traceback" not in result.stderr and ".tmp-" not in result.stderr
        assert f"docgen: cannot write {out}: cannot make a folder in {folder} (" in result.stderr
        assert result.stderr.rstrip().endswith("nothing was written")
        # Refused before rendering: no page was written anywhere (no temporary folder left).
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
