"""docs.json ``styling.codeblocks.languages.custom``: Shiki grammars for languages Shiki lacks.

docgen highlights code with Pygments and runs no TextMate grammar. Each grammar file (a JSON
object with a ``name``, and ``aliases`` and a ``scopeName`` when it has them) is read for the
fence languages it names. When one of them, or the language of its scope (``source.rego`` ->
``rego``), is a language Pygments has a lexer for, code written in any of the names is
highlighted with that lexer and an info line says so; when none is, code in them is shown
without colours and a warning at the entry says so. A file that is missing, too large or not
such an object is a warning at its entry too: a grammar never stops a build.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from docgen.config.model import LocalFile
from docgen.diagnostics import Code, Diagnostics, Location
from docgen.exceptions import UnsafePathError
from docgen.load.paths import resolve_inside

# Fence languages Pygments does not call by these names (render/highlight.py): the ids and
# aliases of the languages Shiki 3 bundles (the Shiki Mintlify highlights with, its
# DEFAULT_LANG_ALIASES included) whose Pygments lexer has another name, or none of its own
# that is the same language ("erl" is Erlang's shell there, "v" Verilog).
ALIASES = {
    "sh": "bash",
    "shell": "bash",
    "shellscript": "bash",
    "curl": "bash",
    "shellsession": "console",
    "dotenv": "bash",  # KEY=value lines and # comments, as a shell reads them
    "cmd": "batch",
    "vb": "vbnet",
    "ps": "powershell",
    "js": "javascript",
    "cjs": "javascript",
    "mjs": "javascript",
    "node": "javascript",
    "ts": "typescript",
    "cts": "typescript",
    "mts": "typescript",
    "ts-tags": "typescript",
    "lit": "typescript",
    "angular-ts": "typescript",
    "angular-html": "html+ng2",
    "html-derivative": "html",
    "vue-html": "html",
    "py": "python",
    "jsonc": "json",
    "jsonl": "json",
    "yml": "yaml",
    "mdx": "markdown",
    "postcss": "css",
    "qss": "css",
    "plsql": "sql",
    "cql": "cypher",
    "gql": "graphql",
    "h": "c",
    "cc": "cpp",
    "hh": "cpp",
    "objective-cpp": "objective-c++",
    "fs": "fsharp",
    "kt": "kotlin",
    "kts": "kotlin",
    "hbs": "handlebars",
    "mipsasm": "mips",
    "actionscript-3": "actionscript3",
    "fortran-free-form": "fortran",
    "f03": "fortran",
    "f08": "fortran",
    "f18": "fortran",
    "f95": "fortran",
    "fortran-fixed-form": "fortranfixed",
    "f": "fortranfixed",
    "f77": "fortranfixed",
    "for": "fortranfixed",
    "erl": "erlang",
    "potx": "po",
    "reg": "registry",
    "scad": "openscad",
    "system-verilog": "systemverilog",
    "tfvars": "terraform",
    "typ": "typst",
    "viml": "vim",
    "vimscript": "vim",
    "vy": "vyper",
    "wasm": "wast",
    "wiki": "wikitext",
    "xsl": "xslt",
    "plain": "text",
    "plaintext": "text",
    "txt": "text",
    "v": "vlang",  # the V language: Pygments has none ("v" is its Verilog)
}
MAX_GRAMMAR_BYTES = 2 * 1024 * 1024  # Shiki's largest bundled grammars are under 1 MB
# Names one grammar may give (its name and aliases; Shiki's have at most a handful) and names
# a message shows: 250,000 aliases in a 1.7 MB file took check 77 s and one message held all.
MAX_GRAMMAR_NAMES = 64
# Grammar files read: each is up to 2 MB of JSON to parse, and a config may list one file
# a million times.
MAX_GRAMMARS = 100
_SHOWN_NAMES = 8


@lru_cache(maxsize=1)
def _pygments_names() -> frozenset[str]:
    """Every name a Pygments lexer (plugins included) is called by, as get_lexer_by_name
    matches them; looking each name up through it costs a scan of all lexers (0.35 ms)."""
    from pygments.lexers import get_all_lexers

    return frozenset(alias.lower() for _, aliases, _, _ in get_all_lexers() for alias in aliases)


def lexer_name(language: str) -> str | None:
    """The name Pygments knows ``language`` by (``None``: it has no lexer for it)."""
    name = ALIASES.get(language.lower(), language.lower())
    return name if name in _pygments_names() else None


def read_grammar(
    file: LocalFile, root: Path, index: int, where: Location, diagnostics: Diagnostics
) -> tuple[tuple[str, str], ...]:
    """(fence language, Pygments lexer) for each name of the grammar ``file`` (entry ``index``
    of the list) that Pygments does not know by itself, when the grammar maps to a lexer; its
    diagnostics at ``where``."""
    dotted = f"styling.codeblocks.languages.custom[{index}]"
    try:  # symbolic links included: a grammar never reads a file outside the docs folder
        path = resolve_inside(root, file.path)
    except UnsafePathError as exc:
        diagnostics.warning(Code.ASSET_SKIPPED, f"{dotted}: not read: {exc}", where)
        return ()
    grammar = _load(path, file.path, dotted, where, diagnostics)
    if grammar is None:
        return ()
    names = [grammar["name"], *grammar.get("aliases", ())]
    names = list(dict.fromkeys(n.lower() for n in names if isinstance(n, str) and n.strip()))
    if len(names) > MAX_GRAMMAR_NAMES:
        diagnostics.warning(
            Code.CONFIG_INVALID,
            f"{dotted}: the language grammar '{file.path}' gives {len(names):,} names; the "
            f"first {MAX_GRAMMAR_NAMES} are read",
            where,
        )
        names = names[:MAX_GRAMMAR_NAMES]
    scope = str(grammar.get("scopeName") or "")
    scoped = scope.split(".")[1] if scope.count(".") >= 1 else ""
    lexer = next((lexer_name(n) for n in [*names, scoped] if n and lexer_name(n)), None)
    shown = ", ".join(f"'{n[:40]}'" for n in names[:_SHOWN_NAMES])
    if len(names) > _SHOWN_NAMES:
        shown += f" and {len(names) - _SHOWN_NAMES} more"
    if lexer is None:
        diagnostics.warning(
            Code.ASSET_SKIPPED,
            f"{dotted}: code in {shown} is shown without colours: docgen highlights with "
            f"Pygments, which has no lexer for it, and does not run the grammar "
            f"'{file.path}' (name a language Pygments has in the grammar's 'aliases' to "
            "highlight it as that language)",
            where,
        )
        return ()
    diagnostics.info(
        Code.CONFIG_UNUSED_KEY,
        f"{dotted}: docgen does not run the grammar '{file.path}'; code in {shown} is "
        f"highlighted with Pygments' '{lexer}' lexer",
        where,
    )
    return tuple((n, lexer) for n in names if lexer_name(n) != lexer)


def _load(
    path: Path, name: str, dotted: str, where: Location, diagnostics: Diagnostics
) -> dict[str, Any] | None:
    """The grammar at ``path`` (``None``, reported, when there is no usable one)."""
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_GRAMMAR_BYTES + 1)
    except OSError:
        diagnostics.warning(
            Code.ASSET_NOT_FOUND,
            f"{dotted}: the language grammar '{name}' is not in the docs folder",
            where,
        )
        return None
    if len(data) > MAX_GRAMMAR_BYTES:
        reason = f"larger than {MAX_GRAMMAR_BYTES // (1024 * 1024)} MB"
    else:
        try:
            grammar = json.loads(data)
        except (ValueError, RecursionError) as exc:
            reason = f"not JSON ({str(exc)[:80]})"
        else:
            if isinstance(grammar, dict) and isinstance(grammar.get("name"), str):
                aliases = grammar.get("aliases", [])
                if isinstance(aliases, list) and all(isinstance(a, str) for a in aliases):
                    return grammar
                reason = "a grammar whose 'aliases' is not a list of names"
            else:
                reason = "not a JSON object with a 'name', as Shiki's grammars are"
    diagnostics.warning(
        Code.CONFIG_INVALID,
        f"{dotted}: the language grammar '{name}' is {reason}; code in it is shown without colours",
        where,
    )
    return None
