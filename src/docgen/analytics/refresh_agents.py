"""Refresh the vendored AI agent list: ``python -m docgen.analytics.refresh_agents [--url URL]``.

Downloads ai.robots.txt's ``robots.json``, checks its shape, and rewrites ``data/ai-robots.json``
and the "Vendored from" line of ``data/SOURCE.md``. Review the diff and commit both.
"""

from __future__ import annotations

import argparse
import re
import sys
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

from docgen.analytics.agents import AI_LIST, load_ai_names

URL = "https://raw.githubusercontent.com/ai-robots-txt/ai.robots.txt/main/robots.json"
DATA = Path(__file__).resolve().parent / "data"


def refresh(url: str = URL, folder: Path = DATA) -> int:
    """Download, check and write the list; returns the number of agent names."""
    with urllib.request.urlopen(url, timeout=60) as response:
        text = response.read(5 * 1024 * 1024).decode("utf-8")
    names = load_ai_names(text)
    (folder / AI_LIST).write_text(text, "utf-8")
    source = folder / "SOURCE.md"
    if source.exists():
        day = datetime.now(UTC).strftime("%Y-%m-%d")
        line = f"- Vendored from {url} on {day} ({len(names)} names), unmodified."
        source.write_text(re.sub(r"(?m)^- Vendored from .*$", line, source.read_text("utf-8")))
    return len(names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--url", default=URL)
    args = parser.parse_args()
    try:
        count = refresh(args.url)
    except (OSError, ValueError) as exc:
        print(f"refresh_agents: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    print(f"wrote {DATA / AI_LIST}: {count} agent names")


if __name__ == "__main__":
    main()
