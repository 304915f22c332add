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
from functools import lru_cache

import numpy as np

from ocr.combs import DigitBox, box_log_table, number_log_likelihood, numbers_log_likelihood
from ocr.layout import PAIRS_CHANGED
from ocr.mark_groups import MarkGroup
from ocr.reading import DEFAULT_THRESHOLD

__all__ = ["PairDecoding", "change_ruled_out", "decode_pairs", "settled_change"]


@dataclass(frozen=True)
class PairDecoding:
    """Ranked (ns_pair, ew_pair) readings; ``in_movement`` for the best one (None = unknown)."""

    ranked: tuple[tuple[tuple[int | None, int | None], float], ...]
    in_movement: bool | None

    @property
    def posterior(self) -> float:
        return self.ranked[0][1]


def _pair_ll(boxes: Sequence[DigitBox]) -> np.ndarray:
    """log P(boxes | pair number n) for n = 1..99 (index n-1; read-only: shared)."""
    return _pair_ll_of(tuple(boxes))


@lru_cache(maxsize=1024)
def _pair_ll_of(boxes: tuple[DigitBox, ...]) -> np.ndarray:
    # worked out once a process for a comb that recurs: a blank one, on most rows
    ll = numbers_log_likelihood(box_log_table(boxes), tuple(range(1, 100)))
    ll.flags.writeable = False
    return ll


_WIDE = math.log(1000.0)
"""How much less likely (log) than the likeliest number a pair number of the section may
be and still be a candidate, where nothing but the section checks a handwritten number
(a generic blank form read without the event): the stack then decodes the traveller's
rows jointly (``ocr/stack_pairs.py``), and a row whose right number is not among its
candidates has its probability shared among wrong ones, which the pairs other rows seat
can leave as one wrong reading made sure (TRAINING pencil blank forms, seed 9001,
page_0023 row 2: 2-25 accepted as 7-25 with the four likeliest numbers only). On the
TRAINING blank forms (seed 9001, 64 pages each of ordinary, pencil and pdf150, 4,704
written pair numbers) the four likeliest of 1-99 missed 12 right numbers, these
candidates 1 (a row whose likeliest number the section lacks: it goes to a person); a
right number was at most 460 times less likely than the likeliest (e^6.14). About 12
numbers a side pass (32 at most)."""


def _best_numbers(ll: np.ndarray) -> list[int]:
    """The four likeliest pair numbers of 1..99, likeliest first (the candidates' order,
    and so the sums', is as it was before the section's numbers were added)."""
    return [int(n) + 1 for n in np.argsort(-ll)[:4]]


def _near_best(ll: np.ndarray, section: Collection[int]) -> set[int]:
    """The section's pair numbers within ``_WIDE`` of the likeliest number (``ll``: 1..99),
    where that is one of the section's; nothing where the digits read best a number the
    section does not have: the row goes to a person saying so, and the section's numbers
    the prior of a slip of the pen (``_NO_SUCH_PAIR``) favours must not read a plain "9"
    as a 4 of pairs 1-4."""
    best = int(np.argmax(ll)) + 1
    if best not in section:
        return set()
    top = float(ll[best - 1])
    return {p for p in section if 1 <= p <= len(ll) and float(ll[p - 1]) >= top - _WIDE}


