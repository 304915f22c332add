"""The result workbook built by a standing helper process of a long-lived bridgescan process.

A command builds its workbook beside itself by forking (pipeline/publish/beside.py), which
is safe only in a process of one thread. The console is not one (its web server's threads,
Prefect's), so every version it published (a review decision, a "Score now") built the
workbook in the publishing thread: openpyxl's cells and zip, some 0.4 s of CPU for the
sample, while the second core idled. ``start`` gives such a process one helper: a fresh
interpreter from Python's fork server (never a fork of the console's threads) that imports
the workbook's modules once; ``render`` hands it the results (pickled: some 60 KB for the
sample, a few milliseconds) and builds the JSON and the site meanwhile. The helper builds
the same workbook ``build_workbook`` builds here. A helper that fails, or is gone, is not
trusted: the workbook is built in this process, where its errors show.
"""

from __future__ import annotations

import io
import multiprocessing
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pipeline.events.hand_records import HandRecord
    from pipeline.results.model.event import EventResults

__all__ = ["Helped", "start", "stop", "running", "workbook_bytes", "submit"]

_helper: list[ProcessPoolExecutor] = []  # this process's helper, once started
_lock = threading.Lock()


def workbook_bytes(
    results: EventResults, hands: Mapping[int, Sequence[HandRecord]] | None = None
) -> bytes:
    """The result workbook of ``results`` as the bytes of its file."""
    from pipeline.publish.workbook import build_workbook

    buffer = io.BytesIO()
    build_workbook(results, hands).save(buffer)
    return buffer.getvalue()


def _load() -> None:
    """The helper's first work: import what building a workbook needs, once."""
    import pipeline.publish.workbook  # noqa: F401
    import pipeline.results.model.event  # noqa: F401


def start() -> None:
    """Start this process's helper (once), loading its modules in the background."""
    with _lock:
        if _helper:
            return
        helper = ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("forkserver")
        )
        helper.submit(_load)  # the helper starts and imports now, not at the first version
        _helper.append(helper)


def stop() -> None:
    """End the helper (a version being built is finished first)."""
    with _lock:
        while _helper:
            _helper.pop().shutdown(wait=True, cancel_futures=True)


def running() -> bool:
    return bool(_helper)


def submit(
    results: EventResults, hands: Mapping[int, Sequence[HandRecord]] | None = None
) -> Helped | None:
    """The workbook of ``results`` being built by the helper; None without one (or when it
    cannot take work: then the caller builds it itself)."""
    with _lock:
        if not _helper:
            return None
        try:
            made = _helper[0].submit(workbook_bytes, results, hands)
        except RuntimeError:  # shut down, or broken (a BrokenProcessPool is a RuntimeError)
            return None
    return Helped(made, lambda: workbook_bytes(results, hands))


class Helped:
    """A workbook being built by the helper (``result()`` as ``Beside.result()``)."""

    def __init__(self, made: Future[bytes], build: Callable[[], bytes]) -> None:
        self._made, self._build = made, build

    def result(self) -> bytes:
        """The helper's bytes, or built here when the helper failed."""
        try:
            return self._made.result()
        except Exception:  # the helper's failure is not trusted: built here, errors shown here
            return self._build()
