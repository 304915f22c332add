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


def _seat_bits(seats: Sequence[np.ndarray], one_series: bool) -> list[np.ndarray]:
    """Each row's readings as bit sets of the seats they fill ((readings, words), uint64):
    number v in one series sets bit v % 64 of word v // 64; numbered apart, an EW number
    sets its bit in the words after the NS numbers'. Two readings clash where they share
    a bit. Words no reading of the traveller fills are left out."""
    top = max((int(s.max(initial=0)) for s in seats), default=0)
    per_seat = top // 64 + 1
    words = per_seat if one_series else 2 * per_seat
    bits = []
    for numbers in seats:
        out = np.zeros((len(numbers), words), dtype=np.uint64)
        for seat in (0, 1):
            v = numbers[:, seat]
            at = np.flatnonzero(v > 0)
            word = v[at] // 64 + (0 if one_series else seat * per_seat)
            bit = np.left_shift(np.uint64(1), (v[at] % 64).astype(np.uint64))
            np.bitwise_or.at(out, (at, word), bit)
        bits.append(out)
    used = np.flatnonzero(np.any([b.any(axis=0) for b in bits], axis=0)) if bits else []
    return [np.ascontiguousarray(b[:, used]) for b in bits]


def _compatible(seats: Sequence[np.ndarray], one_series: bool) -> dict[tuple[int, int], np.ndarray]:
    """``compatible[i, j][x, y]``: 1.0 where row i's reading x and row j's reading y seat no
    pair twice, else 0.0 (a number on both, in either seat where the pairs are numbered in
    one series, in the same seat where NS and EW are numbered apart; worked on the seats'
    bit sets); ``compatible[j, i]`` its transpose. Each row is weighed against all the
    rows after it at once (a traveller's 11 rows make 55 pairs of some 150 readings each),
    and each pair's array is laid out as one made alone would be (C order; its transpose a
    view), so the products with it add in the same order."""
    bits = _seat_bits(seats, one_series)
    compatible: dict[tuple[int, int], np.ndarray] = {}
    n = len(seats)
    for i in range(n - 1):
        later = np.concatenate(bits[i + 1 :])
        shared = np.zeros((len(bits[i]), len(later)), dtype=np.uint64)  # no seat: none shared
        for w in range(later.shape[1]):
            shared |= bits[i][:, w, None] & later[:, w]
        apart = shared == 0
        ends = np.cumsum([len(b) for b in bits[i + 1 :]])[:-1]
        for j, part in enumerate(np.split(apart, ends, axis=1), start=i + 1):
            ok = part.astype(float, order="C")
            compatible[i, j], compatible[j, i] = ok, ok.T
    return compatible


def _incoming(weights: np.ndarray, told: np.ndarray, j: int) -> np.ndarray:
    """Row j's readings weighed by what every other row tells it, once for each row i it
    tells in turn: row i of the result is ``weights`` times ``told[k]`` for every k but i
    and j, multiplied in the order of k (``told``: one row per row of the traveller, what
    it tells row j). The products up to each i are shared (a running product), and each
    row then takes the factors after it; every row's factors come in the same order as
    one product at a time would take them, so every number is the same."""
    n = len(told)
    out = np.empty((n, len(weights)))
    running = weights
    for i in range(n):
        out[i] = running
        if i != j:
            running = running * told[i]
    for k in range(1, n):
        if k != j:
            out[:k] *= told[k]
    return out


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
    compatible = _compatible([_numbers(k) for k in keys], one_series)
    # told[i][j]: what row j tells row i, for each of row i's readings (told[i][i] unused)
    told = [np.ones((n, len(k))) for k in keys]
    for _ in range(_ROUNDS):
        incoming = [_incoming(weights[j], told[j], j) for j in range(n)]
        new, change = [], 0.0
        for i in range(n):
            sums = np.ones_like(told[i])
            for j in range(n):
                if j != i:
                    sums[j] = compatible[i, j] @ incoming[j][i]
            total = sums.max(axis=1, initial=0.0)[:, None]
            scaled = np.divide(sums, total, out=np.ones_like(sums), where=total > 0)
            change = max(change, float(np.abs(scaled - told[i]).max(initial=0.0)))
            new.append(scaled)
        told = new
        if change < 1e-12:
            break
    beliefs = []
    for i in range(n):
        b = weights[i].copy()
        for j in range(n):
            if j != i:
                b *= told[i][j]
        total = float(b.sum())
        if total <= 0:
            b, total = weights[i], float(weights[i].sum())
        beliefs.append({k: v / total for k, v in zip(keys[i], b.tolist(), strict=True)}
                       if total > 0 else {k: 0.0 for k in keys[i]})  # fmt: skip
    return beliefs


def as_readings(beliefs: Mapping[Pairs, float]) -> tuple[tuple[Pairs, float], ...]:
    """Beliefs as pair readings, likeliest first."""
    return tuple(sorted(beliefs.items(), key=lambda kv: -kv[1]))
