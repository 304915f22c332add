"""Our figures written into an imported session (what bridgescan exports as its results):
Law 77 scores, points and percentages per line, sit-out credits, pair totals and places.

Places come from ``scoring.ranking.rank``: shared on equal scores; in a two-winner Mitchell
NS and EW apart, sections scored apart each apart; phantom and "-" pairs not ranked.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from pipeline.interop.records import ImportedSession
from pipeline.interop.score import Rescored
from scoring.presentation import Presentation
from scoring.ranking import rank

__all__ = ["apply_scores"]


def apply_scores(session: ImportedSession, rescored: Rescored) -> ImportedSession:
    """The session with our figures written in: what bridgescan exports as its results."""
    by_location = {line.result.location: line for line in rescored.lines}
    mp = rescored.options.matchpoints
    boards = []
    for board in session.boards:
        results = []
        for result in board.results:
            line = by_location.get(result.location)
            if line is None:  # a teams line without its other table: left as it was
                results.append(result)
                continue
            results.append(
                replace(
                    result,
                    ns_score=line.law77_ns if result.adjustment is None else result.ns_score,
                    ns_percent=line.ns_percent,
                    ew_percent=line.ew_percent,
                    ns_mp=line.ns if mp else None,
                    ew_mp=line.ew if mp else None,
                    ns_imps=None if mp else line.ns,
                    ew_imps=None if mp else line.ew,
                )
            )
        credit = {(s.key, s.board): s.points for s in rescored.sitouts}
        sitouts = tuple(
            replace(
                s,
                points=credit.get((session.sitout_key(s), s.board)),
                percent=None,
            )
            for s in board.sitouts
        )
        boards.append(replace(board, results=tuple(results), sitouts=sitouts))
    places = _places(session, rescored, mp)
    pairs = []
    for pair in session.pairs:
        ours = rescored.pair(pair.key)
        if ours is None:
            pairs.append(pair)
            continue
        pairs.append(
            replace(
                pair,
                total=ours.total if mp else None,
                percent=ours.percent if mp else None,
                imps=None if mp else ours.total,
                rank=places.get(pair.key),
                boards_played=ours.boards if ours.boards else pair.boards_played,
                vp=ours.vp,
            )
        )
    return replace(
        session, boards=tuple(boards), pairs=tuple(pairs), presentation=Presentation.POINTS
    )


def _places(session: ImportedSession, rescored: Rescored, mp: bool) -> dict[str, str]:
    """Places by ``scoring.ranking.rank``: shared on equal scores ("3-4"); in a two-winner
    Mitchell NS and EW are ranked apart (rules.md section 14), and so are sections scored
    apart; phantom pairs are not ranked."""
    groups: dict[tuple[str, str], dict[str, Fraction]] = {}
    info = {pair.key: pair for pair in session.pairs}
    apart = not rescored.options.across_sections
    substitutes = session.substitute_keys
    for pair in rescored.pairs:
        known = info.get(pair.key)
        if (known is not None and known.phantom) or pair.key in substitutes:
            continue
        score = pair.vp if pair.vp is not None else (pair.percent if mp else pair.total)
        side = known.side if known is not None else None
        group = side.value if (session.by_direction and side is not None) else ""
        section = (known.section or "") if (known is not None and apart) else ""
        groups.setdefault((section, group), {})[pair.key] = (
            score if score is not None else Fraction(0)
        )
    places: dict[str, str] = {}
    for totals in groups.values():
        for placing in rank(totals):
            places[placing.entrant] = placing.label
    return places
