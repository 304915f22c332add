"""Guide cards as PDF: pages, what each card says, names as plain text, paper sizes.

The 13-pair Howell worked by hand: it is the 14-pair Howell without pair 14, so table 1 (pair
14's stationary table) never plays and gets no card; tables 2-7 play every round and pair
r sits out round r. Table cards two to a page: 6 cards -> 3 pages. Personal cards four to a
page: 13 pairs -> 4 + 4 + 4 + 1 -> 4 pages. Together 7 pages, table cards first.
"""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import typer
from typer.testing import CliRunner

from pipeline.cli.event import register
from pipeline.events import card_layout
from pipeline.events.cards_pdf import CardsPdfError, cards_pdf, write_cards_pdf
from pipeline.events.guidecards import format_boards
from scoring.movement import Movement, MovementEntry, MovementKind, MovementSpec
from scoring.movements import build_movement, team_movement

SAMPLE = Path(__file__).resolve().parents[3] / "sample_data" / "events" / "mitchell-9-tables.yaml"


@pytest.fixture(scope="module")
def howell13() -> Movement:
    return build_movement(MovementSpec("howell", (("pairs", 13), ("boards_per_round", 2))))


@pytest.fixture(scope="module")
def howell13_pdf(howell13) -> bytes:
    return cards_pdf(howell13)


def pages(data: bytes) -> pdfium.PdfDocument:
    return pdfium.PdfDocument(data)


def card_text(data: bytes, page: int, *, quarter: str | None = None, half: str = "top") -> str:
    """The text of one card: the top or bottom half of a page, or a quarter ("top left")."""
    doc = pages(data)
    width, height = doc[page].get_size()
    vertical, _, horizontal = (quarter or half).partition(" ")
    bottom, top = (height / 2, height) if vertical == "top" else (0, height / 2)
    left, right = {"": (0, width), "left": (0, width / 2), "right": (width / 2, width)}[horizontal]
    text = doc[page].get_textpage().get_text_bounded(left, bottom, right, top)
    return text.replace("\r\n", "\n")


def rows(text: str) -> dict[int, list[str]]:
    """Table rows by round: the cells of every line that starts with a round number."""
    out = {}
    for line in text.splitlines():
        words = line.split()
        if words and words[0].isdigit():
            out[int(words[0])] = words[1:]
    return out


def test_howell_13_page_count(howell13, howell13_pdf):
    assert howell13.tables == (2, 3, 4, 5, 6, 7)  # table 1 would be pair 14's: no card
    assert len(pages(howell13_pdf)) == 3 + 4
    assert len(pages(cards_pdf(howell13, kinds=("table",)))) == 3
    assert len(pages(cards_pdf(howell13, kinds=("personal",)))) == 4


@pytest.mark.parametrize(
    ("page", "half", "table"), [(0, "top", 2), (0, "bottom", 3), (2, "bottom", 7)]
)
def test_table_card_lists_each_round_as_the_movement(howell13, howell13_pdf, page, half, table):
    text = card_text(howell13_pdf, page, half=half)
    assert f"Table {table}" in text
    assert f"Table {table + 1}" not in text  # one card, not its neighbour
    found = rows(text)
    assert sorted(found) == list(range(1, 14))
    for round_, cells in found.items():
        entry = howell13.entry_at(round_, table)
        assert entry is not None
        assert cells[:3] == [str(entry.ns), str(entry.ew), format_boards(entry.boards)]


def test_first_table_card_by_hand(howell13_pdf):
    # table 2, round 1: pair 2 NS against pair 13 on boards 7-8; pair 2 sits out round 2,
    # pair 13 moves to table 3 EW, the boards to table 7.
    found = rows(card_text(howell13_pdf, 0))
    assert found[1] == ["2", "13", "7-8", "sit", "out", "table", "3", "EW", "table", "7"]
    assert found[13][-3:] == ["end", "end", "end"]


def test_personal_card_shows_the_sit_out_round(howell13, howell13_pdf):
    assert howell13.sitting_out(5) == (5,)
    # personal cards start on page 3; pair 5 is the fifth card: page 4, top left
    text = card_text(howell13_pdf, 4, quarter="top left")
    assert "Pair 5" in text and "Pair 6" not in text
    found = rows(text)
    assert found[5] == ["sit", "out"]
    assert sum(cells == ["sit", "out"] for cells in found.values()) == 1
    for round_, cells in found.items():
        seat = howell13.seating(5, round_)
        if seat is not None:
            assert cells == [
                str(seat.table),
                str(seat.side),
                str(seat.opponent),
                format_boards(seat.boards),
            ]


def test_names_are_plain_text_in_a_font_with_nordic_letters(howell13):
    names = {5: "<b>Åsa</b> =HYPERLINK()", 6: "Per Åberg - Øystein Ødegård"}
    data = cards_pdf(howell13, names=names, title="Måndag")
    text = card_text(data, 4, quarter="top left")
    assert "<b>Åsa</b> =HYPERLINK()" in text
    assert "Måndag" in text
    assert "Per Åberg - Øystein Ødegård" in card_text(data, 4, quarter="top right")
    # drawn in an embedded TrueType font (DejaVu Sans, or reportlab's Vera), not in a
    # base-14 font whose encoding has no Ø
    assert re.search(rb"/BaseFont /[A-Z]{6}\+(DejaVuSans|BitstreamVeraSans)", data)
    assert b"/FontFile2" in data


