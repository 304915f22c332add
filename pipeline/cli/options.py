"""The options every command shares, defined once so they read the same everywhere.

``-o/--out`` is where a command writes (a folder, or the one file it makes); ``--store``
the event store (``pipeline.cli.store.StoreOption``); ``--event`` an event file given as an
option; ``-s/--session`` a session number; ``--masterpoints`` the scale; ``--deals`` a deal
file for hand records. A session's file is named ``N=FILE`` wherever a command takes
several files for several sessions.
Choices are enums, so ``--help`` lists them.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.failing import fail

__all__ = [
    "Masterpoints",
    "Paper",
    "PaperOption",
    "OutFolder",
    "OutFile",
    "output_file",
    "output_folder",
    "EventOption",
    "SessionOption",
    "MasterpointsOption",
    "DealsOption",
    "DealFilesOption",
    "split_session_file",
    "deal_files",
    "record_deal_files",
]


class Masterpoints(StrEnum):
    """The masterpoint scale (seed 004): Swedish bronze or silver points, or none."""

    BRONZE = "bronze"
    SILVER = "silver"
    NONE = "none"


class Paper(StrEnum):
    """The paper size a form is printed on."""

    A4 = "A4"
    LETTER = "Letter"


PaperOption = Annotated[Paper, typer.Option("--paper", help="Paper size.", case_sensitive=False)]


def output_folder(param: typer.CallbackParam, out: Path | None) -> Path | None:
    """``-o``: a folder, new or existing; refused (exit 2, before anything runs) when it,
    or a folder it would be made in, is a file: nothing can be written there. Said on one
    plain line (not in a usage box, which would fold the path where it cannot be copied)."""
    if out is None:
        return out
    for place in (out, *out.parents):
        if place.exists() and not place.is_dir():
            what = "it" if place == out else f"{place}"
            kind = "for the results " if param.name == "out" else ""
            raise fail(f"{_said_as(param)}{out}: {what} is a file, not a folder; give a folder "
                       f"{kind}(new or existing)")  # fmt: skip
        if place.exists():
            _may_write_in(param, out, place)
            break
    return out


def output_file(param: typer.CallbackParam, out: Path | None) -> Path | None:
    """A file a command writes (``-o`` of ``entry template``, ``forms print``, ``export``,
    ``--xlsx``, ...): refused (exit 2, before any work) when it is a folder, or a folder it
    would be made in is a file. Without this check each writer failed its own way at the
    end: exit 70 and a crash file (``event cards``, ``entry template``, ``deals --xlsx``),
    a bare ``[Errno 20] Not a directory`` (``forms print``), or a model trained for minutes
    first (``model train-digits``)."""
    if out is None:
        return out
    if out.is_dir():
        raise fail(f"{_said_as(param)}{out}: it is a folder; give the name of the file to write")
    for place in out.parents:
        if place.exists():
            if not place.is_dir():
                raise fail(f"{_said_as(param)}{out}: {place} is a file, not a folder; give a "
                           "path in a folder (new or existing)")  # fmt: skip
            _may_write_in(param, out, out if out.exists() else place)
            break
    return out


def _may_write_in(param: typer.CallbackParam, out: Path, place: Path) -> None:
    """Refuse (exit 2, before any work) a place this user may not write: ``scan read``
    read every page before it found it could not write its folder."""
    import os

    if os.statvfs(place).f_flag & os.ST_RDONLY:
        return  # a read-only disk is the machine (exit 3, pipeline/cli/disk.py), not the input
    if not os.access(place, os.W_OK | (os.X_OK if place.is_dir() else 0)):
        raise fail(f"{_said_as(param)}{out}: you may not write in {place}; give another place, "
                   "or get the right to it")  # fmt: skip


def _said_as(param: typer.CallbackParam) -> str:
    """How the message names the path: ``-o`` or ``--xlsx`` before it; an argument's path
    stands alone."""
    names = getattr(param, "opts", [])
    if not names or not names[0].startswith("-"):
        return ""
    return ("-o" if "-o" in names else max(names, key=len)) + " "


OutFolder = Annotated[
    Path, typer.Option("-o", "--out", help="Output folder.", callback=output_folder)
]
OutFile = Annotated[
    Path, typer.Option("-o", "--out", help="The file to write.", callback=output_file)
]
EventOption = Annotated[Path | None, typer.Option("--event", help="The event file (YAML).")]
SessionOption = Annotated[
    int, typer.Option("-s", "--session", help="Session number in the event file.")
]
MasterpointsOption = Annotated[
    Masterpoints, typer.Option("--masterpoints", help="Masterpoint scale.", case_sensitive=False)
]
DealsOption = Annotated[
    Path | None,
    typer.Option(
        "--deals",
        help="A deal file (PBN, or lines '<board> N:<hands>') for hand records with "
        "double-dummy tricks and par.",
    ),
]


DealFilesOption = Annotated[
    list[str] | None,
    typer.Option(
        "--deals",
        help="Deal file (PBN, or '<board> N:<hands>' lines) for the hand records, with "
        "double-dummy tricks and par: N=FILE for session N, FILE alone for session 1. "
        "Repeat for more sessions.",
        metavar="[N=]FILE",
    ),
]


def deal_files(items: list[str] | None) -> dict[int, Path]:
    """``N=FILE`` names the session; a plain FILE is session 1."""
    return {number or 1: Path(name) for number, name in map(split_session_file, items or [])}


def record_deal_files(store: str, out: Path, items: list[str] | None) -> None:
    """Check the ``--deals`` files and record them in the event store (every later
    publication prints their hand records); ``ValueError``/``OSError`` name a bad file."""
    if not items:
        return
    from pipeline.corrections.hand_records import deals_append
    from pipeline.store import EventStore

    entries = [deals_append(number, path) for number, path in deal_files(items).items()]
    Path(out).mkdir(parents=True, exist_ok=True)
    with EventStore(store) as opened:
        opened.append_many(entries)


def split_session_file(item: str) -> tuple[int | None, str]:
    """``2=thursday.csv`` -> (2, "thursday.csv"); a plain path -> (None, path)."""
    head, sep, tail = item.partition("=")
    if sep and head.strip().isdigit() and tail:
        return int(head), tail
    return None, item
