"""Invariants of matchpoint scoring (issue 2 "Done when"), checked with hypothesis."""

import math
from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.board_scoring import BoardLine, score_board
from scoring.matchpoints import Scale, top
from scoring.neuberg import neuberg, unneuberg
from scoring.options import Rounding, ScoringOptions
from scoring.outcome import Adjustment, Weighted
from scoring.session import score_session
from tests.hypothesis_profiles import draws

SCORES = st.sampled_from([-1100, -500, -200, -100, -50, 0, 50, 90, 110, 140, 420, 450, 620, 1440])
SCALES = st.sampled_from(list(Scale))
ROUNDINGS = st.sampled_from(list(Rounding))


def plain_lines(scores: list[int]) -> list[BoardLine]:
    return [BoardLine.plain(s, t, 100 + t) for t, s in enumerate(scores, start=1)]


@st.composite
def weighted(draw: st.DrawFn) -> Weighted:
    parts = draw(st.integers(1, 3))
    if parts == 1:
        return Weighted.of(draw(SCORES))
    cuts = sorted(
        draw(st.lists(st.integers(1, 99), min_size=parts - 1, max_size=parts - 1, unique=True))
    )
    bounds = [0, *cuts, 100]
    return Weighted(tuple((F(bounds[i + 1] - bounds[i], 100), draw(SCORES)) for i in range(parts)))


@given(st.lists(SCORES, min_size=1, max_size=14), SCALES)
def test_plain_board_ns_plus_ew_is_the_top_and_ns_sums_to_n_n_minus_1(
    scores: list[int], scale: Scale
) -> None:
    n = len(scores)
    board = score_board(plain_lines(scores), n, ScoringOptions(scale=scale))
    for result in board.results:
        assert result.ns.points + result.ew.points == top(n, scale)
        assert result.ns.rounded + result.ew.rounded == top(n, scale)
    expected = n * (n - 1) if scale is Scale.TWO_ONE_ZERO else F(n * (n - 1), 2)
    assert board.ns_sum() == expected
    assert board.ew_sum() == expected


@given(st.lists(SCORES, min_size=1, max_size=12), st.integers(0, 5), SCALES, ROUNDINGS)
def test_factored_board_keeps_the_top_and_rounding_stays_close(
    scores: list[int], missing: int, scale: Scale, rounding: Rounding
) -> None:
    n = len(scores)
    normal = n + missing
    board = score_board(
        plain_lines(scores), normal, ScoringOptions(scale=scale, neuberg_rounding=rounding)
    )
    step = {Rounding.EXACT: F(0), Rounding.TENTH: F(1, 10), Rounding.HUNDREDTH: F(1, 100)}[rounding]
    for result in board.results:
        assert result.ns.points + result.ew.points == top(normal, scale)
        assert abs(result.ns.rounded + result.ew.rounded - top(normal, scale)) <= step
        assert abs(result.ns.rounded - result.ns.points) <= step / 2
        assert result.ns.factored == (missing > 0)
    # Neuberg is affine, so the NS sum is the sum among n factored: n (N - 1) on 2-1-0.
    assert board.ns_sum() == top(normal, scale) * n / 2


@given(st.lists(weighted(), min_size=1, max_size=8), SCALES)
def test_weighted_scores_still_share_the_top(outcomes: list[Weighted], scale: Scale) -> None:
    n = len(outcomes)
    lines = [
        BoardLine.from_adjustment(t, 100 + t, Adjustment(o, o)) for t, o in enumerate(outcomes, 1)
    ]
    board = score_board(lines, n, ScoringOptions(scale=scale))
    assert board.ns_sum() == top(n, scale) * n / 2
    assert all(r.ns.points + r.ew.points == top(n, scale) for r in board.results)


@given(st.lists(st.tuples(SCORES, SCORES), min_size=1, max_size=8))
def test_split_fields_each_sum_to_n_n_minus_1(pairs: list[tuple[int, int]]) -> None:
    n = len(pairs)
    lines = [
        BoardLine.from_adjustment(t, 100 + t, Adjustment(Weighted.of(a), Weighted.of(b)))
        for t, (a, b) in enumerate(pairs, 1)
    ]
    board = score_board(lines, n)
    assert board.ns_sum() == n * (n - 1)
    assert board.ew_sum() == n * (n - 1)


