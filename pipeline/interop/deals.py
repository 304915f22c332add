"""Deal files, hand records, and double-dummy analysis with endplay.

A club with a dealing machine has the deal file of the session. We read it as PBN (every
dealing program writes PBN: games with [Board] and [Deal]) or as plain text with one
``<board> <PBN deal>`` per line. Each board becomes a :class:`HandRecord`; with endplay
(the DDS double-dummy solver, ``endplay.dds``) it gains the double-dummy table (tricks for
each declarer in each strain) and the par score. :func:`add_hand_records_sheet` puts them on
a sheet of an openpyxl workbook for the result workbook.

endplay is imported inside the functions that need it, so importing this module is cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pipeline.interop.hands import Deal, DealError
from pipeline.interop.pbn_syntax import parse_pbn
from pipeline.interop.records import InteropError, Location
from scoring.board import Vulnerability, dealer_of, vulnerability_of
from scoring.contract import Contract, Doubling, Seat, Strain

__all__ = [
    "HandRecord",
    "DoubleDummy",
    "Par",
    "read_deal_file",
    "read_deals",
    "analyse",
    "add_hand_records_sheet",
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
    location: Location
    double_dummy: DoubleDummy | None = None
    par: Par | None = None


def read_deal_file(path: str | Path) -> tuple[HandRecord, ...]:
    """Read a deal file: PBN, or text lines ``<board> <PBN deal>``; errors name file and line."""
    path = Path(path)
    return read_deals(path.read_bytes(), str(path))


def read_deals(data: bytes, source: str = "<deals>") -> tuple[HandRecord, ...]:
    text = data.decode("utf-8-sig", errors="replace")
    if "[" in text:
        return _from_pbn(data, source)
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split(";", 1)[0].strip()
        if not line:
            continue
        where = Location(source, number)
        board_text, _, deal_text = line.partition(" ")
        try:
            board = int(board_text)
            deal = Deal.parse(deal_text)
        except ValueError as error:
            raise InteropError(where, f"expected '<board> N:<hands>': {error}") from None
        try:
            records.append(_record(board, None, None, deal, where))
        except DealError as error:
            raise InteropError(where, str(error)) from None
    return tuple(records)


def _from_pbn(data: bytes, source: str) -> tuple[HandRecord, ...]:
    records = []
    for game in parse_pbn(data, source).games:
        board_text, deal_text = game.value("Board"), game.value("Deal")
        if board_text is None or deal_text is None:
            continue
        tag = game.get("Deal")
        where = Location(source, tag.line if tag else game.line)
        try:
            dealer_text, vul_text = game.value("Dealer"), game.value("Vulnerable")
            records.append(
                _record(
                    int(board_text),
                    Seat.parse(dealer_text) if dealer_text else None,
                    Vulnerability.parse(vul_text) if vul_text else None,
                    Deal.parse(deal_text),
                    where,
                )
            )
        except ValueError as error:
            raise InteropError(where, f"board {board_text}: {error}") from None
    return tuple(records)


def _record(
    board: int,
    dealer: Seat | None,
    vulnerability: Vulnerability | None,
    deal: Deal,
    where: Location,
) -> HandRecord:
    if not deal.complete:
        raise DealError(f"board {board}: a hand record needs all four hands")
    return HandRecord(
        board,
        dealer or dealer_of(board),
        vulnerability or vulnerability_of(board),
        deal,
        where,
    )


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


_HEADER = [
    "Board", "Dealer", "Vulnerable", "Seat", "Spades", "Hearts", "Diamonds", "Clubs", "HCP",
    "NT", "S", "H", "D", "C", "Par (NS)", "Par contracts",
]  # fmt: skip


def add_hand_records_sheet(
    workbook: Any, records: Sequence[HandRecord], title: str = "Hands"
) -> Any:
    """Add a sheet of hand records (and DD tables when analysed) to an openpyxl workbook.

    Cells are plain values (never formulas): holdings like "AKQ2" and numbers.
    """
    sheet = workbook.create_sheet(title)
    sheet.append(_HEADER)
    for record in records:
        for seat in Seat:
            hand = record.deal.hand(seat)
            assert hand is not None
            row: list[object] = [
                record.board, record.dealer.value, record.vulnerability.value, seat.value,
                *(holding or "-" for holding in hand.suits), hand.hcp(),
            ]  # fmt: skip
            if record.double_dummy is not None:
                row += [record.double_dummy.get(strain, seat) for strain in STRAIN_ORDER]
            else:
                row += [None] * 5
            if seat is Seat.NORTH and record.par is not None:
                played = ", ".join(f"{c} by {seat.value}" for c, seat in record.par.contracts)
                row += [record.par.score_ns, played]
            sheet.append(row)
    return sheet
