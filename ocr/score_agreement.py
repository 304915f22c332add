"""How surely a written score is the Law 77 score of the row's result (issue 43, item 3).

The written score is the table's check on its own marks: the joint decoding
(``ocr/decode.py``) weighs every legal result against it, and reads the comb as the
Law 77 score of the result it decodes when the comb is about as likely to show that
score as anything else. That reading bends a digit to make the row agree, and it is
right only as often as the players' scores agree with their contracts. They do not
always: a player takes the wrong vulnerability, counts a trick too many or too few, or
forgets the double (Law 79C lets such an error be corrected within the correction
period, so a director must see it). Issue 43 found a row whose player wrote -300 for
3HX-2 vulnerable (-500) accepted as -500: the comb's 3 was pulled to a 5.

So the belief that a row agrees is priced at what players do. Of the rows players write,
``WRITTEN_SCORE_ERROR_RATE`` (2%) carry a written score that is not the Law 77 score of
the result they played: the figure issue 43 gives for real rows. No measured rate is in
the project's docs or the seeds (the seeds have Law 79C, not a rate); the benchmark's
generator writes 1% (``benchmarks/bench_ocr.py``), so 2% is the more cautious of the two
figures at hand: a larger rate of errors bends fewer digits. Such a wrong score is taken
to be the score of the result a player who slipped once would score (``slip_scores``:
the other vulnerability, a trick more or fewer, the other doublings), each equally
likely. A sum misadded (110 for 100) is left out: it may land next to any score, so it
explains every near reading of a digit, and how often players make it nobody here knows;
such a comb is still read by the factor of 20 of ``ocr.decode._written_score`` alone.

The comb is read as the Law 77 score only where, given the comb, the written score
agrees with it at least as surely as a row must be read to be accepted
(``AGREEMENT_CERTAIN``, the acceptance threshold ``ocr.decode.DEFAULT_THRESHOLD``)::

    P(agree | comb) = (1 - e) L(law) / ((1 - e) L(law) + e mean(L(s) for s in slips))

with e the error rate and L(v) the comb's likelihood of showing v (``ocr/combs.py``).
With four slips, one of which the comb shows, the comb is bent to the Law 77 score only
when it shows the slip less than about 1.2 times as plainly (a 0.9 / 0.1 read of the
disputed digit is 8.2 times: not bent; 0.6 / 0.4 is 1.49 times: not bent either).
Otherwise the comb is read as written and the row goes to a person, saying what the
written score does not match. The factor of 20 still holds as well: this only ever
bends fewer digits.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache

import numpy as np

from ocr.combs import numbers_log_likelihood
from ocr.results_table import DOUBLINGS, SEATS, result_index, score_table
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat
from scoring.law77 import ns_score

__all__ = [
    "AGREEMENT_CERTAIN",
    "WRITTEN_SCORE_ERROR_RATE",
    "agreement",
    "agreement_of",
    "mismatch_reason",
    "slip_scores",
]

WRITTEN_SCORE_ERROR_RATE = 0.02
"""The share of rows whose written score is not the Law 77 score of the result played
(issue 43: about 2% of real rows; see the module docstring)."""

AGREEMENT_CERTAIN = 0.995
"""How surely the written score must agree for the comb to be read as the Law 77 score:
the posterior a row needs to be accepted (``ocr.decode.DEFAULT_THRESHOLD``)."""


@lru_cache(maxsize=4096)
def slip_scores(
    contract: Contract, declarer: Seat, tricks: int, vulnerability: Vulnerability
) -> tuple[int, ...]:
    """The scores (as written: without sign) a player who got the row's score wrong
    writes: the same result at another vulnerability, one trick more or fewer, or doubled
    otherwise (undoubled, X, XX). The Law 77 score itself and 0 are left out.

    Kept per result (a few hundred results recur on a stack's rows); its arguments are
    frozen values. Each score is read off the boards' tables of Law 77 scores
    (``ocr.results_table.score_table``, made once a vulnerability from
    ``scoring.law77.ns_score``), where a dozen Law 77 scores were worked out for each."""
    k = result_index(contract, declarer, tricks)
    own = score_table(vulnerability)[5]
    law = abs(int(own[k]))
    out = {abs(int(score_table(v)[5][k])) for v in Vulnerability}
    for t in (tricks - 1, tricks + 1):
        if 0 <= t <= 13:
            out.add(abs(int(own[k + t - tricks])))  # tricks is the table's last axis
    doubled = DOUBLINGS.index(contract.doubling)
    for d in range(len(DOUBLINGS)):
        out.add(abs(int(own[k + (d - doubled) * len(SEATS) * _TRICKS])))
    return tuple(sorted(s for s in out if s > 0 and s != law))


_TRICKS = 14
"""Tricks 0-13: the last axis of ``score_table``, after the declarer's."""


def agreement(table: np.ndarray, law: int, slips: Iterable[int]) -> float:
    """P(the written score is the Law 77 score ``law`` | the comb), where ``table`` is the
    comb's ``box_log_table`` and ``slips`` what a wrong score would be (``slip_scores``)."""
    others = tuple(sorted(set(slips) - {abs(law)}))
    if not others:
        return 1.0
    return agreement_of(numbers_log_likelihood(table, (abs(law), *others)))


def agreement_of(lls: np.ndarray) -> float:
    """``agreement`` from the comb's log-likelihoods of showing the Law 77 score (first)
    and each slip other than it (``ocr.combs.numbers_log_likelihood``, which reads each
    number alone): for a caller that needs the Law 77 score's own likelihood too
    (``ocr.decode._written_score``) and reads the comb once for both."""
    if len(lls) == 1:
        return 1.0
    top = float(lls.max())
    same = (1 - WRITTEN_SCORE_ERROR_RATE) * math.exp(lls[0] - top)
    # their mean, as ``ndarray.mean`` gives it (the sum, divided), without its wrapper
    wrong = WRITTEN_SCORE_ERROR_RATE * (float(np.exp(lls[1:] - top).sum()) / (len(lls) - 1))
    return same / (same + wrong)


def mismatch_reason(
    written: int,
    contract: Contract | None,
    declarer: Seat | None,
    tricks: int | None,
    vulnerability: Vulnerability,
) -> str:
    """The review reason of a row whose written NS score is not its Law 77 score:
    ``written score -300 does not match 3HX-2 by N, vulnerable: -500``."""
    if contract is None or declarer is None or tricks is None:
        return f"written score {written:+d} does not match a passed-out board: 0"
    law = ns_score(contract, declarer, tricks, vulnerability)
    diff = tricks - contract.tricks_needed
    result = "=" if diff == 0 else f"{diff:+d}"
    side = "NS" if declarer in (Seat.NORTH, Seat.SOUTH) else "EW"
    vulnerable = vulnerability in (Vulnerability.BOTH, Vulnerability(side))
    vul = "vulnerable" if vulnerable else "not vulnerable"
    played = f"{contract}{result} by {declarer}, {vul}"
    return f"written score {written:+d} does not match {played}: {law:+d}"
