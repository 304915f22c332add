"""Joint decoding: the most probable legal reading of a row, consistent with Law 77."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.combs import DigitBox, box_log_table, numbers_log_likelihood
from ocr.decode import (
    DEFAULT_THRESHOLD,
    _decoding_table,
    _largest,
    _marks_table,
    _one_mark_scores,
    _scores_log_likelihood,
    _side_terms,
    _table_where,
    decode_contract,
)
from ocr.mark_groups import GROUP_OPTIONS, MarkGroup, RowEvidence
from ocr.marks import EMPTY_P
from ocr.results_table import group_values, marks_apart, result_index, score_table
from ocr.score_comb import score_comb, score_where, slip_values
from ocr.unchecked_marks import (
    CERTAIN,
    CERTAIN_UNDOUBLED,
    _certain,
    _group_certainty,
    _only_ink,
    _rivals,
    unchecked_groups,
)
from scoring.board import Vulnerability, vulnerability_of
from scoring.contract import Contract, Seat, Strain
from scoring.law77 import ns_score
from tests.hypothesis_profiles import draws

ON, OFF = 0.9999, 0.0001  # p_marked of a crossed box (fill 0.3) and a clean one (fill 0)
OPTIONS = {
    "passed_out": ["PASS"],
    "level": [str(i) for i in range(1, 8)],
    "strain": ["C", "D", "H", "S", "NT"],
    "doubling": ["X", "XX"],
    "declarer": ["N", "E", "S", "W"],
    "result_sign": ["=", "+", "-"],
    "result_count": [str(i) for i in range(1, 14)],
    "score_side": ["NS", "EW"],
}


def digit(d: int, p: float = 0.98) -> DigitBox:
    probs = np.full(10, (1 - p) / 9)
    probs[d] = p
    return DigitBox.of(probs)


BLANK = DigitBox(None)


def comb(value: int | None, width: int = 4) -> tuple[DigitBox, ...]:
    text = "" if value is None else str(value)
    return tuple([BLANK] * (width - len(text)) + [digit(int(c)) for c in text])


def evidence(
    marked: dict[str, set[str]],
    score: int | None,
    overrides: dict[str, dict[str, float]] | None = None,
) -> RowEvidence:
    overrides = overrides or {}
    groups = {}
    for name, options in OPTIONS.items():
        on = marked.get(name, set())
        p = {o: (ON if o in on else OFF) for o in options}
        p.update(overrides.get(name, {}))
        groups[name] = MarkGroup(p)
    return RowEvidence(**groups, score=comb(score))


def marks_for(contract: Contract | None, declarer: Seat | None, tricks: int | None, ns: int):
    if contract is None:
        return {"passed_out": {"PASS"}}
    m: dict[str, set[str]] = {
        "level": {str(contract.level)},
        "strain": {contract.strain.value},
        "declarer": {declarer.value},  # type: ignore[union-attr]
        "score_side": {"NS" if ns > 0 else "EW"},
    }
    if contract.doubling.value:
        m["doubling"] = {contract.doubling.value}
    diff = tricks - contract.tricks_needed  # type: ignore[operator]
    m["result_sign"] = {"=" if diff == 0 else ("+" if diff > 0 else "-")}
    if diff:
        m["result_count"] = {str(abs(diff))}
    return m


# The worked examples of the rules digest (Law 77), declarer North; hand-checked scores.
EXAMPLES = [
    ("4S", 10, Vulnerability.BOTH, 620),
    ("3NT", 10, Vulnerability.NONE, 430),
    ("1NT", 6, Vulnerability.BOTH, -100),
    ("4HX", 7, Vulnerability.NONE, -500),
    ("7NTXX", 13, Vulnerability.BOTH, 2980),
    ("2CX", 8, Vulnerability.NONE, 180),
    ("6D", 13, Vulnerability.BOTH, 1390),
]


@pytest.mark.parametrize(("text", "tricks", "vul", "score"), EXAMPLES)
def test_clean_rows_decode_to_the_written_result(text, tricks, vul, score):
    contract = Contract.parse(text)
    ev = evidence(marks_for(contract, Seat.NORTH, tricks, score), abs(score))
    best, posterior = decode_contract(ev, vul).ranked[0]
    assert best == (contract, Seat.NORTH, tricks, score)
    assert posterior >= DEFAULT_THRESHOLD


def test_the_score_decides_an_unsure_level_of_a_made_contract():
    """Level 3 or 4 unsure; 4S= vulnerable is +620, 3S+1 would need the '+' mark."""
    marks = marks_for(Contract.parse("4S"), Seat.NORTH, 10, 620)
    ev = evidence(marks, 620, {"level": {"3": 0.5, "4": 0.5}})
    (contract, decl, tricks, written), posterior = decode_contract(ev, Vulnerability.BOTH).ranked[0]
    assert (str(contract), decl, tricks, written) == ("4S", Seat.NORTH, 10, 620)
    assert posterior > 0.99


def test_clubs_or_diamonds_cannot_be_told_by_the_score():
    """2C= and 2D= both score +90: with the strain marks in doubt the posterior says so."""
    marks = marks_for(Contract.parse("2C"), Seat.SOUTH, 8, 90)
    ev = evidence(marks, 90, {"strain": {"C": 0.5, "D": 0.5}})
    ranked = decode_contract(ev, Vulnerability.NONE).ranked
    assert {str(ranked[0][0][0]), str(ranked[1][0][0])} == {"2C", "2D"}
    assert ranked[0][1] == pytest.approx(0.5, abs=0.01)


def test_a_written_score_that_is_not_law77_is_kept_as_written():
    """Marks say 4S= N vulnerable (+620); the player wrote 650. The marks win, the written
    score stays 650 so the row is sent to review (ocr/row_reader.py)."""
    marks = marks_for(Contract.parse("4S"), Seat.NORTH, 10, 620)
    (contract, _, tricks, written), _ = decode_contract(
        evidence(marks, 650), Vulnerability.BOTH
    ).ranked[0]
    assert (str(contract), tricks, written) == ("4S", 10, 650)


def test_a_score_written_for_the_wrong_side_is_not_turned_round():
    """Marks say 2CX by East, one down, not vulnerable: NS +100. The table wrote 100 and
    marked it for EW (the sample evening's board 17). The digits fit Law 77, the side does
    not: the score stays -100 as written, so the row goes to review, never silently fixed."""
    marks = marks_for(Contract.parse("2CX"), Seat.EAST, 7, -100)  # the side box says EW
    (contract, declarer, tricks, written), _ = decode_contract(
        evidence(marks, 100), Vulnerability.NONE
    ).ranked[0]
    assert (str(contract), str(declarer), tricks, written) == ("2CX", "E", 7, -100)
    honest = marks_for(Contract.parse("2CX"), Seat.EAST, 7, 100)  # side box NS: as Law 77
    assert decode_contract(evidence(honest, 100), Vulnerability.NONE).ranked[0][0][3] == 100


def test_both_side_boxes_marked_leave_the_score_s_side_unread():
    """The same 2CX by East one down (NS +100), 100 written, and both side boxes marked
    (a clump of dust read as a fill beside the table's mark). With EW the larger by a
    hair (0.99995 against 0.9999) the side was EW's and the score -100, a mismatch; now
    two marked boxes say nothing of the side, as a side left out: the score is Law 77's
    +100. One box marked still turns nothing round (the test above)."""
    marks = marks_for(Contract.parse("2CX"), Seat.EAST, 7, 100)
    marks["score_side"] = {"NS", "EW"}
    both = evidence(marks, 100, {"score_side": {"EW": 0.99995}})
    assert decode_contract(both, Vulnerability.NONE).ranked[0][0][3] == 100
    # EW at 0.5 (not over it) is no second mark: the NS box alone gives the side.
    half = evidence(marks, 100, {"score_side": {"EW": 0.5}})
    assert decode_contract(half, Vulnerability.NONE).ranked[0][0][3] == 100
    # EW at 0.51 and NS at 0.4: EW's alone, the Law 77 figure written for EW, kept as -100.
    ew = evidence(marks, 100, {"score_side": {"NS": 0.4, "EW": 0.51}})
    assert decode_contract(ew, Vulnerability.NONE).ranked[0][0][3] == -100


def test_a_score_off_law77_takes_the_result_s_sign_where_no_side_is_read():
    """4S+1 by East not vulnerable: 120 + 300 + 30 = 450 to EW, NS -450; the comb reads a
    firm 440, off Law 77, and the row goes to a person. Where the side boxes say nothing
    (both marked, EW the smaller by a hair; or both left out) the 440 is the result's
    side's, -440: a sign read off the larger of two equal boxes made it +440, "written
    score +440 does not match 4S+1 by E: -450", a side nobody wrote. One box marked alone
    still gives the side as written (NS: +440)."""
    marks = marks_for(Contract.parse("4S"), Seat.EAST, 11, -450)
    assert decode_contract(evidence(marks, 440), Vulnerability.NONE).ranked[0][0][3] == -440
    marks["score_side"] = {"NS", "EW"}
    both = evidence(marks, 440, {"score_side": {"EW": 0.9998}})
    assert decode_contract(both, Vulnerability.NONE).ranked[0][0][3] == -440
    del marks["score_side"]
    left_out = evidence(marks, 440)
    assert decode_contract(left_out, Vulnerability.NONE).ranked[0][0][3] == -440
    marks["score_side"] = {"NS"}
    ns_alone = evidence(marks, 440)
    assert decode_contract(ns_alone, Vulnerability.NONE).ranked[0][0][3] == 440
    # Beside it an EW dot halfway between dust and a pen's (p_marked 0.5 but for the
    # float's last bit, under MARKED's 0.98) is no second mark: NS still gives the side.
    marks["score_side"] = {"NS", "EW"}
    halfway_dot = evidence(marks, 440, {"score_side": {"EW": 0.5000000000000002}})
    assert decode_contract(halfway_dot, Vulnerability.NONE).ranked[0][0][3] == 440


def leaning(read: int, other: int, p: float) -> DigitBox:
    """A box read as ``read`` with probability ``p``, ``other`` next (0.15), the rest even."""
    probs = np.full(10, (1 - p - 0.15) / 8)
    probs[read], probs[other] = p, 0.15
    return DigitBox.of(probs)


def test_a_zero_read_as_one_in_a_law77_score_is_not_a_slip():
    """Marks say 1NT by East one down, both vulnerable: NS +100 (Law 77). The comb reads
    "111" box by box: each 0 lost a faint side and looks like a 1 (0.80 against 0.15).

    A box's likelihood is 0.995 x (0.9 p + 0.01) (``digit_box_likelihood``): a 1 0.73, a 0
    0.145. "111" is (0.73 / 0.145)^2 = 25 times likelier than "100", over the factor of 20
    a written score may be off Law 77 and still be read as it. But nobody writes 111: every
    duplicate score is a multiple of 10, and so is a player's slip. The likeliest slip is
    110, only 0.73 / 0.145 = 5.0 times likelier than 100: the comb shows the Law 77 score."""
    marks = marks_for(Contract.parse("1NT"), Seat.EAST, 6, 100)
    ev = replace(
        evidence(marks, None), score=(BLANK, digit(1), leaning(1, 0, 0.80), leaning(1, 0, 0.80))
    )
    (contract, decl, tricks, written), _ = decode_contract(ev, Vulnerability.BOTH).ranked[0]
    assert (str(contract), decl, tricks, written) == ("1NT", Seat.EAST, 6, 100)


def test_a_tens_box_read_firmly_off_law77_is_still_a_possible_slip():
    """The same row, the comb's tens box a firm 1 (0.98, every other digit 0.0022): the
    slip 110 is then 0.892 / 0.012 = 74 times likelier than Law 77's 100 (box likelihoods
    0.995 x (0.9 p + 0.01); the units box counts the same for both), over 20. The row keeps
    the score as read box by box (111) and goes to a person: 110 for 100 is a slip a player
    makes."""
    marks = marks_for(Contract.parse("1NT"), Seat.EAST, 6, 100)
    ev = replace(evidence(marks, None), score=(BLANK, digit(1), digit(1), leaning(1, 0, 0.80)))
    (contract, _, tricks, written), _ = decode_contract(ev, Vulnerability.BOTH).ranked[0]
    assert (str(contract), tricks, written) == ("1NT", 6, 111)


def test_a_zero_read_as_six_on_a_passed_out_row_is_the_zero():
    """PASS marked, the comb's last box read as a 6 (0.60) or a 0 (0.15). Law 77 scores
    a passed-out board 0: the comb shows it with likelihood 0.995 x (0.9 x 0.15 + 0.01) =
    0.144; every slip (10, 20, ...) needs a digit in a box read blank, 0.002 against 0.98,
    so none comes within the factor of 20 and the score is read as the 0 written."""
    ev = replace(
        evidence({"passed_out": {"PASS"}}, None),
        score=(BLANK, BLANK, BLANK, leaning(6, 0, 0.60)),
    )
    (contract, _, _, written), posterior = decode_contract(ev, Vulnerability.NONE).ranked[0]
    assert (contract, written) == (None, 0)
    assert posterior > DEFAULT_THRESHOLD


@settings(max_examples=draws(30), deadline=None)
@given(st.lists(st.lists(st.floats(0.01, 1.0), min_size=10, max_size=10), min_size=4,
                max_size=4), st.lists(st.booleans(), min_size=4, max_size=4))  # fmt: skip
def test_every_slip_is_weighed_as_the_number_it_is(weights, blank):
    """The slips' log-likelihoods, gathered box by box for speed, are what
    ``numbers_log_likelihood`` gives each multiple of 10 of the comb, and what the box
    likelihoods give the number written right-aligned (95%) or left-aligned (5%), worked
    out here digit by digit from its text."""
    boxes = tuple(
        BLANK if b else DigitBox.of(np.array(w) / sum(w))
        for w, b in zip(weights, blank, strict=True)
    )
    table = box_log_table(boxes)
    expected = numbers_log_likelihood(table, slip_values(4))
    assert np.allclose(score_comb(boxes).slips, expected)
    for k in (0, 4, 9, 98, 99, 998):  # 10, 50, 100, 990, 1000, 9990
        text = str(slip_values(4)[k])
        right = sum(table[i, 0] for i in range(4 - len(text))) + sum(
            table[4 - len(text) + i, int(c) + 1] for i, c in enumerate(text)
        )
        left = sum(table[i, int(c) + 1] for i, c in enumerate(text)) + sum(
            table[i, 0] for i in range(len(text), 4)
        )
        by_hand = np.logaddexp(np.log(0.95) + right, np.log(0.05) + left)
        assert expected[k] == pytest.approx(by_hand)


def test_passed_out():
    (contract, decl, tricks, written), p = decode_contract(
        evidence({"passed_out": {"PASS"}}, None), Vulnerability.NS
    ).ranked[0]
    assert (contract, decl, tricks, written) == (None, None, None, None)
    assert p > 0.999


def test_blank_score_leaves_the_marks_to_decide():
    marks = marks_for(Contract.parse("3NT"), Seat.EAST, 8, -50)
    del marks["score_side"]  # no score written, no side marked
    (contract, decl, tricks, written), p = decode_contract(
        evidence(marks, None), Vulnerability.NONE
    ).ranked[0]
    assert (str(contract), decl, tricks, written) == ("3NT", Seat.EAST, 8, None)
    assert p > 0.99


@settings(max_examples=draws(40), deadline=None)
@given(
    level=st.integers(1, 7),
    strain=st.sampled_from(list(Strain)),
    dbl=st.sampled_from(["", "X", "XX"]),
    declarer=st.sampled_from(list(Seat)),
    tricks=st.integers(0, 13),
    board=st.integers(1, 16),
)
def test_any_legal_result_written_cleanly_decodes_to_itself(
    level, strain, dbl, declarer, tricks, board
):
    contract = Contract.parse(f"{level}{strain.value}{dbl}")
    vul = vulnerability_of(board)
    score = ns_score(contract, declarer, tricks, vul)
    ev = evidence(marks_for(contract, declarer, tricks, score), abs(score))
    decoded = decode_contract(ev, vul)
    ranked = decoded.ranked
    assert ranked[0][0] == (contract, declarer, tricks, score)
    assert decoded.rival is None  # a comb showing the reading's own score has no rival
    assert 0.0 <= ranked[-1][1] <= ranked[0][1] <= 1.0
    assert sum(p for _, p in ranked) <= 1.0 + 1e-9


# ---- readings Law 77 cannot tell apart (issue 13) ---------------------------------------

UNSURE_ON, UNSURE_OFF = 0.97, 0.03  # a mark read at 97%: enough for the posterior, not alone


def test_hearts_or_spades_at_the_same_score_need_certain_strain_marks():
    """4H+1 and 4S+1 both score +450 (not vulnerable): the written score cannot check the
    strain, so a strain mark read at 97% must go to review even when the posterior is high."""
    contract = Contract.parse("4H")
    marks = marks_for(contract, Seat.SOUTH, 11, 450)
    assert ns_score(Contract.parse("4S"), Seat.SOUTH, 11, Vulnerability.NONE) == 450
    doubtful = evidence(marks, 450, {"strain": {"H": UNSURE_ON, "S": UNSURE_OFF}})
    decoded = decode_contract(doubtful, Vulnerability.NONE)
    assert decoded.ranked[0][0] == (contract, Seat.SOUTH, 11, 450)
    assert "strain" in decoded.unchecked
    assert decode_contract(evidence(marks, 450), Vulnerability.NONE).unchecked == ()


def test_three_or_four_notrump_two_down_need_a_certain_level():
    """3NT-2 and 4NT-2 both score -200 vulnerable: the level mark must be certain alone."""
    contract = Contract.parse("3NT")
    marks = marks_for(contract, Seat.NORTH, 7, -200)
    assert ns_score(Contract.parse("4NT"), Seat.NORTH, 8, Vulnerability.BOTH) == -200
    doubtful = evidence(marks, 200, {"level": {"3": UNSURE_ON, "4": UNSURE_OFF}})
    decoded = decode_contract(doubtful, Vulnerability.BOTH)
    assert decoded.ranked[0][0][:3] == (contract, Seat.NORTH, 7)
    assert "level" in decoded.unchecked


def test_a_level_read_as_marked_beside_clean_boxes_is_certain_against_them():
    """3D-1 and 4D-1 by North both score -50 not vulnerable: the level must be certain on
    its marks. The 4 box is marked at 0.989 (a fill of 0.104, just over the marked
    threshold: odds 0.989 / 0.011 = 89.91), the six others clean (0.0001: odds 0.0001
    each). A played result marks one level box, so 4 is weighed against the other boxes
    alone: 89.91 / (89.91 + 6 x 0.0001) = 0.99999, certain. Weighed against no level box
    marked as well (odds 1) it was 89.91 / 90.91 = 0.989, and the row went to a person."""
    contract = Contract.parse("4D")
    assert ns_score(Contract.parse("3D"), Seat.NORTH, 8, Vulnerability.NONE) == -50
    marks = marks_for(contract, Seat.NORTH, 9, -50)
    ev = evidence(marks, 50, {"level": {"4": 0.989}})
    decoded = decode_contract(ev, Vulnerability.NONE)
    assert decoded.ranked[0][0] == (contract, Seat.NORTH, 9, -50)
    assert decoded.unchecked == ()
    assert _group_certainty(ev.level, "4", blank=False) == pytest.approx(0.999993, abs=1e-6)
    assert _group_certainty(ev.level, "4") == pytest.approx(0.98899, abs=1e-5)


def test_a_level_box_unsure_as_its_field_s_only_ink_is_weighed_against_the_clean_boxes():
    """The same row with the 4 box unsure (0.5, odds 1), the level's only ink, the six
    others clean (0.0001, odds 1.0001e-4 each, 6.0006e-4 together): a played result marks
    one level box, so 4 is weighed against the clean boxes alone, 1 / 1.00060006 = 0.99940,
    certain (0.995). Weighed against "no level box" as well it is 1 / 2.0006 = 0.49985."""
    marks = marks_for(Contract.parse("4D"), Seat.NORTH, 9, -50)
    ev = evidence(marks, 50, {"level": {"4": 0.5}})
    assert _only_ink(ev, "level", "4")
    assert _group_certainty(ev.level, "4", blank=False) == pytest.approx(0.999400, abs=1e-6)
    assert _group_certainty(ev.level, "4") == pytest.approx(0.49985, abs=1e-5)
    assert decode_contract(ev, Vulnerability.NONE).unchecked == ()


@pytest.mark.parametrize(
    ("level_3", "inked_at_first"),
    [
        (EMPTY_P, frozenset()),  # read away as dust by a rule: the empty threshold's 0.02
        (0.03, frozenset()),  # a faint ink over the empty threshold
        (0.0001, frozenset({("level", "3")})),  # clean now, but ink before a rule read it
    ],
)
def test_a_level_box_unsure_beside_ink_is_still_weighed_against_none(level_3, inked_at_first):
    """The same unsure 4 beside a 3 box that holds ink the reader weighs, now (0.02 or
    more) or before a rule read it away (``inked_at_first``): the player's mark may be in
    3, so "no level box" is weighed too, (1 / 2.02) = 0.495 at most, and the row goes to a
    person."""
    marks = marks_for(Contract.parse("4D"), Seat.NORTH, 9, -50)
    ev = evidence(marks, 50, {"level": {"4": 0.5, "3": level_3}})
    ev = replace(ev, inked_at_first=inked_at_first)
    assert not _only_ink(ev, "level", "4")
    assert decode_contract(ev, Vulnerability.NONE).unchecked == ("level",)


def test_thick_ink_by_a_box_of_a_field_read_empty_is_never_its_field_s_only_ink():
    """3S by North one down, vulnerable, -100, as 3NT -1 and 3H -1: the score cannot tell
    the strain. S unsure (0.5) as its field's only ink, the four other strains clean
    (0.0001: odds 1.0001e-4 each): weighed against them alone, 1 / 1.00040004 = 0.99960,
    certain. Where S is unsure only as the one box of a strain read empty with thick ink
    by it (``THICK_BY_EDGE``, rule ``empty_field_dot``; ``never_only_ink``), "no strain
    box" is weighed too, 1 / 2.00040004 = 0.49990, and the strain goes to a person (fresh
    TEST pencil seed 93541, ``page_0021.jpg`` row 1: the player's circle round NT ran down
    S's edge)."""
    marks = marks_for(Contract.parse("3S"), Seat.NORTH, 8, -100)
    ev = evidence(marks, 100, {"strain": {"S": 0.5}})
    assert _group_certainty(ev.strain, "S", blank=False) == pytest.approx(0.99960, abs=1e-5)
    assert decode_contract(ev, Vulnerability.BOTH).unchecked == ()
    thick = replace(ev, never_only_ink=frozenset({("strain", "S")}))
    assert not _only_ink(thick, "strain", "S")
    assert _group_certainty(thick.strain, "S") == pytest.approx(0.49990, abs=1e-5)
    assert decode_contract(thick, Vulnerability.BOTH).unchecked == ("strain",)


def test_a_box_at_the_empty_threshold_is_no_field_s_only_ink():
    """A box at the empty threshold's 0.02 (``EMPTY_P``: a box a rule read away as dust)
    holds no ink of its own to weigh; its field weighs "no box" too."""
    marks = marks_for(Contract.parse("4D"), Seat.NORTH, 9, -50)
    ev = evidence(marks, 50, {"level": {"4": EMPTY_P}})
    assert EMPTY_P == pytest.approx(0.02)
    assert not _only_ink(ev, "level", "4")


def test_a_level_the_score_confirms_needs_no_certain_mark():
    """4S= vulnerable is +620; 3S+1 would be +170: the score checks the level and the result,
    so a level mark at 97% is enough (the strain and declarer marks are clear)."""
    marks = marks_for(Contract.parse("4S"), Seat.NORTH, 10, 620)
    ev = evidence(marks, 620, {"level": {"4": UNSURE_ON, "3": UNSURE_OFF}})
    assert decode_contract(ev, Vulnerability.BOTH).unchecked == ()


def test_without_a_written_score_every_mark_must_be_certain():
    marks = marks_for(Contract.parse("3NT"), Seat.EAST, 9, -400)
    del marks["score_side"]
    clean = decode_contract(evidence(marks, None), Vulnerability.NONE)
    assert clean.unchecked == ()
    ev = evidence(marks, None, {"declarer": {"E": UNSURE_ON, "W": UNSURE_OFF}})
    assert decode_contract(ev, Vulnerability.NONE).unchecked == ("declarer",)


def test_a_doubling_read_away_as_dust_is_checked_by_the_score_or_a_person():
    """5NTX by North one down, not vulnerable: -100; 5NT -1 is -50. X read away by a dust
    rule keeps the empty threshold's 0.02 (``EMPTY_P``, ocr/dust_rules.py): with no score
    written, "undoubled" is 0.98 against X, under 0.995, and the doubling goes to a person;
    with -50 written the score tells the two apart. A clean X box (0.0001) is certain."""
    marks = marks_for(Contract.parse("5NT"), Seat.NORTH, 10, -50)
    del marks["score_side"]
    read_away = {"doubling": {"X": EMPTY_P}}
    assert decode_contract(evidence(marks, None, read_away), Vulnerability.NONE).unchecked == (
        "doubling",
    )
    assert decode_contract(evidence(marks, None), Vulnerability.NONE).unchecked == ()
    marks["score_side"] = {"EW"}
    assert decode_contract(evidence(marks, 50, read_away), Vulnerability.NONE).unchecked == ()


def test_no_doubling_with_no_score_written_must_be_all_but_sure():
    """4SX by East making 11, no score written (TRAINING fine-dots dirty glass seed 75767,
    ``page_0016.jpg`` row 2): the player's fine dot on X's top edge left X a speck's fill of
    0.02, p 0.0028, XX 1.5e-5. Undoubled is then 1 / (1 + 0.0028 / 0.9972 + 1.5e-5) =
    0.99718: over ``CERTAIN`` (0.995), and the row was accepted as 4S +1; under
    ``CERTAIN_UNDOUBLED`` (0.999), and the doubling goes to a person. Clean boxes (0.0001
    each: 0.99980) are certain; with the score written, the score tells 4S+1 (-450) from
    4SX+1 (-690 not vulnerable) and the doubling's marks need not."""
    marks = marks_for(Contract.parse("4S"), Seat.EAST, 11, -450)
    del marks["score_side"]
    speck = {"doubling": {"X": 0.0028, "XX": 1.5e-5}}
    assert decode_contract(evidence(marks, None, speck), Vulnerability.NONE).unchecked == (
        "doubling",
    )
    assert decode_contract(evidence(marks, None), Vulnerability.NONE).unchecked == ()
    marks["score_side"] = {"EW"}
    assert decode_contract(evidence(marks, 450, speck), Vulnerability.NONE).unchecked == ()


def _unchecked_by_definition(ev: RowEvidence, vul: Vulnerability, best: int) -> tuple[str, ...]:
    """``unchecked_groups`` as its docstring defines it, over all 5,881 readings at once:
    the groups in which a reading with ``best``'s score (any reading, with no score
    written) differs from ``best`` where no group certain of ``best``'s value rules it out."""
    values, scores = group_values(vul)
    n = len(scores) - 1
    if best == n and not _certain(ev, "passed_out", 1, True):
        return ("passed_out",)
    written = any(b.probs is not None for b in ev.score)
    same = scores == scores[best] if written else np.ones(n + 1, bool)
    same[best] = False
    excluded = np.zeros(n + 1, bool)
    for name, vals in values.items():
        undoubled = not written and name == "doubling" and vals[best] == 0
        wanted = CERTAIN_UNDOUBLED if undoubled else CERTAIN
        if _certain(ev, name, int(vals[best]), best == n, wanted):
            excluded |= vals != vals[best]
        elif written and _ink_against_rivals(ev, name, vals, best, same):
            excluded |= vals != vals[best]
    open_ = same & ~excluded
    return tuple(name for name, vals in values.items() if (open_ & (vals != vals[best])).any())


def _ink_against_rivals(
    ev: RowEvidence, name: str, vals: np.ndarray, best: int, same: np.ndarray
) -> bool:
    """The definition's second way to rule readings out (``_only_ink_of_rivals``): in a
    level, strain or declarer, ``best``'s box of its own ink (0.5 or more, not
    ``never_only_ink``) where every box a reading with its score uses instead is clean
    (under ``EMPTY_P``, not inked at first), and the box's odds among those boxes' odds are
    0.995 or more of the whole."""
    if name not in ("level", "strain", "declarer") or vals[best] < 0:
        return False
    group = getattr(ev, name)
    option = GROUP_OPTIONS[name][int(vals[best])]
    theirs = {GROUP_OPTIONS[name][int(v)] for v in vals[same & (vals != vals[best])]}
    if not theirs or group.p[option] < 0.5 or (name, option) in ev.never_only_ink:
        return False
    if any(group.p[o] >= EMPTY_P or (name, o) in ev.inked_at_first for o in theirs):
        return False
    odds = {o: group.p[o] / (1 - group.p[o]) for o in (option, *theirs)}
    return odds[option] / sum(odds.values()) >= CERTAIN


@settings(max_examples=draws(40), deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(sorted(OPTIONS)),
        st.lists(st.sampled_from([ON, OFF, 0.5, UNSURE_ON, UNSURE_OFF, 0.989]), min_size=13),
    ),
    st.sampled_from([None, 50, 100, 420, 450, 620, 1430]),
    st.sampled_from(list(Vulnerability)),
    st.integers(0, 5880),
)
def test_unchecked_groups_are_those_its_definition_gives(p, score, vul, best):
    """``unchecked_groups`` looks only at the readings with the best's score and weighs a
    group's marks only where one of them differs in it: the same groups as the definition
    over every reading, for any marks, written score and best reading (the pass-out,
    index 5,880, among them)."""
    overrides = {name: dict(zip(OPTIONS[name], ps, strict=False)) for name, ps in p.items()}
    ev = evidence({}, score, overrides)
    assert unchecked_groups(ev, vul, best) == _unchecked_by_definition(ev, vul, best)


