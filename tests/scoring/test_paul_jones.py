"""The Paul Jones rule (seed 004 "b) Paul Jones"): a team of four has three partnerships,
one per session, and every player has a new partner from the own team each session."""

from __future__ import annotations

import pytest

from scoring.paul_jones import (
    PaulJonesError,
    draw_teams,
    partnership_problems,
    partnerships,
)

NAMES = {k: k.upper() for k in "abcdefgh"}
TEAMS = {1: ("a", "b", "c", "d"), 2: ("e", "f", "g", "h")}
GOOD = [
    (1, {1: ("a", "b"), 2: ("c", "d"), 3: ("e", "f"), 4: ("g", "h")}),
    (2, {1: ("a", "c"), 2: ("b", "d"), 3: ("e", "g"), 4: ("f", "h")}),
    (3, {1: ("a", "d"), 2: ("b", "c"), 3: ("e", "h"), 4: ("f", "g")}),
]


def test_the_three_partnerships_of_a_team_of_four() -> None:
    ab, ac, ad = partnerships("abcd")
    assert ab == (frozenset("ab"), frozenset("cd"))
    assert ac == (frozenset("ac"), frozenset("bd"))
    assert ad == (frozenset("ad"), frozenset("bc"))
    with pytest.raises(PaulJonesError):
        partnerships("abc")
    with pytest.raises(PaulJonesError):
        partnerships("abca")


def test_the_sessions_in_any_order_follow_the_rule() -> None:
    assert partnership_problems(TEAMS, GOOD, NAMES) == ()
    assert partnership_problems(TEAMS, GOOD[::-1], NAMES) == ()


def test_every_break_of_the_rule_is_named() -> None:
    repeat = (2, {1: ("a", "b"), 2: ("c", "d"), 3: ("e", "g"), 4: ("f", "h")})
    problems = partnership_problems(TEAMS, [GOOD[0], repeat], NAMES)
    assert [(p.session, p.pair) for p in problems] == [(2, 1), (2, 2)]
    assert problems[0].message == (
        "A and B were partners in session 1 already: every player has a new partner each session"
    )
    across = (1, {1: ("a", "e"), 2: ("b", "c"), 3: ("d", "f"), 4: ("g", "h")})
    messages = [p.message for p in partnership_problems(TEAMS, [across], NAMES)]
    assert messages == [
        "A (team 1) and E (team 2) are not team mates: partners come from the own team",
        "D (team 1) and F (team 2) are not team mates: partners come from the own team",
    ]
    twice = (1, {1: ("a", "b"), 2: ("a", "d"), 3: ("e", "f"), 4: ("g", "h")})
    messages = [p.message for p in partnership_problems(TEAMS, [twice], NAMES)]
    assert messages == [
        "A plays in pairs 1 and 2 of session 1",
        "C of team 1 plays in no pair of session 1",
    ]
    fourth = partnership_problems(TEAMS, [*GOOD, (4, GOOD[0][1])], NAMES)
    assert (fourth[0].session, fourth[0].pair) == (4, None)
    assert len(fourth) == 5  # the fourth session itself, and its four repeated partnerships


def test_the_draw_repeats_with_its_seed_and_uses_every_pair_once() -> None:
    pairs = [3, 1, 7, 5, 2, 8]
    drawn = draw_teams(pairs, 2026)
    assert drawn == draw_teams(sorted(pairs), 2026)  # the entry order does not matter
    assert sorted(n for team in drawn for n in team) == sorted(pairs) and len(drawn) == 3
    assert len({draw_teams(pairs, seed) for seed in range(20)}) > 1  # the seed decides
    with pytest.raises(PaulJonesError, match="5 pairs cannot be drawn"):
        draw_teams([1, 2, 3, 4, 5], 1)
