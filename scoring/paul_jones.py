"""Paul Jones: teams of four, a new partner every session (seed 004, "b) Paul Jones").

The seed: players enter in teams of four, or as pairs drawn together into a team ("par som
lottas ihop till ett lag"); the event runs over three sessions and in every team each
player has a new partner each session; otherwise it is an ordinary pairs event. A team of
four players A, B, C, D has exactly three ways to split into two pairs, so three sessions
use them all once: AB+CD, AC+BD, AD+BC (``partnerships``). A fourth session would repeat a
partnership, which the seed's "a new partner in every session" forbids.

Players are identified by a key the caller chooses (bridgescan: the member number when the
event file gives one, else the name as written; see ``scoring.event.Player.key``), so the
same person is recognised in every session whatever pair number they sit at.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from scoring.errors import ScoringError

__all__ = [
    "SESSIONS",
    "PaulJonesError",
    "PartnershipProblem",
    "partnerships",
    "partnership_problems",
    "draw_teams",
]

SESSIONS = 3  # a team of four has three partnerships: one per session

K = TypeVar("K", bound=Hashable)


class PaulJonesError(ScoringError):
    """A Paul Jones that cannot be formed (a team not of four, an odd number of pairs)."""


@dataclass(frozen=True)
class PartnershipProblem:
    """A session's pair that breaks the Paul Jones rule: ``pair`` is its number in that
    session (None: the problem is the session's, e.g. a player who plays in no pair)."""

    session: int
    pair: int | None
    message: str


def partnerships(players: Sequence[K]) -> tuple[tuple[frozenset[K], frozenset[K]], ...]:
    """The three splits of a team of four into two pairs, one per session: AB+CD, AC+BD,
    AD+BC (seed 004: every player a new partner each session)."""
    if len(players) != 4 or len(set(players)) != 4:
        raise PaulJonesError(f"a Paul Jones team has four different players, not {len(players)}")
    a, b, c, d = players
    return tuple(
        (frozenset((a, x)), frozenset(rest)) for x, rest in ((b, (c, d)), (c, (b, d)), (d, (b, c)))
    )


def partnership_problems(
    teams: Mapping[int, Sequence[K]],
    sessions: Sequence[tuple[int, Mapping[int, tuple[K, K]]]],
    names: Mapping[K, str],
) -> tuple[PartnershipProblem, ...]:
    """Every way the sessions' pairs break the Paul Jones rule, in session and pair order.

    ``teams``: team number to its four player keys; ``sessions``: (session number, pair
    number to its two player keys) in playing order; ``names`` prints a key. A pair must be
    two players of one team, no player may play twice in a session, every team player plays
    in each session, and no partnership may repeat (so a team's sessions are three of its
    ``partnerships``, in any order; more than three sessions cannot all be new).
    """
    team_of = {key: team for team, keys in teams.items() for key in keys}
    problems: list[PartnershipProblem] = []
    if len(sessions) > SESSIONS:
        problems.append(
            PartnershipProblem(
                sessions[SESSIONS][0],
                None,
                f"a Paul Jones has {SESSIONS} sessions (a team of four has {SESSIONS} "
                "partnerships); a further session would repeat a partner",
            )
        )
    played_with: dict[frozenset[K], int] = {}
    for number, pairs in sessions:
        seen: dict[K, int] = {}
        for pair_number in sorted(pairs):
            first, second = pairs[pair_number]
            for key in (first, second):
                if key not in team_of:
                    problems.append(PartnershipProblem(number, pair_number,
                        f"{names.get(key, str(key))} is in no Paul Jones team"))  # fmt: skip
                elif key in seen:
                    problems.append(PartnershipProblem(number, pair_number,
                        f"{names.get(key, str(key))} plays in pairs {seen[key]} and "
                        f"{pair_number} of session {number}"))  # fmt: skip
                seen.setdefault(key, pair_number)
            if first in team_of and second in team_of and team_of[first] != team_of[second]:
                problems.append(PartnershipProblem(number, pair_number,
                    f"{names.get(first, str(first))} (team {team_of[first]}) and "
                    f"{names.get(second, str(second))} (team {team_of[second]}) are not "
                    "team mates: partners come from the own team"))  # fmt: skip
                continue
            partnership = frozenset((first, second))
            if partnership in played_with:
                problems.append(PartnershipProblem(number, pair_number,
                    f"{names.get(first, str(first))} and {names.get(second, str(second))} "
                    f"were partners in session {played_with[partnership]} already: every "
                    "player has a new partner each session"))  # fmt: skip
            played_with.setdefault(partnership, number)
        for team, keys in sorted(teams.items()):
            for key in keys:
                if key not in seen:
                    problems.append(PartnershipProblem(number, None,
                        f"{names.get(key, str(key))} of team {team} plays in no pair of "
                        f"session {number}"))  # fmt: skip
    return tuple(problems)


def draw_teams(pairs: Sequence[int], seed: int) -> tuple[tuple[int, int], ...]:
    """Pairs entered drawn into teams of two pairs (seed 004: "par som lottas ihop till ett
    lag"), team 1 first. The draw is a shuffle of the pair numbers in ascending order by
    Python's Mersenne Twister seeded with ``seed``, so the recorded seed repeats the draw."""
    if len(set(pairs)) != len(pairs):
        raise PaulJonesError("a pair number is given twice in the draw")
    if len(pairs) % 2:
        raise PaulJonesError(
            f"{len(pairs)} pairs cannot be drawn into teams of two pairs (an even number)"
        )
    order = sorted(pairs)
    random.Random(seed).shuffle(order)
    return tuple((order[i], order[i + 1]) for i in range(0, len(order), 2))
