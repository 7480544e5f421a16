"""Inputs a client or a log writer controls that made analytics slow, wrong or crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_analytics import docgen

from docgen.analytics import agents
from docgen.analytics.agents import MAX_AGENT_CHARS, Classifier, Kind

FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"


def test_an_address_match_starts_only_where_its_run_of_characters_starts() -> None:
    # Tried at every character of a 30 KB run of letters, the match took 9 s per User-Agent
    # (quadratic): with the lookbehind a try inside the run fails at once.
    for pattern in (agents._ADDRESS, agents._CONTACT):
        assert pattern.search("xa@example.com", 1) is None
        assert pattern.search("xa@example.com") is not None
    assert agents._CONTACT.search("(Ecosia ios@11.0.2.2268)") is None


def test_only_the_first_kilobyte_of_a_user_agent_is_classified() -> None:
    classifier = Classifier(["GPTBot"])
    assert classifier.kind(f"{FIREFOX} GPTBot/1.0") == Kind.AI
    padded = FIREFOX + " " + "A" * (MAX_AGENT_CHARS * 8)
    assert classifier.kind(padded + " GPTBot/1.0") == Kind.HUMAN


@pytest.mark.parametrize("start", ['{"log":', '{"a":', ""])
@pytest.mark.parametrize("fmt", ["auto", "netlify", "cloudflare"])
def test_json_nested_past_pythons_limit_is_no_internal_error(
    tmp_path: Path, start: str, fmt: str
) -> None:
    """A line of 60,000 "[" made json.loads raise RecursionError: ``internal error``."""
    site = tmp_path / "_site"
    (site / "_docgen").mkdir(parents=True)
    (site / "_docgen" / "manifest.json").write_text('{"pages": [{"url": "/"}]}', "utf-8")
    log = tmp_path / "deep.log"
    log.write_text(start + "[" * 60_000 + "\n", "utf-8")
    db = tmp_path / "a.duckdb"
    result = docgen("analytics", "import", str(log), "--site", str(site), "--db", str(db),
                    "--format", fmt)  # fmt: skip
    assert "internal error" not in result.output
    assert result.exit_code in (0, 1, 2), result.output  # done, or a clean error


def test_the_cache_keeps_only_the_first_characters_of_a_user_agent() -> None:
    """``docgen serve`` classifies every page view's User-Agent: 65,536 distinct 32 KB ones
    were kept whole in the cache (2 GB)."""
    classifier = Classifier(["GPTBot"])
    for tail in "ABC":
        assert classifier.kind(FIREFOX + " " + "x" * 32_000 + tail) == Kind.HUMAN
    assert classifier._cached.cache_info().currsize == 1
