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
from functools import lru_cache

import numpy as np
import numpy.typing as npt

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

    Switching a cell turns each of its shared boards from same to opposite direction (or
    back) for the four couples it forms with a neighbouring line: the NS pairs of both and
    the EW pairs of both play in the same direction exactly when the two cells are switched
    alike, the crossed couples exactly when they are not. So what a switch moves is known
    from the couples and weights of the cell's neighbours, worked out once
    (``_Neighbourhood``), and the search adds integer arrays (a 20-pair field's
    suggestions build a few dozen such searches).

    The answer depends on nothing but ``lines`` and ``frozen``, and an event file names the
    same movement for each of its sessions (a day of events often the same one in each), so
    the last searches' answers are kept (``_searched``): a 13-table balanced Mitchell's search
    was some 20 ms of CPU each time an event file was read. The caller gets a set of its own.
    """
    return set(_searched(tuple(lines), frozenset(frozen)))


@lru_cache(maxsize=64)
def _searched(
    lines: tuple[MovementEntry, ...], fixed: frozenset[tuple[int, int]]
) -> frozenset[tuple[int, int]]:
    """``balanced_switches``' search, kept by its (hashable) lines and frozen cells."""
    cells = [(e.round, e.table) for e in lines]
    near = _Neighbourhood(lines)
    flip = np.zeros(len(cells), dtype=bool)
    diff = near.unswitched.copy()  # same - opposite, per couple of pairs
    improved = True
    while improved:
        improved = False
        for i, cell in enumerate(cells):
            if cell in fixed:
                continue
            effect = near.effects[i]
            moves = effect.moves(flip)
            now = diff[effect.couples]
            if int(moves @ (2 * now + moves)) < 0:  # sum of (now + move)^2 - now^2
                diff[effect.couples] = now + moves
                flip[i] = not flip[i]
                improved = True
    return frozenset(cell for cell, switched in zip(cells, flip.tolist(), strict=True) if switched)


@dataclass(frozen=True)
class _Effect:
    """What switching one line moves: each term ``t`` is a neighbouring line
    ``neighbours[t]`` sharing ``w`` boards with it, and ``weights[t]`` is ``2w`` for the
    couple of the two lines' NS pairs or of their EW pairs, ``-2w`` for a crossed couple.
    The couple moves by the weight where the neighbour is switched differently from the
    line and by minus the weight where alike (same turns opposite: the term's sign
    changes, by twice its size). ``group[t]`` is the term's couple among ``couples`` (the
    couples' indices, each once, ascending; the terms in the same order)."""

    line: int
    neighbours: npt.NDArray[np.intp]
    weights: npt.NDArray[np.int64]
    group: npt.NDArray[np.intp]
    couples: npt.NDArray[np.intp]

    def moves(self, flip: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
        """How each of ``couples`` moves if the line is switched, the lines switched as
        ``flip`` says."""
        signed = np.where(flip[self.neighbours] != flip[self.line], self.weights, -self.weights)
        if len(self.group) == len(self.couples):  # each couple from one neighbour, in order
            return signed
        summed = np.zeros(len(self.couples), dtype=np.int64)
        np.add.at(summed, self.group, signed)
        return summed


class _Neighbourhood:
    """For each line of a movement, the couples of pairs it shares boards with and how much
    switching it moves each (``effects``), and each couple's same - opposite count over the
    shared boards with no line switched (``unswitched``)."""

    def __init__(self, lines: Sequence[MovementEntry]) -> None:
        cells = [(e.round, e.table) for e in lines]
        by_board: dict[int, list[int]] = defaultdict(list)
        for i, e in enumerate(lines):
            for b in e.boards:
                by_board[b].append(i)
        couples: dict[tuple[int, int], int] = {}
        self.effects: list[_Effect] = []
        initial: list[tuple[int, int]] = []  # (couple, its count with no switch)
        for i, e in enumerate(lines):
            weights: dict[int, int] = defaultdict(int)
            for b in e.boards:
                for j in by_board[b]:
                    if j != i:
                        weights[j] += 1
            terms: list[tuple[int, int, int]] = []  # (neighbour, weight, couple)
            for j, w in weights.items():
                other = lines[j]
                for p, q, c in ((e.ns, other.ns, 2 * w), (e.ew, other.ew, 2 * w),
                                (e.ns, other.ew, -2 * w), (e.ew, other.ns, -2 * w)):  # fmt: skip
                    if p == q:
                        continue
                    couple = couples.setdefault((p, q) if p < q else (q, p), len(couples))
                    terms.append((j, c, couple))
                    if cells[j] > cells[i]:  # each two lines once: unswitched, alike
                        initial.append((couple, c // 2))
            terms.sort(key=lambda term: term[2])
            mine = sorted({couple for _, _, couple in terms})
            place = {couple: k for k, couple in enumerate(mine)}
            self.effects.append(
                _Effect(
                    line=i,
                    neighbours=np.array([j for j, _, _ in terms], dtype=np.intp),
                    weights=np.array([c for _, c, _ in terms], dtype=np.int64),
                    group=np.array([place[couple] for _, _, couple in terms], dtype=np.intp),
                    couples=np.array(mine, dtype=np.intp),
                )
            )
        self.unswitched = np.zeros(len(couples), dtype=np.int64)
        for couple, count in initial:
            self.unswitched[couple] += count
