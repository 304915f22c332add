"""The exit codes of every ``bridgescan`` command: what scripts can rely on.

The same number means the same thing for every command, and an unexpected error never
looks like success or like "done, but something waits for a person".
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["ExitCode"]


class ExitCode(IntEnum):
    """What scripts can rely on, the same for every command."""

    OK = 0
    """Done; nothing open."""
    FINDINGS = 1
    """Done, but something waits for a person: review items, findings that block
    publishing (results are PROVISIONAL), differences found by ``compare``."""
    BAD_INPUT = 2
    """The input could not be used (a file, an option, a correction that does not fit);
    one message names file, sheet/page, board and row; nothing was published or changed."""
    ENVIRONMENT = 3
    """A tool or package is missing (tesseract, PostgreSQL, Chromium); the message says
    what to install. Also: the store's key was not given, or the clock is behind the
    event store's last record (``--clock-correction`` says why)."""
    STORE_BROKEN = 4
    """The event store fails verification (an edited, deleted or forged record, or a chain
    head that does not match); nothing was published; the first broken record is named."""
    CONFLICT = 5
    """Someone else changed the results since this command looked (another scorer's
    correction); nothing was changed; look again and retry."""
    STORE_TOO_NEW = 6
    """The event store was written by a newer bridgescan (a schema this release does not
    know); nothing was read or changed; upgrade bridgescan to open it."""
    INTERNAL = 70
    """An unexpected error in bridgescan itself (a bug: please report it with the message);
    never 1, so a crash is never taken for "published, review waiting"."""
    INTERRUPTED = 130
    """Stopped by Ctrl-C or a signal before it finished; what was done is kept, and running
    the same command again carries on without adding anything twice. Also ``run`` whose
    standing runner ended before the command did (pipeline/cli/runner/client.py)."""
