"""One command run in the standing runner, as the client's own process would have run it.

The runner runs one command at a time (``Requests``): a command's working folder, its
environment variables and its ``sys.stdout``/``sys.stderr`` are the process's, not a
thread's, so two at once could not each have their own. A client that finds the runner busy
runs its command in itself, beside it (two commands on one output folder then take turns:
pipeline/cli/output_lock.py).

A command is accepted only when the runner would run it as the client's own process
would: the same code (``wire.code_digest``), the same Prefect settings (the client's
``PREFECT_*`` with bridgescan's defaults and the API it would choose, against the
runner's, which Prefect read once, when it was imported), and a working folder that is the
client's own (``/proc/PID/cwd`` of the peer the kernel names, not only what the request
says). It then runs with the client's working folder, its umask (``/proc/PID/status``),
the variables the client hands on (``wire.is_forwarded``), the client's terminal (a
terminal or not, its width and encoding: what rich decides by), on
``pipeline.cli.commands.execute`` as ``main`` runs it: the same output, the same exit code.
Everything is put back after it.

Ctrl-C in the client (or the client gone) interrupts the command's thread: a
``KeyboardInterrupt`` raised in it at its next Python step, as Python's own handler raises
one in a process's main thread (the store's appends are transactions, a version's files are
committed at once), with the same end as in the client's own process.
"""

from __future__ import annotations

import ctypes
import gc
import io
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from pipeline.cli.ctrl_c import ctrl_c_pressed
from pipeline.cli.runner import wire

__all__ = ["Requests", "ClientStream", "well_formed"]

_TIDYING_SECONDS = 30.0  # at most, on a machine at load 14


class ClientStream(io.TextIOBase):
    """``sys.stdout`` or ``sys.stderr`` of a command run for a client: what is written goes
    to the client as it is written, encoded as the client's terminal is."""

    def __init__(self, frames: wire.Frames, kind: bytes, terminal: dict[str, Any]) -> None:
        self._frames, self._kind = frames, kind
        self._terminal = bool(terminal.get("terminal"))
        self._encoding = str(terminal.get("encoding") or "utf-8")

    def write(self, text: str) -> int:
        self._frames.send(self._kind, text.encode(self._encoding, errors="replace"))
        return len(text)

    def isatty(self) -> bool:
        return self._terminal

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding


class _Interruptible:
    """The thread a command runs in, and a ``KeyboardInterrupt`` raised in it on request
    while the command runs (never after: a pending one is withdrawn when it ends). A thread
    blocked in C (waiting for the flow's reading task) only sees it once it returns, so the
    flow's steps are also stopped where they report progress (``at_a_step``, a listener of
    the flow: each page read, each stage), in whichever thread they run."""

    def __init__(self) -> None:
        self._thread = threading.get_ident()
        self._lock = threading.Lock()
        self._running = True
        self._asked = False

    def interrupt(self) -> None:
        with self._lock:
            if self._running:
                self._asked = True
                ctrl_c_pressed()  # a library may wrap the KeyboardInterrupt: still Ctrl-C
                _raise_in(self._thread, KeyboardInterrupt)

    def at_a_step(self, _stage: str, _detail: object) -> None:
        if self._asked:
            raise KeyboardInterrupt

    def finished(self) -> None:
        """No ``KeyboardInterrupt`` raised in the command's thread from now on: called
        first thing once the command has ended, before anything is tidied (one raised in
        the tidying would leave it half done: the flow's listener kept, so that every later
        command stopped at its first step). One that lands while this runs is caught and
        the withdrawal done again; none can be asked for after it."""
        while True:
            try:
                with self._lock:
                    self._running = False
                    _raise_in(self._thread, None)  # one not yet raised is withdrawn
                return
            except KeyboardInterrupt:
                continue


def _raise_in(thread: int, error: type[BaseException] | None) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread), None if error is None else ctypes.py_object(error)
    )


