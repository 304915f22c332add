"""Committing a version: its records in one compare-and-append, then its files.

``commit`` verifies the store, appends the publication and the results (and a correction,
if one made the version) only if the publication head has not moved, then writes the
version's file set with the store's chain head and records the files' hashes. ``repair``
finishes a version a crash left half-written (records in the store, files not yet, or
their hashes not recorded). Apart from deciding what to publish (publication.py), so the
order of the writes, which makes a crash safe to re-run, is in one place.
"""

from __future__ import annotations

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
from pipeline.publish import publish_version, published_paths
from pipeline.publish.file_set import (
    WrittenVersion,
    read_manifest,
    switch_current,
    version_folder,
    version_name,
)
from pipeline.publish.results_json_read import published_head
from pipeline.results.model import EventResults, StoreHead
from pipeline.store import Append, EventStore, StoredRecord

__all__ = ["Published", "verify_before_publishing", "commit", "repair"]


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
    """Check the store before anything is published from it: the whole chain, and that it
    still holds the head ``out_dir``'s current results were published with (records lost
    or a chain rewritten since are found). Raises the store's ``TamperedError``."""
    store.check(published_head(out_dir, store.location))


def _store_head(store: EventStore, out_dir: Path) -> StoreHead:
    head = store.head()
    return StoreHead(head.records, head.chain, store.location.published_name(out_dir))


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
    moved), then write the version's files with the store's chain head and record their
    hashes."""
    verify_before_publishing(store, out_dir)
    entries = [
        *extra,
        Append(PUBLICATION, HEAD_KEY, publication, publication.by, publication.cause),
        Append(RESULTS, EVENT, results, "bridgescan", f"version {publication.version}"),
    ]
    store.append_many(entries, expect={(PUBLICATION, HEAD_KEY): head_seq})
    shown = replace(results, store_head=_store_head(store, out_dir))
    written = publish_version(shown, out_dir, publication.version, hands=stored_hands(store))
    _files_record(store, written, shown.store_head)  # type: ignore[arg-type]
    return Published(publication.version, shown, publication, published_paths(out_dir),
                     written.folder, True)  # fmt: skip


def repair(store: EventStore, out_dir: Path) -> Published | None:
    """The current version as published; its files written if a crash left them unwritten
    (the store has the version, the folder does not), and their hashes recorded if that was
    not done. None when the store holds no such version."""
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
    folder = version_folder(out_dir, version)
    if folder.is_dir():
        switch_current(out_dir, version)
        written = WrittenVersion(version, folder, read_manifest(folder))
    else:
        written = publish_version(shown, out_dir, version, hands=stored_hands(store))
    if files is None:
        _files_record(store, written, known)
    return Published(version, shown, publication, published_paths(out_dir), folder, False)
