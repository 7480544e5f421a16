"""Benchmark ``docgen analytics``: import a generated 5-million-line combined log, then query.

    python bench/analytics.py                 # 5,000,000 lines, 3 query runs per report
    python bench/analytics.py --lines 200000  # a quick run

Writes the log, the built showcase and the store under ``bench/.cache/analytics/`` (git-ignored;
the log is reused when its size matches). Reports the import's wall time and lines per second
(the ``docgen analytics import`` command as a process, hashing included) and the median time of
the 30-day ``visitors`` and ``views`` queries, in process and as a whole command.
Goals: >= 250,000 lines/s; a 30-day visitors query < 200 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / "bench" / ".cache" / "analytics"
START = datetime(2024, 3, 1, tzinfo=UTC)
DAYS = 60

HUMAN = [
    f"Mozilla/5.0 ({os_}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/{v}.0.0.0 Safari/537.36"
    for v in range(100, 140)
    for os_ in ("X11; Linux x86_64", "Windows NT 10.0; Win64; x64", "Macintosh; Intel Mac OS X 10_15_7")
] + [f"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:{v}.0) Gecko/20100101 Firefox/{v}.0" for v in range(100, 135)]
AI = [
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
    "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
]
BOTS = [
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    "Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)",
]
ASSETS = ["/_docgen/docgen.css", "/_docgen/docgen.js", "/_docgen/search-index.json", "/favicon.ico"]


def generate(path: Path, lines: int, pages: list[str], visitors: int = 200_000) -> None:
    """A combined log of ``lines`` requests over 60 days: 40% page views (folder, index.html and
    Markdown twin forms), 40% assets, 8% not found, the rest redirects and other methods; 75%
    of clients human, 15% AI, 10% other bots; a quarter of them on IPv6."""
    rng = random.Random(5)
    forms = []
    for page in pages:
        base = page.rstrip("/")
        forms += [base + "/", base + ".md", base + "/index.html"] if base else ["/", "/index.md"]
    agents = []
    for v in range(visitors):
        roll = v % 20
        agents.append(AI[v % len(AI)] if roll < 3 else BOTS[v % len(BOTS)] if roll < 5 else HUMAN[v % len(HUMAN)])
    addresses = [
        f"2001:db8:{v % 65536:x}:{v // 65536:x}::{v % 97 + 1:x}" if v % 4 == 0
        else f"{10 + v % 200}.{v // 256 % 256}.{v % 256}.{v // 65536 % 256 + 1}"
        for v in range(visitors)
    ]
    step = DAYS * 86400 / lines
    batch: list[str] = []
    with path.open("w") as out:
        for i in range(lines):
            v = rng.randrange(visitors)
            ts = START + timedelta(seconds=int(i * step))
            roll = rng.random()
            if roll < 0.40:
                request, status = f"GET {rng.choice(forms)} HTTP/1.1", 200
            elif roll < 0.80:
                request, status = f"GET {rng.choice(ASSETS)} HTTP/1.1", 200
            elif roll < 0.88:
                request, status = "GET /no/such/page HTTP/1.1", 404
            elif roll < 0.95:
                request, status = f"GET {rng.choice(pages).rstrip('/') or '/x'} HTTP/1.1", 301
            else:
                request, status = f"HEAD {rng.choice(forms)} HTTP/1.1", 200
            batch.append(
                f'{addresses[v]} - - [{ts.strftime("%d/%b/%Y:%H:%M:%S +0000")}] "{request}" '
                f'{status} 5120 "https://docs.example.com/" "{agents[v]}"\n'
            )
            if len(batch) == 100_000:
                out.writelines(batch)
                batch.clear()
        out.writelines(batch)


def docgen(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "docgen", *args], cwd=ROOT, check=True,
                          capture_output=True, text=True)


def main() -> None:
    parser = argparse.ArgumentParser(description="docgen analytics benchmark")
    parser.add_argument("--lines", type=int, default=5_000_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    CACHE.mkdir(parents=True, exist_ok=True)
    site = CACHE / "_site"
    if not (site / "_docgen" / "manifest.json").exists():
        docgen("build", "fixtures/platform/docs.json", "-o", str(site), "--quiet")
    pages = [p["url"] for p in json.loads((site / "_docgen" / "manifest.json").read_text())["pages"]]
    log = CACHE / f"access-{args.lines}.log"
    if not log.exists():
        started = time.perf_counter()
        generate(log, args.lines, pages)
        print(f"generated {log.name} ({log.stat().st_size / 2**20:,.0f} MiB) in "
              f"{time.perf_counter() - started:.1f} s", flush=True)
    db = CACHE / "store.duckdb"
    for leftover in (db, db.with_suffix(".duckdb.wal")):
        leftover.unlink(missing_ok=True)
    shutil.rmtree(CACHE / "store.duckdb.tmp", ignore_errors=True)

    load = os.getloadavg()[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = docgen("analytics", "import", str(log), "--site", str(site), "--db", str(db))
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(result.stdout.strip())
    print(f"import: {args.lines:,} lines in {wall:.2f} s = {args.lines / wall:,.0f} lines/s "
          f"(goal >= 250,000); {cpu:.1f} CPU-seconds on {os.cpu_count()} cores "
          f"(load average {load:.1f} before the run: other work shares the cores); "
          f"peak memory {after.ru_maxrss / 1024:,.0f} MiB")
    started = time.perf_counter()
    again = docgen("analytics", "import", str(log), "--site", str(site), "--db", str(db))
    print(f"re-import (nothing added): {time.perf_counter() - started:.2f} s; "
          f"{again.stdout.splitlines()[0]}")

    sys.path.insert(0, str(ROOT / "src"))
    from docgen.analytics import store
    from docgen.analytics.query import make_query, run

    window = {"dateFrom": "2024-04-01", "dateTo": "2024-05-01"}
    with store.connect(db, read_only=True) as con:
        rows = con.execute("SELECT count(*) FROM views").fetchone()
        print(f"store: {rows[0] if rows else 0:,} view rows, {db.stat().st_size / 2**20:,.0f} MiB")
        for kind in ("visitors", "views"):
            times, cpu = [], []
            for _ in range(args.runs):
                started, used = time.perf_counter(), time.process_time()
                body = run(con, make_query(kind, window))
                times.append((time.perf_counter() - started) * 1000)
                cpu.append((time.process_time() - used) * 1000)
            print(f"{kind} over 30 days, in process: median {statistics.median(times):.0f} ms "
                  f"(runs {', '.join(f'{t:.0f}' for t in times)}; CPU median "
                  f"{statistics.median(cpu):.0f} ms); totals {body['totals']}")
    for kind in ("visitors", "views"):
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            docgen("analytics", kind, "--db", str(db), "--date-from", window["dateFrom"],
                   "--date-to", window["dateTo"])
            times.append((time.perf_counter() - started) * 1000)
        print(f"docgen analytics {kind} (whole command, Python start-up included): "
              f"median {statistics.median(times):.0f} ms")


if __name__ == "__main__":
    main()
