"""Pages in chunks: how a batch splits a session's scans into pieces of work, and reads one.

A tournament office's day is a thousand pages or more. The batch flow (pipeline/flows/batch.py)
reads them in parallel, a *chunk* of consecutive pages of one scan file per task:

- ``plan_chunks``: a session's scan files cut into chunks of at most ``size`` pages, counted
  without rendering a page (``ocr.reader.page_count``), in scan order;
- ``reader_key``: the version of the reader a session's chunks are read with (readings kept
  in the event store under an earlier version are not reused);
- ``read_chunk``: one chunk read with the session's reader, on whichever thread or Dask
  worker process reads it (pipeline/flows/chunk_reading.py). The reader (layout, digit
  model, the movement's pre-printed pairs) is built once per process and session, not once
  per chunk;
- ``read_for_store``: ``read_chunk`` as the batch sends it out: the readings with each one
  already encoded as the event store keeps it (pipeline/flows/readings.py), so that work is
  done where the pages are read, not in the one process that keeps them; the first chunk
  a process reads also settles its garbage collector (pipeline/flows/collector.py);
- ``read_packed_for_store``: the same from another process (a reading process, a Dask
  worker): the readings *packed*, pickled as one value that the batch's process unpickles
  only when their event is scored (``ChunkRead.readings``). A page reading is some 2,000
  objects that Python's collector tracks; unpickled as they came in, an event's readings
  and the next one's were scanned again by every full collection of the batch's process
  while they waited (docs/batch.md, "Where the time goes").

A chunk carries paths and numbers only, never page images: the worker loads its own pages,
so the flow never holds more than the readings of the sessions in flight. The chunk size is
a measured choice (README, "Speed"): Prefect's overhead per task, above all on Dask, is too
large for one page a task, and a few pages a chunk make it negligible.
"""

from __future__ import annotations

import hashlib
import pickle
import time
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from threading import Lock, get_ident
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ocr.reader import ScanReader
    from ocr.reading import PageReading
    from pipeline.doors.inputs import SessionFiles
    from scoring.event import Event

__all__ = [
    "DEFAULT_CHUNK_PAGES",
    "ChunkRead",
    "PageChunk",
    "event_chunks",
    "event_setup",
    "plan_chunks",
    "read_chunk",
    "read_for_store",
    "read_packed_for_store",
    "reader_key",
    "in_scan_order",
]

#: Pages a task reads (README, "Speed": chosen from the measured overhead per task).
DEFAULT_CHUNK_PAGES = 8


@dataclass(frozen=True)
class PageChunk:
    """Pages ``first``..``last`` (from 1) of one scan file of one session of one event."""

    event: str  # the event's output folder name in the batch (unique in the batch)
    session: int
    index: int  # the chunk's place in its session, for putting pages back in scan order
    file: Path
    first: int
    last: int
    setup: str = ""  # digest of the event as scored: the reader's movement and QR ids
    digest: str = ""  # SHA-256 of the scan file's bytes: where its pages' readings are kept

    @property
    def pages(self) -> int:
        return self.last - self.first + 1

    @property
    def label(self) -> str:
        """A name people read in the Prefect UI: event, session, file and pages."""
        pages = str(self.first) if self.first == self.last else f"{self.first}-{self.last}"
        return f"{self.event} s{self.session} {self.file.name} p{pages}"


@dataclass(frozen=True)
class ChunkRead:
    """A chunk's pages as read (or as read before and kept in the store), and how long the
    reading took. From another process the pages come packed (``packed``: ``pages`` is
    empty then); ``readings`` gives them either way."""

    chunk: PageChunk
    pages: tuple[PageReading, ...]
    seconds: float
    reused: bool = False  # taken from the event store: read by an earlier run
    encoded: tuple[bytes, ...] = ()  # each page as the store keeps it (readings.encode)
    packed: bytes = b""  # the pages pickled, from a reading process or a Dask worker
    kept_as: tuple[tuple[str, int | None], ...] = ()  # each page's file name and board

    def readings(self) -> tuple[PageReading, ...]:
        """The chunk's page readings (unpacked here when they came packed)."""
        if not self.packed:
            return self.pages
        pages: tuple[PageReading, ...] = pickle.loads(self.packed)  # noqa: S301 - our own
        return pages

    def stored_names(self) -> tuple[tuple[str, int | None], ...]:
        """Each page's scan file name and board, as its record in the store names them."""
        if self.packed:
            return self.kept_as
        return tuple((Path(page.page.file).name, page.board) for page in self.pages)


