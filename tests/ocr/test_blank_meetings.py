"""A blank form printed for the movement a club plays every week (issue 43, item 2;
ocr/qrpayload.py ``BSC4``, ``forms blank --movement``).

Worked by hand. A three-table Mitchell (NS 1-3 stay, EW 4-6 move up a table, boards down a
table each round): board 1 is at table 1 in round 1 (1 against 4), at table 3 in round 2
(NS 3; EW 5 has moved up from table 2), at table 2 in round 3 (NS 2; EW 6 has moved from
table 3 to 1 and on to 2). Its meetings are (1, 1-4), (2, 3-5), (3, 2-6): round k is the
k-th meeting, so the rounds are not written; the largest number 6 has one digit: "1" (width)
"0" then 14 35 26: "10143526".

The symbol: ``BSC4|1|A4|1||||1-6|`` is 19 bytes, one byte-mode segment of 4 + 8 + 152 = 164
bits; the 8 digits one numeric segment of 4 + 10 + 2 x 10 (two groups of three) + 7 (two
left) = 41 bits; 205 bits, over version 1-M's 128 and within version 2-M's 224 (ISO/IEC
18004, table 7).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ocr.layout import load_layout
from ocr.printed_pairs import PrintedPairs, meetings_differ, qr_differs, qr_pairs
from ocr.qrpayload import QrPayload, QrPayloadError, encode, make_qr, parse
from ocr.reader import ScanReader, read_paths
from ocr.reading import RowStatus
from ocr.render import blank_sheets
from ocr.sheets import TravellerSheet
from ocr.training.synthetic.generate import generate_session
from ocr.training.synthetic.results import PairSlot
from ocr.training.synthetic.sources import TRAINING
from pipeline.doors.scans.forms import blank_meetings
from pipeline.events.eventfile import EventFileError, parse_movement

BOARD_1 = ((1, 1, 4), (2, 3, 5), (3, 2, 6))


def test_a_blank_form_s_meetings_are_digits_after_the_club_s_pairs():
    p = QrPayload(1, pairs=(1, 2, 3, 4, 5, 6), meetings=BOARD_1)
    assert encode(p) == "BSC4|1|A4|1||||1-6|10143526"
    assert parse(encode(p)) == p and parse(encode(p)).seating is None
    assert p.is_blank_form
    assert make_qr(p).version == 2


def test_a_howell_board_writes_its_rounds():
    """Played in rounds 2 and 5 only: "2" (width, pair 11) "1" (rounds written), then
    02 01 10 and 05 02 11."""
    p = QrPayload(7, pairs=tuple(range(1, 13)), meetings=((2, 1, 10), (5, 2, 11)))
    assert encode(p) == "BSC4|1|A4|7||||1-12|21020110050211"
    assert parse(encode(p)).meetings == ((2, 1, 10), (5, 2, 11))


def test_fifteen_meetings_with_their_rounds_fit_version_5():
    """The most a blank form carries with pair numbers below 100: ``BSC4|1|Letter|999||||1-30|``
    26 bytes, 12 + 208 = 220 bits; 15 meetings in rounds 2-16, written: 2 + 15 x 6 = 92
    digits, 14 + 30 x 10 + 7 = 321 bits; 541 bits, over version 4-M's 512: version 5."""
    meetings = tuple((k + 1, k, 15 + k) for k in range(1, 16))
    p = QrPayload(999, paper="Letter", pairs=tuple(range(1, 31)), meetings=meetings)
    assert len(encode(p)) == 26 + 92
    assert make_qr(p).version == 5


def test_old_payloads_still_read_without_meetings():
    for text in ("BSC|1|A4|12|||", "BSC2|1|A4|12||||1-18", "BSC3|1|A4|3|club|1|A|1-18|2001100211"):
        assert parse(text).meetings is None
    assert parse("BSC3|1|A4|3|club|1|A|1-18|2001100211").seating == ((1, 1, 10), (2, 2, 11))


@pytest.mark.parametrize(
    "text",
    [
        "BSC4|1|A4|1||||1-6",  # the meetings' field missing
        "BSC4|1|A4|1||||1-6|",  # empty
        "BSC4|1|A4|1||||1-6|1014352",  # 5 digits: not whole meetings of 2
        "BSC4|1|A4|1||||1-6|11201435",  # rounds 2, 1: not in round order
    ],
)
def test_damaged_meetings_are_no_bridgescan_payload(text: str):
    with pytest.raises(QrPayloadError):
        parse(text)


def test_a_form_carries_rows_or_meetings_not_both():
    with pytest.raises(QrPayloadError, match="seating of its rows or its meetings"):
        QrPayload(1, seating=BOARD_1, meetings=BOARD_1)


