"""IMPs are scored by one implementation (issue 9): the main job and ``compare`` give the same
figures for the same boards, split, weighted and artificial scores included.

The evening of test_club_evening (7 pairs, 7 boards, N = 3), scored in IMPs. Board 5 gets
a director's weighted score at 1-7 instead of its table result: 50% of +90, 50% of +120.
Worked by hand (NS vul):
  cross-IMPs, each result against the other two, averaged (rules.md §9), a weighted score
  IMPed part by part (Law 12C1(c)):
    3-6 +120: v -110 imps(230) = 6; v the weighted score half imps(30) = 1 and half imps(0)
      = 0 -> 0.5; 6.5 / 2 = 3.25.
    4-2 -110: v +120 -6; v weighted half imps(-200) = -5, half imps(-230) = -6 -> -5.5;
      -11.5 / 2 = -5.75.
    1-7 weighted: v +120 half imps(-30) = -1, half 0 -> -0.5; v -110 half imps(200) = 5,
      half imps(230) = 6 -> 5.5; 5 / 2 = 2.5.   (3.25 - 5.75 + 2.5 = 0.)
  Butler, the datum without the top and bottom score (the default): of -110, 105 (the
  weighted score's mean) and +120 only 105 is left, rounded to 10 halves away from zero:
  110. +120: +10 -> 0; -110: -220 -> -6; weighted: half imps(-20) = -1, half imps(+10) = 0
  -> -0.5.
Board 4's split score (NS +620, EW +170: each side in its own field, rules.md §5) and board
3's A60/40 (+3 / -3, Law 86A) are worked in test_club_evening_multi.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pipeline.events.eventfile import load_event
from pipeline.interop.convert import session_from_travellers
from pipeline.interop.records import Scoring
from pipeline.interop.score import rescore
from pipeline.results.field_records import FieldOptions
from pipeline.results.imp_pairs import score_imp_pairs_session
from pipeline.results.team_matches import board_imps
from scoring.contract import Contract, Seat
from scoring.outcome import parse_adjustment
from scoring.traveller import TravellerRow
from tests.pipeline.results.test_club_evening import EVENT_YAML

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _rows() -> list[TravellerRow]:
    def row(board: int, ns: int, ew: int, contract: str, by: Seat, tricks: int) -> TravellerRow:
        return TravellerRow(board, ns, ew, Contract.parse(contract), by, tricks, section="A")

    def adjusted(board: int, ns: int, ew: int, text: str) -> TravellerRow:
        return TravellerRow(board, ns, ew, adjustment=parse_adjustment(text), section="A")

    return [
        row(1, 6, 2, "4S", N, 10), row(1, 7, 5, "4S", N, 11), row(1, 4, 3, "3S", S, 10),
        row(2, 7, 3, "3NT", N, 9), row(2, 1, 6, "3NT", S, 8),
        row(3, 2, 7, "2H", E, 8), adjusted(3, 6, 5, "A60/40"), row(3, 1, 4, "2H", E, 9),
        row(4, 3, 1, "4S", N, 10), row(4, 2, 5, "4S", N, 9), adjusted(4, 7, 6, "+620/+170"),
        row(5, 3, 6, "1NT", S, 8), row(5, 4, 2, "2S", E, 8),
        adjusted(5, 1, 7, "50% +90, 50% +120"),
        row(6, 5, 3, "2D", W, 7), row(6, 2, 1, "3C", N, 9),
        row(7, 5, 1, "3NT", W, 9), row(7, 6, 4, "3NT", W, 10), row(7, 3, 2, "4S", W, 9),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "method", "board_5"),
    [
        ("pairs-cross-imps", Scoring.CROSS_IMPS,
         {(3, 6): (Fraction(13, 4), Fraction(-13, 4)), (4, 2): (Fraction(-23, 4), Fraction(23, 4)),
          (1, 7): (Fraction(5, 2), Fraction(-5, 2))}),
        ("pairs-butler", Scoring.BUTLER,
         {(3, 6): (0, 0), (4, 2): (-6, 6), (1, 7): (Fraction(-1, 2), Fraction(1, 2))}),
    ],
)  # fmt: skip
def test_main_job_and_compare_give_the_same_imps(
    tmp_path: Path, kind: str, method: Scoring, board_5: dict[tuple[int, int], tuple]
) -> None:
    event_file = tmp_path / "event.yaml"
    event_file.write_text(EVENT_YAML.replace("pairs-matchpoints", kind), encoding="utf-8")
    event = load_event(event_file)
    rows = _rows()
    boards, _, unscored = score_imp_pairs_session(event, event.session(1), rows)
    assert not unscored
    main = {
        (b.board, line.ns_pair, line.ew_pair): (line.ns_mp, line.ew_mp)
        for b in boards
        for line in b.lines
        if line.ns_mp is not None
    }
    session = session_from_travellers(rows, event="evening", scoring=method)
    ours = rescore(session, FieldOptions(event.options, method.kind))
    interop = {
        (line.result.board, int(line.result.ns_pair), int(line.result.ew_pair)): (line.ns, line.ew)
        for line in ours.lines
    }
    assert interop == main
    assert {k[1:]: v for k, v in main.items() if k[0] == 5} == board_5
    if method is Scoring.BUTLER:
        assert next(b for b in boards if b.board == 5).datum == 110
    else:
        # The split score of board 4 (rules.md §5, test_club_evening_multi): NS +6 in the NS
        # field, EW +1.5 in the EW field; the two sides need not balance.
        assert main[(4, 7, 6)] == (6, Fraction(3, 2))


def test_team_board_with_a_split_score_scores_each_side_in_its_own_field() -> None:
    # Home team NS at table 1 with a split assigned score (NS +620, EW +170); at table 2 the
    # home team sits EW and the away team, NS, made 2S by N with 8 tricks: +110 (board 1,
    # nobody vulnerable). Home: 620 - 110 = 510 -> 11 IMPs. Away: its +110 against its own EW
    # score of +170 at table 1, -60 -> -2: the two need not balance.
    here = TravellerRow(1, 1, 2, adjustment=parse_adjustment("+620/+170"))
    there = TravellerRow(1, 2, 1, Contract.parse("2S"), N, 8)
    home, away, note = board_imps(here.outcomes(), there.outcomes())
    assert (home, away) == (11, -2)
    assert note == "split score: the other team -2"
    artificial = TravellerRow(1, 1, 2, adjustment=parse_adjustment("A60/40"))
    assert board_imps(artificial.outcomes(), there.outcomes()) == (
        3, -3, "artificial score (Law 86A)",
    )  # fmt: skip
    assert board_imps(None, there.outcomes()) == (
        0, 0, "no result at one table: 0 IMPs (director to adjust)",
    )  # fmt: skip


def test_the_main_job_takes_the_imp_totals_option_as_compare_does(tmp_path: Path) -> None:
    # rules.md §15: with ``imp_totals: per-board`` a pair's session figure is its IMPs per
    # board, the sum of its board IMPs over the boards it played; the ranking (IMPs per board)
    # does not change. The same evening in cross-IMPs, once as a sum and once per board, and
    # the figure compare gives (scoring.imp_totals, one implementation).
    def standings(options: str) -> dict[int, tuple[Fraction, int]]:
        event_file = tmp_path / "event.yaml"
        text = EVENT_YAML.replace("pairs-matchpoints", "pairs-cross-imps")
        event_file.write_text(text.replace("sessions:\n", options + "sessions:\n", 1))
        event = load_event(event_file)
        totals = score_imp_pairs_session(event, event.session(1), _rows())[1]
        session = session_from_travellers(_rows(), event="evening", scoring=Scoring.CROSS_IMPS)
        ours = rescore(session, FieldOptions(event.options, Scoring.CROSS_IMPS.kind))
        assert {int(p.key): p.total for p in ours.pairs} == {p: t.total for p, t in totals.items()}
        return {p: (t.total, t.boards_played) for p, t in totals.items()}

    summed = standings("")
    per_board = standings("options:\n  imp_totals: per-board\n")
    # Boards played, counted on the 19 lines of _rows (38 sides): pair 4 sits out boards
    # 2, 4 and 6; pairs 5 and 7 two boards each; the others one.
    played = {1: 6, 2: 6, 3: 6, 4: 4, 5: 5, 6: 6, 7: 5}
    assert {p: n for p, (_, n) in summed.items()} == played
    assert {p: n for p, (_, n) in per_board.items()} == played
    assert sum(total for total, _ in summed.values()) == 0  # each field of cross-IMPs balances
    assert {p: total for p, (total, _) in per_board.items()} == {
        p: total / played[p] for p, (total, _) in summed.items()
    }
