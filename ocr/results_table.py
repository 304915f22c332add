"""Every table result a traveller row can record, its Law 77 score and its mark groups.

The row decoder (ocr/decode.py) weighs all of them against what a row shows, and asks
which results a single misread mark would give instead (``marks_apart``); the review queue
(pipeline/doors/scans/review_queue.py) offers a person the results nearest the marks, in
mark groups, that give the score read from the crop (``results_with_score``). Both ask the
same table here.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from scoring.board import Vulnerability
from scoring.contract import Contract, Doubling, Seat, Side, Strain
from scoring.law77 import ns_score

__all__ = [
    "DOUBLINGS",
    "SEATS",
    "STRAINS",
    "group_values",
    "groups_apart",
    "marks_apart",
    "result_index",
    "results_with_score",
    "score_table",
]

STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
DOUBLINGS = (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)
SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


@lru_cache(maxsize=4)
def score_table(vulnerability: Vulnerability) -> tuple[np.ndarray, ...]:
    """All 5,880 played results: index arrays (level, strain, doubling, declarer, tricks),
    the NS score Law 77 gives each on a board of this vulnerability, and the distinct
    scores with the index of each result's score among them."""
    shape = (7, len(STRAINS), len(DOUBLINGS), len(SEATS), 14)
    scores = np.stack([_seat_scores(seat.side, vulnerability.is_vulnerable(seat))
                       for seat in SEATS], axis=3)  # fmt: skip
    arr = np.empty((len(scores.flat), 6), np.int64)
    arr[:, :5] = np.indices(shape).reshape(5, -1).T
    arr[:, 5] = scores.ravel()
    uniq, inverse = np.unique(arr[:, 5], return_inverse=True)
    return (*(arr[:, i] for i in range(6)), uniq, inverse)


@lru_cache(maxsize=4)
def _seat_scores(side: Side, vulnerable: bool) -> np.ndarray:
    """``ns_score`` of every contract (level, strain, doubling) and tricks, declared from
    ``side`` while it is ``vulnerable`` or not: the same for both seats of a side and on
    every board where that side's vulnerability is the same, so the four boards'
    tables ask Law 77 for 4 x 1,470 scores in all, not 4 x 5,880 (a process's first
    page made its board's table in 18 ms of CPU; ``score_table`` the same arrays)."""
    declarer = Seat.NORTH if side is Side.NS else Seat.EAST
    board = Vulnerability.BOTH if vulnerable else Vulnerability.NONE
    contracts = [[[Contract(level, strain, doubling) for doubling in DOUBLINGS]
                  for strain in STRAINS]
                 for level in range(1, 8)]  # fmt: skip
    # each contract made once for its 14 results, not once a result: a fifth of the CPU
    return np.array([[[[ns_score(contract, declarer, tricks, board) for tricks in range(14)]
                       for contract in by_strain]
                      for by_strain in by_level]
                     for by_level in contracts], np.int64)  # fmt: skip


def result_index(contract: Contract, declarer: Seat, tricks: int) -> int:
    """The index of a played result in ``score_table``."""
    index = contract.level - 1
    index = index * len(STRAINS) + STRAINS.index(contract.strain)
    index = index * len(DOUBLINGS) + DOUBLINGS.index(contract.doubling)
    index = index * len(SEATS) + SEATS.index(declarer)
    return index * 14 + tricks


@lru_cache(maxsize=4)
def group_values(vulnerability: Vulnerability) -> tuple[dict[str, np.ndarray], np.ndarray]:
    """Each mark group's value for every result of ``score_table`` (index n = passed out:
    -1, no box; the result as marked is tricks over or under the contract, = being 0), and
    every result's NS score (0 passed out); computed once, read-only."""
    li, si, di, ei, ti, score, _, _ = score_table(vulnerability)
    n = len(li)
    diff = ti - (li + 7)
    values = {
        "passed_out": np.append(np.zeros(n, np.int64), 1),
        "level": np.append(li, -1),
        "strain": np.append(si, -1),
        "doubling": np.append(di, -1),
        "declarer": np.append(ei, -1),
        "result": np.append(diff, -99),
    }
    scores = np.append(score, 0)
    for array in (*values.values(), scores):
        array.flags.writeable = False
    return values, scores


def groups_apart(vulnerability: Vulnerability, best: int) -> np.ndarray:
    """In how many mark groups (passed out, level, strain, doubling, declarer, result)
    every result of ``group_values`` differs from result ``best``: how many groups a
    person would have to have misread for it to be the table's result."""
    values, _ = group_values(vulnerability)
    return sum((vals != vals[best]).astype(np.int8) for vals in values.values())


def marks_apart(vulnerability: Vulnerability, best: int) -> np.ndarray:
    """How many boxes a reader must have misread for every result of ``group_values`` to be
    the table's when it read result ``best`` (a played one): per group, 0 where they
    agree; 1 for a mark missed or seen where there is none (no doubling against X, "="
    against a count of tricks) or seen in the box next to its own (4 for 3, H for S, E
    for N, + for =, 2 for 1); 2 for a mark seen in a box further away (a missed mark
    and a stray one). The result is its sign and its count of tricks, two fields of the
    form. Passed out is never one misread away (99)."""
    values, _ = group_values(vulnerability)
    far = np.zeros(len(values["level"]), np.int64)
    for name in ("level", "strain", "declarer"):
        step = np.abs(values[name] - values[name][best])
        far += np.minimum(step, 2)
    far += values["doubling"] != values["doubling"][best]
    diff = values["result"]
    sign = np.where(diff == 0, 0, np.where(diff > 0, 1, 2))  # the form's = + -
    far += np.abs(sign - sign[best])
    count, own = np.abs(diff), abs(int(diff[best]))
    step = np.abs(count - own)
    one_blank = (count == 0) | (own == 0)
    far += np.where(step == 0, 0, np.where(one_blank | (step == 1), 1, 2))
    far[values["passed_out"] == 1] = 99
    return far


def results_with_score(
    vulnerability: Vulnerability, contract: Contract, declarer: Seat, tricks: int, score: int,
    within: int,
) -> list[tuple[Contract, Seat, int]]:  # fmt: skip
    """The played results giving NS ``score`` that differ from the one given in at most
    ``within`` mark groups, fewest first (then in ``score_table``'s order)."""
    li, si, di, ei, ti, scores, _, _ = score_table(vulnerability)
    apart = groups_apart(vulnerability, result_index(contract, declarer, tricks))[:-1]
    hits = np.flatnonzero((scores == score) & (apart <= within))
    order = hits[np.argsort(apart[hits], kind="stable")]
    return [
        (Contract(int(li[k]) + 1, STRAINS[si[k]], DOUBLINGS[di[k]]), SEATS[ei[k]], int(ti[k]))
        for k in order
    ]
