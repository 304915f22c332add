"""An individual over several sessions (seed 004 "Individuellt"): who partners whom over
the whole event, for ``event check``.

A player is the same person in every session by his member number, else his name (the
numbers may change from evening to evening), so partnerships are counted by person. An
individual Howell promises that no two players are partners twice; when every session plays
the individual Howell for the same number of players (one complete individual spread over
the evenings, each later session continuing with ``first_round``), the promise holds for the
event, and a couple partnered twice is an error (most likely a later session that starts
again at round 1). Other combinations (different sizes, the seed's reduced Howell) make no
promise over the sessions, so repeats are counted, not refused.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scoring.event import Event
from scoring.movements.spec import individual_of

__all__ = ["SessionsPartners", "partners_over_sessions"]


@dataclass(frozen=True)
class SessionsPartners:
    """What ``event check`` prints about the sessions together, and the broken promises."""

    summary: str
    errors: tuple[str, ...]


def partners_over_sessions(event: Event) -> SessionsPartners:
    """Partnerships of every two players over all sessions of an individual event."""
    sessions_of: dict[frozenset[str], list[int]] = {}
    names: dict[str, str] = {}
    forms: set[tuple[str, object]] = set()
    for session in event.sessions:
        for section in session.sections:
            schedule = individual_of(section.movement)
            if schedule is None:
                continue
            forms.add((schedule.spec.type, schedule.spec.get("players")))
            for pair_number in schedule.partnerships:
                players = section.pair(pair_number).players
                for player in players:
                    names.setdefault(player.key, player.name)
                couple = frozenset(player.key for player in players)
                sessions_of.setdefault(couple, []).append(session.number)
    counts = Counter(len(sessions) for sessions in sessions_of.values())
    people = len(names)
    couples = people * (people - 1) // 2
    more = sum(n for times, n in counts.items() if times > 1)
    summary = (
        f"over the {len(event.sessions)} sessions: {people} players; {counts[1]} couple(s) "
        f"partners once, {more} more often, {couples - len(sessions_of)} never"
    )
    promised = len(forms) == 1 and next(iter(forms))[0] == "individual-howell"
    if not promised:
        return SessionsPartners(summary, ())
    errors = tuple(
        f"{' and '.join(sorted(names[key] for key in couple))} are partners in sessions "
        f"{', '.join(str(n) for n in sessions)}: one individual Howell over the sessions "
        "partners them once (a later session continues it with first_round)"
        for couple, sessions in sorted(sessions_of.items(), key=lambda item: sorted(item[0]))
        if len(sessions) > 1
    )
    return SessionsPartners(summary, errors)