class Requests:
    """The runner's commands, one at a time. ``execute``: how a command line is run
    (``pipeline.cli.commands.execute`` on the ``run`` command's app); ``server_url``: the
    Prefect API the runner's Prefect was loaded with; ``digest``: the code it loaded."""

    def __init__(self, execute: Callable[[list[str]], int], server_url: str, digest: str) -> None:
        self._execute, self._server_url, self._digest = execute, server_url, digest
        self._busy = threading.Lock()
        self._tidying = threading.Event()
        self._own_prefect = _prefect_of(os.environ)
        self._thresholds = gc.get_threshold()
        self.served = 0

    def handle(self, frames: wire.Frames, peer: int) -> None:
        """One client's request: refused (and why), or accepted and run to its exit code."""
        found = frames.receive()  # within the standing process's time for it
        if found is None or found[0] != wire.REQUEST:
            return
        frames.connection.settimeout(None)  # a command's output may wait on its reader
        try:
            request = json.loads(found[1])
        except ValueError:
            return
        if not well_formed(request):
            frames.send(wire.REFUSED, b"a request not of the client's shape")
            return
        if not self._free():
            frames.send(wire.REFUSED, b"busy with another command")
            return
        tidying = False
        try:
            refusal = self._refusal(request, peer)
            umask = _umask_of(peer)
            if refusal is None and umask is None:
                refusal = "a client whose umask the kernel does not say"
            if refusal is not None:
                frames.send(wire.REFUSED, refusal.encode())
                return
            frames.send(wire.ACCEPTED)
            began = os.times()
            code = self._run(request, frames, umask)
            self._tidying.set()  # from the exit code on, the next client waits for this
            tidying = True
            frames.send(wire.EXIT, str(code).encode())
            used = _cpu_since(began)
            self._forget_the_run()
            self.served += 1
            _log(f"command {self.served}: {' '.join(request['argv'][1:])} -> {code}, "
                 f"{used:.2f} s of CPU, then {_cpu_since(began) - used:.2f} s collecting; "
                 f"{_rss_mb():.0f} MB")  # fmt: skip
        finally:
            self._busy.release()
            if tidying:
                self._tidying.clear()

    def _free(self) -> bool:
        """The runner taken for a command: at once when it is idle; after the last command's
        tidying (``_forget_the_run``: some 0.2 s) when a client comes as it tidies (its
        client has its exit code already, and a director's next command comes just then);
        never while a command runs (the client then runs its command in itself)."""
        if self._busy.acquire(blocking=False):
            return True
        return self._tidying.is_set() and self._busy.acquire(timeout=_TIDYING_SECONDS)

    def _refusal(self, request: dict[str, Any], peer: int) -> str | None:
        if request.get("code") != self._digest:
            return "another code than the runner's"
        try:
            if not os.path.samestat(os.stat(request["cwd"]), os.stat(f"/proc/{peer}/cwd")):
                return "a working folder that is not the client's"
        except (OSError, KeyError, TypeError):
            return "a working folder that is not the client's"
        client = {n: v for n, v in request.get("env", {}).items() if n.startswith("PREFECT_")}
        if "PREFECT_API_URL" not in client:  # the client would take the recorded server's
            from pipeline.flows.prefect_server import answers, read_state

            state = read_state()
            if state is None or state.url != self._server_url or not answers(state.url):
                return "the runner's Prefect server is not the one recorded, or not answering"
            client["PREFECT_API_URL"] = state.url
        from pipeline.flows.prefect_env import prefect_defaults, trust_no_authority_on_plain_http

        prefect_defaults(client)
        trust_no_authority_on_plain_http(client)
        client = _prefect_of(client)
        if client != self._own_prefect:
            differ = set(client.items()) ^ set(self._own_prefect.items())
            return f"other Prefect settings ({', '.join(sorted({n for n, _ in differ}))})"
        return None

    def _run(self, request: dict[str, Any], frames: wire.Frames, umask: int) -> int:
        """The command with the client's folder, environment, umask and terminal; its exit
        code. The process's own put back after it, whatever happened."""
        from pipeline.flows import run_event

        saved_env, saved_cwd, saved_umask = dict(os.environ), os.getcwd(), os.umask(umask)
        saved_listeners = list(run_event.listeners)  # (a command's own left by an interrupt)
        saved_streams = sys.stdout, sys.stderr
        interruptible = _Interruptible()
        listener = threading.Thread(target=_interrupts, args=(frames, interruptible), daemon=True)
        try:
            _take_environment(request)
            os.chdir(request["cwd"])
            sys.stdout = ClientStream(frames, wire.STDOUT, request.get("stdout") or {})
            sys.stderr = ClientStream(frames, wire.STDERR, request.get("stderr") or {})
            listener.start()
            run_event.listeners.append(interruptible.at_a_step)
            try:
                return self._execute(list(request["argv"]))
            finally:
                interruptible.finished()
        except KeyboardInterrupt:  # one that came after the command's own handling
            interruptible.finished()
            sys.stderr.write("interrupted: nothing more was written\n")
            return 130
        finally:
            interruptible.finished()
            run_event.listeners[:] = saved_listeners
            sys.stdout, sys.stderr = saved_streams
            os.chdir(saved_cwd)
            os.umask(saved_umask)
            os.environ.clear()
            os.environ.update(saved_env)
            time.tzset()

    def _forget_the_run(self) -> None:
        """What the command left: its objects frozen out of the collector by
        ``collector_paused`` (the readings it decoded, the modules it imported) given back,
        its garbage collected, and what is left (the runner's modules and Prefect's state)
        frozen again; the collector on, with Python's thresholds, however the command ended."""
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        gc.set_threshold(*self._thresholds)
        gc.enable()


