"""A throw-away PostgreSQL cluster for the tests: initdb + pg_ctl on a Unix socket.

Debian's ``postgresql`` package (installed by scripts/bootstrap.sh) provides the server; no
TCP port is opened (``listen_addresses=''``), the socket lives in a temporary folder, and
durability is switched off (a test cluster is thrown away). When the tests run as root the
server runs as the ``postgres`` user, as PostgreSQL requires.

One cluster serves a whole test session, also under pytest-xdist: the first worker that
needs it starts it under a file lock and writes where it is into the session's shared
temporary folder; the others read that; the controlling process stops it at the end
(``stop_recorded``).

A test run killed (-9, the out-of-memory killer, a CI job cancelled) runs no teardown, and its
cluster lived on: a postmaster and its folder in /tmp, one more for every killed run. So the
cluster is started with a watcher (``_WATCHER``): a small process of its own session that
waits for the test run's controlling process to end (``os.pidfd_open``: the kernel says
when that process, and not a later one with its number, has ended), then stops the cluster
if it is still there and removes its folder. After a normal run the controller has already
stopped it, and the watcher finds nothing to do. The controller names itself to the
workers in ``RUN_PID_VARIABLE`` (tests/conftest.py).
"""

from __future__ import annotations

import fcntl
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Cluster", "RUN_PID_VARIABLE", "shared_cluster", "stop_recorded", "server_binaries"]

INFO = "postgres-cluster.json"
DATABASE = "bridgescan_test"
RUN_PID_VARIABLE = "BRIDGESCAN_TEST_RUN_PID"
"""The test run's controlling process, set by it for the xdist workers (tests/conftest.py)."""

_WATCHER = r"""
import os, select, shutil, subprocess, sys
run_pid, folder, stop = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
try:
    ended = os.pidfd_open(run_pid)
    select.select([ended], [], [])  # readable once that process has ended
except ProcessLookupError:
    pass  # it ended before we looked
if os.path.isdir(os.path.join(folder, "data")):
    subprocess.run(stop, capture_output=True, timeout=60)
shutil.rmtree(folder, ignore_errors=True)
"""


def server_binaries() -> Path:
    """The folder holding initdb and pg_ctl (Debian keeps them off PATH)."""
    given = os.environ.get("BRIDGESCAN_PG_BIN")
    if given:
        return Path(given)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]))  # fmt: skip
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    raise RuntimeError(
        "PostgreSQL's server is not installed (initdb not found): run scripts/bootstrap.sh "
        "as root, or apt-get install postgresql (or set BRIDGESCAN_PG_BIN)"
    )


def _as_server_user(command: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


@dataclass(frozen=True)
class Cluster:
    """A running cluster: its folder (data and socket) and how long it took to start."""

    folder: Path
    started_in: float

    @property
    def socket(self) -> Path:
        return self.folder

    def url(self, schema: str | None = None, database: str = DATABASE) -> str:
        """A store URL on this cluster; each test gets its own schema."""
        url = f"postgresql://postgres@/{database}?host={self.socket}"
        return url + (f"&schema={schema}" if schema else "")

    def fresh_url(self) -> str:
        return self.url(f"t_{uuid.uuid4().hex[:12]}")

    @classmethod
    def start(cls, run_pid: int | None = None) -> Cluster:
        """initdb and start a cluster in a new folder; with ``run_pid``, stopped and removed
        when that process ends (``_WATCHER``), whether it stops the cluster first or not."""
        began = time.perf_counter()
        binaries = server_binaries()
        folder = Path(tempfile.mkdtemp(prefix="bspg-", dir="/tmp"))
        os.chmod(folder, 0o755)
        if os.geteuid() == 0:
            shutil.chown(folder, "postgres", "postgres")
        if run_pid is not None:  # before initdb: a run killed while it starts is covered too
            _watch(run_pid, folder)
        data = folder / "data"
        run = {"check": True, "capture_output": True, "text": True, "timeout": 120}
        subprocess.run(_as_server_user([
            str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
            "--no-sync", "-E", "UTF8", "--locale=C"]), **run)  # fmt: skip
        options = (f"-k {folder} -c listen_addresses= -c fsync=off -c synchronous_commit=off "
                   "-c full_page_writes=off -c max_connections=60")  # fmt: skip
        subprocess.run(_as_server_user([
            str(binaries / "pg_ctl"), "-D", str(data), "-l", str(folder / "server.log"), "-w",
            "-t", "60", "-o", options, "start"]), **run)  # fmt: skip
        import psycopg

        with psycopg.connect(host=str(folder), user="postgres", dbname="postgres",
                             autocommit=True) as connection:  # fmt: skip
            connection.execute(f"CREATE DATABASE {DATABASE}")
        return cls(folder, time.perf_counter() - began)

    def stop(self) -> None:
        if (self.folder / "data").exists():
            subprocess.run(_stop_command(self.folder), capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


def _stop_command(folder: Path) -> list[str]:
    return _as_server_user([str(server_binaries() / "pg_ctl"), "-D", str(folder / "data"),
                            "-m", "immediate", "-w", "stop"])  # fmt: skip


_watchers: list[subprocess.Popen[bytes]] = []  # kept: they outlive this process's use of them


def _watch(run_pid: int, folder: Path) -> None:
    """Start the watcher that stops the cluster in ``folder`` once ``run_pid`` has ended."""
    command = [sys.executable, "-c", _WATCHER, str(run_pid), str(folder), *_stop_command(folder)]
    quiet = subprocess.DEVNULL
    # a session of its own: Ctrl-C in the terminal is for pytest, not for the watcher
    _watchers.append(subprocess.Popen(command, stdin=quiet, stdout=quiet, stderr=quiet,
                                      start_new_session=True))  # fmt: skip


def controlling_pid() -> int:
    """The test run's controlling process: the one named by the controller, else this one."""
    return int(os.environ.get(RUN_PID_VARIABLE) or os.getpid())


def shared_cluster(root: Path) -> Cluster:
    """The session's cluster, started by whichever process asks first (under a lock) and
    watched for the end of the test run's controlling process (``controlling_pid``)."""
    root.mkdir(parents=True, exist_ok=True)
    info = root / INFO
    with open(root / "postgres-cluster.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if info.exists():
            saved = json.loads(info.read_text())
            return Cluster(Path(saved["folder"]), saved["started_in"])
        cluster = Cluster.start(controlling_pid())
        info.write_text(json.dumps({"folder": str(cluster.folder),
                                    "started_in": cluster.started_in}))  # fmt: skip
        return cluster


def stop_recorded(root: Path) -> None:
    """Stop the cluster the session started, if it started one."""
    info = root / INFO
    if info.exists():
        saved = json.loads(info.read_text())
        Cluster(Path(saved["folder"]), saved["started_in"]).stop()
        info.unlink()
