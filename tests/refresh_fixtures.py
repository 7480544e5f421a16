"""Regenerate the expected outputs of the ``docgen check`` failure fixtures.

Usage (from the repository root)::

    python tests/refresh_fixtures.py            # every case under tests/fixtures/check/
    python tests/refresh_fixtures.py CASE ...   # only these cases
    python tests/refresh_fixtures.py --diff     # show what would change, write nothing

Each case is a folder ``tests/fixtures/check/<case>/`` holding a tiny docs site (a ``docs.json``
and its specs/pages) or, for spec-mode cases, one lone spec file. The CLI is run with the case
folder as working directory, and three files are written next to the inputs:

* ``expected.txt``  - stdout of ``docgen check <target>`` (text format; the stderr summary line
  is not part of it);
* ``expected.json`` - stdout of ``docgen check <target> --format json``;
* ``expected_exit`` - the exit code, as text.

The absolute path of the case folder (it appears in a few messages) is replaced by ``<case>``.

**Read every regenerated file** before committing it: the expectations are the behaviour that
the README's Rules require, not whatever docgen prints today. A case whose
expectation was written by hand because docgen is wrong carries a ``HANDWRITTEN.txt`` file (what
is wrong and why); it is skipped unless ``--force`` is given (delete the marker once docgen
produces the expected output).

``tests/test_check_fixtures.py`` imports the helpers below, so the test and this script always
run the CLI the same way.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
CASES = TESTS / "fixtures" / "check"
SPEC_SUFFIXES = (".yaml", ".yml", ".json")
EXPECTED_FILES = ("expected.txt", "expected.json", "expected_exit")
MARKER = "HANDWRITTEN.txt"
CASE_PLACEHOLDER = "<case>"


def case_names() -> list[str]:
    return sorted(p.name for p in CASES.iterdir() if p.is_dir())


def target_of(case: Path) -> str:
    """``docs.json`` (or ``mint.json``) when the case has one, else its one lone spec file."""
    for config in ("docs.json", "mint.json"):
        if (case / config).is_file():
            return config
    specs = [
        p.name
        for p in case.iterdir()
        if p.is_file() and p.suffix in SPEC_SUFFIXES and p.name not in EXPECTED_FILES
    ]
    if len(specs) != 1:
        raise RuntimeError(f"{case.name}: no docs.json and not exactly one spec file: {specs}")
    return specs[0]


@cache
def docgen_env() -> dict[str, str]:
    """The environment for ``python -m docgen``: PYTHONPATH unset (the package is installed in
    editable mode); if docgen is not importable that way, the repository's ``src`` (absolute,
    since the working directory changes) is used instead."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONIOENCODING"] = "utf-8"
    env.pop("COLUMNS", None)
    probe = subprocess.run(
        [sys.executable, "-c", "import docgen"],
        env=env,
        cwd=TESTS,
        capture_output=True,
        check=False,
    )
    if probe.returncode != 0:
        env["PYTHONPATH"] = str(REPO / "src")
    return env


def run_docgen(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the CLI in this process with ``cwd`` as the working folder, as a user would run
    ``docgen ARGS`` there (stdout and stderr apart, the exit code as the shell sees it)."""
    from click.testing import CliRunner

    from docgen.cli import cli

    before = Path.cwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(cli, args, prog_name="docgen")
    finally:
        os.chdir(before)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return subprocess.CompletedProcess(
        ["docgen", *args], result.exit_code, result.stdout, result.stderr
    )


# The YAML parser's own description of a syntax error is its wording, not docgen's: the
# expectations pin docgen's code, position and framing ("invalid YAML: ..."), not that text.
_YAML_DETAIL = re.compile(r"(invalid YAML: )[^\"\n]*")
YAML_DETAIL_PLACEHOLDER = "<parser detail>"


def normalise(text: str, case: Path) -> str:
    text = text.replace(str(case.resolve()), CASE_PLACEHOLDER)
    return _YAML_DETAIL.sub(rf"\g<1>{YAML_DETAIL_PLACEHOLDER}", text)


def run_case(case: Path, output_format: str = "text") -> subprocess.CompletedProcess[str]:
    """Run ``docgen check <target> --format <output_format>`` in ``case``; paths normalised."""
    result = run_docgen(["check", target_of(case), "--format", output_format], case)
    result.stdout = normalise(result.stdout, case)
    result.stderr = normalise(result.stderr, case)
    return result


def generate(case: Path) -> dict[str, str]:
    """The three expected files' contents, as docgen produces them now."""
    text = run_case(case, "text")
    as_json = run_case(case, "json")
    for result in (text, as_json):
        if "Traceback" in result.stderr:
            raise RuntimeError(f"{case.name}: docgen crashed:\n{result.stderr}")
    if text.returncode != as_json.returncode:
        raise RuntimeError(
            f"{case.name}: exit {text.returncode} in text format but {as_json.returncode} in json"
        )
    data = json.loads(as_json.stdout)
    return {
        "expected.txt": text.stdout,
        "expected.json": json.dumps(data, indent=2, ensure_ascii=False) + "\n",
        "expected_exit": f"{text.returncode}\n",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", help="case folder names (default: all)")
    parser.add_argument("--diff", action="store_true", help="show changes, write nothing")
    parser.add_argument(
        "--force", action="store_true", help=f"also overwrite cases marked with {MARKER}"
    )
    args = parser.parse_args(argv)
    names = args.cases or case_names()
    unknown = [n for n in names if not (CASES / n).is_dir()]
    if unknown:
        parser.error(f"no such case: {', '.join(unknown)}")
    written, differing = 0, []
    for name in names:
        case = CASES / name
        fresh = generate(case)
        handwritten = (case / MARKER).is_file() and not args.force
        for file, content in fresh.items():
            path = case / file
            old = path.read_text("utf-8") if path.is_file() else None
            if old == content:
                continue
            if args.diff or handwritten:
                label = " (hand-written, kept)" if handwritten else ""
                differing.append(f"{name}/{file}{label}")
                sys.stdout.writelines(
                    difflib.unified_diff(
                        (old or "").splitlines(keepends=True),
                        content.splitlines(keepends=True),
                        f"{name}/{file} (stored){label}",
                        f"{name}/{file} (docgen now)",
                    )
                )
            else:
                path.write_text(content, "utf-8")
                written += 1
                print(f"wrote {name}/{file}")
    print(
        f"\n{len(names)} case(s): {written} file(s) written, {len(differing)} differ from "
        "docgen's output and were not written" + "".join(f"\n  {d}" for d in differing)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