_NO_SUCH_PAIR = math.log(0.01)
"""The further prior of a pair number the event does not have (against one it has that
the movement does not send to the board): on 200 TRAINING pages a condition, rows in
review on their posterior alone were mostly blank forms whose right pairs lost their
certainty to readings such as 6-92 or 7-76 in events of 26 pairs. No pair can have sat
down under such a number; only a slip of the pen writes it, and a slip that lands on one
given number of the ninety-nine is rarer than a pair at the wrong table (1%) by far more
than ten. A tenth until the twentieth round, when the wider digit model still left 18 rows
of the fifteenth set's pencil pages in review on it alone, every one of them read right
(a handwritten 2 or 1 read as a 7: 27 as 97, 24 as 74; docs/reader-history.md, "The
twentieth round" in "The benchmark, split by source")."""


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

    A function of its arguments' values alone, kept a process (``_decoded_pairs``): most
    rows read their printed pairs, blank pair boxes and an empty "pairs changed" box alike.
    """
    return _decoded_pairs(
        printed,
        tuple(changed.p.items()),
        tuple(ns_boxes),
        tuple(ew_boxes),
        None if allowed is None else tuple(allowed),
        top,
        None if existing is None else frozenset(existing),
        printed_unread,
    )


@lru_cache(maxsize=1024)
def _decoded_pairs(
    printed: tuple[int, int] | None,
    changed_p: tuple[tuple[str, float], ...],
    ns_boxes: tuple[DigitBox, ...],
    ew_boxes: tuple[DigitBox, ...],
    allowed: tuple[tuple[int, int], ...] | None,
    top: int | None,
    existing: frozenset[int] | None,
    printed_unread: bool,
) -> PairDecoding:
    """``decode_pairs`` of hashable arguments (``changed_p``: the box's ``p_marked``)."""
    changed = MarkGroup(dict(changed_p))
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
    best_ns, best_ew = _best_numbers(ns_ll), _best_numbers(ew_ll)
    if printed is None and not printed_unread and allowed_set is None and existing:
        best_ns += sorted(_near_best(ns_ll, existing) - set(best_ns))
        best_ew += sorted(_near_best(ew_ll, existing) - set(best_ew))
    options = {(n, e) for n in best_ns for e in best_ew if n != e}
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


_PLAIN = math.log(DEFAULT_THRESHOLD / (1 - DEFAULT_THRESHOLD))
"""How much more likely (log) the written pair boxes must be to show the printed pairs or
nothing than any other pair numbers: posterior 0.995 between the two, as a row is
accepted at."""


def change_ruled_out(
    printed: tuple[int, int], ns_boxes: Sequence[DigitBox], ew_boxes: Sequence[DigitBox]
) -> bool:
    """Do the written pair boxes rule out a change of pairs, whatever the "pairs changed"
    box holds? A change writes the new pair numbers (the form asks for them beside the
    box), so where the boxes show nothing, or the printed numbers again, plainly rather
    than any other two numbers (``_PLAIN``: the best NS and EW numbers taken apart, which
    is at least as likely as any pair of them), a mark in the box would change nothing the
    row is read as. The box then settles no question and is no reason on its own to send
    the row to a person (``ocr.used_marks.unexplained_unsure``). The wrong row this could
    let through needs two faults at once: a player's change marked so faintly that it
    reads only unsure, and its new numbers not written (or every box of them read blank)."""
    ns_ll, ew_ll = _pair_ll(ns_boxes), _pair_ll(ew_boxes)
    blank = number_log_likelihood(ns_boxes, None) + number_log_likelihood(ew_boxes, None)
    same = float(ns_ll[printed[0] - 1] + ew_ll[printed[1] - 1])
    ns_other = np.delete(ns_ll, printed[0] - 1).max()
    ew_other = np.delete(ew_ll, printed[1] - 1).max()
    other = max(float(ns_ll.max() + ew_other), float(ns_other + ew_ll.max()))
    return max(blank, same) - other >= _PLAIN


def settled_change(
    printed: tuple[int, int] | None,
    used: str | None,
    ns_boxes: Sequence[DigitBox],
    ew_boxes: Sequence[DigitBox],
) -> frozenset[tuple[str, str]]:
    """The "pairs changed" box as a settled box (field, option) where the reading keeps the
    printed pairs (``used``, the box the reading needs, is None) and the written pair
    boxes rule a change out (``change_ruled_out``); else nothing."""
    if printed is None or used is not None or not change_ruled_out(printed, ns_boxes, ew_boxes):
        return frozenset()
    return frozenset({(PAIRS_CHANGED, "CHANGED")})
