"""Names that must never reach a spreadsheet as a formula."""

from __future__ import annotations

from pipeline.doors.session_input import ScoreInputError
from scoring.event import Event

__all__ = ["check_names"]

_FORMULA_START = ("=", "+", "@", "\t", "\r")


def check_names(event: Event, source: str = "the event file") -> None:
    """Refuse player and team names that start like a spreadsheet formula.

    A name such as ``=B2`` or ``+46 70 123`` is almost always a cell pasted from a members
    list, not a name; published, it would be wrong on every ranking (and a formula in any
    spreadsheet that re-reads our CSV without care). The workbook would keep it as text
    anyway (``pipeline.xlsx``); this stops it before anything is written.
    """
    for session in event.sessions:
        for section in session.sections:
            named = [
                (f"pair {pair.number}, player {index}", player.name)
                for pair in section.pairs
                for index, player in enumerate(pair.players, start=1)
            ] + [(f"team {team.number}", team.name) for team in section.teams]
            for where, name in named:
                if name.startswith(_FORMULA_START) or (
                    name.startswith("-") and name[1:2] in tuple("0123456789=+@(")
                ):
                    raise ScoreInputError(
                        f"{source}: session {session.number}, section {section.name}, "
                        f"{where}: the name {name!r} starts like a spreadsheet formula; "
                        "write the name itself"
                    )
