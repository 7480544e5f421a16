"""README's diagnostic table names every code docgen can report, and only those."""

from __future__ import annotations

import re
from pathlib import Path

from docgen.diagnostics import Code

README = Path(__file__).resolve().parents[1] / "README.md"


def _table_codes() -> set[str]:
    text = README.read_text(encoding="utf-8")
    table = text.split("\n## Diagnostic codes\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z0-9-]+)`", table, flags=re.MULTILINE))


def test_every_code_has_a_row_in_the_readme_table() -> None:
    assert {code.value for code in Code} - _table_codes() == set()


def test_the_readme_table_lists_no_code_docgen_lacks() -> None:
    assert _table_codes() - {code.value for code in Code} == set()
