"""``compare``: a bridgescan export agrees with itself; planted differences are found and explained.

The session, worked by hand (2-1-0, N = 4 results per board, top 6):

Board 1 (none vul): +450 6/0, +420 4/2, +400 2/4, -50 0/6.
Board 2 (NS vul): 2H= W -110, 3H= W -140, 2S= N +110, and an A60/40.
  Among the 3 compared results (top 4): +110 4, -110 2, -140 0. Neuberg to N = 4,
  S' = (S + 1) 4/3 - 1: 4 -> 17/3 = 5.7, 2 -> 3, 0 -> 1/3 = 0.3 (0.1 rounding).
  A60/40: 60% and 40% of 6 = 3.6 / 2.4 in whole points (seed 004, the default): 60% up
  to 4, 40% down to 2; as plain percentages 3.6 / 2.4.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pipeline.interop.apply import apply_scores
from pipeline.interop.compare import compare_session
from pipeline.interop.convert import session_from_travellers
from pipeline.interop.detection import detect_options
from pipeline.interop.pbn import read_pbn_bytes
from pipeline.interop.pbn_writer import write_pbn
from pipeline.interop.records import ImportedSession, Scoring
from pipeline.interop.score import rescore
from pipeline.interop.usebio import read_usebio_bytes
from pipeline.interop.usebio_writer import write_usebio
from pipeline.results.field_records import FieldOptions
from scoring.contract import Contract, Seat, Strain
from scoring.event import EventKind
from scoring.imps import CrossImps
from scoring.matchpoints import Scale
from scoring.options import AdjustedRounding, Rounding, ScoringOptions
from scoring.outcome import Adjustment, Artificial
from scoring.traveller import TravellerRow
from tests.hypothesis_profiles import draws

S, H, NT = Strain.SPADES, Strain.HEARTS, Strain.NOTRUMP
A60_40 = Adjustment(Artificial(Fraction(60)), Artificial(Fraction(40)))
ROWS = [
    TravellerRow(1, 1, 1, Contract(4, S), Seat.NORTH, 10, round=1, table=1),  # +420
    TravellerRow(1, 2, 2, Contract(4, S), Seat.NORTH, 11, round=1, table=2),  # +450
    TravellerRow(1, 3, 3, Contract(3, NT), Seat.SOUTH, 9, round=1, table=3),  # +400
    TravellerRow(1, 4, 4, Contract(4, S), Seat.NORTH, 9, round=1, table=4),  # -50
    TravellerRow(2, 1, 2, Contract(2, H), Seat.WEST, 8, round=2, table=1),  # -110
    TravellerRow(2, 2, 3, Contract(3, H), Seat.WEST, 9, round=2, table=2),  # -140
    TravellerRow(2, 3, 4, Contract(2, S), Seat.NORTH, 8, round=2, table=3),  # +110
    TravellerRow(2, 4, 1, adjustment=A60_40, round=2, table=4),
]


def _session(options: FieldOptions | None = None) -> ImportedSession:
    session = session_from_travellers(ROWS, event="Club night", mitchell=True)
    return apply_scores(session, rescore(session, options or FieldOptions()))


def _via_pbn(session: ImportedSession) -> ImportedSession:
    return read_pbn_bytes(write_pbn(session), "night.pbn")


def _figures(session: ImportedSession, board: int) -> list[tuple[Fraction | None, ...]]:
    return [(r.ns_mp, r.ew_mp) for r in session.board(board).results]


def test_our_figures_match_the_hand_worked_session() -> None:
    session = _session()
    f = Fraction
    assert _figures(session, 1) == [(f(4), f(2)), (f(6), f(0)), (f(2), f(4)), (f(0), f(6))]
    assert _figures(session, 2) == [
        (f(3), f(3)), (f("0.3"), f("5.7")), (f("5.7"), f("0.3")), (f(4), f(2)),
    ]  # fmt: skip
    pairs = {p.key: p for p in session.pairs}
    # 1NS: 4 + 3 = 7 of 12; 3NS: 2 + 5.7 = 7.7, first; 2NS 6 + 0.3; 4NS 0 + 4.
    assert (pairs["1NS"].total, pairs["1NS"].percent, pairs["1NS"].rank) == (
        f(7), f(7 * 100, 12), "2",
    )  # fmt: skip
    assert [pairs[k].rank for k in ("3NS", "2NS", "4NS")] == ["1", "3", "4"]


@pytest.mark.parametrize("via", ["pbn", "usebio"])
def test_a_bridgescan_export_reports_no_differences(via: str) -> None:
    session = _session()
    back = (
        _via_pbn(session) if via == "pbn" else read_usebio_bytes(write_usebio(session), "night.xml")
    )
    comparison = compare_session(back)
    assert comparison.agrees, comparison.report()
    assert comparison.results_checked == 8 and comparison.pairs_checked == 8
    assert comparison.report().endswith("\nno differences")


def _plant(session: ImportedSession, board: int, index: int, **changes: object) -> ImportedSession:
    target = session.board(board)
    results = list(target.results)
    results[index] = replace(results[index], **changes)  # type: ignore[arg-type]
    boards = tuple(replace(b, results=tuple(results)) if b is target else b for b in session.boards)
    return replace(session, boards=boards)


def test_planted_differences_are_each_found_with_location_and_reason() -> None:
    clean = _session()
    planted = _plant(clean, 1, 1, ns_score=480)  # 4S+1 is +450: a typing error
    planted = _plant(planted, 1, 2, ns_mp=Fraction(3))  # 2 by the laws; EW left at 4
    # 2EW honestly: 0 on board 1 (v 2NS) + 3 on board 2 (v 1NS) = 3; the file says 9.
    # 3NS: the file's total adds its own (overridden) board figures: 3 + 5.7 = 8.7.
    totals = {"2EW": Fraction(9), "3NS": Fraction(87, 10)}
    pairs = tuple(replace(p, total=totals.get(p.key, p.total)) for p in planted.pairs)
    back = _via_pbn(replace(planted, pairs=pairs))
    comparison = compare_session(back)
    found = {(d.what, d.board, d.pair): d for d in comparison.differences}
    score = found[("score", 1, "2NS v 2EW")]
    assert (score.theirs, score.ours) == (480, 450)
    assert score.location == back.board(1).results[1].location
    assert "not the Law 77 score of 4S by N taking 11" in score.reason
    override = found[("NS points", 1, "3NS v 3EW")]
    assert (override.theirs, override.ours) == (Fraction(3), Fraction(2))
    assert "do not add up to the top: a manual override" in override.reason
    total = found[("total", None, "2EW")]
    assert (total.theirs, total.ours) == (Fraction(9), Fraction(3))
    assert "manual override of the pair's total" in total.reason
    follow = found[("total", None, "3NS")]
    assert (follow.theirs, follow.ours) == (Fraction(87, 10), Fraction(77, 10))
    assert "follows from the differences on board(s) 1" in follow.reason
    assert len([d for d in comparison.differences if d.board is not None]) == 2
    assert str(score).startswith(f"{score.location}: board 1, 2NS v 2EW: score 480 in the file")


def test_a_file_without_neuberg_is_explained() -> None:
    # Plain artificial percentages (3.6 / 2.4) so the file prints one decimal.
    clean = _session(FieldOptions(ScoringOptions(adjusted_rounding=AdjustedRounding.PLAIN)))
    unfactored = clean
    for index, (ns, ew) in enumerate([(2, 2), (0, 4), (4, 0)]):
        unfactored = _plant(unfactored, 2, index, ns_mp=Fraction(ns), ew_mp=Fraction(ew))
    comparison = compare_session(_via_pbn(unfactored))
    board_two = [d for d in comparison.differences if d.board == 2]
    assert len(board_two) == 6
    assert all("no Neuberg factoring" in d.reason for d in board_two)


def test_the_other_scale_is_detected_and_then_agrees() -> None:
    half = _session(FieldOptions(scoring=ScoringOptions(scale=Scale.ONE_HALF_ZERO)))
    back = _via_pbn(half)
    options, evidence = detect_options(back)
    assert options.scoring.scale is Scale.ONE_HALF_ZERO
    assert any("scale 1-0.5-0" in e for e in evidence)
    assert compare_session(back).agrees
    # Forced to 2-1-0, every figure differs and the reason names the scale.
    forced = compare_session(back, replace(options, scoring=ScoringOptions()))
    points = [d for d in forced.differences if d.what.endswith("points")]
    assert points and all("1-0.5-0 scale" in d.reason for d in points if d.board == 1)


def test_plain_adjusted_percentages_are_detected() -> None:
    plain = ScoringOptions(adjusted_rounding=AdjustedRounding.PLAIN)
    session = _session(FieldOptions(scoring=plain))
    assert _figures(session, 2)[3] == (Fraction("3.6"), Fraction("2.4"))
    options, evidence = detect_options(_via_pbn(session))
    assert options.scoring.adjusted_rounding is AdjustedRounding.PLAIN
    assert any("plain percentages" in e for e in evidence)
    assert compare_session(_via_pbn(session)).agrees


def _imp_session(method: Scoring, options: FieldOptions) -> ImportedSession:
    rows = [r for r in ROWS if r.board == 1][:3] + [
        TravellerRow(1, 4, 4, Contract(4, S), Seat.NORTH, 9)
    ]
    rows = [rows[0], rows[1], rows[3]]  # +420, +450, -50
    session = session_from_travellers(rows, event="IMP pairs", mitchell=True, scoring=method)
    return apply_scores(session, rescore(session, options))


def test_cross_imps_by_hand_and_summed_files_detected() -> None:
    # +420: -1 (v 450) +10 (v -50) = 9 -> 4.5; +450: 1 + 11 = 12 -> 6; -50: -10 - 11 -> -10.5.
    average = _imp_session(Scoring.CROSS_IMPS, FieldOptions(kind=Scoring.CROSS_IMPS.kind))
    assert [r.ns_imps for r in average.results] == [Fraction(9, 2), 6, Fraction(-21, 2)]
    assert compare_session(_via_pbn(average)).agrees
    summed = _imp_session(
        Scoring.CROSS_IMPS,
        FieldOptions(ScoringOptions(cross_imps=CrossImps.SUM), kind=Scoring.CROSS_IMPS.kind),
    )
    assert [r.ns_imps for r in summed.results] == [9, 12, -21]
    options, evidence = detect_options(_via_pbn(summed))
    assert options.scoring.cross_imps is CrossImps.SUM and any("sum" in e for e in evidence)
    assert compare_session(_via_pbn(summed)).agrees


def test_butler_datum_by_hand_and_an_override_found() -> None:
    # The default datum leaves out the top and bottom score (rules.md §9, §15): of -50,
    # +420, +450 only +420 is left. IMPs: +420 0, +450 +30 -> 1, -50 -470 -> -10.
    butler = _imp_session(Scoring.BUTLER, FieldOptions(kind=Scoring.BUTLER.kind))
    assert [r.ns_imps for r in butler.results] == [0, 1, -10]
    # The plain mean (420 + 450 - 50) / 3 = 273.3 -> 270: +150 4, +180 5, -320 -8.
    plain = _imp_session(
        Scoring.BUTLER, FieldOptions(ScoringOptions(datum_drop=0), kind=Scoring.BUTLER.kind)
    )
    assert [r.ns_imps for r in plain.results] == [4, 5, -8]
    options, evidence = detect_options(_via_pbn(plain))
    assert options.scoring.datum_drop == 0 and any("plain mean" in e for e in evidence)
    changed = _plant(butler, 1, 0, ns_imps=Fraction(7))
    comparison = compare_session(_via_pbn(changed))
    assert [(d.what, d.theirs, d.ours) for d in comparison.differences if d.board] == [
        ("NS points", Fraction(7), Fraction(0))
    ]
    assert "manual override in the source file" in comparison.differences[0].reason


def test_report_lists_options_and_differences() -> None:
    planted = _plant(_session(), 1, 0, ns_score=400)
    report = compare_session(_via_pbn(planted)).report()
    assert "scored with: matchpoints 2-1-0, Neuberg to 0.1" in report
    assert "1 differences: 1 to check" in report
    assert "night.pbn:" in report


def test_teams_boards_are_imped_between_the_two_tables() -> None:
    xml = b"""<USEBIO Version="1.2"><EVENT EVENT_TYPE="TEAMS_OF_FOUR">
    <MATCH><ROUND_NUMBER>1</ROUND_NUMBER><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>7</NS_PAIR_NUMBER><EW_PAIR_NUMBER>9</EW_PAIR_NUMBER>
      <CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>450</SCORE>
      <NS_IMPS>9</NS_IMPS></TRAVELLER_LINE>
      <TRAVELLER_LINE><NS_PAIR_NUMBER>9</NS_PAIR_NUMBER><EW_PAIR_NUMBER>7</EW_PAIR_NUMBER>
      <CONTRACT>2S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS><SCORE>170</SCORE>
      </TRAVELLER_LINE></BOARD></MATCH></EVENT></USEBIO>"""
    # Team 7 NS at one table +420 (4S=, the file says 450), NS at the other +170 for team 9:
    # team 7's net 250 -> 6 IMPs (220-260), not the 9 the file has.
    comparison = compare_session(read_usebio_bytes(xml, "teams.xml"))
    assert [(d.what, d.theirs, d.ours) for d in comparison.differences] == [
        ("score", 450, 420),
        ("NS points", Fraction(9), Fraction(6)),
    ]
    assert "follows from the score in the file" in comparison.differences[1].reason
    assert any("teams: board IMPs" in n for n in comparison.notes)


def test_a_line_percentage_that_does_not_follow_from_its_points() -> None:
    planted = _plant(_session(), 1, 0, ns_percent=Fraction(90))  # 4 of 6 is 66.67%
    comparison = compare_session(_via_pbn(planted))
    (difference,) = comparison.differences
    assert (difference.what, difference.theirs) == ("NS %", Fraction(90))
    assert difference.ours == Fraction(200, 3)
    assert "not the points over the top" in difference.reason


_line = st.one_of(
    st.tuples(st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(list(Seat)),
              st.integers(0, 13)),
    st.sampled_from(["A60/40", "A50/50", "A40/60", "missing"]),
)  # fmt: skip


@settings(max_examples=draws(25), deadline=None)
@given(
    boards=st.lists(st.lists(_line, min_size=3, max_size=5), min_size=1, max_size=3),
    scale=st.sampled_from(list(Scale)),
    rounding=st.sampled_from([Rounding.TENTH, Rounding.HUNDREDTH]),
    via_usebio=st.booleans(),
)
def test_any_bridgescan_export_compares_clean(
    boards: list[list[object]], scale: Scale, rounding: Rounding, via_usebio: bool
) -> None:
    rows = []
    for number, lines in enumerate(boards, start=1):
        for table, line in enumerate(lines, start=1):
            if line == "missing":
                continue
            if isinstance(line, str):
                ns, ew = (Fraction(int(p)) for p in line[1:].split("/"))
                adjustment = Adjustment(Artificial(ns), Artificial(ew))
                rows.append(TravellerRow(number, table, table, adjustment=adjustment))
            else:
                level, strain, seat, tricks = line  # type: ignore[misc]
                rows.append(
                    TravellerRow(number, table, table, Contract(level, strain), seat, tricks)
                )
    assume(rows)
    normal = max(len(lines) for lines in boards)
    options = FieldOptions(
        scoring=ScoringOptions(scale=scale, neuberg_rounding=rounding), normal=normal
    )
    session = session_from_travellers(rows, event="h", mitchell=True)
    scored = apply_scores(session, rescore(session, options))
    back = (
        read_usebio_bytes(write_usebio(scored), "h.xml")
        if via_usebio
        else read_pbn_bytes(write_pbn(scored), "h.pbn")
    )
    comparison = compare_session(back, options)
    assert comparison.agrees, comparison.report()


def test_a_program_that_ignores_law_88_is_explained() -> None:
    # N = 3, top 4. Board 1: 1NS +450 4, 2NS +420 2, 3NS -50 0. Board 2: 1NS v 2EW A60/40;
    # 1NS scored 100% on its other board, so Law 88 gives it 100% of 4 = 4, not 60% = 2.4
    # (whole points: 3); 2EW's 40% = 1.6 goes down to 1.
    rows = [
        TravellerRow(1, 1, 1, Contract(4, S), Seat.NORTH, 11),
        TravellerRow(1, 2, 2, Contract(4, S), Seat.NORTH, 10),
        TravellerRow(1, 3, 3, Contract(4, S), Seat.NORTH, 9),
        TravellerRow(2, 1, 2, adjustment=A60_40),
        TravellerRow(2, 2, 3, Contract(2, H), Seat.WEST, 8),
        TravellerRow(2, 3, 1, Contract(3, H), Seat.WEST, 9),
    ]
    session = session_from_travellers(rows, event="Law 88", mitchell=True)
    ours = apply_scores(session, rescore(session, FieldOptions()))
    assert _figures(ours, 2)[0] == (Fraction(4), Fraction(1))
    plain = _plant(ours, 2, 0, ns_mp=Fraction(3))
    differences = compare_session(_via_pbn(plain)).differences
    points = [d for d in differences if d.what == "NS points"]
    assert [(d.board, d.theirs, d.ours) for d in points] == [(2, Fraction(3), Fraction(4))]
    assert "Law 88 not applied" in points[0].reason


def test_line_percentages_from_rounded_points_are_accepted() -> None:
    # Board 2, -140: 1/3 of a matchpoint exactly, 0.3 kept. The engine's percentage is
    # exact (5.56% of 6); a program printing 0.3 / 6 = 5% is not wrong, only rounded first.
    session = _session()
    assert session.board(2).results[1].ns_percent == Fraction(50, 9)
    planted = _plant(session, 2, 1, ns_percent=Fraction(5))
    assert compare_session(_via_pbn(planted)).agrees


def test_teams_imps_by_hand_with_an_artificial_score() -> None:
    rows = [
        TravellerRow(1, 7, 9, Contract(4, S), Seat.NORTH, 10, round=1),  # +420, team 7 NS
        TravellerRow(1, 9, 7, Contract(4, S), Seat.NORTH, 9, round=1),  # -50, team 9 NS
        TravellerRow(2, 7, 9, adjustment=A60_40, round=1),  # team 7 60%: +3, team 9 -3
        TravellerRow(2, 9, 7, Contract(1, NT), Seat.SOUTH, 7, round=1),
    ]
    session = session_from_travellers(rows, event="Teams", scoring=Scoring.TEAMS)
    options = FieldOptions(kind=Scoring.TEAMS.kind)
    scored = apply_scores(session, rescore(session, options))
    # Board 1: team 7 net 420 + 50 = 470 -> 10 IMPs (430-490).
    assert [(r.ns_imps, r.ew_imps) for r in scored.board(1).results] == [(10, -10), (-10, 10)]
    assert [(r.ns_imps, r.ew_imps) for r in scored.board(2).results] == [(3, -3), (-3, 3)]
    back = _via_pbn(scored)
    assert back.scoring is Scoring.TEAMS  # [Competition "Teams"]
    assert compare_session(back).agrees


@pytest.mark.parametrize(
    ("method", "kind"),
    [
        (Scoring.MATCHPOINTS, EventKind.PAIRS_MATCHPOINTS),
        (Scoring.CROSS_IMPS, EventKind.PAIRS_CROSS_IMPS),
        (Scoring.BUTLER, EventKind.PAIRS_BUTLER),
        (Scoring.TEAMS, EventKind.TEAMS),
    ],
)
def test_a_files_method_is_scored_as_the_engines_kind_and_named_back(
    method: Scoring, kind: EventKind
) -> None:
    assert method.kind is kind
    assert Scoring.of(kind) is method


def test_a_file_that_states_no_method_is_scored_in_matchpoints() -> None:
    assert Scoring.UNKNOWN.kind is EventKind.PAIRS_MATCHPOINTS
