"""The one runner behind every command: load the config (or a lone spec) -> load and validate
specs -> resolve navigation (:func:`run_check`, all of ``docgen check``), then render
(:meth:`CheckResult.render`). ``build`` writes what that yields; ``serve`` keeps it in memory."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from docgen import lenient as lenient_mode
from docgen.config.includes import LocatedDocument
from docgen.config.loader import load_config
from docgen.config.model import (
    DEFAULT_DIRECTORY,
    DEFAULT_LANGUAGES,
    SPEC_ONLY,
    NavNode,
    NodeKind,
    OpenApiSource,
    Playground,
    SiteConfig,
)
from docgen.config.operator import credentials_allowed
from docgen.diagnostics import Diagnostic, Diagnostics, Level
from docgen.exceptions import LoadError
from docgen.load.gcpause import gc_paused
from docgen.load.remote import RemotePolicy
from docgen.load.source import SourceDocument, peek_json
from docgen.load.target import CONFIG_NAME, MINT_NAME
from docgen.nav.model import Site
from docgen.nav.resolver import Resolver
from docgen.render.scan import markdown_pages, scan
from docgen.render.scan import scan_pages as page_warnings
from docgen.render.searchshards import ShardCache
from docgen.render.sink import Placed, Sink
from docgen.render.site import JobCache, iter_site
from docgen.spec.background import Verdicts
from docgen.spec.loader import SpecLoader

_SHARED_SCAN = 64  # Markdown pages from which two processes share their scan


@dataclass(slots=True)
class CheckResult:
    """What ``check`` found: every diagnostic, and the site when the config resolved."""

    root: Path
    target: Path
    diagnostics: Diagnostics
    site: Site | None
    config_doc: SourceDocument | None
    dropped: int = 0  # navigation entries left out by --lenient
    # Checks still running beside the rendering (``defer_validation``: each spec's validation,
    # the Markdown pages' scan): see settle().
    pending: list[Verdicts] = field(default_factory=list)
    validated: list[Diagnostic] = field(default_factory=list)  # what settle() added
    # The Markdown pages' warnings are left to the rendering (``pages_in_render``).
    pages_left: bool = False

    @property
    def failed(self) -> bool:
        """Whether nothing can be rendered: an error was found, or no site resolved (a
        validation still running may add errors: see :meth:`settle`)."""
        return self.diagnostics.errors > 0 or self.site is None

    def settle(self) -> bool:
        """Wait for the validations still running and add what they found to
        :attr:`diagnostics` (and to :attr:`validated`); ``True`` when that includes an error."""
        pending, self.pending = self.pending, []
        for verdicts in pending:
            for diagnostic in verdicts.diagnostics():
                self.diagnostics.add(diagnostic)
                self.validated.append(diagnostic)
        return any(d.level is Level.ERROR for d in self.validated)

    def _invalid_yet(self) -> bool:
        """Whether a validation that has finished found an error (never waits)."""
        return any(
            d.level is Level.ERROR
            for verdicts in self.pending
            if verdicts.ready()
            for d in verdicts.diagnostics()
        )

    def abandon(self) -> None:
        """Stop the validations still running (the build stopped for another reason)."""
        for verdicts in self.pending:
            verdicts.close()

    def render(
        self,
        progress: Callable[[int, int], None] | None = None,
        *,
        cache: JobCache | None = None,
        shards: ShardCache | None = None,
        sink: Sink | None = None,
    ) -> Iterator[tuple[str, bytes | Placed]]:
        """Every output file as (relative path, bytes), rendering as it goes; what rendering
        finds joins :attr:`diagnostics` (only the Markdown pages' warnings, when the check left
        them to it: :attr:`pages_left`). Only for a result that has not failed. ``cache`` and
        ``shards``: the previous build's pages and search shards, reused where unchanged;
        ``sink``: page files put in place where they render (``Placed`` stands for them)."""
        assert self.site is not None and not self.failed
        files = iter_site(
            self.site,
            self.diagnostics,
            progress,
            cache=cache,
            shards=shards,
            sink=sink,
            report_pages=self.pages_left,
        )
        return self._until_invalid(files) if self.pending else files

    def scan_left_pages(self) -> list[Diagnostic]:
        """The Markdown pages' warnings, found now, for a result that left them to a rendering
        that did not happen or stopped (the build failed): add them to :attr:`diagnostics` and
        return them, so a failed build reports what ``docgen check`` does."""
        if not self.pages_left or self.site is None:
            return []
        self.pages_left = False
        found = page_warnings(self.site)
        for diagnostic in found:
            self.diagnostics.add(diagnostic)
        return found

    def _until_invalid(
        self, files: Iterator[tuple[str, bytes | Placed]]
    ) -> Iterator[tuple[str, bytes | Placed]]:
        """``files`` until a validation running beside them finds an error: then no more
        (the caller must not use the site: :meth:`settle` returns ``True``). A spec that
        turns out invalid may also break its rendering: that failure is its errors too."""
        try:
            for number, item in enumerate(files):
                yield item
                if number % 64 == 0 and self._invalid_yet():
                    return
        except Exception:
            if self.settle():
                return
            raise
        finally:
            close = getattr(files, "close", None)
            if close is not None:
                close()


def target_kind(path: Path) -> tuple[bool, SourceDocument | None]:
    """Whether ``path`` is a spec (a YAML file, or a JSON file whose top level names ``openapi``
    or ``swagger``) rather than a site config, and the document when deciding parsed it."""
    if path.suffix.lower() in (".yaml", ".yml"):
        return True, None
    try:
        document = peek_json(path)
    except LoadError:
        document = None
    if document is not None:
        data = document.data
        is_spec = isinstance(data, dict) and ("openapi" in data or "swagger" in data)
        if path.name in (CONFIG_NAME, MINT_NAME):
            # Usually the site config; a spec that happens to be named docs.json (APIs.guru has
            # googleapis.com/docs.json) is recognised by its top-level keys. A mint.json may name
            # its specs in a top-level "openapi" key: it has "navigation", so it is a config.
            is_spec = is_spec and "navigation" not in data
        return is_spec, document if is_spec else None
    if path.name in (CONFIG_NAME, MINT_NAME):
        return False, None
    try:
        raw = path.read_bytes()
    except OSError:
        return False, None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        # Unparseable: judge by the text, so the right loader reports the parse error.
        text = raw[:65536].decode("utf-8", "ignore")
        return ('"openapi"' in text or '"swagger"' in text) and '"navigation"' not in text, None
    return isinstance(data, dict) and ("openapi" in data or "swagger" in data), None


@gc_paused()
def run_check(
    target: Path,
    *,
    output_dir: Path | None = None,
    validate: bool = True,
    strict_spec: bool = True,
    lenient: bool = False,
    remote: RemotePolicy | None = None,
    defer_validation: bool = False,
    pages_in_render: bool = False,
) -> CheckResult:
    """Run every stage except rendering and writing on ``target`` (config or spec).

    ``strict_spec=False`` reports spec validation errors as warnings (``--no-strict-spec``);
    ``lenient`` (``--lenient``) also what Mintlify only warns about (see :mod:`docgen.lenient`).
    ``remote`` is what the operator allows for https:// specs (``--offline``, local addresses).
    ``defer_validation`` (``docgen build``): specs are validated, and Markdown pages scanned,
    beside what follows, their verdicts left in :attr:`CheckResult.pending` (the caller must
    :meth:`~CheckResult.settle`). ``pages_in_render`` (build, serve: they render every page,
    parsing it anyway): Markdown pages are not scanned; their warnings come with the rendering
    (:attr:`CheckResult.pages_left`), or from :meth:`~CheckResult.scan_left_pages`.

    The cyclic garbage collector is paused meanwhile: the check builds the site's whole model
    and drops little, and each full collection went over all of it again (Microsoft Graph:
    twice, 0.24 s each, before the first page could render).
    """
    diagnostics = Diagnostics()
    root = target.parent.resolve()
    is_spec, parsed = target_kind(target)
    loader = SpecLoader(
        root,
        diagnostics,
        validate=validate,
        strict_spec=strict_spec and not lenient,
        remote=remote,
        parsed=parsed,
        defer_validation=defer_validation,
    )
    config_doc: SourceDocument | None = None
    if is_spec:
        config = _spec_only_config(target, loader)
        scan_pages = False
    else:
        config_doc, maybe_config = load_config(target, target.name, diagnostics, lenient=lenient)
        if maybe_config is None:
            return CheckResult(root, target, diagnostics, None, config_doc)  # no spec loaded
        config = maybe_config
        scan_pages = True
    resolver = Resolver(
        root,
        config,
        config_doc,
        loader,
        diagnostics,
        output_dir=output_dir,
        scan_pages=scan_pages,
    )
    site = resolver.resolve()
    dropped = lenient_mode.demote_navigation(diagnostics) if lenient else 0
    if lenient:
        lenient_mode.demote_references(diagnostics)
        lenient_mode.demote_frontmatter(diagnostics)
    pending = loader.deferred
    # What rendering would report (check = build minus writing); first what does not need the
    # pages parsed, which drops static files that clash with pages: the pages' asset warnings
    # are then found against what the site really copies.
    scan(site, diagnostics, config_doc)
    if pages_in_render and scan_pages:
        result = CheckResult(root, target, diagnostics, site, config_doc, dropped, pending)
        result.pages_left = True
        return result
    count = markdown_pages(site) if defer_validation else 0
    if count:
        # Parsing every Markdown page for its warnings is most of a docs repo's check: it
        # runs beside what follows, in two processes sharing the pages on a big site.
        frozen, parts = copy.copy(site), 2 if count >= _SHARED_SCAN else 1
        for part in range(parts):
            work = partial(page_warnings, frozen, (part, parts))
            pending = [*pending, Verdicts(work).start()]
    else:
        for diagnostic in page_warnings(site):
            diagnostics.add(diagnostic)
    return CheckResult(root, target, diagnostics, site, config_doc, dropped, pending)


def _spec_only_config(spec_path: Path, loader: SpecLoader) -> SiteConfig:
    """The default site for a lone spec: one section, every operation in automatic mode."""
    spec = loader.load(spec_path.name, None)
    title = spec_path.stem
    if spec is not None:
        info = spec.data.get("info")
        if isinstance(info, dict) and isinstance(info.get("title"), str) and info["title"]:
            title = info["title"]
    navigation = NavNode(
        kind=NodeKind.ROOT,
        label="",
        pointer="/navigation",
        openapi=(OpenApiSource(spec_path.name, DEFAULT_DIRECTORY, ""),),
        items=(),
    )
    return SiteConfig(
        name=title,
        url=None,
        description=None,
        primary_color=None,
        navigation=navigation,
        playground=Playground(),
        languages=DEFAULT_LANGUAGES,
        auth=None,
        source_format=SPEC_ONLY,
    )


def config_fingerprint(doc: SourceDocument | None) -> str | None:
    """The config's text, with every file it includes (``$ref``), for the build cache; and
    what the operator grants it (``--allow-credentials`` changes the pages)."""
    if doc is None:
        return None
    text = doc.fingerprint_text() if isinstance(doc, LocatedDocument) else doc.text
    return text + "\0credentials" if credentials_allowed() else text


def dumps(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)
