"""Reading processes: the batch's pages read on every core of one machine, without Dask.

On threads the reading shares the command's one interpreter lock with the flow and the
publishing thread (the reader is partly pure Python: mark rules, decoding), so two threads
kept 1.3 of 2 cores busy (docs/batch.md, "Speed"). A Dask ``LocalCluster`` gets every core
but runs a scheduler, a nanny per worker and their heartbeats. ``ReadingProcesses`` is the
least that gets every core: N plain Python processes started once per batch, each a fresh
interpreter running ``serve`` (nothing of the command's threads or locks copied into it,
as a fork would, nor the command's main module run again, as multiprocessing's spawn
does), each keeping its reader loaded between chunks (``pages.read_packed_for_store``, as
a Dask worker does: the readings packed until their event is scored), with a pipe of its
own to the command. ``read`` sends a chunk to a free
process and waits for its answer on the caller's thread (a Prefect task run per chunk:
chunk_reading.py).

What ends a process, so that none outlives its batch:

- the batch done: each is told to stop, then waited for;
- the batch stopped by an error or Ctrl-C (``close(now=True)``): each is terminated at once
  (the processes ignore Ctrl-C themselves: the command decides, and a reader stopped half
  way would print a traceback over the progress bar);
- the command killed (``kill -9``, the out-of-memory killer: no Python code of the command
  runs): every process holds the read end of a *lifeline* pipe whose only write end is the
  command's; the kernel closes it with the command, the process reads end-of-file on a
  thread of its own that waits for nothing else, and exits.

A process that dies while it reads a chunk (killed, out of memory, a crash in a native
library) fails that chunk only: ``ReadingProcessDied`` names the file and pages, the
process is replaced by a fresh one and the other chunks go on.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import traceback
from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, Pipe
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.flows.pages import ChunkRead, PageChunk
    from scoring.event import Event

__all__ = [
    "BatchStopped",
    "ReadingProcessDied",
    "ReadingProcesses",
    "close_early",
    "early",
    "serve",
    "start_early",
    "take_early",
]

#: How long a process told to stop (or terminated) is given before it is killed.
_GRACE_SECONDS = 5.0


class ReadingProcessDied(RuntimeError):
    """The process reading a chunk ended before it answered (killed, out of memory, crashed)."""

    def __init__(self, chunk: PageChunk, exitcode: int | None) -> None:
        self.chunk, self.exitcode = chunk, exitcode
        pages = str(chunk.first) if chunk.first == chunk.last else f"{chunk.first}-{chunk.last}"
        super().__init__(
            f"{chunk.file}, pages {pages}: the process reading them ended ({_how(exitcode)}) "
            "before it answered: run the batch again to read them (pages kept before are not "
            "read again)"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.chunk, self.exitcode))


class BatchStopped(RuntimeError):
    """The reading processes were stopped (the batch ended by an error or Ctrl-C) while a
    chunk waited for one."""


class _RemoteTraceback(Exception):
    """Where an error was raised in a reading process: its traceback, as the error's cause."""

    def __str__(self) -> str:
        return str(self.args[0])


def _how(exitcode: int | None) -> str:
    if exitcode is None:
        return "still running, not answering"
    if exitcode < 0:
        try:
            return f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exit status {exitcode}"


@dataclass(eq=False)
class _Reader:
    """One reading process and the command's end of its pipe."""

    process: subprocess.Popen[bytes]
    pipe: Connection
    sending: threading.Lock = field(default_factory=threading.Lock)

    def send(self, message: object) -> None:
        """``message`` written whole down the pipe: ``close`` telling the process to stop
        must not write into a chunk a read-ahead thread is still sending (two writers on
        one pipe interleave their bytes, and the process would read neither)."""
        with self.sending:
            self.pipe.send(message)


