"""A version's files appear as one set or not at all, and earlier versions stay readable.

The output folder of an event::

    out/versions/v0001/   results.xlsx, results.json, masterpoints.csv, ..., manifest.json
    out/versions/v0002/   ...
    out/current -> versions/v0002          (a symbolic link, switched atomically)
    out/results.xlsx -> current/results.xlsx   (and one link per published name)

A version is written into a staging folder beside the others, every file flushed to disk
(all written first, then flushed by a few threads at once, so the file system commits them
together instead of one journal commit a file: an 82-file version 0.3-0.5 s -> 0.04-0.1 s
of wall time on this project's machine, with the same durability), with ``manifest.json``
giving each file's SHA-256 and size, and only then renamed to
``versions/vNNNN`` (one rename: the folder is there whole or not at all). The ``current``
link is then replaced by a new link in one ``os.replace``, so a reader opening
``out/results.xlsx`` gets the workbook of one version and ``out/results.json`` the JSON of
the same one, never a mix, and a crash at any point leaves the last complete version in
place. Staging folders of a process that died are removed by the next publication, and
``current`` only ever moves forward (two processes publishing versions 5 and 6 in either
order end with 6), under a lock on the output folder.

POSIX (symbolic links, ``fcntl`` locks): Linux and macOS, which bridgescan runs on.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import shutil
from collections.abc import Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from pipeline.files import held_lock

__all__ = [
    "VERSIONS",
    "CURRENT",
    "MANIFEST",
    "FileSetError",
    "WrittenVersion",
    "version_name",
    "write_version",
    "switch_current",
    "current_version",
    "version_folder",
    "read_manifest",
    "check_files",
    "check_version",
    "clean_leftovers",
    "folder_lock",
]

VERSIONS = "versions"
CURRENT = "current"
MANIFEST = "manifest.json"
FORMAT = "bridgescan-version/1"
_LOCK = ".publish.lock"
_STAGING = re.compile(r"^\.(v\d{4,})\.staging-(\d+)-[0-9a-f]+$")
_VERSION = re.compile(r"^v(\d{4,})$")


class FileSetError(RuntimeError):
    """A version folder that is not what its manifest says, or cannot be written."""


@dataclass(frozen=True)
class WrittenVersion:
    """A version's folder and its files as ``(name, sha256, size)``."""

    version: int
    folder: Path
    files: tuple[tuple[str, str, int], ...]


def version_name(version: int) -> str:
    return f"v{version:04d}"


def version_folder(out_dir: Path, version: int) -> Path:
    return Path(out_dir) / VERSIONS / version_name(version)


def _safe_relative(name: str) -> str:
    parts = Path(name).parts
    if not parts or Path(name).is_absolute() or any(p in ("", ".", "..") for p in parts):
        raise FileSetError(f"{name!r} is not a file name inside the version folder")
    if name == MANIFEST:
        raise FileSetError(f"{MANIFEST} is written by the file set itself")
    return name


def _fsync_path(path: Path) -> None:
    """A file or folder (its entries) flushed to disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_file(path: Path, data: bytes, flush: bool = True) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        if flush:
            os.fsync(handle.fileno())


#: Threads that flush a version's files to disk at once (``os.fsync`` releases the GIL).
_FLUSHERS = 8


def _flush_all(paths: list[Path]) -> None:
    """Every file of ``paths`` on disk before this returns. Flushed concurrently: each
    ``fsync`` alone waits for its own journal commit, several at once share one."""
    if len(paths) < 2:
        for path in paths:
            _fsync_path(path)
        return
    with ThreadPoolExecutor(min(_FLUSHERS, len(paths)), "flush") as pool:
        for _ in pool.map(_fsync_path, paths):  # re-raises the first error
            pass


def write_version(out_dir: Path, version: int, files: Mapping[str, bytes]) -> WrittenVersion:
    """Write ``files`` (name -> bytes; names may hold folders, e.g. ``web/index.html``) as
    version ``version``. If that version's folder exists already (an earlier attempt got
    that far), it is kept as it is and returned."""
    out_dir = Path(out_dir)
    versions = out_dir / VERSIONS
    versions.mkdir(parents=True, exist_ok=True)
    target = versions / version_name(version)
    if target.is_dir():
        return WrittenVersion(version, target, read_manifest(target))
    staging = versions / f".{version_name(version)}.staging-{os.getpid()}-{secrets.token_hex(4)}"
    staging.mkdir()
    try:
        entries, written = [], []
        for name in sorted(files):
            data = files[name]
            path = staging / _safe_relative(name)
            _write_file(path, data, flush=False)  # flushed all together below
            written.append(path)
            entries.append((name, hashlib.sha256(data).hexdigest(), len(data)))
        _flush_all(written)
        manifest = {
            "format": FORMAT,
            "version": version,
            "files": {name: {"sha256": digest, "bytes": size} for name, digest, size in entries},
        }
        text = json.dumps(manifest, indent=1, sort_keys=True) + "\n"
        _write_file(staging / MANIFEST, text.encode())
        for folder in sorted({p.parent for p in staging.rglob("*")} | {staging}, reverse=True):
            _fsync_path(folder)
        try:
            os.rename(staging, target)
        except OSError:
            if target.is_dir():  # another process wrote the same version first: keep theirs
                shutil.rmtree(staging, ignore_errors=True)
                return WrittenVersion(version, target, read_manifest(target))
            raise
        _fsync_path(versions)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return WrittenVersion(version, target, tuple(entries))


def read_manifest(folder: Path) -> tuple[tuple[str, str, int], ...]:
    """The ``(name, sha256, size)`` a version folder's manifest lists."""
    path = Path(folder) / MANIFEST
    try:
        data = json.loads(path.read_text("utf-8"))
        files = data["files"]
        return tuple(
            (str(name), str(entry["sha256"]), int(entry["bytes"]))
            for name, entry in sorted(files.items())
        )
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise FileSetError(f"{path}: not a readable manifest ({error})") from None


