"""The reading processes a batch started (pipeline/flows/reading_processes.py), found among
its children by their command line: for the tests that check they start, and that none is
left behind when the batch ends, is killed or is interrupted."""

from __future__ import annotations

import psutil

__all__ = ["reading_processes"]

MARK = "pipeline.flows.reading_processes"
"""What a reading process's command line holds (it runs that module's ``serve``)."""


def reading_processes(parent: int) -> list[psutil.Process]:
    """The reading processes ``parent`` started (its living children running ``serve``)."""
    found = []
    for child in psutil.Process(parent).children():
        try:
            if MARK in " ".join(child.cmdline()) and child.status() != psutil.STATUS_ZOMBIE:
                found.append(child)
        except psutil.NoSuchProcess:
            pass
    return found
