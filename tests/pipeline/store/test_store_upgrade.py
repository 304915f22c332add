"""A store written by release 0.1.0 opens, upgrades and reads in full with today's code.

The fixture (tests/pipeline/store/data/store-0.1.0/, its README says how it was made) was written
before the codec's stable type names and before schema versions existed: its records name
their types by module path, it has no ``alembic_version`` table and its blobs are outside
the chain. Opening it stamps it schema 0001 (0.1.0's own DDL) and upgrades it; the upgrade
checks the old chain, puts the three scans in the chain and records itself, all appended:
the 29 old records keep their seq, bytes and links.
"""

import shutil
import sqlite3
from pathlib import Path

import pytest

from pipeline.store import EventStore, TamperedError
from pipeline.store.upgrade import head_revision
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


def _old_rows(path: Path) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute(
            "SELECT seq, kind, key, payload, digest, actor, reason, recorded_at, chain"
            " FROM records WHERE seq <= 29 ORDER BY seq"
        ).fetchall()
    finally:
        db.close()


def test_the_old_store_verifies_and_every_record_decodes(tmp_path) -> None:
    with EventStore(_copy(tmp_path)) as store:
        assert store.verify() == 29 + 3 + 1  # + the three scans chained + the upgrade
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
            chained = store.latest("blob", scan.value["blob"])
            assert chained.value == {"name": scan.value["file"], "size": len(data)}


def test_the_upgrade_appends_and_changes_nothing_that_was_there(tmp_path) -> None:
    path = _copy(tmp_path)
    before = _old_rows(path)
    with EventStore(path) as store:
        assert store.schema == head_revision()
        upgrade = store.latest("store", "schema")
        assert upgrade.seq == 33 and upgrade.value["from"] == "0001"
        assert upgrade.value["schema"] == head_revision()
        assert store.check(f"29:{HEAD}").records == 33  # the 0.1.0 head is still in the chain
    assert _old_rows(path) == before
    assert before[-1][-1] == HEAD
    with EventStore(path) as store:  # opened again: already upgraded, nothing appended
        assert store.verify() == 33


def test_a_broken_old_store_is_not_upgraded(tmp_path) -> None:
    path = _copy(tmp_path)
    db = sqlite3.connect(path)
    db.execute("DROP TRIGGER records_no_update")
    db.execute("UPDATE records SET actor = 'someone' WHERE seq = 7")
    db.commit()
    db.close()
    with pytest.raises(TamperedError, match="the chain breaks at record 7"):
        EventStore(path)
    db = sqlite3.connect(path)  # left as it was: schema 0001, 29 records, no version table
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
    assert "alembic_version" not in tables
    assert db.execute("SELECT count(*) FROM records").fetchone() == (29,)
    db.close()


def test_the_schemas_this_release_knows_are_the_migrations_it_ships() -> None:
    """``REVISIONS`` lets a store at the head open without Alembic; it must say exactly
    what migrations/ holds, oldest first (a new migration without it would be refused)."""
    from pipeline.store.upgrade import REVISIONS, migration_revisions

    assert migration_revisions() == REVISIONS
    assert head_revision() == REVISIONS[-1]
