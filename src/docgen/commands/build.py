"""``docgen build``: check, render every page, write the site atomically."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

from docgen import lenient, report
from docgen.commands.console import Console
from docgen.config.operator import credentials_allowed
from docgen.diagnostics import Diagnostics
from docgen.load.remote import RemotePolicy
from docgen.load.target import CONFIG_NAME, MINT_NAME, find_target

DEFAULT_OUT = "_site"


def _show(console: Console, root: Path, diagnostics: Diagnostics) -> None:
    for d in diagnostics.sorted():
        console.err(report.text_line(root, d))


def build(
    console: Console,
    target: Path | None,
    out: Path | None,
    quiet: bool,
    strict: bool,
    strict_spec: bool = True,
    *,
    lenient: bool = False,
    remote: RemotePolicy | None = None,
) -> int:
    """Build the site for ``target`` into ``out``; return the exit code."""
    from docgen.write import buildcache

    started = time.perf_counter()
    path = find_target(target, "build")
    out_dir = out if out is not None else path.parent / DEFAULT_OUT
    out_shown = report.shown_path(Path.cwd(), str(out_dir))
    from docgen.exceptions import OutputError
    from docgen.write.writer import preflight, refuse_sources

    try:
        refuse_sources(out_dir, path.parent)
        preflight(out_dir.absolute())  # before rendering for minutes
    except OutputError as exc:
        console.err(f"docgen: cannot write {out_shown}: {exc}; nothing was written")
        return 1
    # Nothing changed since the last build (docs folder, options, docgen): show what it showed,
    # without loading the specs or the renderer.
    # (A bare spec's folder may hold anything: only its documents are checked then.)
    whole_folder = path.name in (CONFIG_NAME, MINT_NAME)
    options = repr((strict, strict_spec, lenient, remote, credentials_allowed()))
    quick = buildcache.quick_print(path, out_dir, options, tree=whole_folder)
    again = buildcache.replay(out_dir, quick)
    if again is not None:
        shown = Diagnostics()
        for diagnostic in again.diagnostics:
            shown.add(diagnostic)
        if shown.warnings or (shown.infos and not quiet):
            _show(console, Path(again.root), shown)
        if not quiet:
            console.err(
                _built(again.pages, "nothing changed since the last build", out_shown, started)
                + _dropped(again.dropped)
            )
        return 0

    from docgen.exceptions import SearchIndexError
    from docgen.pipeline import config_fingerprint, run_check
    from docgen.render.sink import Placed, Sink
    from docgen.write.pagecache import PageCache
    from docgen.write.removed import gone_urls, notice, published_urls
    from docgen.write.writer import WriteStats, write_site

    before = published_urls(out_dir)  # the site about to be replaced: its pages

    # Specs are validated in a process of their own while pages render; the site is written
    # only once every verdict is in and none is an error (docgen.spec.background). Markdown
    # pages report their warnings as they render (each is parsed once).
    result = run_check(
        path,
        output_dir=out_dir,
        strict_spec=strict_spec,
        lenient=lenient,
        remote=remote,
        defer_validation=True,
        pages_in_render=True,
    )
    diagnostics = result.diagnostics
    if result.failed or result.site is None:
        result.settle()
        result.scan_left_pages()  # what check reports: no page rendered
        return _failed(console, result.root, diagnostics)
    checked = len(diagnostics)  # what the check found before rendering
    show_progress = not quiet and console.err_is_terminal

    def progress(done: int, total: int) -> None:
        if show_progress and (done == total or done % 25 == 0):
            console.err(f"\rRendering pages {done}/{total}", end="")

    site = result.site
    config_text = config_fingerprint(result.config_doc)
    inputs = buildcache.fingerprint(site, config_text, out_dir)
    previous = buildcache.unchanged(out_dir, inputs)
    page_cache: PageCache | None = None
    written = WriteStats()
    failure: str | None = None
    try:
        if previous is not None:
            for diagnostic in previous:
                diagnostics.add(diagnostic)
        else:
            # Files are written into a temporary folder as they are rendered; the folder
            # replaces the site only if the build succeeds (``veto``: a spec found invalid,
            # or warnings with --strict).
            page_cache = PageCache(site, out_dir, config_text)
            cache = page_cache

            def stream(sink: Sink) -> Iterator[tuple[str, bytes | Placed]]:
                # The render workers put their page files in the temporary folder themselves.
                return result.render(progress, cache=cache, shards=cache, sink=sink)

            def veto() -> bool:
                # (A page's errors are found as it renders: link-unsafe.)
                settled = result.settle()
                return settled or diagnostics.errors > 0 or (strict and diagnostics.warnings > 0)

            try:
                # The previous site is removed beside the caches being written.
                written = write_site(out_dir, stream, veto, background=True)
            except (OutputError, OSError) as exc:
                failure = f"docgen: cannot write {out_shown}: {exc}; nothing was written"
            except SearchIndexError as exc:
                failure = f"docgen: build failed: {exc}; nothing was written"
    except BaseException:
        result.abandon()  # interrupted: no need to wait for a verdict
        raise
    if show_progress:
        console.err("\r\033[K", end="")
    if result.settle():
        # As if the check had stopped the build: its findings, not the pages'.
        found = Diagnostics()
        pages = result.scan_left_pages()  # the rendering stopped: every page, as check does
        for diagnostic in [*list(diagnostics)[:checked], *result.validated, *pages]:
            found.add(diagnostic)
        return _failed(console, result.root, found)
    rendering = [d for d in list(diagnostics)[checked:] if d not in result.validated]
    if diagnostics.errors and failure is None:  # the pages' own errors, found as they render
        return _failed(console, result.root, diagnostics)
    if diagnostics.warnings or (diagnostics.infos and not quiet):
        _show(console, result.root, diagnostics)
    if failure is not None:
        console.err(failure)
        return 1
    if strict and diagnostics.warnings:
        console.err("docgen: build failed: warnings with --strict; nothing was written")
        return 1
    done = "nothing changed since the last build"
    if previous is None:
        remote_specs = any(spec.remote_sha256 for spec in site.specs.values())
        read = [Path(doc.path) for spec in site.specs.values() for doc in spec.documents.values()]
        if page_cache is not None:
            read += [Path(site.root) / name for name in sorted(page_cache.snippet_files())]
        listing = buildcache.record(
            out_dir,
            inputs,
            rendering,
            quick=None if remote_specs else quick,
            elsewhere=buildcache.outside_tree(path.absolute().parent, read)
            if whole_folder
            else read,
            shown=buildcache.Replay(
                list(diagnostics), len(site.pages), result.dropped, str(result.root)
            ),
        )
        if page_cache is not None:
            page_cache.save(listing)
        written.finish()
        gone = gone_urls(before, site)
        if gone:
            console.err(report.visible(notice(gone)))  # URLs from file names
        done = (
            f"{written.written + written.kept} files, {written.written} written, "
            f"{written.kept} unchanged"
        )
    if not quiet:
        console.err(_built(len(site.pages), done, out_shown, started) + _dropped(result.dropped))
    return 0


def _failed(console: Console, root: Path, diagnostics: Diagnostics) -> int:
    _show(console, root, diagnostics)
    console.err(f"docgen: build failed ({report.summary(diagnostics, None)}); nothing was written")
    hint = lenient.hint(diagnostics)
    if hint is not None:
        console.err(hint)
    return 1


def _built(pages: int, done: str, out_shown: str | None, started: float) -> str:
    elapsed = time.perf_counter() - started
    plural = "s" if pages != 1 else ""
    return f"Built {pages} page{plural} ({done}) into {out_shown} in {elapsed:.2f} s"


def _dropped(count: int) -> str:
    if not count:
        return ""
    return f"; {count} navigation entr{'ies' if count != 1 else 'y'} dropped (--lenient)"
