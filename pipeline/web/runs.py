"""Scoring an event from the club's console: the same Prefect flow as ``bridgescan run``, in a
background thread, with its progress for the page to show live.

One run at a time per console: the flow's progress listeners are the module's own
(``pipeline.flows.run_event.listeners``) and a club laptop has two cores, so a second event
asked for while one runs waits its turn (the page says so). The run reads the event folder
as ``bridgescan run EVENT --out EVENT/out`` does: scans already read by the same reader are
taken from the store (a second upload reads only its new pages), every scan is kept, and
the next version is published when anything changed.
"""

from __future__ import annotations

import threading
import time
import traceback
from collections import deque
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from pipeline.doors.session_input import NothingScoredYet

__all__ = ["RunProgress", "Runner"]


@dataclass(frozen=True)
class RunProgress:
    """Where an event's run is, as the page shows it (and ``progress.json`` sends it)."""

    slug: str
    state: str = "waiting"  # waiting, running, done, failed
    stage: str = "waiting for another event's run to end"
    pages_total: int = 0
    pages_read: int = 0
    rows_read: int = 0
    rows_accepted: int = 0
    rows_to_review: int = 0
    started: float = 0.0
    finished: float = 0.0
    lines: tuple[str, ...] = ()  # what the run said at the end (status, unread pages)
    provisional: bool = False

    @property
    def active(self) -> bool:
        return self.state in ("waiting", "running")

    def as_json(self) -> dict[str, Any]:
        seconds = (self.finished or time.monotonic()) - self.started if self.started else 0.0
        return {
            "state": self.state,
            "stage": self.stage,
            "pages_total": self.pages_total,
            "pages_read": self.pages_read,
            "rows_read": self.rows_read,
            "rows_accepted": self.rows_accepted,
            "rows_to_review": self.rows_to_review,
            "seconds": round(seconds),
            "lines": list(self.lines),
            "provisional": self.provisional,
        }


@dataclass
class Runner:
    """Runs events' flows one after another in a background thread."""

    masterpoints: str = "bronze"
    _progress: dict[str, RunProgress] = field(default_factory=dict)
    _queue: deque[tuple[str, Path, Path]] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _thread: threading.Thread | None = None

    @staticmethod
    def prepare() -> None:
        """Load Prefect and the reader now, in the thread that starts the console: imported
        first in the run's thread while the server's threads import too, Prefect's import
        (which starts threads of its own) can wait on a module another thread is loading."""
        from pipeline.flows.prefect_env import configure_prefect

        configure_prefect()
        import ocr.reader  # noqa: F401
        import pipeline.flows.run_event  # noqa: F401

    def progress(self, slug: str) -> RunProgress | None:
        with self._lock:
            return self._progress.get(slug)

    def start(self, slug: str, folder: Path, out_dir: Path) -> RunProgress:
        """Queue a run of the event (a run already waiting for it is not queued twice)."""
        with self._lock:
            current = self._progress.get(slug)
            if current is not None and current.state == "waiting":
                return current
            if current is not None and current.state == "running":
                self._queue.append((slug, folder, out_dir))  # once more, after this one
                return current
            made = RunProgress(slug)
            self._progress[slug] = made
            self._queue.append((slug, folder, out_dir))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(
                    target=self._work, name="bridgescan-runs", daemon=True
                )
                self._thread.start()
            return made

    def wait(self, slug: str, timeout: float = 300.0) -> RunProgress | None:
        """Block until the event's run has ended (for scripts and tests)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.progress(slug)
            if found is None or not found.active:
                return found
            time.sleep(0.1)
        return self.progress(slug)

    def _set(self, slug: str, **changes: Any) -> None:
        with self._lock:
            self._progress[slug] = replace(self._progress[slug], **changes)

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._queue:
                    self._thread = None
                    return
                slug, folder, out_dir = self._queue.popleft()
                self._progress[slug] = RunProgress(
                    slug, "running", "starting", started=time.monotonic()
                )
            try:
                lines, provisional = self._run(slug, folder, out_dir)
            except NothingScoredYet as error:  # not a fault: every reading waits for a person
                self._set(
                    slug,
                    state="done",
                    stage="done",
                    finished=time.monotonic(),
                    lines=(str(error), "decide them on the review page, then score again"),
                    provisional=True,
                )
            except BaseException as error:  # a fault is shown, never a traceback on the page
                log = out_dir / "console-errors.log"
                out_dir.mkdir(parents=True, exist_ok=True)
                with log.open("a", encoding="utf-8") as file:
                    file.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')} {slug}\n")
                    file.write(traceback.format_exc())
                self._set(
                    slug,
                    state="failed",
                    stage="stopped",
                    finished=time.monotonic(),
                    lines=(_message(error), f"details: {log}"),
                )
            else:
                self._set(
                    slug,
                    state="done",
                    stage="done",
                    finished=time.monotonic(),
                    lines=lines,
                    provisional=provisional,
                )

    def _run(self, slug: str, folder: Path, out_dir: Path) -> tuple[tuple[str, ...], bool]:
        from pipeline.flows.prefect_env import configure_prefect

        configure_prefect()
        from ocr.reader import page_count
        from pipeline.doors.inputs import session_files
        from pipeline.doors.scans.reading import scan_files
        from pipeline.events.eventfile import load_event
        from pipeline.flows import run_event as flows
        from pipeline.flows.local_api import tie_local_api_to_this_process

        tie_local_api_to_this_process()  # the console's temporary API answering (or a server)
        event = load_event(folder / "event.yaml")
        plan = session_files(folder, event)
        total = sum(page_count(p) for f in plan for p in scan_files(f.scans))
        self._set(slug, pages_total=total, stage="keeping the scans")

        def listen(stage: str, detail: object) -> None:
            if stage != "page":
                self._set(slug, stage=stage)
                return
            rows = [str(r.status) for r in getattr(detail, "rows", ())]
            with self._lock:
                now = self._progress[slug]
                self._progress[slug] = replace(
                    now,
                    stage="reading the scans",
                    pages_read=now.pages_read + 1,
                    rows_read=now.rows_read + sum(1 for s in rows if s != "empty"),
                    rows_accepted=now.rows_accepted + sum(1 for s in rows if s == "accepted"),
                )

        flows.listeners.append(listen)
        try:
            summary = flows.run_event(folder, out_dir, None, self.masterpoints)
        finally:
            flows.listeners.remove(listen)
        results: Any = summary.results
        lines = [f"the results are version {summary.version}"]
        for session in summary.sessions:
            lines += [f"session {session.session}: not read: {page}" for page in session.unreadable]
            lines += [f"session {session.session}: {note}" for note in session.replaced]
        lines += [f"blocks publishing: {line}" for line in summary.blocking[:10]]
        self._set(slug, rows_to_review=summary.to_review)
        return tuple(lines), bool(results.status.provisional)


def _message(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0][:400]
