"""The bulk path: matchpoints and Neuberg for a whole tournament office batch with numpy.

Boards of plain table scores (missing results allowed) are scored vectorised: one sort by
(board, score) gives every result's wins and ties. Arithmetic stays in integers — matchpoints
in half-points, Neuberg as numerator/denominator, rounding by integer division — so the
result equals the pure path (:mod:`scoring.board_scoring`) exactly, not just nearly.
Boards with adjusted, weighted or split scores go through the pure path (the director's
adjustments are rare; correctness there matters more than speed).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from scoring.matchpoints import Scale
from scoring.options import Rounding

__all__ = ["BulkMatchpoints", "matchpoint_arrays"]

IntArray = npt.NDArray[np.int64]

_QUANTUM = {Rounding.TENTH: 10, Rounding.HUNDREDTH: 100}


@dataclass(frozen=True)
class BulkMatchpoints:
    """Matchpoints of every input row, in input order.

    Exactly ``ns = ns_numerator / denominator`` (and the same for EW); with a rounding
    option, ``ns_rounded = ns_units / quantum`` (e.g. tenths). ``results`` is n, the number
    of results the row was compared among; ``factored`` says Neuberg changed the row.
    """

    ns_numerator: IntArray
    ew_numerator: IntArray
    denominator: IntArray
    ns_units: IntArray | None
    ew_units: IntArray | None
    quantum: int | None
    results: IntArray
    factored: npt.NDArray[np.bool_]

    @property
    def ns(self) -> npt.NDArray[np.float64]:
        """NS matchpoints as floats: rounded when a rounding was asked for, else exact-ish."""
        if self.ns_units is not None and self.quantum is not None:
            return self.ns_units / self.quantum
        return self.ns_numerator / self.denominator

    @property
    def ew(self) -> npt.NDArray[np.float64]:
        if self.ew_units is not None and self.quantum is not None:
            return self.ew_units / self.quantum
        return self.ew_numerator / self.denominator


def _round_half_up(numerator: IntArray, denominator: IntArray, quantum: int) -> IntArray:
    """round(numerator / denominator * quantum), halves up, in integers (values are >= 0)."""
    return (2 * numerator * quantum + denominator) // (2 * denominator)


def matchpoint_arrays(
    boards: npt.ArrayLike,
    ns_scores: npt.ArrayLike,
    normal: npt.ArrayLike,
    scale: Scale = Scale.TWO_ONE_ZERO,
    rounding: Rounding = Rounding.TENTH,
) -> BulkMatchpoints:
    """Matchpoint every row: ``boards[i]`` is a board key, ``ns_scores[i]`` its NS score.

    ``normal`` is N, the number of times each board is normally played: one value for all,
    or one per row (equal within a board). Boards with n < N results are factored with
    Neuberg (rules.md §4); with n = N nothing changes.
    """
    board = np.asarray(boards, dtype=np.int64)
    score = np.asarray(ns_scores, dtype=np.int64)
    if board.shape != score.shape or board.ndim != 1:
        raise ValueError("boards and ns_scores must be one-dimensional and of equal length")
    size = board.size
    normals = np.broadcast_to(np.asarray(normal, dtype=np.int64), (size,))
    order = np.lexsort((score, board))
    b_sorted, s_sorted = board[order], score[order]

    new_board = np.empty(size, dtype=bool)
    new_run = np.empty(size, dtype=bool)
    if size:
        new_board[0] = new_run[0] = True
        new_board[1:] = b_sorted[1:] != b_sorted[:-1]
        new_run[1:] = new_board[1:] | (s_sorted[1:] != s_sorted[:-1])
    index = np.arange(size, dtype=np.int64)
    board_start = np.maximum.accumulate(np.where(new_board, index, 0))
    run_start = np.maximum.accumulate(np.where(new_run, index, 0))
    run_ids = np.cumsum(new_run) - 1
    run_length = np.bincount(run_ids)[run_ids]
    board_ids = np.cumsum(new_board) - 1
    board_size = np.bincount(board_ids)[board_ids]

    # Matchpoints among the n results, in half-points of the 2-1-0 scale (2 a win, 1 a tie).
    below = run_start - board_start
    ns_half = 2 * below + (run_length - 1)
    n = board_size
    big_n = normals[order]
    if np.any(big_n < n):
        raise ValueError("a board has more results than the number of times it is played")
    # Neuberg on the 2-1-0 scale: S' = ((S + 1) N - n) / n; EW' = 2(N - 1) - S'.
    ns_num = (ns_half + 1) * big_n - n
    ew_num = 2 * (big_n - 1) * n - ns_num
    den = n.copy()
    if scale is Scale.ONE_HALF_ZERO:
        den = 2 * den
    ns_units = ew_units = None
    quantum = _QUANTUM.get(rounding)
    if quantum is not None:
        ns_units = _round_half_up(ns_num, den, quantum)
        ew_units = _round_half_up(ew_num, den, quantum)

    inverse = np.empty(size, dtype=np.int64)
    inverse[order] = index

    def back(values: IntArray | None) -> IntArray | None:
        return None if values is None else values[inverse]

    return BulkMatchpoints(
        ns_numerator=ns_num[inverse],
        ew_numerator=ew_num[inverse],
        denominator=den[inverse],
        ns_units=back(ns_units),
        ew_units=back(ew_units),
        quantum=quantum,
        results=n[inverse],
        factored=(big_n != n)[inverse],
    )
