"""The club's member list: imported from the club's own files, kept in the club folder,
every change logged.

A club folder holds:

- ``CLUB/members.csv``: the list, the source of truth. UTF-8 with a BOM (so Excel shows
  Scandinavian names right), comma separated, header ``Member number,Name``, one member a
  line, sorted by name. A director may edit it by hand; it is read back as leniently as an
  import (semicolons, Windows-1252), and a name that a spreadsheet would run as a formula
  is written with a leading apostrophe (``pipeline.xlsx.csv_safe``) and read back without.
- ``CLUB/members-log.jsonl``: every change, one JSON object a line, never rewritten
  (:func:`record_change`).
- ``CLUB/events/``: the club's events.

A member (``Member``, ``MembersError``) is ``pipeline.events.member``; reading a club's own
list (CSV or XLSX, English or Scandinavian headers: :func:`read_member_file`) is
``pipeline.events.member_files``. Both are importable from here too. :func:`merge_members`
updates members by number and adds new ones; it never removes anyone (a member missing from
this year's federation list may still play tonight).

:func:`merge_members`, :func:`add_member`, :func:`update_member` and :func:`remove_member`
take a list and give the new list (no I/O). A change of the club folder is: under
:func:`members_lock`, :func:`load_members`, change, :func:`save_members`, then one
:func:`record_change` line; :func:`import_members` does exactly that for an import (the
command line's ``bridgescan club members CLUB --import FILE --by NAME``).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.clock import now, utc_text
from pipeline.events.member import Member, MembersError, tidy_text
from pipeline.events.member_files import read_member_file
from pipeline.files import append_line, atomic_write_text, held_lock
from pipeline.xlsx import csv_safe

__all__ = [
    "MEMBERS_FILE",
    "LOG_FILE",
    "ACTIONS",
    "Member",
    "MembersError",
    "MergeReport",
    "read_member_file",
    "load_members",
    "save_members",
    "merge_members",
    "import_members",
    "edit_members",
    "members_lock",
    "add_member",
    "update_member",
    "remove_member",
    "record_change",
]

MEMBERS_FILE = "members.csv"
LOG_FILE = "members-log.jsonl"
ACTIONS = ("import", "add", "update", "remove")
"""The actions of the log; stored names, part of the file format."""

_HEADER = ("Member number", "Name")
_LOCK_FILE = ".members.lock"


def _same_name(a: str, b: str) -> bool:
    return tidy_text(a).casefold() == tidy_text(b).casefold()


def _sort_key(member: Member) -> tuple[str, str]:
    return member.name.casefold(), member.number


# -- the club folder ----------------------------------------------------------------------


def load_members(club: Path) -> list[Member]:
    """The club's members from ``CLUB/members.csv`` (empty when there is none yet)."""
    path = Path(club) / MEMBERS_FILE
    if not path.exists() or path.stat().st_size == 0:  # none yet, or emptied by hand
        return []
    return read_member_file(path)


def _check_unique(members: Sequence[Member]) -> None:
    seen: dict[str, Member] = {}
    for member in members:
        if not member.number:
            continue
        other = seen.setdefault(member.number, member)
        if other is not member:
            raise MembersError(
                f"member number {member.number} is given to both {other.name} and {member.name}"
            )


def save_members(club: Path, members: Sequence[Member]) -> None:
    """Write ``CLUB/members.csv`` atomically, sorted by name; refuses repeated numbers."""
    _check_unique(members)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(_HEADER)
    for member in sorted(members, key=_sort_key):
        writer.writerow([csv_safe(member.number), csv_safe(member.name)])
    atomic_write_text(Path(club) / MEMBERS_FILE, buffer.getvalue(), encoding="utf-8-sig")


@dataclass(frozen=True)
class MergeReport:
    """What an import changed: who was added, whose name (or missing number) was updated,
    who was already there as imported."""

    added: tuple[Member, ...] = ()
    updated: tuple[tuple[Member, Member], ...] = ()
    """(before, after) pairs."""
    unchanged: tuple[Member, ...] = ()

    @property
    def changed(self) -> bool:
        return bool(self.added or self.updated)

    def summary(self) -> str:
        """ "2 added, 1 updated, 40 unchanged"."""
        return (
            f"{len(self.added)} added, {len(self.updated)} updated, {len(self.unchanged)} unchanged"
        )

    def lines(self) -> list[str]:
        """One line per added or updated member, for a director to read."""
        out = [f"added: {_label(m)}" for m in self.added]
        for before, after in self.updated:
            out.append(f"updated: {_label(before)} -> {_label(after)}")
        return out

    def as_dict(self) -> dict[str, Any]:
        """What the log stores for an import."""
        return {
            "added": [m.as_dict() for m in self.added],
            "updated": [{"before": b.as_dict(), "after": a.as_dict()} for b, a in self.updated],
            "unchanged": len(self.unchanged),
        }


def _label(member: Member) -> str:
    return f"{member.name} ({member.number})" if member.number else member.name


def merge_members(
    current: Sequence[Member], imported: Sequence[Member]
) -> tuple[list[Member], MergeReport]:
    """The member list after an import, sorted by name, and what changed.

    An imported member with a number updates the member with that number (a changed name),
    or gives its number to a member of the same name who had none, or is added. One without
    a number is added unless a member of that name exists. Nobody is removed.
    """
    _check_unique(imported)
    members = list(current)
    added: list[Member] = []
    updated: list[tuple[Member, Member]] = []
    unchanged: list[Member] = []
    for new in imported:
        index = _match(members, new)
        if index is None:
            members.append(new)
            added.append(new)
            continue
        old = members[index]
        if new.number and (old.number != new.number or old.name != new.name):
            members[index] = new
            updated.append((old, new))
        else:
            unchanged.append(old)
    return sorted(members, key=_sort_key), MergeReport(
        tuple(added), tuple(updated), tuple(unchanged)
    )


