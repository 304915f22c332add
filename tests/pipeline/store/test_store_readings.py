"""A re-run reads no page it has read before: readings kept by scan content and reader version.

On the three scanned slips of the 0.1.0 fixture event (tests/pipeline/store/data/store-0.1.0/):
read once and kept; read again, every page comes from the store, equal to what was read,
named as the file is named now; a changed reader (its threshold, its model, the session's
movement) reads them again. Run on both back ends.

The reader reads the three pages for the first test on each back end; the tests that go on
from a store already holding them (the same scans elsewhere, a changed reader) start from
the pages as the module read them once, put in their store as a first read puts them
(``StoredReadings.put``, the pages as read, before the stack's checks), not read again.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from ocr.reading import RowStatus
from ocr.version import reader_version
from pipeline.doors.scans.reading import read_scans, reader_key, scan_reader
from pipeline.doors.scans.reviewed_rows import accepted_rows
from pipeline.events.eventfile import load_event
from pipeline.flows.readings import KIND, StoredReadings
from pipeline.store import EventStore

EVENT = Path(__file__).parent / "data" / "store-0.1.0" / "event"


@pytest.fixture(scope="module")
def event():  # noqa: ANN201
    return load_event(EVENT / "event.yaml")


class _Kept:
    """A page cache that keeps nothing to give back: every page is read, and what a store
    would keep of each is here, by scan digest and page number."""

    def __init__(self) -> None:
        self.pages: dict[tuple[str, int], object] = {}

    def get(self, file_digest: str, page: int) -> None:
        return None

    def put(self, file_digest: str, page: int, reading) -> None:  # noqa: ANN001
        self.pages[(file_digest, page)] = reading


@pytest.fixture(scope="module")
def read_once(event):  # noqa: ANN001, ANN201
    """The fixture event's three pages read once by its session's reader, as a first read
    into an empty store keeps them."""
    kept = _Kept()
    read_scans(scan_reader(event, 1), [EVENT / "scans"], cache=kept)
    assert len(kept.pages) == 3
    return kept.pages


def _read_before(store: EventStore, event, read_once) -> None:  # noqa: ANN001
    """The store holding the module's first reading, as ``_read`` into it would leave it."""
    stored = StoredReadings(store, reader_key(scan_reader(event, 1), event, 1))
    for (digest, page), reading in read_once.items():
        stored.put(digest, page, reading)


def _read(store: EventStore, event, scans: Path, reader=None):  # noqa: ANN001, ANN202
    reader = reader or scan_reader(event, 1)
    stored = StoredReadings(store, reader_key(reader, event, 1))
    seen = []
    pages = read_scans(reader, [scans], on_page=seen.append, cache=stored)
    assert len(seen) == len(pages)  # every page reported, read or not
    return pages, stored


def test_a_page_read_before_is_not_read_again(store_url, event, tmp_path) -> None:
    with EventStore(store_url) as store:
        first, stored = _read(store, event, EVENT / "scans")
        assert (stored.read, stored.reused) == (3, 0)
        assert [p.board for p in first] == [1, 2, 3]
        again, stored = _read(store, event, EVENT / "scans")
        assert (stored.read, stored.reused) == (0, 3)
        assert again == first  # exactly as read: fields, candidates, crops, posteriors
        # four rows accepted: slip 3's first row (3H+1 by West, 170 written) has its level's
        # slash run out towards 4, which a written 170 rules out (4H= would be 420)
        assert accepted_rows(again) == accepted_rows(first) and len(accepted_rows(first)) == 4
        assert all(type(r.status) is RowStatus for p in again for r in p.rows)
        kept = store.current(KIND)
        assert len(kept) == 3 and {r.value["board"] for r in kept.values()} == {1, 2, 3}
        assert store.verify() == 3 * 2  # a record and its blob (in the chain) per page


def test_the_same_scans_elsewhere_are_taken_under_their_new_names(
    store_url, event, tmp_path, read_once
) -> None:
    moved = tmp_path / "elsewhere"
    shutil.copytree(EVENT / "scans", moved)
    with EventStore(store_url) as store:
        _read_before(store, event, read_once)
        first, stored = _read(store, event, EVENT / "scans")
        assert stored.reused == 3  # the pages as read, named as the file is named there
        again, stored = _read(store, event, moved)
        assert stored.reused == 3
        for old, new in zip(first, again, strict=True):
            assert new.page.file == str(moved / Path(old.page.file).name)
            assert {r.page for r in new.rows} <= {new.page}
            assert all(f.crop.page == new.page for r in new.rows for f in r.fields)
            assert (new.board, new.rows[0].best) == (old.board, old.rows[0].best)


def test_a_changed_reader_reads_the_pages_again(store_url, event, read_once) -> None:
    with EventStore(store_url) as store:
        reader = scan_reader(event, 1)
        _read_before(store, event, read_once)  # what the reader read
        stricter = replace(reader, threshold=reader.threshold + 0.001)
        _, stored = _read(store, event, EVENT / "scans", stricter)
        assert (stored.read, stored.reused) == (3, 0)
        _, stored = _read(store, event, EVENT / "scans", reader)  # both readings are kept
        assert stored.reused == 3


def test_the_reader_version_follows_what_the_reading_depends_on(event) -> None:
    reader = scan_reader(event, 1)
    version = reader_version(reader)
    assert version == reader_version(scan_reader(event, 1)) and version.startswith("reader-")
    model = reader.model
    retrained = replace(model, biases=(*model.biases[:-1], model.biases[-1] + np.float32(1e-3)))
    assert reader_version(replace(reader, model=retrained)) != version
    assert reader_version(replace(reader, threshold=reader.threshold / 2)) != version
    assert reader_version(replace(reader, read_printed=not reader.read_printed)) != version
    # the session's movement is part of the key: other pairs pre-printed, other readings
    key = reader_key(reader, event, 1)
    assert key.startswith(version) and key == reader_key(scan_reader(event, 1), event, 1)
    club = load_event(Path(__file__).parents[3] / "sample_data" / "club-evening" / "event.yaml")
    assert key != reader_key(reader, club, 1)
    # and the event and session the QR codes must name (session 2 has the same movement)
    assert key != reader_key(scan_reader(event, 2), event, 2)
