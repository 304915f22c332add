"""Prefect's temporary local API ends with the command that started it, however it ends.

Without a Prefect server, Prefect starts its API as a child process (uvicorn) and stops it
from an ``atexit`` hook. A command killed with -9 (or by the out-of-memory killer) runs no
hook, and the API process lived on, holding a port and a SQLite database, one more for every
killed run. ``tie_local_api_to_this_process`` first starts a small watcher process that
holds the read end of a pipe only this process can write to, then the API. The watcher
notes the API processes this process starts (from /proc, as soon as they appear: a kill
while the API is still starting is covered too); when this process ends, for whatever
reason, the kernel closes the write end, the watcher reads end-of-file and stops them
(SIGTERM, then SIGKILL after 5 s), each only if it is still Prefect's API, so a reused
process number is safe. An API this module starts itself is also told to the watcher
through the pipe at once, and carries the watcher's token in its environment
(``BRIDGESCAN_API_OWNER``): a kill between the API's start and that word, before the
watcher has looked, leaves an API the kernel has already handed to another parent, and the
watcher finds it by the token instead.

``start_local_api`` starts that API itself, before Prefect is imported, and points
``PREFECT_API_URL`` at it: the command does not import Prefect's server to start it (its
import was a tenth of a re-run's CPU, docs/batch.md), and the API boots while the command
imports the rest. ``tie_local_api_to_this_process`` then waits until it answers, doing
meanwhile what the command would do later anyway and that needs no API (``bridgescan run``:
the modules its flow's steps import): the API takes longer to answer (5-8 s of one core,
nine tenths of it Prefect's server imported) than the command takes to get ready for it.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from importlib.util import find_spec
from pathlib import Path

__all__ = [
    "tie_local_api_to_this_process",
    "start_local_api",
    "watch_local_api",
    "api_command",
    "answers",
    "free_port",
    "API_MARK",
    "OWNER_VARIABLE",
    "owned_environment",
]

API_MARK = "prefect.server.api.server:create_app"
"""What Prefect's API process has on its command line (``uvicorn --factory ...``)."""

_WATCHER = r"""
import os, select, signal, sys, time
fd, command, mark = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].encode()
token = f"BRIDGESCAN_API_OWNER={sys.argv[4]}".encode()

def tokened():
    # APIs started with this watcher's token, whoever their parent is now (a command killed
    # right after starting one, before telling: the API is re-parented, not a child any more).
    found = set()
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != me:
            try:
                with open(f"/proc/{name}/environ", "rb") as environ:
                    if token in environ.read().split(b"\0") and is_api(int(name)):
                        found.add(int(name))
            except OSError:
                pass
    return found

def is_api(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return mark in cmdline.read()
    except OSError:
        return False

def api_children():
    # The command's children that are Prefect's API: from the kernel's list of each
    # thread's children (cheap enough to ask twice a second for hours), else every process.
    try:
        children = set()
        for thread in os.listdir(f"/proc/{command}/task"):
            with open(f"/proc/{command}/task/{thread}/children") as listed:
                children |= {int(pid) for pid in listed.read().split()}
    except OSError:
        children = {int(n) for n in os.listdir("/proc") if n.isdigit() and parent_of(n) == command}
    return {pid for pid in children if pid != me and is_api(pid)}

def parent_of(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None

# The watcher is the command's child too, with the mark among its arguments: never itself.
seen, ended, started, me = set(), False, time.monotonic(), os.getpid()
while not ended:
    ready, _, _ = select.select([fd], [], [], 0.1 if time.monotonic() < started + 60 else 0.5)
    if ready:
        try:
            told = os.read(fd, 4096)  # process numbers the command started, or end-of-file
        except OSError:
            told = b""
        ended = not told
        seen |= {int(pid) for pid in told.split()} - {me}
    if not ended:
        seen |= api_children()
seen |= tokened()
for pid in seen:
    if is_api(pid):
        os.kill(pid, signal.SIGTERM)
deadline = time.monotonic() + 5
while time.monotonic() < deadline:
    late = tokened() - seen  # one started as the command was killed, exec'd only now
    for pid in late:
        os.kill(pid, signal.SIGTERM)
    seen |= late
    if not any(is_api(pid) for pid in seen):
        break
    time.sleep(0.1)
for pid in seen:
    if is_api(pid):
        os.kill(pid, signal.SIGKILL)
"""

