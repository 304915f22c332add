"""Where a mistake in an event file is: ``EventFileError`` names the file, the path inside
it and the line; ``Places`` puts an error at the line of the value it is about (from the
file's line marks, ocr/marked_yaml.py). Shared by the event file (eventfile.py) and its
Paul Jones block (paul_jones.py), with the list of a pair's or a team's players."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from ocr.marked_yaml import LineMarks, Loc, dotted, parse_path, problems
from pipeline.events.event_schema import PlayerEntry
from scoring.event import EventError, Player

__all__ = ["EventFileError", "Places"]


class EventFileError(ValueError):
    """A mistake in an event file, with the file, the path inside it and the line."""

    def __init__(self, source: str, path: str, message: str, line: int | None = None) -> None:
        self.source = source
        self.path = path
        self.line = line
        self.detail = message
        where = f"{source}: {path}: " if path else f"{source}: "
        at = f" (line {line})" if line is not None else ""
        super().__init__(f"{where}{message}{at}")


@dataclass(frozen=True)
class Places:
    """The event file's name and the line of every value in it."""

    source: str
    marks: LineMarks

    def error(self, loc: Loc, message: str) -> EventFileError:
        """``message`` about the value at ``loc`` (or its nearest written ancestor's line)."""
        return EventFileError(self.source, dotted(loc), message, self.marks.line(loc))

    def place(self, loc: Loc, error: EventError) -> EventFileError:
        """A model error (``pairs[3].players[0].member`` of the record at ``loc``) at its
        value's line."""
        return self.error((*loc, *parse_path(error.path)), error.detail)

    def first(self, error: ValidationError) -> EventFileError:
        """The first mistake in the file's order the models found."""
        problem = problems(error, self.marks)[0]
        return EventFileError(self.source, problem.path, problem.message, problem.line)

    def players(self, entries: Sequence[PlayerEntry], loc: Loc) -> tuple[Player, ...]:
        """The players of a pair or a team, each a name or ``{name, member}``."""
        players = []
        for i, entry in enumerate(entries):
            try:
                players.append(Player(entry.name, entry.member or None))
            except EventError as error:
                # A player written as a bare name has no ``name:`` line of its own.
                written = (*loc, i, *parse_path(error.path))
                target = written if written in self.marks.values else (*loc, i)
                raise self.error(target, error.detail) from None
        return tuple(players)
