"""An individual event's ranking of players (seed 004 "Individuellt", "Toppscoreberäkning").

The seed scores individual events as pairs events, by matchpoints: "Vid toppscoreberäkning
erhåller varje tävlande poäng i förhållande till övriga tävlande som spelat samma bricka",
the competitor being, in an individual, the player with the side he sat on. So each board
is scored as usual on the partnerships of the movement (``scoring.movements.individual``:
every line's N-S and E-W are pairs of their own), Neuberg and adjusted scores included, and
each player is credited with the matchpoints of the side he sat on, both partners the same.

- A player's total is the sum over his rounds; the maximum the sum of those rounds' tops;
  over several sessions every session is leveled to the largest top board by board
  (rules.md §8), as the pairs ranking and the Paul Jones individual list are.
- The ranking is by percentage (total / maximum), shared places on equal percentages (a
  medeltävling's ``winner: nearest-average`` applies as for pairs): in an
  individual Howell for 4k + 1 players stopped early, players sit out different numbers of
  rounds, and a total would favour who played more. When everyone plays the same boards
  (a complete individual, the seed's 16 players) it is the order of the totals.
- No sit-out credit: every player of a complete 4k + 1 individual sits out exactly once.
- No masterpoints: the seed's bronze and silver scales are for pairs events of 4-32 pairs
  ("Partävling 4-32 par"); an individual has no scale in the course, so none is invented.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from pipeline.results.model.individual import IndividualRound, IndividualStanding, IndividualView
from pipeline.results.model.sessions import PlayerView
from scoring.event import Event, Player
from scoring.leveling import level_pair
from scoring.movements.spec import individual_of
from scoring.ranking import rank, ranking_scores

if TYPE_CHECKING:
    from pipeline.results.session_rows import ScoredSession

__all__ = ["is_individual", "individual_view"]


def is_individual(event: Event) -> bool:
    """Every section of the event is an individual one (the event file refuses a mix)."""
    sections = [section for session in event.sessions for section in session.sections]
    return bool(sections) and all(section.individual for section in sections)


def individual_view(event: Event, scored: Sequence[ScoredSession]) -> IndividualView:
    """The players' standings of the sessions scored so far."""
    target = max(s.score.top for s in scored)
    rounds: dict[str, list[IndividualRound]] = {}
    people: dict[str, tuple[int, Player]] = {}
    for s in scored:
        schedule = individual_of(s.section.movement)
        if schedule is None:
            continue
        totals = {t.pair: t for t in s.score.pairs}
        for line_number, line in enumerate(schedule.tables, start=1):
            seats = (("N", line.north, line.south, 2 * line_number - 1),
                     ("S", line.south, line.north, 2 * line_number - 1),
                     ("E", line.east, line.west, 2 * line_number),
                     ("W", line.west, line.east, 2 * line_number))  # fmt: skip
            for seat, me, partner, pair in seats:
                player = s.section.pair(pair).players[0 if seat in "NE" else 1]
                people.setdefault(player.key, (me, player))
                total = totals.get(pair)
                if total is None:
                    continue  # no board of this round scored yet
                points, maximum = level_pair(total, s.score.top, target)
                rounds.setdefault(player.key, []).append(
                    IndividualRound(
                        s.session.number,
                        line.round,
                        line.table,
                        seat,
                        partner,
                        pair,
                        points,
                        maximum,
                    )  # fmt: skip
                )
    totals_of = {key: sum((r.points for r in rows), Fraction(0)) for key, rows in rounds.items()}
    maxima = {key: sum((r.maximum for r in rows), Fraction(0)) for key, rows in rounds.items()}
    percent = {key: totals_of[key] / maxima[key] * 100 if maxima[key] else Fraction(0)
               for key in rounds}  # fmt: skip
    placings = {p.entrant: p for p in rank(ranking_scores(percent, event.options.winner))}
    standings = tuple(
        IndividualStanding(
            placings[key].label,
            people[key][0],
            PlayerView(people[key][1].name, people[key][1].member_number or ""),
            tuple(rounds[key]),
            totals_of[key],
            maxima[key],
            percent[key],
        )
        for key in sorted(rounds, key=lambda k: (placings[k].first, people[k][0]))
    )
    return IndividualView(
        standings, tuple(sorted(s.session.number for s in scored)), len(event.sessions)
    )
