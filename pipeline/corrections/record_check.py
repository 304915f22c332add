"""The record verified before any command reads or extends it: the store and what it published.

Every command that reads the record or adds to it (``run``, ``batch``, ``correct``,
``review``, ``audit show``, ``versions``, ``serve``) calls ``check_record`` once, before
anything else, and is refused (``TamperedError``, exit 4, what is broken named) when:

- the store fails verification (pipeline/store/verify.py), or lost records or was
  rewritten since the newest head any version folder of the output folder carries (not only
  ``OUT/results.json``, whose link can be deleted too): a store deleted while
  ``versions/v0001`` is still there is refused, never silently begun again;
- a version's files are not the ones the store recorded (``files`` records: SHA-256 and
  size per file), or its ``manifest.json`` is missing or lists other files or hashes;
- the current version (``OUT/current``) has no ``files`` record: a version is made current
  only after its files are recorded (version_commit.py), so the record was deleted (a
  published file edited and its manifest recomputed cannot pass by deleting the store's
  last record);
- a version folder is missing between two that are there, or is one the store never
  published.

A version folder that is not current and has no record is one a publication wrote and did
not finish; it was never shown, and the next publication writes it again from the store.
Cost: one pass over the records and blobs, one read of every published file.
"""

from __future__ import annotations

import re
from pathlib import Path

from pipeline.corrections.records import (
    FILES,
    HEAD_KEY,
    PUBLICATION,
    Publication,
    VersionFiles,
    files_key,
)
from pipeline.publish.file_set import (
    VERSIONS,
    FileSetError,
    check_files,
    check_version,
    current_version,
    read_manifest,
    version_folder,
)
from pipeline.publish.results_json_read import RESULTS_FILE, ResultsJsonError, read_store_head
from pipeline.results.model.event import StoreHead
from pipeline.store import (
    ChainHead,
    EventStore,
    StoreLocation,
    StoreMissingError,
    TamperedError,
    Verification,
)

__all__ = [
    "newest_published_head",
    "published_problems",
    "check_record",
    "missing_store",
    "open_checked",
]

_VERSION = re.compile(r"^v(\d{4,})$")


def _version_folders(out_dir: Path) -> dict[int, Path]:
    root = Path(out_dir) / VERSIONS
    if not root.is_dir():
        return {}
    found = {}
    for entry in root.iterdir():
        match = _VERSION.match(entry.name)
        if match and entry.is_dir():
            found[int(match[1])] = entry
    return found


def _head(folder: Path) -> StoreHead | None:
    try:
        return read_store_head(folder / RESULTS_FILE)
    except ResultsJsonError:
        return None  # a damaged results.json: its recorded hash finds it


def _ours(out_dir: Path, location: StoreLocation) -> dict[int, Path]:
    """The version folders published from this store (a folder whose results.json is gone
    or damaged counts: the recorded hashes say what is wrong with it)."""
    name = location.published_name(out_dir)
    found = {}
    for number, folder in _version_folders(out_dir).items():
        head = _head(folder)
        if head is None or head.store == name:
            found[number] = folder
    return found


def _newest(out_dir: Path, location: StoreLocation) -> tuple[ChainHead, Path] | None:
    name = location.published_name(out_dir)
    folders = [Path(out_dir), *_version_folders(out_dir).values()]
    newest: tuple[ChainHead, Path] | None = None
    for folder in folders:
        head = _head(folder)
        if head is None or head.store != name:
            continue
        if newest is None or head.records > newest[0].records:
            newest = (ChainHead(head.records, head.chain), folder / RESULTS_FILE)
    return newest


def newest_published_head(out_dir: Path, location: StoreLocation) -> ChainHead | None:
    """The longest chain head any version folder of ``out_dir`` (or ``results.json``)
    carries for this store: what the store must still hold."""
    newest = _newest(out_dir, location)
    return None if newest is None else newest[0]


def _recorded(store: EventStore, version: int) -> VersionFiles | None:
    record = store.latest(FILES, files_key(version))
    return record.value if record is not None and isinstance(record.value, VersionFiles) else None


def published_problems(store: EventStore, out_dir: Path, published: set[int]) -> list[str]:
    """What is wrong with the version folders of ``out_dir`` against the store (empty:
    nothing); ``published`` is the versions the store's publication history holds."""
    folders = _ours(out_dir, store.location)
    if not folders:
        return []
    current = current_version(out_dir)
    problems = []
    for number in range(min(folders), max(folders) + 1):
        if number not in folders:
            problems.append(f"{version_folder(out_dir, number)} is missing: it was deleted")
    for number, folder in sorted(folders.items()):
        recorded = _recorded(store, number)
        if recorded is None:
            if number == current:
                problems.append(
                    f"{folder} is the current version, but the store holds no record of its "
                    "files: that record was deleted (the files cannot be trusted)"
                )
            elif number not in published:
                problems.append(f"{folder} is not a version the store published")
            elif number < max(published):  # before files were recorded: its own manifest
                problems += [f"version {number}: {p}" for p in check_version(folder)]
            continue
        try:
            listed = read_manifest(folder)
        except FileSetError as error:
            problems.append(f"version {number}: {error}")
        else:
            if sorted(listed) != sorted(recorded.files):
                problems.append(f"version {number}: {folder / 'manifest.json'} is not the "
                                "manifest that was published (it lists other files or "
                                "hashes than the store recorded)")  # fmt: skip
        problems += [f"version {number}: {p}" for p in check_files(folder, recorded.files)]
    return problems


def check_record(store: EventStore, out_dir: Path | None) -> Verification:
    """Verify the store, and what ``out_dir`` published from it (see the module docstring);
    raises ``TamperedError`` naming what is broken."""
    expect = None if out_dir is None else newest_published_head(out_dir, store.location)
    verification = store.check(expect)
    if out_dir is None:
        return verification
    published = {
        record.value.version
        for record in store.history(PUBLICATION, HEAD_KEY)
        if isinstance(record.value, Publication)
    }
    problems = published_problems(store, Path(out_dir), published)
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise TamperedError("; ".join(problems[:3]) + more)
    return verification


def missing_store(out_dir: Path, location: StoreLocation) -> str | None:
    """Why a store that is gone must not be begun again: ``but the results in ... were
    published from it ...``; None when nothing was published from this store there."""
    newest = _newest(out_dir, location)
    if newest is None or newest[0].records == 0:
        return None
    head, path = newest
    return (
        f"but the results in {path} were published from it ({head.records} records, head "
        f"{head}): it was deleted, truncated or emptied. Restore it from a backup, or "
        "publish to a new output folder"
    )


def open_checked(
    out_dir: Path, location: StoreLocation, *, verified: bool = True
) -> EventStore | None:
    """The existing store of ``out_dir``, verified with what it published (``verified``);
    None when there is none and nothing was published from one. A store gone while
    versions published from it are there raises ``StoreMissingError``; a broken one,
    ``TamperedError``."""
    try:
        opened = EventStore(location, create=False)
    except StoreMissingError:
        gone = missing_store(out_dir, location)
        if gone is not None:
            raise StoreMissingError(f"{location}: the event store is gone, {gone}") from None
        return None
    try:
        if verified:
            check_record(opened, out_dir)
    except BaseException:
        opened.close()
        raise
    return opened
