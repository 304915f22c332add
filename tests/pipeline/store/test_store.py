"""The event store keeps everything, supersedes instead of changing, on both back ends.

Every store test here runs on SQLite and on a real PostgreSQL (the ``store_url`` fixture,
tests/conftest.py); the codec tests need no store.
"""

from fractions import Fraction
from pathlib import Path

import pytest

from pipeline.store import EventStore, StoreTooNewError, StoreUnavailableError
from pipeline.store.codec import dumps, loads
from scoring.contract import Contract, Seat
from scoring.outcome import parse_adjustment
from scoring.traveller import Source, TravellerRow
from tests.pipeline.store.store_raw import raw

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


def test_string_enums_come_back_as_members_not_strings() -> None:
    from ocr.reading import PageProblem, RowStatus

    for member in (RowStatus.ACCEPTED, PageProblem.UPSIDE_DOWN):
        back = loads(dumps((member,)))[0]
        assert back is member  # the reader compares with `is`
    assert dumps(RowStatus.REVIEW) == '{"__enum__":"row-status","value":"review"}'


def test_a_whole_event_round_trips() -> None:
    from pipeline.events.eventfile import load_event

    event = load_event(Path(__file__).parents[3] / "sample_data" / "club-evening" / "event.yaml")
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

    for _ in range(2):  # refused every time, not only the first
        with pytest.raises(TypeError, match="stable name"):
            dumps(Stray(1))


def test_each_kind_of_value_is_written_as_the_format_says() -> None:
    """The tags written by hand from the codec's docstring: a datetime is not a date, a
    tuple is not a list, a dict with a key that is not a string keeps its items."""
    from datetime import UTC, date, datetime

    value = {"b": b"\x00\xff", "d": date(2026, 11, 21), "f": Fraction(1, 3), "x": False,
             "p": (1, [2, None, 1.5]), "t": datetime(2026, 11, 21, 18, 5, tzinfo=UTC)}  # fmt: skip
    assert dumps(value) == (
        '{"b":{"__bytes__":"00ff"},"d":{"__date__":"2026-11-21"},"f":{"__fraction__":"1/3"},'
        '"p":{"__tuple__":[1,[2,null,1.5]]},"t":{"__datetime__":"2026-11-21T18:05:00+00:00"},'
        '"x":false}'
    )
    assert dumps({2: "a", "b": 1}) == '{"__items__":[[2,"a"],["b",1]]}'
    assert loads(dumps(value)) == value


def test_append_supersede_and_history(store_url) -> None:
    with EventStore(store_url) as store:
        first = store.append("row", "s1/b3/t2", ROW, actor="scanner")
        again = store.append("row", "s1/b3/t2", ROW, actor="scanner")
        assert again.seq == first.seq == 1  # a re-run adds nothing
        fixed = TravellerRow(**{**ROW.__dict__, "tricks": 9, "written_score_ns": -550})
        store.append("row", "s1/b3/t2", fixed, actor="td", reason="score column misread")
        back = store.append("row", "s1/b3/t2", ROW, actor="td", reason="undo")
        history = store.history("row", "s1/b3/t2")
        assert [r.value.tricks for r in history] == [8, 9, 8]
        assert [(r.seq, r.actor, r.reason) for r in history] == [
            (1, "scanner", ""), (2, "td", "score column misread"), (3, "td", "undo")]  # fmt: skip
        assert history[1].value.source == ROW.source  # decoded in full, source included
        assert store.current("row")["s1/b3/t2"].seq == back.seq
        assert store.latest("row", "s1/b3/t2") == back
        assert store.latest("row", "nothing") is None
        assert store.verify() == 3


def test_records_are_numbered_without_gaps_and_stamped_in_utc(store_url) -> None:
    with EventStore(store_url) as store:
        seqs = [store.append("row", f"k{i}", i).seq for i in range(5)]
        assert seqs == [1, 2, 3, 4, 5]
        at = store.latest("row", "k0").recorded_at
        assert at.endswith("+00:00") and "T" in at


def test_current_filters_by_key_prefix(store_url) -> None:
    with EventStore(store_url) as store:
        store.append("row", "s1/b1", 1)
        store.append("row", "s1_/b1", 2)  # "_" must not act as a wildcard
        store.append("row", "s1%/b1", 3)  # nor "%"
        store.append("row", "s2/b1", 4)
        store.append("reading", "s1/b1", 5)  # another kind
        assert sorted(store.current("row", "s1/")) == ["s1/b1"]
        assert sorted(store.current("row", "s1%")) == ["s1%/b1"]
        assert sorted(store.current("row")) == ["s1%/b1", "s1/b1", "s1_/b1", "s2/b1"]


