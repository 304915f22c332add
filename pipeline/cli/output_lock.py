"""One ``bridgescan run`` at a time writes an output folder: a second one waits its turn.

Two runs of one event at once (a director who starts it twice, one in the standing runner
and one in a terminal) would both append to the store and both publish. The folder itself
is locked (``flock`` on the directory: nothing is written into it for the lock, and the
kernel lets go when the process ends, however it ends). A second run **waits** for the
first, saying so on stderr, rather than stop: it then runs on what the first published,
as if started after it (a re-run that finds nothing new publishes nothing), so the director
gets what the second click asked for without running it again; Ctrl-C stops the waiting.
The lock is polled, not waited on in the kernel, so the standing runner's Ctrl-C, raised
in the command's thread at its next Python step, stops it too.

A folder whose file system cannot lock it (an NFS mount without a lock daemon answers
``ENOLCK``; Linux's NFS client takes a directory's ``flock`` as a byte-range lock, which a
folder opened for reading cannot hold, ``EBADF``) is written unlocked, as before the lock
existed, and the command says so on stderr: refusing to publish there would take away what
worked, and two runs at once there are the director's to avoid.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["hold", "output_folder_held", "POLL_SECONDS"]

POLL_SECONDS = 0.1


@contextmanager
def output_folder_held(out: Path, say: Callable[[str], None]) -> Iterator[None]:
    """The output folder ``out`` (made if need be) held by this run until the block ends;
    ``say`` gets one line when another run holds it and this one waits. A folder that
    cannot be made or opened is not locked: the command says what is wrong with it as it
    writes there, as before."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        yield
        return
    try:
        hold(descriptor, out, say)
        yield
    finally:
        os.close(descriptor)  # the lock goes with it


def hold(descriptor: int, out: Path, say: Callable[[str], None]) -> bool:
    """Lock the open folder ``descriptor`` (``out``) for this run, waiting while another
    holds it: True once held; False where its file system cannot lock it (said on
    ``say``: the run goes on unlocked)."""
    waiting = False
    while True:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if not waiting:
                say(f"waiting: another bridgescan run is writing {out}; this one starts "
                    "when it ends (Ctrl-C stops waiting)")  # fmt: skip
                waiting = True
            time.sleep(POLL_SECONDS)
        except OSError as error:
            say(f"warning: {out} cannot be locked on its file system ({error.strerror}): "
                "this run writes it unlocked; do not start a second run on it until this "
                "one ends")  # fmt: skip
            return False
