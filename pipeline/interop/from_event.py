"""bridgescan's own scored session as an exportable session (PBN, USEBIO).

The figures are the official ones, taken from the pipeline's scoring
(``pipeline.results.pairs.score_pairs_session``: ``scoring.board_scoring`` per board and
``scoring.session`` for the totals, with Law 88, sit-out credit and penalties), never
recomputed here. Names and member numbers come from the event file.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from pipeline.interop.cells import pbn_date
from pipeline.interop.convert import session_from_travellers
from pipeline.interop.records import ImportedSession, InteropError, Location, Scoring
from scoring.event import Event, EventKind
from scoring.ranking import rank

if TYPE_CHECKING:
    from pipeline.results.session_rows import ScoredSession

__all__ = ["session_from_scored"]

_KINDS = {
    EventKind.PAIRS_MATCHPOINTS: Scoring.MATCHPOINTS,
    EventKind.PAIRS_CROSS_IMPS: Scoring.CROSS_IMPS,
    EventKind.PAIRS_BUTLER: Scoring.BUTLER,
    EventKind.TEAMS: Scoring.TEAMS,
}


def session_from_scored(event: Event, scored: ScoredSession, source: str) -> ImportedSession:
    """The session with bridgescan's board scores, totals and places, ready to write.

    Matchpoint pairs sessions only (the IMP and teams runs keep their figures elsewhere).
    Board scores are the kept values (rounded as the options say); totals and percentages
    are ``scoring.session``'s, places by ``scoring.ranking.rank`` on the percentage.
    """
    if event.kind is not EventKind.PAIRS_MATCHPOINTS:
        raise InteropError(Location(source), f"export of {event.kind} sessions is not built yet")
    section = scored.section
    names = {str(p.number): tuple(player.name for player in p.players) for p in section.pairs}
    members = {
        str(p.number): tuple(player.member_number or "" for player in p.players)
        for p in section.pairs
    }
    by_line = {
        (board.board, result.ns_pair, result.ew_pair): result
        for board in scored.score.boards
        for result in board.results
    }
    rows = [
        row
        for row in scored.rows
        if row.section == section.name and (row.board, row.ns_pair, row.ew_pair) in by_line
    ]
    session = session_from_travellers(
        rows,
        event=event.name,
        date=pbn_date(scored.session.date.isoformat()) if scored.session.date else None,
        site=event.organizer or None,
        names=names,
        scoring=_KINDS[event.kind],
        source=source,
    )
    boards = []
    for board in session.boards:
        results = []
        for result in board.results:
            line = by_line[(board.number, int(result.ns_pair), int(result.ew_pair))]
            results.append(
                replace(
                    result,
                    ns_mp=line.ns.rounded,
                    ew_mp=line.ew.rounded,
                    ns_percent=line.ns.percent,
                    ew_percent=line.ew.percent,
                )
            )
        boards.append(replace(board, results=tuple(results)))
    totals = {total.pair: total for total in scored.score.pairs}
    places = {p.entrant: p.label for p in rank({t.pair: t.percent for t in totals.values()})}
    pairs = []
    for pair in session.pairs:
        number = int(pair.number)
        total = totals.get(number)
        ids = tuple(m for m in members.get(pair.number, ()) if m)
        if total is None:
            pairs.append(replace(pair, member_ids=ids))
            continue
        pairs.append(
            replace(
                pair,
                total=Fraction(total.points),
                percent=total.percent,
                rank=places[number],
                boards_played=total.boards_played,
                member_ids=ids,
            )
        )
    return replace(session, boards=tuple(boards), pairs=tuple(pairs))