def test_the_movement_s_meetings_of_each_board():
    mitchell = parse_movement("{type: mitchell, tables: 3, boards_per_round: 2}")
    meetings = blank_meetings(mitchell)
    assert sorted(meetings) == [1, 2, 3, 4, 5, 6]
    assert meetings[1] == meetings[2] == BOARD_1  # boards 1 and 2 travel together
    sheets = blank_sheets([1, 3], pairs=mitchell.pairs, meetings=meetings)
    layout = load_layout()
    assert encode(sheets[0].payload(layout)) == "BSC4|1|A4|1||||1-6|10143526"
    assert sheets[1].payload(layout).meetings == meetings[3]
    assert TravellerSheet(1, pairs=(1, 2)).payload(layout).meetings is None  # generic


def test_an_individual_or_a_bad_movement_is_refused():
    individual = parse_movement("{type: individual-howell, players: 8, boards_per_round: 3}")
    with pytest.raises(ValueError, match="print players"):
        blank_meetings(individual)
    with pytest.raises(EventFileError, match="did you mean 'tables'"):
        parse_movement("{type: mitchell, tabels: 3, boards_per_round: 2}")
    with pytest.raises(EventFileError, match="not a movement"):
        parse_movement("mitchell")


def test_read_alone_the_meetings_are_the_board_s_pairs_on_no_row():
    printed = qr_pairs(None, BOARD_1)
    assert printed is not None and printed.rows == () and printed.row(1) is None
    assert printed.allowed == ((1, 4), (3, 5), (2, 6)) and printed.seated is None
    assert qr_pairs(None, None) is None


def test_read_with_the_event_meetings_of_another_movement_send_the_rows_to_a_person():
    event = PrintedPairs((), ((1, 4), (3, 5), (2, 6)))
    assert meetings_differ(event, ((3, 2, 6), (1, 1, 4), (2, 3, 5))) is None  # any order
    assert qr_differs(event, None, ((1, 1, 4), (2, 3, 5), (3, 2, 7))) == (
        "the form was printed for another movement: the form's QR code has 2-7 on this "
        "board, the other does not"
    )
    assert meetings_differ(event, BOARD_1[:2]) == (
        "the form was printed for another movement: the event's movement has 2-6 on this "
        "board, the other does not"
    )


@pytest.fixture(scope="module")
def blank_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Board 1 of the three-table Mitchell on a blank form, its three rows filled by
    TRAINING writers (seed 5, a clean 300 dpi scan, upright): once printed for the
    movement, once for a movement that seats 2-7 instead of 2-6 (Law 15: the players
    sat as they did and wrote 2-6)."""
    slots = {1: [PairSlot(*meeting) for meeting in BOARD_1]}
    other = {1: ((1, 1, 4), (2, 3, 5), (3, 2, 7))}
    out = {}
    for name, qr in (("movement", None), ("other", other)):
        folder = tmp_path_factory.mktemp(name)
        generate_session(folder, [1], slots=slots, split=TRAINING, seed=5, condition="clean",
                         quarter_turns=0, dpi=300, blank_form=True, blank_meetings=True,
                         qr_meetings=qr)  # fmt: skip
        out[name] = folder
    return out


def _read(folder: Path, reader: ScanReader | None = None):  # type: ignore[no-untyped-def]
    (page,) = read_paths(reader or ScanReader(), sorted(folder.glob("page_*.[jp][pn]g")))
    return page


def test_a_blank_page_read_alone_with_the_meetings(blank_pages):  # type: ignore[no-untyped-def]
    page = _read(blank_pages["movement"])
    assert page.qr is not None and page.qr.meetings == BOARD_1
    written = [r for r in page.rows if r.status is not RowStatus.EMPTY]
    assert len(written) == 3
    for row in written:
        assert row.best is not None and (row.best.ns_pair, row.best.ew_pair) in {
            (1, 4),
            (3, 5),
            (2, 6),
        }
        assert not any("do not play this board" in reason for reason in row.reasons)


def test_pairs_the_meetings_do_not_send_to_the_board_go_to_a_person(blank_pages):  # type: ignore[no-untyped-def]
    """Read alone, the row where 2-6 is written (the QR code's meetings have 2-7) goes to
    a person, "pairs 2-6 do not play this board", and is not bent to 2-7."""
    page = _read(blank_pages["other"])
    row = next(r for r in page.rows if r.best is not None and r.best.ew_pair in (6, 7))
    assert (row.best.ns_pair, row.best.ew_pair) == (2, 6)
    assert row.status is RowStatus.REVIEW and "pairs 2-6 do not play this board" in row.reasons


def test_read_with_the_event_a_blank_form_of_another_movement_goes_to_a_person(blank_pages):  # type: ignore[no-untyped-def]
    event = PrintedPairs((), ((1, 4), (3, 5), (2, 6)))
    page = _read(blank_pages["other"], ScanReader(printed_pairs=lambda board, section: event))
    written = [r for r in page.rows if r.status is not RowStatus.EMPTY]
    assert written and all(r.status is RowStatus.REVIEW for r in written)
    assert "the form was printed for another movement" in page.message
    same = _read(blank_pages["movement"], ScanReader(printed_pairs=lambda board, section: event))
    assert "another movement" not in same.message
