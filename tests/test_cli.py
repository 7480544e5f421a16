"""The ``docgen check`` command line: exit codes, output formats, ``--strict``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from refresh_fixtures import CASES, REPO, case_names, run_docgen, target_of

from docgen import cli as cli_module
from docgen.diagnostics import Code, Diagnostic, Level
from docgen.report import github_line, text_line

SHOWCASE = REPO / "fixtures" / "platform"
FAILING = CASES / "nav-unknown-operation"


# -- exit code 2: usage problems ---------------------------------------------------------------


def test_missing_default_config_is_exit_2(tmp_path: Path) -> None:
    result = run_docgen(["check"], tmp_path)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"docgen: no docs.json (or mint.json) in {tmp_path}")
    assert "Traceback" not in result.stderr


def test_missing_named_config_is_exit_2(tmp_path: Path) -> None:
    result = run_docgen(["check", "nope/docs.json"], tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "docgen: nope/docs.json: no such file"


def test_folder_without_config_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    result = run_docgen(["check", "site"], tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "docgen: no docs.json (or mint.json) in site"


@pytest.mark.parametrize(
    "args",
    [["check", "--bogus"], ["check", "--format", "xml"], ["check", "-x"], ["nosuchcommand"]],
)
def test_usage_errors_are_exit_2(args: list[str]) -> None:
    result = run_docgen(args, SHOWCASE)
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Usage:" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_closed_output_pipe_is_no_internal_error() -> None:
    # `docgen check --format json | head -c 100`: the reader closes the pipe early.
    import subprocess
    import sys

    with subprocess.Popen(
        [sys.executable, "-m", "docgen", "check", str(SHOWCASE), "--format", "json"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # before docgen prints anything
        stderr = process.stderr.read().decode()
        assert process.wait(timeout=120) == 1
    assert "internal error" not in stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr


def test_folder_argument_uses_its_docs_json() -> None:
    result = run_docgen(["check", "fixtures/platform"], REPO)
    assert result.returncode == 0
    assert result.stderr.strip() == (
        "fixtures/platform/docs.json: ok (8 pages, 0 errors, 0 warnings)"
    )


def test_version() -> None:
    result = run_docgen(["--version"], REPO)
    assert result.returncode == 0
    assert re.fullmatch(r"docgen, version \d+\.\d+\.\d+\S*\n", result.stdout)


# -- exit codes 0 and 1 -----------------------------------------------------------------------


def test_ok_is_exit_0_with_nothing_on_stdout() -> None:
    for fmt in ("text", "github"):
        result = run_docgen(["check", "--format", fmt], SHOWCASE)
        assert (result.returncode, result.stdout) == (0, ""), fmt


def test_errors_are_exit_1_in_every_format() -> None:
    for fmt in ("text", "json", "github"):
        result = run_docgen(["check", "--format", fmt], FAILING)
        assert result.returncode == 1, fmt


# -- output formats ---------------------------------------------------------------------------

GITHUB_LINE = re.compile(
    r"^::(?P<level>error|warning|notice) "
    r"(?:file=(?P<file>[^,:]+)(?:,line=(?P<line>\d+)(?:,col=(?P<col>\d+))?)?,)?"
    r"title=(?P<title>[a-z-]+)::(?P<message>.+)$"
)


def test_github_format_line_shape() -> None:
    result = run_docgen(["check", "--format", "github"], FAILING)
    lines = result.stdout.splitlines()
    assert lines == [
        "::error file=docs.json,line=6,col=34,title=nav-unknown-operation::'GET /userz' matches "
        "no operation in openapi.yaml; did you mean 'GET /users' or 'GET /users/{id}' or "
        "'POST /users'?"
    ]
    # The verdict stays on stderr, so stdout can be piped straight into the Actions log.
    verdict, hint = result.stderr.strip().splitlines()
    assert verdict == "docs.json: failed (3 pages, 1 error, 0 warnings)"
    assert hint.startswith("hint: all errors are ones Mintlify only warns about; --lenient")


def _failing_cases() -> list[str]:
    return [
        name
        for name in case_names()
        if json.loads((CASES / name / "expected.json").read_text("utf-8"))["diagnostics"]
    ]


@pytest.mark.parametrize("name", _failing_cases())
def test_github_format_every_case(name: str) -> None:
    """Every fixture's diagnostics come out as well-formed workflow commands, one per line."""
    case = CASES / name
    expected = json.loads((case / "expected.json").read_text("utf-8"))
    result = run_docgen(["check", target_of(case), "--format", "github"], case)
    lines = result.stdout.splitlines()
    assert len(lines) == len(expected["diagnostics"])
    for line in lines:
        match = GITHUB_LINE.match(line)
        assert match, line
        assert match["title"] in {c.value for c in Code}


