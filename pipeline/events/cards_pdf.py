"""Guide cards as a printable PDF (seed 004 "Guidekort"), for a director who prints from the
browser or any PDF reader.

Two kinds of card, each never split over pages:

- ``table``: a table card (bordskort) per table of the movement: the table number in large
  type, then a row per round with the NS pair, the EW pair (names when given), the boards,
  where the NS pair, the EW pair and the boards go next, and a note for an arrow switch or
  a table that shares its boards with another (a relay, or the other table of a team
  match; in a team Mitchell, the round in which the team-mates play the other half and
  open the envelope). A round in which the table is idle says so. Two cards to a page.
- ``personal``: a personal card (personligt kort) per pair: pair number and names, then a
  row per round with the table, the direction (NS/EW), the opponents and the boards; a
  sit-out round says "sit out". Four cards to a page (two by two).

A movement with so many rounds that a card does not fit its share of the page gets fewer
cards to a page, and if one card does not fit a whole page its rows are made smaller (the
layout and drawing, shared with an individual's cards: ``pipeline.events.card_layout``).

Names are text: drawn with ``drawString`` (no markup is interpreted) in a TrueType font
that covers the Nordic letters (DejaVu Sans when installed, else the Bitstream Vera that
reportlab ships). A name too long for its box takes two lines, a little smaller, and what
still does not fit is shortened with "…".
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pipeline.events.card_layout import (
    CARD_KINDS,
    PAPER_SIZES,
    Card,
    CardsPdfError,
    Column,
    Row,
    clean_name,
    draw_cards,
    paper_size,
)
from pipeline.events.guidecards import boards_next, format_boards, where_next
from scoring.contract import Side
from scoring.movement import Movement, MovementEntry

__all__ = [
    "CardsPdfError",
    "PAPER_SIZES",
    "CARD_KINDS",
    "cards_pdf",
    "default_kinds",
    "write_cards_pdf",
]


# -- what the cards say -----------------------------------------------------------------------
def _pair_label(movement: Movement, names: dict[int, str], pair: int) -> str:
    """How a cell shows a pair: "7", "7 Anna Berg - Bo Ek", "3 (team 2) Anna Berg - Bo Ek"."""
    team = movement.team_of(pair) if movement.teams else None
    label = str(pair) if team is None else f"{pair} (team {team})"
    name = clean_name(names.get(pair, ""))
    return f"{label} {name}" if name else label


def _notes(movement: Movement, entry: MovementEntry) -> str:
    notes = []
    if entry.switched:
        notes.append("arrow switch")
    shared = sorted(
        e.table
        for e in movement.entries_in_round(entry.round)
        if e.table != entry.table and set(e.boards) & set(entry.boards)
    )
    if shared:  # a relay; in a team movement, the other table of the match
        what = "match with table " if movement.teams else "shared with table "
        notes.append(what + " & ".join(str(t) for t in shared))
    later = _other_half(movement, entry)
    if later is not None:  # team Mitchell, three-team meeting: the result goes in an envelope
        notes.append(f"other half: round {later.round} table {later.table}")
    return "; ".join(notes)


def _other_half(movement: Movement, entry: MovementEntry) -> MovementEntry | None:
    """In a team movement whose match is played in two rounds (team Mitchell, the seed's
    odd-team schedules): the line where the two teams play these boards the other way."""
    if not movement.teams:
        return None
    teams = {movement.team_of(entry.ns), movement.team_of(entry.ew)}
    for other in movement.plays_of(entry.boards[0]):
        if (
            other.round != entry.round
            and {
                movement.team_of(other.ns),
                movement.team_of(other.ew),
            }
            == teams
        ):
            return other
    return None


def _rows_at_table(
    movement: Movement, table: int, row: Callable[[MovementEntry], tuple[str, ...]]
) -> list[Row]:
    """A row per round at ``table``: the round and ``row(entry)``, or "no play"."""
    rows: list[Row] = []
    for round_ in movement.rounds:
        entry = movement.entry_at(round_, table)
        if entry is None:
            rows.append(Row((str(round_), "no play this round"), span=True))
        else:
            rows.append(Row((str(round_), *row(entry))))
    return rows


def _table_card(movement: Movement, table: int, title: str, names: dict[int, str]) -> Card:
    rows = _rows_at_table(
        movement,
        table,
        lambda entry: (
            _pair_label(movement, names, entry.ns),
            _pair_label(movement, names, entry.ew),
            format_boards(entry.boards),
            where_next(movement, entry.ns, entry.round),
            where_next(movement, entry.ew, entry.round),
            boards_next(movement, entry),
            _notes(movement, entry),
        ),
    )
    pair_share = 0.22 if names else 0.12  # room for names, or for "10 (team 5)"
    columns = [
        Column("Round", 0.06),
        Column("NS", pair_share, "left", wrap=True),
        Column("EW", pair_share, "left", wrap=True),
        Column("Boards", 0.09),
        Column("NS goes to", 0.1),
        Column("EW goes to", 0.1),
        Column("Boards go to", 0.1),
        Column("Note", 0.15, "left"),
    ]
    if not any(r.cells[-1] for r in rows if not r.span):  # no notes: no Note column
        columns.pop()
        rows = [r if r.span else Row(r.cells[:-1]) for r in rows]
    return Card("table", f"Table {table}", ((title, False),), tuple(columns), tuple(rows))


def _personal_card(movement: Movement, pair: int, title: str, names: dict[int, str]) -> Card:
    rows: list[Row] = []
    for round_ in movement.rounds:
        seat = movement.seating(pair, round_)
        if seat is None:
            rows.append(Row((str(round_), "sit out"), span=True))
            continue
        rows.append(
            Row(
                (
                    str(round_),
                    str(seat.table),
                    str(seat.side),
                    _pair_label(movement, names, seat.opponent),
                    format_boards(seat.boards),
                )
            )
        )
    team = movement.team_of(pair) if movement.teams else None
    heading = f"Pair {pair}" if team is None else f"Pair {pair} - team {team}"
    lines = ((clean_name(names.get(pair, "")), True), (title, False))
    columns = (
        Column("Round", 0.12),
        Column("Table", 0.11),
        Column("Direction", 0.16),
        Column("Opponents", 0.42, "left", wrap=True),
        Column("Boards", 0.19),
    )
    return Card("personal", heading, tuple(ln for ln in lines if ln[0]), columns, tuple(rows))


def _corner_card(movement: Movement, table: int, side: Side, title: str) -> Card:
    """The seed's "hörnguidekort" (used with the endless Howell): on the table's corner of
    one seat, who sits here each round and where that pair goes next."""

    def here(entry: MovementEntry) -> tuple[str, ...]:
        pair = entry.ns if side is Side.NS else entry.ew
        return (str(pair), where_next(movement, pair, entry.round))

    rows = _rows_at_table(movement, table, here)
    columns = (Column("Round", 0.2), Column("Pair here", 0.3), Column("Then go to", 0.5))
    heading = f"Table {table} {side}"
    return Card("corner", heading, ((title, False),), columns, tuple(rows))


def default_kinds(movement: Movement) -> tuple[str, ...]:
    """Table and personal cards; corner cards too where the seed uses them (a pairs
    barometer, where every pair moves by the corner card of the seat it leaves)."""
    return CARD_KINDS if movement.barometer and not movement.teams else ("table", "personal")


def cards_pdf(
    movement: Movement,
    *,
    paper: str = "A4",
    title: str = "",
    names: dict[int, str] | None = None,
    kinds: tuple[str, ...] | None = None,
) -> bytes:
    """The guide cards of ``movement`` as PDF bytes: for each of ``kinds`` in order,
    ``table`` cards (two to a page), ``personal`` cards and ``corner`` cards (four to a
    page), each kind starting on a new page; by default ``default_kinds(movement)``.
    ``title`` (default: the movement's name) is printed on every card; ``names`` (pair
    number -> "Anna Berg - Bo Ek") add names, drawn as plain text.
    Raises CardsPdfError for an unknown paper size (A4, Letter) or kind of card."""
    page = paper_size(paper)
    kinds = default_kinds(movement) if kinds is None else kinds
    unknown = [k for k in kinds if k not in CARD_KINDS]
    if unknown or not kinds:
        raise CardsPdfError(
            f"kinds of card {', '.join(map(repr, unknown)) or '(none)'}: choose from "
            f"{', '.join(CARD_KINDS)}"
        )
    heading = clean_name(title) or movement.name
    names = names or {}
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=page, invariant=True)
    c.setTitle(f"Guide cards - {heading}")
    c.setCreator("bridgescan")
    for kind in dict.fromkeys(kinds):  # each kind once, in the order asked
        if kind == "table":
            cards = [_table_card(movement, t, heading, names) for t in movement.tables]
        elif kind == "corner":
            cards = [
                _corner_card(movement, t, side, heading)
                for t in movement.tables
                for side in (Side.NS, Side.EW)
            ]
        else:
            cards = [_personal_card(movement, p, heading, names) for p in movement.pairs]
        draw_cards(c, cards, page, kind)
    c.save()
    return buf.getvalue()


def write_cards_pdf(
    movement: Movement,
    path: Path | str,
    *,
    paper: str = "A4",
    title: str = "",
    names: dict[int, str] | None = None,
    kinds: tuple[str, ...] | None = None,
) -> Path:
    """Write ``cards_pdf(...)`` to ``path`` atomically (a temporary file, then a rename)."""
    from pipeline.files import atomic_write_bytes

    data = cards_pdf(movement, paper=paper, title=title, names=names, kinds=kinds)
    return atomic_write_bytes(Path(path), data)
