"""``--lenient``: what Mintlify only warns about becomes a warning, and the entry is dropped.

Mintlify builds a site with a missing page, an operation missing from its spec, a page-file
conflict, an unusable redirect or an unknown config key, warning about each. docgen stays
strict by default; with ``--lenient`` those errors are reported as warnings and the site is
built without the entry (the resolver already leaves such entries out), and spec validation
errors are warnings as with ``--no-strict-spec``. ``check`` and ``build`` apply it the same way.
"""

from __future__ import annotations

from docgen.diagnostics import Code, Diagnostic, Diagnostics, Level

NOTE = " (--lenient: dropped)"
NAV_CODES = frozenset(
    {
        Code.NAV_PAGE_NOT_FOUND,
        Code.NAV_UNKNOWN_OPERATION,
        Code.NAV_PAGE_CONFLICT,
        Code.NAV_EXCLUDED_OPERATION,
        Code.NAV_AMBIGUOUS_OPERATION,
        Code.REDIRECT_INVALID,  # the redirect is left out (Mintlify builds without it)
        Code.REDIRECT_CONFLICT,  # the first redirect of a source wins
    }
)


def _navigation(d: Diagnostic) -> bool:
    return d.code in NAV_CODES


def unknown_key(d: Diagnostic) -> bool:
    """A config key in neither Mintlify schema (Mintlify ignores those)."""
    return d.code is Code.CONFIG_INVALID and "unknown " in d.message and " key '" in d.message


REF_NOTE = " (--lenient: shown as a value of any type)"


def demote_references(diagnostics: Diagnostics) -> int:
    """A ``$ref`` to nothing inside a spec, as a warning: Mintlify renders such a spec, and
    docgen's pages show what it stands for as a value of any type. A file that cannot be found
    or read stays an error."""
    return diagnostics.demote(
        lambda d: d.code is Code.REF_UNRESOLVED and "points to nothing" in d.message, REF_NOTE
    )


FRONTMATTER_NOTE = " (--lenient: the frontmatter is ignored)"
NOT_A_MAPPING = "invalid frontmatter: expected 'key: value' lines"


def _not_a_mapping(d: Diagnostic) -> bool:
    """Frontmatter that is YAML but not a mapping (a line of text between the ``---``):
    Mintlify's YAML reader accepts it and the page has no frontmatter; YAML that does not
    parse fails Mintlify's build too and stays an error."""
    return d.code is Code.PAGE_PARSE_ERROR and d.message == NOT_A_MAPPING


def demote_frontmatter(diagnostics: Diagnostics) -> int:
    """Frontmatter that is not ``key: value`` lines, as a warning (the page is built without it)."""
    return diagnostics.demote(_not_a_mapping, FRONTMATTER_NOTE)


def demote_navigation(diagnostics: Diagnostics) -> int:
    """Navigation errors Mintlify only warns about, as warnings; how many entries were dropped."""
    return diagnostics.demote(_navigation, NOTE)


def forgiven(diagnostics: Diagnostics) -> int:
    """How many of the errors ``--lenient`` would report as warnings: a failed check or build
    without it names the option when some are (Mintlify builds such a site)."""
    return sum(
        1
        for d in diagnostics
        if d.level is Level.ERROR
        and (
            _navigation(d)
            or unknown_key(d)
            or _not_a_mapping(d)
            or (d.code is Code.REF_UNRESOLVED and "points to nothing" in d.message)
        )
    )


def hint(diagnostics: Diagnostics) -> str | None:
    """The line that names ``--lenient`` after a failed run without it, or ``None``."""
    count = forgiven(diagnostics)
    if not count:
        return None
    errors = diagnostics.errors
    which = "all" if count == errors else f"{count} of the {errors}"
    return (
        f"hint: {which} errors are ones Mintlify only warns about; --lenient reports them as "
        "warnings and builds the site without those entries"
    )
