"""Run page-rendering jobs on every core: forked worker processes, results in job order.

Workers are forked (Linux), so they start with the parent's loaded specs and renderer for
free; each job sends back only its finished bytes. Small sites, platforms without ``fork``
and processes that run other threads (forking those is unsafe) render serially in-process;
the output is the same either way, byte for byte.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, TypeVar

from docgen.spec.background import die_with_parent

Job = TypeVar("Job")
Result = TypeVar("Result")

MIN_JOBS_PER_WORKER = 48  # below this, starting workers costs more than it saves
ENV_JOBS = "DOCGEN_JOBS"

_WORK: Callable[[Any], Any] | None = None  # the job function, inherited by forked workers


_KEEP_EVERY = 500  # jobs after which a worker freezes what it has kept (see _run)
_done = 0  # jobs this worker has run


def _run(job: Any) -> Any:
    global _done
    assert _WORK is not None
    result = _WORK(job)
    _done += 1
    if _done % _KEEP_EVERY == 0:
        # What a worker keeps from page to page (fields, examples and texts memoised for
        # later pages) only grows, and each full collection went over all of it again:
        # collect once, then leave what is left out of later collections (Microsoft Graph:
        # 1.1-1.8 s of full collections a worker before, 0.45-0.48 s after).
        gc.collect()
        gc.freeze()
    return result


def _quiet_worker() -> None:
    # Ctrl-C is the parent's to handle (it stops the workers); no traceback from each worker,
    # and none when the parent is killed (the worker goes with it).
    die_with_parent()


def worker_count(jobs: int | None, pending: int) -> int:
    """How many processes to use for ``pending`` jobs (``jobs``, else ``$DOCGEN_JOBS``, else
    the usable cores); 1 means serial."""
    if jobs is None:
        env = os.environ.get(ENV_JOBS, "").strip()
        jobs = int(env) if env.isdigit() and int(env) > 0 else _cores()
    jobs = max(1, min(jobs, pending // MIN_JOBS_PER_WORKER or 1))
    if jobs > 1 and not _can_fork():
        return 1
    return jobs


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _can_fork() -> bool:
    return (
        sys.platform.startswith("linux")
        and "fork" in multiprocessing.get_all_start_methods()
        and threading.active_count() == 1
    )


class Workers(Generic[Job, Result]):
    """A pool of forked workers running ``work``, or in-process calls when ``count`` is 1."""

    def __init__(self, work: Callable[[Job], Result], count: int) -> None:
        self.work = work
        self.count = count
        self._pool: Any = None
        self._frozen = False  # this process's collector leaves out what existed at the fork

    def __enter__(self) -> Workers[Job, Result]:
        global _WORK
        if self.count > 1:
            _WORK = self.work
            gc.collect()
            # What exists now (the specs, the site, the renderer) is left out of every later
            # collection: in the workers, so that their collector does not write to the pages
            # they share with this process; here, until the pool's block ends (after the
            # search index and the site-wide files), because it stays alive until then and a
            # full collection going over it finds nothing (Microsoft Graph: 0.3-0.4 s each).
            gc.freeze()
            self._frozen = True
            try:
                context = multiprocessing.get_context("fork")
                self._pool = context.Pool(self.count, initializer=_quiet_worker)
            except BaseException:
                self._frozen = False
                gc.unfreeze()
                raise
        return self

    def __exit__(self, kind: object, *rest: object) -> None:
        self.close(finished=kind is None)
        if self._frozen:
            self._frozen = False
            gc.unfreeze()

    def close(self, *, finished: bool = True) -> None:
        """Stop the workers (letting them finish their jobs when ``finished``); later calls
        of :meth:`map` run in-process."""
        global _WORK
        if self._pool is not None:
            if finished:
                self._pool.close()
            else:
                self._pool.terminate()
            self._pool.join()
            self._pool = None
        _WORK = None

    def map(self, jobs: Sequence[Job]) -> Iterator[Result]:
        """Results of ``jobs``, in order, as they are ready."""
        if self._pool is None:
            for job in jobs:
                yield self.work(job)
            return
        chunk = max(1, min(16, len(jobs) // (self.count * 8)))
        yield from self._pool.imap(_run, jobs, chunk)
