"""A re-run takes a session's scans whole from the store when nothing they depend on changed.

On the three scanned slips of the 0.1.0 fixture event (tests/pipeline/store/data/): the run
flow's ``read scans`` step (``read_scans.fn``, without Prefect) reads them once, keeps them
and records the session's fingerprint; run again it sets up no reader, records nothing and
gives exactly the session it gave before (pages, rows, review items with their crops). A
moved folder, another scan, another event or another reader changes the fingerprint, and the
step then goes the whole way (the pages themselves still taken as read before).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from pipeline.doors.inputs import SessionFiles
from pipeline.doors.scans import reading
from pipeline.events.eventfile import load_event
from pipeline.flows import session_readings
from pipeline.flows.prefect_env import configure_prefect
from pipeline.flows.session_readings import KIND, SessionScans
from pipeline.store import EventStore

configure_prefect()
from pipeline.flows.run_event import read_scans  # noqa: E402 - Prefect after its settings

EVENT = Path(__file__).parents[1] / "store" / "data" / "store-0.1.0" / "event"


@pytest.fixture(scope="module")
def event():  # noqa: ANN201
    return load_event(EVENT / "event.yaml")


def _recorded_event(store_path: Path, event) -> str:  # noqa: ANN001
    with EventStore(store_path) as store:
        return store.append("event", "event", event, actor="bridgescan").digest


@pytest.fixture(scope="module")
def first_read(tmp_path_factory, event):  # noqa: ANN001, ANN201
    """The three slips read once into a store (the module's tests each take a copy): the
    store's file, the event's record digest and the session as read."""
    folder = tmp_path_factory.mktemp("first-read")
    store_path = folder / "store.sqlite"
    digest = _recorded_event(store_path, event)
    first = read_scans.fn(event, SessionFiles(1, (EVENT / "scans",)), store_path, folder, digest)
    return store_path, digest, first


def _copy(first_read, tmp_path: Path) -> tuple[Path, str]:  # noqa: ANN001
    store_path = tmp_path / "store.sqlite"
    shutil.copyfile(first_read[0], store_path)
    return store_path, first_read[1]


def _no_reader(*_args: object) -> None:
    raise AssertionError("a reader was set up for a session whose fingerprint is unchanged")


def test_an_unchanged_session_is_taken_whole_and_recorded_once(tmp_path, event, first_read,
                                                               monkeypatch) -> None:  # fmt: skip
    (store_path, digest), first = _copy(first_read, tmp_path), first_read[2]
    files = SessionFiles(1, (EVENT / "scans",))
    assert (first.reused, len(first.pages)) == (0, 3)
    with EventStore(store_path) as store:
        head = store.head()
        kept = store.latest(KIND, "s1")
        assert kept is not None and kept.actor == "reader"
        # slip1.jpg, slip2.jpg, slip3.jpg: one page each, in scan order
        assert [(index, page) for index, page, _blob in kept.value["pages"]] == [
            (0, 1), (1, 1), (2, 1)]  # fmt: skip
    monkeypatch.setattr(reading, "scan_reader", _no_reader)
    again = read_scans.fn(event, files, store_path, tmp_path, digest)
    assert again == replace(first, reused=3)  # pages, rows, open and decided items, crops
    assert again.items and all(item.crop_png for item in again.items if item.kind == "row")
    with EventStore(store_path) as store:
        assert store.head() == head  # nothing recorded again: not the readings, not the scans
        assert store.verify() == head.records


# A fresh interpreter takes the session whole and builds its rows and review items: neither
# the reader (OpenCV, its model) nor the printer (reportlab) is loaded for it. The readings
# are decoded with the collector paused and frozen after (they live as long as the run):
# the collector is on again after, and the objects frozen are more than before.
TAKEN_WHOLE = """
import gc, sys
from pathlib import Path
from pipeline.doors.scans import reading, reviewed_rows
from pipeline.events.eventfile import load_event
from pipeline.flows.session_readings import SessionScans, stored_pages
from pipeline.store import EventStore
folder, store_path = Path(sys.argv[1]), sys.argv[2]
paths = reading.scan_files([folder / "scans"])
with EventStore(store_path) as store:
    digest = store.latest("event", "event").digest
    scans = SessionScans.of(digest, 1, paths, [reading.file_digest(p) for p in paths])
    frozen = gc.get_freeze_count()
    pages = stored_pages(store, scans)
    print(gc.isenabled(), gc.get_freeze_count() - frozen > 1000)
event = load_event(folder / "event.yaml")
session = reviewed_rows.review_rows(1, pages, {}, reading.queue_context(event, 1))
print(len(session.pages), [m for m in ("cv2", "reportlab", "ocr.reader") if m in sys.modules])
"""


def test_a_session_taken_whole_loads_no_reader_and_no_printer(tmp_path, first_read) -> None:
    store_path, _digest = _copy(first_read, tmp_path)
    done = subprocess.run([sys.executable, "-c", TAKEN_WHOLE, str(EVENT), str(store_path)],
                          capture_output=True, text=True, timeout=300, check=True)  # fmt: skip
    assert done.stdout.split("\n")[:2] == ["True True", "3 []"]


def test_moved_scans_go_the_whole_way_under_their_new_names(tmp_path, event,
                                                           first_read) -> None:  # fmt: skip
    store_path, digest = _copy(first_read, tmp_path)
    moved = tmp_path / "elsewhere"
    shutil.copytree(EVENT / "scans", moved)
    again = read_scans.fn(event, SessionFiles(1, (moved,)), store_path, tmp_path, digest)
    assert again.reused == 3  # the pages were still not read again, only looked up one by one
    assert [p.page.file for p in again.pages] == [str(moved / f"slip{n}.jpg") for n in (1, 2, 3)]
    with EventStore(store_path) as store:  # the record now names the moved scans
        paths = reading.scan_files([moved])
        files = SessionScans.of(digest, 1, paths, [reading.file_digest(p) for p in paths])
        assert store.latest(KIND, "s1").value["fingerprint"] == files.fingerprint


SCANS = [EVENT / "scans" / f"slip{n}.jpg" for n in (1, 2, 3)]
DIGESTS = ["a" * 64, "b" * 64, "c" * 64]


@pytest.mark.parametrize(
    ("what", "changed"),
    [
        ("another event file", dict(event_digest="other")),
        ("another session", dict(session=2)),
        ("a scan with other bytes", dict(digests=[*DIGESTS[:2], "d" * 64])),
        ("a scan moved", dict(paths=[*SCANS[:2], Path("/elsewhere/slip3.jpg")])),
        ("a scan fewer", dict(paths=SCANS[:2], digests=DIGESTS[:2])),
        ("the scans in another order", dict(paths=SCANS[::-1], digests=DIGESTS[::-1])),
    ],
)
def test_the_fingerprint_follows_what_the_readings_depend_on(what, changed) -> None:
    given = dict(event_digest="e" * 64, session=1, paths=SCANS, digests=DIGESTS)
    same = SessionScans.of(**given)
    assert same == SessionScans.of(**given)
    assert SessionScans.of(**{**given, **changed}).fingerprint != same.fingerprint, what


def test_another_reader_changes_the_fingerprint(monkeypatch) -> None:
    import ocr.version

    given = dict(event_digest="e" * 64, session=1, paths=SCANS, digests=DIGESTS)
    before = SessionScans.of(**given).fingerprint
    monkeypatch.setattr(ocr.version, "shipped_reader_digest", lambda: "a retrained model")
    assert SessionScans.of(**given).fingerprint != before


def test_nothing_is_remembered_for_a_page_whose_reading_is_not_kept(tmp_path, first_read) -> None:
    (store_path, digest), session = _copy(first_read, tmp_path), first_read[2]
    with EventStore(store_path) as store:
        scans = SessionScans.of(digest, 1, SCANS, [reading.file_digest(p) for p in SCANS])
        head = store.head()
        assert not session_readings.remember(store, scans, "reader-of-another-key", session.pages)
        assert store.head() == head