def test_the_decoding_table_of_a_vulnerability():
    """Once a vulnerability: the played results' distinct scores with the pass-out's 0
    last (no played result scores 0: a contract made scores, one down costs), and each
    result's place in its marks' table, (((level x 5 + strain) x 3 + doubling) x 4 +
    declarer) x 20 + tricks against the contract from 0: 4S by North making 10 tricks is
    ((3 x 5 + 3) x 3 x 4) x 20 + 13 = 4333; 1C by North with no trick 0 + (-7 + 13) = 6;
    7NT by West with 13 tricks ((6 x 5 + 4) x 3 x 4 + 3) x 20 + 13 = 8233; 4SXX by East
    making 8 (((3 x 5 + 3) x 3 + 2) x 4 + 1) x 20 + (-2 + 13) = 4511."""
    scores_and_zero, marks_at = _decoding_table(Vulnerability.NONE)
    uniq = score_table(Vulnerability.NONE)[6]
    assert list(scores_and_zero[:-1]) == list(uniq) and scores_and_zero[-1] == 0
    assert 0 not in uniq
    assert marks_at[result_index(Contract.parse("4S"), Seat.NORTH, 10)] == 4333
    assert marks_at[result_index(Contract.parse("1C"), Seat.NORTH, 0)] == 6
    assert marks_at[result_index(Contract.parse("7NT"), Seat.WEST, 13)] == 8233
    assert marks_at[result_index(Contract.parse("4SXX"), Seat.EAST, 8)] == 4511
    assert not scores_and_zero.flags.writeable and not marks_at.flags.writeable


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_marks_table_sums_each_result_as_term_by_term(seed):
    """Each played result's marks read off ``_marks_table`` are the same float as its
    level, strain, doubling, declarer and result summed left to right for every result."""
    rng = np.random.default_rng(seed)
    lvl, strain, dbl, decl, res = (rng.normal(-5, 4, n) for n in (7, 5, 3, 4, 20))
    li, si, di, ei, ti = score_table(Vulnerability.EW)[:5]
    by_terms = lvl[li] + strain[si] + dbl[di] + decl[ei] + res[ti - (li + 7) + 13]
    _, marks_at = _decoding_table(Vulnerability.EW)
    assert np.array_equal(_marks_table(lvl, strain, dbl, decl, res)[marks_at], by_terms)


