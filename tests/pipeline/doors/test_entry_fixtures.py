"""A correct club session typed into the generated entry workbook, shared by the entry and
validation tests (and usable by anyone who needs a filled workbook).

The event: a 3-table Mitchell, 2 boards a round, boards 1-6, pairs 1-3 NS and 4-6 EW. Each
board is played three times (rounds 1-3). The results below were scored by hand from Law 77
(rules.md section 2) and the board's vulnerability (Law 2: 1 None, 2 NS, 3 EW, 4 All, 5 NS,
6 EW); some cells use Scandinavian notation (UT, K, R, Ø, V) on purpose.
"""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from pipeline.doors.entry.template import Layout, entry_workbook_for_session
from pipeline.files import atomic_write
from pipeline.xlsx import put
from scoring.event import Event, EventKind, Pair, Player, Section, Session
from scoring.movements import mitchell

NAMES = {
    1: ("Anna Berg", "Bo Ek"),
    2: ("Cecilia Lind", "Dag Holm"),
    3: ("Eva Sjöberg", '=HYPERLINK("http://x")'),  # a name with a formula character
    4: ("Gunilla Åberg", "Hans Dahl"),
    5: ("Ingrid Strand", "Jon Ås"),
    6: ("Karin Öst", "+Lars Vik"),
}

# (board, round) -> level, strain, doubling, declarer, result, NS score cell, EW score cell
# Hand-scored:
#  B1 None: 4S= N +420; 4S+1 N 120+300+30 = +450; 4S-1 N -50
#  B2 NS:   3NT= S 100+500 = +600; 3NT 10 tricks +630; 2NT 8 tricks 70+50 = +120
#  B3 EW:   4H= E 120+500 = EW 620; 4H-1 W vul = NS 100; 3H= E 90+50 = EW 140
#  B4 All:  1NT= N 40+50 = +90; 2S= E 60+50 = EW 110; 3C-1 S vul = EW 100
#  B5 NS:   4SX-2 E not vul 100+200 = NS 300; 5D= N 100+500 = +600; 6D= N 120+500+750 = +1370
#  B6 EW:   2H= W 60+50 = EW 110; 3S= N 90+50 = +140; 2D-1 E vul = NS 100
RESULTS: dict[tuple[int, int], tuple[object, ...]] = {
    (1, 1): (4, "S", None, "N", "=", 420, None),
    (1, 2): (4, "S", None, "N", "+1", 450, None),
    (1, 3): (4, "S", None, "N", "-1", None, 50),
    (2, 1): (3, "UT", None, "S", "=", 600, None),
    (2, 2): (3, "NT", None, "S", "10", 630, None),
    (2, 3): (2, "NT", None, "S", "8", 120, None),
    (3, 1): (4, "H", None, "Ø", "=", None, 620),
    (3, 2): (4, "H", None, "V", "-1", 100, None),
    (3, 3): (3, "H", None, "E", "=", None, 140),
    (4, 1): (1, "NT", None, "N", "=", 90, None),
    (4, 2): (2, "S", None, "E", "=", None, 110),
    (4, 3): (3, "K", None, "S", "-1", None, 100),
    (5, 1): (4, "S", "X", "E", "-2", 300, None),
    (5, 2): (5, "R", None, "N", "=", 600, None),
    (5, 3): (6, "D", None, "N", "=", 1370, None),
    (6, 1): (2, "H", None, "W", "=", None, 110),
    (6, 2): (3, "S", None, "N", "=", 140, None),
    (6, 3): (2, "D", None, "E", "-1", 100, None),
}

# Column letters of the generated long sheet (one section).
COL = {
    "board": "A",
    "round": "B",
    "table": "C",
    "ns": "D",
    "ew": "E",
    "level": "F",
    "strain": "G",
    "doubling": "H",
    "declarer": "I",
    "result": "J",
    "score_ns": "K",
    "score_ew": "L",
    "adjusted": "M",
    "note": "N",
}


def club_event() -> Event:
    """The 3-table Mitchell event of this module."""
    movement = mitchell(3, 2)
    pairs = tuple(
        Pair(number, (Player(a, f"10{number}1"), Player(b, f"10{number}2")))
        for number, (a, b) in NAMES.items()
    )
    section = Section("A", pairs, movement)
    return Event("Test club evening", EventKind.PAIRS_MATCHPOINTS, (Session(1, (section,)),))


def fill(ws: Worksheet, results: dict[tuple[int, int], tuple[object, ...]] = RESULTS) -> None:
    """Type ``results`` into the pre-filled rows of a traveller sheet (text stays text)."""
    for row in range(2, ws.max_row + 1):
        board, round_ = ws[f"A{row}"].value, ws[f"B{row}"].value
        if (board, round_) not in results:
            continue
        values = results[(board, round_)]
        for key, value in zip(
            ("level", "strain", "doubling", "declarer", "result", "score_ns", "score_ew"),
            values,
            strict=True,
        ):
            put(ws[f"{COL[key]}{row}"], value)


def row_of(ws: Worksheet, board: int, round_: int) -> int:
    """The sheet row of (board, round)."""
    for row in range(2, ws.max_row + 1):
        if (ws[f"A{row}"].value, ws[f"B{row}"].value) == (board, round_):
            return row
    raise KeyError((board, round_))


def write_filled(path: Path, layout: Layout = Layout.LONG) -> Path:
    """The session's entry workbook with every result typed in, saved to ``path``."""
    wb = entry_workbook_for_session(club_event(), 1, layout=layout)
    for ws in wb.worksheets[1:]:
        fill(ws)
    atomic_write(path, lambda handle: wb.save(handle))
    return path


def open_sheet(path: Path):  # noqa: ANN201 - a (workbook, sheet) pair for editing
    """The workbook at ``path`` and its traveller sheet, for planting an error."""
    wb = load_workbook(path)
    return wb, wb["Travellers"]
