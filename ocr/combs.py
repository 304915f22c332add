"""A comb of handwritten digit boxes: how likely it is to show a number.

The digit model (ocr/digits.py) gives each box ten probabilities, or None for a blank box.
The row decoder (ocr/decode.py) weighs every Law 77 score, and every score a player could
have written, against the score comb; the pair decoder (ocr/pair_decode.py) every pair
number against the pair boxes. Both read a comb the same way: each box's likelihood of
being blank or each digit, numbers written right-aligned (or, rarely, from the left).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

import numpy as np

__all__ = [
    "DigitBox",
    "NumberClasses",
    "classes_log_likelihood",
    "number_classes",
    "box_log_table",
    "any_written",
    "digit_box_likelihood",
    "number_log_likelihood",
    "numbers_log_likelihood",
]


@dataclass(frozen=True)
class DigitBox:
    """One handwritten box: None when blank, else the classifier's 10 digit probabilities
    and ``no_digit``, the probability that the ink read is no digit (dust: a model trained
    with ``ocr.digits.NO_DIGIT``; 0 for a model without it)."""

    probs: tuple[float, ...] | None
    no_digit: float = 0.0

    def __hash__(self) -> int:
        # the dataclass's own hash (of its fields), worked out once: a box is a key of
        # every comb's caches, several times on each row (``ocr.score_comb``, the pairs)
        known: int | None = self.__dict__.get("_hash")
        if known is None:
            known = hash((self.probs, self.no_digit))
            object.__setattr__(self, "_hash", known)  # frozen: set as dataclasses do
        return known

    @classmethod
    def of(cls, probs: np.ndarray | None) -> DigitBox:
        if probs is None:
            return cls(None)
        # (``tolist`` gives each as the Python float ``float`` would, in one call a box)
        values = probs.tolist()
        return cls(tuple(values[:10]), values[10] if len(values) > 10 else 0.0)


def any_written(boxes: Sequence[DigitBox]) -> bool:
    """Whether a comb holds any ink read as handwriting: a score written at all. Where no
    score is written, nothing checks a row's marks but the marks themselves (the joint
    decoding, ``ocr.unchecked_marks.unchecked_groups``, ``ocr.used_marks.missing_marks``)."""
    return any(b.probs is not None for b in boxes)


def digit_box_likelihood(box: DigitBox) -> np.ndarray:
    """Likelihood of the box's look given its content: index 0 = blank, 1..10 = digit 0..9.

    The classifier's probabilities are mixed with 10% uniform: a confidently misread
    digit must cost a candidate something, but not everything (the marks may outvote it).
    A box the model reads as no digit (dust, ``no_digit``) is blank with that share of
    the same 0.995 x 0.9: its digits' probabilities sum to 1 - ``no_digit``, so the
    likelihoods still sum to 1, and with ``no_digit`` 0 they are the 10-digit model's.
    """
    out = np.empty(11)
    if box.probs is None:
        out[0] = 0.98
        out[1:] = 0.02 / 10
    else:
        p = np.asarray(box.probs)
        out[0] = 0.005 + 0.995 * 0.9 * box.no_digit
        out[1:] = 0.995 * (0.9 * p + 0.1 / 10)
    return out


def number_log_likelihood(boxes: Sequence[DigitBox], value: int | None) -> float:
    """log P(boxes show ``value`` (None = all blank))."""
    table = box_log_table(boxes)
    if value is None:
        return float(table[:, 0].sum())
    return float(numbers_log_likelihood(table, (value,))[0])


def box_log_table(boxes: Sequence[DigitBox]) -> np.ndarray:
    """(boxes, 11) log-likelihoods: column 0 blank, 1..10 digits 0..9 (read-only: shared)."""
    return _box_log_table_of(tuple(boxes))


@lru_cache(maxsize=256)
def _box_log_table_of(boxes: tuple[DigitBox, ...]) -> np.ndarray:
    # One decoding asks for the same comb's table several times (the blank comb, every
    # Law 77 score, the written score of each ranked result, the pair numbers).
    table = np.log(np.stack([digit_box_likelihood(b) for b in boxes]))
    table.flags.writeable = False
    return table


@lru_cache(maxsize=4096)
def _padded_classes(
    values: tuple[int, ...], width: int, left: bool = False
) -> tuple[np.ndarray, np.ndarray | None]:
    """(width, len(values)) class index in box i of each number written right-aligned (or
    left-aligned), 0 = blank box, d + 1 = digit d, one row per box so that a comb's
    likelihoods are gathered a box at a time; and which numbers are too wide for the comb
    (None when none is; their classes are 0)."""
    out = np.zeros((width, len(values)), np.int64)
    too_wide = np.zeros(len(values), bool)
    for k, v in enumerate(values):
        text = str(v)
        if len(text) > width:
            too_wide[k] = True
            continue
        start = 0 if left else width - len(text)
        for i, ch in enumerate(text):
            out[start + i, k] = int(ch) + 1
    out.flags.writeable = False
    too_wide.flags.writeable = False
    return out, (too_wide if too_wide.any() else None)


_LEFT_ALIGNED = 0.05  # the form asks for right-aligned numbers; a few are written from the left


def numbers_log_likelihood(table: np.ndarray, values: tuple[int, ...]) -> np.ndarray:
    """log P(comb shows v) for each v in ``values``, right-aligned or (rarely) left-aligned.

    Summed a box at a time (``table[i]`` gathered at box i's classes), which for the
    hundreds of Law 77 scores, or the thousand slips, of a comb is several times faster
    than one fancy index over all boxes at once; the sums are the same."""
    return classes_log_likelihood(table, number_classes(values, table.shape[0]))


class NumberClasses(NamedTuple):
    """Each number's class in each box of a comb, right-aligned and left-aligned
    (``number_classes``)."""

    right: np.ndarray
    """(width, numbers): box i's class of each number written right-aligned"""
    too_wide: np.ndarray | None
    """which numbers are too wide for the comb (None when none is; their classes are 0)"""
    left_at: np.ndarray
    """the numbers whose left-aligned classes differ: not those as wide as the comb"""
    left: np.ndarray
    """(width, len(left_at)): their classes written left-aligned"""


@lru_cache(maxsize=4096)
def number_classes(values: tuple[int, ...], width: int) -> NumberClasses:
    """``NumberClasses`` of ``values`` in a comb of ``width`` boxes (read-only: shared)."""
    right, too_wide = _padded_classes(values, width)
    left, _ = _padded_classes(values, width, True)
    left_at = np.flatnonzero((right != left).any(axis=0))
    left = np.ascontiguousarray(left[:, left_at])
    for array in (left_at, left):
        array.flags.writeable = False
    return NumberClasses(right, too_wide, left_at, left)


def classes_log_likelihood(table: np.ndarray, classes: NumberClasses) -> np.ndarray:
    """``numbers_log_likelihood`` of the numbers of ``classes``: for a caller that keeps
    them (``ocr.score_comb``: its thousand numbers' tuple took 10 us to hash on each call).
    A number as wide as the comb is written alike from either side: its left-aligned sum
    is its right-aligned one, the same additions, so only the others are summed again
    (the thousand multiples of 10 of a score comb: 99)."""
    right = _summed(table, classes.right)
    if classes.too_wide is not None:
        right = np.where(classes.too_wide, -1e9, right)
    left = right.copy()
    if len(classes.left_at):
        left[classes.left_at] = _summed(table, classes.left)
    return np.logaddexp(math.log(1 - _LEFT_ALIGNED) + right, math.log(_LEFT_ALIGNED) + left)


def _summed(table: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """Each number's log-likelihood: box 0's gathered at its classes, then box 1's added..."""
    ll = table[0][classes[0]]
    for i in range(1, table.shape[0]):
        ll = ll + table[i][classes[i]]
    return ll
