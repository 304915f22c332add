"""A re-run reads no page it has read before: readings kept by scan content and reader version.

On the three scanned slips of the 0.1.0 fixture event (tests/pipeline/store/data/store-0.1.0/):
read once and kept; read again, every page comes from the store, equal to what was read,
named as the file is named now; a changed reader (its threshold, its model, the session's
movement) reads them again. Run on both back ends.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from ocr.reading import RowStatus
from ocr.version import reader_version
from pipeline.doors.scans.reading import accepted_rows, read_scans, reader_key, scan_reader
from pipeline.events.eventfile import load_event
from pipeline.flows.readings import KIND, StoredReadings
from pipeline.store import EventStore

EVENT = Path(__file__).parent / "data" / "store-0.1.0" / "event"


@pytest.fixture(scope="module")
def event():  # noqa: ANN201
    return load_event(EVENT / "event.yaml")


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
        assert accepted_rows(again) == accepted_rows(first) and len(accepted_rows(first)) == 3
        assert all(type(r.status) is RowStatus for p in again for r in p.rows)
        kept = store.current(KIND)
        assert len(kept) == 3 and {r.value["board"] for r in kept.values()} == {1, 2, 3}
        assert store.verify() == 3 * 2  # a record and its blob (in the chain) per page


def test_the_same_scans_elsewhere_are_taken_under_their_new_names(store_url, event,
                                                                  tmp_path) -> None:  # fmt: skip
    moved = tmp_path / "elsewhere"
    shutil.copytree(EVENT / "scans", moved)
    with EventStore(store_url) as store:
        first, _ = _read(store, event, EVENT / "scans")
        again, stored = _read(store, event, moved)
        assert stored.reused == 3
        for old, new in zip(first, again, strict=True):
            assert new.page.file == str(moved / Path(old.page.file).name)
            assert {r.page for r in new.rows} <= {new.page}
            assert all(f.crop.page == new.page for r in new.rows for f in r.fields)
            assert (new.board, new.rows[0].best) == (old.board, old.rows[0].best)


def test_a_changed_reader_reads_the_pages_again(store_url, event) -> None:
    with EventStore(store_url) as store:
        reader = scan_reader(event, 1)
        _read(store, event, EVENT / "scans", reader)
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