@pytest.mark.parametrize("score", [None, 0, 50, 620, 1430])
def test_a_score_read_among_all_is_read_as_alone(score):
    """The comb is read for every score of a vulnerability at once (``_decoding_table``):
    each score's likelihood, the pass-out's 0 among them, is the same float as read alone."""
    ev = evidence({}, score)
    scores_and_zero, _ = _decoding_table(Vulnerability.BOTH)
    together = _scores_log_likelihood(ev, scores_and_zero)
    for k in (0, 137, len(scores_and_zero) - 1):
        alone = _scores_log_likelihood(ev, np.array([scores_and_zero[k]]))[0]
        assert together[k] == alone


@pytest.mark.parametrize("score", [None, 0, 50, 620, 1430])
def test_a_score_read_off_the_comb_s_slips_is_read_as_alone(score):
    """The comb is read once for every multiple of 10 it holds (``_Comb``) and each score
    the decoding weighs is read off that: the same float as ``numbers_log_likelihood``
    gives the score alone, for the first, the 138th and the last two of a vulnerability's
    scores (the pass-out's 0 last), for a number that is no multiple of 10 (5) and for one
    too wide for the comb (12340, -1e9 either way)."""
    boxes = comb(score)
    table = box_log_table(boxes)
    scores_and_zero, _ = _decoding_table(Vulnerability.BOTH)
    values = np.abs(scores_and_zero)[[0, 137, -2, -1]].tolist()
    for v in (*values, 5, 12340):
        alone = numbers_log_likelihood(table, (v,))[0]
        assert score_comb(boxes).log_likelihoods(np.array([v]))[0] == alone


