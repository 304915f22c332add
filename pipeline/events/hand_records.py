"""Hand records: the deals of a session's boards, beside the event they were played in.

A club with a dealing machine has the deal file of the session (read by
``pipeline.interop.deals``); each board becomes a :class:`HandRecord` (dealer and
vulnerability as the file says, else Law 2 from the board number). With endplay (the DDS
double-dummy solver, ``endplay.dds``) :func:`analyse` adds the double-dummy table (tricks
for each declarer in each strain) and the par score. The workbook, the site, the PBN export
and the store's corrections all print the same records.

endplay is imported inside ``analyse``, so importing this module is cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pipeline.events.hands import Deal
from scoring.board import Vulnerability
from scoring.contract import Contract, Doubling, Seat, Strain

__all__ = [
    "STRAIN_ORDER",
    "HandRecord",
    "DoubleDummy",
    "Par",
    "MissingSolverError",
    "analyse",
]

STRAIN_ORDER = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


@dataclass(frozen=True)
class DoubleDummy:
    """Tricks each seat takes as declarer in each strain, both sides playing perfectly."""

    tricks: tuple[tuple[Strain, Seat, int], ...]

    def get(self, strain: Strain, declarer: Seat) -> int:
        for s, seat, count in self.tricks:
            if s is strain and seat is declarer:
                return count
        raise KeyError((strain, declarer))


@dataclass(frozen=True)
class Par:
    """The par score from NS's side and the par contracts with their declarers."""

    score_ns: int
    contracts: tuple[tuple[Contract, Seat], ...]

    def __str__(self) -> str:
        played = ", ".join(f"{contract} by {seat.value}" for contract, seat in self.contracts)
        return f"{self.score_ns:+d} ({played})" if played else f"{self.score_ns:+d}"


@dataclass(frozen=True)
class HandRecord:
    """A board of the deal file: dealer and vulnerability (Law 2 unless the file says), deal."""

    board: int
    dealer: Seat
    vulnerability: Vulnerability
    deal: Deal
    location: str
    """Where the deal was read ("deals.pbn:12")."""
    double_dummy: DoubleDummy | None = None
    par: Par | None = None


def _endplay_deal(deal: Deal) -> Any:
    from endplay.types import Deal as EndplayDeal

    return EndplayDeal(deal.pbn())


_VUL = {"NONE": 0, "BOTH": 1, "NS": 2, "EW": 3}  # endplay.types.Vul values
_STRAINS = {"nt": Strain.NOTRUMP, "spades": Strain.SPADES, "hearts": Strain.HEARTS,
            "diamonds": Strain.DIAMONDS, "clubs": Strain.CLUBS}  # fmt: skip
_DOUBLING = {"passed": Doubling.UNDOUBLED, "undoubled": Doubling.UNDOUBLED,
             "doubled": Doubling.DOUBLED, "redoubled": Doubling.REDOUBLED}  # fmt: skip


class MissingSolverError(FileNotFoundError):
    """endplay (the DDS double-dummy solver) is not installed."""


def analyse(records: Sequence[HandRecord]) -> tuple[HandRecord, ...]:
    """The records with double-dummy tables and par scores (endplay.dds, DDS solver).

    All tables are solved in one batch (``calc_all_tables``), which DDS runs on all cores.
    endplay is an optional extra (``pip install 'bridgescan[deals]'``); without it this
    raises ``MissingSolverError`` (a FileNotFoundError: the CLI's "tool missing" exit 3).
    """
    try:
        from endplay.dds import calc_all_tables, par
        from endplay.types import Denom, Player, Vul
    except ImportError:
        raise MissingSolverError(
            "double-dummy analysis needs endplay: pip install 'bridgescan[deals]'"
        ) from None

    if not records:
        return ()
    denoms = {
        Strain.NOTRUMP: Denom.nt,
        Strain.SPADES: Denom.spades,
        Strain.HEARTS: Denom.hearts,
        Strain.DIAMONDS: Denom.diamonds,
        Strain.CLUBS: Denom.clubs,
    }
    players = {Seat.NORTH: Player.north, Seat.EAST: Player.east,
               Seat.SOUTH: Player.south, Seat.WEST: Player.west}  # fmt: skip
    tables = calc_all_tables([_endplay_deal(r.deal) for r in records])
    analysed = []
    for record, table in zip(records, tables, strict=True):
        tricks = tuple(
            (strain, seat, int(table[denoms[strain], players[seat]]))
            for strain in STRAIN_ORDER
            for seat in Seat
        )
        vul = Vul(_VUL[record.vulnerability.name])
        par_list = par(table, vul, players[record.dealer])
        contracts = tuple(
            (
                Contract(c.level, _STRAINS[c.denom.name], _DOUBLING[c.penalty.name]),
                list(Seat)[int(c.declarer)],
            )
            for c in par_list
        )
        analysed.append(
            HandRecord(
                record.board,
                record.dealer,
                record.vulnerability,
                record.deal,
                record.location,
                DoubleDummy(tricks),
                Par(int(par_list.score), contracts),
            )
        )
    return tuple(analysed)
