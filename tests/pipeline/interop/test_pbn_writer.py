"""Writing PBN: export syntax, encodings, and round trips through our own reader."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.events.hands import Deal
from pipeline.interop.apply import apply_scores
from pipeline.interop.convert import session_from_travellers
from pipeline.interop.pbn import read_pbn_bytes
from pipeline.interop.pbn_syntax import parse_pbn, table_rows
from pipeline.interop.pbn_writer import check_pbn_export, pbn_text, write_pbn
from pipeline.interop.score import rescore
from pipeline.results.field_records import FieldOptions
from scoring.contract import Contract, Seat, Strain
from scoring.outcome import Adjustment, Artificial, Weighted
from scoring.traveller import TravellerRow
from tests.hypothesis_profiles import draws

DEAL = Deal.parse("N:AKQ2.J43.T98.765 JT9.AKQ2.765.T98 876.T98.AKQ2.J43 543.765.J43.AKQ2")

A60_40 = Adjustment(Artificial(Fraction(60)), Artificial(Fraction(40)))


def _rows() -> list[TravellerRow]:
    return [
        TravellerRow(1, 1, 1, Contract(4, Strain.SPADES), Seat.NORTH, 10, round=1, table=1),
        TravellerRow(1, 2, 2, Contract(3, Strain.NOTRUMP), Seat.EAST, 8, round=1, table=2),
        TravellerRow(1, 3, 3, passed_out=True, round=1, table=3),
        TravellerRow(2, 1, 2, adjustment=A60_40, round=2, table=1),
        TravellerRow(2, 2, 3, Contract(2, Strain.HEARTS), Seat.WEST, 8, round=2, table=2),
        TravellerRow(2, 3, 1, adjustment=Adjustment(Weighted.of(-200), Weighted.of(-200)),
                     round=2, table=3),
    ]  # fmt: skip


def _session(names: dict[str, tuple[str, ...]] | None = None) -> object:
    session = session_from_travellers(
        _rows(), event="Höstcup", mitchell=True, names=names or {}, deals={1: DEAL}
    )
    return apply_scores(session, rescore(session, FieldOptions()))


def test_export_has_the_standard_shape() -> None:
    data = write_pbn(_session())  # type: ignore[arg-type]
    assert check_pbn_export(data) == []
    text = data.decode("iso-8859-1")
    assert text.startswith("% PBN 2.1\r\n% EXPORT\r\n")
    assert "\n" not in text.replace("\r\n", "")
    assert text.count("[TotalScoreTable ") == 1  # only in the first game
    assert text.count("[ScoreTable ") == 2
    assert '[Deal "N:AKQ2.J43.T98.765 JT9.AKQ2.765.T98 876.T98.AKQ2.J43 543.765.J43.AKQ2"]' in text
    assert '[Event "Höstcup"]' in text


def test_latin1_when_possible_else_utf8() -> None:
    nordic = write_pbn(_session({"1NS": ("Åsa", "Öberg")}))  # type: ignore[arg-type]
    assert "Åsa".encode("iso-8859-1") in nordic
    polish = write_pbn(_session({"1NS": ("Łukasz", "Ćwik")}))  # type: ignore[arg-type]
    assert "Łukasz".encode() in polish
    assert read_pbn_bytes(polish, "p.pbn").pairs[1].names == ("Łukasz", "Ćwik")


def test_round_trip_keeps_every_result_and_figure() -> None:
    session = _session({"1NS": ("Åsa Öberg", 'Ola "Bamse" Ek')})
    back = read_pbn_bytes(write_pbn(session), "back.pbn")  # type: ignore[arg-type]
    for ours, theirs in zip(session.results, back.results, strict=True):  # type: ignore[attr-defined]
        assert (theirs.contract, theirs.declarer, theirs.tricks, theirs.adjustment) == (
            ours.contract, ours.declarer, ours.tricks, ours.adjustment,
        )  # fmt: skip
        assert theirs.ns_score == ours.ns_score
        # Matchpoints are written with at most 2 decimals; these are exact in 0.1.
        assert (theirs.ns_mp, theirs.ew_mp) == (ours.ns_mp, ours.ew_mp)
    pair = next(p for p in back.pairs if p.key == "1NS")
    assert pair.names == ("Åsa Öberg", 'Ola "Bamse" Ek')
    assert back.board(1).deal == DEAL
    assert back.by_direction


def test_written_figures_by_hand() -> None:
    # Board 1, N = 3 results: +420 (4S= N, none vul), +50 (3NT-1 E), 0 (passed out).
    # 2-1-0: +420 beats both = 4, +50 beats one = 2, 0 = 0; EW the complement of top 4.
    game = parse_pbn(pbn_text(_session())).games[0]  # type: ignore[arg-type]
    tag = game.get("ScoreTable")
    assert tag is not None
    _, rows = table_rows(tag, "t.pbn")
    assert [(row["mp_ns"], row["mp_ew"]) for _, row in rows] == [("4", "0"), ("2", "2"), ("0", "4")]
    assert [row["score_ns"] for _, row in rows] == ["420", "50", "0"]
    assert rows[2][1]["contract"] == "Pass"


def test_assigned_and_split_scores_round_trip() -> None:
    split = Adjustment(Weighted.of(420), Weighted.of(-100))
    rows = [*_rows(), TravellerRow(1, 4, 4, adjustment=split)]
    session = session_from_travellers(rows, event="x", mitchell=True)
    back = read_pbn_bytes(write_pbn(session), "s.pbn")
    assert back.board(1).results[-1].adjustment == split
    assert back.board(2).results[-1].adjustment == Adjustment(Weighted.of(-200), Weighted.of(-200))


_results = st.lists(
    st.tuples(
        st.integers(1, 7),
        st.sampled_from(list(Strain)),
        st.sampled_from(list(Seat)),
        st.integers(0, 13),
        st.sampled_from([None, "A60/40", "A50/50", "A40/60"]),
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=draws(40), deadline=None)
@given(_results)
def test_any_session_round_trips(lines: list[tuple[int, Strain, Seat, int, str | None]]) -> None:
    rows = []
    for index, (level, strain, seat, tricks, adjusted) in enumerate(lines, start=1):
        if adjusted:
            ns, ew = (Fraction(int(p)) for p in adjusted[1:].split("/"))
            adjustment = Adjustment(Artificial(ns), Artificial(ew))
            rows.append(TravellerRow(1, index, index, adjustment=adjustment))
        else:
            rows.append(TravellerRow(1, index, index, Contract(level, strain), seat, tricks))
    session = session_from_travellers(rows, event="x", mitchell=True)
    scored = apply_scores(session, rescore(session, FieldOptions()))
    data = write_pbn(scored)
    assert check_pbn_export(data) == []
    back = read_pbn_bytes(data, "h.pbn")
    assert [(r.contract, r.declarer, r.tricks, r.ns_score, r.adjustment) for r in back.results] == [
        (r.contract, r.declarer, r.tricks, r.ns_score, r.adjustment) for r in scored.results
    ]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b'% PBN 2.1\n[Event "x"]\n', "CRLF"),
        (b'[Event "x"]\r\n', "line 1: export format starts with"),
        (b'% PBN 2.1\r\n[Event  "x"]\r\n', "one space"),
        (b'% PBN 2.1\r\n[Board "1"]\r\n', "mandatory tags"),
    ],
)
def test_export_checker_finds_violations(data: bytes, problem: str) -> None:
    assert any(problem in p for p in check_pbn_export(data))


def test_double_dummy_and_par_go_into_the_pbn_file() -> None:
    from pipeline.events.hand_records import analyse
    from pipeline.interop.deals import read_deals

    records = {r.board: r for r in analyse(read_deals(f"1 {DEAL.pbn()}\n".encode()))}
    data = write_pbn(_session(), records)  # type: ignore[arg-type]
    assert check_pbn_export(data) == []
    game = parse_pbn(data).games[0]
    assert game.value("OptimumScore") == "EW 70"  # par -70 for NS: 1C by E or W
    tag = game.get("OptimumResultTable")
    assert tag is not None
    _, rows = table_rows(tag, "dd.pbn")
    by_key = {(row["declarer"], row["denomination"]): row["result"] for _, row in rows}
    assert len(by_key) == 20 and by_key[("W", "C")] == "7" and by_key[("N", "S")] == "6"
    assert read_pbn_bytes(data, "dd.pbn").board(1).results  # still reads as results