def test_github_escaping() -> None:
    root = Path("/site")
    d = Diagnostic(Level.WARNING, Code.SPEC_INVALID, "50% done\nnext: a,b", "a,b:c.yaml", 3, 4)
    assert github_line(root, d) == (
        "::warning file=/site/a%2Cb%3Ac.yaml,line=3,col=4,title=spec-invalid::"
        "50%25 done%0Anext: a,b"
    )
    no_place = Diagnostic(Level.ERROR, Code.CONFIG_INVALID, "x")
    assert github_line(root, no_place) == "::error title=config-invalid::x"


def test_text_line_shape() -> None:
    root = Path.cwd()
    assert text_line(root, Diagnostic(Level.ERROR, Code.SPEC_INVALID, "m", "a.yaml", 2, 5)) == (
        "a.yaml:2:5: error[spec-invalid]: m"
    )
    assert text_line(root, Diagnostic(Level.ERROR, Code.SPEC_INVALID, "m", "a.yaml", 2)) == (
        "a.yaml:2: error[spec-invalid]: m"
    )
    assert text_line(root, Diagnostic(Level.WARNING, Code.MDX_UNSUPPORTED, "m", "a.mdx")) == (
        "a.mdx: warning[mdx-unsupported]: m"
    )
    assert text_line(root, Diagnostic(Level.ERROR, Code.CONFIG_INVALID, "m")) == (
        "error[config-invalid]: m"
    )


def test_content_never_writes_control_characters_to_the_terminal_or_log(tmp_path: Path) -> None:
    """A page file name and an MDX expression from a pull request carried terminal escapes
    (retitle, erase line), a bare CR and a line break starting a workflow command, printed
    as they were."""
    (tmp_path / "docs.json").write_text('{"name": "x", "navigation": {"pages": ["index"]}}')
    (tmp_path / "index.mdx").write_text("# Home\n\n{a\n::error file=x::forged \x1b[2K}\n")
    (tmp_path / "x\x1b]0;PWNED\x07\rforged.mdx").write_text("---\ntitle: [\n---\n")
    for fmt in ("text", "github"):
        result = run_docgen(["check", "--format", fmt], tmp_path)
        output = result.stdout + result.stderr
        shown = "x\\x1b]0;PWNED\\x07" + ("\\r" if fmt == "text" else "%0D") + "forged.mdx"
        assert result.returncode == 1 and shown in output, output
        assert "\x1b" not in output and "\r" not in output and "\x07" not in output
        assert not any(line.startswith("::error file=x::") for line in output.splitlines())


def test_json_format_shape() -> None:
    result = run_docgen(["check", "--format", "json"], FAILING)
    assert result.stderr == ""
    data = json.loads(result.stdout)
    assert list(data) == ["ok", "errors", "warnings", "diagnostics", "pages"]
    assert set(data["diagnostics"][0]) == {
        "level",
        "code",
        "message",
        "file",
        "line",
        "column",
        "pointer",
    }
    assert set(data["pages"][0]) == {"url", "kind", "title", "operation", "source", "hidden", "nav"}


