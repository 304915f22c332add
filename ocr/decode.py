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

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial

import numpy as np

from ocr.mark_groups import GROUP_OPTIONS, LEVELS, MarkGroup, RowEvidence
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
from ocr.score_comb import ScoreComb, ScoreWhere, score_comb, score_where
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


@lru_cache(maxsize=16)
def _table_where(vulnerability: Vulnerability, tens: int) -> ScoreWhere:
    """``score_where`` of a vulnerability's scores (``_decoding_table``), once for every row of
    the board read with a comb of that width (read-only)."""
    where = score_where(_decoding_table(vulnerability)[0], tens)
    for array in (where.take, where.other, where.positive, where.zero):
        array.flags.writeable = False
    return where


def _sides_marked(ev: RowEvidence) -> tuple[bool, bool]:
    """Whether the written score's NS box, and its EW box, is read as the side written:
    marked, more likely than the other, and not both marked (as if left out,
    ocr/score_side.py)."""
    ns, ew = ev.score_side.p.get("NS", 0.0), ev.score_side.p.get("EW", 0.0)
    unread = both_sides_marked(ns, ew)
    return not unread and ns > max(ew, SIDE_MARKED), not unread and ew > max(ns, SIDE_MARKED)


def _scores_log_likelihood(
    ev: RowEvidence,
    scores: np.ndarray,
    comb: ScoreComb | None = None,
    where: ScoreWhere | None = None,
) -> np.ndarray:
    """log P(score comb and side mark | the row's NS score), for each score in ``scores``
    (``comb``: the row's, when the caller has read it already; ``where``: ``score_where`` of
    ``scores``, ``_table_where`` for a board's)."""
    comb = comb or score_comb(tuple(ev.score))
    where = where or score_where(scores, len(comb.tens))
    blank = comb.blank + ev.score_side.log_exactly(None)
    digits = comb.log_likelihoods(scores, where)
    ns_side, ew_side = _side_terms(ev.score_side)
    written = digits + np.where(where.positive, ns_side, ew_side)
    # A zero (passed out) is written "0" with no side, or left blank: weighed where a
    # score is 0 only (element by element, the same floats as over every score).
    if len(where.zero):
        as_zero = digits[where.zero] + ev.score_side.log_exactly(None)
        written[where.zero] = np.logaddexp(math.log(0.5) + as_zero, math.log(0.5) + blank)
    return np.logaddexp(math.log(_SCORE_WRITTEN) + written, math.log(1 - _SCORE_WRITTEN) + blank)


def _side_terms(side: MarkGroup) -> tuple[float, float]:
    """log P(the side marks | an NS score written), and the same for an EW score: its own
    box marked, or (``_SIDE_FORGOTTEN``) none. Kept on the group (``MarkGroup.kept``): the
    side boxes of most rows read as another row's did."""
    terms: tuple[float, float] | None = side.kept.get(_side_terms)
    if terms is None:
        none = math.log(_SIDE_FORGOTTEN) + side.log_exactly(None)
        terms = side.kept[_side_terms] = (
            np.logaddexp(math.log(1 - _SIDE_FORGOTTEN) + side.log_exactly("NS"), none),
            np.logaddexp(math.log(1 - _SIDE_FORGOTTEN) + side.log_exactly("EW"), none),
        )
    return terms