def test_a_store_reopens_with_everything_in_it(store_url) -> None:
    with EventStore(store_url) as store:
        store.append("row", "a", ROW)
        digest = store.put_blob("scan.pdf", b"%PDF-1.7 ...")
    with EventStore(store_url) as store:
        assert store.latest("row", "a").value == ROW
        assert store.blob(digest) == b"%PDF-1.7 ..."
        assert store.verify() == 2


def test_blobs_are_kept_once_by_content_and_chained(store_url) -> None:
    with EventStore(store_url) as store:
        digest = store.put_blob("page1.png", b"\x89PNG...")
        assert store.put_blob("copy.png", b"\x89PNG...") == digest
        assert store.blob(digest) == b"\x89PNG..."
        record = store.latest("blob", digest)
        assert record.value == {"name": "page1.png", "size": 7}  # the first name stays
        assert store.verify() == 1
        with pytest.raises(KeyError):
            store.blob("0" * 64)


def test_many_blobs_kept_in_one_transaction_as_one_by_one(store_url) -> None:
    import hashlib

    with EventStore(store_url) as store:
        first = store.put_blob("p1.json.z", b"one")
        files = [("p1-again.json.z", b"one"), ("p2.json.z", b"two"), ("p3.json.z", b"three"),
                 ("p2-copy.json.z", b"two")]  # fmt: skip
        digests = store.put_blobs(files)
        assert digests == [hashlib.sha256(data).hexdigest() for _, data in files]
        assert digests[0] == first
        chained = sorted(store.current("blob").values(), key=lambda record: record.seq)
        assert [(r.seq, r.key, r.value) for r in chained] == [
            (1, digests[0], {"name": "p1.json.z", "size": 3}),  # kept before: nothing new
            (2, digests[1], {"name": "p2.json.z", "size": 3}),  # the first name stays
            (3, digests[2], {"name": "p3.json.z", "size": 5}),
        ]
        assert chained[1].recorded_at == chained[2].recorded_at  # one append, stamped once
        assert store.blob(digests[2]) == b"three"
        assert store.put_blobs([]) == []
        assert store.verify() == 3


def test_an_append_of_many_keys_adds_only_what_changed(store_url) -> None:
    from pipeline.store import Append

    # more keys of one kind than one look-up asks for (500), and a second kind
    entries = [Append("row", f"s1/b{i}", i) for i in range(1200)]
    entries += [Append("reading", f"p{i}", -i) for i in range(3)]
    with EventStore(store_url) as store:
        assert [r.seq for r in store.append_many(entries)] == list(range(1, 1204))
        assert [r.seq for r in store.append_many(entries)] == list(range(1, 1204))  # a re-run
        store.append("row", "s1/b1100", "changed")  # record 1204
        made = store.append_many(entries)
        assert [r.seq for r in made] == [*range(1, 1101), 1205, *range(1102, 1204)]
        assert made[1100].value == 1100 and store.latest("row", "s1/b1100").seq == 1205
        assert store.verify() == 1205


def test_the_store_refuses_update_and_delete(store_url) -> None:
    with EventStore(store_url) as store:
        store.append("row", "a", ROW)
        store.put_blob("scan.png", b"scan")
    statements = [
        "UPDATE records SET payload = '43' WHERE seq = 1",
        "DELETE FROM records",
        "UPDATE blobs SET data = ?",
        "DELETE FROM blobs",
    ]
    if "postgresql" in store_url:
        statements += ["TRUNCATE records", "TRUNCATE blobs"]
    for statement in statements:
        params = (b"other",) if "?" in statement else ()
        with pytest.raises(Exception, match="append-only"):
            raw(store_url, statement, params=params)
    with EventStore(store_url) as store:
        assert store.verify() == 2


def test_the_store_records_its_schema_and_refuses_a_newer_one(store_url) -> None:
    from pipeline.store.upgrade import head_revision

    with EventStore(store_url) as store:
        assert store.schema == head_revision()
        store.append("row", "a", 1)
    assert raw(store_url, "SELECT version_num FROM alembic_version") == [(head_revision(),)]
    raw(store_url, "UPDATE alembic_version SET version_num = '0099'")
    with pytest.raises(StoreTooNewError, match="schema 0099, written by a newer bridgescan"):
        EventStore(store_url)
    assert raw(store_url, "SELECT count(*) FROM records") == [(1,)]  # nothing was changed


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs /proc, where no file is made")
def test_a_new_store_where_no_file_can_be_made_is_unavailable_not_a_crash() -> None:
    """A folder that takes no new file (here /proc, even for root): sqlite3's own error
    said as the store's, which a command turns into one line and its exit code."""
    with pytest.raises(StoreUnavailableError, match="no event store can be made here"):
        EventStore(Path("/proc/bridgescan-store-test.sqlite"), seal=None)
    with pytest.raises(StoreUnavailableError, match="no event store can be made here"):
        EventStore(Path("/proc/bridgescan-store-test/x.sqlite"), seal=None)
