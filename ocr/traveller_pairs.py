"""A traveller's pair numbers decoded jointly: a pair plays a board once (issue 43).

The rows of one traveller are not independent in their pairs: each pair plays the board
once, so a number is on one row at most (in either seat where the stack numbers its
pairs in one series, in its own seat where NS and EW are numbered apart). Each row's
digits are read apart from the others' (``ocr/pair_decode.py``), and the stack gives each
reading a prior (its seats, ``ocr/stack_pairs.py``). The joint probability of one reading
for every row is then the product of the rows' weights (digits times prior) where no
number is on two rows, and 0 where one is; a row's posterior is the sum over the joint
readings that give it that reading.

Weighing a row by the other rows' own digit readings alone, as the stack did first,
leaves two rows that share one doubt (row 1 reads 1-9 or 6-9, row 6 reads 6-8 or 4-8,
row 4 reads 4-12 or 6-12) each with the doubt of the other's raw digits. Decoded jointly,
row 1's 6 needs row 6 to read 4, which needs row 4 to read something else again: what
the stack's seats and the other rows' own neighbours say about row 6 counts for row 1 as
well. The sums are computed by belief propagation (Pearl): row j tells row i, for each of
row i's readings, the weight of row j's readings that do not clash with it, each weighed
by what every row but i tells row j. On a traveller whose clashes form no loop this is the
exact sum; where they do (three rows that each clash with the next) it is the standard
approximation, iterated until the messages settle (``_ROUNDS`` at most). A row whose
messages all say 0 (two other rows clash whatever is read: a misread, or a pair that
played twice, which goes to a person on its own) tells nothing.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

__all__ = ["Pairs", "joint_beliefs"]

Pairs = tuple[int | None, int | None]

_ROUNDS = 30
"""Rounds of messages at most; the messages of the TRAINING blank forms settle (no change
over 1e-12) within ten."""


def _numbers(keys: Sequence[Pairs]) -> np.ndarray:
    """The readings' (NS, EW) numbers as an array, 0 for no number (pairs are 1 and up)."""
    return np.array([[k[0] or 0, k[1] or 0] for k in keys], dtype=np.int64).reshape(-1, 2)


def _clashes(a: np.ndarray, b: np.ndarray, one_series: bool) -> np.ndarray:
    """1 where a reading of one row (``a``, ``_numbers``) and one of another (``b``) seat a
    pair twice: a number on both, in either seat where the pairs are numbered in one
    series, in the same seat where NS and EW are numbered apart; else 0."""
    same = np.zeros((len(a), len(b)), dtype=bool)
    for x in (0, 1):
        for y in (0, 1) if one_series else (x,):
            same |= (a[:, x, None] == b[None, :, y]) & (a[:, x, None] > 0)
    return same.astype(float)


def joint_beliefs(
    rows: Sequence[Sequence[tuple[Pairs, float]]], one_series: bool
) -> list[dict[Pairs, float]]:
    """Each row's readings with the probability the traveller's joint decoding gives them
    (normalised to 1 per row; a row whose readings all clash keeps its own weights).

    ``rows[i]`` are row i's readings and their weights (digits times the stack's prior;
    a row whose pairs are known has one reading of weight 1); readings with no number,
    (None, None), clash with nothing."""
    keys = [[pairs for pairs, _ in row] for row in rows]
    weights = [np.array([w for _, w in row], dtype=float) for row in rows]
    n = len(rows)
    # compatible[i, j][x, y]: row i's reading x and row j's reading y seat no pair twice
    seats = [_numbers(k) for k in keys]
    compatible: dict[tuple[int, int], np.ndarray] = {}
    for i in range(n):
        for j in range(i + 1, n):
            ok = 1.0 - _clashes(seats[i], seats[j], one_series)
            compatible[i, j], compatible[j, i] = ok, ok.T
    messages = {(j, i): np.ones(len(keys[i])) for i in range(n) for j in range(n) if i != j}
    for _ in range(_ROUNDS):
        new = {}
        for j, i in messages:
            incoming = weights[j].copy()
            for k in range(n):
                if k != i and k != j:
                    incoming *= messages[k, j]
            m = compatible[i, j] @ incoming
            total = m.max(initial=0.0)
            new[j, i] = m / total if total > 0 else np.ones(len(keys[i]))
        change = max((float(np.abs(new[k] - messages[k]).max(initial=0.0)) for k in new),
                     default=0.0)  # fmt: skip
        messages = new
        if change < 1e-12:
            break
    beliefs = []
    for i in range(n):
        b = weights[i].copy()
        for j in range(n):
            if j != i:
                b *= messages[j, i]
        total = float(b.sum())
        if total <= 0:
            b, total = weights[i], float(weights[i].sum())
        beliefs.append({k: float(v) / total for k, v in zip(keys[i], b, strict=True)} if total > 0
                       else {k: 0.0 for k in keys[i]})  # fmt: skip
    return beliefs


def as_readings(beliefs: Mapping[Pairs, float]) -> tuple[tuple[Pairs, float], ...]:
    """Beliefs as pair readings, likeliest first."""
    return tuple(sorted(beliefs.items(), key=lambda kv: -kv[1]))
