# ruff: noqa: E501  (real User-Agent strings are long)
"""Generated access logs with a known truth, for the analytics tests and the benchmark.

Every request is generated from labels (who made it, which page it is, whether it is a view), and
the expected figures are computed from those labels alone, never with docgen's code.
"""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import quote

PAGES = (
    "/",
    "/guides/authentication",
    "/guides/pagination",
    "/guides/agent-jobs",
    "/api/v1/analytics/get-unique-visitors",
    "/api/v1/analytics/get-page-views",
    "/api/v2/agent-jobs/create-agent-job",
    "/api/v2/agent-jobs/get-agent-job",
)
HUMAN_AGENTS = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
)
AI_AGENTS = (
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
    "Mozilla/5.0 (compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)",
    "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/135.0.0.0 Mobile Safari/537.36 (compatible; Google-Agent)",
)
BOT_AGENTS = (
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)",
    "curl/8.11.0",
    "-",
)
ASSETS = ("/_docgen/docgen.css", "/_docgen/docgen.js", "/_docgen/search-index.json", "/llms.txt")
START = datetime(2024, 5, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Request:
    ts: datetime  # aware, UTC
    ip: str
    method: str
    target: str
    status: int
    ua: str
    who: str  # "human" | "ai" | "bot"
    visitor: int  # the generator's identity of the client (an IPv6 /64 is one visitor)
    page: str | None  # the page this request is a view of, when it is one


def _address(rng: random.Random, visitor: int) -> str:
    if visitor % 4 == 0:  # IPv6: a new interface id each time, same /64
        return f"2001:db8:{visitor % 65536:x}:{visitor // 65536:x}:{rng.randrange(65536):x}::{rng.randrange(1, 65536):x}"
    return f"10.{visitor // 65536 % 256}.{visitor // 256 % 256}.{visitor % 256}"


def _target(rng: random.Random, page: str) -> str:
    base = page.rstrip("/")
    if not base:
        return rng.choice(["/", "/index.html", "/index.md", "/?utm_source=x"])
    return rng.choice([base, base + "/", base + "/index.html", base + ".md", base + "/?q=1"])


def generate(count: int, seed: int = 7, days: int = 5, visitors: int = 60) -> list[Request]:
    """``count`` requests over ``days`` days from ``visitors`` clients, in time order."""
    rng = random.Random(seed)
    people = []
    for v in range(visitors):
        who = ("human", "ai", "bot")[0 if v % 5 < 3 else (1 if v % 5 == 3 else 2)]
        pool = {"human": HUMAN_AGENTS, "ai": AI_AGENTS, "bot": BOT_AGENTS}[who]
        people.append((v, who, pool[v % len(pool)]))
    # two clients that are both human and AI from one address (a person using an AI agent)
    people.append((1, "ai", AI_AGENTS[0]))
    people.append((2, "ai", AI_AGENTS[4]))
    people.append((0, "ai", AI_AGENTS[2]))  # IPv6
    span = days * 86400
    stamps = sorted(rng.randrange(span) for _ in range(count))
    requests = []
    for second in stamps:
        visitor, who, ua = rng.choice(people)
        ts = START + timedelta(seconds=second)
        ip = _address(rng, visitor)
        roll = rng.random()
        page = rng.choice(PAGES)
        if roll < 0.55:
            status = rng.choice([200, 200, 200, 304])
            requests.append(
                Request(
                    ts,
                    ip,
                    "GET",
                    _target(rng, page),
                    status,
                    ua,
                    who,
                    visitor,
                    page if who != "bot" else None,
                )
            )
        elif roll < 0.75:
            requests.append(Request(ts, ip, "GET", rng.choice(ASSETS), 200, ua, who, visitor, None))
        elif roll < 0.82:
            requests.append(Request(ts, ip, "GET", "/no/such/page", 404, ua, who, visitor, None))
        elif roll < 0.87:
            requests.append(
                Request(ts, ip, "GET", page.rstrip("/") + "/", 500, ua, who, visitor, None)
            )
        elif roll < 0.92:
            requests.append(
                Request(ts, ip, rng.choice(["POST", "HEAD"]), page, 200, ua, who, visitor, None)
            )
        else:  # a redirect to the folder form, then (counted) the page itself
            requests.append(
                Request(ts, ip, "GET", page.rstrip("/") or "/x", 301, ua, who, visitor, None)
            )
    return requests


# --- the truth ----------------------------------------------------------------------------


def truth(
    requests: Iterable[Request], start: datetime | None = None, end: datetime | None = None
) -> dict:
    """Expected ``views`` and ``visitors`` bodies (all entries) for ``[start, end)``."""
    views: dict[str, dict[str, int]] = {}
    seen: dict[str, dict[str, set[int]]] = {}
    total_seen: dict[str, set[int]] = {"human": set(), "ai": set()}
    for r in requests:
        if r.page is None or (start and r.ts < start) or (end and r.ts >= end):
            continue
        views.setdefault(r.page, {"human": 0, "ai": 0})[r.who] += 1
        seen.setdefault(r.page, {"human": set(), "ai": set()})[r.who].add(r.visitor)
        total_seen[r.who].add(r.visitor)

    def order(entries: list[dict]) -> list[dict]:
        return sorted(entries, key=lambda e: (-e["total"], e["path"]))

    view_entries = [
        {"path": p, "human": c["human"], "ai": c["ai"], "total": c["human"] + c["ai"]}
        for p, c in views.items()
    ]
    visitor_entries = [
        {
            "path": p,
            "human": len(s["human"]),
            "ai": len(s["ai"]),
            "total": len(s["human"] | s["ai"]),
        }
        for p, s in seen.items()
    ]
    human = sum(e["human"] for e in view_entries)
    ai = sum(e["ai"] for e in view_entries)
    return {
        "views": {
            "totals": {"human": human, "ai": ai, "total": human + ai},
            "views": order(view_entries),
        },
        "visitors": {
            "totals": {
                "human": len(total_seen["human"]),
                "ai": len(total_seen["ai"]),
                "total": len(total_seen["human"] | total_seen["ai"]),
            },
            "visitors": order(visitor_entries),
        },
    }


# --- writers ------------------------------------------------------------------------------

_OFFSETS = (UTC, timezone(timedelta(hours=2)), timezone(timedelta(hours=-5, minutes=-30)))


def combined_line(r: Request, index: int = 0) -> str:
    local = r.ts.astimezone(_OFFSETS[index % len(_OFFSETS)])
    stamp = local.strftime("%d/%b/%Y:%H:%M:%S %z")
    return (
        f'{r.ip} - - [{stamp}] "{r.method} {r.target} HTTP/1.1" {r.status} 512 '
        f'"https://docs.example.com/" "{r.ua}"\n'
    )


def caddy_line(r: Request) -> str:
    entry = {
        "level": "info",
        "ts": r.ts.timestamp(),
        "logger": "http.log.access.log0",
        "msg": "handled request",
        "request": {
            "remote_ip": "127.0.0.1",
            "remote_port": "51234",
            "client_ip": r.ip,
            "proto": "HTTP/2.0",
            "method": r.method,
            "host": "docs.example.com",
            "uri": r.target,
            "headers": {"User-Agent": [r.ua] if r.ua != "-" else []},
        },
        "bytes_read": 0,
        "duration": 0.0012,
        "size": 512,
        "status": r.status,
    }
    return json.dumps(entry) + "\n"


def cloudfront_line(r: Request) -> str:
    path, _, query = r.target.partition("?")
    fields = [
        r.ts.strftime("%Y-%m-%d"),
        r.ts.strftime("%H:%M:%S"),
        "FRA56-P1",
        "512",
        r.ip,
        r.method,
        "d111111abcdef8.cloudfront.net",
        path,
        str(r.status),
        "-",
        quote(r.ua, safe="/();:+,.-_") if r.ua != "-" else "-",
        query or "-",
        "-",
        "Hit",
        "abc==",
        "docs.example.com",
        "https",
        "120",
        "0.001",
        "-",
        "TLSv1.3",
        "TLS_AES_128_GCM_SHA256",
        "Hit",
        "HTTP/2.0",
        "-",
        "-",
        "51234",
        "0.001",
        "Hit",
        "text/html",
        "512",
        "-",
        "-",
    ]
    return "\t".join(fields) + "\n"


CLOUDFRONT_HEADER = (
    "#Version: 1.0\n#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) "
    "cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) "
    "x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken "
    "x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version "
    "fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type "
    "sc-content-type sc-content-len sc-range-start sc-range-end\n"
)


def write(
    path: Path, requests: Iterable[Request], fmt: str = "combined", compress: bool = False
) -> Path:
    lines: list[str] = [CLOUDFRONT_HEADER] if fmt == "cloudfront" else []
    for i, r in enumerate(requests):
        if fmt == "combined":
            lines.append(combined_line(r, i))
        elif fmt == "caddy":
            lines.append(caddy_line(r))
        else:
            lines.append(cloudfront_line(r))
    data = "".join(lines).encode()
    path.write_bytes(gzip.compress(data, mtime=0) if compress else data)
    return path
