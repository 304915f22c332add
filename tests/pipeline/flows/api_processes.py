"""Prefect API processes started under a command, found in /proc (for the tests that check
which API a command started, and that none is left behind).

The tests ask many times a second while the command runs, so the command's children come
from the kernel's list of each of its threads' children, as the API's watcher finds them
(pipeline/flows/local_api.py), and only their command lines are read: reading every
process's stat and command line took 15 ms of CPU a time, a third of a core at the tests'
pace. Without that list (a kernel built without it) every process is read, as before.

An API process is one whose command line serves Prefect's app (``--factory`` and the app's
name, as every API bridgescan or Prefect starts is run): the API's watcher names the app
among its arguments too, and is no API. Counted as one, it let the killed-run test kill the
command as soon as the watcher appeared, before the API was told to it, and look only at
the watcher ending."""

from __future__ import annotations

from pathlib import Path

from pipeline.flows.local_api import API_MARK

MARK = API_MARK.encode()
SERVES = b"--factory\0" + MARK + b"\0"
"""What an API process's command line holds (its arguments end in NUL bytes)."""


def _children(parent: int) -> set[int] | None:
    """The processes whose parent is ``parent``, from the kernel's lists (None without them)."""
    found: set[int] = set()
    try:
        for thread in Path(f"/proc/{parent}/task").iterdir():
            found |= {int(pid) for pid in (thread / "children").read_text().split()}
    except FileNotFoundError:
        if Path(f"/proc/{parent}").is_dir():  # alive, but the kernel keeps no such list
            return None
    except OSError:  # the process (or one of its threads) ended while we looked
        pass
    return found


def _parent_of(entry: Path) -> int | None:
    try:
        return int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def api_children(parent: int) -> list[int]:
    """Prefect API processes whose parent is ``parent``."""
    children = _children(parent)
    if children is None:
        children = {int(entry.name) for entry in Path("/proc").iterdir()
                    if entry.name.isdigit() and _parent_of(entry) == parent}  # fmt: skip
    found = []
    for pid in sorted(children):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if SERVES in cmdline:
            found.append(pid)
    return found


def api_running(pid: int) -> bool:
    """Whether ``pid`` is still a living process (not a zombie) with Prefect's API mark on its
    command line: a killed command's API, or the stand-in a test started with the mark."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return state != "Z" and MARK in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
