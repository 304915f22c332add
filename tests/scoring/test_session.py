"""A session worked by hand: totals, percentages, Law 88, the offender rule, penalties,
fewer boards, rounded versus exact totals."""

from fractions import Fraction as F

import pytest

from scoring.adjusted import Penalty, PenaltyReason
from scoring.board_scoring import BoardLine, BoardScore, score_board
from scoring.errors import BoardError, ScoringError
from scoring.matchpoints import Scale
from scoring.options import AdjustedRounding, FewerBoards, Rounding, ScoringOptions, SitoutCredit
from scoring.outcome import parse_adjustment
from scoring.session import score_session

# Three tables, three boards, every pair plays every board: NS pairs 1-3, EW pairs 4-6
# (table t: NS t v EW t + 3). N = 3, top 4.
# Board 1: +420, +450, +400 -> NS 2, 4, 0; EW 2, 0, 4.
# Board 2: +110, A60/40 (pair 2 not at fault, pair 5 at fault), -100.
#   Among the 2 others: 2 and 0 -> (S + 1) * 3/2 - 1 = 3.5 and 0.5; EW 0.5 and 3.5;
#   A60 = 2.4, A40 = 1.6.
# Board 3: -50, -50, +100 -> NS 1, 1, 4; EW 3, 3, 0.


# Worked with plain percentages (A60 of 4 = 2.4); the default whole points are worked in
# test_law88_in_whole_points_*.
OPTIONS = ScoringOptions(adjusted_rounding=AdjustedRounding.PLAIN)
PLAIN = AdjustedRounding.PLAIN


def boards(options: ScoringOptions = OPTIONS, table_2_board_2: str = "A60/40") -> list[BoardScore]:
    def make(number: int, *texts: str) -> BoardScore:
        lines = []
        for table, text in enumerate(texts, start=1):
            if not text:
                continue
            if text.startswith("A"):
                lines.append(BoardLine.from_adjustment(table, table + 3, parse_adjustment(text)))
            else:
                lines.append(BoardLine.plain(int(text), table, table + 3))
        return score_board(lines, 3, options, board=number)

    return [
        make(1, "420", "450", "400"),
        make(2, "110", table_2_board_2, "-100"),
        make(3, "-50", "-50", "100"),
    ]


def test_totals_and_law88() -> None:
    session = score_session(boards(), OPTIONS)
    # Pair 2 on its other boards: 4 + 1 = 5 of 8 = 62.5% > 60%, so Law 88 gives it 62.5% of 4
    # = 2.5 on board 2. Total 4 + 2.5 + 1 = 7.5 of 12 = 62.5%.
    pair_2 = session.pair(2)
    assert (pair_2.points, pair_2.max_points, pair_2.percent) == (F("7.5"), 12, F("62.5"))
    law88 = session.boards[1].results[1].ns
    assert (law88.points, law88.award, law88.from_session) == (F("2.5"), F("62.5"), True)
    # The offender (pair 5) keeps its 40%: 0 + 1.6 + 3 = 4.6 of 12.
    assert session.pair(5).points == F("4.6")
    assert session.pair(5).percent == F(115, 3)  # 38.333...%
    expected = {1: F("6.5"), 3: F("4.5"), 4: F("5.5"), 6: F("7.5")}
    assert {p: session.pair(p).points for p in expected} == expected
    assert session.pair(1).percent == F(325, 6)  # 6.5 / 12 = 54.1666...%
    assert all(t.boards_played == 3 for t in session.pairs)
    # 9 lines x top 4 = 36, plus the 0.1 Law 88 added.
    assert sum(t.points for t in session.pairs) == F("36.1")


def test_without_law88_the_award_stays_60_percent() -> None:
    options = ScoringOptions(law88=False, adjusted_rounding=PLAIN)
    session = score_session(boards(options), options)
    assert session.pair(2).points == F("7.4")
    assert not session.boards[1].results[1].ns.from_session


