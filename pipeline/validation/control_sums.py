"""The director's control sums once a session is scored (seed 004 "Poängberäkning", B.
Kontroller: "NS:s summa på brickan", "NS:s summa på rondan (mycket viktigt)", "Totalsumma").

On a board played n times with the top T = 2(n-1) (2-1-0 scale), every comparison hands out
2 points, so the NS scores add up to n(n-1) = n*T/2, and on every line NS + EW = T. Neuberg
keeps both (a field of n' < N results factored to the top of N: NS + EW = T(N) on each line and
the NS sum is n'*T(N)/2). The checks, on the exact points (``SideScore.points``):

- ``control-line``: NS + EW = top on each line compared in one field;
- ``control-board``: the NS sum of a board = n' * top / 2;
- ``control-round``: per round, the points of all lines played in the round add up to the
  sum of their tops; when the session's per-pair round totals are given, their sum per round
  must equal the board lines of that round (the hand check of the recap sheet);
- ``control-total``: the pairs' session totals add up to all points handed out on the boards.

Boards that cannot balance are left out of the line, board and round sums, by design: a
fouled board (Law 87, groups), and a board with an assigned (non-artificial) adjusted score,
where a split score makes the NS and EW fields differ (rules.md section 5). Artificial scores
(A60/A40) are taken out of the field by the scorer, so the rest of the board still balances.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction

from pipeline.validation.findings import Code, Finding, Location
from scoring.board_scoring import BoardScore, ResultScore
from scoring.movement import Movement
from scoring.session import SessionScore

__all__ = ["control_sums", "session_control_sums", "balances"]


def _compared(result: ResultScore) -> bool:
    return result.ns.award is None and result.ew.award is None


def balances(board: BoardScore) -> bool:
    """Whether a board can be checked by the sums: not fouled, no assigned adjusted score."""
    if board.fouled:
        return False
    for result in board.results:
        for side in (result.ns, result.ew):
            if side.award is not None:
                continue  # an artificial score: out of the field, out of the sums
            if side.adjusted or side.from_session:
                return False  # an assigned (possibly split) score, or a session figure
    return True


def _fmt(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def control_sums(
    boards: Sequence[BoardScore],
    movement: Movement | None = None,
    *,
    session: str | None = None,
    pair_totals: Mapping[int, Fraction] | None = None,
    pair_round_totals: Mapping[tuple[int, int], Fraction] | None = None,
    rounded: bool = False,
    board_sums: bool = True,
) -> list[Finding]:
    """The director's control sums (see the module docstring).

    ``pair_totals`` are the pairs' session points before any sit-out credit (rules.md
    section 7) and penalty; ``pair_round_totals`` maps (pair, round) to the points a pair
    scored in that round. Both are compared with the boards' values as counted in totals:
    rounded (``SideScore.rounded``) when ``rounded``, else exact. ``movement`` gives the round
    of each line. The line and board sums are always on the exact points.
    """
    findings: list[Finding] = []
    round_points: dict[int, Fraction] = defaultdict(Fraction)
    round_tops: dict[int, Fraction] = defaultdict(Fraction)
    round_all: dict[int, Fraction] = defaultdict(Fraction)
    grand = Fraction(0)
    for board in boards:
        checked = balances(board)
        compared = [r for r in board.results if _compared(r)]
        for result in board.results:
            points = result.ns.points + result.ew.points
            counted = result.ns.counted(rounded) + result.ew.counted(rounded)
            grand += counted
            round_ = (
                movement.round_of(board.board, result.ns_pair)
                if movement is not None and board.board is not None
                else None
            )
            if round_ is not None:
                round_all[round_] += counted
            if not checked or not _compared(result):
                continue
            if round_ is not None:
                round_points[round_] += points
                round_tops[round_] += board.top
            if points != board.top:
                findings.append(
                    Finding.of(
                        Code.CONTROL_LINE,
                        Location(session=session, board=board.board, round=round_),
                        f"NS {result.ns_pair} {_fmt(result.ns.points)} + EW {result.ew_pair} "
                        f"{_fmt(result.ew.points)} = {_fmt(points)}, not the top "
                        f"{_fmt(board.top)}",
                        "rescore the board; a line must share the top between NS and EW",
                    )
                )
        if not checked or not compared or not board_sums:
            continue
        ns_sum = sum((r.ns.points for r in compared), Fraction(0))
        expected = len(compared) * board.top / 2
        if ns_sum != expected:
            findings.append(
                Finding.of(
                    Code.CONTROL_BOARD,
                    Location(session=session, board=board.board),
                    f"NS sum {_fmt(ns_sum)} on board {board.board}, expected "
                    f"{len(compared)} x {_fmt(board.top)} / 2 = {_fmt(expected)}",
                    "rescore the board",
                )
            )
    for round_ in sorted(round_points):
        if round_points[round_] != round_tops[round_]:
            findings.append(
                Finding.of(
                    Code.CONTROL_ROUND,
                    Location(session=session, round=round_),
                    f"round {round_}: NS + EW points {_fmt(round_points[round_])}, expected "
                    f"the sum of the tops {_fmt(round_tops[round_])}",
                )
            )
    if pair_round_totals is not None:
        reported: dict[int, Fraction] = defaultdict(Fraction)
        for (_, round_), points in pair_round_totals.items():
            reported[round_] += points
        for round_ in sorted(set(reported) | set(round_all)):
            if reported[round_] != round_all[round_]:
                findings.append(
                    Finding.of(
                        Code.CONTROL_ROUND,
                        Location(session=session, round=round_),
                        f"round {round_}: the pairs' round totals add up to "
                        f"{_fmt(reported[round_])}, the boards of the round to "
                        f"{_fmt(round_all[round_])}",
                        "a board is missing from, or counted twice in, a pair's round",
                    )
                )
    if pair_totals is not None:
        total = sum(pair_totals.values(), Fraction(0))
        if total != grand:
            findings.append(
                Finding.of(
                    Code.CONTROL_TOTAL,
                    Location(session=session),
                    f"the pairs' totals add up to {_fmt(total)}, the boards hand out {_fmt(grand)}",
                    "a board is missing from, or counted twice in, a pair's total",
                )
            )
    return findings


def session_control_sums(
    score: SessionScore,
    movement: Movement,
    *,
    session: str | None = None,
    rounded: bool = True,
    board_sums: bool = True,
) -> list[Finding]:
    """All control sums of a session scored by ``scoring.session.score_session``: the boards,
    and each pair's round and session figures from its ``PairTotal`` (board points before
    scaling, sit-out credit and penalties). ``rounded`` must match the options'
    ``totals_from_rounded`` (the values the totals were made from); ``board_sums`` False
    leaves out the NS sum of a board (a facitbarometer's points come from another field)."""
    totals: dict[int, Fraction] = {}
    per_round: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for total in score.pairs:
        totals[total.pair] = total.board_points / total.scale_factor
        for board in total.boards:
            round_ = None if board.board is None else movement.round_of(board.board, total.pair)
            if round_ is not None:
                per_round[total.pair, round_] += board.points
    return control_sums(
        score.boards,
        movement,
        session=session,
        pair_totals=totals,
        pair_round_totals=per_round,
        rounded=rounded,
        board_sums=board_sums,
    )