_lifeline: list[int] = []  # the write end of the watcher's pipe, held open until we end
_token: list[str] = []  # the watcher's token, in the environment of each API started here
OWNER_VARIABLE = "BRIDGESCAN_API_OWNER"


def watch_local_api() -> None:
    """Start the watcher (once): any Prefect API process this process starts from now on is
    stopped when this process ends, however it ends. For ``serve``, whose flows start the
    API only when a run begins; ``tie_local_api_to_this_process`` does this and starts it."""
    if _lifeline or not os.path.isdir("/proc"):  # Linux: the watcher reads /proc
        return
    read_end, write_end = os.pipe()  # not inherited by later children (PEP 446)
    token = secrets.token_hex(16)
    subprocess.Popen(
        [sys.executable, "-P", "-c", _WATCHER, str(read_end), str(os.getpid()), API_MARK, token],
        pass_fds=(read_end,),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # Ctrl-C in the terminal is for the command, not the watcher
    )
    os.close(read_end)
    _lifeline.append(write_end)
    _token.append(token)


def owned_environment(env: dict[str, str]) -> dict[str, str]:
    """``env`` for an API process this process starts: with the watcher's token, so the
    watcher stops it even if this process dies before it can say it started one."""
    return {**env, OWNER_VARIABLE: _token[0]} if _token else dict(env)


# uvicorn's own command, after Prefect's server is imported with Python's cyclic garbage
# collector paused: its ~20,000 new objects (pydantic models, SQLAlchemy tables, routes)
# trigger a collection every few hundred allocations, each scanning all of them, for no
# garbage; paused, the import takes a sixth less CPU (measured: 6.7 -> 5.6 s at load 34).
# gc.freeze() then keeps those objects out of every later collection of the running API.
# A new home then gets Prefect's database from the installation's template instead of
# migrating one (pipeline/flows/prefect_database.py, run by its path: ``seed_home``), and
# Prefect's start is told its block types are registered when its memo says so, compared
# without importing the collections (``start_settings``: Dask's, 0.3 s of CPU a start).
_SEED = Path(__file__).with_name("prefect_database.py")
_API_BOOT = (
    "import gc; gc.disable(); import prefect.server.api.server; gc.enable(); gc.freeze(); "
    "from importlib.util import spec_from_file_location, module_from_spec; "
    f"spec = spec_from_file_location('bridgescan_prefect_database', {str(_SEED)!r}); "
    "seed = module_from_spec(spec); spec.loader.exec_module(seed); seed.seed_home(); "
    "from uvicorn.main import main\n"
    "with seed.start_settings():\n"  # its block types registered: Prefect told so
    "    main(prog_name='uvicorn')"
)


def api_command(port: int) -> list[str]:
    """The command line of a Prefect API process on 127.0.0.1:``port`` (Prefect's own app
    served by uvicorn, as its temporary API runs), without importing Prefect."""
    spec = find_spec("prefect")
    assert spec is not None and spec.origin is not None, "prefect is installed with bridgescan"
    return [sys.executable, "-P", "-c", _API_BOOT, "--app-dir", str(Path(spec.origin).parents[1]),
            "--factory", API_MARK, "--host", "127.0.0.1", "--port", str(port),
            "--log-level", "error", "--lifespan", "on"]  # fmt: skip


def answers(url: str, timeout: float = 2.0) -> bool:
    """Whether a Prefect API answers its health check at ``url``."""
    try:
        with urllib.request.urlopen(f"{url.rstrip('/')}/health", timeout=timeout) as reply:
            return bool(reply.status == 200)
    except (OSError, urllib.error.URLError, ValueError):
        return False


def free_port(preferred: int = 0) -> int:
    """``preferred`` when it is free on 127.0.0.1, else one the kernel gives."""
    for port in (preferred, 0):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return int(probe.getsockname()[1])
    raise OSError("no free port on 127.0.0.1")


