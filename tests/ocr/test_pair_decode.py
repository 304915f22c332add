"""Pair decoding: the printed pairs stand unless changed, the written ones are weighed
against the movement and the event's pair numbers (ocr/pair_decode.py)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.combs import DigitBox
from ocr.mark_groups import MarkGroup
from ocr.pair_decode import decode_pairs
from tests.hypothesis_profiles import draws
from tests.ocr.test_decode import OFF, ON, comb


def pair_boxes(n: int | None) -> tuple[DigitBox, ...]:
    """A two-box pair comb showing ``n`` right-aligned (``comb`` of the row decoder's tests)."""
    return comb(n, 2)


def test_printed_pairs_stand_when_not_changed():
    d = decode_pairs((3, 10), MarkGroup({"CHANGED": OFF}), pair_boxes(None), pair_boxes(None),
                     allowed=[(3, 10), (4, 11)])  # fmt: skip
    assert d.ranked[0][0] == (3, 10)
    assert d.posterior > 0.999
    assert d.in_movement is True


def test_changed_pairs_are_read_from_the_written_digits():
    d = decode_pairs((3, 10), MarkGroup({"CHANGED": ON}), pair_boxes(4), pair_boxes(11),
                     allowed=[(3, 10), (4, 11)])  # fmt: skip
    assert d.ranked[0][0] == (4, 11)
    assert d.in_movement is True


def test_pairs_the_movement_does_not_send_are_flagged():
    d = decode_pairs((3, 10), MarkGroup({"CHANGED": ON}), pair_boxes(7), pair_boxes(12),
                     allowed=[(3, 10), (4, 11)])  # fmt: skip
    assert d.ranked[0][0] == (7, 12)
    assert d.in_movement is False


def test_blank_form_pairs_come_from_the_digits():
    d = decode_pairs(None, MarkGroup({"CHANGED": OFF}), pair_boxes(12), pair_boxes(5))
    assert d.ranked[0][0] == (12, 5)
    assert d.in_movement is None


def test_blank_boxes_of_a_printed_row_not_read_read_as_no_pair_numbers():
    """A printed form whose pair numbers were not read on this row (no event file; the
    other rows' were): its blank pair boxes say nothing of who played. They read as no
    pair numbers (the row goes to a person, "pair numbers missing"), never as the
    likeliest digits a speck in them makes (TEST noisy page_0020.jpg row 1, seed 13, read
    without the event: a clump of dust in blank EW boxes read as pair 6 where the form
    prints 12). On a blank form, and where the printed pairs were read, they do not."""
    blank = pair_boxes(None)
    unread = decode_pairs(None, MarkGroup({"CHANGED": OFF}), blank, blank, printed_unread=True)
    assert unread.ranked[0][0] == (None, None)
    assert unread.posterior > 0.99
    for d in (
        decode_pairs(None, MarkGroup({"CHANGED": OFF}), blank, blank),
        decode_pairs((3, 10), MarkGroup({"CHANGED": OFF}), blank, blank, printed_unread=True),
    ):
        assert (None, None) not in dict(d.ranked)


@pytest.mark.parametrize(("existing", "prior"), [(None, 0.01), (frozenset(range(1, 27)), 0.0001)])
def test_a_pair_number_the_event_does_not_have_is_only_a_slip_of_the_pen(
    existing: frozenset[int] | None, prior: float
):
    """Worked by hand. A blank form's NS comb reads "1" at 0.7 or "9" at 0.3 in its first
    box and a sure "2" in its second; the movement sends 12-5 to the board. A box's
    likelihood is 0.995 x (0.9 p + 0.01): "1" 0.995 x 0.64, "9" 0.995 x 0.28, so 92-5
    against 12-5 is 0.28 / 0.64 = 0.4375 on the digits, times the prior of a pair the
    movement does not send (1%), and, in an event of pairs 1-26 that has no pair 92, a
    hundredth of that again."""
    first, second = np.zeros(10), np.zeros(10)
    first[1], first[9], second[2] = 0.7, 0.3, 1.0
    ns = (DigitBox.of(first), DigitBox.of(second))
    d = decode_pairs(None, MarkGroup({"CHANGED": OFF}), ns, pair_boxes(5), allowed=[(12, 5)],
                     top=None, existing=existing)  # fmt: skip
    post = dict(d.ranked)
    assert d.ranked[0][0] == (12, 5)
    assert post[(92, 5)] / post[(12, 5)] == pytest.approx(prior * 0.4375, rel=1e-9)


def _pair_comb(probs: list[list[float]]) -> tuple[DigitBox, ...]:
    return tuple(DigitBox.of(np.array(p) / sum(p)) for p in probs)


_BOX = st.lists(st.floats(0.01, 1.0), min_size=10, max_size=10)


@settings(max_examples=draws(40), deadline=None)
@given(
    ns=st.lists(_BOX, min_size=2, max_size=2),
    ew=st.lists(_BOX, min_size=2, max_size=2),
    pairs=st.integers(4, 40),
)
def test_the_event_s_pairs_only_ever_take_belief_from_numbers_it_does_not_have(
    ns: list[list[float]], ew: list[list[float]], pairs: int
):
    """Whatever the combs show: knowing every number 1-99 exists changes nothing, and
    knowing the event has pairs 1..``pairs`` never makes a reading with a number outside
    them likelier, nor one inside them less likely."""
    ns_boxes, ew_boxes = _pair_comb(ns), _pair_comb(ew)
    allowed = [(1, 2), (3, 4)]

    def ranked(existing: frozenset[int] | None) -> dict[tuple[int | None, int | None], float]:
        d = decode_pairs(None, MarkGroup({"CHANGED": OFF}), ns_boxes, ew_boxes, allowed,
                         top=None, existing=existing)  # fmt: skip
        return dict(d.ranked)

    plain = ranked(None)
    assert ranked(frozenset(range(1, 100))) == pytest.approx(plain, rel=1e-12)
    known = frozenset(range(1, pairs + 1))
    ruled = ranked(known)
    assert ruled.keys() == plain.keys()
    for (n, e), p in ruled.items():
        if n in known and e in known:
            assert p >= plain[(n, e)] * (1 - 1e-9)
        else:
            assert p <= plain[(n, e)] * (1 + 1e-9)


# An unsure "pairs changed" box the written pair boxes settle (``change_ruled_out``).
# Likelihoods (ocr/combs.py ``digit_box_likelihood``): a blank box is blank with 0.98
# and any digit with 0.002; a box read as digit d at 0.98 (``digit``) shows d with
# 0.995 x (0.9 x 0.98 + 0.01) = 0.88754, another digit with 0.995 x (0.9 x 0.02 / 9 +
# 0.01) = 0.01194, and blank with 0.005. A number is right-aligned with 0.95.


def test_blank_pair_boxes_rule_a_change_out():
    """All four boxes blank: blank 0.98^4 = 0.92237; any other pairs need a digit in each
    comb, a single one at best (0.98 x 0.002 = 0.00196 either alignment): 0.00196^2 =
    3.84e-6, 240,000 times less likely (over 199, the 0.995 a row is accepted at)."""
    from ocr.pair_decode import change_ruled_out, settled_change

    assert change_ruled_out((3, 12), pair_boxes(None), pair_boxes(None))
    assert settled_change((3, 12), None, pair_boxes(None), pair_boxes(None)) == {
        ("pairs_changed", "CHANGED")
    }


def test_the_printed_numbers_written_again_do_not_settle_the_box():
    """The boxes show 3 and 12, the printed pairs: NS 3 is 0.95 x 0.98 x 0.88754 +
    0.05 x 0.002 x 0.005 = 0.82630, EW 12 is 0.88754^2 = 0.78773, together 0.65090.
    Another NS number at best 0.95 x 0.98 x 0.01194 = 0.011118 (a single digit read
    otherwise), another EW one 0.88754 x 0.01194 = 0.010597 (13): the other pairs at best
    max(0.82630 x 0.010597, 0.011118 x 0.78773) = 0.008758, only 74 times less likely
    (one digit read otherwise, the 10% uniform share of the digit model)."""
    from ocr.pair_decode import change_ruled_out

    assert not change_ruled_out((3, 12), pair_boxes(3), pair_boxes(12))


def test_a_number_written_in_the_pair_boxes_keeps_the_box_unsure():
    """NS blank, EW 7: blank 0.98^3 x 0.005 = 0.0047059; the printed 3-12 much less
    (0.00196 x 0.002 x 0.01194); pairs 3-7 are 0.00196 x (0.95 x 0.98 x 0.88754 + 0.05 x
    0.002 x 0.005) = 0.00196 x 0.82631 = 0.0016196: blank only 2.9 times more likely."""
    from ocr.pair_decode import change_ruled_out

    assert not change_ruled_out((3, 12), pair_boxes(None), pair_boxes(7))


def test_the_box_is_settled_only_where_the_printed_pairs_are_read():
    """On a blank form (no printed pairs) or where the reading takes the written pairs
    (it uses the box), nothing is settled; a settled box is no reason to send the row to a
    person, an unsettled unsure one is."""
    from ocr.marks import MarkReading, MarkState
    from ocr.pair_decode import settled_change
    from ocr.used_marks import unexplained_unsure

    assert settled_change(None, None, pair_boxes(None), pair_boxes(None)) == frozenset()
    assert settled_change((3, 12), "CHANGED", pair_boxes(None), pair_boxes(None)) == frozenset()
    marks = {"pairs_changed": [MarkReading("CHANGED", 0.07, MarkState.UNSURE, 0.5, "dot")]}
    uses = {"pairs_changed": None}
    assert unexplained_unsure(marks, uses) == ["pairs_changed"]
    settled = settled_change((3, 12), None, pair_boxes(None), pair_boxes(None))
    assert unexplained_unsure(marks, uses, settled) == []


# Candidates where nothing but the section checks a handwritten number (``_near_best``).
# An NS comb whose first box reads 1 for certain and whose second reads 2 at 0.5, 3 at 0.2,
# 4 at 0.15, 5 at 0.1, 6 at 0.05: likelihoods 0.995 x (0.9 p + 0.01), so 12, 13, 14, 15
# and 16 in that order, 16 at (0.9 x 0.05 + 0.01) / (0.9 x 0.5 + 0.01) = 0.11957 of 12's;
# any other first digit costs (0.01 / 0.91) = 0.011 more. The four likeliest of 1-99 are
# 12-15; 16, fifth, is within 1000 of 12 and a candidate where the section has 12 and 16.
_TWELVE = _pair_comb([[0, 1, 0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0.5, 0.2, 0.15, 0.1, 0.05, 0, 0, 0]])


def test_the_section_s_numbers_near_the_likeliest_are_candidates():
    d = decode_pairs(None, MarkGroup({"CHANGED": OFF}), _TWELVE, pair_boxes(20), top=None,
                     existing=frozenset(range(1, 21)))  # fmt: skip
    post = dict(d.ranked)
    assert (16, 20) in post and (12, 20) == d.ranked[0][0]
    assert post[(16, 20)] / post[(12, 20)] == pytest.approx(0.055 / 0.46, rel=1e-9)
    alone = decode_pairs(None, MarkGroup({"CHANGED": OFF}), _TWELVE, pair_boxes(20), top=None)
    assert {ns for ns, _ in dict(alone.ranked)} == {12, 13, 14, 15}  # no section: as before


def test_a_number_the_section_lacks_read_best_widens_nothing():
    """Section 1-11: the likeliest, 12, is not the section's, and the row goes to a
    person saying so; the section's 11 and 10 stay out unless among the four likeliest
    of 1-99 (here 0.01 / 0.46 = 0.0217 of 12's, a second digit the box gives 0, below
    15's 0.1 / 0.46)."""
    d = decode_pairs(None, MarkGroup({"CHANGED": OFF}), _TWELVE, pair_boxes(20), top=None,
                     existing=frozenset(range(1, 12)))  # fmt: skip
    assert {ns for ns, _ in dict(d.ranked)} == {12, 13, 14, 15}


def test_with_the_movement_or_printed_pairs_nothing_is_widened():
    """The event's movement sends its pairs (every one a candidate already); a printed row
    changed by hand keeps the narrow candidates as before."""
    for printed, allowed in (((3, 20), None), (None, [(1, 20), (3, 20)])):
        d = decode_pairs(printed, MarkGroup({"CHANGED": ON}), _TWELVE, pair_boxes(20),
                         allowed, top=None, existing=frozenset(range(1, 21)))  # fmt: skip
        assert 16 not in {ns for ns, _ in dict(d.ranked)}
