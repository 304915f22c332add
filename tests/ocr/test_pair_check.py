"""Pair numbers on a form read without the event file (issue 43, item 2; ocr/pair_check.py).

The numbers are worked by hand. A handwritten "12" whose first box the digit model reads
as a 7 at 0.6 and a 1 at 0.4 (a 1 with a long serif) and a sure 2: a box's likelihood of
a digit is 0.995 x (0.9 p + 0.01) (``ocr.combs``), so on the digits alone 72 is
(0.9 x 0.6 + 0.01) / (0.9 x 0.4 + 0.01) = 0.55 / 0.37 = 1.486 times as likely as 12, and
read alone on a form that says nothing about its pairs, 72 is the reading. A QR code that
lists pairs 1-18 gives 72 the prior of a number the section does not have, 1%
(``ocr.pair_decode._NO_SUCH_PAIR``): 72 is then 0.01486 times as likely as 12.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ocr.combs import DigitBox
from ocr.mark_groups import MarkGroup
from ocr.pair_check import check_pair_numbers, largest_plausible_pair
from ocr.pair_decode import decode_pairs
from ocr.qrpayload import QrPayload, QrPayloadError, encode, make_qr, pair_ranges, parse
from ocr.reader import ScanReader, read_paths
from ocr.reading import Crop, PageRef, RowReading, RowResult, RowStatus
from ocr.training.synthetic.generate import generate_session
from ocr.training.synthetic.results import PairSlot
from ocr.training.synthetic.sources import TRAINING
from scoring.contract import Contract, Seat, Strain
from tests.ocr.test_decode import comb

REF = PageRef("page_0001.jpg")
ONE_TO_18 = frozenset(range(1, 19))


def _twelve_like_seventy_two() -> tuple[DigitBox, ...]:
    first, second = np.zeros(10), np.zeros(10)
    first[7], first[1], second[2] = 0.6, 0.4, 1.0
    return (DigitBox.of(first), DigitBox.of(second))


def _decode(existing: frozenset[int] | None):  # type: ignore[no-untyped-def]
    return decode_pairs(None, MarkGroup({"CHANGED": 0.02}), _twelve_like_seventy_two(),
                        comb(5, 2), top=None, existing=existing)  # fmt: skip


def test_read_alone_without_the_pairs_a_twelve_like_a_seventy_two_reads_72():
    post = dict(_decode(None).ranked)
    assert _decode(None).ranked[0][0] == (72, 5)
    assert post[(72, 5)] / post[(12, 5)] == pytest.approx(0.55 / 0.37, rel=1e-9)


def test_the_qr_code_s_pairs_1_to_18_turn_it_into_12():
    decoded = _decode(ONE_TO_18)
    post = dict(decoded.ranked)
    assert decoded.ranked[0][0] == (12, 5)
    assert post[(72, 5)] / post[(12, 5)] == pytest.approx(0.01 * 0.55 / 0.37, rel=1e-9)


def _row(number: int, pairs: tuple[int, int], printed: tuple[int, int] | None = None,
         status: RowStatus = RowStatus.ACCEPTED) -> RowReading:  # fmt: skip
    result = RowResult(*pairs, False, Contract(4, Strain.HEARTS), Seat.SOUTH, 10, 420)
    return RowReading(REF, number, None, (), result, 0.999, (), status,
                      () if status is RowStatus.ACCEPTED else ("posterior 0.990 below 0.995",),
                      Crop(REF, (10.0, 50.0, 190.0, 12.6)), printed)  # fmt: skip


def _png(rect) -> bytes:  # type: ignore[no-untyped-def]
    return b"png of row at %.1f" % rect.y


def test_a_pair_the_qr_code_does_not_list_goes_to_a_person_never_accepted():
    rows = (_row(1, (1, 10), (1, 10)), _row(2, (72, 5)), _row(3, (12, 5)))
    first, second, third = check_pair_numbers(rows, ONE_TO_18, _png)
    assert first == rows[0] and third == rows[2]
    assert second.status is RowStatus.REVIEW
    assert second.reasons == ("pair 72 is not a pair of this section (the QR code lists 1-18)",)
    assert second.crop.png == b"png of row at 50.0"


def test_a_row_already_in_review_is_told_why_as_well():
    (row,) = check_pair_numbers((_row(4, (3, 77), status=RowStatus.REVIEW),), ONE_TO_18)
    why = "pair 77 is not a pair of this section (the QR code lists 1-18)"
    assert row.reasons == ("posterior 0.990 below 0.995", why)


def test_an_old_qr_code_sends_a_handwritten_number_above_the_printed_ones_to_a_person():
    """Printed 1-10 ... 9-18: the largest printed number is 18. A changed row's
    handwritten 72 is above it; a handwritten 12 (printed elsewhere) is not."""
    rows = (_row(1, (1, 10), (1, 10)), _row(2, (72, 11), (2, 11)), _row(3, (12, 3), (3, 12)),
            _row(4, (9, 18), (9, 18)))  # fmt: skip
    assert largest_plausible_pair(rows) == 18
    first, second, third, fourth = check_pair_numbers(rows, None)
    assert (first, third, fourth) == (rows[0], rows[2], rows[3])
    assert second.status is RowStatus.REVIEW
    assert second.reasons == (
        "pair 72 cannot be checked: the QR code does not list the section's pairs, "
        "and the form shows none above 18",
    )


def test_on_an_old_blank_form_twice_the_written_rows_bound_the_pair_numbers():
    """Nine rows written on a blank form seat 18 pairs: 17 is plausible, 77 is not."""
    rows = tuple(_row(n, (n, n + 9)) for n in range(1, 9)) + (_row(9, (77, 5)),)
    empty = RowReading(REF, 10, None, (), None, 1.0, (), RowStatus.EMPTY, (),
                       Crop(REF, (0.0, 0.0, 1.0, 1.0)))  # fmt: skip
    assert largest_plausible_pair((*rows, empty)) == 18
    checked = check_pair_numbers((*rows, empty), None)
    assert checked[:8] == rows[:8] and checked[9] == empty
    assert checked[8].status is RowStatus.REVIEW
    assert checked[8].reasons[-1].endswith("and the form shows none above 18")


def test_the_qr_payload_with_pairs_is_versioned_and_old_ones_still_parse():
    new = QrPayload(board=12, event="club", session="1", section="A",
                    pairs=(*range(1, 10), 11, 12, 14))  # fmt: skip
    assert encode(new) == "BSC2|1|A4|12|club|1|A|1-9,11-12,14"
    assert parse(encode(new)) == new and new.pairs == (1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 14)
    assert parse("BSC|1|A4|12|club|1|A") == QrPayload(12, "club", "1", "A")
    assert parse("BSC|1|A4|12|club|1|A").pairs is None
    assert pair_ranges({3}) == "3"
    for bad in ("BSC2|1|A4|12|club|1|A", "BSC|1|A4|12|club|1|A|1-18", "BSC2|1|A4|1|c|1|A|9-3",
                "BSC2|1|A4|1|c|1|A|x", "BSC2|1|A4|1|c|1|A|0-4"):  # fmt: skip
        with pytest.raises(QrPayloadError):
            parse(bad)


def test_the_pairs_keep_the_qr_code_small():
    """The section's pairs add a few bytes: a 28-letter event id with pairs 1-18 stays a
    version 4 symbol (33 modules, 0.82 mm each in the 27 mm square: 4.8 pixels at 150
    dpi, the benchmark's lowest); a 40-letter one (``event_id``'s limit) with pairs 1-30
    and a gap is version 5 (37 modules, 0.73 mm: 4.3 pixels), the largest the 84-byte
    limit lets through, as before."""
    club = "bridgeklubben-vast-host-2026"
    assert make_qr(QrPayload(1, club, "1", "A", pairs=tuple(range(1, 19)))).version == 4
    wide = QrPayload(1, "x" * 40, "12", "AB", pairs=(*range(1, 28), 29, 30))
    assert len(encode(wide)) == 69 and make_qr(wide).version == 5
    with pytest.raises(QrPayloadError, match="pairs 1-27,29-30: 89 bytes in the QR code"):
        QrPayload(1, "x" * 60, "12", "AB", pairs=(*range(1, 28), 29, 30))


@pytest.fixture(scope="module")
def blank_forms(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A blank form on which two tables wrote 1-2 and 3-9 (TRAINING handwriting, seed 7,
    a clean 300 dpi scan): once with a QR code listing pairs 1-4, once with an old one
    listing none."""
    slots = {1: [PairSlot(None, 1, 2), PairSlot(None, 3, 9)]}
    out = {}
    for name, qr in (("listed", (1, 2, 3, 4)), ("old", ())):
        folder = tmp_path_factory.mktemp(name)
        generate_session(folder, [1], slots=slots, split=TRAINING, seed=7, blank_form=True,
                         qr_pairs=qr, condition="clean", quarter_turns=0)  # fmt: skip
        (folder / "travellers.pdf").unlink()
        out[name] = folder
    return out


def _read_alone(folder: Path) -> RowReading:
    """The second row of the one page in ``folder``, read without an event file."""
    (page,) = read_paths(ScanReader(), sorted(folder.glob("page_*.[jp][pn]g")))
    return page.rows[1]


def test_read_alone_a_form_listing_pairs_1_to_4_sends_pair_9_to_a_person(blank_forms):  # type: ignore[no-untyped-def]
    row = _read_alone(blank_forms["listed"])
    assert row.best is not None and (row.best.ns_pair, row.best.ew_pair) == (3, 9)
    assert row.status is RowStatus.REVIEW
    assert row.reasons[-1] == "pair 9 is not a pair of this section (the QR code lists 1-4)"
    assert row.crop.png


def test_read_alone_an_old_blank_form_of_two_rows_sends_pair_9_to_a_person(blank_forms):  # type: ignore[no-untyped-def]
    row = _read_alone(blank_forms["old"])
    assert row.best is not None and (row.best.ns_pair, row.best.ew_pair) == (3, 9)
    assert row.status is RowStatus.REVIEW
    assert row.reasons[-1] == (
        "pair 9 cannot be checked: the QR code does not list the section's pairs, "
        "and the form shows none above 4"
    )