def test_the_best_slip_but_one_is_the_best_of_the_others():
    """A comb reading 620, its tens box leaning 2 (0.55) against 4 (0.15): it shows 620
    best (slip 61: 10, 20, ... 620), 640 next. Without 620 the best is 640's; without any
    other slip it is still 620's: as the thousand slips less that one would give it."""
    boxes = (BLANK, digit(6), leaning(2, 4, 0.55), digit(0))
    read = score_comb(boxes)
    assert (read.read, read.digits) == (620, "620")
    for at in (61, 63, 0):
        assert read.best_without(at) == np.delete(read.slips, at).max()
    assert read.best_without(61) == read.slips[63] < read.read_ll == read.best_without(63)
    # a comb whose best is the first slip (10) or the last (9990): the others' best
    for value, at in ((10, 0), (9990, 998)):
        read = score_comb(comb(value))
        assert read.read == value
        assert read.best_without(at) == np.delete(read.slips, at).max()


def test_the_rivals_of_a_result_are_the_others_with_its_score():
    """NS +620 vulnerable is 4S= by North (120 + 500 game bonus, Law 77), by South too, and
    4H= by either; 3NT= by North is +600. The rivals of 4S= by North are exactly the other
    results of ``group_values`` scoring +620, in order: 4S= by South differs from it in
    the declarer alone, 4H= by North in the strain alone."""
    _, scores = group_values(Vulnerability.BOTH)
    best = result_index(Contract.parse("4S"), Seat.NORTH, 10)
    rivals, differs = _rivals(Vulnerability.BOTH, best)
    assert rivals.tolist() == [k for k in np.flatnonzero(scores == 620) if k != best]
    assert result_index(Contract.parse("3NT"), Seat.NORTH, 9) not in rivals
    apart = {name: d for name, d in differs}
    for other, group in (("4S", "declarer"), ("4H", "strain")):
        seat = Seat.SOUTH if group == "declarer" else Seat.NORTH
        at = rivals.tolist().index(result_index(Contract.parse(other), seat, 10))
        assert [name for name, d in apart.items() if d[at]] == [group]
    assert _rivals(Vulnerability.BOTH, len(scores) - 1)[1] == ()  # the pass-out's 0