_started: list[tuple[subprocess.Popen[bytes], str]] = []  # this process's temporary API


def start_local_api() -> str | None:
    """Start this command's temporary Prefect API (once), tied to this process, and point
    ``PREFECT_API_URL`` at it; returns its address (None when ``PREFECT_API_URL`` was set:
    a server is used). Call before Prefect is imported: Prefect reads the address then.
    It may still be starting: ``tie_local_api_to_this_process`` waits for it."""
    if _started:
        return _started[0][1]
    if os.environ.get("PREFECT_API_URL"):
        return None
    watch_local_api()
    port = free_port()
    url = f"http://127.0.0.1:{port}/api"
    # What Prefect gives its own temporary API: no UI, no background services.
    env = {**os.environ, "PREFECT_UI_ENABLED": "0", "PREFECT__SERVER_EPHEMERAL": "1",
           "PREFECT__SERVER_FINAL": "1"}  # fmt: skip
    said = tempfile.TemporaryFile()  # what it says, read only if it does not start
    process = subprocess.Popen(api_command(port), env=owned_environment(env),
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=said)  # fmt: skip
    process.stderr = said  # type: ignore[assignment]
    if _lifeline:  # the watcher knows it from now on, whether it has looked yet or not
        os.write(_lifeline[0], f"{process.pid}\n".encode())
    _started.append((process, url))
    os.environ["PREFECT_API_URL"] = url
    # Prefect's clients ask a server's version before their first request, against a
    # client newer than its server: this API is this process's own Prefect, always the same.
    os.environ.setdefault("PREFECT_CLIENT_SERVER_VERSION_CHECK_ENABLED", "false")
    import atexit

    atexit.register(_stop, process)  # also when the command ends before its flow (bad input)
    return url


def _wait_for(
    process: subprocess.Popen[bytes], url: str, meanwhile: Iterable[Callable[[], object]] = ()
) -> None:
    """Until the API at ``url`` answers: each step of ``meanwhile`` in turn, then a sleep of
    a tenth of a second between asks."""
    timeout = float(os.environ.get("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "120"))
    deadline = time.monotonic() + timeout
    steps = iter(meanwhile)
    while not answers(url, timeout=1.0):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            said = ""
            if process.stderr is not None:
                process.stderr.seek(0)
                said = process.stderr.read().decode(errors="replace")[-1500:]
            raise RuntimeError("Timed out while attempting to connect to ephemeral Prefect API "
                               f"server at {url}: {said}")  # fmt: skip
        step = next(steps, None)
        if step is None:
            time.sleep(0.1)
        else:
            step()


def tie_local_api_to_this_process(meanwhile: Iterable[Callable[[], object]] = ()) -> None:
    """Have Prefect's temporary local API running and answering (none when
    ``PREFECT_API_URL`` names a server), with a watcher that stops it when this process
    ends, even by kill -9.

    Started by ``start_local_api`` (before Prefect was imported; here when it was not), so
    Prefect's client talks to it through ``PREFECT_API_URL``. While it is not answering
    yet, the command does the steps of ``meanwhile`` (work the command would do later
    anyway and that needs no API, such as importing the modules its flow will use), one
    at a time and only as long as it waits: none on a server that answers already. Raises
    ``RuntimeError`` when the API does not answer in time
    (``pipeline.flows.prefect_env.late_api_message`` says what to do).
    """
    if not _started and "prefect.settings" in sys.modules:
        _start_as_prefect_does()  # Prefect has read its settings: an address set now is unseen
        return
    start_local_api()
    if not _started:
        return
    process, url = _started[0]
    _wait_for(process, url, meanwhile)


def _start_as_prefect_does() -> None:
    from prefect.settings import PREFECT_API_URL

    if os.environ.get("PREFECT_API_URL") or PREFECT_API_URL.value():
        return
    watch_local_api()
    from prefect.server.api.server import SubprocessASGIServer

    SubprocessASGIServer().start()  # the instance Prefect's own client then uses


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop the API and wait until it has ended: the command exits after its API, not
    beside it (a loaded machine may take a moment to end a process sent SIGKILL)."""
    process.terminate()
    try:
        process.wait(5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
