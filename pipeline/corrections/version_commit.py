"""Committing a version: its records in one compare-and-append, then its files.

``commit`` verifies the record (record_check.py), appends the publication and the results
(and a correction, if one made the version) only if the publication head has not moved,
then writes the version's file set with the store's chain head, records the files' hashes
and only then makes the version current. ``repair`` finishes a version a crash left
half-written (records in the store; files not yet written, or written and not recorded:
those were never shown, and are written again from the store). Apart from deciding what
to publish (publication.py), so the order of the writes, which makes a crash safe to
re-run, is in one place.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from pipeline.corrections.hand_records import stored_hands
from pipeline.corrections.records import (
    EVENT,
    FILES,
    HEAD_KEY,
    PUBLICATION,
    RESULTS,
    Publication,
    VersionFiles,
    files_key,
)
from pipeline.corrections.stored_state import publication_head
from pipeline.publish import OUTPUT_NAMES, published_paths, render
from pipeline.publish.file_set import (
    WrittenVersion,
    clean_leftovers,
    folder_lock,
    switch_current,
    version_folder,
    version_name,
    write_version,
)
from pipeline.results.model.event import EventResults, StoreHead
from pipeline.store import Append, EventStore, StoredRecord

__all__ = ["Published", "verify_before_publishing", "commit", "repair"]

_LOCK = ".record.lock"


@dataclass(frozen=True)
class Published:
    """A version as published: its number, the results with the publication attached, the
    publication record, where the files are, and whether this call made it (``new``)."""

    version: int
    results: EventResults
    publication: Publication
    paths: dict[str, Path]
    folder: Path
    new: bool


def _files_record(store: EventStore, written: WrittenVersion, head: StoreHead) -> None:
    value = VersionFiles(written.version, version_name(written.version), written.files,
                         head.records, head.chain)  # fmt: skip
    store.append(FILES, files_key(written.version), value, actor="bridgescan",
                 reason=f"the file set of version {written.version}")  # fmt: skip


def verify_before_publishing(store: EventStore, out_dir: Path) -> None:
    """Check the store and what ``out_dir`` published before anything is published from it
    (record_check.py: the chain, the newest published head, every version's files).
    Raises the store's ``TamperedError``."""
    from pipeline.corrections.record_check import check_record

    check_record(store, out_dir)


def _store_head(store: EventStore, out_dir: Path) -> StoreHead:
    head = store.head()
    return StoreHead(head.records, head.chain, store.location.published_name(out_dir))


def _write_files(
    store: EventStore, out_dir: Path, shown: EventResults, version: int, head: StoreHead
) -> WrittenVersion:
    """Write version ``version``'s files, record their hashes, and only then make it the
    current one: a current version always has its files recorded in the chain, so a
    published file cannot be edited (manifest recomputed) and its record deleted unseen.
    A folder of this version that has no record was written by a publication that did not
    finish and was never shown: it is written again from the store."""
    with folder_lock(out_dir, _LOCK):  # one process writes, records and shows a version
        recorded = store.latest(FILES, files_key(version))
        folder = version_folder(out_dir, version)
        if isinstance(recorded, StoredRecord) and isinstance(recorded.value, VersionFiles):
            written = WrittenVersion(version, folder, recorded.value.files)
        else:
            if folder.is_dir():
                shutil.rmtree(folder)
            clean_leftovers(out_dir, tuple(OUTPUT_NAMES.values()))
            files = render(shown, hands=stored_hands(store))
            written = write_version(out_dir, version, files)
            _files_record(store, written, head)
        switch_current(out_dir, version)
    return written


def commit(
    store: EventStore,
    out_dir: Path,
    results: EventResults,
    publication: Publication,
    extra: Sequence[Append] = (),
    head_seq: int | None = None,
) -> Published:
    """Verify the store, then append ``extra`` (a correction), the publication and the
    results in one compare-and-append on the publication head (``ConflictError`` if it
    moved), then write the version's files with the store's chain head, record their
    hashes and make it current."""
    verify_before_publishing(store, out_dir)
    entries = [
        *extra,
        Append(PUBLICATION, HEAD_KEY, publication, publication.by, publication.cause),
        Append(RESULTS, EVENT, results, "bridgescan", f"version {publication.version}"),
    ]
    store.append_many(entries, expect={(PUBLICATION, HEAD_KEY): head_seq})
    head = _store_head(store, out_dir)
    shown = replace(results, store_head=head)
    written = _write_files(store, out_dir, shown, publication.version, head)
    return Published(publication.version, shown, publication, published_paths(out_dir),
                     written.folder, True)  # fmt: skip


def repair(store: EventStore, out_dir: Path) -> Published | None:
    """The current version as published; its files written, recorded and made current if a
    crash stopped its publication before that. None when the store holds no such version."""
    head = publication_head(store)
    if head is None:
        return None
    publication: Publication = head.value
    version = publication.version
    record = store.latest(RESULTS, EVENT)
    results = record.value if record is not None else None
    if not isinstance(results, EventResults) or results.publication is None:
        return None
    if results.publication.version != version:
        return None
    files = store.latest(FILES, files_key(version))
    if isinstance(files, StoredRecord) and isinstance(files.value, VersionFiles):
        known = StoreHead(files.value.head_records, files.value.head_chain,
                          store.location.published_name(out_dir))  # fmt: skip
    else:
        known = _store_head(store, out_dir)
    shown = replace(results, store_head=known)
    written = _write_files(store, out_dir, shown, version, known)
    return Published(version, shown, publication, published_paths(out_dir), written.folder,
                     False)  # fmt: skip
