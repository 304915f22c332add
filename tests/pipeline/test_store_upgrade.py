"""A store written by release 0.1.0 opens and reads in full with today's code.

The fixture (tests/pipeline/data/store-0.1.0/, its README says how it was made) was written
before the codec's stable type names existed: its records name their types by module path.
"""

import shutil
from pathlib import Path

from pipeline.store import EventStore
from scoring.contract import Seat
from scoring.event import Event
from scoring.outcome import Adjustment
from scoring.traveller import TravellerRow

FIXTURE = Path(__file__).parent / "data" / "store-0.1.0"
HEAD = "08a09b8ec44193fa32759bcf2366d0ad4cd7a1b0965e7abeca588bc0a15f8ced"


def _copy(tmp_path: Path) -> Path:
    path = tmp_path / "bridgescan.sqlite"
    shutil.copy(FIXTURE / "bridgescan.sqlite", path)
    return path


def test_the_old_store_verifies_and_every_record_decodes(tmp_path) -> None:
    with EventStore(_copy(tmp_path)) as store:
        assert store.verify() == 29
        kinds = {}
        for kind in ("event", "scan", "reading", "decision", "row", "results"):
            records = [r for key in store.current(kind) for r in store.history(kind, key)]
            kinds[kind] = len(records)
        assert kinds == {"event": 1, "scan": 3, "reading": 3, "decision": 2, "row": 18,
                         "results": 2}  # fmt: skip
        event = store.latest("event", "event").value
        assert isinstance(event, Event) and event.name == "Store upgrade evening"
        assert [p.players[0].name for p in event.session(1).sections[0].pairs][0] == "Åsa Berg"
        rows = store.current("row", "s1/")
        assert all(isinstance(r.value, TravellerRow) for r in rows.values())
        adjusted = rows["s1/A/b2/4-1"].value
        assert isinstance(adjusted.adjustment, Adjustment)
        decided = [r.value for r in rows.values() if r.actor == "review: TD Eva"]
        assert {(r.board, r.declarer, r.written_score_ns) for r in decided} == {
            (1, Seat.SOUTH, 420), (3, Seat.WEST, -170)}  # fmt: skip
        decisions = store.current("decision")
        assert decisions["slip1.jpg#p1r1"].value.value == "4-1 4S S = +420"
        for scan in store.current("scan").values():
            data = store.blob(scan.value["blob"])
            assert data[:2] == b"\xff\xd8"  # the JPEG as scanned, byte for byte
            assert data == (FIXTURE / "event" / "scans" / scan.value["file"]).read_bytes()


def test_the_old_chain_head_is_unchanged(tmp_path) -> None:
    import sqlite3

    path = _copy(tmp_path)
    with EventStore(path) as store:
        store.verify()
    db = sqlite3.connect(path)
    assert db.execute("SELECT chain FROM records ORDER BY seq DESC LIMIT 1").fetchone()[0] == HEAD
