"""The main job's plain steps: merging the doors, recording rows, re-runs without duplicates."""

from pipeline.flows.steps import merge_rows, record_rows, row_key
from pipeline.store import EventStore
from scoring.contract import Contract, Seat
from scoring.outcome import parse_adjustment
from scoring.traveller import Source, TravellerRow

SCANNED = (
    TravellerRow(1, 1, 8, Contract.parse("4S"), Seat.NORTH, 10, written_score_ns=420,
                 source=Source("s.pdf", page=1, row=1)),
    TravellerRow(1, 2, 9, Contract.parse("3NT"), Seat.SOUTH, 9, written_score_ns=400,
                 source=Source("s.pdf", page=1, row=2)),
)  # fmt: skip
DIRECTOR = TravellerRow(1, 2, 9, adjustment=parse_adjustment("A60/40"),
                        source=Source("director.csv", row=2))  # fmt: skip


def test_a_typed_row_supersedes_the_scanned_line_and_says_so() -> None:
    rows, notes = merge_rows(SCANNED, [DIRECTOR])
    assert rows == (SCANNED[0], DIRECTOR)
    assert notes == (
        "board 1, NS 2 vs EW 9: the typed row (director.csv, row 2) replaces the scanned one "
        "(s.pdf, page 1, row 2)",
    )
    extra = TravellerRow(2, 1, 8, passed_out=True, source=Source("director.csv", row=3))
    assert merge_rows(SCANNED, [extra]) == ((*SCANNED, extra), ())


def test_rows_are_recorded_once_superseded_and_tombstoned(tmp_path) -> None:
    with EventStore(tmp_path / "store.db") as store:
        assert record_rows(store, 1, SCANNED) == 2
        assert record_rows(store, 1, SCANNED) == 0  # a re-run adds nothing
        merged, _ = merge_rows(SCANNED, [DIRECTOR])
        assert record_rows(store, 1, merged) == 1
        history = store.history("row", row_key(1, DIRECTOR))
        assert [(r.actor, r.value) for r in history] == [
            ("scanner", SCANNED[1]),
            ("typed", DIRECTOR),
        ]
        assert record_rows(store, 1, merged[:1]) == 1  # the line is gone: a tombstone
        assert store.latest("row", row_key(1, DIRECTOR)).value is None
        assert store.verify() == 4
