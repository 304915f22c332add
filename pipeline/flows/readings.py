"""Page readings kept in the event store, so a re-run reads no page it has read before.

A page's reading is kept under the scan file's content hash, the page number and the
version of the reader that read it (``reader_key``: the reader's code, model, layout and
threshold, and the session's pre-printed movement). A re-run after a review decision, a
batch resumed after a crash, or the same scans run again from another folder take the
stored reading; a page is read again only when it is new or its reader changed.

The reading itself (every field, candidate and crop: tens of kilobytes of JSON a page)
is kept as a compressed blob, which is in the chain like every blob; the record names it:
``page-reading`` / ``<file sha256>#p<page>/<reader key>`` ->
``{"reading": <blob sha256>, "file": <name>, "page": n, "board": b}``.

``encode`` makes the blob where the page was read (a batch's worker thread or Dask worker
process, pipeline/flows/pages.py), so the process that keeps it only writes it. The blob
is compressed at zlib's level 1: a reading is mostly its row crops (PNG, hex in the JSON),
which level 6 makes 3% smaller for three times the CPU (18.6 against 6.2 ms a page,
measured 2026-11-28); any level reads back the same.

A process that only reads pages imports this module for ``encode``: it needs the codec,
not the store's engine (SQLAlchemy), which ``StoredReadings`` is handed by its caller.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.store.codec import dumps, loads
from pipeline.store.record import Append

if TYPE_CHECKING:
    from ocr.reading import PageReading
    from pipeline.store import EventStore

__all__ = ["KIND", "StoredReadings", "decode", "encode"]

KIND = "page-reading"
_LEVEL = 1  # zlib's level for a reading's blob (the module's docstring says why)


def encode(reading: PageReading) -> bytes:
    """A page reading as it is kept: its canonical JSON, compressed."""
    return zlib.compress(dumps(reading).encode(), _LEVEL)


def decode(data: bytes) -> PageReading:
    """A kept reading's blob back to the page reading (``encode``'s inverse)."""
    return loads(zlib.decompress(data).decode())  # type: ignore[no-any-return]


class StoredReadings:
    """The store as a ``PageCache`` (pipeline/doors/scans/reading.py) for one reader key.

    ``read`` and ``reused`` count what happened, for the run's summary.
    """

    def __init__(self, store: EventStore, reader_key: str) -> None:
        self.store = store
        self.reader_key = reader_key
        self.read = 0
        self.reused = 0

    def _key(self, file_digest: str, page: int) -> str:
        return f"{file_digest}#p{page}/{self.reader_key}"

    def get(self, file_digest: str, page: int) -> PageReading | None:
        record = self.store.latest(KIND, self._key(file_digest, page))
        if record is None or not isinstance(record.value, dict):
            return None
        reading = decode(self.store.blob(record.value["reading"]))
        self.reused += 1
        return reading

    def put(self, file_digest: str, page: int, reading: PageReading) -> None:
        self.put_many(file_digest, page, [reading])

    def put_many(
        self,
        file_digest: str,
        first: int,
        readings: Sequence[PageReading],
        encoded: Sequence[bytes] = (),
    ) -> None:
        """Keep consecutive pages of one scan file from page ``first``: their blobs in one
        transaction and their records in one append (two commits a chunk, not one a page);
        ``encoded``, when given, holds each reading's ``encode`` made where it was read."""
        data = encoded or [encode(reading) for reading in readings]
        names = [(Path(reading.page.file).name, reading.board) for reading in readings]
        self.put_encoded(file_digest, first, names, data)

    def put_encoded(
        self,
        file_digest: str,
        first: int,
        names: Sequence[tuple[str, int | None]],
        encoded: Sequence[bytes],
    ) -> None:
        """``put_many`` of readings encoded already (``encode``, where they were read): each
        page's scan file name and board in ``names``, its blob in ``encoded``."""
        entries = []
        blob_names = [f"{name}#p{page}.json.z" for page, (name, _) in enumerate(names, first)]
        kept = self.store.put_blobs(list(zip(blob_names, encoded, strict=True)))
        for page, ((name, board), blob) in enumerate(zip(names, kept, strict=True), first):
            value = {"reading": blob, "file": name, "page": page, "board": board}
            entries.append(Append(KIND, self._key(file_digest, page), value, actor="reader"))
        self.store.append_many(entries)
        self.read += len(entries)
