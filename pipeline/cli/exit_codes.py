"""The exit codes of every ``bridgescan`` command: what scripts can rely on."""

from __future__ import annotations

from enum import IntEnum

__all__ = ["ExitCode"]


class ExitCode(IntEnum):
    """What scripts can rely on, the same for every command."""

    OK = 0
    FINDINGS = 1  # the work was done, but findings block publishing or need a director
    BAD_INPUT = 2  # input could not be read; nothing was written
    ENVIRONMENT = 3  # a tool or package is missing (e.g. tesseract)