def test_a_group_s_certainty_is_its_own_odds():
    """Boxes A at 0.9 and B at 0.5: exactly A 9/11 among A, B and none; 9/10 among A and B
    alone (``_group_certainty``, kept per reading of the boxes)."""
    group = MarkGroup({"A": 0.9, "B": 0.5})
    assert _group_certainty(group, "A") == pytest.approx(9 / 11)
    assert _group_certainty(group, "A", blank=False) == pytest.approx(9 / 10)
    assert _group_certainty(MarkGroup({"A": 0.9, "B": 0.5}), None) == pytest.approx(1 / 11)


def test_a_pass_out_needs_its_box_marked_for_certain():
    """A row whose only ink is a faint smudge in the PASS box is no pass-out (issue 13: blank
    rows were accepted as passed out)."""
    faint = evidence({}, None, {"passed_out": {"PASS": 0.6}})
    decoded = decode_contract(faint, Vulnerability.NONE)
    assert decoded.ranked[0][0] == (None, None, None, None)
    assert "passed_out" in decoded.unchecked
    clear = decode_contract(evidence({"passed_out": {"PASS"}}, None), Vulnerability.NONE)
    assert clear.unchecked == ()


def test_a_groups_choices_are_weighed_by_the_odds_of_each_box():
    """Boxes marked with probability 0.9 and 0.5: exactly A has odds 0.9/0.1 = 9 against
    none, exactly B 0.5/0.5 = 1, and none 1: 1/11, 9/11, 1/11."""
    options, probs = MarkGroup({"A": 0.9, "B": 0.5}).exactly()
    assert options == [None, "A", "B"]
    assert probs.tolist() == pytest.approx([1 / 11, 9 / 11, 1 / 11])
    # The same as the unnormalised P(exactly ...): none 0.1 * 0.5, A 0.9 * 0.5, B 0.1 * 0.5.
    group = MarkGroup({"A": 0.9, "B": 0.5})
    unnormalised = [np.exp(group.log_exactly(o)) for o in options]
    assert unnormalised == pytest.approx([0.05, 0.45, 0.05])


