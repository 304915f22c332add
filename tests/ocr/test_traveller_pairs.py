"""A traveller's pair numbers decoded jointly (ocr/traveller_pairs.py): worked by hand on two
rows, and number for number the same as the messages computed one at a time (the
decoding as first written, kept here as the reference) on travellers of every shape."""

from __future__ import annotations

import operator
import random
from functools import reduce

import numpy as np
import pytest

from ocr.traveller_pairs import Pairs, _compatible, _numbers, joint_beliefs

Row = list[tuple[Pairs, float]]


def _one_at_a_time(rows: list[Row], one_series: bool) -> list[dict[Pairs, float]]:
    """Belief propagation with each message its own loop: row j tells row i, for each of
    row i's readings, the weight of row j's readings that do not clash with it, each
    weighed by what every row but i tells row j (``weights[j]`` times those messages in
    the order of the rows), scaled to a largest of 1."""
    keys = [[pairs for pairs, _ in row] for row in rows]
    weights = [np.array([w for _, w in row], dtype=float) for row in rows]
    n = len(rows)
    seats = [_numbers(k) for k in keys]
    compatible = {}
    for i in range(n):
        for j in range(i + 1, n):
            same = np.zeros((len(seats[i]), len(seats[j])), dtype=bool)
            for x in (0, 1):
                for y in (0, 1) if one_series else (x,):
                    same |= (seats[i][:, x, None] == seats[j][None, :, y]) & (
                        seats[i][:, x, None] > 0
                    )
            ok = 1.0 - same.astype(float)
            compatible[i, j], compatible[j, i] = ok, ok.T
    messages = {(j, i): np.ones(len(keys[i])) for i in range(n) for j in range(n) if i != j}
    for _ in range(30):
        new = {}
        for j, i in messages:
            incoming = weights[j].copy()
            for k in range(n):
                if k != i and k != j:
                    incoming *= messages[k, j]
            m = compatible[i, j] @ incoming
            total = m.max(initial=0.0)
            new[j, i] = m / total if total > 0 else np.ones(len(keys[i]))
        change = max(
            (float(np.abs(new[k] - messages[k]).max(initial=0.0)) for k in new), default=0.0
        )
        messages = new
        if change < 1e-12:
            break
    beliefs = []
    for i in range(n):  # weights times every message to row i, in the rows' order
        b = reduce(operator.mul, [messages[j, i] for j in range(n) if j != i], weights[i])
        if b.sum() <= 0:
            b = weights[i]
        total = float(b.sum())
        beliefs.append(
            {k: float(v) / total if total > 0 else 0.0 for k, v in zip(keys[i], b, strict=True)}
        )
    return beliefs


def test_a_reading_that_seats_a_known_pair_twice_is_left_with_nothing() -> None:
    # Row 1 reads 1-2 (0.6) or 3-2 (0.4); row 2's pairs are printed: 3-4. Pair 3 plays once,
    # so row 1's 3-2 is out: row 2 tells row 1 [1, 0], and row 1's beliefs are 0.6 and 0
    # over 0.6: 1 and 0. Row 1 tells row 2 0.6 (only 1-2 fits beside 3-4), scaled to 1.
    rows = [[((1, 2), 0.6), ((3, 2), 0.4)], [((3, 4), 1.0)]]
    assert joint_beliefs(rows, one_series=False) == [{(1, 2): 1.0, (3, 2): 0.0}, {(3, 4): 1.0}]


def test_numbered_apart_a_number_clashes_only_in_its_own_seat() -> None:
    # Row 1 reads 2-3 (0.75) or 5-6 (0.25) beside row 2's printed 3-4: in one series 3 is on
    # both rows (EW on row 1, NS on row 2) and 2-3 is out; numbered apart it fits and the
    # digits' weights stand: 0.75 and 0.25.
    rows = [[((2, 3), 0.75), ((5, 6), 0.25)], [((3, 4), 1.0)]]
    assert joint_beliefs(rows, one_series=True)[0] == {(2, 3): 0.0, (5, 6): 1.0}
    assert joint_beliefs(rows, one_series=False)[0] == {(2, 3): 0.75, (5, 6): 0.25}


@pytest.mark.parametrize("one_series", [True, False])
def test_rows_with_no_pair_number_read_weigh_nothing(one_series: bool) -> None:
    # No reading seats a number: nothing clashes, every message is 1 and each row's one
    # reading is all its belief (3.0 over 3.0). The seats' bit sets had no word and the
    # decoding stopped on an IndexError (the seeded travellers below never drew such a one).
    rows = [[((None, None), 3.0)], [((None, None), 1.0)]]
    assert joint_beliefs(rows, one_series) == [{(None, None): 1.0}, {(None, None): 1.0}]
    assert joint_beliefs(rows, one_series) == _one_at_a_time(rows, one_series)


def _traveller(rng: random.Random) -> list[Row]:
    top = rng.choice([9, 20, 70, 140])  # pair numbers past 64 and 128: more words of bits
    number = lambda: rng.choice([None, rng.randint(1, top)])  # noqa: E731
    return [
        [((number(), number()), rng.choice([0.0, rng.random()])) for _ in range(rng.randint(1, 9))]
        for _ in range(rng.randint(0, 7))
    ]


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("one_series", [True, False])
def test_every_belief_is_the_same_float_as_one_message_at_a_time(
    seed: int, one_series: bool
) -> None:
    rows = _traveller(random.Random(seed))
    got, want = joint_beliefs(rows, one_series), _one_at_a_time(rows, one_series)
    assert [list(b.items()) for b in got] == [list(b.items()) for b in want]


def test_each_pair_of_rows_is_laid_out_as_one_made_alone() -> None:
    # the products with it must add in the same order: C order, its transpose a view
    seats = [_numbers([(1, 2), (3, 4)]), _numbers([(2, 5)]), _numbers([(5, 1), (6, 7), (9, 9)])]
    compatible = _compatible(seats, one_series=True)
    assert compatible[0, 2].tolist() == [[0.0, 1.0, 1.0], [1.0, 1.0, 1.0]]
    for (i, j), ok in compatible.items():
        assert ok.flags.c_contiguous if i < j else ok.flags.f_contiguous
        assert ok.dtype == np.float64
