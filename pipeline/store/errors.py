"""What can go wrong with an event store, as exceptions a command turns into exit codes.

Each class maps to one ``ExitCode`` (pipeline/cli/exit_codes.py, via pipeline/cli/store.py):

- ``StoreBrokenError`` (and its ``TamperedError``): the store fails verification or cannot
  be read (edited, deleted or forged records, a replaced blob, a truncated file, a store
  that results were published from but is now gone): STORE_BROKEN, nothing is published.
- ``StoreTooNewError``: written by a newer bridgescan (a schema this release does not know):
  STORE_TOO_NEW, nothing is read or changed.
- ``StoreUnavailableError``: the server cannot be reached, or its driver is missing:
  ENVIRONMENT.
- ``StoreKeyError``: the store is sealed with an HMAC key this process was not given:
  ENVIRONMENT.
- ``ClockBehindError``: the clock says a time earlier than the store's last record (it ran
  backwards) and nobody said why (``--clock-correction``): ENVIRONMENT.
- ``ConflictError``: a compare-and-append found that someone else appended first: CONFLICT.
"""

from __future__ import annotations

__all__ = [
    "StoreError",
    "StoreBrokenError",
    "TamperedError",
    "StoreMissingError",
    "StoreTooNewError",
    "StoreUnavailableError",
    "StoreKeyError",
    "ClockBehindError",
    "ConflictError",
]


class StoreError(Exception):
    """Anything the event store refuses, with a message meant for the person at the desk."""


class StoreBrokenError(StoreError):
    """The store cannot be trusted: it fails verification or cannot be read at all.

    ``seq`` is the first broken record when one can be named.
    """

    def __init__(self, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.seq = seq


class TamperedError(StoreBrokenError, RuntimeError):
    """The hash chain, a digest or a blob does not match: the store was changed behind the
    program's back (records edited, deleted, forged or re-chained; a scan replaced)."""


class StoreMissingError(StoreBrokenError):
    """A store that must exist (results were published from it) is gone or empty."""


class StoreTooNewError(StoreError):
    """The store's schema is newer than this bridgescan knows: refuse rather than guess."""

    def __init__(self, message: str, found: str, known: str) -> None:
        super().__init__(message)
        self.found = found
        self.known = known


class StoreUnavailableError(StoreError):
    """The store cannot be opened: the server is down or refuses us, or a driver is missing."""


class StoreKeyError(StoreError):
    """The store is sealed with an HMAC key that was not given (or another key was)."""


class ClockBehindError(StoreError):
    """The clock is behind the store's last record: a record stamped now would say it was
    made before what the store already holds. Refused unless a clock correction says why
    (pipeline/store/clock_floor.py)."""


class ConflictError(StoreError):
    """Someone appended first: what the caller saw is not the store's state any more.

    ``name`` says what moved (``"row s1/A/b3/2-9"`` or the counter's name), ``seen`` what the
    caller saw and ``found`` what the store holds now (a record's seq, or a counter value).
    """

    def __init__(self, message: str, name: str, seen: int | None, found: int | None) -> None:
        super().__init__(message)
        self.name = name
        self.seen = seen
        self.found = found