def _prefect_of(environment: Any) -> dict[str, str]:
    return {n: v for n, v in environment.items() if n.startswith("PREFECT_")}


def _umask_of(pid: int) -> int | None:
    """The client's umask as the kernel knows it (``/proc/PID/status``, as its working
    folder is taken from ``/proc/PID/cwd``): the files a command writes get the modes they
    get in the client's own process (pipeline/files.py applies the umask), not the
    runner's, which is that of whoever ran ``bridgescan prefect start``."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        return None
    return None


def well_formed(request: object) -> bool:
    """Is ``request`` of the shape ``client._request`` sends (argv a list of strings, cwd and
    code strings, env strings by name, size None or two whole numbers, the streams None or
    objects)? Anything else is refused before it is looked at, so that a hand-made request
    gets a refusal, never a runner that ends its answer half-way."""
    if not isinstance(request, dict):
        return False
    argv, env, size = request.get("argv"), request.get("env", {}), request.get("size")
    return (
        isinstance(argv, list) and bool(argv) and all(isinstance(a, str) for a in argv)
        and isinstance(request.get("cwd"), str) and isinstance(request.get("code"), str)
        and isinstance(env, dict) and all(isinstance(v, str) for v in env.values())
        and (size is None or (isinstance(size, list) and len(size) == 2
                              and all(type(n) is int for n in size)))
        and all(isinstance(request.get(s) or {}, dict) for s in ("stdout", "stderr"))
    )  # fmt: skip


def _take_environment(request: dict[str, Any]) -> None:
    """The client's variables (``wire.is_forwarded``, but ``PREFECT_*``, which are the
    runner's own: ``_refusal`` saw they are the same) in place of the runner's; its
    terminal's size where rich looks for it when the client's output is a terminal."""
    for name in [n for n in os.environ if wire.is_forwarded(n) and not n.startswith("PREFECT_")]:
        del os.environ[name]
    for name, value in request.get("env", {}).items():
        if wire.is_forwarded(name) and not name.startswith("PREFECT_"):
            os.environ[name] = str(value)
    size = request.get("size") or (0, 0)
    if any((request.get(s) or {}).get("terminal") for s in ("stdout", "stderr")):
        for name, value in zip(("COLUMNS", "LINES"), size, strict=True):
            if int(value) > 0:  # a terminal of no size (a pty never sized): rich's defaults
                os.environ.setdefault(name, str(value))
    time.tzset()


def _interrupts(frames: wire.Frames, command: _Interruptible) -> None:
    """The client's Ctrl-C, and its end (a client killed or gone), interrupt the command."""
    while True:
        frame = frames.receive()
        if frame is None or frame[0] == wire.INTERRUPT:
            command.interrupt()
        if frame is None:
            return


def _cpu_since(began: os.times_result) -> float:
    """The process's CPU since ``began``, its children's that ended meanwhile with it (a
    first run's reading processes)."""
    now = os.times()
    return sum(now[:4]) - sum(began[:4])


def _rss_mb() -> float:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


def _log(line: str) -> None:
    """One line in the runner's log (its own stderr, not a client's)."""
    sys.__stderr__.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}\n")  # type: ignore[union-attr]
    sys.__stderr__.flush()  # type: ignore[union-attr]
