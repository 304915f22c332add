"""A club member: the value every member list holds, and the error of a member list.

Member numbers follow the event model's rule (``scoring.event.MEMBER_NUMBER_RE``, checked by
building a ``Player``), so every member can be put in an event file as it is. Numbers are
text: ``012345`` keeps its zero.

Kept apart from the list (``pipeline.events.members``) and from the reading of clubs' files
(``pipeline.events.member_files``) because both use it: the list reads files, and a file's
reader makes members.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pipeline.xlsx import csv_safe
from scoring.event import EventError, Player

__all__ = ["Member", "MembersError", "tidy_text"]


class MembersError(ValueError):
    """A member list that cannot be read or a change that cannot be made; the message names
    the file, the sheet (XLSX) and the row when there is one."""

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        sheet: str | None = None,
        row: int | None = None,
    ) -> None:
        self.file = file
        self.sheet = sheet
        self.row = row
        self.detail = message
        place = [file or "", f"sheet {sheet!r}" if sheet else "", f"row {row}" if row else ""]
        where = ", ".join(p for p in place if p)
        super().__init__(f"{where}: {message}" if where else message)


@dataclass(frozen=True)
class Member:
    """A club member, as the results print them and the federation credits them."""

    number: str
    """The federation member number as text ("012345" keeps its zero); "" when none."""
    name: str
    """The name as printed on results ("Anna Berg"), single spaces, no spaces at the ends."""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise MembersError("a member's name must not be empty")
        if self.name != " ".join(self.name.split()) or _CONTROL.search(self.name):
            raise MembersError(
                f"name {self.name!r} has extra spaces or control characters "
                "(Member.from_text tidies them)"
            )
        if not isinstance(self.number, str):
            raise MembersError(f"member number {self.number!r} of {self.name} must be text")
        self.player()  # the event model's rule for member numbers, and its message

    @classmethod
    def from_text(cls, number: object, name: object) -> Member:
        """A member from text as typed: spaces tidied, a spreadsheet's quoting apostrophe
        ("'=Bo", "'012345") removed."""
        number_text = tidy_text(number)
        if number_text.startswith("'"):
            number_text = number_text[1:].strip()
        name_text = tidy_text(name)
        if name_text.startswith("'") and csv_safe(name_text[1:]) == name_text:
            name_text = name_text[1:]  # exactly what save_members wrote for "=Bo"
        return cls(number_text, name_text)

    @property
    def key(self) -> str:
        """What names this member for :func:`update_member` and :func:`remove_member`: the
        member number, or the name when there is none."""
        return self.number or self.name

    def player(self) -> Player:
        """The member as a player of an event (``scoring.event.Player``)."""
        try:
            return Player(self.name, self.number or None)
        except EventError as error:
            raise MembersError(error.detail) from None

    def as_dict(self) -> dict[str, str]:
        """``{"number": ..., "name": ...}``, as the log stores a member."""
        return {"number": self.number, "name": self.name}


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def tidy_text(value: object) -> str:
    """``value`` as text with single spaces and none at the ends (None is ""): how a name,
    a number or a header is compared and stored, whatever the spreadsheet left around it."""
    return " ".join(("" if value is None else str(value)).split())
