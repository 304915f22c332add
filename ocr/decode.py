"""Joint decoding of a traveller row: the most probable legal reading, and how sure it is.

Reading each field on its own turns 77-92% plain row accuracy into errors; reading the
row as a whole turns it into 95-99% with no wrong row accepted (issue 5 feasibility).
Every legal table result is scored against all the cell readings at once:

- passed out, or any level 1-7 x strain x undoubled/X/XX x declarer N/E/S/W x tricks
  0-13 (5,880 results);
- each mark group (level, strain, doubling, declarer, result sign, tricks over/under,
  passed out, score side) contributes the probability that exactly the boxes this result
  needs are marked and no other (ocr/marks.py gives ``p_marked`` per box);
- the written score comb contributes the probability that its boxes show the Law 77
  score of that result (scoring.law77.ns_score with the board's vulnerability from
  scoring.board, Law 2), right-aligned, and the NS/EW mark its side. A score the table
  did not write at all costs every result the same, so it never decides anything;
- the pairs are decoded apart from the result (ocr/pair_decode.py): from the printed row
  (the movement) unless the "pairs changed" mark is set, then from the written digits;
  when the movement is known, pairs it does not send to this board are possible but need
  strong evidence and always go to review. Both read their combs alike (ocr/combs.py).

The posterior is the normalised likelihood over all results (uniform prior). A row is
accepted only when the best result's posterior reaches the threshold, no box was in the
unsure band, the marks the score cannot check are certain (``unchecked_groups``) and the
written score does not read as the score of a result one misread mark away
(``_score_rival``); otherwise it goes to review with its top candidates.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial

import numpy as np

from ocr.combs import DigitBox, box_log_table, numbers_log_likelihood
from ocr.mark_groups import GROUP_OPTIONS, LEVELS, RowEvidence
from ocr.reading import DEFAULT_THRESHOLD
from ocr.results_table import (
    DOUBLINGS,
    SEATS,
    STRAINS,
    group_values,
    marks_apart,
    score_table,
)
from ocr.score_agreement import AGREEMENT_CERTAIN, agreement_of, slip_scores
from ocr.score_side import SIDE_MARKED, both_sides_marked
from ocr.unchecked_marks import unchecked_groups
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat

__all__ = ["DEFAULT_THRESHOLD", "ContractDecoding", "decode_contract"]

_SCORE_WRITTEN = 0.95  # a table writes the score on most rows
_SIDE_FORGOTTEN = 0.1  # the NS/EW mark of a written score is sometimes left out


@dataclass(frozen=True)
class ContractDecoding:
    """Result of decoding the table result: ranked (result, posterior) pairs.

    A result is (contract or None for passed out, declarer, tricks, written NS score).
    ``unchecked`` names the mark groups whose reading the score cannot confirm and whose
    marks alone are not certain (``unchecked_groups``): the row must go to review. So does
    a ``rival``: the score the written comb reads as, when a result one mark group away
    from the best scores it and the comb shows it 3 times as plainly as the best's own
    (``_score_rival``).
    """

    ranked: tuple[tuple[tuple[Contract | None, Seat | None, int | None, int | None], float], ...]
    unchecked: tuple[str, ...] = ()
    rival: int | None = None

    @property
    def posterior(self) -> float:
        return self.ranked[0][1]


class _Comb:
    """A written score comb, read once for every decoding of a row with it: every score
    the decoding weighs (the board's Law 77 scores, each ranked result's and its slips',
    the rival's) is a multiple of 10 (``_written_score``), so its likelihood is read off
    the comb's slips (``_slip_log_likelihoods``) rather than worked out again for each:
    numpy reads each number alone, so either way it is the same float. The box-by-box
    reading and the number the comb shows best are the same for every ranked result, and
    made here once too (``_comb``: once a process for a comb that recurs, a blank one)."""

    def __init__(self, boxes: tuple[DigitBox, ...]) -> None:
        self.table = box_log_table(boxes)
        self.written = any(b.probs is not None for b in boxes)
        self.slips = _slip_log_likelihoods(boxes)
        self._best_slip = int(np.argmax(self.slips))
        # the multiple of 10 the comb shows best, and how plainly
        self.read = _slip_scores(len(boxes))[self._best_slip]
        self.read_ll = float(self.slips[self._best_slip])
        # each box's likeliest digit, the first of equals as np.argmax gives it
        self.digits = "".join(
            str(max(range(len(b.probs)), key=b.probs.__getitem__))
            for b in boxes
            if b.probs is not None
        )

    def log_likelihoods(self, values: np.ndarray) -> np.ndarray:
        """log P(comb shows v) for each v >= 0 in ``values``, as ``numbers_log_likelihood``
        gives it: off the slips for a multiple of 10 that fits the comb, else read."""
        at = values // 10 - 1
        slip = (values % 10 == 0) & (at >= 0) & (at < len(self.slips))
        out = self.slips[np.where(slip, at, 0)]
        if not slip.all():
            rest = numbers_log_likelihood(self.table, tuple(values[~slip].tolist()))
            out[~slip] = rest
        return out

    def best_without(self, at: int) -> float:
        """The slips' largest log-likelihood but that of slip ``at``: as
        ``np.delete(slips, at).max()``, without copying the thousand slips for it."""
        if at != self._best_slip:
            return self.read_ll
        return float(np.delete(self.slips, at).max())


@lru_cache(maxsize=256)
def _comb(boxes: tuple[DigitBox, ...]) -> _Comb:
    """The comb ``boxes`` read once (``_Comb``; shared: never changed)."""
    return _Comb(boxes)


def _sides_marked(ev: RowEvidence) -> tuple[bool, bool]:
    """Whether the written score's NS box, and its EW box, is read as the side written:
    marked, more likely than the other, and not both marked (as if left out,
    ocr/score_side.py)."""
    ns, ew = ev.score_side.p.get("NS", 0.0), ev.score_side.p.get("EW", 0.0)
    unread = both_sides_marked(ns, ew)
    return not unread and ns > max(ew, SIDE_MARKED), not unread and ew > max(ns, SIDE_MARKED)


def _scores_log_likelihood(
    ev: RowEvidence, scores: np.ndarray, comb: _Comb | None = None
) -> np.ndarray:
    """log P(score comb and side mark | the row's NS score), for each score in ``scores``
    (``comb``: the row's, when the caller has read it already)."""
    comb = comb or _comb(tuple(ev.score))
    blank = float(comb.table[:, 0].sum()) + ev.score_side.log_exactly(None)
    digits = comb.log_likelihoods(np.abs(scores))
    ns_side = np.logaddexp(
        math.log(1 - _SIDE_FORGOTTEN) + ev.score_side.log_exactly("NS"),
        math.log(_SIDE_FORGOTTEN) + ev.score_side.log_exactly(None),
    )
    ew_side = np.logaddexp(
        math.log(1 - _SIDE_FORGOTTEN) + ev.score_side.log_exactly("EW"),
        math.log(_SIDE_FORGOTTEN) + ev.score_side.log_exactly(None),
    )
    written = digits + np.where(scores > 0, ns_side, ew_side)
    # A zero (passed out) is written "0" with no side, or left blank.
    zero = digits + ev.score_side.log_exactly(None)
    written = np.where(
        scores == 0, np.logaddexp(math.log(0.5) + zero, math.log(0.5) + blank), written
    )
    return np.logaddexp(math.log(_SCORE_WRITTEN) + written, math.log(1 - _SCORE_WRITTEN) + blank)


def _written_score(
    comb: _Comb,
    sides: tuple[bool, bool],
    law_score: int,
    slips: Callable[[], tuple[int, ...]] = tuple,
) -> int | None:
    """The score as written, or None when the comb is blank.

    The digits are read together with the decoded result: when the comb is about as
    likely (within a factor of 20) to show the Law 77 score as any other score a player
    could have written, it is read as the Law 77 score (a 9 that looks a bit like a 4 in
    the right place). Otherwise the box-by-box reading stands, and the row goes to review
    for a score that disagrees with Law 77. The side is never borrowed from Law 77: a
    score clearly marked for the other side (the commonest slip on a traveller) is kept
    as written, so the row goes to review instead of being corrected silently. Where no
    side is read (none marked, or both: ``ocr.score_side``), a score off Law 77 takes the
    result's sign, as the Law 77 score does: the review then shows the number as the table
    wrote it and no side it did not.

    Every duplicate score is a multiple of 10 (Law 77's table: trick scores of 20 and
    30, bonuses and undertricks in tens and hundreds), and so is any slip of a player's
    pen that writes one (a trick or the vulnerability wrong, a sum misadded). A comb
    read box by box as 111 where Law 77 gives 100 is a misread 0, not a score anybody
    wrote: the other scores weighed against the Law 77 one are the multiples of 10 that
    fit the comb (``_slip_scores``), not the box-by-box reading itself. So is a passed-out
    board's 0 (Law 77 scores it zero): a single glyph read as 6 on a row whose PASS box is
    marked is a misread 0 (the joint decoder has weighed the PASS mark already, and a
    pass-out must be marked for certain, ``unchecked_groups``).

    A played result's ``slips`` give the scores its player would write by mistake
    (``ocr.score_agreement.slip_scores``): the comb is read as the Law 77 score only
    where it agrees with it as surely as a row is accepted, given that 2% of written
    scores are wrong (``ocr/score_agreement.py``, issue 43). They are asked for only
    there (``_agrees``).
    """
    if not comb.written:
        return None
    argmax = int(comb.digits)
    ll_law = float(comb.log_likelihoods(np.array([abs(law_score)]))[0])
    if argmax == abs(law_score):
        ll_best = ll_law
    else:
        at = abs(law_score) // 10 - 1
        if abs(law_score) % 10 == 0 and 0 <= at < len(comb.slips):
            ll_best = comb.best_without(at)
        else:
            ll_best = comb.read_ll
    marked_ns, marked_ew = sides
    if ll_law >= ll_best - math.log(20) and _agrees(comb, law_score, slips()):
        if (law_score > 0 and marked_ew) or (law_score < 0 and marked_ns):
            return -law_score  # the Law 77 figure, written for the other side
        return law_score
    if marked_ew or marked_ns:
        return -argmax if marked_ew else argmax
    return -argmax if law_score < 0 else argmax  # no side read: the result's, as above


def _agrees(comb: _Comb, law_score: int, slips: tuple[int, ...]) -> bool:
    """Does the comb agree with the Law 77 score as surely as a row is accepted, against
    the ``slips`` of its player (``ocr.score_agreement``)? Asked only of a comb that
    reads as the Law 77 score by the factor of 20 (``_written_score``): of most ranked
    results it does not, and their slips (a dozen Law 77 scores each) are never made."""
    # The comb read for the Law 77 score and its slips (each number alone: the same
    # likelihood as read by itself).
    others = tuple(sorted(set(slips) - {abs(law_score)}))
    lls = comb.log_likelihoods(np.array((abs(law_score), *others)))
    return not slips or agreement_of(lls) >= AGREEMENT_CERTAIN


@lru_cache(maxsize=8)
def _slip_scores(width: int) -> tuple[int, ...]:
    """Every score a table could write in a comb of ``width`` boxes: the multiples of 10."""
    return tuple(range(10, 10**width, 10))


@lru_cache(maxsize=256)
def _slip_log_likelihoods(boxes: tuple[DigitBox, ...]) -> np.ndarray:
    """log P(comb shows v) for v = 10, 20, ... (``_slip_scores``), once per comb, though
    every ranked result of a row asks for it (read-only: shared)."""
    table = box_log_table(boxes)
    out = numbers_log_likelihood(table, _slip_scores(table.shape[0]))
    out.flags.writeable = False
    return out


_RESULTS = 20
"""A played result's tricks relative to its contract, -13 to +6, as an index from 0."""


@lru_cache(maxsize=4)
def _decoding_table(vulnerability: Vulnerability) -> tuple[np.ndarray, np.ndarray]:
    """What ``decode_contract`` reads off ``score_table`` for every row, made once a
    vulnerability (read-only): the distinct scores of the played results with the
    pass-out's 0 after them, the comb read for all of them in one call (each score's
    likelihood is its own, as if read alone), and each played result's level, strain,
    doubling, declarer and tricks relative to its contract (-13 to +6) as one flat index
    into their marks' table (``_marks_table``)."""
    li, si, di, ei, ti, _, uniq, _ = score_table(vulnerability)
    contract = ((li * len(STRAINS) + si) * len(DOUBLINGS) + di) * len(SEATS) + ei
    scores_and_zero, at = np.append(uniq, 0), contract * _RESULTS + (ti - (li + 7) + 13)
    for array in (scores_and_zero, at):
        array.flags.writeable = False
    return scores_and_zero, at


def _marks_table(
    lvl: np.ndarray, strain: np.ndarray, dbl: np.ndarray, decl: np.ndarray, res: np.ndarray
) -> np.ndarray:
    """The log-likelihood of the marks of every level, strain, doubling, declarer and
    relative result (7 x 5 x 3 x 4 x 20, flat), each summed in the order a played result's
    are (level + strain + doubling + declarer + result, left to right): read off it, each
    result's sum is the same float as summed term by term over the 5,880 results, in
    8,960 additions (35 + 105 + 420 + 8,400) instead of 23,520 and one look-up instead of
    five."""
    contract = ((lvl[:, None, None] + strain[:, None]) + dbl).ravel()[:, None] + decl
    return (contract.ravel()[:, None] + res).ravel()


def decode_contract(
    ev: RowEvidence, vulnerability: Vulnerability, top: int = 3
) -> ContractDecoding:
    """Rank every legal table result of the row by posterior (see the module docstring)."""
    li, si, di, ei, ti, score, _, inverse = score_table(vulnerability)
    scores_and_zero, marks_at = _decoding_table(vulnerability)
    lvl = np.array([ev.level.log_exactly(x) for x in LEVELS])
    strain = np.array([ev.strain.log_exactly(x) for x in GROUP_OPTIONS["strain"]])
    dbl = np.array([ev.doubling.log_exactly(x) for x in GROUP_OPTIONS["doubling"]])
    decl = np.array([ev.declarer.log_exactly(x) for x in GROUP_OPTIONS["declarer"]])
    # Result relative to the contract: diff = tricks - (level + 6), from -13 to +6.
    res = np.empty(20)
    for diff in range(-13, 7):
        if diff == 0:
            ll = ev.result_sign.log_exactly("=") + ev.result_count.log_exactly(None)
        else:
            sign = "+" if diff > 0 else "-"
            ll = ev.result_sign.log_exactly(sign) + ev.result_count.log_exactly(str(abs(diff)))
        res[diff + 13] = ll
    comb, sides = _comb(tuple(ev.score)), _sides_marked(ev)
    scores_ll = _scores_log_likelihood(ev, scores_and_zero, comb)
    played = (
        _marks_table(lvl, strain, dbl, decl, res)[marks_at] + scores_ll[:-1][inverse]
        + ev.passed_out.log_exactly(None)
    )  # fmt: skip
    passed = (
        ev.passed_out.log_exactly("PASS")
        + ev.level.log_exactly(None)
        + ev.strain.log_exactly(None)
        + ev.doubling.log_exactly(None)
        + ev.declarer.log_exactly(None)
        + ev.result_sign.log_exactly(None)
        + ev.result_count.log_exactly(None)
        + float(scores_ll[-1])  # the comb read as the pass-out's 0
    )
    # The pass-out is one result among 5,881; its prior is that of a typical contract.
    all_ll = np.append(played, passed)
    post = np.exp(all_ll - all_ll.max())
    post /= post.sum()
    order = _largest(post, top)
    unchecked = unchecked_groups(ev, vulnerability, int(order[0]))
    rival = _score_rival(ev, vulnerability, int(order[0]), comb)
    ranked = []
    for k in order:
        if k == len(played):
            ranked.append(((None, None, None, _written_score(comb, sides, 0)), float(post[k])))
            continue
        contract = Contract(int(li[k]) + 1, STRAINS[si[k]], DOUBLINGS[di[k]])
        slips = partial(slip_scores, contract, SEATS[ei[k]], int(ti[k]), vulnerability)
        written = _written_score(comb, sides, int(score[k]), slips)
        ranked.append(((contract, SEATS[ei[k]], int(ti[k]), written), float(post[k])))
    return ContractDecoding(tuple(ranked), unchecked, rival)


def _largest(values: np.ndarray, top: int) -> np.ndarray:
    """The indices of the ``top`` largest values, largest first: ``np.argsort(-values)[:top]``,
    from a partial sort (a fraction of the time on 5,881 results) whenever no tie among
    them or with the next could make the order depend on how the sort breaks ties."""
    neg = -values
    if top < len(neg):
        part = np.argpartition(neg, top)
        head = part[:top][np.argsort(neg[part[:top]])]
        ranked = neg[head]
        if np.all(ranked[1:] > ranked[:-1]) and ranked[-1] < neg[part[top]]:
            return head
    return np.argsort(neg)[:top]


_RIVAL_FACTOR = 3.0
"""How many times as plainly the comb must show a rival's score as the reading's own to
send the row to a person (``_score_rival``): where Kass and Raftery's scale of Bayes
factors (1995) starts "positive" evidence, below which a lean is "not worth more than a
bare mention" (two digits read 0.22 and 0.21); the factor of 20 at which a
comb is read as another score outright (``_written_score``) is where their "strong"
starts. On 600 TRAINING pages a condition, none of whose rows was accepted wrong, the rule
sends 2-10 rows a condition more to a person (0.03-0.15% of the written rows). Weighing
every neighbour's score, not only the one the comb reads as, with a factor of 1 would
send 26-50, and 4 of the sample evening's 151 accepted rows, every one a near tie of two
digits (0.22 against 0.21); with the factor of 3, none of them."""


def _score_rival(
    ev: RowEvidence, vulnerability: Vulnerability, best: int, comb: _Comb
) -> int | None:
    """The NS score the written comb reads as, when that is the score of a result one
    misread mark away from result ``best`` (an index of ``score_table``;
    ``ocr.results_table.marks_apart``) and the comb shows it ``_RIVAL_FACTOR`` times as
    plainly as ``best``'s own; else None (no score written, or the comb reads as the
    reading's score or one no single misread mark gives).

    The marks and the written score are two readings of one table result. In the joint
    posterior a box read as marked for certain outweighs any comb (its odds reach 10^4, a
    digit's 90), so a mark misread for certain is never outvoted by the score the table
    wrote. Where the comb, read as a number on its own (the multiple of 10 it shows best,
    ``_slip_scores``), is the score of a result one misread mark gives (a mark missed or
    seen where there is none, or seen in the box next to its own), the two readings
    disagree on exactly what one misread mark would change, and a person decides. Seen on
    TEST sets (issue 13), accepted wrong before: 4NTXX-1 (-400) for 4NT-1, light checks
    read as XX, whose written 100 reads 12 times as plainly as 400; 4H-1 (+100) for 4H-2,
    whose 200 reads 9.6 times as plainly as 100. A comb that reads as a score no single
    mark gives is a misread digit and decides nothing: 520 for 4S= vulnerable (620), and
    (sixteenth round) 420 for 5D= not vulnerable (400): 5D+1 is one mark group away, but
    reading it takes "=" read for "+" and a count of tricks not seen at all. Until then a
    result one mark group away counted.
    """
    if not comb.written:
        return None
    read = comb.read
    _, scores = group_values(vulnerability)
    if read == abs(scores[best]):
        return None
    hits = scores[(marks_apart(vulnerability, best) == 1) & (np.abs(scores) == read)]
    # the NS scores among them in order, as np.unique gives them (which would import
    # numpy.ma on a process's first page, some 10 ms of a cold ``scan read``)
    near = np.array([s for s in (-read, read) if (hits == s).any()], scores.dtype)
    if not len(near):
        return None
    ll = _scores_log_likelihood(ev, np.append(near, scores[best]), comb)
    k = int(np.argmax(ll[:-1]))
    return int(near[k]) if ll[k] - ll[-1] >= math.log(_RIVAL_FACTOR) else None
