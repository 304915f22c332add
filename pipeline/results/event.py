"""The one entry point of scoring: an event's session inputs -> the published results model.

``score_event`` validates and scores every session of a pairs event in matchpoints
(``pairs``) or IMPs (``imp_pairs``), or a team evening (``teams``), and returns one
``EventResults`` that every publisher (workbook, JSON, CSV, web) writes. The command line,
the Prefect flows, corrections and ``compare`` all come here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pipeline.doors.session_input import NothingScoredYet, ScoreInputError, SessionInput
from pipeline.results.barometer import after_played_rounds
from pipeline.results.imp_pairs import score_imp_sessions
from pipeline.results.model.event import EventResults
from pipeline.results.names import check_names
from pipeline.results.pairs import score_pairs_sessions
from pipeline.results.status import publication_status
from pipeline.results.teams import score_teams_event
from scoring.event import Event, EventKind
from scoring.masterpoints import MasterpointScale, SwedishBronze

__all__ = ["score_event"]


def score_event(
    event: Event,
    inputs: Sequence[SessionInput],
    masterpoint_scale: MasterpointScale | None = None,
    with_masterpoints: bool = True,
    *,
    source: str = "the event file",
) -> EventResults:
    """Validate and score every session of ``inputs`` and build the published results.

    ``source`` names the event file in messages about its names (``check_names``).
    """
    check_names(event, source)
    # A session whose every reading waits for review has no rows yet: it is not scored,
    # but its open items keep the results provisional (the status is over all inputs).
    status_inputs, inputs = inputs, [data for data in inputs if data.rows]
    if not inputs:
        waiting = sum(len(data.open_items) for data in status_inputs)
        if waiting:
            raise NothingScoredYet(
                f"event {event.name!r}: no result can be scored yet: "
                f"{waiting} reading(s) wait for review"
            )
        raise ScoreInputError(f"event {event.name!r}: no session files were given")
    event, pending = after_played_rounds(event, inputs)
    if event.kind is EventKind.TEAMS:
        teams = score_teams_event(event, inputs)
        findings = pending + teams.findings
        status = publication_status(status_inputs, findings)
        return replace(teams, findings=findings, status=status)
    scale = masterpoint_scale or SwedishBronze()
    kind = scale.name.split()[-2] if len(scale.name.split()) >= 2 else scale.name
    chosen = scale if with_masterpoints else None
    imp_scored = event.kind is not EventKind.PAIRS_MATCHPOINTS
    if imp_scored:
        scored = score_imp_sessions(event, inputs, chosen, kind)
    else:
        scored = score_pairs_sessions(event, inputs, chosen, kind)
    first = event.session(inputs[0].session)
    return EventResults(
        title=event.name,
        date=first.date.isoformat() if first.date else "",
        club=event.organizer,
        kind="pairs",
        scale="IMP" if imp_scored else str(event.options.scale),
        sessions=scored.views,
        leveled=scored.overall,
        paul_jones=scored.paul_jones,
        individual=scored.individual,
        handicap=scored.handicap,
        awards=scored.awards,
        findings=pending + scored.findings,
        target_top=scored.target_top,
        notes=scored.notes,
        presentation=event.options.matchpoint_presentation,
        status=publication_status(status_inputs, pending + scored.findings),
    )
