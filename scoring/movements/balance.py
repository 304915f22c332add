"""Balance of a movement and a computed arrow-switch schedule (seed 004 "Balans").

The seed: a pairs event is well balanced when every pair, compared with every other pair,
plays in the same direction on half the boards both play and in opposite directions on
the other half. We measure exactly that and, for a one-winner (Bofors) Mitchell, choose the
arrow-switched lines by a deterministic local search that minimises the squared imbalance
summed over all pairs of pairs. The seed's own schedule table ("se Tävlingsledaren") is not
in our sources, so this is a documented substitute (docs/events-and-movements.md).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.movement import Movement, MovementEntry

__all__ = ["PairBalance", "BalanceReport", "pair_balance", "balance_report", "balanced_switches"]


@dataclass(frozen=True)
class PairBalance:
    """Two pairs' shared boards: how many in the same direction, how many opposite."""

    same: int
    opposite: int

    @property
    def shared(self) -> int:
        return self.same + self.opposite

    @property
    def same_share(self) -> Fraction:
        """Share of shared boards played in the same direction (ideal 1/2)."""
        return Fraction(self.same, self.shared) if self.shared else Fraction(1, 2)


@dataclass(frozen=True)
class BalanceReport:
    """Balance of a whole movement over all pairs of pairs that share a board."""

    couples: int  # pairs of pairs that share at least one board
    min_same_share: Fraction
    max_same_share: Fraction
    mean_deviation: Fraction  # mean |same_share - 1/2|

    @property
    def worst_deviation(self) -> Fraction:
        return max(
            abs(self.min_same_share - Fraction(1, 2)), abs(self.max_same_share - Fraction(1, 2))
        )


def _sides(entry: MovementEntry) -> tuple[tuple[int, int], tuple[int, int]]:
    # (pair, direction) with direction 0 = NS, 1 = EW
    return ((entry.ns, 0), (entry.ew, 1))


def pair_balance(movement: Movement) -> dict[tuple[int, int], PairBalance]:
    """For every two pairs (p < q) that share a board: same / opposite direction counts.

    Two pairs that sit at the same table share the board in opposite directions by
    definition; they are counted too (that is what a pure Mitchell's imbalance is made of).
    """
    counts: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    for board in movement.boards:
        seated = [s for e in movement.plays_of(board) for s in _sides(e)]
        for i, (p, dp) in enumerate(seated):
            for q, dq in seated[i + 1 :]:
                if p == q:
                    continue
                key = (p, q) if p < q else (q, p)
                counts[key][0 if dp == dq else 1] += 1
    return {k: PairBalance(v[0], v[1]) for k, v in sorted(counts.items())}


def balance_report(movement: Movement) -> BalanceReport:
    """Summary of ``pair_balance``: worst and mean deviation from the ideal half."""
    shares = [b.same_share for b in pair_balance(movement).values()]
    if not shares:
        half = Fraction(1, 2)
        return BalanceReport(0, half, half, Fraction(0))
    mean = sum((abs(s - Fraction(1, 2)) for s in shares), Fraction(0)) / len(shares)
    return BalanceReport(len(shares), min(shares), max(shares), mean)


def balanced_switches(
    lines: Sequence[MovementEntry], frozen: Iterable[tuple[int, int]] = ()
) -> set[tuple[int, int]]:
    """(round, table) cells to arrow-switch so same/opposite directions even out.

    ``lines`` are unswitched (stationary pair NS). Cells in ``frozen`` never switch.
    First-improvement local search in (round, table) order from "no switches"; it stops
    when no single switch lowers sum over pairs of pairs of (same - opposite)^2, so the
    result is deterministic.
    """
    cells = [(e.round, e.table) for e in lines]
    line_of = {(e.round, e.table): e for e in lines}
    fixed = set(frozen)
    # Lines grouped by the boards they share; weight = number of shared boards.
    by_board: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for e in lines:
        for b in e.boards:
            by_board[b].append((e.round, e.table))
    neighbours: dict[tuple[int, int], dict[tuple[int, int], int]] = {}
    for cell, e in line_of.items():
        weights: dict[tuple[int, int], int] = defaultdict(int)
        for b in e.boards:
            for other in by_board[b]:
                if other != cell:
                    weights[other] += 1
        neighbours[cell] = dict(weights)

    flip: dict[tuple[int, int], int] = {c: 0 for c in cells}
    diff: dict[tuple[int, int], int] = defaultdict(int)  # same - opposite, per pair of pairs

    def seats(cell: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
        e = line_of[cell]
        f = flip[cell]
        return ((e.ns, f), (e.ew, 1 - f))

    def key(p: int, q: int) -> tuple[int, int]:
        return (p, q) if p < q else (q, p)

    for cell in cells:
        for other, w in neighbours[cell].items():
            if other < cell:
                continue
            for p, dp in seats(cell):
                for q, dq in seats(other):
                    if p != q:
                        diff[key(p, q)] += w if dp == dq else -w

    def change(cell: tuple[int, int]) -> dict[tuple[int, int], int]:
        """How each affected difference moves if ``cell`` is toggled."""
        moves: dict[tuple[int, int], int] = defaultdict(int)
        for other, w in neighbours[cell].items():
            for p, dp in seats(cell):
                for q, dq in seats(other):
                    if p != q:
                        # Same becomes opposite and vice versa: the term changes sign.
                        moves[key(p, q)] += -2 * w if dp == dq else 2 * w
        return moves

    improved = True
    while improved:
        improved = False
        for cell in cells:
            if cell in fixed:
                continue
            moves = change(cell)
            gain = sum((diff[k] + d) ** 2 - diff[k] ** 2 for k, d in moves.items())
            if gain < 0:
                for k, d in moves.items():
                    diff[k] += d
                flip[cell] = 1 - flip[cell]
                improved = True
    return {c for c, f in flip.items() if f}
