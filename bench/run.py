"""docgen's benchmark: docgen and the peer tool on the same specs, in one run.

    python bench/run.py            # full: GitHub spec slices + whole spec + 10,000-op spec, 3 runs
    python bench/run.py --quick    # CI: one small slice, 1 run, nothing asserted
    python bench/run.py --only whole --runs 5   # just the whole GitHub spec
    python bench/run.py --only whole --only graph --runs 1   # issue 15: cold/warm vs redocly

Specs and the peer tool (@redocly/cli) are fetched with npm into bench/.cache (never committed).
Each command runs under ``/usr/bin/time -v`` (wall time, CPU time and peak RSS);
every figure is the median of ``--runs`` runs. Prints Markdown tables; the raw figures go to
bench/.cache/results.json.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import fetch  # noqa: E402
import specs  # noqa: E402

TIME = "/usr/bin/time"
WORK = fetch.CACHE / "work"
GENERATED_OPERATIONS = 10_000
# Issue 15's goals, as ratios to ``redocly build-docs`` in the same run (others: 2x).
COLD_GOAL = {"GitHub (whole spec)": 1.0, "Microsoft Graph": 2.0}
WARM_GOAL = 0.3


@dataclass
class Measure:
    """One command's runs: wall seconds, CPU seconds (user + system, worker and Pagefind
    processes included) and peak RSS (MiB, the largest single process) of each, plus what it
    produced."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    system: list[float] = field(default_factory=list)  # the kernel's part of ``cpu``
    rss: list[float] = field(default_factory=list)
    exit: list[int] = field(default_factory=list)
    note: str = ""
    output: dict[str, float] = field(default_factory=dict)

    @property
    def seconds(self) -> float:
        return statistics.median(self.wall) if self.wall else float("nan")

    @property
    def cpu_seconds(self) -> float:
        return statistics.median(self.cpu) if self.cpu else float("nan")

    @property
    def system_seconds(self) -> float:
        return statistics.median(self.system) if self.system else float("nan")

    @property
    def mib(self) -> float:
        return statistics.median(self.rss) if self.rss else float("nan")