def test_law88_keeps_60_when_the_other_boards_are_worse() -> None:
    # A40/60: now pair 5 (EW) is not at fault; its other boards 0 + 3 = 37.5% < 60%: 2.4.
    session = score_session(boards(table_2_board_2="A40/60"), OPTIONS)
    assert session.boards[1].results[1].ew.points == F("2.4")
    assert session.pair(5).points == F("5.4")
    assert session.pair(2).points == F("6.6")  # 4 + 1.6 + 1


def test_offender_gets_its_session_percentage_if_lower() -> None:
    options = ScoringOptions(offender_session_percentage_if_lower=True, adjusted_rounding=PLAIN)
    session = score_session(boards(options), options)
    # Pair 5: other boards 3 of 8 = 37.5% < 40%: 37.5% of 4 = 1.5; total 4.5.
    assert session.boards[1].results[1].ew.points == F("1.5")
    assert session.pair(5).points == F("4.5")
    assert session.pair(5).percent == F("37.5")


def test_law88_in_whole_points_rounds_the_60_up() -> None:
    options = ScoringOptions()  # the default: whole matchpoints, seed 004
    session = score_session(boards(options), options)
    # A60 of 4 = 2.4 -> 3 (60% up); Law 88's 62.5% of 4 = 2.5 -> 3 to the nearest (halves
    # up): no more than the 60% award, so the award stays. A40 = 1.6 -> 1 (40% down).
    assert session.boards[1].results[1].ns.points == 3
    assert not session.boards[1].results[1].ns.from_session
    assert session.boards[1].results[1].ew.points == 1
    assert session.pair(2).points == 8  # 4 + 3 + 1


def test_law88_in_whole_points_never_takes_a_point_away() -> None:
    # Top 12 (N = 7). Pair 1 (NS) is compared on two boards and scores 9 and 6: 15 of 24 =
    # 62.5%. On board 3 it gets A60: 60% of 12 = 7.2 -> 8 (seed 004: up). Law 88 would give
    # 62.5% of 12 = 7.5 -> 8 (nearest, halves up): not more, the award stays at 8. With the
    # bounded reading 62.5% rounds up to 8 as well; plainly it is 7.5 > 7.2.
    # Board 1: 1 v 11 scores +600 against six lower scores and two ties... built as 7 lines:
    # pair 1's +620 beats 4 (+100 x4) and ties 1 (+620): 2*4 + 1 = 9 of 12 (the seventh
    # line +650 beats it). Board 2: pair 1's +50 beats 3 (-100 x3), ties none, loses 3: 6.
    def board(number: int, scores: list[int], award: str | None = None) -> BoardScore:
        lines = [BoardLine.plain(score, 1 + i, 11 + i) for i, score in enumerate(scores)]
        if award is not None:
            lines[0] = BoardLine.from_adjustment(1, 11, parse_adjustment(award))
        return score_board(lines, 7, options, board=number)

    for options, expected in (
        (ScoringOptions(), 8),
        (ScoringOptions(adjusted_rounding=AdjustedRounding.WHOLE_POINTS_BOUNDED), 8),
        (ScoringOptions(adjusted_rounding=PLAIN), F("7.5")),
    ):
        session = score_session(
            [
                board(1, [620, 620, 650, 100, 100, 100, 100]),
                board(2, [50, -100, -100, -100, 200, 200, 200]),
                board(3, [0, 0, 0, 0, 0, 0, 0], award="A60/40"),
            ],
            options,
        )
        assert session.boards[0].results[0].ns.points == 9
        assert session.boards[1].results[0].ns.points == 6
        assert session.boards[2].results[0].ns.points == expected


