"""The reading processes a batch started (pipeline/flows/reading_processes.py), found among
its children by their command line: for the tests that check they start, and that none is
left behind when the batch ends, is killed or is interrupted; and the modules one loaded, as
Python's ``-X importtime`` lists them on its stderr."""

from __future__ import annotations

import time

import psutil

__all__ = ["imported", "reading_processes"]

MARK = "pipeline.flows.reading_processes"
"""What a reading process's command line holds (it runs that module's ``serve``)."""


def reading_processes(parent: int) -> list[psutil.Process]:
    """The reading processes ``parent`` started (its living children running ``serve``).

    ``Popen`` returns once the child has begun its exec, and on a busy machine the new
    program's arguments (``/proc/PID/cmdline``) may still read empty a moment after: such a
    child is looked at again until they are there, so one look never misses a process that
    was just started."""
    found = []
    for child in psutil.Process(parent).children():
        try:
            if MARK in _arguments(child) and child.status() != psutil.STATUS_ZOMBIE:
                found.append(child)
        except psutil.NoSuchProcess:
            pass
    return found


def _arguments(child: psutil.Process, seconds: float = 10) -> str:
    """``child``'s command line, waited for while it reads empty (an exec under way)."""
    deadline = time.monotonic() + seconds
    while not (arguments := " ".join(child.cmdline())) and time.monotonic() < deadline:
        time.sleep(0.01)
    return arguments


def imported(stderr: str) -> set[str]:
    """The modules ``-X importtime`` listed (``import time: self | cumulative | name``)."""
    names = set()
    for line in stderr.splitlines():
        if line.startswith("import time:") and line.count("|") == 2:
            name = line.rsplit("|", 1)[1].strip()
            if name != "imported package":  # the table's header
                names.add(name)
    return names
