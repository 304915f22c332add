"""Build one file in a second process while this one builds the others.

The result workbook is the slowest file of a publication (openpyxl builds and zips every
cell in Python) and the results site the next; on a machine with two cores they can be made
at the same time. ``beside(build)`` forks: the child runs ``build()`` and sends the bytes
back through a pipe, the parent goes on with its own work and collects them with
``result()``. Only where forking is safe: a POSIX system and a process with one thread (the
command line; never inside a Prefect flow's or a web server's threads), else ``build`` runs
in this process when ``result()`` is called. A child that fails is not trusted: the parent
builds the file itself.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

__all__ = ["Beside", "beside"]


class Beside:
    """A file being built beside this process (or later in it)."""

    def __init__(self, build: Callable[[], bytes]) -> None:
        self._build = build
        self._pid = 0
        self._read = -1
        if hasattr(os, "fork") and threading.active_count() == 1:
            read, write = os.pipe()
            pid = os.fork()
            if pid == 0:  # the child: build, send, leave without running the parent's exits
                os.close(read)
                code = 1
                try:
                    data = build()
                    with os.fdopen(write, "wb") as pipe:
                        pipe.write(data)
                    code = 0
                finally:
                    os._exit(code)
            os.close(write)
            self._pid, self._read = pid, read

    def result(self) -> bytes:
        """The bytes, from the child (waiting for it) or built here."""
        if not self._pid:
            return self._build()
        with os.fdopen(self._read, "rb") as pipe:
            data = pipe.read()
        _, status = os.waitpid(self._pid, 0)
        self._pid = 0
        if os.waitstatus_to_exitcode(status) != 0:
            return self._build()  # the child failed: build it here, where errors show
        return data


def beside(build: Callable[[], bytes]) -> Beside:
    """Start ``build`` beside this process where that is safe."""
    return Beside(build)
