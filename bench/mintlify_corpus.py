"""Real Mintlify docs repos, run unchanged: ``docgen check`` and ``docgen build`` on each.

The corpus is a pinned list of public GitHub docs repositories (``CORPUS``: repository, commit,
config file). Each one is exported with ``git archive`` from a local clone into
``bench/.cache/mintlify/<owner+name>@<commit>/`` (git-ignored, never committed) and docgen runs
on it exactly as it is; docgen never fetches anything during these runs unless the flags ask
for it. Results go to ``bench/mintlify_results.md``.

    python bench/mintlify_corpus.py                      # every repo, table to bench/mintlify_results.md
    python bench/mintlify_corpus.py --only lago          # repos whose name contains "lago"
    python bench/mintlify_corpus.py --flags=--no-strict-spec   # extra flags for check and build
    python bench/mintlify_corpus.py --mirror DIR         # clones at DIR/<owner>+<name>/repo

Where the clones come from: ``--mirror`` (default ``$DOCGEN_MINTLIFY_MIRROR``, else
``/work/.mirror``) holds one git directory per repository, ``<owner>+<name>/repo``; any clone
with the pinned commit works (``git clone --bare https://github.com/<owner>/<name>``).

A repo *builds* when ``docgen build`` exits 0, or exits 1 with only ``spec-remote`` errors
(a remote spec that is neither reachable offline nor cached). Exit status: 0 always (this is a
measurement), 2 on a usage problem.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache" / "mintlify"
RESULTS = HERE / "mintlify_results.md"
TIMEOUT = 900  # seconds per docgen command


@dataclass(frozen=True, slots=True)
class Repo:
    repo: str  # owner/name on GitHub
    commit: str
    config: str  # path of docs.json / mint.json inside the repo
    note: str = ""


CORPUS: tuple[Repo, ...] = (
    Repo("mintlify/docs", "3bbce7aa1abf66b19671bc398b9752d608fd0826", "docs.json",
         "Mintlify's own docs: languages, products, many components"),
    Repo("getlago/lago-doc", "0cf60715b0dff8f4bb03c7253068f6fdbcac527d", "docs.json",
         "billing API, tabs, openapi group"),
    Repo("firecrawl/firecrawl-docs", "2edce52b23258c503060166af92485ff6ab1231b", "docs.json",
         "languages x versions, several specs"),
    Repo("Unstructured-IO/docs", "8905f62269dc99142ff19ecf5be4cdf52d294e4e", "docs.json",
         "tabs, several specs"),
    Repo("pipecat-ai/docs", "1393c9d76927eaef55dd3d872ae51e37ace8f92e", "docs.json",
         "tabs, anchors, global"),
    Repo("Portkey-AI/docs-core", "b60bcb706e105d56221cafb74d27c8029429f290", "docs.json",
         "large: tabs, dropdowns, remote spec"),
    Repo("Abstract-Foundation/abstract-docs", "2bdd55d2743314a629608fb1f360d36d9e755d49",
         "docs.json", "tabs, groups"),
    Repo("0xsequence/docs", "2e7df8544830c8e827a852b9aea680f02f291626", "docs.json",
         "tabs, many specs"),
    Repo("0xsequence/docs", "2e7df8544830c8e827a852b9aea680f02f291626", "ja/docs.json",
         "the Japanese translation's own config"),
    Repo("0xsequence/trails-docs", "f60ca602562a1526ea88b6b23eb8d8761937849c", "docs.json",
         "small API docs"),
    Repo("ActianCorp/vectorai-db-docs", "712758e89695619d3007c1a56a60fd0576b3c958", "docs.json",
         "database docs"),
    Repo("AdamikHQ/adamik-documentation", "3a1fd1c6376bae605a17f6f0f5d0c9585d524221",
         "mint.json", "mint.json, API reference"),
    Repo("AdeboyeDN/langtrace-docs", "585c2d67752c2c108069df4270a3ad1d0fb6943f", "mint.json",
         "mint.json, tabs, anchors"),
    Repo("1Router/1router-docs", "68a05c87b611183967618af647ccb19130260251", "mint.json",
         "mint.json, small API"),
    Repo("0xsequence-docs/docs", "55ed098c1b1932feaf0d18f8c4fc748a552e6613", "mint.json",
         "mint.json, remote spec"),
)


@dataclass(slots=True)
class Result:
    repo: Repo
    check_exit: int = -1
    build_exit: int = -1
    errors: int = 0
    warnings: int = 0
    pages: int = 0  # pages check resolved
    built: int = 0  # index.html files written by build
    codes: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    detail: str = ""

    @property
    def builds(self) -> bool:
        only_remote = self.codes and set(self.codes) <= {"spec-remote"}
        return self.build_exit == 0 or (self.build_exit == 1 and bool(only_remote))


def export(repo: Repo, mirror: Path) -> Path:
    """The repo at its pinned commit, as plain files under ``bench/.cache/mintlify``."""
    dest = CACHE / f"{repo.repo.replace('/', '+')}@{repo.commit[:12]}"
    if (dest / ".complete").is_file():
        return dest
    git_dir = mirror / repo.repo.replace("/", "+") / "repo"
    if not git_dir.is_dir():
        raise SystemExit(f"mintlify_corpus: no clone of {repo.repo} at {git_dir}")
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    # Blob by blob (not git archive): a partial clone may lack its largest files; those are
    # skipped and counted, as docs builds never need them (PDFs, videos).
    listing = subprocess.run(
        ["git", "-C", str(git_dir), "ls-tree", "-r", "-z", repo.commit],
        check=True,
        capture_output=True,
    ).stdout.split(b"\0")
    entries = []
    for line in listing:
        if not line:
            continue
        meta, path = line.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob":
            entries.append((mode, sha, path.decode("utf-8", "surrogateescape")))
    batch = subprocess.Popen(
        ["git", "-C", str(git_dir), "cat-file", "--batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert batch.stdin is not None and batch.stdout is not None
    missing = 0
    for mode, sha, path in entries:
        batch.stdin.write(sha + b"\n")
        batch.stdin.flush()
        header = batch.stdout.readline().split()
        if header[-1] == b"missing":
            missing += 1
            continue
        data = batch.stdout.read(int(header[2]))
        batch.stdout.read(1)
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if mode == b"120000":
            target.symlink_to(data.decode("utf-8", "surrogateescape"))
        else:
            target.write_bytes(data)
    batch.stdin.close()
    batch.wait()
    (dest / ".missing").write_text(str(missing))
    (dest / ".complete").write_text(repo.commit)
    return dest


def _docgen() -> list[str]:
    exe = Path(sys.executable).with_name("docgen")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "docgen"]


def run_one(repo: Repo, mirror: Path, flags: list[str]) -> Result:
    result = Result(repo)
    root = export(repo, mirror)
    config = root / repo.config
    start = time.monotonic()
    env = {**os.environ, "DOCGEN_CACHE_DIR": str(CACHE.parent / "docgen-cache")}
    try:
        checked = subprocess.run(
            [*_docgen(), "check", str(config), "--format", "json", *flags],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            env=env,
        )
        result.check_exit = checked.returncode
        try:
            report = json.loads(checked.stdout)
        except ValueError:
            result.detail = (checked.stderr or checked.stdout).strip().splitlines()[-1:][0:1]
            result.detail = " ".join(result.detail) if result.detail else "no JSON report"
        else:
            result.errors = report["errors"]
            result.warnings = report["warnings"]
            result.pages = len(report["pages"])
            for d in report["diagnostics"]:
                if d["level"] == "error":
                    result.codes[d["code"]] += 1
        with tempfile.TemporaryDirectory(prefix="mintlify-site-") as tmp:
            out = Path(tmp) / "site"
            built = subprocess.run(
                [*_docgen(), "build", str(config), "-o", str(out), "--quiet", *flags],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                env=env,
            )
            result.build_exit = built.returncode
            if out.is_dir():
                result.built = sum(1 for _ in out.rglob("index.html"))
            if built.returncode not in (0, 1):
                result.detail = built.stderr.strip().splitlines()[-1] if built.stderr else ""
            if "internal error" in built.stderr or "Traceback" in built.stderr:
                result.detail = "CRASH: " + built.stderr.strip().splitlines()[-1]
    except subprocess.TimeoutExpired:
        result.detail = f"timeout after {TIMEOUT} s"
    result.seconds = time.monotonic() - start
    return result


def table(results: list[Result], flags: list[str]) -> str:
    ok = sum(r.builds for r in results)
    lines = [
        "# Real Mintlify docs repos, run unchanged",
        "",
        f"`python bench/mintlify_corpus.py {' '.join(flags)}`".replace(" `", "`"),
        "",
        f"**{ok} of {len(results)} configs build** (`docgen build` exit 0, or only "
        "`spec-remote` errors offline).",
        "",
        "| repo @ commit | config | check | build | errors | warnings | pages | written "
        "| error codes | s |",
        "|---|---|---:|---:|---:|---:|---:|---:|---|---:|",
    ]
    for r in results:
        codes = ", ".join(f"`{c}` {n}" for c, n in r.codes.most_common(4)) or r.detail
        lines.append(
            f"| {r.repo.repo} @ {r.repo.commit[:7]} | {r.repo.config} | {r.check_exit} "
            f"| {r.build_exit}{' ok' if r.builds else ''} | {r.errors} | {r.warnings} "
            f"| {r.pages} | {r.built} | {codes} | {r.seconds:.0f} |"
        )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", help="run repos whose owner/name contains this")
    parser.add_argument("--flags", default="", help="extra flags for check and build")
    parser.add_argument(
        "--mirror",
        type=Path,
        default=Path(os.environ.get("DOCGEN_MINTLIFY_MIRROR", "/work/.mirror")),
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="results table (Markdown)")
    args = parser.parse_args(argv)
    flags = args.flags.split()
    chosen = [r for r in CORPUS if not args.only or args.only.lower() in r.repo.lower()]
    if not chosen:
        parser.error(f"no repo matches {args.only!r}")
    results = []
    for repo in chosen:
        result = run_one(repo, args.mirror, flags)
        print(
            f"{repo.repo} {repo.config}: check {result.check_exit} build {result.build_exit} "
            f"errors {result.errors} pages {result.pages} written {result.built} "
            f"{dict(result.codes.most_common(5))} {result.detail}",
            flush=True,
        )
        results.append(result)
    text = table(results, flags)
    if args.only is None:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