class ReadingProcesses:
    """``count`` reading processes for one batch; ``read`` is safe from many threads."""

    def __init__(self, count: int) -> None:
        from pipeline.flows.prefect_env import one_maths_thread

        if count < 1:
            raise ValueError("reading processes: at least 1")
        one_maths_thread()  # inherited by every process: one BLAS/OpenMP/OpenCV thread each
        # The lifeline's write end is this process's alone (not inherited: PEP 446).
        self._lifeline, self._lifeline_end = os.pipe()
        self._free: queue.SimpleQueue[_Reader | None] = queue.SimpleQueue()
        self._readers: list[_Reader] = []
        self._lock = threading.Lock()
        self._closing = threading.Lock()  # ``close`` and a process's replacement, one at a time
        self._closed = False
        self._ahead: dict[PageChunk, Future[ChunkRead]] = {}  # read before anyone asked
        try:
            for _ in range(count):
                self._free.put(self._start())
        except BaseException:  # no descriptor or process left, Ctrl-C: none left running
            self.close(now=True)
            raise

    def _start(self) -> _Reader:
        """A fresh interpreter running ``serve``, with the same bridgescan as this process
        (its folder first on the path; with -P never the folder it runs in, where a
        director's files may be named like a module) and this process's environment, with
        glibc's malloc keeping freed memory for the next page (``READING_MEMORY``)."""
        import pipeline
        from pipeline.flows.prefect_env import READING_MEMORY

        mine, theirs = Pipe()
        code = _SERVE.format(pipe=theirs.fileno(), lifeline=self._lifeline)
        env = dict(os.environ)
        for name, value in READING_MEMORY.items():  # page after page in the same memory
            env.setdefault(name, value)
        env["PYTHONPATH"] = os.pathsep.join(
            [str(Path(pipeline.__file__).parents[1]), *filter(None, [env.get("PYTHONPATH")])]
        )
        process = subprocess.Popen([sys.executable, "-P", "-c", code], env=env,
                                   pass_fds=(theirs.fileno(), self._lifeline),
                                   stdin=subprocess.DEVNULL,
                                   start_new_session=True)  # fmt: skip
        theirs.close()  # only the process holds its end: its death is end-of-file here
        reader = _Reader(process, mine)
        with self._lock:
            self._readers.append(reader)
        return reader

    def read(self, event: Event, chunk: PageChunk) -> ChunkRead:
        """``chunk`` read by the next free process (waiting here for one, then its answer).

        Raises what the reading raised, ``ReadingProcessDied`` when the process ended
        before it answered (a fresh one takes its place), ``BatchStopped`` after ``close``."""
        reader = self._free.get()
        while reader is not None and not self._closed and reader.process.poll() is not None:
            self._replace(reader)  # it ended while it waited for work: no chunk of it lost
            reader = self._free.get()
        if reader is None or self._closed:
            self._free.put(None)  # the next waiter is woken too
            raise BatchStopped("the batch was stopped before these pages were read")
        try:
            reader.send((event, chunk))
            answer = reader.pipe.recv()
        except (EOFError, OSError):
            self._replace(reader)
            if self._closed:
                raise BatchStopped("the batch was stopped while these pages were read") from None
            raise ReadingProcessDied(chunk, reader.process.returncode) from None
        self._free.put(reader)
        kind, value, where = answer
        if kind == "read":
            result: ChunkRead = value
            return result
        raise value from _RemoteTraceback(where)

    def send_ahead(self, event: Event, chunks: Sequence[PageChunk]) -> None:
        """``chunks`` read now, before any task asks for them (the batch's first chunks, sent
        while the command still loads Prefect: pipeline/flows/first_chunks.py), each by the
        next free process, in order, on threads of their own; ``sent_ahead`` hands each one's
        answer to the first who asks for that chunk."""
        waiting: deque[tuple[PageChunk, Future[ChunkRead]]] = deque()
        for chunk in chunks:
            self._ahead[chunk] = Future()
            waiting.append((chunk, self._ahead[chunk]))

        def read_in_turn() -> None:
            while waiting:
                try:
                    chunk, answer = waiting.popleft()
                except IndexError:  # another thread took the last one
                    return
                answer.set_running_or_notify_cancel()
                try:
                    answer.set_result(self.read(event, chunk))
                except BaseException as error:  # noqa: BLE001 - the asker's to raise
                    answer.set_exception(error)

        for _ in range(min(len(self._readers), len(chunks))):
            threading.Thread(target=read_in_turn, name="read-ahead", daemon=True).start()

    def sent_ahead(self, chunk: PageChunk) -> Future[ChunkRead] | None:
        """The answer to ``chunk`` if it was sent ahead (``send_ahead``), once; else None."""
        with self._lock:
            return self._ahead.pop(chunk, None)

    def _replace(self, dead: _Reader) -> None:
        """A process that ended mid-chunk, reaped and replaced (unless the batch is over)."""
        _wait_or_kill(dead.process)  # alive with its pipe broken, it could not be used again
        dead.pipe.close()
        with self._lock:
            self._readers.remove(dead)
        with self._closing:  # not while ``close`` runs: it would miss the fresh one
            if not self._closed:
                self._free.put(self._start())

    def close(self, now: bool = False) -> None:
        """Stop every process: told to, once its chunk is done, or at once (``now``: the
        batch is stopping); each one waited for, and killed if it does not end in time."""
        with self._closing:  # a process replaced meanwhile would be left out of ``readers``
            self._close(now)

    def _close(self, now: bool) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            readers = list(self._readers)
        self._free.put(None)  # wakes a thread waiting for a free process
        try:
            for reader in readers:
                if now:
                    reader.process.terminate()
                else:
                    try:
                        reader.send(None)
                    except OSError:  # ended already
                        pass
            for reader in readers:
                _wait_or_kill(reader.process)
        finally:  # even on Ctrl-C meanwhile (the standing runner lives on: nothing leaks)
            os.close(self._lifeline_end)  # any process still there reads end-of-file, exits
            os.close(self._lifeline)
        if now:  # a thread waiting for an answer sees end-of-file, not the pipe closed under it
            return
        for reader in readers:
            reader.pipe.close()

    def __enter__(self) -> ReadingProcesses:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close(now=kind is not None)