def test_without_dejavu_the_bundled_vera_font_prints_nordic_names(monkeypatch, howell13):
    monkeypatch.setattr(card_layout, "_FONT_DIRS", ())
    card_layout._fonts.cache_clear()
    try:
        data = cards_pdf(howell13, names={5: "Øystein Ærø - Åsa Ång"}, kinds=("personal",))
    finally:
        card_layout._fonts.cache_clear()
    assert re.search(rb"/BaseFont /[A-Z]{6}\+BitstreamVeraSans", data)
    assert "Øystein Ærø - Åsa Ång" in card_text(data, 1, quarter="top left")


@pytest.mark.parametrize(("paper", "size"), [("A4", (595, 842)), ("Letter", (612, 792))])
def test_paper_size(howell13, paper, size):
    doc = pages(cards_pdf(howell13, paper=paper))
    assert {tuple(round(x) for x in doc[i].get_size()) for i in range(len(doc))} == {size}


def test_idle_table_and_sit_out_are_said_plainly():
    # table 2 is idle in round 2; pairs 2 and 4 sit out
    movement = Movement(
        "two tables",
        MovementKind.CUSTOM,
        (
            MovementEntry(1, 1, 1, 2, (1, 2)),
            MovementEntry(1, 2, 3, 4, (3, 4)),
            MovementEntry(2, 1, 1, 3, (3, 4)),
        ),
        pairs=(1, 2, 3, 4),
    )
    data = cards_pdf(movement)
    assert rows(card_text(data, 0, half="bottom"))[2] == ["no", "play", "this", "round"]
    assert rows(card_text(data, 1, quarter="top right"))[2] == ["sit", "out"]


def test_team_movement():
    movement = team_movement(5, 4)  # 4 tables (one team has a bye), 10 pairs
    data = cards_pdf(movement)
    assert len(pages(data)) == 2 + 3
    text = card_text(data, 0)
    entry = movement.entry_at(1, 1)
    assert entry is not None
    assert f"{entry.ns} (team {movement.team_of(entry.ns)})" in text
    assert "match with table" in text


def test_a_long_movement_gets_fewer_cards_to_a_page():
    # 25 rounds do not fit half a page: one table card a page, two personal cards a page
    movement = Movement(
        "25 rounds",
        MovementKind.CUSTOM,
        tuple(
            MovementEntry(r, t, 2 * t - 1, 2 * t, (2 * r - 2 + t,))
            for r in range(1, 26)
            for t in (1, 2)
        ),
    )
    data = cards_pdf(movement)
    assert len(pages(data)) == 2 + 2
    whole_page = pages(data)[0].get_textpage().get_text_range()
    assert "Table 1" in whole_page and "Table 2" not in whole_page
    assert sorted(rows(whole_page)) == list(range(1, 26))  # the whole card on one page


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"paper": "A5"}, "paper 'A5'"),
        ({"kinds": ("tables",)}, "'tables'"),
        ({"kinds": ()}, "none"),
    ],
)
def test_bad_requests(howell13, options, message):
    with pytest.raises(CardsPdfError, match=message):
        cards_pdf(howell13, **options)


def test_write_is_atomic_and_whole(tmp_path, howell13):
    out = tmp_path / "cards" / "howell.pdf"
    assert write_cards_pdf(howell13, out, paper="letter") == out
    assert len(pages(out.read_bytes())) == 7
    assert [p.name for p in out.parent.iterdir()] == ["howell.pdf"]  # no temporary left


def cli(*args: str):
    root = typer.Typer()
    register(root)

    @root.command("noop")
    def noop() -> None:  # a second command keeps "event" a sub-command group
        """Nothing."""

    return CliRunner().invoke(root, list(args))


def test_cli_writes_pdf_cards(tmp_path):
    out = tmp_path / "cards.pdf"
    result = cli("event", "cards", str(SAMPLE), "-o", str(out), "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert f"guide cards (Letter): {out}" in result.output
    doc = pages(out.read_bytes())
    assert len(doc) == 5 + 5  # 9 tables two to a page, 18 pairs four to a page
    assert tuple(round(x) for x in doc[0].get_size()) == (612, 792)
    personal = "".join(doc[i].get_textpage().get_text_range() for i in range(5, 10))
    assert "Anna Berg - Bo Ek" in personal


def test_corner_cards_of_an_endless_howell():
    # Seed 004 "Guidekort" 3: corner cards, "used mostly with the endless Howell". 6 pairs:
    # 3 tables, two seats each -> 6 corner cards, four to a page -> 2 pages, after the 2
    # pages of table cards (3 cards, two a page) and 2 of personal cards (6 pairs).
    barometer = build_movement(
        MovementSpec("endless-howell", (("pairs", 6), ("boards_per_round", 1)))
    )
    data = cards_pdf(barometer)
    assert len(pages(data)) == 2 + 2 + 2
    # Round 1 at table 2 NS: pair 2 (pair t starts at table t). Pair x takes the seat of
    # pair x - 1, so in round 2 pair 2 is where pair 1 was: table 1 EW. In round 5 (the
    # last) pair 1 sits at table 2 NS, and the evening ends.
    first_corner = card_text(data, 4, quarter="top left")
    assert "Table 1 NS" in first_corner
    table_2_ns = card_text(data, 4, quarter="bottom left")
    assert "Table 2 NS" in table_2_ns
    cells = rows(table_2_ns)
    assert cells[1] == ["2", "table", "1", "EW"]
    assert cells[5] == ["1", "end"]
    assert len(pages(cards_pdf(barometer, kinds=("table", "personal")))) == 4
