"""Plausible table results for synthetic travellers.

Not a bridge simulation, only a realistic mix for reading tests: mostly games and
part-scores that make or go one down, some doubled (rarely redoubled) contracts that go
down more often, a few slams and the occasional passed-out board. Scores are Law 77
(scoring.law77.ns_score) for the board's vulnerability (Law 2, scoring.board).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from scoring.board import vulnerability_of
from scoring.contract import Contract, Doubling, Seat, Side, Strain
from scoring.law77 import ns_score

from .truth import RowTruth

__all__ = ["OFF_LINE_FILLS", "PairSlot", "filled_off_line", "random_row", "random_rows",
           "mitchell_slots"]  # fmt: skip

_LEVELS = (1, 2, 3, 4, 5, 6, 7)
_LEVEL_W = (0.10, 0.20, 0.22, 0.30, 0.08, 0.08, 0.02)
# strain weights C, D, H, S, NT per level: 3NT, 4 of a major and 5 of a minor dominate
_STRAIN_W = {
    1: (0.15, 0.15, 0.2, 0.2, 0.3),
    2: (0.2, 0.2, 0.25, 0.25, 0.1),
    3: (0.12, 0.12, 0.13, 0.13, 0.5),
    4: (0.04, 0.04, 0.42, 0.42, 0.08),
    5: (0.38, 0.38, 0.08, 0.08, 0.08),
    6: (0.15, 0.15, 0.25, 0.25, 0.2),
    7: (0.15, 0.15, 0.25, 0.25, 0.2),
}
_STRAINS = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
_DELTA = (-4, -3, -2, -1, 0, 1, 2, 3)
_DELTA_W = (0.01, 0.03, 0.08, 0.2, 0.38, 0.22, 0.06, 0.02)
_DELTA_DOUBLED_W = (0.04, 0.1, 0.18, 0.3, 0.28, 0.08, 0.02, 0.0)


@dataclass(frozen=True)
class PairSlot:
    """Who the movement sends to a board in a round (pre-printed on the form row)."""

    round: int | None
    ns_pair: int
    ew_pair: int
    players: tuple[int, int, int, int] | None = None  # an individual's N, S, E, W


def mitchell_slots(board: int, tables: int) -> list[PairSlot]:
    """A simple Mitchell-like slot list: in round r, NS pair r meets EW pair tables+...

    Good enough for synthetic pages (each pair once per board, NS 1..n, EW n+1..2n); real
    sessions take their slots from the movement.
    """
    return [PairSlot(r, r, tables + 1 + (r - 1 + board) % tables) for r in range(1, tables + 1)]


def random_row(
    board: int,
    row: int,
    slot: PairSlot,
    rng: np.random.Generator,
    *,
    printed: bool = True,
    pairs_changed_rate: float = 0.03,
    passed_out_rate: float = 0.02,
    score_error_rate: float = 0.0,
    score_omitted_rate: float = 0.0,
    pair_pool: Sequence[int] = (),
) -> RowTruth:
    """One table's result: contract, declarer, tricks and the Law 77 score.

    ``score_error_rate`` is the share of rows where the player writes a wrong score (a
    neighbouring Law 77 value), to exercise the reader's consistency check;
    ``score_omitted_rate`` the share where no score is written at all.
    """
    ns, ew = slot.ns_pair, slot.ew_pair
    changed = False
    if printed and rng.random() < pairs_changed_rate:
        # the pairs sat the wrong way round, or another pair played here
        changed = True
        if rng.random() < 0.6:
            ns, ew = ew, ns
        else:
            top = max([*pair_pool, ns, ew]) + 2
            others = [p for p in range(1, top + 1) if p not in (ns, ew)]
            ns = int(rng.choice(others))
    vul = vulnerability_of(board)
    if rng.random() < passed_out_rate:
        written = 0 if rng.random() < 0.4 else None
        return RowTruth(
            row,
            slot.round,
            ns,
            ew,
            slot.ns_pair if printed else None,
            slot.ew_pair if printed else None,
            changed,
            None,
            None,
            None,
            0,
            written,
            None,
        )
    level = int(rng.choice(_LEVELS, p=_LEVEL_W))
    strain = _STRAINS[int(rng.choice(5, p=_STRAIN_W[level]))]
    u = rng.random()
    doubling = (
        Doubling.REDOUBLED if u < 0.007 else Doubling.DOUBLED if u < 0.08 else Doubling.UNDOUBLED
    )
    contract = Contract(level, strain, doubling)
    weights = _DELTA_W if doubling is Doubling.UNDOUBLED else _DELTA_DOUBLED_W
    delta = int(rng.choice(_DELTA, p=weights))
    tricks = min(13, max(0, contract.tricks_needed + delta))
    declarer = list(Seat)[int(rng.integers(4))]
    score = ns_score(contract, declarer, tricks, vul)
    written = abs(score)
    if rng.random() < score_error_rate:
        # a slip of the pen: a neighbouring value (e.g. 420 for 450, 200 for 100)
        offsets = [o for o in (-30, 30, 100, -100, 10, 20) if abs(score) + o > 0]
        written = abs(score) + int(rng.choice(offsets))
    if rng.random() < score_omitted_rate:
        written = None  # the table did not write the score
    side = Side.NS if score > 0 else Side.EW
    return RowTruth(
        row=row,
        round=slot.round,
        ns_pair=ns,
        ew_pair=ew,
        printed_ns=slot.ns_pair if printed else None,
        printed_ew=slot.ew_pair if printed else None,
        pairs_changed=changed,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        ns_score=score,
        written_score=written,
        score_side=side,
    )


def random_rows(
    board: int,
    slots: Sequence[PairSlot],
    rng: np.random.Generator,
    *,
    printed: bool = True,
    score_error_rate: float = 0.0,
    score_omitted_rate: float = 0.0,
) -> tuple[RowTruth, ...]:
    """A result for every slot, on form rows 1, 2, ... in slot order."""
    pool = sorted({p for s in slots for p in (s.ns_pair, s.ew_pair)})
    return tuple(
        random_row(
            board,
            i,
            s,
            rng,
            printed=printed,
            score_error_rate=score_error_rate,
            score_omitted_rate=score_omitted_rate,
            pair_pool=pool,
        )  # fmt: skip
        for i, s in enumerate(slots, start=1)
    )


OFF_LINE_FILLS = ("swapped", "shifted", "bottom-up")
"""How a blank traveller is filled off the movement's line order (``filled_off_line``)."""


def filled_off_line(
    rows: Sequence[RowTruth], rng: np.random.Generator, share: float, lines: int = 15
) -> tuple[RowTruth, ...]:
    """A blank traveller's rows (on lines 1, 2, ... in the order the board is played), with
    chance ``share`` filled off that order as players may (issue 43): two rows swapped (a
    table that wrote on another's line), every row a line down (the first line left
    blank), or from the form's last line up. A shift that would leave the form's ``lines``
    fills from the bottom instead. The reader's line prior (``ocr/meeting_lines.py``) must
    never accept such a row with the wrong pairs."""
    if len(rows) < 2 or rng.random() >= share:
        return tuple(rows)
    how = OFF_LINE_FILLS[int(rng.integers(len(OFF_LINE_FILLS)))]
    on = [r.row for r in rows]
    if how == "swapped":
        i, j = (int(k) for k in rng.choice(len(rows), 2, replace=False))
        on[i], on[j] = on[j], on[i]
    elif how == "shifted" and max(on) < lines:
        on = [line + 1 for line in on]
    else:
        on = [lines + 1 - line for line in on]
    return tuple(replace(r, row=line) for r, line in zip(rows, on, strict=True))
