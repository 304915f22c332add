"""A row's written score comb, read once for every score the joint decoding weighs.

``ocr.decode.decode_contract`` weighs the comb against the Law 77 score of every result of
the board (a few hundred distinct scores), the pass-out's 0, each ranked result's score
and the slips of its player (``ocr.score_agreement``), and the rival's: every one a
multiple of 10. So the comb is read once, for every multiple of 10 it holds
(``ScoreComb.tens``), and each score's likelihood is looked up there: numpy reads each
number of an array alone (a gather and sums box by box, ``logaddexp`` element by element),
so a score looked up is the float ``ocr.combs.numbers_log_likelihood`` gives it alone."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ocr.combs import (
    DigitBox,
    NumberClasses,
    any_written,
    box_log_table,
    classes_log_likelihood,
    number_classes,
    numbers_log_likelihood,
)

__all__ = ["ScoreComb", "ScoreWhere", "score_comb", "score_where", "slip_values"]


class ScoreComb:
    """A written score comb, read once for every decoding of a row with it (see the module
    docstring): its reading of every multiple of 10 it holds (``tens``, 0 first, in one
    call; ``slips`` the same without the 0), the number it shows best (``read``) and each
    box's likeliest digit (``digits``), the same for every ranked result of the row; kept
    a process for a comb that recurs, a blank one (``score_comb``)."""

    def __init__(self, boxes: tuple[DigitBox, ...]) -> None:
        self.table = box_log_table(boxes)
        self.written = any_written(boxes)
        # 0, 10, 20, ...: their classes kept a width
        self.tens = classes_log_likelihood(self.table, _tens_classes(len(boxes)))
        self.tens.flags.writeable = False
        self.slips = self.tens[1:]  # the scores a table could write (``slip_values``)
        self._best_slip = int(np.argmax(self.slips))
        # the multiple of 10 the comb shows best, and how plainly
        self.read = slip_values(len(boxes))[self._best_slip]
        self.read_ll = float(self.slips[self._best_slip])
        # each box's likeliest digit, the first of equals as np.argmax gives it
        self.digits = "".join(
            str(max(range(len(b.probs)), key=b.probs.__getitem__))
            for b in boxes
            if b.probs is not None
        )
        self.blank = float(self.table[:, 0].sum())  # log P(every box blank)

    def log_likelihood(self, value: int) -> float:
        """``log_likelihoods`` of one ``value`` >= 0: the same float, without the arrays a
        ranked result's score and its dozen slips were each read through."""
        if value % 10 == 0 and value // 10 < len(self.tens):
            return float(self.tens[value // 10])
        return float(numbers_log_likelihood(self.table, (value,))[0])

    def log_likelihoods(self, values: np.ndarray, where: ScoreWhere | None = None) -> np.ndarray:
        """log P(comb shows v) for each v >= 0 in ``values``, as ``numbers_log_likelihood``
        gives it: off ``tens`` for a multiple of 10 that fits the comb, else read
        (``where``: ``score_where`` of ``values``, when the caller has it)."""
        where = where or score_where(values, len(self.tens))
        out: np.ndarray = self.tens[where.take]
        if where.rest:
            out[where.other] = numbers_log_likelihood(self.table, where.rest)
        return out

    def best_without(self, at: int) -> float:
        """The slips' largest log-likelihood but that of slip ``at``: as
        ``np.delete(slips, at).max()``, without copying the thousand slips for it."""
        if at != self._best_slip:
            return self.read_ll
        # the largest of those before it and those after it: the same float (a maximum)
        return max(
            float(part.max()) for part in (self.slips[:at], self.slips[at + 1 :]) if len(part)
        )


class ScoreWhere(NamedTuple):
    """Where a comb reads each of some NS scores (``score_where``)."""

    take: np.ndarray
    """the index in ``ScoreComb.tens`` of each score's multiple of 10 (0 where it is none)"""
    other: np.ndarray
    """which scores are no multiple of 10 the comb holds (read by themselves)"""
    rest: tuple[int, ...]
    """those scores, without sign, in order"""
    positive: np.ndarray
    """which scores are NS's (written with the NS side marked)"""
    zero: np.ndarray
    """the indices of the scores of 0 (passed out)"""


def score_where(scores: np.ndarray, tens: int) -> ScoreWhere:
    """``ScoreWhere`` a comb holding ``tens`` multiples of 10 (0 first) reads ``scores``."""
    values = np.abs(scores)
    at = values // 10
    other = (values % 10 != 0) | (at >= tens)
    rest = tuple(values[other].tolist())
    return ScoreWhere(np.where(other, 0, at), other, rest, scores > 0, np.flatnonzero(scores == 0))


@lru_cache(maxsize=256)
def score_comb(boxes: tuple[DigitBox, ...]) -> ScoreComb:
    """The comb ``boxes`` read once (``ScoreComb``; shared: never changed)."""
    return ScoreComb(boxes)


@lru_cache(maxsize=8)
def slip_values(width: int) -> tuple[int, ...]:
    """Every score a table could write in a comb of ``width`` boxes: the multiples of 10."""
    return tuple(range(10, 10**width, 10))


@lru_cache(maxsize=8)
def _tens_classes(width: int) -> NumberClasses:
    """The classes of the pass-out's 0 and the slips (``slip_values``) in a comb of
    ``width`` boxes."""
    return number_classes((0, *slip_values(width)), width)