def check_files(folder: Path, entries: Iterable[tuple[str, str, int]]) -> list[str]:
    """What is wrong with the files of a version folder against ``(name, sha256, size)``
    entries (its manifest, or the hashes the event store recorded); empty: nothing."""
    problems = []
    for name, digest, size in entries:
        path = Path(folder) / name
        try:
            data = path.read_bytes()
        except OSError:
            problems.append(f"{path} is missing")
            continue
        if len(data) != size or hashlib.sha256(data).hexdigest() != digest:
            problems.append(f"{path} is not the file that was published (its SHA-256 differs)")
    return problems


def check_version(folder: Path) -> list[str]:
    """What is wrong with a version folder against its own manifest (empty: nothing)."""
    try:
        entries = read_manifest(Path(folder))
    except FileSetError as error:
        return [str(error)]
    return check_files(folder, entries)


@contextmanager
def folder_lock(out_dir: Path, name: str = _LOCK) -> Iterator[None]:
    """Hold the lock file ``name`` of the output folder (``fcntl``: between processes);
    ``name`` tells apart locks one process may hold at once."""
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    with held_lock(Path(out_dir) / name):
        yield


def current_version(out_dir: Path) -> int | None:
    """The version ``out/current`` points at, or None before the first publication."""
    link = Path(out_dir) / CURRENT
    try:
        target = os.readlink(link)
    except OSError:
        return None
    match = _VERSION.match(Path(target).name)
    return int(match.group(1)) if match else None


def _replace_link(link: Path, target: str) -> None:
    if link.is_symlink() and os.readlink(link) == target:
        return
    temporary = link.with_name(f".{link.name}.{os.getpid()}.{secrets.token_hex(4)}.link")
    os.symlink(target, temporary)
    try:
        if link.is_dir() and not link.is_symlink():
            # A folder written before versions (or by `bridgescan web`): moved aside, the link
            # put in its place, the old folder removed.
            aside = link.with_name(f".{link.name}.{os.getpid()}.{secrets.token_hex(4)}.old")
            os.rename(link, aside)
            os.replace(temporary, link)
            shutil.rmtree(aside, ignore_errors=True)
        else:
            os.replace(temporary, link)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def switch_current(out_dir: Path, version: int) -> bool:
    """Point ``out/current`` at ``version`` (and the top-level names at ``current/``) unless
    a later version is already current; True when ``version`` is current afterwards."""
    out_dir = Path(out_dir)
    folder = version_folder(out_dir, version)
    names = {Path(name).parts[0] for name, _, _ in read_manifest(folder)}
    with folder_lock(out_dir):
        shown = current_version(out_dir)
        if shown is not None and shown > version:
            return False
        _replace_link(out_dir / CURRENT, f"{VERSIONS}/{version_name(version)}")
        for name in sorted(names):
            _replace_link(out_dir / name, f"{CURRENT}/{name}")
        for stale in out_dir.iterdir():  # links to names this version no longer has
            if stale.is_symlink() and stale.name not in names and stale.name != CURRENT:
                if os.readlink(stale).startswith(f"{CURRENT}/"):
                    stale.unlink()
        _fsync_path(out_dir)
    return True


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def clean_leftovers(out_dir: Path, names: tuple[str, ...] = ()) -> list[Path]:
    """Remove what a crashed publication left: staging folders of processes that are gone,
    temporary link files, and ``.part`` files of the top-level ``names`` (written by
    releases before version folders). Returns what was removed."""
    out_dir = Path(out_dir)
    removed: list[Path] = []
    with folder_lock(out_dir):
        versions = out_dir / VERSIONS
        if versions.is_dir():
            for entry in versions.iterdir():
                match = _STAGING.match(entry.name)
                if match and not _alive(int(match.group(2))):
                    shutil.rmtree(entry, ignore_errors=True)
                    removed.append(entry)
        for entry in out_dir.iterdir():
            leftover_link = entry.name.endswith(".link") and entry.is_symlink()
            part = entry.name.endswith(".part") and any(
                entry.name.startswith(f".{name}.") for name in names
            )
            if leftover_link and not _alive(_pid_of_link(entry.name)):
                entry.unlink(missing_ok=True)
                removed.append(entry)
            elif part:
                entry.unlink(missing_ok=True)
                removed.append(entry)
    return removed


def _pid_of_link(name: str) -> int:
    parts = name.split(".")
    try:
        return int(parts[-3])
    except (IndexError, ValueError):
        return 0
