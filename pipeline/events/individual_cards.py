"""Guide cards of an individual (seed 004 "Guidekort": "Man ger varje par ett kort i handen
med uppgift om bordsnummer, väderstreck, motståndarens nummer, och bricknummer för varje
rond (vanligast i individuell tävling)").

A personal card per player (round, table, seat, partner, opponents, boards; "sit out" in
the round the player has none) and a table card per table (round, North, South, East, West,
boards), laid out and drawn by ``pipeline.events.card_layout`` (four personal or two table
cards to a page, names as plain text).
"""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pipeline.events.card_layout import Card, Column, Row, clean_name, draw_cards, paper_size
from pipeline.events.guidecards import format_boards
from scoring.movements.individual import IndividualMovement

__all__ = ["individual_cards_pdf", "write_individual_cards_pdf"]

_SEATS = ("N", "S", "E", "W")


def _label(player: int, names: dict[int, str]) -> str:
    name = clean_name(names.get(player, ""))
    return f"{player} {name}" if name else str(player)


def _personal(schedule: IndividualMovement, player: int, title: str,
              names: dict[int, str]) -> Card:  # fmt: skip
    rows = []
    for round_ in sorted({t.round for t in schedule.tables}):
        line = next((t for t in schedule.tables if t.round == round_ and player in t.players),
                    None)  # fmt: skip
        if line is None:
            rows.append(Row((str(round_), "sit out"), span=True))
            continue
        seat = line.players.index(player)
        partner = line.players[seat ^ 1]
        opponents = line.players[2:] if seat < 2 else line.players[:2]
        against = " & ".join(str(p) for p in opponents)
        cells = (str(round_), str(line.table), _SEATS[seat], _label(partner, names), against)
        rows.append(Row((*cells, format_boards(line.boards))))
    lines = ((clean_name(names.get(player, "")), True), (title, False))
    columns = (Column("Round", 0.1), Column("Table", 0.1), Column("Seat", 0.1),
               Column("Partner", 0.36, "left", wrap=True), Column("Opponents", 0.16),
               Column("Boards", 0.18))  # fmt: skip
    return Card("personal", f"Player {player}", tuple(ln for ln in lines if ln[0]), columns,
                 tuple(rows))  # fmt: skip


def _table(schedule: IndividualMovement, table: int, title: str, names: dict[int, str]) -> Card:
    rows = []
    for round_ in sorted({t.round for t in schedule.tables}):
        line = next((t for t in schedule.tables if t.round == round_ and t.table == table), None)
        if line is None:
            rows.append(Row((str(round_), "no play this round"), span=True))
            continue
        same_round = [t for t in schedule.tables if t.round == round_ and t.table != table]
        shared = [t.table for t in same_round if t.boards == line.boards]
        notes = ["directions switched"] if line.switched else []
        notes += [f"boards also at table {', '.join(map(str, shared))}"] if shared else []
        note = "; ".join(notes)
        rows.append(Row((str(round_), *(_label(p, names) for p in line.players),
                          format_boards(line.boards), note)))  # fmt: skip
    columns = [Column("Round", 0.07), *(Column(s, 0.17, "left", wrap=True) for s in
               ("North", "South", "East", "West")), Column("Boards", 0.1),
               Column("Note", 0.16, "left", wrap=True)]  # fmt: skip
    if not any(r.cells[-1] for r in rows if not r.span):
        columns.pop()
        rows = [r if r.span else Row(r.cells[:-1]) for r in rows]
    return Card("table", f"Table {table}", ((title, False),), tuple(columns), tuple(rows))


def individual_cards_pdf(
    schedule: IndividualMovement, *, paper: str = "A4", title: str = "",
    names: dict[int, str] | None = None,
) -> bytes:  # fmt: skip
    """Personal cards (one a player) then table cards of an individual, as PDF bytes;
    ``names`` maps player number -> name. CardsPdfError for an unknown paper size."""
    page = paper_size(paper)
    heading = clean_name(title) or schedule.name
    names = names or {}
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=page, invariant=True)
    c.setTitle(f"Guide cards - {heading}")
    c.setCreator("bridgescan")
    draw_cards(c, [_personal(schedule, p, heading, names) for p in schedule.players], page,
          "personal")  # fmt: skip
    tables = sorted({t.table for t in schedule.tables})
    draw_cards(c, [_table(schedule, t, heading, names) for t in tables], page, "table")
    c.save()
    return buf.getvalue()


def write_individual_cards_pdf(
    schedule: IndividualMovement, path: Path | str, *, paper: str = "A4", title: str = "",
    names: dict[int, str] | None = None,
) -> Path:  # fmt: skip
    """Write ``individual_cards_pdf(...)`` to ``path`` atomically."""
    from pipeline.files import atomic_write_bytes

    data = individual_cards_pdf(schedule, paper=paper, title=title, names=names)
    return atomic_write_bytes(Path(path), data)
