"""The event model: records hold together, and mistakes say where they are."""

from __future__ import annotations

import datetime as dt

import pytest

from scoring.event import Event, EventError, EventKind, Pair, Player, Section, Session, Team
from scoring.movements import howell, mitchell, team_movement
from scoring.options import ScoringOptions


def pair(number: int, member: int | None = None) -> Pair:
    base = 1000 + 2 * number if member is None else member
    return Pair(
        number, (Player(f"North {number}", str(base)), Player(f"South {number}", str(base + 1)))
    )


def section(pairs: int = 8, name: str = "A") -> Section:
    return Section(name, tuple(pair(n) for n in range(1, pairs + 1)), howell(pairs, 3))


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("pairs-matchpoints", EventKind.PAIRS_MATCHPOINTS),
        ("Matchpoints", EventKind.PAIRS_MATCHPOINTS),
        ("MP", EventKind.PAIRS_MATCHPOINTS),
        ("cross_imps", EventKind.PAIRS_CROSS_IMPS),
        ("butler", EventKind.PAIRS_BUTLER),
        ("Teams", EventKind.TEAMS),
        ("lag", EventKind.TEAMS),
    ],
)
def test_event_kind_parse(text, kind):
    assert EventKind.parse(text) is kind


def test_event_kind_parse_rejects_unknown():
    with pytest.raises(EventError, match="unknown event kind 'barometer'"):
        EventKind.parse("barometer")


def test_a_whole_event():
    event = Event(
        "Club championship",
        EventKind.PAIRS_MATCHPOINTS,
        (Session(1, (section(),), "Evening 1", dt.date(2026, 11, 16)), Session(2, (section(6),))),
    )
    assert event.options == ScoringOptions()
    assert event.session(2).label == "Session 2"
    assert event.session(1).section("A").pair(3).names == "North 3 - South 3"
    assert event.session(1).section("A").pair_numbers == tuple(range(1, 9))
    with pytest.raises(KeyError, match="no pair 9"):
        event.session(1).section("A").pair(9)
    with pytest.raises(KeyError, match="no session 3"):
        event.session(3)


@pytest.mark.parametrize("member", ["0123", "SE-12345", "A1"])
def test_member_numbers_kept_as_text(member):
    assert Player("Anna Berg", member).member_number == member


@pytest.mark.parametrize("member", ["", "12 34", "-12", "x" * 21, "12/4"])
def test_bad_member_numbers(member):
    with pytest.raises(EventError, match="member: member number") as info:
        Player("Anna Berg", member)
    assert info.value.path == "member"


@pytest.mark.parametrize("name", ["", "  ", " Anna"])
def test_bad_player_names(name):
    with pytest.raises(EventError, match="name"):
        Player(name)


def test_pair_needs_two_players():
    with pytest.raises(EventError, match="pair 3 has 1 players, not 2"):
        Pair(3, (Player("Solo"),))


def test_duplicate_pair_number_names_the_second():
    pairs = tuple(pair(n) for n in (1, 2, 3, 4, 5, 6, 7, 8)) + (pair(3, 9000),)
    with pytest.raises(EventError) as info:
        Section("A", pairs, howell(8, 3))
    assert info.value.path == "pairs[8]"
    assert "pair number 3 appears twice" in str(info.value)


def test_member_in_two_pairs():
    pairs = [pair(n) for n in range(1, 9)]
    pairs[5] = Pair(6, (Player("X", "1002"), Player("Y", "5555")))  # 1002 is pair 1's North
    with pytest.raises(EventError) as info:
        Section("A", tuple(pairs), howell(8, 3))
    assert info.value.path == "pairs[5].players[0].member"
    assert "member number 1002 is also in pair 1" in str(info.value)


def test_movement_needs_a_pair_that_is_not_listed():
    pairs = tuple(pair(n) for n in range(1, 18))  # 17 pairs, 9-table Mitchell needs 18
    with pytest.raises(EventError, match=r"needs pair\(s\) 18.*mark them absent"):
        Section("A", pairs, mitchell(9, 3))
    assert Section("A", pairs, mitchell(9, 3, absent=(18,))).pair_numbers[-1] == 17


def test_listed_pair_without_a_place():
    pairs = tuple(pair(n) for n in range(1, 10))
    with pytest.raises(EventError, match=r"pair\(s\) 9 are listed but have no place"):
        Section("A", pairs, howell(8, 3))


def test_teams_must_match_the_movement():
    pairs = tuple(pair(n) for n in range(1, 9))
    teams = tuple(Team(k, f"Team {k}", (2 * k - 1, 2 * k)) for k in range(1, 5))
    ok = Section("A", pairs, team_movement(4, 4), teams)
    assert ok.team_of(5) == teams[2]
    swapped = (Team(1, "T1", (1, 3)), Team(2, "T2", (2, 4)), *teams[2:])
    with pytest.raises(EventError, match="the movement has team 1 as pairs 1, 2"):
        Section("A", pairs, team_movement(4, 4), swapped)
    with pytest.raises(EventError, match="needs the teams listed"):
        Section("A", pairs, team_movement(4, 4))
    twice = (*teams[:3], Team(4, "T4", (7, 1)))
    with pytest.raises(EventError, match="pair 1 is also in team 1"):
        Section("A", pairs, team_movement(4, 4), twice)


def test_event_kind_must_fit_the_movement():
    with pytest.raises(EventError) as info:
        Event("x", EventKind.TEAMS, (Session(1, (section(),)),))
    assert info.value.path == "sessions[0].sections[0].movement"


def test_duplicate_session_and_section():
    with pytest.raises(EventError, match="section A appears twice"):
        Session(1, (section(), section()))
    with pytest.raises(EventError, match="session number 1 appears twice"):
        Event(
            "x", EventKind.PAIRS_MATCHPOINTS, (Session(1, (section(),)), Session(1, (section(),)))
        )


def test_error_paths_nest():
    error = EventError("pairs[3]", "bad").under("sections[0]").under("sessions[1]")
    assert error.path == "sessions[1].sections[0].pairs[3]"
    assert str(error) == "sessions[1].sections[0].pairs[3]: bad"


def test_records_are_frozen():
    with pytest.raises(AttributeError):
        pair(1).number = 2  # type: ignore[misc]
