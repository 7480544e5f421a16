"""Checks beside rendering: ``docgen build`` hands its specs' validation (and the scan of its
Markdown pages, :mod:`docgen.pipeline`) to forked processes and renders meanwhile; the site
is written only once every verdict is in, and only if none is an error. The verdicts and
messages are those ``docgen check`` reports (both run the same functions); only when they
arrive differs.

Without ``fork`` (or when the process cannot be started, or dies) the work runs in-process
when its result is asked for, so the outcome never depends on the process.
"""

from __future__ import annotations

import ctypes
import gc
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from docgen.diagnostics import Diagnostic, Diagnostics, Location
from docgen.load.source import SourceDocument
from docgen.spec.validate import validate_spec

_PR_SET_PDEATHSIG = 1  # prctl(2)
# Spec validations running in processes at once. A docs repo with a spec per version and
# language (crewAI: 105) forked one each, each importing the validator (0.3-0.5 CPU-s) while
# the pages' scan wanted the cores; past this many, a spec is validated in-process (the
# validator imported once) when its verdict is asked for. The pages' scan is not counted.
MAX_RUNNING = max(2, os.cpu_count() or 2)
_RUNNING: set[int] = set()  # id() of the Verdicts whose process runs


@dataclass(frozen=True, slots=True)
class ValidationTask:
    """One spec to validate: its main document, every document it references, its version."""

    document: SourceDocument
    documents: dict[str, SourceDocument]
    version: str
    refs_ok: bool
    strict: bool  # False (``--no-strict-spec``): its errors are reported as warnings


def run_task(task: ValidationTask) -> list[Diagnostic]:
    """What validating ``task`` reports (errors demoted to warnings unless ``strict``)."""
    found = Diagnostics()
    validate_spec(task.document, task.documents, task.version, task.refs_ok, found)
    if task.strict:
        return list(found)
    demoted = Diagnostics()
    for d in found:
        where = Location(d.file, d.line, d.column, d.pointer)
        demoted.warning(d.code, f"{d.message} (ignored: --no-strict-spec)", where)
    return list(demoted)


def die_with_parent() -> None:
    """In a forked helper process: ignore Ctrl-C (the parent handles it and stops its helpers)
    and, on Linux, be killed when the parent dies, instead of working on for nobody and
    printing a broken-pipe traceback when it answers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            return
        if os.getppid() == 1:  # the parent died before prctl: nobody will read the answer
            os._exit(0)


def _child(work: Callable[[], list[Diagnostic]], connection: Any) -> None:
    die_with_parent()
    # The check that started this process pauses the cyclic garbage collector while it runs
    # (docgen.pipeline.run_check); the work here runs to the end with it on.
    gc.enable()
    try:
        connection.send(work())
    finally:
        connection.close()


def validation(task: ValidationTask) -> Verdicts:
    """The verdicts of validating ``task`` (not started; at most :data:`MAX_RUNNING` spec
    validations run in processes at once)."""
    return Verdicts(partial(run_task, task), capped=True)


class Verdicts:
    """The diagnostics ``work`` reports (a check, run in the forked process inheriting what
    it reads), worked out in a forked process when possible (:meth:`start`), else in-process
    when first asked for (:meth:`diagnostics`)."""

    def __init__(self, work: Callable[[], list[Diagnostic]], capped: bool = False) -> None:
        self.work = work
        self.capped = capped  # one of the spec validations, of which few run at once
        self._process: Any = None
        self._connection: Any = None
        self._result: list[Diagnostic] | None = None

    def start(self) -> Verdicts:
        """Fork the working process (Linux, no other thread running, fewer than
        :data:`MAX_RUNNING` such processes running); else do nothing."""
        if self._result is not None or self._process is not None or not _can_fork():
            return self
        if self.capped and len(_RUNNING) >= MAX_RUNNING:
            return self  # worked out in-process when asked for
        context = multiprocessing.get_context("fork")
        receiving, sending = context.Pipe(duplex=False)
        try:
            process = context.Process(target=_child, args=(self.work, sending), daemon=True)
            process.start()
        except OSError:
            receiving.close()
            return self
        finally:
            sending.close()  # the child's copy stays open: EOF here once it exits
        self._process, self._connection = process, receiving
        if self.capped:
            _RUNNING.add(id(self))
        return self

    @property
    def pid(self) -> int | None:
        """The working process, while it runs (``None``: done, or in-process)."""
        return None if self._process is None else int(self._process.pid)

    def ready(self) -> bool:
        """Whether :meth:`diagnostics` would answer without waiting for the process."""
        if self._result is not None or self._connection is None:
            return self._result is not None
        try:
            return bool(self._connection.poll())
        except OSError:
            return True  # gone: diagnostics() validates in-process

    def diagnostics(self) -> list[Diagnostic]:
        """Every diagnostic of the work (waits for the process; works here when it could not
        be started or did not answer)."""
        if self._result is None:
            result: list[Diagnostic] | None = None
            if self._connection is not None:
                try:
                    answer = self._connection.recv()
                    if isinstance(answer, list):
                        result = answer
                except (EOFError, OSError):
                    result = None
                self.close()
            if result is None:
                result = self.work()
            self._result = result
        return self._result

    def close(self) -> None:
        """Stop the process if it still runs (a build that stopped early)."""
        process, self._process = self._process, None
        connection, self._connection = self._connection, None
        _RUNNING.discard(id(self))
        if connection is not None:
            connection.close()
        if process is not None:
            if process.is_alive():
                process.terminate()
            process.join()


def _can_fork() -> bool:
    return (
        sys.platform.startswith("linux")
        and "fork" in multiprocessing.get_all_start_methods()
        and threading.active_count() == 1
    )
