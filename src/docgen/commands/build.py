"""``docgen build``: check, render every page, write the site atomically."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from docgen import report
from docgen.diagnostics import Diagnostics
from docgen.pipeline import find_target, run_check

DEFAULT_OUT = "_site"


def _print_diagnostics(root: Path, diagnostics: Diagnostics) -> None:
    for d in diagnostics.sorted():
        print(report.text_line(root, d), file=sys.stderr)


def build(target: Path | None, out: Path | None, quiet: bool, strict: bool) -> int:
    """Build the site for ``target`` into ``out``; return the exit code."""
    from docgen.render.site import render_site
    from docgen.write.writer import OutputError, write_site

    started = time.perf_counter()
    path = find_target(target)
    out_dir = out if out is not None else path.parent / DEFAULT_OUT
    result = run_check(path, output_dir=out_dir)
    diagnostics = result.diagnostics
    if diagnostics.errors or result.site is None:
        _print_diagnostics(result.root, diagnostics)
        print(
            f"docgen: build failed ({report.summary(diagnostics, None)}); nothing was written",
            file=sys.stderr,
        )
        return 1
    show_progress = not quiet and sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show_progress and (done == total or done % 25 == 0):
            print(f"\rRendering pages {done}/{total}", end="", file=sys.stderr, flush=True)

    files = render_site(result.site, diagnostics, progress)
    if show_progress:
        print("\r\033[K", end="", file=sys.stderr)
    if diagnostics.warnings:
        _print_diagnostics(result.root, diagnostics)
    if strict and diagnostics.warnings:
        print("docgen: build failed: warnings with --strict; nothing was written", file=sys.stderr)
        return 1
    try:
        write_site(out_dir, files)
    except (OutputError, OSError) as exc:
        print(f"docgen: cannot write {out_dir}: {exc}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started
    pages = len(result.site.pages)
    if not quiet:
        print(
            f"Built {pages} page{'s' if pages != 1 else ''} ({len(files)} files) into "
            f"{out_dir} in {elapsed:.2f} s",
            file=sys.stderr,
        )
    return 0
