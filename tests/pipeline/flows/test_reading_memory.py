"""glibc's malloc in the reading processes (``READING_MEMORY``, pipeline/flows/prefect_env.py):
each process is started with it (explicit settings win), and with it a page-sized array
freed is touched again without page faults, where glibc's own thresholds map it anew; a
command that reads its pages itself (``scan read``) sets it as it runs
(``keep_freed_memory``), to the same effect."""

from __future__ import annotations

import os
import subprocess
import sys

from pipeline.flows.prefect_env import READING_MEMORY
from pipeline.flows.reading_processes import ReadingProcesses
from tests.pipeline.flows.reading_children import reading_processes

# A 20 MB page, then a 28 MB one twice (a grey page, then two colour ones), each touched whole
# and freed: each one's minor page faults. By default glibc maps the first 28 MB array (larger
# than any it has given back) and takes the second from fresh heap: its faults are a fresh
# array's, 7,168 pages of 4 KiB (numpy asks for no huge pages here: how many the kernel has
# free would move the count).
_PAGE_FAULTS = """
import resource, sys
import numpy as np
if sys.argv[1:] == ["kept"]:
    from pipeline.flows.prefect_env import keep_freed_memory
    print(keep_freed_memory())
for megabytes in (20, 28, 28):
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    page = np.empty(megabytes << 20, np.uint8)
    page.fill(1)
    print(resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before)
    del page
"""


def _page_faults(environment: dict[str, str], *args: str) -> list[int]:
    done = subprocess.run([sys.executable, "-c", _PAGE_FAULTS, *args], env=environment,
                          capture_output=True, text=True, check=True)  # fmt: skip
    return [int(line) if line.isdigit() else line == "True" for line in done.stdout.split()]


def _glibc_own() -> dict[str, str]:
    glibc_own = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")}
    glibc_own["NUMPY_MADVISE_HUGEPAGE"] = "0"
    return glibc_own


def test_a_freed_page_is_touched_again_without_faults_only_with_the_reading_memory() -> None:
    glibc_own = _glibc_own()
    assert _page_faults(glibc_own)[2] > 7_000  # mapped anew
    assert _page_faults({**glibc_own, **READING_MEMORY})[2] < 100  # the freed pages kept


def test_each_reading_process_is_started_with_the_reading_memory_explicit_settings_win(
    monkeypatch,
) -> None:
    monkeypatch.delenv("MALLOC_MMAP_THRESHOLD_", raising=False)
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "12345678")  # a director's own setting
    with ReadingProcesses(1):
        (found,) = reading_processes(os.getpid())
        given = found.environ()
    assert given["MALLOC_MMAP_THRESHOLD_"] == str(32 * 1024 * 1024)
    assert given["MALLOC_TRIM_THRESHOLD_"] == "12345678"


def test_keep_freed_memory_gives_a_running_process_the_reading_memory() -> None:
    kept, *_, third = _page_faults(_glibc_own(), "kept")
    assert kept is True
    assert third < 100  # the freed pages kept, as in a process started with READING_MEMORY


def test_keep_freed_memory_leaves_a_threshold_set_in_the_environment() -> None:
    # 1 MiB set by the director: glibc maps every page-sized array anew, whatever is asked
    own = {**_glibc_own(), "MALLOC_MMAP_THRESHOLD_": str(1 << 20)}
    kept, *_, third = _page_faults(own, "kept")
    assert kept is False
    assert third > 7_000
