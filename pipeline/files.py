"""Files at the edge: atomic writes, synced log lines, lock files, and output paths that
cannot escape the output folder.

A crash mid-write must never leave a half-written workbook where a director expects the
results, so every output is written to a temporary file beside its target and renamed
into place (``os.replace`` is atomic on one filesystem). A log (uploads, typed travellers,
member changes) only grows: each line is appended in one write and on disk before the
change is answered (``append_line``). Writers of one folder in several processes (two
consoles, a console and the command line) take turns through a lock file (``held_lock``).
"""

from __future__ import annotations

import fcntl
import os
import re
import tempfile
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

__all__ = [
    "UnsafePathError",
    "append_line",
    "atomic_write",
    "atomic_write_bytes",
    "atomic_write_text",
    "held_lock",
    "remove_leftover_parts",
    "safe_name",
    "output_path",
]


class UnsafePathError(ValueError):
    """A name from input would lead outside the output folder."""


def atomic_write(path: Path, write: Callable[[IO[bytes]], None]) -> Path:
    """Write ``path`` through ``write(handle)`` into a temporary file, then rename it in place."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = tempfile.NamedTemporaryFile(
        dir=path.parent, prefix=f".{path.name}.", suffix=".part", delete=False
    )
    try:
        with handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        # NamedTemporaryFile is private (0600); give the result the mode a plain open() would.
        os.chmod(handle.name, 0o666 & ~_umask())
        os.replace(handle.name, path)
    except BaseException:
        Path(handle.name).unlink(missing_ok=True)
        raise
    return path


def atomic_write_bytes(path: Path, data: bytes) -> Path:
    """Write bytes atomically."""

    def write(handle: IO[bytes]) -> None:
        handle.write(data)

    return atomic_write(path, write)


def atomic_write_text(path: Path, text: str, encoding: str = "utf-8") -> Path:
    """Write text atomically (UTF-8 unless told otherwise)."""
    return atomic_write_bytes(path, text.encode(encoding))


def append_line(path: Path, line: str) -> None:
    """Append ``line`` and a newline to ``path`` in one write (O_APPEND: the lines of two
    writers never interleave, nothing is rewritten), on disk before returning (fsync). A
    symbolic link in the log's place is refused (O_NOFOLLOW): a log is never written
    through one."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    with open(os.open(path, flags, 0o666), "ab") as handle:
        handle.write(line.encode("utf-8") + b"\n")
        handle.flush()
        os.fsync(handle.fileno())


@contextmanager
def held_lock(path: Path) -> Iterator[None]:
    """Hold an exclusive ``fcntl.flock`` on the lock file ``path`` (made when missing, never
    through a symbolic link) until the block ends: one writer at a time across processes,
    and across threads too (each call opens the file anew, and flock locks an open file)."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    with open(os.open(path, flags, 0o666), "r+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def remove_leftover_parts(folder: Path) -> list[Path]:
    """Remove the temporary files (``.NAME.*.part``) that writes killed half way left in
    ``folder``, before the one process that writes it writes it again: a re-run after a
    crash leaves nothing half-written behind. Returns what was removed."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    removed = []
    for entry in folder.glob(".*.part"):
        if entry.is_file():
            entry.unlink(missing_ok=True)
            removed.append(entry)
    return removed


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


_UNSAFE = re.compile(r"[^A-Za-z0-9._ -]+")


def safe_name(text: str, fallback: str = "file") -> str:
    """A file name made from input text: no separators, no dots at the start, no control chars."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    name = _UNSAFE.sub("_", folded).strip(" .")
    return name[:120] or fallback


def output_path(out_dir: Path, *parts: str) -> Path:
    """``out_dir / parts``, refusing any result that resolves outside ``out_dir``."""
    root = Path(out_dir).resolve()
    candidate = root.joinpath(*parts).resolve()
    if candidate != root and root not in candidate.parents:
        raise UnsafePathError(f"{'/'.join(parts)!r} would be written outside {root}")
    return candidate
