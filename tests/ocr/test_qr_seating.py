"""The board's seating in the QR code (issue 43, item 2; ocr/qrpayload.py ``BSC3``).

Worked by hand. A board of a two-table section printing (round 1, 1-10) on row 1 and
(round 2, 2-11) on row 2: its rounds are its rows, the largest number 11 has two digits,
so the seating is "2" (width) "0" (rounds not written) then 01 10 02 11: "2001100211".
The same pairs in rounds 3 and 5 (a Howell's board, played in two of its rounds) write
the rounds: "2" "1" then 03 01 10 05 02 11: "21030110050211".

The symbol stays at version 5 with error correction M: 86 data codewords, 688 bits
(ISO/IEC 18004, table 7). The text before the seating is one byte-mode segment (4 bits of
mode, 8 of length, 8 a byte) and the seating one numeric segment (4 of mode, 10 of length,
10 bits for three digits, 7 for two left over, 4 for one).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from ocr.layout import EW_PAIR, NS_PAIR, ROUND, load_layout
from ocr.pair_decode import decode_pairs
from ocr.printed_pairs import PrintedPairs, seating_differs, seating_pairs
from ocr.qrpayload import QrPayload, QrPayloadError, encode, make_qr, parse
from ocr.reader import ScanReader, read_paths
from ocr.reading import RowStatus
from ocr.sheets import PrintedRow, TravellerSheet
from ocr.training.synthetic.generate import generate_session
from ocr.training.synthetic.results import PairSlot
from ocr.training.synthetic.sources import TRAINING
from ocr.training.synthetic.truth import load_truth
from tests.ocr.test_decode import comb

CLUB = "bridgeklubben-vast-host-2026"  # 28 letters, event_id of "Bridgeklubben Väst – Höst 2026"


def test_the_seating_is_digits_after_the_section_s_pairs():
    p = QrPayload(3, "club", "1", "A", pairs=tuple(range(1, 19)), seating=((1, 1, 10), (2, 2, 11)))
    assert encode(p) == "BSC3|1|A4|3|club|1|A|1-18|2001100211"
    assert parse(encode(p)) == p
    howell = QrPayload(3, "club", "1", "A", pairs=(1, 2, 10, 11), seating=((3, 1, 10), (5, 2, 11)))
    assert encode(howell) == "BSC3|1|A4|3|club|1|A|1-2,10-11|21030110050211"
    assert parse(encode(howell)).seating == ((3, 1, 10), (5, 2, 11))


def test_old_payloads_still_read_and_carry_no_seating():
    assert parse("BSC|1|A4|12|club|1|A").seating is None
    old = parse("BSC2|1|A4|12|club|1|A|1-18")
    assert old.pairs == tuple(range(1, 19)) and old.seating is None
    assert encode(old) == "BSC2|1|A4|12|club|1|A|1-18"


@pytest.mark.parametrize(
    "text",
    [
        "BSC3|1|A4|3|club|1|A|1-18",  # the seating's field missing
        "BSC3|1|A4|3|club|1|A|1-18|",  # empty
        "BSC3|1|A4|3|club|1|A|1-18|200110021",  # 7 digits: not whole rows of 4
        "BSC3|1|A4|3|club|1|A|1-18|4001100211",  # width 4
        "BSC3|1|A4|3|club|1|A|1-18|2001x00211",
        "BSC3|1|A4|3|club|1|A|1-18|2000100211",  # pair 0
    ],
)
def test_a_damaged_seating_is_no_bridgescan_payload(text: str):
    with pytest.raises(QrPayloadError):
        parse(text)


def test_a_fifteen_row_mitchell_board_fits_beside_a_28_letter_event_id():
    """``BSC3|1|A4|12|`` 13 bytes, the id 28, ``|1|A|`` 5, ``1-30|`` 5: 51 bytes, 12 + 408
    = 420 bits. Rounds 1-15 on rows 1-15 are not written: 2 + 15 x 4 = 62 digits, 14 + 20
    x 10 + 7 = 221 bits. 641 of 688: version 5."""
    seating = tuple((k, k, 15 + k) for k in range(1, 16))
    p = QrPayload(12, CLUB, "1", "A", pairs=tuple(range(1, 31)), seating=seating)
    assert len(encode(p)) == 51 + 62
    assert make_qr(p).version == 5


def test_a_board_that_does_not_fit_is_refused_and_printed_with_the_pairs_only():
    """The same board with its rounds written (rounds 2-16): 2 + 15 x 6 = 92 digits, 14 +
    30 x 10 + 7 = 321 bits; 420 + 321 = 741 of 688. The printer then leaves the seating
    out: a ``BSC2`` form, read as forms printed before."""
    seating = tuple((k + 1, k, 15 + k) for k in range(1, 16))
    with pytest.raises(QrPayloadError, match="741 bits in the QR code, at most 688"):
        QrPayload(12, CLUB, "1", "A", pairs=tuple(range(1, 31)), seating=seating)
    rows = tuple(PrintedRow(*row) for row in seating)
    sheet = TravellerSheet(12, rows, CLUB, "1", "A", pairs=tuple(range(1, 31)))
    assert encode(sheet.payload(load_layout())).startswith("BSC2|1|A4|12|")
    short = TravellerSheet(12, rows, "club", "1", "A", pairs=tuple(range(1, 31)))
    assert short.payload(load_layout()).seating == seating


def test_blank_and_individual_forms_carry_no_seating():
    layout = load_layout()
    assert TravellerSheet(1, pairs=(1, 2, 3, 4)).payload(layout).seating is None
    players = (PrintedRow(1, 1, 3, (1, 2, 3, 4)),)
    assert TravellerSheet(1, players, "club", "1", "A").payload(layout).seating is None


def test_pairs_the_seating_does_not_send_to_the_board_are_not_bent_to_it():
    """Law 15: row 1 prints 1-10; the players marked the change and wrote 5-10, which
    the seating of the board (1-10, 2-11, 3-12) does not have. Read with the QR code's
    seating as with the event, 5-10 keeps the prior of a wrong board (1%) and says so:
    the row goes to a person, never read as a pair the board does seat."""
    from ocr.mark_groups import MarkGroup

    printed = seating_pairs(((1, 1, 10), (2, 2, 11), (3, 3, 12)))
    assert printed.row(1) == (1, 1, 10) and printed.allowed == ((1, 10), (2, 11), (3, 12))
    decoded = decode_pairs((1, 10), MarkGroup({"CHANGED": 0.9999}), comb(5, 2), comb(10, 2),
                           printed.allowed, top=None)  # fmt: skip
    assert decoded.ranked[0][0] == (5, 10)
    assert decoded.in_movement is False


def _hide_printed_pairs(image_path: Path, json_path: Path, row: int) -> None:
    """Paint white over row ``row``'s printed round and pair numbers, as a feeder's
    streak or a crease takes them: the type cannot be read on the page."""
    truth = load_truth(json_path)
    layout = load_layout(truth.paper)
    image = cv2.imread(str(image_path), cv2.IMREAD_UNCHANGED)
    m = np.array(truth.mm_to_px, dtype=float)
    for name in (ROUND, NS_PAIR, EW_PAIR):
        r = layout.box(row, name)
        x1, y1 = r.x + r.width, r.y + r.height
        corners = np.array([[r.x, r.y, 1], [x1, r.y, 1], [x1, y1, 1], [r.x, y1, 1]])
        px = corners @ m.T
        poly = (px[:, :2] / px[:, 2:]).astype(np.int32)
        cv2.fillPoly(image, [poly], (255, 255, 255) if image.ndim == 3 else 255)
    cv2.imwrite(str(image_path), image)


@pytest.fixture(scope="module")
def hidden_print(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One board of a three-table section printing (1, 1-4), (2, 2-5), (3, 3-6), filled
    by TRAINING writers (seed 11, a clean 300 dpi scan, upright), row 2's printed numbers
    painted out: once with the seating in the QR code, once as forms printed before."""
    slots = {1: [PairSlot(1, 1, 4), PairSlot(2, 2, 5), PairSlot(3, 3, 6)]}
    out = {}
    for name, seating in (("seating", True), ("old", False)):
        folder = tmp_path_factory.mktemp(name)
        (page,) = generate_session(folder, [1], slots=slots, split=TRAINING, seed=11,
                                   condition="clean", quarter_turns=0, dpi=300,
                                   qr_seating=seating)  # fmt: skip
        (folder / "travellers.pdf").unlink()
        stem = page.truth.image.rsplit(".", 1)[0]
        _hide_printed_pairs(folder / page.truth.image, folder / f"{stem}.json", 2)
        out[name] = folder
    return out


