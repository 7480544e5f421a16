"""Navigation, resolved in-process and compared to a tree a person can read: each section as
``kind: label``, each link as ``- METHOD Label  /url``, hidden pages listed after ``hidden:``."""

from __future__ import annotations

from pathlib import Path

import pytest

from docgen.nav.model import NavLink, NavSection, Site
from docgen.pipeline import run_check

CASES = Path(__file__).resolve().parent / "fixtures" / "check"


def tree(site: Site) -> str:
    lines = _lines(site.navigation, 0)
    hidden = [f"  {page.url}" for page in site.pages if page.hidden]
    return "\n".join(lines + (["hidden:", *hidden] if hidden else []))


def _lines(section: NavSection, depth: int) -> list[str]:
    out = []
    for item in section.items:
        pad = "  " * depth
        if isinstance(item, NavLink):
            badge = f"{item.method} " if item.method else ""
            out.append(f"{pad}- {badge}{item.label}  {item.url}")
        else:
            out.append(f"{pad}{item.kind.value}: {item.label}")
            out.extend(_lines(item, depth + 1))
    return out


EXPECTED = {
    # first tag, x-displayName (the label; the URL has the tag's name, as on Mintlify),
    # untagged operations under "API Reference"
    "pass-automatic-groups": """
group: User accounts
  - GET List users  /api-reference/users/list-users
group: billing
  - GET List invoices  /api-reference/billing/list-invoices
group: API Reference
  - GET Ping  /api-reference/ping
""",
    # a reference in one tab makes the root spec explicit: only the listed operation
    "pass-explicit-mode-across-tabs": """
tab: Guides
  - Guide  /guide
tab: API
  - GET List users  /api-reference/users/list-users
""",
    # the same path in two versions: two directories, two URLs
    "pass-versions-same-path": """
version: v2
  group: Users
    - GET List users  /v2/users/list-users
version: v1
  group: Users
    - GET List users  /v1/users/list-users
""",
    # x-hidden: a page, no link
    "pass-x-hidden-automatic": """
group: Users
  - GET List users  /api-reference/users/list-users
hidden:
  /api-reference/users/internal-stats
""",
    # two operations with one summary: the second URL gets -2
    "pass-slug-collision-suffix": """
group: Users
  - GET List users  /api-reference/users/list-users
  - GET List users  /api-reference/users/list-users-2
""",
    "pass-webhook-reference": """
group: Events
  - HOOK User created  /api-reference/users/user-created
""",
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_navigation_tree(name: str) -> None:
    result = run_check(CASES / name / "docs.json")
    assert result.site is not None and not result.failed, list(result.diagnostics)
    assert tree(result.site) == EXPECTED[name].strip("\n")