def test_penalties_come_off_the_total_not_the_board() -> None:
    penalties = [
        Penalty(1, reason=PenaltyReason.SLOW_PLAY),  # 10% of the session top 4 = 0.4
        Penalty(6, F(10), PenaltyReason.FOULED_BOARD, board=3),
        Penalty(6, F(25)),  # 1.0
    ]
    session = score_session(boards(), OPTIONS, penalties=penalties)
    assert session.pair(1).points == F("6.1")
    assert session.pair(1).penalty_points == F("0.4")
    assert session.pair(1).percent == F(305, 6)  # 6.1 / 12
    assert session.pair(6).points == F("6.1")  # 7.5 - 0.4 - 1
    assert session.boards[0].results[0].ns.points == 2  # the board is untouched
    assert session.pair(4).points == F("5.5")


def test_penalty_on_a_board_outside_the_session() -> None:
    with pytest.raises(BoardError, match="board 7, which is not in the session"):
        score_session(boards(), OPTIONS, penalties=[Penalty(1, board=7)])
    with pytest.raises(ScoringError, match=r"pair\(s\) \[42\]"):
        score_session(boards(), OPTIONS, penalties=[Penalty(42)])


def _session_with_a_missing_table() -> list[BoardScore]:
    # As above, but table 3 (pairs 3 and 6) did not play board 3: among 2, -50 v -50 -> 1 each;
    # (1 + 1) * 3/2 - 1 = 2 for NS and EW of tables 1 and 2.
    def make(number: int, *scores: int | None) -> BoardScore:
        lines = [
            BoardLine.plain(s, t, t + 3) for t, s in enumerate(scores, start=1) if s is not None
        ]
        return score_board(lines, 3, OPTIONS, board=number)

    return [make(1, 420, 450, 400), make(2, 110, 140, -100), make(3, -50, -50, None)]


def test_fewer_boards_as_played_and_north_american_scaling() -> None:
    plain = score_session(_session_with_a_missing_table(), OPTIONS)
    # Board 2 is plain now: 110, 140, -100 -> NS 2, 4, 0.
    pair_3 = plain.pair(3)
    assert (pair_3.points, pair_3.max_points, pair_3.boards_played) == (0, 8, 2)
    assert plain.pair(1).points == 6  # 2 + 2 + 2
    scaled_options = ScoringOptions(fewer_boards=FewerBoards.SCALE_TO_SESSION)
    scaled = score_session(_session_with_a_missing_table(), scaled_options)
    pair_6 = scaled.pair(6)  # EW 4 + 4 = 8 on 2 boards -> 8 * 3/2 = 12 of 12
    assert (pair_6.points, pair_6.max_points, pair_6.percent) == (12, 12, 100)
    assert pair_6.scale_factor == F(3, 2)
    assert scaled.pair(1).scale_factor == 1


def test_totals_and_percentages_from_rounded_or_exact() -> None:
    # One board, N = 5, four results 420, 420, 170, -50: pair 3 NS 2.75 (2.8 rounded).
    lines = [BoardLine.plain(s, t, t + 10) for t, s in enumerate([420, 420, 170, -50], start=1)]

    def pair_3(options: ScoringOptions) -> tuple[F, F]:
        scored = score_board(lines, 5, options, board=1)
        total = score_session([scored], options).pair(3)
        return total.points, total.percent

    assert pair_3(ScoringOptions()) == (F("2.8"), F(35))
    assert pair_3(ScoringOptions(totals_from_rounded=False)) == (F("2.75"), F(35))
    assert pair_3(ScoringOptions(percentage_from_rounded=False)) == (F("2.8"), F("34.375"))
    assert pair_3(ScoringOptions(neuberg_rounding=Rounding.EXACT)) == (F("2.75"), F("34.375"))


def test_sitout_average_credit_in_a_session() -> None:
    # Three rounds of one board; pair 1 also sat out one round (boards_per_round = 1):
    # 6.5 / 3 = 2.17 -> 2 credited, maximum 12 + 4 = 16, 8.5 / 16 = 53.125%.
    options = ScoringOptions(sitout_credit=SitoutCredit.AVERAGE)
    session = score_session(boards(options), options, sitouts={1: 1}, boards_per_round=1)
    pair_1 = session.pair(1)
    assert (pair_1.sitout_points, pair_1.points, pair_1.max_points) == (2, F("8.5"), 16)
    assert pair_1.percent == F("53.125")
    assert session.pair(2).sitout_points == 0