def _read_alone(folder: Path):  # type: ignore[no-untyped-def]
    (page,) = read_paths(ScanReader(), sorted(folder.glob("page_*.[jp][pn]g")))
    return page


def test_read_alone_the_seating_gives_a_row_whose_print_was_hidden(hidden_print):  # type: ignore[no-untyped-def]
    truth = load_truth(next(hidden_print["seating"].glob("page_*.json")))
    page = _read_alone(hidden_print["seating"])
    assert page.qr is not None and page.qr.seating == ((1, 1, 4), (2, 2, 5), (3, 3, 6))
    row = page.rows[1]
    assert (row.round, row.printed_pairs) == (2, (2, 5))
    want = next(r for r in truth.rows if r.row == 2)
    assert row.best is not None and (row.best.ns_pair, row.best.ew_pair) == (
        want.ns_pair, want.ew_pair)  # fmt: skip
    assert "pair numbers missing" not in row.reasons


def test_read_alone_an_old_form_sends_the_hidden_row_to_a_person(hidden_print):  # type: ignore[no-untyped-def]
    page = _read_alone(hidden_print["old"])
    assert page.qr is not None and page.qr.seating is None and page.qr.pairs == (1, 2, 3, 4, 5, 6)
    row = page.rows[1]
    assert row.printed_pairs is None and row.status is RowStatus.REVIEW
    assert "pair numbers missing" in row.reasons
    assert page.rows[0].printed_pairs == (1, 4)  # the type of the other rows is read


