"""Tie-breaks (särskiljning, seed 004 section D; rules.md section 10).

Pairs normally share a place. When a tie must be broken (e.g. for the last qualifying
place), the Swedish course counts *boards won* between the tied pairs: on each board both
played, the one with more matchpoints wins it; on a board only one of them played, that pair
wins it if its score is above the board's average and loses it if below. If that does not
separate them, a *draw* decides; the draw is made by the director and recorded as input,
never drawn here. Head-to-head results are not used. Teams are separated by the *IMP
quotient*, IMPs won divided by IMPs lost, best quotient first.

A tie-break gets a group of tied entrants and returns them as ordered subgroups; entrants
in one subgroup are still tied. ``scoring.ranking.rank`` applies it and then the draw.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

from scoring.errors import ScoringError

__all__ = [
    "EntrantId",
    "TieBreak",
    "TieBreakError",
    "UnresolvedTieError",
    "BoardsWon",
    "ImpQuotient",
    "RecordedDraw",
    "boards_won",
    "imp_quotient",
]


class EntrantId(Hashable, Protocol):
    """What names a pair or team: hashable and ordered (pair numbers, or text)."""

    def __lt__(self, other: Any, /) -> bool: ...


E = TypeVar("E", bound=EntrantId)


class TieBreakError(ScoringError):
    """A tie-break given data it cannot use (a tied entrant without scores)."""


class UnresolvedTieError(TieBreakError):
    """Entrants still tied after every rule, with no recorded draw that separates them."""


class TieBreak(Protocol[E]):
    """A rule that orders tied entrants: a list of subgroups, best first."""

    @property
    def name(self) -> str:
        """How the result is described on the ranking list ("boards won")."""
        ...

    def order(self, tied: Sequence[E]) -> list[list[E]]:
        """``tied`` in order, entrants still level kept together in one subgroup."""
        ...


def _group_by_key(entrants: Sequence[E], key: Mapping[E, Any]) -> list[list[E]]:
    """Entrants in descending order of ``key``, equal keys together in ascending id order.

    Python's sort is stable with ``reverse=True`` too, so sorting the ids first keeps each
    group of equal keys in id order whatever the input order was.
    """
    groups: list[list[E]] = []
    for entrant in sorted(sorted(entrants), key=lambda e: key[e], reverse=True):
        if groups and key[groups[-1][0]] == key[entrant]:
            groups[-1].append(entrant)
        else:
            groups.append([entrant])
    return groups


def boards_won(
    first: Mapping[int, Fraction],
    second: Mapping[int, Fraction],
    averages: Mapping[int, Fraction],
) -> tuple[int, int]:
    """Boards won by each of two pairs against the other (seed 004, section D).

    ``first`` and ``second`` map board number to the pair's matchpoints on that board;
    ``averages`` maps board number to the board's average (half the top). A board played by
    both goes to the higher score (equal: nobody). A board played by one goes to it if above
    average and to the other if below (exactly average: nobody).
    """
    won_first = won_second = 0
    for board in sorted(set(first) | set(second)):
        if board in first and board in second:
            if first[board] > second[board]:
                won_first += 1
            elif second[board] > first[board]:
                won_second += 1
            continue
        if board not in averages:
            raise TieBreakError(f"board {board}: no average given for a board only one played")
        player_is_first = board in first
        score = first[board] if player_is_first else second[board]
        if score == averages[board]:
            continue
        if (score > averages[board]) == player_is_first:
            won_first += 1
        else:
            won_second += 1
    return won_first, won_second


@dataclass(frozen=True)
class BoardsWon(Generic[E]):
    """Boards won between the tied pairs (seed 004 section D).

    ``board_scores``: per pair, board number -> the pair's matchpoints (or percentage) on the
    board. ``averages``: board number -> the board's average, needed for boards only one of
    the pairs played. With three or more tied pairs each pair's boards won against every
    other tied pair are added up; pairs still level are compared again among themselves.
    """

    board_scores: Mapping[E, Mapping[int, Fraction]]
    averages: Mapping[int, Fraction]

    @property
    def name(self) -> str:
        return "boards won"

    def order(self, tied: Sequence[E]) -> list[list[E]]:
        for entrant in tied:
            if entrant not in self.board_scores:
                raise TieBreakError(f"pair {entrant}: no board scores to break the tie with")
        wins = {entrant: 0 for entrant in tied}
        for index, one in enumerate(tied):
            for other in tied[index + 1 :]:
                won_one, won_other = boards_won(
                    self.board_scores[one], self.board_scores[other], self.averages
                )
                wins[one] += won_one
                wins[other] += won_other
        groups = _group_by_key(tied, wins)
        if len(groups) == 1:
            return groups
        ordered: list[list[E]] = []
        for group in groups:
            ordered.extend(self.order(group) if len(group) > 1 else [group])
        return ordered


def imp_quotient(won: Fraction | int, lost: Fraction | int) -> tuple[bool, Fraction]:
    """The IMP quotient as a sort key: (unbeaten, won / lost).

    A team that lost no IMPs has an infinite quotient when it won any (``(True, won)``,
    more IMPs won ranking higher among such teams); 0 won and 0 lost counts as quotient 1.
    """
    if won < 0 or lost < 0:
        raise TieBreakError(f"IMPs won ({won}) and lost ({lost}) cannot be negative")
    if lost == 0:
        return (True, Fraction(won)) if won > 0 else (False, Fraction(1))
    return False, Fraction(won) / Fraction(lost)


@dataclass(frozen=True)
class ImpQuotient(Generic[E]):
    """Teams: total IMPs won divided by total IMPs lost, best quotient first (seed 004 D)."""

    won: Mapping[E, Fraction | int]
    lost: Mapping[E, Fraction | int]

    @property
    def name(self) -> str:
        return "IMP quotient"

    def order(self, tied: Sequence[E]) -> list[list[E]]:
        for entrant in tied:
            if entrant not in self.won or entrant not in self.lost:
                raise TieBreakError(f"team {entrant}: IMPs won and lost are both needed")
        key = {entrant: imp_quotient(self.won[entrant], self.lost[entrant]) for entrant in tied}
        return _group_by_key(tied, key)


@dataclass(frozen=True)
class RecordedDraw(Generic[E]):
    """The director's draw by lot, as recorded: ``order`` lists entrants, winner of the draw
    first. Only entrants still tied are compared, in this order."""

    order: tuple[E, ...]

    def __post_init__(self) -> None:
        if len(set(self.order)) != len(self.order):
            raise TieBreakError("a recorded draw lists an entrant twice")

    def decide(self, tied: Sequence[E]) -> list[E]:
        """``tied`` in the order of the draw; every one of them must be in the draw."""
        missing = sorted(entrant for entrant in tied if entrant not in self.order)
        if missing:
            raise UnresolvedTieError(
                f"{', '.join(map(str, missing))} not in the recorded draw; "
                "the director must draw lots for them"
            )
        position = {entrant: index for index, entrant in enumerate(self.order)}
        return sorted(tied, key=lambda entrant: position[entrant])
