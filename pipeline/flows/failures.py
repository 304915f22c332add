"""Why an event failed, in the words a tournament office needs: what to fix, and whose job.

The batch goes on past a bad event; ``classify`` turns the error that stopped it into one
of the batch summary's outcomes (pipeline/flows/batch_report.py ``OUTCOMES``) and a reason
in one line that names the file:

- ``bad-input``: the event's own files (event file, inputs.yaml, an entry workbook or CSV,
  a scan that cannot be opened) could not be used; the director fixes the file;
- ``cannot-write``: the output folder or the store cannot be written (read-only, full,
  no permission); the office fixes the machine;
- ``missing-tool``: a program bridgescan needs is not installed (Tesseract);
- ``reader-died``: a process reading the event's pages ended before it answered (killed
  by the out-of-memory killer or by hand, or crashed); the note names the file and pages,
  and the same command again reads them;
- ``store-broken``: the event store fails its hash-chain check or cannot be read; nothing
  was published; ``store-too-new``: written by a newer bridgescan; ``store-unavailable``:
  the store's server cannot be reached; ``conflict``: someone else changed it meanwhile;
- ``internal``: anything else is a bug in bridgescan, reported with its traceback.
"""

from __future__ import annotations

import errno
import sqlite3

__all__ = ["classify"]

# Errors of the file system that say "this machine cannot take the output", not "the
# input is wrong": read-only, full, over quota, too large, no permission.
_CANNOT_WRITE = {errno.EROFS, errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
_NO_PERMISSION = {errno.EACCES, errno.EPERM}
_STORE_CANNOT_WRITE = ("readonly", "read-only", "disk is full", "unable to open", "disk i/o")


def _os_reason(error: OSError) -> str:
    if error.filename and error.strerror:
        return f"{error.filename}: {error.strerror}"
    return str(error)


def classify(error: BaseException) -> tuple[str, str]:
    """(outcome, reason) for the error that stopped an event."""
    from pipeline.flows.reading_processes import ReadingProcessDied
    from pipeline.store import (
        ConflictError,
        StoreBrokenError,
        StoreKeyError,
        StoreTooNewError,
        StoreUnavailableError,
    )

    if isinstance(error, ReadingProcessDied):
        return "reader-died", str(error)
    if isinstance(error, StoreBrokenError):
        return "store-broken", f"the event store is broken: {error}"
    if isinstance(error, StoreTooNewError):
        return "store-too-new", str(error)
    if isinstance(error, StoreUnavailableError | StoreKeyError):
        text = str(error)
        if any(words in text.lower() for words in _STORE_CANNOT_WRITE):
            return "cannot-write", f"cannot write the event store: {text}"
        return "store-unavailable", text
    if isinstance(error, ConflictError):
        return "conflict", str(error)
    original = getattr(error, "orig", None)  # a database error the store did not translate
    if isinstance(original, sqlite3.Error):
        error = original
    if type(error).__name__ == "TesseractNotFoundError":
        return "missing-tool", "Tesseract is not installed (apt-get install tesseract-ocr)"
    if isinstance(error, sqlite3.Error):
        text = str(error)
        if any(words in text.lower() for words in _STORE_CANNOT_WRITE):
            return "cannot-write", f"cannot write the event store: {text}"
        return "store-broken", f"the event store cannot be used: {text}"
    if isinstance(error, OSError):
        if error.errno in _CANNOT_WRITE:
            return "cannot-write", f"cannot write {_os_reason(error)}"
        if error.errno in _NO_PERMISSION:
            return "cannot-write", f"no permission: {_os_reason(error)}"
        return "bad-input", _os_reason(error)
    if isinstance(error, ValueError | KeyError):
        return "bad-input", str(error).strip("'\"")
    return "internal", f"{type(error).__name__}: {error}"
