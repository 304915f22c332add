"""Whether the user pressed Ctrl-C during the command running now.

Remembered apart from the ``KeyboardInterrupt`` itself, because a library may turn that
into an error of its own without chaining it (pydantic's serializer while Prefect sends a
run's state; a reading process that got the same SIGINT from the terminal and ended
first, which the batch meets as the process gone). Said by bridgescan's SIGINT handler
(``pipeline.cli.commands``) and by the standing runner, which raises the
``KeyboardInterrupt`` in its command's thread itself (pipeline/cli/runner/request.py);
asked by ``execute`` and by a command that says what an interruption leaves (``batch``).
Its own module so that the commands can ask without importing the command line.
"""

from __future__ import annotations

import threading

__all__ = ["ctrl_c_pressed", "ctrl_c_was_pressed", "forget_ctrl_c"]

_PRESSED = threading.Event()


def ctrl_c_pressed() -> None:
    """The user pressed Ctrl-C during this command."""
    _PRESSED.set()


def ctrl_c_was_pressed() -> bool:
    """Did the user press Ctrl-C during this command?"""
    return _PRESSED.is_set()


def forget_ctrl_c() -> None:
    """A new command begins (``execute``)."""
    _PRESSED.clear()