def _match(members: Sequence[Member], new: Member) -> int | None:
    if new.number:
        for index, member in enumerate(members):
            if member.number == new.number:
                return index
    for index, member in enumerate(members):
        if not member.number and _same_name(member.name, new.name):
            return index
    if not new.number:
        for index, member in enumerate(members):
            if _same_name(member.name, new.name):
                return index
    return None


def _find(members: Sequence[Member], which: Member | str) -> int:
    """The member meant by ``which``: a Member (its number, or its name when it has none),
    or text (a member number, else the name of a member without one)."""
    if isinstance(which, Member):
        number, name = which.number, which.name
    else:
        number = name = tidy_text(which)
        if not number:
            raise MembersError("say which member (a member number or a name)")
    if number:
        for index, member in enumerate(members):
            if member.number == number:
                return index
        if isinstance(which, Member):
            raise MembersError(f"no member has the number {number}")
    found = [i for i, m in enumerate(members) if not m.number and _same_name(m.name, name)]
    if len(found) > 1:
        raise MembersError(f"{len(found)} members without a number are called {name}")
    if not found:
        raise MembersError(f"no member with the number or name {name!r}")
    return found[0]


def _refuse_taken(members: Sequence[Member], member: Member, skip: int | None = None) -> None:
    for index, other in enumerate(members):
        if index == skip:
            continue
        if member.number and other.number == member.number:
            raise MembersError(f"member number {member.number} is already {other.name}'s")
        if not member.number and not other.number and _same_name(other.name, member.name):
            raise MembersError(f"{other.name} is already a member (without a number)")


def add_member(members: Sequence[Member], member: Member) -> list[Member]:
    """The list with ``member`` added, sorted by name. A number already in the list is
    refused, and so is a name already there without a number (it could not be told apart)."""
    _refuse_taken(members, member)
    return sorted([*members, member], key=_sort_key)


def update_member(members: Sequence[Member], which: Member | str, new: Member) -> list[Member]:
    """The list with the member ``which`` (see :attr:`Member.key`) replaced by ``new``,
    sorted by name; a number another member has is refused."""
    index = _find(members, which)
    _refuse_taken(members, new, skip=index)
    changed = list(members)
    changed[index] = new
    return sorted(changed, key=_sort_key)


def remove_member(members: Sequence[Member], which: Member | str) -> list[Member]:
    """The list without the member ``which`` (its number, or its name when it has none)."""
    index = _find(members, which)
    return [m for i, m in enumerate(members) if i != index]


@contextmanager
def members_lock(club: Path) -> Iterator[Path]:
    """Hold while reading, changing, saving and logging the member list: two consoles (or
    a console and the command line) then never lose each other's change, and the log is in
    the order of the changes."""
    club = Path(club)
    if not club.is_dir():
        raise MembersError(f"{club}: no such club folder")
    with held_lock(club / _LOCK_FILE):
        yield club


def import_members(
    club: Path, path: Path, *, who: str, sheet: str | None = None, name: str | None = None
) -> MergeReport:
    """Read a club's file, merge it into ``CLUB/members.csv``, save and log, under
    :func:`members_lock`; nothing is written when nothing changes. ``name``: the file's name
    for messages and the log (an upload's own name), default the path's."""
    shown = name or Path(path).name
    if not tidy_text(who):
        raise MembersError("say who makes the change (for the members log)")
    imported = read_member_file(path, sheet, name=shown)
    with members_lock(club) as folder:
        merged, report = merge_members(load_members(folder), imported)
        if report.changed:
            save_members(folder, merged)
            record_change(
                folder, who, "import", {"file": shown, "sheet": sheet, **report.as_dict()}
            )
    return report


def edit_members(
    club: Path, who: str, action: str, *, member: Member | None = None, which: Member | None = None
) -> list[Member]:
    """Add ``member``, update ``which`` to ``member``, or remove ``which`` (``action``: add,
    update, remove) in ``CLUB/members.csv``: read, changed, saved and logged under
    :func:`members_lock`, the log's detail in the shape an import writes (before/after)."""
    with members_lock(club) as folder:
        current = load_members(folder)
        if action == "add" and member is not None:
            changed = add_member(current, member)
            detail: dict[str, Any] = {"after": member.as_dict()}
        elif action == "update" and member is not None and which is not None:
            changed = update_member(current, which, member)
            detail = {"before": which.as_dict(), "after": member.as_dict()}
        elif action == "remove" and which is not None:
            changed = remove_member(current, which)
            detail = {"before": which.as_dict()}
        else:
            raise MembersError(f"unknown change {action!r}")
        if not tidy_text(who):
            raise MembersError("say who makes the change (for the members log)")
        save_members(folder, changed)
        record_change(folder, who, action, detail)
    return changed


def record_change(club: Path, who: str, action: str, detail: Mapping[str, Any]) -> dict[str, Any]:
    """Append one line to ``CLUB/members-log.jsonl``: ``{"time": UTC ISO 8601 (the project's
    clock), "who", "action": one of ACTIONS, "detail": what changed}``; returns it."""
    if action not in ACTIONS:
        raise MembersError(f"unknown action {action!r} (one of {', '.join(ACTIONS)})")
    if not tidy_text(who):
        raise MembersError("say who makes the change (for the members log)")
    entry = {
        "time": utc_text(now()),
        "who": tidy_text(who),
        "action": action,
        "detail": dict(detail),
    }
    append_line(Path(club) / LOG_FILE, json.dumps(entry, ensure_ascii=False))
    return entry
