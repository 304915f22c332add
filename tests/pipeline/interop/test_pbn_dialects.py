"""Each PBN results dialect in the test corpus (tests/pipeline/interop/data/pbn/README.md) is
read as its program meant it, and a clean file of each compares with no differences.

Ruter (ruter_club.pbn, written in Ruter's dialect; worked by hand): 7 pairs, 4 boards each
played 3 times (N = 3, top 4 on 2-1-0, so centred figures run from -2 to +2), one pair
sitting out each board with a "Bye" line carrying its credit.
  B1 (none vul): 1-2 4S N = +420, 3-4 4S N +1 +450, 5-6 2S N +1 +140; pair 7 sits out.
     +450 4/0, +420 2/2, +140 0/4; centred NS +2 / 0 / -2.
  B2 (NS vul): 7-1 3NT S = +600, 2-3 3NT S -1 -100, 4-5 3NT S +1 +630; pair 6 sits out.
     +630 4/0, +600 2/2, -100 0/4.
  B3 (EW vul): 6-7 2H E = -110, 5-1 4H E = -620, 3-2 3H E = -140; pair 4 sits out.
     -110 4/0, -140 2/2, -620 0/4.
  B4 (all vul): 4-6 4S N = +620, 2-5 4S N -1 -100, 3-7 4S N = +620; pair 1 sits out.
     +620 and +620 tie: 1 + 2 = 3 each, EW 1; -100 0/4.
  Points on boards played: pair 1 2 + 2 + 4 = 8 (3 boards), 2: 2 + 0 + 2 + 0 = 4,
  3: 4 + 4 + 2 + 3 = 13, 4: 0 + 4 + 3 = 7 (3), 5: 0 + 0 + 0 + 4 = 4, 6: 4 + 4 + 1 = 9 (3),
  7: 2 + 0 + 1 = 3 (3). Control: 4 boards x 12 = 48 = the sum.
  Sit-out credit per board (Ruter): the pair's average per board played, to 0.1:
  pair 1 8/3 = 2.67 -> 2.7 (centred +0.7), pair 4 7/3 -> 2.3 (+0.3), pair 6 9/3 = 3.0
  (+1.0), pair 7 3/3 = 1.0 (-1.0).
  Totals of 16: pair 3 13 = 81.25% (centred +5.0), 6 12 = 75% (+4.0), 1 10.7 = 66.875%
  (+2.7), 4 9.3 = 58.125% (+1.3), 2, 5 and 7 4 = 25% (-4.0).

Magic Contest (magic_contest_ffb_2022.pbn, boards 1, 2 and 9 of a published FFB file):
  22 tables, one table with an artificial score on each board, so 21 compared results are
  factored to N = 22 (top 42). Board 1: +420 fourteen times among 21 (top 40): it beats the
  seven lower scores and ties thirteen, 14 + 13 = 27; Neuberg (27 + 1) x 22/21 - 1 =
  28.33 -> 28.3, EW 40 - 27 = 13 -> 14 x 22/21 - 1 = 13.67 -> 13.7; "A+" "A+" both sides
  60% of 42 = 25.2 (plain percentages). Board 9: "A-" "A+" 40% = 16.8 and 60% = 25.2.

BridgeComposer (bridgecomposer_*.pbn, from a public capture): two sections scored as one
field on 1-0.5-0 (4 results, top 3). Board 1: +450 3, +420 2, passed out 1, -100 0.
The capture's board 2 prints scores that are not Law 77's for its vulnerability (NS vul,
EW not): 4S E = is 420 (it says 620), 5DX W -2 is 300 (500), 4S E +1 is 450 (650).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from pipeline.interop.compare import compare_session
from pipeline.interop.detection import detect_options
from pipeline.interop.pbn import read_pbn, read_pbn_bytes
from pipeline.interop.records import Competition, InteropError, Scoring
from pipeline.interop.score import rescore
from scoring.contract import Side
from scoring.matchpoints import Scale
from scoring.options import AdjustedRounding, SitoutCredit
from scoring.outcome import Adjustment, Artificial
from scoring.presentation import Presentation

DATA = Path(__file__).parent / "data" / "pbn"
F = Fraction


def _read(name: str):  # type: ignore[no-untyped-def]
    return read_pbn(DATA / name)


# -- Ruter ----------------------------------------------------------------------------------


def test_ruter_bye_lines_are_sit_outs_and_centred_figures_are_detected() -> None:
    session = _read("ruter_club.pbn")
    assert session.presentation is Presentation.CENTRED
    assert [(s.board, s.pair, s.side, s.points) for s in session.sitouts] == [
        (1, "7", Side.NS, F(-1)),
        (2, "6", Side.NS, F(1)),
        (3, "4", Side.NS, F("0.3")),
        (4, "1", Side.NS, F("0.7")),
    ]
    assert [len(b.results) for b in session.boards] == [3, 3, 3, 3]
    board_1 = session.board(1)
    assert [(r.ns_pair, r.ns_mp, r.ew_mp) for r in board_1.results] == [
        ("1", 0, 0), ("3", 2, -2), ("5", -2, 2),
    ]  # fmt: skip
    totals = {p.key: (p.total, p.percent, p.rank) for p in session.pairs}
    assert totals["3"] == (F(5), F("81.3"), "1")
    assert totals["7"] == (F(-4), F(25), "5-7")


def test_ruter_compares_clean_with_the_credit_per_board() -> None:
    session = _read("ruter_club.pbn")
    comparison = compare_session(session)
    assert comparison.agrees, comparison.report()
    assert comparison.options.scoring.sitout_credit is SitoutCredit.AVERAGE_PER_BOARD
    assert comparison.options.scoring.scale is Scale.TWO_ONE_ZERO
    ours = rescore(session, comparison.options)
    # Our own figures, as worked in the module docstring (in points, not centred).
    credits = {(s.key, s.board): s.points for s in ours.sitouts}
    assert credits == {("7", 1): 1, ("6", 2): 3, ("4", 3): F("2.3"), ("1", 4): F("2.7")}
    pairs = {p.key: (p.total, p.available, p.percent) for p in ours.pairs}
    assert pairs["1"] == (F("10.7"), 16, F("66.875"))
    assert pairs["4"] == (F("9.3"), 16, F("58.125"))
    assert pairs["3"] == (13, 16, F("81.25"))
    assert "centred" in comparison.report()


def test_ruter_without_sit_out_credit_names_the_convention_once() -> None:
    session = _read("ruter_club.pbn")
    options, _ = detect_options(session)
    none = replace(options, scoring=replace(options.scoring, sitout_credit=SitoutCredit.NONE))
    comparison = compare_session(session, none)
    groups = comparison.systematic
    # The four bye lines all follow the per-board average: one group, not four lines.
    (label,) = [k for k in groups if "sit-out" in k]
    assert "average per board" in label and len(groups[label]) == 4
    assert "4 figures: sit-out credit: the average per board (Ruter)" in comparison.report()


def test_ruter_planted_override_is_found_in_centred_figures() -> None:
    text = (DATA / "ruter_club.pbn").read_bytes().decode("iso-8859-1")
    # Board 1, 3-4: the file's NS +2.0 changed to +1.0 (EW left at -2.0).
    planted = text.replace(
        " 2  1  3  4 4S    N 11    450      -   2.0  -2.0 100   0",
        " 2  1  3  4 4S    N 11    450      -   1.0  -2.0 100   0",
    )
    session = read_pbn_bytes(planted.encode("iso-8859-1"), "ruter.pbn")
    comparison = compare_session(session)
    (real,) = comparison.differences
    assert (real.what, real.theirs, real.ours) == ("NS points", F(1), F(2))
    assert real.pair == "3 v 4" and real.location.line == 28
    assert "do not add up to the top" in real.reason
    # Pair 3's total in the file (+5.0) is ours: the override did not reach the totals.
    report = comparison.report()
    assert "ruter.pbn:28: board 1, 3 v 4: NS points 1 in the file, 2 by bridgescan" in report


def test_ruter_second_session_checks_session_totals_and_the_carry_over() -> None:
    session = _read("ruter_club_session2.pbn")
    pair_3 = next(p for p in session.pairs if p.key == "3")
    assert (pair_3.total, pair_3.percent) == (F(5), F("81.3"))
    assert (pair_3.carry_over, pair_3.cumulative_total, pair_3.cumulative_percent) == (
        F(5), F(10), F("81.3"),
    )  # fmt: skip
    comparison = compare_session(session)
    assert comparison.agrees, comparison.report()
    assert any("cumulative totals" in n for n in comparison.notes)
    text = (DATA / "ruter_club_session2.pbn").read_bytes().decode("iso-8859-1")
    wrong = text.replace("2.7  66.9   2.7   5.4", "2.7  66.9   2.7   6.4")
    comparison = compare_session(read_pbn_bytes(wrong.encode("iso-8859-1"), "s2.pbn"))
    (difference,) = comparison.differences
    assert (difference.what, difference.pair, difference.theirs, difference.ours) == (
        "cumulative total", "1", F("6.4"), F("5.4"),
    )  # fmt: skip


def test_the_bye_line_quoted_in_issue_14_reads() -> None:
    # The line from a Norwegian club's file that stopped the old reader: pair 1 NS sits out.
    columns = (
        "Table\\2R;Round\\2R;PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;"
        "Score_NS\\6R;Score_EW\\6R;MP_NS\\5R;MP_EW\\5R;Percentage_NS\\3R;Percentage_EW\\3R"
    )
    line = '1 1  1  - -   -  -  "Bye"  "Bye"  0.3    -  54   -'
    text = f'[Board "1"]\n[ScoreTable "{columns}"]\n{line}\n'
    session = read_pbn_bytes(text, "bye.pbn")
    (sitout,) = session.sitouts
    assert (sitout.pair, sitout.side, sitout.points, sitout.percent) == ("1", Side.NS, F("0.3"), 54)
    assert session.results == ()


# -- Magic Contest --------------------------------------------------------------------------


def test_magic_contest_excerpt_reads_quoted_scores_and_both_sides_artificial() -> None:
    session = _read("magic_contest_ffb_2022.pbn")
    assert session.program == "Magic Contest France - Read more at www.brenning.se"
    assert [len(b.results) for b in session.boards] == [22, 22, 22]
    first = session.board(1).results[0]
    assert (first.ns_score, first.ns_mp, first.ew_mp, first.ns_percent) == (
        420, F("28.3"), F("13.7"), 67,
    )  # fmt: skip
    a_plus = session.board(1).results[-1]
    assert a_plus.adjustment == Adjustment(Artificial(F(60)), Artificial(F(60)))
    a_minus = session.board(9).results[-1]
    assert a_minus.adjustment == Adjustment(Artificial(F(40)), Artificial(F(60)))


def test_magic_contest_excerpt_compares_clean_with_plain_percentages() -> None:
    session = _read("magic_contest_ffb_2022.pbn")
    comparison = compare_session(session)
    assert comparison.agrees, comparison.report()
    assert comparison.options.scoring.adjusted_rounding is AdjustedRounding.PLAIN
    ours = rescore(session, comparison.options)
    by_line = {(r.result.board, r.result.ns_pair): (r.ns, r.ew) for r in ours.lines}
    assert by_line[(1, "3")] == (F("28.3"), F("13.7"))
    assert by_line[(1, "29")] == (F("25.2"), F("25.2"))
    assert by_line[(9, "1")] == (F("16.8"), F("25.2"))


# -- BridgeComposer -------------------------------------------------------------------------


def test_bridgecomposer_sections_pass_cells_and_unquoted_names() -> None:
    session = _read("bridgecomposer_clean.pbn")
    assert session.sections == ("A", "B")
    board_1 = session.board(1)
    assert [session.ns_key(r) for r in board_1.results] == ["A1NS", "A2NS", "B1NS", "B2NS"]
    passed = board_1.results[2]
    assert (passed.contract, passed.ns_score, passed.passed_out) == (None, 0, True)
    comparison = compare_session(session)
    assert comparison.agrees, comparison.report()
    assert comparison.options.across_sections
    assert comparison.options.scoring.scale is Scale.ONE_HALF_ZERO


def test_bridgecomposer_capture_scores_that_are_not_law_77_are_found() -> None:
    comparison = compare_session(_read("bridgecomposer_capture.pbn"))
    found = [(d.location.line, d.board, d.pair, d.theirs, d.ours) for d in comparison.real]
    assert found == [
        (56, 2, "A2NS v A2EW", -620, -420),
        (57, 2, "B1NS v B1EW", 500, 300),
        (58, 2, "B2NS v B2EW", -650, -450),
    ]
    assert all("not the Law 77 score" in d.reason for d in comparison.real)


# -- PBN 2.1: individuals, teams, phantoms --------------------------------------------------


def test_individual_event_players_are_totalled() -> None:
    # Top 2 per board, 3 boards: max 6. Player 2: NS 2 (B1) + NS 2 (B2, +630) + NS 1 (B3)
    # = 5 = 83.33%; player 3: EW 0 + NS 0 (B2, +600) + NS 1 = 1 = 16.67%.
    session = _read("pbn21_individuals.pbn")
    assert session.competition is Competition.INDIVIDUALS
    first = session.board(1).results[0]
    assert (first.ns_players, first.ew_players) == (("1", "2"), ("3", "4"))
    comparison = compare_session(session)
    assert comparison.agrees, comparison.report()
    ours = {p.key: (p.total, p.percent) for p in rescore(session, comparison.options).pairs}
    assert ours["2"] == (5, F(250, 3))
    assert ours["3"] == (1, F(50, 3))


def test_teams_board_imps_match_vps_and_totals() -> None:
    # Match 3 v 4: B1 +980 and, with team 3 EW in the closed room, -50 there: 1030 -> 14;
    # B2 +630 and +200: 830 -> 13. 27 IMPs on 2 boards is beyond the blitz (15 x sqrt 2 =
    # 21.2): 20-0. Match 1 v 2: both boards flat, 0 IMPs: 10-10.
    session = _read("pbn21_teams.pbn")
    assert session.competition is Competition.TEAMS and session.scoring is Scoring.TEAMS
    closed = session.board(1).results[3]
    assert (closed.ns_pair, closed.ew_pair, closed.ns_imps) == ("4", "3", -14)
    comparison = compare_session(session)
    assert comparison.agrees, comparison.report()
    ours = rescore(session, comparison.options)
    matches = {m.teams: (m.imps, m.vp) for m in ours.matches}
    assert matches[("3", "4")] == ((27, -27), (20, 0))
    assert matches[("1", "2")] == ((0, 0), (10, 10))
    text = (
        (DATA / "pbn21_teams.pbn")
        .read_text()
        .replace(
            "1 3 4 Open   6S  N 12 980 -  14 -14 20  0", "1 3 4 Open   6S  N 12 980 -  14 -14 18  2"
        )
    )
    wrong = compare_session(read_pbn_bytes(text, "teams.pbn"))
    (vp,) = [d for d in wrong.differences if d.what == "match VP"]
    assert (vp.pair, vp.theirs, vp.ours) == ("3 v 4", "18-2", "20-0")


def test_a_close_match_gets_the_vps_of_its_margin_as_the_main_job_scores_it() -> None:
    # Match 1 v 2, board 1: 4S N +450 in the open room (team 1 NS), +420 to team 2 NS in the
    # closed room: 30 -> 1 IMP to team 1; board 2 flat. A margin of 1 IMP on 2 boards is
    # 10.86-9.14 on the WBF 2013 scale (blitz 15 x sqrt 2 = 21.21; 10 + 10 (1 - t^(3/21.21))
    # / (1 - t^3) with t = (sqrt 5 - 1) / 2 = 10.861...): the margin of the match, not the
    # difference of the two teams' nets (2 IMPs, 11.67-8.33).
    text = (
        (DATA / "pbn21_teams.pbn")
        .read_text()
        .replace(
            "1 1 2 Open   4S  N 10 420 -   0   0 10 10", "1 1 2 Open 4S N 11 450 - 1 -1 10.86 9.14"
        )
        .replace(
            "1 1 2 Closed 4S  N 10 420 -   0   0 10 10",
            "1 1 2 Closed 4S N 10 420 - 1 -1 10.86 9.14",
        )
        .replace(
            "1 1 2 Open   3NT S  9 600 -   0   0 10 10", "1 1 2 Open 3NT S 9 600 - 0 0 10.86 9.14"
        )
        .replace(
            "1 1 2 Closed 3NT S  9 600 -   0   0 10 10", "1 1 2 Closed 3NT S 9 600 - 0 0 10.86 9.14"
        )
        .replace('"2-3" 1 "Nordlys" 0 10', '"2" 1 "Nordlys" 1 10.86')
        .replace('"2-3" 2 "Sydvest" 0 10', '"3" 2 "Sydvest" -1 9.14')
    )
    session = read_pbn_bytes(text, "close.pbn")
    comparison = compare_session(session)
    assert comparison.agrees, comparison.report()
    matches = {m.teams: (m.imps, m.vp) for m in rescore(session, comparison.options).matches}
    assert matches[("1", "2")] == ((1, -1), (F("10.86"), F("9.14")))


def test_phantom_pair_lines_are_its_opponents_sit_outs() -> None:
    session = _read("phantom_pairs.pbn")
    phantom = next(p for p in session.pairs if p.key == "6")
    assert phantom.phantom
    assert [(s.board, s.pair) for s in session.sitouts] == [(1, "5"), (2, "2")]
    comparison = compare_session(session)
    assert comparison.agrees, comparison.report()


def test_a_line_without_pairs_is_still_an_error_with_its_place() -> None:
    text = '[Board "3"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n- - 4S N 10\n'
    with pytest.raises(InteropError, match=r"bad.pbn:3: a result line needs both"):
        read_pbn_bytes(text, "bad.pbn")
