"""glibc's malloc arenas in a batch command that reads no page itself (``few_malloc_arenas``,
pipeline/flows/prefect_env.py): six threads that each allocate make six arenas beside the main
thread's by default, and share two once it is called; ``MALLOC_ARENA_MAX`` set wins."""

from __future__ import annotations

import os
import subprocess
import sys

# Six threads each allocate 64 KiB from the C library and hold it until all six have, so
# that none can take an arena another left; glibc's malloc_stats prints "Arena N:" per arena.
_ARENAS = """
import ctypes, sys, threading
from pipeline.flows.prefect_env import few_malloc_arenas
libc = ctypes.CDLL(None)
libc.malloc.restype = ctypes.c_void_p
print(few_malloc_arenas() if sys.argv[1] == "few" else None, flush=True)
all_in = threading.Barrier(7)
def allocate():
    libc.malloc(1 << 16)
    all_in.wait()
threads = [threading.Thread(target=allocate) for _ in range(6)]
for thread in threads:
    thread.start()
all_in.wait()
libc.malloc_stats()
"""


def _arenas(mode: str, **environment: str) -> tuple[str, int]:
    own = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")}
    done = subprocess.run([sys.executable, "-c", _ARENAS, mode], env={**own, **environment},
                          capture_output=True, text=True, check=True)  # fmt: skip
    return done.stdout.strip(), done.stderr.count("Arena ")


def test_six_threads_share_two_arenas_once_called_and_make_their_own_otherwise() -> None:
    assert _arenas("glibc's own") == ("None", 7)
    assert _arenas("few") == ("True", 2)


def test_malloc_arena_max_set_by_the_director_wins() -> None:
    assert _arenas("few", MALLOC_ARENA_MAX="3") == ("False", 3)
