"""A session's scans as read, found again by one fingerprint: a re-run sets up no reader.

Every page a run reads is kept under its scan's content hash and the reader's key
(pipeline/flows/readings.py), but finding it there needs the reader's key, and the key
needs the reader: OpenCV, the digit model and the printed movement loaded, then a look-up
per page. A re-run after a review decision reads no page, so ``bridgescan run`` also keeps,
per session, one record that says which kept readings the session's scans gave:

``session-readings`` / ``s<session>`` ->
``{"fingerprint": F, "reader": <reader key>, "pages": [[file index, page, blob], ...]}``

The fingerprint ``F`` hashes everything those readings depend on, each as it is now:

- the reader as the run sets it up (``ocr.version.shipped_reader_digest``: its code, form
  layouts and shipped model, which fix the default reader's version);
- the event as stored (its record's digest: the movement pre-printed on the travellers and
  the event and session the QR codes must name are in it, so any change of the event
  counts, even one the reader would not see);
- the session's number and every scan file in order: its path as given and its content
  hash (a reading names its file).

When the session's record holds the same fingerprint, its pages are taken from their blobs
as they were kept (the stack's checks, ``finish_batch``, run again on them, as they do on
every read), and they are not recorded again: the run that wrote the record had recorded
them. Anything else (a new or changed scan, a moved folder, another reader, another event
file, no record) goes the whole way: pages looked up one by one, read when not kept, and
the record written anew once the readings are kept. The record is written only after the
readings' own records, so a run stopped in between leaves none and the next run simply
goes the whole way.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.flows import readings
from pipeline.store import EventStore

if TYPE_CHECKING:
    from ocr.reading import PageReading

__all__ = ["KIND", "SessionScans", "stored_pages", "remember"]

KIND = "session-readings"


@dataclass(frozen=True)
class SessionScans:
    """A session's scan files with their content hashes, and the fingerprint of what their
    readings depend on (the module's docstring)."""

    session: int
    files: tuple[tuple[Path, str], ...]  # (path as given, SHA-256 of its bytes), in order
    fingerprint: str

    @classmethod
    def of(
        cls, event_digest: str, session: int, paths: Sequence[Path], digests: Sequence[str]
    ) -> SessionScans:
        from ocr.version import shipped_reader_digest

        files = tuple(zip(paths, digests, strict=True))
        text = "\n".join([
            "session-readings/1", shipped_reader_digest(), event_digest, str(session),
            *(f"{path}\0{digest}" for path, digest in files),
        ])  # fmt: skip
        return cls(session, files, hashlib.sha256(text.encode()).hexdigest())

    @property
    def key(self) -> str:
        return f"s{self.session}"


def stored_pages(store: EventStore, scans: SessionScans) -> list[PageReading] | None:
    """The session's pages as kept when its record holds this fingerprint (each named as
    its file is named now, the stack checked as after a read); None otherwise.

    The readings are decoded with Python's collector paused and frozen after
    (pipeline/flows/collector.py): some 7,000 objects a page, alive until the run ends,
    that every later collection of the run scanned again; the sample's re-run spent 0.26-0.33
    s of CPU collecting, 0.11-0.12 s with them frozen (two full collections, 0.14 s, became
    one of 0.02 s; 2026-11-29, load 14)."""
    record = store.latest(KIND, scans.key)
    if record is None or not isinstance(record.value, dict):
        return None
    if record.value.get("fingerprint") != scans.fingerprint:
        return None
    from ocr.reading import PageRef
    from ocr.stack import finish_batch
    from pipeline.doors.scans.reading import renamed
    from pipeline.flows.collector import collector_paused

    pages = []
    with collector_paused():
        for index, number, blob in record.value["pages"]:
            path = scans.files[index][0]
            pages.append(renamed(readings.decode(store.blob(blob)), PageRef(str(path), number)))
    return finish_batch(pages)


def remember(
    store: EventStore, scans: SessionScans, reader_key: str, pages: Sequence[PageReading]
) -> bool:
    """Record which kept readings the session's scans gave (after the readings themselves
    were kept and recorded); False, and nothing recorded, when a page's reading is not
    kept under ``reader_key`` (it could then not be taken from the record)."""
    index = {str(path): (i, digest) for i, (path, digest) in enumerate(scans.files)}
    kept = []
    for page in pages:
        where = index.get(page.page.file)
        if where is None:
            return False
        record = store.latest(readings.KIND, f"{where[1]}#p{page.page.page}/{reader_key}")
        if record is None or not isinstance(record.value, dict):
            return False
        kept.append([where[0], page.page.page, record.value["reading"]])
    value = {"fingerprint": scans.fingerprint, "reader": reader_key, "pages": kept}
    store.append(KIND, scans.key, value, actor="reader")
    return True
