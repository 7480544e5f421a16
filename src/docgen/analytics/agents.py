"""Who made a request: a human, an AI agent or crawler, or another bot, from its User-Agent.

Two maintained lists decide, never a hand-kept pattern:

- AI: every name of ai.robots.txt's ``robots.json`` (vendored in ``data/``, see
  ``data/SOURCE.md``), matched as a whole word, case-insensitively; plus every pattern of the
  ``crawler-user-agents`` package tagged ``ai-crawler``.
- Other bots: every other pattern of ``crawler-user-agents`` (search engines, monitors, link
  checkers, HTTP libraries...), and requests without a User-Agent.

Everything else is human if it presents itself as a web browser: every browser in use starts
its User-Agent with ``Mozilla/`` (Opera's old engine with ``Opera/``) and none names a contact
URL or address, which crawlers do (``+http://...``, ``help@moz.com``). Other clients (Node's
``fetch``, which sends ``node``; Java, Ruby, Postman, feed readers, monitors missing from the
lists) are other bots: they are programs, not readers. Only distinct User-Agents are
classified, and results are cached; only the first :data:`MAX_AGENT_CHARS` characters are read
(a client can send tens of kilobytes: each took a quarter of a second of matching, and the
cache held them all).
"""

from __future__ import annotations

import enum
import functools
import json
import re
from importlib import resources
from urllib.parse import unquote

AI_LIST = "ai-robots.json"
# What a browser's User-Agent starts with, and what no browser's holds: a contact URL or e-mail
# address (read after CloudFront's encoding is undone; IIS writes spaces as "+").
_BROWSER = re.compile(r"(?:Mozilla|Opera)/\d", re.IGNORECASE)
# An e-mail address (a letter top-level domain), not any "@": Ecosia's iOS browser ends its
# User-Agent with "(Ecosia ios@11.0.2.2268)". It starts where a run of its characters starts
# (the lookbehind): a match tried at every character of a long run was quadratic.
_EMAIL = r"(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}"
_CONTACT = re.compile(rf"https?:|www\.|{_EMAIL}", re.IGNORECASE)

# A crawler's info page or contact address: where ai.robots.txt's names are not looked for
# (its generic "Spider" and "Code" were found in Baiduspider's "+http://www.baidu.com/search/
# spider.html" and AppEngine-Google's "code.google.com": search crawlers counted as AI).
_ADDRESS = re.compile(rf"(?:https?://|www\.)[^\s;)]*|{_EMAIL}", re.IGNORECASE)
# What a User-Agent is judged by: real ones are under 300 characters (crawler-user-agents'
# longest example: 285, its patterns all match within the first 211).
MAX_AGENT_CHARS = 512


class Kind(enum.IntEnum):
    """Stored as a small integer: 0 human, 1 AI, 2 other bot."""

    HUMAN = 0
    AI = 1
    BOT = 2


def load_ai_names(text: str | None = None) -> list[str]:
    """The agent names of ai.robots.txt's ``robots.json`` (the vendored copy by default)."""
    if text is None:
        text = (resources.files("docgen.analytics") / "data" / AI_LIST).read_text("utf-8")
    data = json.loads(text)
    if not isinstance(data, dict) or not data or not all(isinstance(k, str) for k in data):
        raise ValueError("robots.json must be an object keyed by agent names")
    return [name for name in data if name.strip()]


def _crawler_patterns() -> list[dict[str, object]]:
    from crawleruseragents import CRAWLER_USER_AGENTS_DATA

    return list(CRAWLER_USER_AGENTS_DATA)


class Classifier:
    """Classifies User-Agent strings; build once, call :meth:`kind` per distinct agent."""

    def __init__(self, ai_names: list[str] | None = None) -> None:
        names = sorted(ai_names if ai_names is not None else load_ai_names(), key=len, reverse=True)
        words = "|".join(re.escape(n) for n in names)
        self._ai_names = re.compile(rf"(?<![A-Za-z0-9])(?:{words})(?![A-Za-z0-9])", re.IGNORECASE)
        ai: list[str] = []
        bots: list[str] = []
        for entry in _crawler_patterns():
            tags = entry.get("tags") or []
            pattern = str(entry["pattern"])
            (ai if isinstance(tags, list) and "ai-crawler" in tags else bots).append(pattern)
        self._ai_patterns = re.compile("|".join(f"(?:{p})" for p in ai))
        self._bot_patterns = re.compile("|".join(f"(?:{p})" for p in bots))
        self._cached = functools.lru_cache(maxsize=65536)(self._kind)

    def kind(self, user_agent: str | None) -> Kind:
        """The kind of client ``user_agent`` names (from its first :data:`MAX_AGENT_CHARS`
        characters once URL-decoded: :func:`agent_head`)."""
        return self._cached(agent_head(user_agent))

    def _kind(self, user_agent: str) -> Kind:
        agent = user_agent.strip()
        if agent in ("", "-"):
            return Kind.BOT
        for _ in range(3):  # CloudFront URL-encodes the User-Agent, sometimes twice (%2520)
            if "%" not in agent or (decoded := unquote(agent)) == agent:
                break
            agent = decoded
        agent = agent[:MAX_AGENT_CHARS]
        if self._ai_names.search(_ADDRESS.sub(" ", agent)) or self._ai_patterns.search(agent):
            return Kind.AI
        if self._bot_patterns.search(agent):
            return Kind.BOT
        if not _BROWSER.match(agent) or _CONTACT.search(agent):
            return Kind.BOT  # a program, or a crawler that names itself but is in no list
        return Kind.HUMAN


def agent_head(user_agent: str | None) -> str:
    """The part of ``user_agent`` that is kept and read: leading white space aside, three times
    :data:`MAX_AGENT_CHARS` (URL-encoded, a character may take three)."""
    return (user_agent or "").lstrip()[: 3 * MAX_AGENT_CHARS]


@functools.cache
def default_classifier() -> Classifier:
    """The classifier over the vendored AI list and the installed crawler-user-agents."""
    return Classifier()
