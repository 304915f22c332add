"""Barometer standings after every round (seed 004 "Barometertävlingar").

In a barometer every table plays the same boards in a round, so a round's boards are
complete when its slips are in. The seed asks for the standings to be put up quickly after
each round ("Scoretavlor bör hängas upp snabbt efter varje rond"): a club on paper scans or
types each round's slips and runs again. So when a barometer session has results only up to
round N, it is scored as the movement played through round N (its later boards are not
missing results: they have not been played), and a ``rounds-not-played`` finding keeps the
publication PROVISIONAL and says "after round N of M" wherever the status appears.

A round counts as played once any slip of it is in; a line of a played round without its
result is a missing result as in any event (the validation's ``result-missing``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pipeline.doors.session_input import SessionInput
from pipeline.results.status import FindingView
from scoring.event import Event
from scoring.movement import Movement
from scoring.movements.elevator import planned_rounds

__all__ = ["ROUNDS_NOT_PLAYED", "rounds_played", "after_played_rounds"]

ROUNDS_NOT_PLAYED = "rounds-not-played"


def rounds_played(movement: Movement, data: SessionInput) -> int | None:
    """The last round of ``movement`` with any result in ``data`` (a scanned or typed row,
    or a line waiting for review); None when none is in yet."""
    rounds = [
        round_
        for board in {row.board for row in data.rows} | {w.board for w in data.waiting}
        for round_ in {e.round for e in movement.plays_of(board)}
    ]
    return max(rounds, default=None)


def after_played_rounds(
    event: Event, inputs: Sequence[SessionInput]
) -> tuple[Event, tuple[FindingView, ...]]:
    """``event`` with every barometer session cut to its played rounds, and the findings
    that say so (one per session still being played)."""
    sessions = {s.number: s for s in event.sessions}
    findings: list[FindingView] = []
    for data in inputs:
        session = sessions.get(data.session)
        if session is None or len(session.sections) != 1:
            continue
        section = session.sections[0]
        movement = section.movement
        if not movement.barometer:
            continue
        played = rounds_played(movement, data)
        last = planned_rounds(movement)
        if played is None or played == last:
            continue
        cut = replace(section, movement=movement.through_round(played, last))
        sessions[data.session] = replace(session, sections=(cut,))
        later = f"round {last}" if played + 1 == last else f"rounds {played + 1}-{last}"
        findings.append(
            FindingView(
                "pending",
                ROUNDS_NOT_PLAYED,
                str(data.session),
                later,
                f"standings after round {played} of {last}: {later} not played yet",
                "scan or type the next round's slips and run again",
            )
        )
    if not findings:
        return event, ()
    return replace(event, sessions=tuple(sessions[s.number] for s in event.sessions)), tuple(
        findings
    )
