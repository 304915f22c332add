"""Which pairs played a traveller row: the printed pairs, or the handwritten ones.

The printed pairs stand unless the row's "pairs changed" box is marked; then the pair
number boxes are read (ocr/combs.py). A reading the movement does not send to the board,
or with a number the event does not have, keeps a small prior and always goes to a person
(ocr/row_reader.py).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from ocr.combs import DigitBox, box_log_table, number_log_likelihood, numbers_log_likelihood
from ocr.decode import MarkGroup

__all__ = ["PairDecoding", "decode_pairs"]


@dataclass(frozen=True)
class PairDecoding:
    """Ranked (ns_pair, ew_pair) readings; ``in_movement`` for the best one (None = unknown)."""

    ranked: tuple[tuple[tuple[int | None, int | None], float], ...]
    in_movement: bool | None

    @property
    def posterior(self) -> float:
        return self.ranked[0][1]


def _pair_ll(boxes: Sequence[DigitBox]) -> np.ndarray:
    """log P(boxes | pair number n) for n = 1..99 (index n-1)."""
    return numbers_log_likelihood(box_log_table(boxes), tuple(range(1, 100)))


_NO_SUCH_PAIR = math.log(0.01)
"""The further prior of a pair number the event does not have (against one it has that
the movement does not send to the board): on 200 TRAINING pages a condition, rows in
review on their posterior alone were mostly blank forms whose right pairs lost their
certainty to readings such as 6-92 or 7-76 in events of 26 pairs. No pair can have sat
down under such a number; only a slip of the pen writes it, and a slip that lands on one
given number of the ninety-nine is rarer than a pair at the wrong table (1%) by far more
than ten. A tenth until the twentieth round, when the wider digit model still left 18 rows
of the fifteenth set's pencil pages in review on it alone, every one of them read right
(a handwritten 2 or 1 read as a 7: 27 as 97, 24 as 74; docs/reader.md)."""


def decode_pairs(
    printed: tuple[int, int] | None,
    changed: MarkGroup,
    ns_boxes: Sequence[DigitBox],
    ew_boxes: Sequence[DigitBox],
    allowed: Sequence[tuple[int, int]] | None = None,
    top: int | None = 3,
    existing: Collection[int] | None = None,
    printed_unread: bool = False,
) -> PairDecoding:
    """Which pairs played the row: the printed pairs unless changed, else the written ones.

    ``allowed`` are the (NS, EW) pairs the movement sends to this board; a reading outside
    it keeps a prior of 1% (a pair may really have played the wrong board) and is flagged.
    ``existing`` are the pair numbers the event has: a reading with a number it has not
    keeps a hundredth of that again (``_NO_SUCH_PAIR``), as no pair can have sat down under
    it; only a slip of the pen writes it, and a row that reads it still goes to review.
    ``printed_unread``: the form prints pairs on its rows (others were read) but not
    readably on this one; its blank boxes then read as no pair numbers, (None, None),
    and the row goes to a person. On a blank form the boxes are where the pairs are
    written, and a row played is read from them as before.
    """
    ns_ll, ew_ll = _pair_ll(ns_boxes), _pair_ll(ew_boxes)
    blank = number_log_likelihood(ns_boxes, None) + number_log_likelihood(ew_boxes, None)
    allowed_set = set(allowed) if allowed else None
    cands: dict[tuple[int | None, int | None], float] = {}
    if printed is not None:
        cands[printed] = changed.log_exactly(None) + blank
    elif printed_unread:
        # The form prints this row's pairs but they were not read: its pair boxes are
        # blank unless the pairs changed, and a speck of dust in them is no number.
        cands[(None, None)] = blank
    # Written pairs: the best few NS and EW numbers and their combinations.
    best_ns = np.argsort(-ns_ll)[:4] + 1
    best_ew = np.argsort(-ew_ll)[:4] + 1
    options = {(int(n), int(e)) for n in best_ns for e in best_ew if n != e}
    if allowed_set:
        options |= allowed_set
    change_ll = changed.log_exactly("CHANGED") if printed is not None else 0.0
    for pair in options:
        if pair == printed:
            continue
        ll = change_ll + ns_ll[pair[0] - 1] + ew_ll[pair[1] - 1]
        if allowed_set is not None and pair not in allowed_set:
            ll += math.log(0.01)
        if existing is not None and (pair[0] not in existing or pair[1] not in existing):
            ll += _NO_SUCH_PAIR
        cands[pair] = ll
    if not cands:
        return PairDecoding((((None, None), 0.0),), None)
    keys = list(cands)
    lls = np.array([cands[k] for k in keys])
    post = np.exp(lls - lls.max())
    post /= post.sum()
    order = np.argsort(-post)[:top]
    ranked = tuple((keys[k], float(post[k])) for k in order)
    in_movement = None if allowed_set is None else ranked[0][0] in allowed_set
    return PairDecoding(ranked, in_movement)