def _wait_or_kill(process: subprocess.Popen[bytes]) -> None:
    try:
        process.wait(_GRACE_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


# Reading processes the command started before its batch's flow (``start_early``): they
# boot (Python, the reader's modules, the digit model: about a second of a core) on the
# other core while the command imports Prefect and starts its flow run, instead of after
# it, when the first chunk waits for them. The flow takes them (``take_early``).
_early: ReadingProcesses | None = None


def early() -> ReadingProcesses | None:
    """The processes ``start_early`` started, while no batch has taken them."""
    return _early


def start_early(count: int) -> None:
    """``count`` reading processes started now, for the batch this process is about to run;
    ``close_early`` ends them if the batch never takes them."""
    global _early
    close_early()
    _early = ReadingProcesses(count)


def take_early(count: int) -> ReadingProcesses:
    """The processes ``start_early`` started, if there are ``count`` of them; else (none,
    or another number) ``count`` fresh ones. The caller owns them (and closes them)."""
    global _early
    early, _early = _early, None
    if early is not None and len(early._readers) == count:
        return early
    if early is not None:
        early.close(now=True)
    return ReadingProcesses(count)


def close_early() -> None:
    """The processes ``start_early`` started and no batch took, ended now."""
    global _early
    early, _early = _early, None
    if early is not None:
        early.close(now=True)


_SERVE = "from pipeline.flows.reading_processes import serve; serve({pipe}, {lifeline})"


def serve(pipe_fd: int, lifeline_fd: int) -> None:
    """A reading process: chunks read as they come, until told to stop or the command ends.

    ``pipe_fd`` is its end of the pipe to the command; ``lifeline_fd`` the lifeline's read
    end."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the command's to handle
    threading.Thread(target=_end_with_the_command, args=(lifeline_fd,), daemon=True).start()
    pipe = Connection(pipe_fd)
    from pipeline.flows.prefect_env import one_maths_thread

    one_maths_thread()  # before numpy and OpenCV load (inherited already; explicit ones win)
    from pipeline.flows.pages import read_packed_for_store

    _warm_up()
    while True:
        try:
            job = pipe.recv()
        except (EOFError, OSError):  # the command has gone
            return
        if job is None:
            return
        try:
            answer: tuple[str, Any, str] = ("read", read_packed_for_store(*job), "")
        except Exception as error:  # noqa: BLE001 - the chunk's failure, reported by the batch
            answer = ("failed", error, traceback.format_exc())
        try:
            pipe.send(answer)
        except (EOFError, OSError):
            return
        except Exception:  # noqa: BLE001 - an error that cannot be pickled: sent as text
            kind, value, where = answer
            pipe.send(("failed", RuntimeError(f"{type(value).__name__}: {value}"), where))


def _warm_up() -> None:
    """The reader's modules (OpenCV, the PDF renderer) and the digit model loaded before the
    first chunk comes, while the command starts its flow and plans the first event, not
    after it. A failure here is left to the first chunk, which reports it as its own."""
    try:
        import cv2  # noqa: F401 - loaded now (ocr/pages.py imports them as a page is decoded)
        import pypdfium2  # noqa: F401

        from ocr.digits import load_model
        from ocr.reader import ScanReader  # noqa: F401 - the reader's own modules
        from pipeline.doors.scans.reading import scan_reader  # noqa: F401 - the same

        load_model()  # the model every reader of this process shares (cached)
    except Exception:  # noqa: BLE001, S110 - the first chunk meets it and reports it
        pass


def _end_with_the_command(lifeline_fd: int) -> None:
    """Wait for end-of-file on the lifeline (nothing is ever written to it): the command
    has ended, however it ended, so this process ends too."""
    try:
        while os.read(lifeline_fd, 1):
            pass
    except OSError:
        pass
    os._exit(0)