def plan_chunks(
    event: str,
    session: int,
    files: Iterable[Path],
    size: int = DEFAULT_CHUNK_PAGES,
    setup: str = "",
) -> list[PageChunk]:
    """The session's scan files (as ``scan_files`` lists them) in chunks of ``size`` pages."""
    from ocr.reader import page_count
    from pipeline.doors.scans.reading import file_digest

    if size < 1:
        raise ValueError("a chunk holds at least one page")
    chunks: list[PageChunk] = []
    for file in files:
        count, digest = page_count(file), file_digest(file)
        for first in range(1, count + 1, size):
            last = min(first + size - 1, count)
            chunks.append(PageChunk(event, session, len(chunks), file, first, last, setup,
                                    digest))  # fmt: skip
    return chunks


def event_chunks(
    name: str, event: Event, plan: Iterable[SessionFiles], size: int = DEFAULT_CHUNK_PAGES
) -> dict[int, list[PageChunk]]:
    """Each session's scans (of the event's files ``plan``: sessions with scans only) in
    chunks of ``size`` pages, for the batch's event ``name``."""
    from pipeline.doors.scans.reading import scan_files

    setup = event_setup(event)
    return {files.session: plan_chunks(name, files.session, scan_files(files.scans), size, setup)
            for files in plan if files.scans}  # fmt: skip


def event_setup(event: Event) -> str:
    """A digest of the event as the reader sees it (computed once per event, not per chunk),
    naming the readers a worker process keeps for it: a worker that outlives one batch
    never reads an event with a reader built for another event of the same name.

    It hashes the event's pickle, not its canonical JSON (pipeline/store/codec.py): the
    digest is a key within running processes, never stored, and the pickle is a hundred
    times cheaper to make (1.3 ms against 197 ms for an event of 13 tables, 2026-11-28).
    Two equal events whose pickles differ would only build a reader twice."""
    return hashlib.sha256(pickle.dumps(event, protocol=5)).hexdigest()


# Readers built in this process, by (event setup, session, thread): a worker reads many
# chunks of the same session, and a reader's first build (digit model, movement) costs
# more than a page. One per thread, as a reader is not meant to be shared between threads.
_READERS: OrderedDict[tuple[str, int, int], ScanReader] = OrderedDict()
_READERS_LOCK = Lock()
_READERS_KEPT = 16


def _reader(event: Event, chunk: PageChunk) -> ScanReader:
    from pipeline.doors.scans.reading import scan_reader

    key = (chunk.setup or event_setup(event), chunk.session, get_ident())
    with _READERS_LOCK:
        reader = _READERS.get(key)
        if reader is not None:
            _READERS.move_to_end(key)
            return reader
    reader = scan_reader(event, chunk.session)
    with _READERS_LOCK:
        _READERS[key] = reader
        while len(_READERS) > _READERS_KEPT:
            _READERS.popitem(last=False)
    return reader


def reader_key(event: Event, chunk: PageChunk) -> str:
    """The version of the reader that reads ``chunk`` (its code, model and layout, and the
    session's movement): stored readings of another version are read again."""
    from pipeline.doors.scans.reading import reader_key as key

    return key(_reader(event, chunk), event, chunk.session)


def read_chunk(event: Event, chunk: PageChunk) -> list[PageReading]:
    """Read the chunk's pages with the session's reader (as ``bridgescan run`` reads them)."""
    from ocr.reader import load_pages

    reader = _reader(event, chunk)
    return [reader.read_image(image, ref) for ref, image in load_pages(chunk.file, chunk.first,
                                                                        chunk.last)]  # fmt: skip


def read_for_store(event: Event, chunk: PageChunk) -> ChunkRead:
    """The chunk read, each page also encoded for the event store, and the time it took:
    what a thread or a Dask worker sends back to the batch."""
    from pipeline.flows.collector import settle_reader_process
    from pipeline.flows.readings import encode

    started = time.perf_counter()
    pages = tuple(read_chunk(event, chunk))
    settle_reader_process()  # once, with the reader built: its model is long-lived
    encoded = tuple(encode(page) for page in pages)
    return ChunkRead(chunk, pages, time.perf_counter() - started, encoded=encoded)


def read_packed_for_store(event: Event, chunk: PageChunk) -> ChunkRead:
    """``read_for_store`` with the readings packed: what a process that reads for the batch
    (a reading process, a Dask worker) sends back. They are pickled to be sent anyway; as
    one value of their own they stay bytes in the batch's process until their event is
    scored."""
    result = read_for_store(event, chunk)
    return replace(result, pages=(), packed=pickle.dumps(result.pages, protocol=5),
                   kept_as=result.stored_names())  # fmt: skip


def in_scan_order(chunks: Iterable[tuple[PageChunk, Sequence[PageReading]]]) -> list[PageReading]:
    """The pages of a session's chunks in scan order, whatever order the chunks finished in."""
    ranked = sorted(chunks, key=lambda item: item[0].index)
    return [page for _, pages in ranked for page in pages]
