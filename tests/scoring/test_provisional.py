"""A result that was played but is not known yet (a scanned row waiting for review).

Worked by hand on the 2-1-0 scale, N = 3 (top 4):

Board 1: 1-4 +420, 2-5 +400, 3-6 waiting. The two known results are compared with each
other (420 beats 400: NS 1 gets 2 of 2, NS 2 gets 0) and factored to N = 3 with Neuberg:
(2 + 1) * 3/2 - 1 = 3.5 and (0 + 1) * 3/2 - 1 = 0.5; EW 4 gets 0.5, EW 5 gets 3.5.
Board 2: 3-4 +100, 1-6 +50, 2-5 -50: NS 3 4, NS 1 2, NS 2 0; EW 4 0, EW 6 2, EW 5 4.
Pair 3 made 4 of 4 (100%) on its other board, so its waiting line is credited 100% of 4 = 4;
pair 6 made 2 of 4 (50%): 2. Totals: 1 5.5, 2 0.5, 3 8, 4 0.5, 5 7.5, 6 4.
"""

from fractions import Fraction

from scoring.board_scoring import BoardLine, score_board
from scoring.session import score_session


def _board1():
    lines = [BoardLine.plain(420, 1, 4), BoardLine.plain(400, 2, 5), BoardLine.waiting(3, 6)]
    return score_board(lines, normal=3, board=1)


def test_the_known_results_are_factored_and_the_waiting_line_is_marked() -> None:
    board = _board1()
    first, second, waiting = board.results
    assert (first.ns.points, first.ew.points) == (Fraction(7, 2), Fraction(1, 2))
    assert (second.ns.points, second.ew.points) == (Fraction(1, 2), Fraction(7, 2))
    assert first.ns.factored and not first.ns.pending
    assert waiting.ns.pending and waiting.ew.pending
    assert not waiting.ns.adjusted  # nobody was given an adjusted score
    assert board.normal == 3 and board.top == 4  # the result exists: N and the top stay


def test_each_waiting_side_gets_its_own_percentage_on_its_other_boards() -> None:
    board2 = score_board(
        [BoardLine.plain(100, 3, 4), BoardLine.plain(50, 1, 6), BoardLine.plain(-50, 2, 5)],
        normal=3,
        board=2,
    )
    session = score_session([_board1(), board2])
    points = {p.pair: p.points for p in session.pairs}
    assert points == {1: Fraction(11, 2), 2: Fraction(1, 2), 3: 8, 4: Fraction(1, 2),
                      5: Fraction(15, 2), 6: 4}  # fmt: skip
    waiting = session.boards[0].results[2]
    assert waiting.ns.pending and waiting.ns.from_session and waiting.ns.points == 4
    assert waiting.ew.pending and waiting.ew.points == 2


def test_with_no_other_board_the_placeholder_is_half_the_top() -> None:
    session = score_session([_board1()])
    waiting = session.boards[0].results[2]
    assert waiting.ns.points == 2 and waiting.ew.points == 2