def test_session_errors() -> None:
    with pytest.raises(ScoringError, match="at least one scored board"):
        score_session([])
    twice = boards()
    with pytest.raises(BoardError, match="board 1 appears twice"):
        score_session([twice[0], twice[0]])
    anonymous = score_board([100, 200], 2, board=8)
    with pytest.raises(BoardError, match="board 8: a session needs pair numbers"):
        score_session([anonymous])
    with pytest.raises(KeyError, match="pair 9"):
        score_session(boards()).pair(9)


def test_pair_boards_keep_side_and_top() -> None:
    session = score_session(boards(), OPTIONS)
    entries = session.pair(5).boards
    assert [(e.board, e.side.name, e.points, e.top) for e in entries] == [
        (1, "EW", 0, 4),
        (2, "EW", F("1.6"), 4),
        (3, "EW", 3, 4),
    ]


def test_percentages_are_the_same_on_both_scales() -> None:
    # rules.md §3: "Both must be possible; percentages are identical" (exact rounding, so
    # nothing is rounded differently on the two scales).
    results = []
    for scale in Scale:
        options = ScoringOptions(
            scale=scale, neuberg_rounding=Rounding.EXACT, adjusted_rounding=PLAIN
        )
        session = score_session(boards(options), options)
        results.append({t.pair: t.percent for t in session.pairs})
    assert results[0] == results[1]
    assert results[0][2] == F("62.5")


def test_fouled_board_lone_result_gets_60_or_the_session_average() -> None:
    # Board 2 fouled: table 2 alone in group 1 (3 tables, so no small-group rule).
    # Pair 2 had 4 of 4 on board 1 (100%): it gets 100% of 4 = 4. Pair 5 had 0%: keeps 60%.
    fouled = score_board(
        [
            BoardLine.plain(110, 1, 4),
            BoardLine.plain(300, 2, 5, group=1),
            BoardLine.plain(-100, 3, 6),
        ],
        3,
        OPTIONS,
        board=2,
    )
    session = score_session([boards()[0], fouled], OPTIONS)
    lone = session.boards[1].results[1]
    assert (lone.ns.points, lone.ns.from_session) == (4, True)
    assert (lone.ew.points, lone.ew.from_session) == (F("2.4"), False)
    assert session.boards[1].results[0].ns.points == F("3.5")  # among 2, to 3
    assert session.pair(2).points == 8


@pytest.mark.parametrize("offender_rule", [False, True])
def test_law88_raises_only_a_non_offender(offender_rule: bool) -> None:
    # Pair 2 (NS, table 2) has 62.5% on its other boards, pair 5 (EW) 37.5% (see above).
    options = ScoringOptions(
        offender_session_percentage_if_lower=offender_rule, adjusted_rounding=PLAIN
    )
    # A50/50: both partly at fault: neither raised nor lowered, 50% of 4 = 2 each.
    board_2 = score_session(boards(options, "A50/50"), options).boards[1].results[1]
    assert (board_2.ns.points, board_2.ew.points) == (2, 2)
    assert not (board_2.ns.from_session or board_2.ew.from_session)
    # A40/40: both at fault: pair 2's 62.5% never raises its 40% (1.6); pair 5's 37.5%
    # lowers its 40% only under the offender rule (1.5).
    board_2 = score_session(boards(options, "A40/40"), options).boards[1].results[1]
    assert board_2.ns.points == F("1.6") and not board_2.ns.from_session
    assert board_2.ew.points == (F("1.5") if offender_rule else F("1.6"))
    # A60/60: neither at fault: pair 2 raised to 62.5% (2.5); pair 5 keeps 60% (2.4).
    board_2 = score_session(boards(options, "A60/60"), options).boards[1].results[1]
    assert (board_2.ns.points, board_2.ew.points) == (F("2.5"), F("2.4"))
    assert board_2.ns.from_session and not board_2.ew.from_session
