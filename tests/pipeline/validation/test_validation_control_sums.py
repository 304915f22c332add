"""The director's control sums (seed 004 "Kontroller"): per board, per round, grand total.

Hand figures: a board played 3 times has the top 2(3-1) = 4 and the NS scores add up to
3 x 4 / 2 = 6; on every line NS + EW = 4. With one result missing, Neuberg factors the two
left to the top of 3: (S + 1) x 3/2 - 1, i.e. 0.5 and 3.5, still adding up to 2 x 4 / 2 = 4.
"""

from __future__ import annotations

import tempfile
from dataclasses import replace
from fractions import Fraction
from functools import cache
from pathlib import Path

from pipeline.doors.entry import read_entry_workbook
from pipeline.validation import Code, balances, control_sums, session_control_sums
from scoring.board_scoring import BoardLine, BoardScore, lines_from_rows, score_board
from scoring.movements import mitchell
from scoring.outcome import parse_adjustment
from scoring.session import SessionScore, score_session
from scoring.traveller import TravellerRow
from tests.pipeline.doors.test_entry_fixtures import write_filled

MOVEMENT = mitchell(3, 2)  # board 1: round 1 NS1-EW4, round 2 NS3-EW5, round 3 NS2-EW6


@cache
def _fixture_rows() -> tuple[TravellerRow, ...]:
    """The rows of the hand-scored session of test_entry_fixtures, through the workbook."""
    with tempfile.TemporaryDirectory() as folder:
        return read_entry_workbook(write_filled(Path(folder) / "s.xlsx")).rows


def _board1() -> BoardScore:
    # +420, +450, -50: NS 2, 4, 0 (sum 6); EW 2, 0, 4.
    return score_board(
        [BoardLine.plain(420, 1, 4), BoardLine.plain(450, 3, 5), BoardLine.plain(-50, 2, 6)],
        3,
        board=1,
    )


def _board3_missing() -> BoardScore:
    # Board 3: round 1 NS2-EW5, round 2 NS1-EW6 (round 3 missing): Neuberg 0.5 and 3.5.
    return score_board([BoardLine.plain(-620, 2, 5), BoardLine.plain(100, 1, 6)], 3, board=3)


def _board5_artificial() -> BoardScore:
    # Board 5: A60/40 at round 1 (NS3-EW6) leaves two compared results, factored like board 3.
    return score_board(
        [
            BoardLine.from_adjustment(3, 6, parse_adjustment("A60/40")),
            BoardLine.plain(600, 2, 4),
            BoardLine.plain(1370, 1, 5),
        ],
        3,
        board=5,
    )


def test_hand_figures() -> None:
    board = _board1()
    assert [r.ns.points for r in board.results] == [2, 4, 0]
    assert board.ns_sum() == 6 and board.top == 4
    assert [r.ns.points for r in _board3_missing().results] == [Fraction(1, 2), Fraction(7, 2)]


def test_a_correctly_scored_session_balances() -> None:
    boards = [_board1(), _board3_missing(), _board5_artificial()]
    totals = {pair: Fraction(0) for pair in MOVEMENT.pairs}
    for board in boards:
        for result in board.results:
            totals[result.ns_pair] += result.ns.points
            totals[result.ew_pair] += result.ew.points
    assert control_sums(boards, MOVEMENT, session="1", pair_totals=totals) == []


def test_a_wrong_line_is_caught_on_the_line_board_and_round() -> None:
    board = _board1()
    bad = replace(board.results[1], ns=replace(board.results[1].ns, points=Fraction(3)))
    wrong = replace(board, results=(board.results[0], bad, board.results[2]))
    findings = control_sums([wrong], MOVEMENT, session="1")
    got = [(f.code, f.location.board, f.location.round) for f in findings]
    assert got == [
        (Code.CONTROL_LINE, 1, 2),  # NS3 3 + EW5 0 = 3, not the top 4
        (Code.CONTROL_BOARD, 1, None),  # NS sum 5, not 6
        (Code.CONTROL_ROUND, None, 2),  # round 2: 3 points for one top of 4
    ]
    assert "= 3, not the top 4" in findings[0].message
    assert "NS sum 5 on board 1, expected 3 x 4 / 2 = 6" in findings[1].message


def test_round_and_grand_totals_against_the_pairs_figures() -> None:
    boards = [_board1()]
    per_round = {(1, 1): Fraction(2), (4, 1): Fraction(2), (3, 2): Fraction(4),
                 (5, 2): Fraction(0), (2, 3): Fraction(0), (6, 3): Fraction(4)}  # fmt: skip
    assert control_sums(boards, MOVEMENT, pair_round_totals=per_round) == []
    per_round[(5, 2)] = Fraction(2)  # the recap sheet credits EW5 with 2 instead of 0
    (round_finding,) = control_sums(boards, MOVEMENT, pair_round_totals=per_round)
    assert (round_finding.code, round_finding.location.round) == (Code.CONTROL_ROUND, 2)
    totals = {1: Fraction(2), 4: Fraction(2), 3: Fraction(4), 5: Fraction(0), 2: Fraction(0),
              6: Fraction(3)}  # fmt: skip
    (total,) = control_sums(boards, MOVEMENT, session="1", pair_totals=totals)
    assert total.code is Code.CONTROL_TOTAL
    assert "add up to 11, the boards hand out 12" in total.message


def test_boards_that_cannot_balance_are_left_out() -> None:
    split = score_board(
        [
            BoardLine.from_adjustment(1, 4, parse_adjustment("420/-100")),
            BoardLine.plain(450, 3, 5),
            BoardLine.plain(-50, 2, 6),
        ],
        3,
        board=1,
    )
    assert not balances(split)
    assert balances(_board5_artificial()) and balances(_board1())
    assert [f for f in control_sums([split], MOVEMENT) if f.code is not Code.CONTROL_TOTAL] == []


def _scored_session() -> tuple[SessionScore, list[BoardScore]]:
    """The fixture's hand-scored session typed into the workbook, scored by scoring.session."""
    boards = []
    for board, lines in sorted(lines_from_rows(list(_fixture_rows())).items()):
        boards.append(score_board(lines, MOVEMENT.times_played(board), board=board))
    return score_session(boards, boards_per_round=2), boards


def test_a_scored_session_balances_on_every_sum() -> None:
    score, _ = _scored_session()
    # Board 1 NS: +420 +450 -50 -> 2, 4, 0: pair 1 (NS round 1) has 2 on board 1.
    assert score.pair(1).boards[0].points == 2
    assert session_control_sums(score, MOVEMENT, session="1") == []


def test_a_pair_total_missing_a_board_is_caught_by_round_and_total() -> None:
    score, _ = _scored_session()
    pair = score.pair(3)
    dropped = replace(pair, boards=pair.boards[1:], board_points=pair.board_points - 4)
    # Pair 3 plays board 1 in round 2 (NS3-EW5, +450: 4 points); the recap lost it.
    tampered = replace(score, pairs=tuple(dropped if p.pair == 3 else p for p in score.pairs))
    findings = session_control_sums(tampered, MOVEMENT, session="1")
    assert [(f.code, f.location.round) for f in findings] == [
        (Code.CONTROL_ROUND, 2),
        (Code.CONTROL_TOTAL, None),
    ]
    assert "the boards hand out 72" in findings[1].message  # 6 boards x 3 lines x top 4