# -- --strict -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "code", "verdict"),
    [([], 0, "ok"), (["--strict"], 1, "failed")],
)
def test_strict_turns_a_warning_into_exit_1(
    monkeypatch: pytest.MonkeyPatch, args: list[str], code: int, verdict: str
) -> None:
    """A real warning: an MDX page using a component docgen does not render."""
    monkeypatch.chdir(CASES / "warn-mdx-unsupported")
    runner = CliRunner()
    result = runner.invoke(cli_module.cli, ["check", *args])
    assert result.exit_code == code, result.output
    assert (
        "index.mdx:6:6: warning[mdx-unsupported]: unknown MDX component <Sparkle>: its content is "
        "shown without it" in result.stdout
    )
    assert f"docs.json: {verdict} (1 page, 0 errors, 1 warning)" in result.stderr
    as_json = runner.invoke(cli_module.cli, ["check", "--format", "json", *args])
    data = json.loads(as_json.stdout)
    assert as_json.exit_code == code
    assert (data["ok"], data["errors"], data["warnings"]) == (code == 0, 0, 1)


def test_strict_with_a_real_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fixture with warnings and no errors: check and build pass, and both fail with
    --strict (build then writes nothing)."""
    monkeypatch.setenv("DOCGEN_CACHE_DIR", str(tmp_path / "cache"))
    warned = []
    for name in case_names():
        data = json.loads((CASES / name / "expected.json").read_text("utf-8"))
        if data["warnings"] and not data["errors"]:
            warned.append(name)
    assert "warn-mdx-unsupported" in warned
    runner = CliRunner()
    for name in warned:
        monkeypatch.chdir(CASES / name)
        out = tmp_path / name
        assert runner.invoke(cli_module.cli, ["check"]).exit_code == 0
        assert runner.invoke(cli_module.cli, ["check", "--strict"]).exit_code == 1
        strict = runner.invoke(cli_module.cli, ["build", "--strict", "-o", str(out)])
        assert strict.exit_code == 1, strict.output
        assert "warnings with --strict; nothing was written" in strict.stderr
        assert not out.exists()
        assert runner.invoke(cli_module.cli, ["build", "-o", str(out)]).exit_code == 0
        assert (out / "index.html").is_file()


def test_strict_does_not_change_a_clean_result() -> None:
    result = run_docgen(["check", "--strict"], SHOWCASE)
    assert result.returncode == 0


def test_a_spec_named_docs_json_is_checked_as_a_spec(tmp_path: Path) -> None:
    """APIs.guru ships googleapis.com/docs.json: a spec, not a site config."""
    spec = {
        "openapi": "3.0.3",
        "info": {"title": "Docs", "version": "1"},
        "paths": {
            "/d": {"get": {"summary": "Get doc", "responses": {"200": {"description": "OK"}}}}
        },
    }
    (tmp_path / "docs.json").write_text(json.dumps(spec))
    result = CliRunner().invoke(cli_module.cli, ["check", str(tmp_path / "docs.json")])
    assert result.exit_code == 0, result.output


def test_build_and_check_end_at_once_with_every_line_written(tmp_path: Path) -> None:
    # build and check end the process without freeing what they loaded (os._exit: no exit
    # handler runs); what they printed still arrives in full, with the command's exit code.
    import subprocess
    import sys

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        code = (
            "import atexit, sys\n"
            "from docgen.cli import main\n"
            "atexit.register(lambda: print('exit handlers ran', file=sys.stderr))\n"
            "sys.argv = ['docgen', *sys.argv[1:]]\n"
            "main()\n"
        )
        command = [sys.executable, "-c", code, *args]
        return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)

    failing = run("check", str(FAILING), "--format", "json")
    assert failing.returncode == 1 and "exit handlers ran" not in failing.stderr
    report = json.loads(failing.stdout)  # the whole document (stdout is a buffered pipe)
    assert report["errors"] == len(report["diagnostics"]) == 1
    built = run("build", str(SHOWCASE), "-o", str(tmp_path / "site"))
    assert built.returncode == 0 and "exit handlers ran" not in built.stderr
    assert "Built 8 pages" in built.stderr
    assert (tmp_path / "site" / "_docgen" / "manifest.json").is_file()
    version = run("--version")  # other commands end as usual
    assert version.returncode == 0 and "exit handlers ran" in version.stderr
