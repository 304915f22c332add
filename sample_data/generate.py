"""Realistic club results for the sample data, reproducible from a seed.

Real travellers are not random contracts: on most boards most tables reach the same
contract, a few are a level higher or lower or in another strain, the declarer makes it,
goes one off or makes an overtrick, a doubled contract goes down now and then, and a board
is passed out once in a while. This module plays such an evening for any movement and
scores every line with Law 77 (``scoring.law77``), so the numbers are real bridge numbers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from scoring.board import vulnerability_of
from scoring.contract import Contract, Doubling, Seat, Strain
from scoring.law77 import ns_score
from scoring.movement import Movement
from scoring.traveller import TravellerRow

__all__ = ["BoardPlan", "plan_board", "play_session", "FIRST_NAMES", "LAST_NAMES", "names"]

FIRST_NAMES = (
    "Anna", "Bo", "Cecilia", "Dag", "Eva", "Fredrik", "Gunilla", "Hans", "Ingrid", "Jonas",
    "Karin", "Lars", "Maria", "Nils", "Olga", "Per", "Rut", "Sven", "Tove", "Ulf", "Vera",
    "Åke", "Märta", "Östen", "Birgitta", "Göran", "Kerstin", "Leif", "Margareta", "Torbjörn",
    "Solveig", "Björn", "Agneta", "Mats",
)  # fmt: skip
LAST_NAMES = (
    "Berg", "Ek", "Lind", "Holm", "Sjöberg", "Nyström", "Åberg", "Dahl", "Strand", "Lund",
    "Björk", "Falk", "Hedlund", "Wikström", "Sandberg", "Forsberg", "Öberg", "Lindqvist",
    "Engström", "Hellström", "Jansson", "Karlsson", "Nordin", "Persson", "Sundberg",
    "Söderlund", "Vall", "Westin", "Ahlgren", "Blom", "Ceder", "Dufva", "Ekdahl", "Fors",
)  # fmt: skip

_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_STRAIN_WEIGHTS = (30, 24, 22, 12, 12)
_GAME_LEVEL = {
    Strain.NOTRUMP: 3,
    Strain.SPADES: 4,
    Strain.HEARTS: 4,
    Strain.DIAMONDS: 5,
    Strain.CLUBS: 5,
}


def names(count: int, rng: random.Random) -> list[str]:
    """``count`` distinct "First Last" names."""
    pool = [f"{first} {last}" for first in FIRST_NAMES for last in LAST_NAMES]
    return rng.sample(pool, count)


@dataclass(frozen=True)
class BoardPlan:
    """What the field mostly plays on a board: the contract, the declaring seat and the
    tricks the best line brings home."""

    board: int
    contract: Contract
    declarer: Seat
    tricks: int


def plan_board(board: int, rng: random.Random) -> BoardPlan:
    """A board's "normal" result: partscore 45%, game 40%, slam 5%, one-level 10%."""
    strain = rng.choices(_STRAINS, _STRAIN_WEIGHTS)[0]
    kind = rng.choices(("one", "part", "game", "slam"), (10, 45, 40, 5))[0]
    game = _GAME_LEVEL[strain]
    if kind == "one":
        level = 1
    elif kind == "part":
        level = rng.randint(2, max(2, game - 1))
    elif kind == "game":
        level = game
    else:
        level = rng.choice((6, 6, 6, 7))
    declarer = rng.choice(tuple(Seat))
    made = level + 6 + rng.choices((-1, 0, 1, 2), (15, 45, 30, 10))[0]
    return BoardPlan(board, Contract(level, strain), declarer, max(0, min(13, made)))


def _table_result(plan: BoardPlan, rng: random.Random) -> tuple[Contract | None, Seat, int]:
    """One table's variation on the plan."""
    if plan.contract.level <= 2 and rng.random() < 0.04:
        return None, plan.declarer, 0  # passed out
    contract = plan.contract
    declarer = plan.declarer
    roll = rng.random()
    if roll < 0.15 and contract.level < 7:
        contract = Contract(contract.level + 1, contract.strain)
    elif roll < 0.27 and contract.level > 1:
        contract = Contract(contract.level - 1, contract.strain)
    elif roll < 0.35:
        strain = rng.choices(_STRAINS, _STRAIN_WEIGHTS)[0]
        contract = Contract(contract.level, strain)
    if rng.random() < 0.3:
        declarer = Seat.parse({"N": "S", "S": "N", "E": "W", "W": "E"}[str(declarer)])
    tricks = plan.tricks + rng.choices((-1, 0, 1), (18, 64, 18))[0]
    tricks = max(0, min(13, tricks))
    if tricks < contract.tricks_needed and rng.random() < 0.3:
        contract = Contract(contract.level, contract.strain, Doubling.DOUBLED)
    return contract, declarer, tricks


def play_session(movement: Movement, rng: random.Random, section: str = "A") -> list[TravellerRow]:
    """Every traveller row of a session, in (board, round) order, scored by Law 77.

    ``written_score_ns`` is the Law 77 score, as a careful table would write it; the
    sample's irregularities are planted afterwards by the caller.
    """
    rows: list[TravellerRow] = []
    plans = {board: plan_board(board, rng) for board in movement.boards}
    for board in movement.boards:
        for entry in sorted(movement.plays_of(board), key=lambda e: (e.round, e.table)):
            contract, declarer, tricks = _table_result(plans[board], rng)
            if contract is None:
                rows.append(
                    TravellerRow(
                        board,
                        entry.ns,
                        entry.ew,
                        passed_out=True,
                        written_score_ns=0,
                        round=entry.round,
                        table=entry.table,
                        section=section,
                    )
                )
                continue
            score = ns_score(contract, declarer, tricks, vulnerability_of(board))
            rows.append(
                TravellerRow(
                    board,
                    entry.ns,
                    entry.ew,
                    contract,
                    declarer,
                    tricks,
                    written_score_ns=score,
                    round=entry.round,
                    table=entry.table,
                    section=section,
                )
            )
    return rows
