"""What the runner and its clients share: where it listens, which code it is, its frames.

Standard library only, and little of it (with pipeline/flows/prefect_env.py, which is the
same): ``bridgescan run`` imports this module before it knows whether it runs the command in
itself (its import CPU is the client's cost).

The runner listens on a Unix socket in Prefect's home (``bridgescan-runner.sock``, mode
0600: the file's permissions are the authorisation, and the runner checks the caller's
user again with ``SO_PEERCRED``) and records itself beside it (``bridgescan-runner.json``:
its process, bridgescan's version, Prefect's, and ``code_digest``). On the socket each
message is a frame: one byte saying what it is, four bytes of length, then the bytes.
"""

from __future__ import annotations

import hashlib
import os
import socket
import struct
import sys
import threading
from pathlib import Path

from pipeline.flows.prefect_env import prefect_home

__all__ = [
    "SOCKET_NAME",
    "RECORD_NAME",
    "prefect_home",
    "socket_path",
    "record_path",
    "code_digest",
    "is_forwarded",
    "peer",
    "Frames",
    "REQUEST",
    "ACCEPTED",
    "REFUSED",
    "STDOUT",
    "STDERR",
    "EXIT",
    "INTERRUPT",
]

SOCKET_NAME = "bridgescan-runner.sock"
RECORD_NAME = "bridgescan-runner.json"

# Frames: client to runner
REQUEST = b"q"  # JSON: the command line, working folder, environment, terminal
INTERRUPT = b"i"  # Ctrl-C (or the client's end): stop at the next step
# Frames: runner to client
ACCEPTED = b"a"  # the runner runs it: the client waits for EXIT whatever happens
REFUSED = b"r"  # why not (busy, other code, other Prefect settings): the client runs it
STDOUT = b"o"
STDERR = b"e"
EXIT = b"x"  # the exit code, as decimal text: the last frame

_HEADER = struct.Struct(">cI")
_PEER = struct.Struct("3i")  # SO_PEERCRED: pid, uid, gid

#: The packages whose files make bridgescan's code (pyproject.toml's packages).
_PACKAGES = ("scoring", "ocr", "pipeline", "templates")

#: What a client hands the runner from its environment: what bridgescan (its settings, the
#: clock's zone, where the store's key is kept), Prefect, libpq and the terminal's output
#: (rich) read. The rest (PATH, LANG) is the runner's, that of `bridgescan prefect start`.
_FORWARDED_PREFIXES = ("BRIDGESCAN_", "PREFECT_", "PG")
_FORWARDED_NAMES = frozenset({"TZ", "HOME", "XDG_CONFIG_HOME", "TERM", "COLORTERM", "NO_COLOR",
                              "FORCE_COLOR", "COLUMNS", "LINES"})  # fmt: skip


def socket_path() -> Path:
    """Where the runner listens."""
    return prefect_home() / SOCKET_NAME


def record_path() -> Path:
    """Where the runner records itself once it listens."""
    return prefect_home() / RECORD_NAME


def is_forwarded(name: str) -> bool:
    """Whether a client hands this environment variable to the runner."""
    return name in _FORWARDED_NAMES or name.startswith(_FORWARDED_PREFIXES)


def code_digest() -> str:
    """The code a process of bridgescan runs, as it is on disk now: every file of
    bridgescan's packages (its path, size and modification time), Prefect's package file
    and the Python environment (its real folder, its version). A runner takes it before it
    imports anything, and a client uses the runner only when its own is the same: a file
    edited, bridgescan or Prefect upgraded, another environment, and the client runs the
    command in itself. Sizes and
    times, not contents: the 600 files in some 5 ms, a client's whole budget being 0.1 s;
    a file rewritten with the same bytes only costs one command run in itself."""
    from importlib.util import find_spec

    interpreter = os.path.realpath(sys.prefix)  # a virtual environment by any of its names
    digest = hashlib.sha256(f"{interpreter}\0{sys.version}\0".encode())
    root = Path(__file__).resolve().parents[3]
    for package in _PACKAGES:
        for folder, folders, files in os.walk(root / package):
            folders[:] = sorted(f for f in folders if f != "__pycache__")
            for name in sorted(files):
                if name.endswith((".pyc", ".pyo")):
                    continue
                path = os.path.join(folder, name)
                try:
                    seen = os.stat(path)
                except OSError:
                    continue  # removed meanwhile: the next digest differs anyway
                digest.update(f"{path}\0{seen.st_size}\0{seen.st_mtime_ns}\0".encode())
    prefect = find_spec("prefect")
    if prefect is not None and prefect.origin:
        origin = os.path.realpath(prefect.origin)
        seen = os.stat(origin)
        digest.update(f"{origin}\0{seen.st_size}\0{seen.st_mtime_ns}".encode())
    return digest.hexdigest()


def peer(connection: socket.socket) -> tuple[int, int, int]:
    """The process at the other end of a Unix socket, as the kernel knows it (not as it
    says): its pid, uid and gid (``SO_PEERCRED``)."""
    found = connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _PEER.size)
    pid, uid, gid = _PEER.unpack(found)
    return pid, uid, gid


class Frames:
    """One end of the runner's socket: frames sent whole (from any thread) and read one at a
    time. A peer that has gone makes ``send`` return False and ``receive`` None."""

    def __init__(self, connection: socket.socket) -> None:
        self.connection = connection
        self._reader = connection.makefile("rb")
        self._sending = threading.Lock()

    def send(self, kind: bytes, payload: bytes = b"") -> bool:
        with self._sending:
            try:
                self.connection.sendall(_HEADER.pack(kind, len(payload)) + payload)
            except OSError:
                return False
        return True

    def receive(self) -> tuple[bytes, bytes] | None:
        try:
            header = self._reader.read(_HEADER.size)
            if len(header) < _HEADER.size:
                return None
            kind, size = _HEADER.unpack(header)
            payload = self._reader.read(size)
        except (OSError, ValueError):
            return None
        return (kind, payload) if len(payload) == size else None

    def close(self) -> None:
        self._reader.close()
        self.connection.close()
