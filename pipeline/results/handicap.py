"""A handicap event's rankings (seed 004 "d) Handicaptävling"; rules.md §11).

The seed: "Det är då trevligare att spela med tillägg i poäng än avdrag" — an addition, by
default the percentage of the points a pair missed ("Då ger ett bra resultat lägre tillägg
och ett dåligt högre tillägg. Man kan då dessutom inte komma över 100%"). Each session's
pairs get their handicap (their two players' percentages, ``scoring.handicap``) added to
their session total, and are ranked on that total with shared places. The scratch ranking
is published unchanged beside it, so both the handicap winner and the best score are seen.
Per session: the seed gives its example for one evening and says nothing of leveling a
handicapped total over several.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from pipeline.results.model.handicap import HandicapSession, HandicapStanding, HandicapView
from pipeline.results.views import players_of
from scoring.handicap import HandicapPlan, handicap_addition
from scoring.ranking import rank

if TYPE_CHECKING:
    from pipeline.results.session_rows import ScoredSession

__all__ = ["handicap_view"]


def handicap_view(plan: HandicapPlan, scored: Sequence[ScoredSession]) -> HandicapView:
    """Each session's pairs ranked on their total with the handicap added."""
    sessions = []
    for s in scored:
        rows = {}
        for total in s.score.pairs:
            pair = s.section.pair(total.pair)
            percent = plan.percent_of(p.key for p in pair.players)
            addition = handicap_addition(total.points, total.max_points, percent, plan.method)
            rows[total.pair] = (pair, total, percent, addition, total.points + addition)
        placings = {p.entrant: p for p in rank({n: r[4] for n, r in rows.items()})}
        standings = tuple(
            HandicapStanding(
                placings[n].label,
                n,
                players_of(pair),
                total.points,
                total.max_points,
                percent,
                addition,
                new,
                new / total.max_points * 100 if total.max_points else Fraction(0),
            )  # fmt: skip
            for n, (pair, total, percent, addition, new) in sorted(
                rows.items(), key=lambda item: (placings[item[0]].first, item[0])
            )
        )
        sessions.append(HandicapSession(s.session.number, standings))
    return HandicapView(str(plan.method), tuple(sessions))