@given(
    st.fractions(min_value=0, max_value=40, max_denominator=12),
    st.integers(1, 20),
    st.integers(1, 20),
    SCALES,
)
def test_neuberg_then_unneuberg_is_identity(points: F, n: int, normal: int, scale: Scale) -> None:
    assert unneuberg(neuberg(points, n, normal, scale), n, normal, scale) == points
    assert neuberg(points, n, n, scale) == points  # identity at n = N


@settings(max_examples=draws(60))
@given(
    st.lists(SCORES, min_size=1, max_size=12), st.integers(0, 3), st.randoms(use_true_random=False)
)
def test_results_do_not_depend_on_the_order_of_lines(
    scores: list[int], missing: int, random: object
) -> None:
    lines = plain_lines(scores)
    lines[0] = BoardLine.from_adjustment(
        1, 101, Adjustment(Weighted.of(scores[0]), Weighted.of(110))
    )
    shuffled = list(lines)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    normal = len(scores) + missing
    first = {r.ns_pair: r for r in score_board(lines, normal).results}
    second = {r.ns_pair: r for r in score_board(shuffled, normal).results}
    assert first == second
    sessions = [score_session([score_board(x, normal, board=1)]) for x in (lines, shuffled)]
    assert sessions[0].pairs == sessions[1].pairs


@given(st.lists(SCORES, min_size=1, max_size=12), st.integers(0, 4), SCALES, ROUNDINGS)
def test_the_plain_fast_path_equals_the_general_path(
    scores: list[int], missing: int, scale: Scale, rounding: Rounding
) -> None:
    # Marking a plain line "adjusted" sends it down the general (Fraction) path.
    options = ScoringOptions(scale=scale, neuberg_rounding=rounding)
    normal = len(scores) + missing
    fast = score_board(scores, normal, options).results
    lines = [BoardLine(0, 0, Weighted.of(s), Weighted.of(s), adjusted=True) for s in scores]
    general = score_board(lines, normal, options).results

    def key(side: object) -> tuple[object, ...]:
        return tuple(
            getattr(side, f) for f in ("points", "rounded", "percent", "compared", "factored")
        )

    assert [(key(r.ns), key(r.ew)) for r in fast] == [(key(r.ns), key(r.ew)) for r in general]


@settings(max_examples=draws(60))
@given(
    st.integers(2, 7).flatmap(
        lambda tables: st.lists(
            st.lists(st.one_of(st.none(), SCORES), min_size=tables, max_size=tables).filter(
                lambda row: any(s is not None for s in row)
            ),
            min_size=1,
            max_size=5,
        )
    ),
    st.randoms(use_true_random=False),
)
def test_session_totals_share_every_top_and_ignore_board_order(
    boards: list[list[int | None]], random: object
) -> None:
    options = ScoringOptions(neuberg_rounding=Rounding.EXACT)
    tables = len(boards[0])
    scored = [
        score_board(
            [BoardLine.plain(s, t, 100 + t) for t, s in enumerate(row, 1) if s is not None],
            tables,
            options,
            board=number,
        )
        for number, row in enumerate(boards, 1)
    ]
    session = score_session(scored, options)
    expected = sum((sum(s is not None for s in row) * top(tables) for row in boards), F(0))
    assert sum(t.points for t in session.pairs) == expected
    assert all(0 <= t.percent <= 100 for t in session.pairs)
    shuffled = list(scored)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    again = score_session(shuffled, options)
    assert {t.pair: (t.points, t.percent) for t in again.pairs} == {
        t.pair: (t.points, t.percent) for t in session.pairs
    }


@given(st.lists(st.tuples(SCORES, st.integers(0, 2)), min_size=2, max_size=12), SCALES)
def test_fouled_groups_each_reach_the_full_top(lines: list[tuple[int, int]], scale: Scale) -> None:
    options = ScoringOptions(scale=scale, fouled_small_group_rule=False)
    normal = len(lines)
    board = score_board(
        [BoardLine.plain(s, t, 100 + t, group=g) for t, (s, g) in enumerate(lines, 1)],
        normal,
        options,
    )
    sizes = {g: sum(1 for _, h in lines if h == g) for _, g in lines}
    for result, (_, group) in zip(board.results, lines, strict=True):
        if sizes[group] == 1:
            # 60% of the top, in whole ties rounded up (seed 004, the default).
            sixty = math.ceil(top(normal, scale) * F(60, 100) / scale.tie) * scale.tie
            assert result.ns.points == result.ew.points == sixty
        else:
            assert result.ns.points + result.ew.points == top(normal, scale)
            assert result.ns.compared == sizes[group]
