"""The paper side of the scanner door: which travellers a session prints, and their ids.

``travellers_from_event`` lays out one traveller per board and section with the pairs of
each round pre-printed from the movement; the reader (``reading.scan_reader``) expects
exactly what these print, so printer and reader agree by construction. ``event_id`` is
the short id in the QR code; ``travellers_from_csv`` prints rows given explicitly.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ocr.qrpayload import Seating
    from ocr.sheets import TravellerSheet
    from scoring.event import Event, Section
    from scoring.movement import Movement

__all__ = [
    "blank_meetings",
    "event_id",
    "individual_seats",
    "parse_boards",
    "travellers_from_event",
    "travellers_from_csv",
]


def event_id(name: str, limit: int = 40) -> str:
    """A short id of the event for the QR code: lower case, letters/digits and dashes."""
    import unicodedata

    # Scandinavian letters to plain ASCII first (å -> a, ö -> o, ø -> o, æ -> ae)
    folded = name.lower().translate({ord("ø"): "o", ord("æ"): "ae", ord("ß"): "ss"})
    folded = "".join(
        c for c in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(c)
    )
    slug = re.sub(r"[^0-9a-z]+", "-", folded).strip("-")
    return slug[:limit].rstrip("-") or "event"


def parse_boards(text: str) -> list[int]:
    """Read "1-24", "1-12,25-36" or "3,5,7" into board numbers (in the order given)."""
    boards: list[int] = []
    for part in text.replace(" ", "").split(","):
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if m is None:
            raise ValueError(f"cannot read boards {text!r} (e.g. 1-24 or 1-12,25-36)")
        a, b = int(m[1]), int(m[2] or m[1])
        if a < 1 or b < a:
            raise ValueError(f"board range {part!r} must run upwards from 1")
        boards += range(a, b + 1)
    if len(set(boards)) != len(boards):
        raise ValueError(f"boards {text!r} lists a board twice")
    return boards


def individual_seats(section: Section) -> dict[int, tuple[int, int, int, int]]:
    """An individual section's N, S, E, W player numbers by the line's N-S pair number
    (empty for a pairs section): what its travellers print instead of pair numbers."""
    from scoring.movements.spec import individual_of

    schedule = individual_of(section.movement)
    if schedule is None:
        return {}
    return {2 * i - 1: t.players for i, t in enumerate(schedule.tables, start=1)}


def travellers_from_event(
    event: Event, session: int, sections: list[str] | None = None
) -> list[TravellerSheet]:
    """One traveller per board and section, rows in round order from the movement."""
    from ocr.sheets import PrintedRow, TravellerSheet

    chosen = event.session(session)
    parts = [chosen.section(s) for s in sections] if sections else list(chosen.sections)
    title = f"{event.name} · {chosen.label}"
    sheets = []
    for part in parts:
        mv = part.movement
        seats = individual_seats(part)
        for board in mv.boards:
            plays = sorted(mv.plays_of(board), key=lambda e: (e.round, e.table))
            rows = tuple(PrintedRow(e.round, e.ns, e.ew, seats.get(e.ns)) for e in plays)
            sheets.append(
                TravellerSheet(
                    board,
                    rows,
                    event_id(event.name),
                    str(session),
                    part.name,
                    title,
                    pairs=mv.pairs,
                )  # fmt: skip
            )
    return sheets


def blank_meetings(movement: Movement) -> dict[int, Seating]:
    """Per board, the (round, NS, EW) of every play the movement gives it, in round order:
    what a blank form printed for the movement carries in its QR code (``forms blank
    --movement``, ``ocr/qrpayload.py`` ``BSC4``). ValueError for an individual's movement,
    whose travellers print players, not pairs, and for a board played more than 15 times."""
    from scoring.movements.spec import individual_of

    if individual_of(movement) is not None:
        raise ValueError("an individual's travellers print players: use forms print")
    out: dict[int, Seating] = {}
    for board in movement.boards:
        plays = sorted((e.round, e.ns, e.ew) for e in movement.plays_of(board))
        if len(plays) > 15:
            raise ValueError(f"board {board} is played {len(plays)} times: a form has 15 rows")
        out[board] = tuple(plays)
    return out


def travellers_from_csv(
    path: Path, title: str = "", event: str = "", session: str = ""
) -> list[TravellerSheet]:
    """Travellers from explicit rows: a CSV with columns board, round, ns, ew [, section]."""
    import csv
    import io

    from ocr.sheets import PrintedRow, TravellerSheet
    from pipeline.doors.entry.importer import csv_delimiter, decode_text

    by_board: dict[tuple[str, int], list[PrintedRow]] = {}
    text = decode_text(path.read_bytes(), path.name)  # as a club's spreadsheet saved it
    with io.StringIO(text, newline="") as fh:  # `;` too, as Scandinavian spreadsheets write
        reader = csv.DictReader(fh, delimiter=csv_delimiter(text))
        need = {"board", "round", "ns", "ew"}
        have = {c.strip().lower() for c in reader.fieldnames or []}
        if not need <= have:
            raise ValueError(
                f"{path.name}: needs columns board, round, ns, ew (has {sorted(have)})"
            )
        for line, raw in enumerate(reader, start=2):
            rec = {k.strip().lower(): (v or "").strip() for k, v in raw.items() if k}
            try:
                board, rnd, ns, ew = (int(rec[c]) for c in ("board", "round", "ns", "ew"))
            except ValueError:
                raise ValueError(
                    f"{path.name} row {line}: board, round, ns and ew must be numbers"
                ) from None
            if min(board, rnd, ns, ew) < 1 or ns == ew:
                raise ValueError(f"{path.name} row {line}: numbers from 1, and NS is not EW")
            section = rec.get("section", "") or "A"
            by_board.setdefault((section, board), []).append(PrintedRow(rnd, ns, ew))
    if not by_board:
        raise ValueError(f"{path.name}: no rows")
    # The section's pair numbers (for the QR code) are every pair its rows seat.
    seated: dict[str, set[int]] = {}
    for (section, _), rows in by_board.items():
        seated.setdefault(section, set()).update(p for r in rows for p in (r.ns_pair, r.ew_pair)
                                                 if p is not None)  # fmt: skip
    return [
        TravellerSheet(
            board,
            tuple(sorted(rows, key=lambda r: r.round or 0)),
            event,
            session,
            section,
            title,
            pairs=tuple(sorted(seated[section])),
        )
        for (section, board), rows in sorted(by_board.items(), key=lambda kv: (kv[0][0], kv[0][1]))
    ]
