"""``docgen check``: run the pipeline without writing, report every problem."""

from __future__ import annotations

from pathlib import Path

from docgen import lenient as lenient_mode
from docgen import report
from docgen.commands.console import Console
from docgen.load.remote import RemotePolicy
from docgen.load.target import find_target
from docgen.pipeline import dumps, run_check


def check(
    console: Console,
    target: Path | None,
    output_format: str,
    strict: bool,
    strict_spec: bool = True,
    *,
    lenient: bool = False,
    remote: RemotePolicy | None = None,
) -> int:
    """Report problems on stdout in ``output_format``; return the exit code (0 or 1)."""
    path = find_target(target)
    # Spec validation and the Markdown pages' scan run in processes of their own beside the
    # rest of the check (docgen.spec.background); the same diagnostics, sooner.
    result = run_check(
        path, strict_spec=strict_spec, lenient=lenient, remote=remote, defer_validation=True
    )
    result.settle()
    diagnostics = result.diagnostics
    failed = diagnostics.errors > 0 or (strict and diagnostics.warnings > 0)
    pages = result.site.records() if result.site is not None else []
    if output_format == "json":
        console.out(
            dumps(
                {
                    "ok": not failed,
                    "errors": diagnostics.errors,
                    "warnings": diagnostics.warnings,
                    "diagnostics": report.as_json(result.root, diagnostics),
                    "pages": pages,
                    **({"dropped": result.dropped} if lenient else {}),
                }
            )
        )
    elif output_format == "github":
        for d in diagnostics.sorted():
            console.out(report.github_line(result.root, d))
    else:
        for d in diagnostics.sorted():
            console.out(report.text_line(result.root, d))
    if output_format != "json":
        count = len(pages) if result.site is not None else None
        verdict = "failed" if failed else "ok"
        shown = report.shown_path(result.root, path.name)
        console.err(f"{shown}: {verdict} ({report.summary(diagnostics, count, result.dropped)})")
        hint = lenient_mode.hint(diagnostics) if failed else None
        if hint is not None:
            console.err(hint)
    return 1 if failed else 0
