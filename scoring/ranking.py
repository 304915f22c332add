"""Ranking lists (rules.md section 10, seed 004 section D "Särskiljning").

Entrants on equal scores share a place, printed as a range ("3-4"); the next entrant takes
the place after the range (two pairs sharing 3-4 are followed by 5). Within a shared place
entrants are listed by their id, so the list never depends on the input order.

Tie-breaks are applied only when asked for, e.g. for qualification: either to every tie or
only to a tie that straddles a cut (``cut=8``: the pairs tied for places 7-9 are separated,
pairs tied for 2-3 keep sharing). The rule is a ``scoring.tiebreak.TieBreak`` (boards won
between the tied pairs, or the IMP quotient for teams), then the director's recorded draw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from scoring.options import Winner
from scoring.tiebreak import EntrantId, RecordedDraw, TieBreak, UnresolvedTieError

__all__ = ["Placing", "rank", "place_label", "ranked_ids", "ranking_scores"]

E = TypeVar("E", bound=EntrantId)


def place_label(first: int, last: int) -> str:
    """A place as printed on a ranking list: "3", or "3-4" when shared."""
    return str(first) if first == last else f"{first}-{last}"


@dataclass(frozen=True)
class Placing(Generic[E]):
    """One line of a ranking list.

    ``first``/``last``: the range of places shared (equal when not shared). ``decided_by``
    names the tie-break that separated this entrant from others on the same score ("boards
    won", "draw", "IMP quotient"), or is ``None``.
    """

    entrant: E
    score: Fraction
    first: int
    last: int
    decided_by: str | None = None

    @property
    def shared(self) -> bool:
        return self.first != self.last

    @property
    def label(self) -> str:
        return place_label(self.first, self.last)


def _score_groups(
    totals: Mapping[E, Fraction | int], higher_is_better: bool
) -> list[tuple[Fraction, list[E]]]:
    ordered = sorted(sorted(totals), key=lambda e: Fraction(totals[e]), reverse=higher_is_better)
    groups: list[tuple[Fraction, list[E]]] = []
    for entrant in ordered:
        score = Fraction(totals[entrant])
        if groups and groups[-1][0] == score:
            groups[-1][1].append(entrant)
        else:
            groups.append((score, [entrant]))
    return groups


def _straddles(first: int, last: int, cut: int | None) -> bool:
    """Whether places ``first``-``last`` must be separated: always without a cut, else only
    when the cut falls inside them."""
    return first != last and (cut is None or first <= cut < last)


def _break(
    score: Fraction,
    group: list[E],
    place: int,
    rules: tuple[TieBreak[E] | None, RecordedDraw[E] | None],
    cut: int | None,
) -> list[Placing[E]]:
    """Separate one tied group: the tie-break first, then the draw for what is still tied."""
    tiebreak, draw = rules
    subgroups = tiebreak.order(group) if tiebreak is not None else [sorted(group)]
    rule = tiebreak.name if tiebreak is not None and len(subgroups) > 1 else None
    placings: list[Placing[E]] = []
    position = place
    for subgroup in subgroups:
        last = position + len(subgroup) - 1
        if not _straddles(position, last, cut):
            placings.extend(Placing(entrant, score, position, last, rule) for entrant in subgroup)
        elif draw is None:
            after = f" after {tiebreak.name}" if tiebreak is not None else ""
            raise UnresolvedTieError(
                f"{', '.join(map(str, sorted(subgroup)))} still tied for places "
                f"{place_label(position, last)}{after}: record the director's draw"
            )
        else:
            for offset, entrant in enumerate(draw.decide(subgroup)):
                placings.append(
                    Placing(entrant, score, position + offset, position + offset, "draw")
                )
        position = last + 1
    return placings


def rank(
    totals: Mapping[E, Fraction | int],
    *,
    higher_is_better: bool = True,
    tiebreak: TieBreak[E] | None = None,
    draw: RecordedDraw[E] | None = None,
    break_ties: bool | None = None,
    cut: int | None = None,
) -> list[Placing[E]]:
    """Rank entrants by total (matchpoints, percentage, IMPs or VPs).

    Equal totals share a place unless ties are to be broken: ``break_ties`` (by default: when
    a ``tiebreak`` or a ``draw`` is given). Then each tie (or, when ``cut`` is given, only a
    tie spanning places ``cut`` and ``cut + 1``) is separated by ``tiebreak`` and then
    ``draw``; a tie neither separates raises ``UnresolvedTieError`` naming the entrants, so
    the director can draw lots and record the draw.
    """
    if break_ties is None:
        break_ties = tiebreak is not None or draw is not None
    placings: list[Placing[E]] = []
    place = 1
    for score, group in _score_groups(totals, higher_is_better):
        last = place + len(group) - 1
        if break_ties and _straddles(place, last, cut):
            placings.extend(_break(score, group, place, (tiebreak, draw), cut))
        else:
            placings.extend(Placing(entrant, score, place, last) for entrant in group)
        place = last + 1
    return placings


def ranked_ids(placings: Sequence[Placing[E]]) -> list[E]:
    """The entrants in ranking order (a convenience for qualification lists)."""
    return [placing.entrant for placing in placings]


def ranking_scores(percents: Mapping[E, Fraction], winner: Winner) -> dict[E, Fraction]:
    """The figures ``rank`` orders by (higher is better) for a field's percentages.

    ``Winner.HIGHEST``: the percentages themselves. ``Winner.NEAREST_AVERAGE`` (seed 004
    "Medeltävling"): "the winner is the pair nearest the average; all pairs below the average
    are placed after all pairs above it". So a pair at or above 50% ranks by its distance
    above (150 - p, from 100 at exactly 50% down to 50 at 100%), a pair below by its own
    percentage (under 50): every pair above ranks before every pair below, equal
    percentages share a place, and nothing else ties.
    """
    if winner is Winner.HIGHEST:
        return dict(percents)
    half = Fraction(50)
    return {e: (3 * half - p if p >= half else p) for e, p in percents.items()}