def test_a_score_that_reads_like_a_result_one_mark_away_goes_to_a_person():
    """4NTXX by South one down, both vulnerable: -400 by Law 77 (a redoubled first undertrick
    vulnerable); 4NT one down undoubled is -100, one mark group (the doubling) away. The XX
    box reads marked for certain, the comb "100" with its first box a 1 (0.55) or a 4 (0.15).
    Box likelihoods 0.995 x (0.9 p + 0.01): a 1 there 0.502, a 4 0.144, so the comb shows
    100 3.5 times as plainly as 400. The marks still carry the posterior (a certain box's
    odds are 10^4), but the two readings disagree on what one misread mark would change.
    Since issue 43 the comb is not read as Law 77's 400 either: 100 is also what a player
    who forgot the redouble writes (``ocr/score_agreement.py``): of the four slips of
    4NTXX-1 vulnerable (100 undoubled, 200 doubled or not vulnerable, 1000 one more down,
    1120 made) the comb shows 100 at 3.5 times 400, 200 at 0.0435 / 0.144 = 0.3 times and
    the rest hardly at all: P(agree) = 0.98 / (0.98 + 0.02 x (3.5 + 0.3) / 4) = 0.981,
    below 0.995. The comb is read as written."""
    contract = Contract.parse("4NTXX")
    assert ns_score(contract, Seat.SOUTH, 9, Vulnerability.BOTH) == -400
    assert ns_score(Contract.parse("4NT"), Seat.SOUTH, 9, Vulnerability.BOTH) == -100
    marks = marks_for(contract, Seat.SOUTH, 9, -400)
    ev = replace(evidence(marks, None), score=(BLANK, leaning(1, 4, 0.55), digit(0), digit(0)))
    decoded = decode_contract(ev, Vulnerability.BOTH)
    assert decoded.ranked[0][0] == (contract, Seat.SOUTH, 9, -100)
    assert decoded.posterior >= DEFAULT_THRESHOLD and decoded.unchecked == ()
    assert decoded.rival == -100


