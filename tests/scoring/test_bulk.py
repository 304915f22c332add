"""The numpy bulk path equals the pure path (``score_board``) exactly, on random sessions."""

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.board_scoring import score_board
from scoring.bulk import matchpoint_arrays
from scoring.matchpoints import Scale
from scoring.options import Rounding, ScoringOptions


def test_rules_example_and_a_board_with_a_missing_result() -> None:
    # rules.md §3: 7 results, top 12. Board 2 lost its -200: n = 6, N = 7, worked by hand:
    # among 6: 9, 9, 6, 4, 2, 0 -> (S + 1) * 7 / 6 - 1 = 10.67, 10.67, 7.17, 4.83, 2.5, 0.17.
    scores = [650, 650, 630, 620, -100, -130, -200, 650, 650, 630, 620, -100, -130]
    result = matchpoint_arrays([1] * 7 + [2] * 6, scores, normal=7)
    assert result.ns.tolist() == [11, 11, 8, 6, 4, 2, 0, 10.7, 10.7, 7.2, 4.8, 2.5, 0.2]
    assert result.ew.tolist() == [1, 1, 4, 6, 8, 10, 12, 1.3, 1.3, 4.8, 7.2, 9.5, 11.8]
    assert result.factored.tolist() == [False] * 7 + [True] * 6
    exact = matchpoint_arrays([2] * 6, scores[7:], normal=7, rounding=Rounding.EXACT)
    assert exact.ns_units is None
    assert Fraction(int(exact.ns_numerator[0]), int(exact.denominator[0])) == Fraction(32, 3)


def test_acbl_scale_halves_everything() -> None:
    result = matchpoint_arrays([5] * 4, [100, 100, 50, -50], normal=4, scale=Scale.ONE_HALF_ZERO)
    assert result.ns.tolist() == [2.5, 2.5, 1, 0]
    assert result.ew.tolist() == [0.5, 0.5, 2, 3]


def test_input_order_is_kept_and_bad_shapes_rejected() -> None:
    result = matchpoint_arrays([3, 1, 3, 1], [10, 20, -10, 0], normal=2)
    assert result.ns.tolist() == [2, 2, 0, 0]
    with pytest.raises(ValueError, match="equal length"):
        matchpoint_arrays([1, 2], [1], normal=2)
    with pytest.raises(ValueError, match="more results"):
        matchpoint_arrays([1, 1, 1], [1, 2, 3], normal=2)


def _pure(scores: list[int], normal: int, scale: Scale, rounding: Rounding) -> list[tuple]:
    options = ScoringOptions(scale=scale, neuberg_rounding=rounding)
    board = score_board(scores, normal, options)
    return [(result.ns.rounded, result.ew.rounded) for result in board.results]


@given(
    st.lists(
        st.integers(2, 13).flatmap(
            lambda normal: st.tuples(
                st.just(normal),
                st.lists(
                    st.sampled_from([-800, -200, -100, -50, 0, 90, 110, 140, 420, 450, 620, 990]),
                    min_size=1,
                    max_size=normal,
                ),
            )
        ),
        min_size=1,
        max_size=10,
    ),
    st.sampled_from(list(Scale)),
    st.sampled_from(list(Rounding)),
)
def test_bulk_equals_pure_on_random_sessions(boards, scale: Scale, rounding: Rounding) -> None:
    keys, scores, normals, expected = [], [], [], []
    for key, (normal, board_scores) in enumerate(boards):
        keys += [key] * len(board_scores)
        scores += board_scores
        normals += [normal] * len(board_scores)
        expected += _pure(board_scores, normal, scale, rounding)
    result = matchpoint_arrays(np.array(keys), np.array(scores), np.array(normals), scale, rounding)
    if rounding is Rounding.EXACT:
        got = [
            (Fraction(int(a), int(d)), Fraction(int(b), int(d)))
            for a, b, d in zip(
                result.ns_numerator, result.ew_numerator, result.denominator, strict=True
            )
        ]
    else:
        q = result.quantum
        got = [
            (Fraction(int(a), q), Fraction(int(b), q))
            for a, b in zip(result.ns_units, result.ew_units, strict=True)
        ]
    assert got == expected