def _written_score(
    comb: ScoreComb,
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
    fit the comb (``slip_values``), not the box-by-box reading itself. So is a passed-out
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
    ll_law = comb.log_likelihood(abs(law_score))
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


def _agrees(comb: ScoreComb, law_score: int, slips: tuple[int, ...]) -> bool:
    """Does the comb agree with the Law 77 score as surely as a row is accepted, against
    the ``slips`` of its player (``ocr.score_agreement``)? Asked only of a comb that
    reads as the Law 77 score by the factor of 20 (``_written_score``): of most ranked
    results it does not, and their slips (a dozen Law 77 scores each) are never made."""
    # The comb read for the Law 77 score and its slips (each number alone: the same
    # likelihood as read by itself).
    if not slips:
        return True
    others = sorted(set(slips) - {abs(law_score)})
    lls = np.array([comb.log_likelihood(v) for v in (abs(law_score), *others)])
    return agreement_of(lls) >= AGREEMENT_CERTAIN


_RESULTS = 20
"""A played result's tricks relative to its contract, -13 to +6, as an index from 0."""
_SIGNS = ("-", "=", "+")
_SIGN_OF = np.repeat([0, 1, 2], [13, 1, 6])
"""Each relative result's sign (-13 to +6), as an index of ``_SIGNS``."""
_COUNTS = (*(str(abs(d)) for d in range(-13, 0)), None, *(str(d) for d in range(1, 7)))
"""Each relative result's count of tricks (-13 to +6): none for "="."""


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
    inverse = score_table(vulnerability)[7]
    scores_and_zero, marks_at = _decoding_table(vulnerability)
    lvl = ev.level.logs_exactly(LEVELS)
    strain = ev.strain.logs_exactly(GROUP_OPTIONS["strain"])
    dbl = ev.doubling.logs_exactly(GROUP_OPTIONS["doubling"])
    decl = ev.declarer.logs_exactly(GROUP_OPTIONS["declarer"])
    # Result relative to the contract: diff = tricks - (level + 6), from -13 to +6: its
    # sign's marks and its count's (none for "=")
    res = ev.result_sign.logs_exactly(_SIGNS)[_SIGN_OF] + ev.result_count.logs_exactly(_COUNTS)
    comb, sides = score_comb(tuple(ev.score)), _sides_marked(ev)
    where = _table_where(vulnerability, len(comb.tens))
    scores_ll = _scores_log_likelihood(ev, scores_and_zero, comb, where)
    # every result's log-likelihood, the pass-out's last: in place, without copies
    all_ll = np.empty(len(marks_at) + 1)
    played = all_ll[:-1]
    np.take(_marks_table(lvl, strain, dbl, decl, res), marks_at, out=played)
    played += scores_ll[inverse]
    played += ev.passed_out.log_exactly(None)
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
    all_ll[-1] = passed
    post = np.subtract(all_ll, all_ll.max(), out=all_ll)
    np.exp(post, out=post)
    post /= post.sum()
    order = _largest(post, top)
    unchecked = unchecked_groups(ev, vulnerability, int(order[0]))
    rival = _score_rival(ev, vulnerability, int(order[0]), comb)
    ranked = []
    for k, p in zip(order.tolist(), post[order].tolist(), strict=True):
        if k == len(played):
            ranked.append(((None, None, None, _written_score(comb, sides, 0)), p))
            continue
        contract, declarer, tricks, law = _played_result(vulnerability, k)
        slips = partial(slip_scores, contract, declarer, tricks, vulnerability)
        ranked.append(((contract, declarer, tricks, _written_score(comb, sides, law, slips)), p))
    return ContractDecoding(tuple(ranked), unchecked, rival)


@lru_cache(maxsize=8192)
def _played_result(vulnerability: Vulnerability, k: int) -> tuple[Contract, Seat, int, int]:
    """Played result ``k`` of ``score_table``: its contract, declarer, tricks and Law 77 NS
    score, made once a process for each result ranked (frozen values: shared)."""
    li, si, di, ei, ti, score, _, _ = score_table(vulnerability)
    contract = Contract(int(li[k]) + 1, STRAINS[si[k]], DOUBLINGS[di[k]])
    return contract, SEATS[ei[k]], int(ti[k]), int(score[k])


_NEAR_BEST = 1e-12
"""Posteriors within this factor of the best are sorted first (``_largest``): of 892
decodings of 40 TEST pages, 876 had more than four results so near (15 of the 5,881 in
the median decoding)."""


def _largest(values: np.ndarray, top: int) -> np.ndarray:
    """The indices of the ``top`` largest values, largest first: ``np.argsort(-values)[:top]``,
    from the few near the largest (``_NEAR_BEST``), else a partial sort (a fraction of
    the time on 5,881 results), whenever no tie among them or with the next could make
    the order depend on how the sort breaks ties."""
    near = np.flatnonzero(values > values.max() * _NEAR_BEST)
    if top < len(near):
        # the top + 1 largest are all among them: sorted there, as among all
        neg_near = -values[near]
        order = np.argsort(neg_near)[: top + 1]
        ranked = neg_near[order].tolist()
        if all(a < b for a, b in itertools.pairwise(ranked)):
            return near[order[:top]]
        return np.argsort(-values)[:top]
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
    ev: RowEvidence, vulnerability: Vulnerability, best: int, comb: ScoreComb
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
    ``slip_values``), is the score of a result one misread mark gives (a mark missed or
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
    # the NS scores among them in order, as np.unique gives them (which would import
    # numpy.ma on a process's first page, some 10 ms of a cold ``scan read``)
    one_mark = _one_mark_scores(vulnerability, best)
    near = np.array([s for s in (-read, read) if s in one_mark], scores.dtype)
    if not len(near):
        return None
    ll = _scores_log_likelihood(ev, np.append(near, scores[best]), comb)
    k = int(np.argmax(ll[:-1]))
    return int(near[k]) if ll[k] - ll[-1] >= math.log(_RIVAL_FACTOR) else None


@lru_cache(maxsize=2048)
def _one_mark_scores(vulnerability: Vulnerability, best: int) -> frozenset[int]:
    """The NS scores of the results one misread mark away from result ``best``
    (``marks_apart``): a function of the board's vulnerability and the result alone, found
    once a process for each result read."""
    _, scores = group_values(vulnerability)
    return frozenset(scores[marks_apart(vulnerability, best) == 1].tolist())