def ensure_time() -> None:
    """GNU time, from Debian's ``time`` package when it is missing."""
    if Path(TIME).is_file():
        return
    prefix = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run([*prefix, "apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run([*prefix, "apt-get", "install", "-y", "-qq", "time"], check=True, env=env)


def timed(command: list[str], env: dict[str, str], cwd: Path, into: Measure) -> str:
    """Run ``command`` under GNU time; record wall time, CPU time and peak RSS; return its
    stderr."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as stats:
        result = subprocess.run(
            [TIME, "-v", "-o", stats.name, *command],
            env=env,
            cwd=cwd,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        report = Path(stats.name).read_text()
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", report)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", report)
    user = re.search(r"User time \(seconds\): ([\d.]+)", report)
    system = re.search(r"System time \(seconds\): ([\d.]+)", report)
    if wall is None or rss is None or user is None or system is None:
        raise SystemExit(f"bench: cannot read /usr/bin/time output for {command}:\n{report}")
    hours, minutes, seconds = wall.groups()
    into.wall.append(int(hours or 0) * 3600 + int(minutes) * 60 + float(seconds))
    into.rss.append(int(rss.group(1)) / 1024)
    into.cpu.append(float(user.group(1)) + float(system.group(1)))
    into.system.append(float(system.group(1)))
    into.exit.append(result.returncode)
    return result.stderr


def docgen_env(cache: Path) -> dict[str, str]:
    """A cold start: ``cache`` is a new empty folder (docgen's whole cache). docgen runs as an
    installed package does, from compiled bytecode (see :func:`compile_docgen`)."""
    unset = ("DOCGEN_CACHE_DIR", "DOCGEN_JOBS", "PYTHONDONTWRITEBYTECODE")
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env["XDG_CACHE_HOME"] = str(cache)
    env["DOCGEN_CACHE_DIR"] = str(cache / "docgen")
    return env


def compile_docgen() -> None:
    """Compile docgen's modules to bytecode once, as ``pip install`` does for a package: with
    PYTHONDONTWRITEBYTECODE set (some CI images and this machine set it) and an editable
    install, every run would otherwise compile ~130 modules again (~0.1-0.2 s each run)."""
    import compileall

    import docgen

    compileall.compile_dir(str(Path(docgen.__file__).parent), quiet=1)


def peer_env() -> dict[str, str]:
    return {
        **os.environ,
        "REDOCLY_TELEMETRY": "off",
        "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true",
        "NO_UPDATE_NOTIFIER": "1",
    }


def page_sizes(site: Path) -> dict[str, float]:
    """Total output bytes, and the median/max HTML size of the operation pages."""
    total = 0
    pages: list[int] = []
    for path in site.rglob("*"):
        if path.is_file():
            size = path.stat().st_size
            total += size
            if path.name == "index.html" and "api-reference" in path.parts:
                pages.append(size)
    return {
        "total": total,
        "files": sum(1 for p in site.rglob("*") if p.is_file()),
        "page_median": statistics.median(pages) if pages else 0,
        "page_max": max(pages) if pages else 0,
    }


def edit_one(spec_path: Path, original: str, run: int) -> None:
    """Change the description of the spec's first operation (text edit: nothing else moves)."""
    data = json.loads(original)
    for item in data["paths"].values():
        method = next((m for m in item if m in specs.METHODS), None)
        if method is not None:
            old = item[method].get("description", "")
            item[method]["description"] = f"{old}\n\nEdited for benchmark run {run}."
            break
    spec_path.write_text(specs.dump(data))


class Quiet:
    """Keeps deletions away from the timed commands.

    On ext4 without a journal (this machine's disk), creating a file or folder skips every
    free inode of its group that was freed less than 60 s ago (300 s more while its inode
    table is not yet written back): the kernel's ``recently_deleted`` check, which costs up to
    1 ms of system time per new file after a big tree was deleted (``perf`` shows it as the
    top kernel symbol). A cold build writing thousands of files right after the bench deleted
    the previous site paid for that deletion, from 1 to 6 s on GitHub's spec. So the bench
    deletes nothing while it measures: old sites and caches go into a trash folder (a rename),
    emptied once every figure is taken; and before the cold builds of a run it waits, after
    ``sync``, until 61 s have passed since a command deleted files (docgen's own edit build
    deletes the site it replaced, which is part of that build's time)."""

    WINDOW = 61.0

    def __init__(self, root: Path) -> None:
        self.trash = root / ".trash"
        self.last: float | None = None
        if self.trash.exists():  # left by an interrupted run
            shutil.rmtree(self.trash)
            self.deleted()
        self.trash.mkdir(parents=True)

    def folder(self) -> Path:
        """A new empty folder, deleted with the trash."""
        return Path(tempfile.mkdtemp(prefix="cache-", dir=self.trash))

    def discard(self, path: Path) -> None:
        """Move ``path`` (if any) into the trash."""
        if path.exists():
            os.replace(path, tempfile.mkdtemp(prefix="old-", dir=self.trash) + "/x")

    def deleted(self) -> None:
        """A command just deleted files."""
        self.last = time.monotonic()

    def settle(self) -> None:
        """Wait until no inode freed by a deletion counts as recent."""
        if self.last is None:
            return
        os.sync()
        wait = self.WINDOW - (time.monotonic() - self.last)
        if wait > 0:
            print(f"bench: waiting {wait:.0f} s after deletions (see Quiet)", file=sys.stderr)
            time.sleep(wait)
        self.last = None

    def empty(self) -> None:
        shutil.rmtree(self.trash, ignore_errors=True)


@dataclass
class SpecRuns:
    """One spec's measurements, filled in run by run."""

    name: str
    spec_path: Path
    original: str
    measures: dict[str, Measure] = field(
        default_factory=lambda: {
            key: Measure()
            for key in ("build", "rebuild", "edit", "check", "peer_build", "peer_lint")
        }
    )
    written: list[int] = field(default_factory=list)
    cache: Path | None = None  # the cold build's cache, for the warm and edited builds

    @property
    def folder(self) -> Path:
        return self.spec_path.parent

    @property
    def site(self) -> Path:
        return self.folder / "_site"


DOCGEN = [sys.executable, "-m", "docgen"]


def cold_commands(spec: SpecRuns, quiet: Quiet, redocly: Path | None) -> None:
    """``docgen check`` and a cold ``docgen build`` (each with an empty cache, no output
    folder), then the peer's build and lint, on the same file."""
    m, folder = spec.measures, spec.folder
    quiet.discard(spec.site)
    spec.spec_path.write_text(spec.original)
    env = docgen_env(quiet.folder())
    timed([*DOCGEN, "check", spec.spec_path.name], env, folder, m["check"])
    spec.cache = quiet.folder()
    env = docgen_env(spec.cache)
    out = timed([*DOCGEN, "build", spec.spec_path.name, "-o", "_site"], env, folder, m["build"])
    if m["build"].exit[-1] != 0:
        raise SystemExit(f"bench: docgen build failed on {spec.name}:\n{out[-2000:]}")
    m["build"].output = page_sizes(spec.site)
    if redocly is not None:
        html = folder / "redoc-static.html"
        command = [str(redocly), "build-docs", spec.spec_path.name, "-o", html.name]
        timed(command, peer_env(), folder, m["peer_build"])
        if html.is_file():
            m["peer_build"].output = {"total": html.stat().st_size, "files": 1}
        timed([str(redocly), "lint", spec.spec_path.name], peer_env(), folder, m["peer_lint"])


def warm_commands(spec: SpecRuns, run: int, quiet: Quiet) -> None:
    """The same build again, unchanged, then with one operation edited (same cache)."""
    assert spec.cache is not None
    m, folder, env = spec.measures, spec.folder, docgen_env(spec.cache)
    build = [*DOCGEN, "build", spec.spec_path.name, "-o", "_site"]
    timed(build, env, folder, m["rebuild"])
    edit_one(spec.spec_path, spec.original, run)
    out = timed(build, env, folder, m["edit"])
    quiet.deleted()  # docgen deleted the site it replaced
    found = re.search(r"(\d+) written", out)
    spec.written.append(int(found.group(1)) if found else -1)
    spec.spec_path.write_text(spec.original)


def bench_specs(
    inputs: list[tuple[str, Path]], runs: int, redocly: Path | None
) -> list[dict[str, Any]]:
    """Every measurement on every spec. In each run, the cold commands of every spec come
    first, then the warm ones (see :class:`Quiet`)."""
    specs_ = [SpecRuns(name, path, path.read_text()) for name, path in inputs]
    quiet = Quiet(WORK)
    try:
        for run in range(runs):
            quiet.settle()
            for spec in specs_:
                print(f"bench: {spec.name}, run {run + 1}: cold", file=sys.stderr)
                cold_commands(spec, quiet, redocly)
            for spec in specs_:
                print(f"bench: {spec.name}, run {run + 1}: warm", file=sys.stderr)
                warm_commands(spec, run, quiet)
    finally:
        for spec in specs_:
            spec.spec_path.write_text(spec.original)
            quiet.discard(spec.site)
        quiet.empty()
    results = []
    for spec in specs_:
        m = spec.measures
        m["edit"].note = (
            f"{statistics.median(spec.written):.0f} files written" if spec.written else ""
        )
        operations = specs.operation_count(json.loads(spec.original))
        results.append({"name": spec.name, "operations": operations, "measures": m})
    return results


def prepare(quick: bool) -> list[tuple[str, Path]]:
    """The benchmark specs, written into bench/.cache/work/<name>/openapi.json."""
    github = json.loads(fetch.github_spec().read_text())
    inputs: list[tuple[str, dict[str, Any] | None, Path | None]] = []
    if quick:
        inputs.append(("GitHub slice", specs.slice_spec(github, 60), None))
    else:
        for size in (300, 600):
            inputs.append((f"GitHub slice {size}", specs.slice_spec(github, size), None))
        inputs.append(("GitHub (whole spec)", None, fetch.github_spec()))
        inputs.append(("Generated", specs.generated_spec(GENERATED_OPERATIONS), None))
        inputs.append(("Microsoft Graph", None, fetch.graph_spec()))
    out = []
    for name, data, source in inputs:
        folder = WORK / re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / "openapi.json"
        text = source.read_text() if source is not None else specs.dump(data or {})
        if not target.is_file() or target.read_text() != text:
            target.write_text(text)
        out.append((name, target))
    return out


def _mb(n: float) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.0f} KB"


def _ratio(a: Measure, b: Measure, limit: float | None) -> str:
    if not a.wall or not b.wall:
        return ""
    ratio = a.seconds / b.seconds
    mark = "" if limit is None else (" ✓" if ratio <= limit else " ✗")
    return f"{ratio:.2f}x{mark}"


def table(results: list[dict[str, Any]]) -> str:
    lines = [
        "| spec | ops | command | wall s | CPU s (kernel) | peak MiB | output "
        "| ratio to peer (goal) |",
        "|---|---:|---|---:|---:|---:|---|---|",
    ]
    for r in results:
        m = r["measures"]
        spec, ops = r["name"], f"{r['operations']:,}"
        built = m["build"].output
        pages = (
            f"{_mb(built.get('total', 0))}, {built.get('files', 0):.0f} files; page median "
            f"{_mb(built.get('page_median', 0))}, max {_mb(built.get('page_max', 0))}"
        )
        rows = [
            (
                "`docgen build` (cold)",
                m["build"],
                pages,
                _ratio(m["build"], m["peer_build"], COLD_GOAL.get(spec, 2)),
            ),
            (
                "`docgen build` (warm: unchanged)",
                m["rebuild"],
                "",
                _ratio(m["rebuild"], m["peer_build"], WARM_GOAL),
            ),
            ("`docgen build` (1 op edited)", m["edit"], m["edit"].note, ""),
            ("`docgen check` (cold)", m["check"], "", _ratio(m["check"], m["peer_lint"], 1)),
            (
                "`redocly build-docs`",
                m["peer_build"],
                _mb(m["peer_build"].output.get("total", 0)) + ", 1 file",
                "",
            ),
            ("`redocly lint`", m["peer_lint"], "", ""),
        ]
        for command, measure, output, ratio in rows:
            if not measure.wall:
                continue
            lines.append(
                f"| {spec} | {ops} | {command} | {measure.seconds:.2f} | "
                f"{measure.cpu_seconds:.2f} ({measure.system_seconds:.2f}) | "
                f"{measure.mib:.0f} | {output} | {ratio} |"
            )
    lines += [
        "",
        "| spec | ops | cold build s | ms per op | peak MiB | KiB per op | check s |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in sorted(results, key=lambda r: r["operations"]):
        m, ops = r["measures"], r["operations"]
        lines.append(
            f"| {r['name']} | {ops:,} | {m['build'].seconds:.2f} | "
            f"{m['build'].seconds / ops * 1000:.2f} | {m['build'].mib:.0f} | "
            f"{m['build'].mib * 1024 / ops:.0f} | {m['check'].seconds:.2f} |"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description="docgen vs redocly, on the same specs.")
    parser.add_argument("--quick", action="store_true", help="CI: one small slice, 1 run")
    parser.add_argument("--runs", type=int, default=None, help="runs per command (default 3)")
    parser.add_argument("--no-peer", action="store_true", help="skip @redocly/cli")
    parser.add_argument(
        "--only",
        metavar="TEXT",
        action="append",
        help="only the specs whose name contains TEXT (e.g. whole, graph); repeatable",
    )
    args = parser.parse_args()
    runs = args.runs or (1 if args.quick else 3)
    ensure_time()
    compile_docgen()
    started = time.perf_counter()
    redocly = None if args.no_peer else fetch.redocly()
    inputs = prepare(args.quick)
    if args.only:
        wanted = [text.lower() for text in args.only]
        inputs = [(name, path) for name, path in inputs if any(w in name.lower() for w in wanted)]
    results = bench_specs(inputs, runs, redocly)
    text = table(results)
    print(text)
    raw = [{**r, "measures": {k: asdict(v) for k, v in r["measures"].items()}} for r in results]
    (fetch.CACHE / "results.json").write_text(json.dumps(raw, indent=2))
    print(f"\nbench: done in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
