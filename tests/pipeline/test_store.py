"""The event store keeps everything, supersedes instead of changing, and shows tampering."""

import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from pipeline.store import EventStore, TamperedError
from pipeline.store.codec import dumps, loads
from scoring.contract import Contract, Seat
from scoring.outcome import parse_adjustment
from scoring.traveller import Source, TravellerRow

ROW = TravellerRow(
    board=3, ns_pair=2, ew_pair=9, contract=Contract.parse("3NTX"), declarer=Seat.WEST,
    tricks=8, written_score_ns=200, round=4, table=2, source=Source("scan.pdf", page=3, row=4),
)  # fmt: skip


def test_records_round_trip_through_json() -> None:
    adjusted = TravellerRow(
        board=1, ns_pair=1, ew_pair=2, adjustment=parse_adjustment("50% 420, 50% 170/-100")
    )
    for value in (ROW, adjusted, {"total": Fraction(7, 3), "pairs": (1, 2)}):
        assert loads(dumps(value)) == value
    assert loads(dumps(ROW)).source == ROW.source  # not part of equality, still kept


def test_a_whole_event_round_trips() -> None:
    from pipeline.events.eventfile import load_event

    event = load_event(Path(__file__).parents[2] / "sample_data" / "club-evening" / "event.yaml")
    assert loads(dumps(event)) == event


def test_decoding_refuses_foreign_types() -> None:
    with pytest.raises(ValueError, match="foreign type"):
        loads('{"__type__": "os:system"}')
    with pytest.raises(ValueError, match="foreign type"):
        loads('{"__type__": "pipeline.store:EventStore"}')  # ours, but not a record type


def test_stored_type_names_are_stable_names_not_module_paths() -> None:
    text = dumps(ROW)
    assert '"__type__":"traveller-row"' in text and '"__enum__":"seat"' in text
    assert "scoring." not in text  # moving a module must not change what is stored


def test_every_registered_type_resolves_and_legacy_names_point_at_it() -> None:
    from pipeline.store.codec import LEGACY_NAMES, RECORD_TYPES, resolve

    for name in RECORD_TYPES:
        assert resolve(name).__name__ == RECORD_TYPES[name].rpartition(":")[2].split(".")[-1]
    for old, stable in LEGACY_NAMES.items():
        assert resolve(old) is resolve(stable)


def test_an_unregistered_type_is_refused_when_storing() -> None:
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Stray:
        x: int

    with pytest.raises(TypeError, match="stable name"):
        dumps(Stray(1))


def test_append_supersede_and_history(tmp_path) -> None:
    with EventStore(tmp_path / "store.db") as store:
        first = store.append("row", "s1/b3/t2", ROW, actor="scanner")
        again = store.append("row", "s1/b3/t2", ROW, actor="scanner")
        assert again.seq == first.seq  # a re-run adds nothing
        fixed = TravellerRow(**{**ROW.__dict__, "tricks": 9, "written_score_ns": -550})
        store.append("row", "s1/b3/t2", fixed, actor="td", reason="score column misread")
        back = store.append("row", "s1/b3/t2", ROW, actor="td", reason="undo")
        assert [r.value.tricks for r in store.history("row", "s1/b3/t2")] == [8, 9, 8]
        assert store.current("row")["s1/b3/t2"].seq == back.seq
        assert store.latest("row", "nothing") is None
        assert store.verify() == 3


def test_current_filters_by_key_prefix(tmp_path) -> None:
    with EventStore(tmp_path / "store.db") as store:
        store.append("row", "s1/b1", 1)
        store.append("row", "s1_/b1", 2)  # "_" must not act as a wildcard
        store.append("row", "s2/b1", 3)
        assert sorted(store.current("row", "s1/")) == ["s1/b1"]


def test_store_is_append_only_and_tamper_evident(tmp_path) -> None:
    path = tmp_path / "store.db"
    with EventStore(path) as store:
        store.append("row", "a", ROW)
        store.append("row", "b", 42)
    raw = sqlite3.connect(path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw.execute("UPDATE records SET payload = '43' WHERE key = 'b'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        raw.execute("DELETE FROM records")
    raw.execute("DROP TRIGGER records_no_update")  # a determined editor
    raw.execute("UPDATE records SET payload = '43' WHERE key = 'b'")
    raw.commit()
    raw.close()
    with EventStore(path) as store, pytest.raises(TamperedError, match="record 2"):
        store.verify()


def test_blobs_are_kept_once_by_content(tmp_path) -> None:
    with EventStore(tmp_path / "store.db") as store:
        digest = store.put_blob("page1.png", b"\x89PNG...")
        assert store.put_blob("copy.png", b"\x89PNG...") == digest
        assert store.blob(digest) == b"\x89PNG..."
        with pytest.raises(KeyError):
            store.blob("0" * 64)