def test_a_score_read_as_the_reading_s_own_has_no_rival():
    """The same row with the first box a 4 (0.55) or a 1 (0.15): the comb shows 400 best."""
    marks = marks_for(Contract.parse("4NTXX"), Seat.SOUTH, 9, -400)
    ev = replace(evidence(marks, None), score=(BLANK, leaning(4, 1, 0.55), digit(0), digit(0)))
    assert decode_contract(ev, Vulnerability.BOTH).rival is None
    assert decode_contract(evidence(marks, 400), Vulnerability.BOTH).rival is None
    assert decode_contract(evidence(marks, None), Vulnerability.BOTH).rival is None  # blank


def test_a_misread_digit_no_single_mark_explains_is_no_rival():
    """4S= by North vulnerable is +620; the comb reads 520 (a 5 at 0.55, a 6 at 0.15) 3.5
    times as plainly. No result one mark group away scores 520 (3S+1 170, 5S-1 -100, 4NT=
    630, 4H= 620, 4SX= 790, 4S+1 650, by East -620, ...): the 5 is a misread 6, the written
    score is read as 620, and the row is accepted on its marks."""
    marks = marks_for(Contract.parse("4S"), Seat.NORTH, 10, 620)
    ev = replace(evidence(marks, None), score=(BLANK, leaning(5, 6, 0.55), digit(2), digit(0)))
    decoded = decode_contract(ev, Vulnerability.BOTH)
    assert decoded.ranked[0][0] == (Contract.parse("4S"), Seat.NORTH, 10, 620)
    assert decoded.rival is None


def test_a_score_two_misread_marks_away_is_no_rival():
    """5D= by North, not vulnerable: +400. The comb reads 420 (its tens a 2 at 0.55, a 0 at
    0.15): 0.505 / 0.145 = 3.5 times as plainly as 400. 420 is 5D+1, one mark group away,
    but reading it so takes two misread marks: "=" read for "+", and a count of tricks not
    seen at all; 5C+1 takes three, 4H= two (the level and the strain). No result one
    misread mark away scores 420, so there is no rival (until the sixteenth round a result
    one mark group away counted, and 5D+1 was one). But 420 is what a player who counted
    an overtrick writes: of the slips of 5D= (50 one down, 420, 550 doubled, 600
    vulnerable, 800 redoubled) the comb shows 420 at 3.5 times 400, so P(agree) = 0.98 /
    (0.98 + 0.02 x 3.5 / 5) = 0.986 (issue 43, ``ocr/score_agreement.py``): the comb is read
    as written, and the row goes to a person for it."""
    five_diamonds = Contract.parse("5D")
    assert ns_score(five_diamonds, Seat.NORTH, 11, Vulnerability.NONE) == 400
    assert ns_score(five_diamonds, Seat.NORTH, 12, Vulnerability.NONE) == 420
    marks = marks_for(five_diamonds, Seat.NORTH, 11, 400)
    ev = replace(evidence(marks, None), score=(BLANK, digit(4), leaning(2, 0, 0.55), digit(0)))
    decoded = decode_contract(ev, Vulnerability.NONE)
    assert decoded.ranked[0][0] == (five_diamonds, Seat.NORTH, 11, 420)
    assert decoded.rival is None


def test_a_comb_read_as_a_score_no_single_mark_gives_is_no_rival_though_one_is_near():
    """4S= by North vulnerable, +620. The tens box reads 4 (0.55), 5 (0.15), 2 (0.0375
    like every other digit): the comb reads as 640, which no result one mark group away
    scores (one away: 3S= 140, 5S= 650, 4H= 620, 4NT= 630, 4C= 130, 4SX= 790, 4SXX= 1080,
    by East -620, 4S+1 650, 4S-1 -100, ...). 650 (4S+1, or 5S=) shows 0.995 x (0.9 x 0.15
    + 0.01) / 0.995 x (0.9 x 0.0375 + 0.01) = 3.3 times as plainly as 620, but the comb's
    own reading is a misread 2 that no misread mark explains: no rival. Nor is the comb
    the Law 77 score (issue 43): 650 is 4S+1, a player's slip, one of five (100, 420, 650,
    790, 1080), so P(agree) = 0.98 / (0.98 + 0.02 x 3.3 / 5) = 0.987, below 0.995: the comb
    is read as written (640), and the row goes to a person."""
    marks = marks_for(Contract.parse("4S"), Seat.NORTH, 10, 620)
    ev = replace(evidence(marks, None), score=(BLANK, digit(6), leaning(4, 5, 0.55), digit(0)))
    decoded = decode_contract(ev, Vulnerability.BOTH)
    assert decoded.ranked[0][0] == (Contract.parse("4S"), Seat.NORTH, 10, 640)
    assert decoded.rival is None


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        # no ties: the three largest, largest first, found among the few near the best
        ([0.1, 0.5, 1e-3, 0.3, 1e-30, 0.05], [1, 3, 0]),
        # fewer than four near the best (1e-12 of it): the partial sort over all
        ([1.0, 1e-13, 1e-14, 0.0, 1e-20], [0, 1, 2]),
    ],
)
def test_the_largest_are_those_a_full_sort_gives(values, expected):
    """``_largest`` is ``np.argsort(-values)[:3]``, by whichever of its three ways."""
    values = np.array(values)
    assert _largest(values, 3).tolist() == expected == np.argsort(-values)[:3].tolist()


