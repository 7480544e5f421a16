"""Rebuild the golden copy of the showcase site: ``python tests/refresh_golden.py``.

Review the diff (``git diff tests/golden``) before committing: it is the site readers get.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "platform"


def main() -> None:
    if GOLDEN.exists():
        shutil.rmtree(GOLDEN)
    subprocess.run(
        [sys.executable, "-m", "docgen", "build", "fixtures/platform/docs.json", "-o", str(GOLDEN),
         "--quiet"],
        cwd=ROOT, check=True,
    )
    print(f"refreshed {GOLDEN.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
