"""Guide cards: import a club's own cards (CSV/XLSX), and print cards per table."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from pipeline.events.guidecards import (
    GuideCardError,
    format_boards,
    load_guide_cards,
    parse_boards,
    write_guide_card_csv,
    write_guide_cards,
)
from scoring.movement import MovementKind
from scoring.movements import ArrowSwitch, howell, mitchell, team_movement

# A 2-table Howell for 4 pairs: everyone meets everyone once; both tables share the
# round's two boards.
CARDS = """round,table,NS,EW,boards
1,1,4,1,1-2
1,2,2,3,1-2
2,1,4,2,3-4
2,2,3,1,3-4
3,1,4,3,5-6
3,2,1,2,5-6
"""


@pytest.mark.parametrize(
    ("text", "boards"),
    [
        ("1-3", (1, 2, 3)),
        ("1,2,3", (1, 2, 3)),
        ("1-2, 5", (1, 2, 5)),
        ("1 2 3", (1, 2, 3)),
        ("25–27", (25, 26, 27)),
        ("7", (7,)),
        ("4;5", (4, 5)),
    ],
)
def test_parse_boards(text, boards):
    assert parse_boards(text) == boards


@pytest.mark.parametrize("text", ["", "a-b", "3-1", "1--2"])
def test_parse_boards_rejects(text):
    with pytest.raises(ValueError):
        parse_boards(text)


@pytest.mark.parametrize(
    ("boards", "text"),
    [((1, 2, 3), "1-3"), ((1, 2, 5), "1-2, 5"), ((7,), "7"), ((1, 3, 5), "1, 3, 5")],
)
def test_format_boards(boards, text):
    assert format_boards(boards) == text


def write(tmp_path: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def test_import_csv(tmp_path):
    m = load_guide_cards(write(tmp_path, "cards.csv", CARDS))
    assert m.kind is MovementKind.CUSTOM
    assert m.pairs == (1, 2, 3, 4)
    assert m.expected_pairs(1) == ((4, 1), (2, 3))
    assert m.round_of(5, 1) == 3
    assert m.spec is not None and m.spec.as_dict() == {"type": "guide-cards", "file": "cards.csv"}


def test_import_scandinavian_headers_semicolons_and_latin1(tmp_path):
    text = "Rond;Bord;N-S;Ö-V;Brickor\n" + "\n".join(
        ";".join(row.split(",")) for row in CARDS.splitlines()[1:]
    )
    m = load_guide_cards(write(tmp_path, "kort.csv", text, "cp1252"))
    assert m.expected_pairs(3) == ((4, 2), (3, 1))


def test_headers_typed_loosely_name_the_same_columns(tmp_path):
    # case, underscores, full stops and doubled spaces do not count (table_files.header_key)
    text = "ROUND, Table ,N.S.  Pair,EW_pair,  Boards Played\n" + "\n".join(CARDS.splitlines()[1:])
    m = load_guide_cards(write(tmp_path, "cards.csv", text))
    assert m.expected_pairs(3) == ((4, 2), (3, 1))


def test_import_xlsx_with_title_rows_and_idle_table(tmp_path):
    book = Workbook()
    ws = book.active
    ws.title = "Other"
    cards = book.create_sheet("Howell 4")
    cards.append(["Guide card, 4 pairs"])
    cards.append([])
    cards.append(["Round", "Table", "NS", "EW", "Boards"])
    for row in CARDS.splitlines()[1:]:
        r, t, ns, ew, boards = row.split(",")
        cards.append([int(r), float(t), int(ns), int(ew), boards])
    cards.append([4, 1, None, None, "7-8"])  # an idle table: no pairs
    path = tmp_path / "cards.xlsx"
    book.save(path)
    m = load_guide_cards(path, sheet="Howell 4")
    assert m.rounds == (1, 2, 3)
    assert m.expected_pairs(6) == ((4, 3), (1, 2))
    assert m.spec.as_dict() == {"type": "guide-cards", "file": "cards.xlsx", "sheet": "Howell 4"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a,b,c\n1,2,3\n", "cards.csv: no header row with the columns round, table, NS, EW"),
        (CARDS + "x,1,1,2,1\n", "cards.csv: row 8: round 'x' is not a number"),
        (CARDS + "4,1,1,,7\n", "cards.csv: row 8: only one of NS and EW"),
        (CARDS + "4,1,1,2,seven\n", "cards.csv: row 8: cannot read boards 'seven'"),
        (CARDS + "3,2,1,4,7-8\n", "cards.csv: row 8: round 3 table 2 is already on row 7"),
        (CARDS + "4,1,1,1,7-8\n", "cards.csv: row 8: round 4 table 1: pair 1 cannot play against"),
        ("round,table,NS,EW,boards\n", "cards.csv: the guide-card table has no rows"),
    ],
)
def test_bad_rows_name_the_row(tmp_path, text, message):
    with pytest.raises(GuideCardError) as info:
        load_guide_cards(write(tmp_path, "cards.csv", text))
    assert message in str(info.value)


def test_pair_twice_in_a_round_names_both_rows(tmp_path):
    text = CARDS.replace("1,2,2,3,1-2", "1,2,2,1,1-2")
    with pytest.raises(GuideCardError) as info:
        load_guide_cards(write(tmp_path, "cards.csv", text))
    assert "cards.csv: rows 2, 3: pair 1 is at tables 1, 2 in round 1" in str(info.value)


def test_board_replayed_names_the_rows(tmp_path):
    text = CARDS.replace("3,2,1,2,5-6", "3,2,1,2,1-2")
    with pytest.raises(GuideCardError) as info:
        load_guide_cards(write(tmp_path, "cards.csv", text))
    assert "cards.csv: rows 2, 7: pair 1 plays board 1 more than once (rounds 1, 3)" in str(
        info.value
    )


def test_cards_for_more_pairs_than_the_section_name_the_row(tmp_path):
    with pytest.raises(GuideCardError) as info:
        load_guide_cards(write(tmp_path, "cards.csv", CARDS), pairs=(1, 2, 3))
    assert str(info.value) == (
        "cards.csv: row 2: pair 4 is not in the section (pairs 1-3); "
        "the guide cards do not fit the field"
    )


def test_pairs_that_sit_out_are_kept_from_the_section(tmp_path):
    m = load_guide_cards(write(tmp_path, "cards.csv", CARDS), pairs=(1, 2, 3, 4, 5))
    assert m.sitting_out(1) == (5,)


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("cards.pdf", b"%PDF", "must be a .csv or .xlsx"),
        ("cards.xlsx", b"not a zip", "not a readable XLSX workbook"),
    ],
)
def test_foreign_files(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(GuideCardError, match=message):
        load_guide_cards(path)


def test_missing_file_and_sheet(tmp_path):
    with pytest.raises(GuideCardError, match="nope.csv: file not found"):
        load_guide_cards(tmp_path / "nope.csv")
    book = Workbook()
    book.save(tmp_path / "cards.xlsx")
    with pytest.raises(GuideCardError, match="no sheet 'X'"):
        load_guide_cards(tmp_path / "cards.xlsx", sheet="X")


@pytest.mark.parametrize(
    "movement",
    [
        mitchell(7, 3, arrow_switch=ArrowSwitch.BALANCED),
        mitchell(8, 2),
        howell(11, 2),
        team_movement(4, 4),
    ],
    ids=["mitchell-7-balanced", "mitchell-8-relay", "howell-11", "teams-4"],
)
def test_csv_round_trip(tmp_path, movement):
    path = write_guide_card_csv(movement, tmp_path / "m.csv")
    again = load_guide_cards(path, pairs=movement.pairs)
    assert [(e.round, e.table, e.ns, e.ew, e.boards) for e in again.entries] == [
        (e.round, e.table, e.ns, e.ew, e.boards) for e in movement.entries
    ]


def rows(ws, first: int = 4):
    return [r for r in ws.iter_rows(min_row=first, values_only=True)]


def test_printed_cards_for_three_tables(tmp_path):
    path = write_guide_cards(mitchell(3, 3), tmp_path / "cards.xlsx", names={4: "=A1 Berg - Ek"})
    book = load_workbook(path)
    assert book.sheetnames == ["Table 1", "Table 2", "Table 3", "Pairs"]
    table1 = book["Table 1"]
    assert table1["A1"].value == "Table 1"
    # Worked out by hand: NS 1 stays; EW 4 goes up to table 2; boards go down to table 3.
    assert rows(table1) == [
        (1, 1, 4, "1-3", "table 1 NS", "table 2 EW", "table 3", None),
        (2, 1, 6, "4-6", "table 1 NS", "table 2 EW", "table 3", None),
        (3, 1, 5, "7-9", "end", "end", "end", None),
    ]
    pairs = book["Pairs"]
    card_4 = [r for r in rows(pairs) if r[0] == 4]
    assert card_4 == [
        (4, "=A1 Berg - Ek", 1, 1, "EW", 1, "1-3"),
        (4, "=A1 Berg - Ek", 2, 2, "EW", 2, "7-9"),
        (4, "=A1 Berg - Ek", 3, 3, "EW", 3, "4-6"),
    ]
    setup = table1.page_setup
    assert (setup.paperSize, setup.fitToWidth, setup.fitToHeight) == (9, 1, 0)
    assert table1.print_title_rows == "$3:$3"
    assert table1.freeze_panes == "A4"
    assert not list(tmp_path.glob("*.part"))


def test_formula_like_names_stay_text(tmp_path):
    path = write_guide_cards(mitchell(3, 1), tmp_path / "c.xlsx", names={1: "=HYPERLINK(1)"})
    with path.open("rb") as handle:
        import zipfile

        sheet_xml = b"".join(
            zipfile.ZipFile(handle).read(n)
            for n in zipfile.ZipFile(handle).namelist()
            if n.startswith("xl/worksheets/")
        )
    assert b"<f>" not in sheet_xml  # no formula anywhere


def test_printed_cards_show_sit_outs_and_idle_tables(tmp_path):
    path = write_guide_cards(howell(5, 2), tmp_path / "h.xlsx")
    book = load_workbook(path)
    assert "Table 1" not in book.sheetnames  # table 1 is idle all evening with 5 pairs
    table2 = rows(book["Table 2"])
    assert len(table2) == 5
    sits = [r for r in rows(book["Pairs"]) if r[4] == "sit out"]
    assert [(r[0], r[2]) for r in sits] == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]


def test_arrow_switched_lines_are_marked(tmp_path):
    path = write_guide_cards(
        mitchell(5, 2, arrow_switch=ArrowSwitch.LAST_ROUND), tmp_path / "a.xlsx"
    )
    table3 = rows(load_workbook(path)["Table 3"])
    # Round 5 at table 3: mover 9 (started at table 4) sits NS, stationary 3 sits EW.
    assert table3[-1][1:3] == (9, 3) and table3[-1][7] == "arrow switch"
    assert all(r[7] is None for r in table3[:-1])


def test_relay_cards_send_boards_to_the_bye_stand(tmp_path):
    # Seed 004 §8 (8 tables): table 5's boards go to the bye stand; tables 1 and 8 send
    # theirs to table 7; the bye stand's come to table 4.
    book = load_workbook(write_guide_cards(mitchell(8, 3), tmp_path / "relay.xlsx"))
    assert rows(book["Table 5"])[0][3:7:3] == ("16-18", "bye stand")
    assert rows(book["Table 1"])[0][6] == "table 7"
    assert rows(book["Table 8"])[0][6] == "table 7"
    assert rows(book["Table 4"])[1][3] == "13-15"
