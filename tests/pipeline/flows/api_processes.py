"""Prefect API processes started under a command, found in /proc (for the tests that check
which API a command started, and that none is left behind)."""

from __future__ import annotations

from pathlib import Path

from pipeline.flows.local_api import API_MARK

MARK = API_MARK.encode()


def api_children(parent: int) -> list[int]:
    """Prefect API processes whose parent is ``parent``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == parent and MARK in cmdline:
            found.append(int(entry.name))
    return found