def test_read_with_the_event_a_form_printed_from_another_movement_goes_to_a_person():
    """The event's movement seats board 1 as (1, 1-5), (2, 2-6), (3, 3-4); the form's QR
    code says the paper prints (1, 1-4), (2, 2-5), (3, 3-6). Row 1 differs first."""
    event = PrintedPairs(((1, 1, 5), (2, 2, 6), (3, 3, 4)))
    paper = ((1, 1, 4), (2, 2, 5), (3, 3, 6))
    assert seating_differs(event, paper) == (
        "the form prints row 1 as round 1, 1-4 (QR code); the event's movement seats "
        "round 1, 1-5 there"
    )
    assert seating_differs(PrintedPairs(paper), paper) is None
    assert seating_differs(PrintedPairs((*paper, None)), paper) is None
    longer = PrintedPairs((*paper, (4, 7, 8)))
    assert seating_differs(longer, paper) == (
        "the form prints 3 rows (QR code); the event's movement seats row 4 as well"
    )
    assert seating_differs(PrintedPairs(paper[:2]), paper) == (
        "the form prints row 3 as round 3, 3-6 (QR code); the event's movement seats nothing there"
    )


def test_read_with_an_event_whose_movement_is_not_the_form_s_every_row_goes_to_a_person(
    hidden_print,  # type: ignore[no-untyped-def]
):
    folder = hidden_print["seating"]
    paths = sorted(folder.glob("page_*.[jp][pn]g"))
    other = PrintedPairs(((1, 1, 5), (2, 2, 6), (3, 3, 4)))
    (page,) = read_paths(ScanReader(printed_pairs=lambda board, section: other), paths)
    why = page.rows[0].reasons[-1]
    assert why.startswith("the form prints row 1 as round 1, 1-4 (QR code)")
    written = [r for r in page.rows if r.status is not RowStatus.EMPTY]
    assert written and all(r.status is RowStatus.REVIEW and why in r.reasons for r in written)
    same = PrintedPairs(((1, 1, 4), (2, 2, 5), (3, 3, 6)))
    (page,) = read_paths(ScanReader(printed_pairs=lambda board, section: same), paths)
    assert not any("(QR code)" in reason for r in page.rows for reason in r.reasons)
