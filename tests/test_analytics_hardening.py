"""Inputs a client or a log writer controls that made analytics slow, wrong or crash."""

from __future__ import annotations

from docgen.analytics import agents
from docgen.analytics.agents import MAX_AGENT, Classifier, Kind

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
    padded = FIREFOX + " " + "A" * (MAX_AGENT * 4)
    assert classifier.kind(padded + " GPTBot/1.0") == Kind.HUMAN
