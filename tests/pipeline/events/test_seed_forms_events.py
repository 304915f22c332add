"""Seed 004's forms from an event file: ``event check`` says what "meets" means for each,
sessions of different forms make one ranking, guide cards print for every form, and a team
Mitchell is scored match by match.

The two-session event below is the seed's "Invävd Howell första omgången och Boforsmitchell
andra omgången" for 22 pairs (11 tables): session 1 an interwoven Howell (groups 1-11 and
12-22; every board played at all 11 tables, top 2 x 10 = 20), session 2 a Bofors Mitchell
of 11 tables (group A NS, group B EW) stopped after 10 rounds, which leaves out the round in
which each A pair would meet again the B pair it met at the cross table: every board is
played 10 times, top 2 x 9 = 18. Over the two sessions every one of the 22 x 21 / 2 = 231
couples of pairs meets exactly once; session 2 is levelled by 20/18 = 10/9 (rules.md §8).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from random import Random

import openpyxl
import pytest
from openpyxl import load_workbook
from typer.testing import CliRunner

from pipeline.doors.entry import write_entry_workbook
from pipeline.doors.scans.forms import travellers_from_event
from pipeline.doors.session_input import SessionInput
from pipeline.events.cards_pdf import cards_pdf
from pipeline.events.eventfile import EventFileError, load_event, parse_event
from pipeline.events.eventfile_writer import dump_event
from pipeline.events.guidecards import write_guide_cards
from pipeline.flows.score_files import run_score
from pipeline.results.event import score_event
from sample_data.fill import fill_entry_workbook, typed
from sample_data.generate import play_session
from scoring.contract import Contract, Seat
from scoring.movement import MovementSpec
from scoring.movements import build_movement
from scoring.traveller import TravellerRow
from tests.pipeline.events.test_cards_pdf import card_text, pages, rows
from tests.pipeline.events.test_eventfile_cli import app


def _pairs(numbers: range) -> str:
    return "\n".join(
        f"          - {{number: {n}, players: [Player {2 * n - 1}, Player {2 * n}]}}"
        for n in numbers
    )


def _session(number: int, movement: str, pairs: int) -> str:
    return f"""\
  - number: {number}
    date: 2026-11-{15 + number}
    sections:
      - name: A
        movement: {movement}
        pairs:
{_pairs(range(1, pairs + 1))}
"""


def _event(*sessions: str, kind: str = "pairs-matchpoints") -> str:
    return f"event:\n  name: Autumn combined\n  kind: {kind}\nsessions:\n" + "".join(sessions)


INTERWOVEN_THEN_BOFORS = _event(
    _session(1, "{type: interwoven-howell, pairs: 22, boards_per_round: 2}", 22),
    _session(
        2,
        "{type: mitchell, tables: 11, boards_per_round: 2, rounds: 10, arrow_switch: balanced}",
        22,
    ),
)
HOWELL_BOFORS_22 = _event(
    *(
        _session(n, f"{{type: howell-bofors, pairs: 22, session: {n}, boards_per_round: 2}}", 22)
        for n in (1, 2, 3)
    )
)


def check(tmp_path: Path, text: str):
    path = tmp_path / "event.yaml"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(app(), ["event", "check", str(path)])


# -- event check -------------------------------------------------------------------------
def test_check_interwoven_then_bofors_says_who_meets_whom(tmp_path):
    result = check(tmp_path, INTERWOVEN_THEN_BOFORS)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "movement: Interwoven Howell 22 pairs, 11 tables, 11 x 2 boards" in out
    assert (
        "meets: every pair meets every pair of its group (1-11 and 12-22) once, and one pair "
        "of the other group at table 1" in out
    )
    assert "rounds 11, tables 11, boards 1-22 (22), each played 11 times" in out
    assert "rounds 10, tables 11, boards 1-22 (22), each played 10 times" in out
    assert "over the 2 sessions: 22 pairs, 231 couple(s) meet once, 0 more often, 0 never" in out
    assert out.rstrip().endswith("OK")


def test_check_the_seeds_three_session_howell_bofors(tmp_path):
    result = check(tmp_path, HOWELL_BOFORS_22)
    assert result.exit_code == 0, result.output
    assert (
        "meets: the Howell group 8-14 with pair 22 meets all its pairs once; Mitchell NS "
        "15-21 meets every EW pair 1-7 once" in result.output
    )
    assert "each played 11 times" in result.output
    assert "over the 3 sessions: 22 pairs, 231 couple(s) meet once" in result.output


def test_a_combination_without_its_third_session_is_refused(tmp_path):
    text = HOWELL_BOFORS_22.split("  - number: 3")[0]
    result = check(tmp_path, text)
    assert result.exit_code == 2
    assert result.output.startswith("error: event.yaml: sessions: ")
    assert "played as sessions 1, 2 and 3, once each; this event has session(s) 1, 2" in (
        result.output
    )
    assert result.output.rstrip().endswith("(line 5)")  # where the sessions start


def test_a_pair_number_that_is_somebody_else_in_session_2_is_named(tmp_path):
    head, _, second = INTERWOVEN_THEN_BOFORS.partition("  - number: 2\n")
    second = second.replace(
        "{number: 5, players: [Player 9, Player 10]}", "{number: 5, players: [Eva, Bo]}"
    )
    second = second.replace(
        "{number: 6, players: [Player 11, Player 12]}", "{number: 6, players: [Player 11, Ulf]}"
    )
    result = check(tmp_path, head + "  - number: 2\n" + second)
    assert result.exit_code == 0, result.output
    notes = [line for line in result.output.splitlines() if line.startswith("NOTE")]
    # pair 6 kept a player (a substitute): not named
    assert notes == [
        "NOTE pair 5 is Player 9 - Player 10 in session 1 but Eva - Bo in session 2: the "
        "ranking adds their results up as one pair"
    ]


def test_a_full_mitchell_after_an_odd_interwoven_howell_meets_11_couples_twice(tmp_path):
    text = INTERWOVEN_THEN_BOFORS.replace("rounds: 10, ", "")
    result = check(tmp_path, text)
    assert result.exit_code == 0
    assert "220 couple(s) meet once, 11 more often, 0 never (1-13 2x, 2-14 2x," in result.output


@pytest.mark.parametrize(
    ("movement", "pairs", "kind"),
    [
        ("{type: extended-mitchell, tables: 8, boards_per_round: 3, extra_rounds: 1}", 16, ""),
        ("{type: team-mitchell, teams: 5, boards_per_round: 4}", 10, "teams"),
        ("{type: odd-teams, teams: 7, boards_per_round: 4}", 14, "teams"),
        ("{type: team-howell, teams: 6, boards_per_round: 4}", 12, "teams"),
    ],
)
def test_every_form_reads_from_an_event_file(movement, pairs, kind):
    section = _session(1, movement, pairs)
    if kind:
        teams = "\n".join(
            f"          - {{number: {k}, name: Team {k}, pairs: [{2 * k - 1}, {2 * k}]}}"
            for k in range(1, pairs // 2 + 1)
        )
        section += f"        teams:\n{teams}\n"
    event = parse_event(_event(section, kind=kind or "pairs-matchpoints"), source="e.yaml")
    spec = event.sessions[0].sections[0].movement.spec
    assert spec is not None and build_movement(spec) == event.sessions[0].sections[0].movement


@pytest.mark.parametrize("text", [INTERWOVEN_THEN_BOFORS, HOWELL_BOFORS_22])
def test_the_event_file_is_written_back_as_read(text):
    event = parse_event(text, source="e.yaml")
    assert parse_event(dump_event(event), source="again.yaml") == event


@pytest.mark.parametrize(
    ("args", "first"),
    [
        (
            ["extended-mitchell", "--tables", "8", "--extra-rounds", "2"],
            "  movement: Extended Mitchell 8 tables (relay), 8 + 2 x 3 boards",
        ),
        (
            ["howell-bofors", "--pairs", "16", "--session", "3", "-b", "2"],
            "  movement: Howell-Bofors 16 pairs, session 3: Howell 11-15 & 16, Mitchell NS "
            "1-5, EW 6-10, 5 x 2 boards",
        ),
        (
            ["odd-teams", "--teams", "7", "-b", "4"],
            "  movement: Odd teams with a three-team meeting, 7 teams, 6 halves x 4 boards",
        ),
    ],
)
def test_event_movement_makes_every_form(args, first):
    result = CliRunner().invoke(app(), ["event", "movement", *args])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == first
    assert "  meets: " in result.output


def test_event_movement_refuses_a_size_the_form_has_not(tmp_path):
    result = CliRunner().invoke(app(), ["event", "movement", "interwoven-howell", "--pairs", "18"])
    assert result.exit_code == 2
    assert "an interwoven Howell is for 8 to 18 tables except 9" in result.output


def test_a_teams_form_in_a_pairs_event_is_refused():
    text = _event(_session(1, "{type: team-mitchell, teams: 5, boards_per_round: 4}", 10))
    with pytest.raises(EventFileError) as error:
        parse_event(text, source="e.yaml")
    assert str(error.value) == (
        "e.yaml: sessions[0].sections[0].teams: a team movement needs the teams listed (line 8)"
    )


# -- guide cards -------------------------------------------------------------------------
def test_team_mitchell_cards_say_where_the_other_half_is_played():
    """5 teams: 5 table cards (two to a page: 3 pages), 10 personal cards (four to a page:
    3 pages). Table 1, round 1: NS team 5 (pair 9) v EW team 2 (pair 4) on boards 1-4; the
    other half of that match is round 4 at the same table (team 2 NS v team 5 EW)."""
    m = build_movement(MovementSpec("team-mitchell", (("teams", 5), ("boards_per_round", 4))))
    data = cards_pdf(m)
    assert len(pages(data)) == 3 + 3
    table_1 = rows(card_text(data, 0))
    assert table_1[1][:2] == ["9", "(team"] and "1-4" in table_1[1]
    assert "other half: round 4 table 1" in card_text(data, 0)
    # a personal card: pair 1 (team 1 NS) plays tables 2, 3, 4, 5 in rounds 1-4
    personal = rows(card_text(data, 3, quarter="top left"))
    assert [personal[r][0] for r in (1, 2, 3, 4)] == ["2", "3", "4", "5"]


@pytest.mark.parametrize(
    ("spec", "tables", "pairs"),
    [
        (("interwoven-howell", (("pairs", 16), ("boards_per_round", 2))), 8, 16),
        (
            ("extended-mitchell", (("tables", 6), ("boards_per_round", 3), ("extra_rounds", 2))),
            6,
            12,
        ),
        (("howell-bofors", (("pairs", 16), ("session", 1), ("boards_per_round", 3))), 8, 16),
        (("odd-teams", (("teams", 7), ("boards_per_round", 3))), 7, 14),
        (("team-howell", (("teams", 4), ("boards_per_round", 3))), 4, 8),
    ],
)
def test_cards_for_every_form(tmp_path, spec, tables, pairs):
    m = build_movement(MovementSpec(*spec))
    data = cards_pdf(m)
    assert len(pages(data)) == -(-tables // 2) + -(-pairs // 4)
    path = write_guide_cards(m, tmp_path / "cards.xlsx")
    sheets = load_workbook(path).sheetnames
    assert len(sheets) == tables + 1 and sheets[-1] == "Pairs"


def test_interwoven_table_cards_show_the_shared_set():
    # 8 tables: the stationary tables 1 and 5 play the same set every round
    m = build_movement(MovementSpec("interwoven-howell", (("pairs", 16), ("boards_per_round", 2))))
    assert "shared with table 5" in card_text(cards_pdf(m), 0)


# -- scoring -----------------------------------------------------------------------------
def test_sessions_of_different_forms_make_one_ranking():
    """Through the results entry point (``score_event``, what ``run`` and ``score`` call):
    every board of session 1 has 11 results (top 20), of session 2 10 (top 18)."""
    event = parse_event(INTERWOVEN_THEN_BOFORS, source="e.yaml")
    inputs = [
        SessionInput(n, tuple(play_session(event.session(n).sections[0].movement, Random(n))))
        for n in (1, 2)
    ]
    results = score_event(event, inputs, with_masterpoints=False)
    s1, s2 = results.sessions
    assert (s1.top, s1.factor) == (20, 1)
    assert (s2.top, s2.factor) == (18, Fraction(10, 9))
    assert len(results.leveled) == 22
    first = {p.pair: p.points for p in s1.standings}
    second = {p.pair: p.points for p in s2.standings}
    for standing in results.leveled:
        pair = standing.pair
        assert standing.total == first[pair] + Fraction(10, 9) * second[pair]
    totals = [s.total for s in results.leveled]
    assert totals == sorted(totals, reverse=True)


N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
TEAM_MITCHELL = _event(
    _session(1, "{type: team-mitchell, teams: 3, boards_per_round: 2}", 6)
    + "        teams:\n"
    + "\n".join(
        f"          - {{number: {k}, name: {name}, pairs: [{2 * k - 1}, {2 * k}]}}"
        for k, name in ((1, "Vikings"), (2, "Ravens"), (3, "Owls"))
    )
    + "\n",
    kind="teams",
)


def _r(board: int, ns: int, ew: int, contract: str, by: Seat, tricks: int, score: int):
    return TravellerRow(board, ns, ew, Contract.parse(contract), by, tricks, written_score_ns=score)


def test_team_mitchell_travellers_list_both_halves_of_the_match():
    # board 1 stays at table 1: Owls NS (5) v Ravens EW (4) in round 1, Ravens NS (3) v
    # Owls EW (6) in round 2 -- the two lines the match compares
    event = parse_event(TEAM_MITCHELL, source="teams.yaml")
    sheets = {sheet.board: sheet for sheet in travellers_from_event(event, 1)}
    assert sorted(sheets) == [1, 2, 3, 4, 5, 6]
    assert [(r.round, r.ns_pair, r.ew_pair) for r in sheets[1].rows] == [(1, 5, 4), (2, 3, 6)]
    assert [(r.round, r.ns_pair, r.ew_pair) for r in sheets[6].rows] == [(1, 3, 2), (2, 1, 4)]


def test_team_mitchell_scores_each_match_ns_against_its_own_ew(tmp_path):
    """3 teams, 2 boards a table, 2 rounds. Round r, table t: NS team t - r, EW team t + r.
    Table 1 (boards 1-2) is Owls v Ravens: r1 NS 5 v EW 4, r2 NS 3 v EW 6. Table 2 (boards
    3-4) Vikings v Owls: r1 NS 1 v EW 6, r2 NS 5 v EW 2. Table 3 (boards 5-6) Ravens v
    Vikings: r1 NS 3 v EW 2, r2 NS 1 v EW 4.
    Owls-Ravens: the same contracts at both tables (3NT+1 +430, 4S= +620): 0 IMPs, 10-10.
    Vikings-Owls: B3 Vikings NS +430 (3NT+1), Owls NS -50 (1NT-1 not vulnerable): 480 ->
    10 IMPs; B4 Vikings NS +2980 (7NTXX=), Owls NS +620: 2360 -> 20 IMPs. 30-0 on 2 boards
    is past the blitz (15 x sqrt 2 = 21.2): 20-0.
    Ravens-Vikings: B5 Ravens NS +620, Vikings NS -100 (1NT-1 vulnerable): 720 -> 12; B6
    Ravens NS +430, Vikings NS -500 (4HX-3): 930 -> 14. 26-0: 20-0 to Ravens.
    Ravens 10 + 20 = 30, Vikings 20 + 0 = 20, Owls 10 + 0 = 10.
    """
    event_file = tmp_path / "teams.yaml"
    event_file.write_text(TEAM_MITCHELL, encoding="utf-8")
    played = [
        _r(1, 5, 4, "3NT", N, 10, 430), _r(1, 3, 6, "3NT", N, 10, 430),
        _r(2, 5, 4, "4S", S, 10, 620), _r(2, 3, 6, "4S", S, 10, 620),
        _r(3, 1, 6, "3NT", N, 10, 430), _r(3, 5, 2, "1NT", S, 6, -50),
        _r(4, 1, 6, "7NTXX", N, 13, 2980), _r(4, 5, 2, "4S", N, 10, 620),
        _r(5, 3, 2, "4S", S, 10, 620), _r(5, 1, 4, "1NT", S, 6, -100),
        _r(6, 3, 2, "3NT", N, 10, 430), _r(6, 1, 4, "4HX", N, 7, -500),
    ]  # fmt: skip
    entry = tmp_path / "teams.xlsx"
    write_entry_workbook(entry, load_event(event_file), 1)
    workbook = openpyxl.load_workbook(entry)
    fill_entry_workbook(workbook, {(r.board, r.ns_pair, r.ew_pair): typed(r) for r in played})
    workbook.save(entry)
    results, _ = run_score(event_file, [str(entry)], tmp_path / "out")
    assert results.teams is not None
    matches = {(m.first, m.second): m for m in results.teams.matches}
    assert len(matches) == 3
    by_teams = {frozenset((m.first, m.second)): m for m in results.teams.matches}
    owls_ravens = by_teams[frozenset((3, 2))]
    assert [b.imps_first for b in owls_ravens.boards] == [0, 0]
    assert (owls_ravens.vp_first, owls_ravens.vp_second) == (10, 10)
    vikings_owls = by_teams[frozenset((1, 3))]
    vikings = 1 if vikings_owls.first == 1 else -1
    assert [vikings * b.imps_first for b in vikings_owls.boards] == [10, 20]
    ravens_vikings = by_teams[frozenset((2, 1))]
    ravens = 1 if ravens_vikings.first == 2 else -1
    assert [ravens * b.imps_first for b in ravens_vikings.boards] == [12, 14]
    standings = [(t.place, t.name, t.vp) for t in results.teams.standings]
    assert standings == [("1", "Ravens", 30), ("2", "Vikings", 20), ("3", "Owls", 10)]