@pytest.mark.parametrize("seed", range(6))
def test_the_largest_of_posteriors_with_ties_are_the_full_sort_s(seed):
    """Posteriors of a decoding's shape (5,881, a few near the best, equals among them as
    when two results are each one empty box from the best): the same indices, in the same
    order, as ``np.argsort`` of all of them, ties broken as it breaks them."""
    rng = np.random.default_rng(seed)
    values = np.exp(-rng.uniform(30, 200, 5881))
    near = rng.choice(5881, 6, replace=False)
    values[near] = np.exp(-rng.choice([0.0, 2.5, 2.5, 4.0, 4.0, 9.0], 6, replace=False))
    assert _largest(values, 3).tolist() == np.argsort(-values)[:3].tolist()


def test_the_scores_of_a_board_are_read_where_their_table_says():
    """``_table_where``, made once a vulnerability and comb width, reads a board's scores
    as ``score_where`` reads them for one row: the same floats."""
    ev = evidence({}, 620)
    scores_and_zero, _ = _decoding_table(Vulnerability.NS)
    read = score_comb(tuple(ev.score))
    kept = _table_where(Vulnerability.NS, len(read.tens))
    assert np.array_equal(
        _scores_log_likelihood(ev, scores_and_zero, read, kept),
        _scores_log_likelihood(ev, scores_and_zero, read, score_where(scores_and_zero, 1000)),
    )
    assert kept.zero.tolist() == [len(scores_and_zero) - 1]  # the pass-out's 0 alone


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks"),
    [("4S", Seat.NORTH, 10), ("3NTX", Seat.EAST, 7), ("1C", Seat.SOUTH, 13)],
)
def test_the_scores_one_mark_away_are_those_marks_apart_gives(contract, declarer, tricks):
    """4S= by North, 3NTX-2 by East, 1C+6 by South (vulnerable): the NS scores kept for a
    result's rival (``_one_mark_scores``) are exactly those of the results ``marks_apart``
    puts one misread mark away; 4S= by North's include 4H= by North's +620 and 4S= by
    East's -620."""
    best = result_index(Contract.parse(contract), declarer, tricks)
    _, scores = group_values(Vulnerability.BOTH)
    expected = set(scores[marks_apart(Vulnerability.BOTH, best) == 1].tolist())
    assert _one_mark_scores(Vulnerability.BOTH, best) == expected
    if contract == "4S":
        assert {620, -620} <= expected


def test_a_group_s_logs_of_its_options_are_each_its_own():
    """A level group: its logs of "none", 1 ... 7, kept on the group, are ``log_exactly``
    of each, and read-only (the group is shared by every field that reads alike)."""
    group = MarkGroup({"1": 0.2, "2": 0.0001, "3": 0.9999, "4": 0.5})
    options = (None, "1", "2", "3", "4")
    logs = group.logs_exactly(options)
    assert logs.tolist() == [group.log_exactly(o) for o in options]
    assert group.logs_exactly(options) is logs and not logs.flags.writeable


def test_the_side_terms_are_kept_on_the_side_group():
    """NS marked (0.9999), EW clean: an NS score's side term is log(0.9 P(NS alone) + 0.1
    P(no box)), an EW score's log(0.9 P(EW alone) + 0.1 P(no box)); worked out once a group
    and kept on it."""
    side = MarkGroup({"NS": ON, "EW": OFF})
    ns, ew = _side_terms(side)
    none = side.log_exactly(None)
    assert ns == pytest.approx(np.log(0.9 * np.exp(side.log_exactly("NS")) + 0.1 * np.exp(none)))
    assert ew == pytest.approx(np.log(0.9 * np.exp(side.log_exactly("EW")) + 0.1 * np.exp(none)))
    assert _side_terms(side) is _side_terms(side)


def test_a_lost_sign_on_digits_both_signs_write_is_left_to_the_side_box():
    """1H by North with the count 4 marked, the sign's boxes clean (its mark lost), 200
    written, not vulnerable. Law 77 by hand: 1H+4 is 30 + 4 x 30 + 50 = +200 to NS; 1H-4
    is 4 x 50 = 200 to EW. The digits are the same, so only the score's side box tells the
    signs apart (``ocr.used_marks._unseen_sign`` leans on this): left out, the row is no
    better than even between them; marked NS, 1H+4 stands."""
    marks = {"level": {"1"}, "strain": {"H"}, "declarer": {"N"}, "result_count": {"4"}}
    vul = Vulnerability.NONE
    assert ns_score(Contract.parse("1H"), Seat.NORTH, 11, vul) == 200
    assert ns_score(Contract.parse("1H"), Seat.NORTH, 3, vul) == -200
    no_side = decode_contract(evidence(marks, 200), vul).ranked
    assert no_side[0][1] < DEFAULT_THRESHOLD
    assert {r[0][2] for r in no_side[:2]} == {11, 3}
    (best, posterior), *_ = decode_contract(
        evidence({**marks, "score_side": {"NS"}}, 200), vul
    ).ranked
    assert best == (Contract.parse("1H"), Seat.NORTH, 11, 200)
    assert posterior >= DEFAULT_THRESHOLD


THREE_D_MADE = marks_for(Contract.parse("3D"), Seat.EAST, 9, -110)
COUNT_SPECKS = {"result_count": {"3": 0.00278, "4": 0.00675, "6": 0.00278}}


def test_specks_in_the_count_beside_a_marked_equals_rule_no_result_out():
    """3D by East = with no score written, "=" crossed, three count boxes specked (fill
    about 0.02; TRAINING dirty glass 26255, ``page_0008.jpg`` row 14). Asked alone, the
    count is "no box" at 1 / (1 + 0.00278/0.99722 x 2 + 0.00675/0.99325 + 10 x 0.0001/0.9999)
    = 1 / 1.013371 = 0.98680, under 0.995. But a count box is another result only with "+"
    or "-" in place of "=": each such rival is (0.0001/0.9999) / (0.9999/0.0001) = 1.0e-8 of
    "=" times its count's odds, 2 x 1.0e-8 x 0.013371 = 2.7e-10 in all: the result is
    certain, and the row is accepted."""
    ev = evidence(THREE_D_MADE, None, COUNT_SPECKS)
    assert decode_contract(ev, Vulnerability.NONE).unchecked == ()


def test_specks_in_the_count_beside_an_equals_not_marked_are_weighed_alone():
    """The same count beside "=" read unsure (0.5) with a speck in "+" (0.03, over
    ``EMPTY_P``): "=" is not marked nor its sign's only ink, so the sign is weighed against
    no box too, and the count alone, at 0.98680: the result goes to a person."""
    specks = {**COUNT_SPECKS, "result_sign": {"=": 0.5, "+": 0.03}}
    ev = evidence(THREE_D_MADE, None, specks)
    assert "result" in decode_contract(ev, Vulnerability.NONE).unchecked
