"""A board's hand record laid out for its page: the compass diagram of the four hands
(holdings as written, ``T`` shown as ``10``, high-card points), the double-dummy table and
the par, as the board page's template shows them (``pages.site_pages``).
"""

from __future__ import annotations

from dataclasses import dataclass

from pipeline.events.hand_records import STRAIN_ORDER, HandRecord
from scoring.contract import Seat

__all__ = ["HandDiagram", "HandView", "SuitHolding", "hand_diagram"]


@dataclass(frozen=True)
class SuitHolding:
    """One suit of a hand as shown: its name (for screen readers), symbol and cards."""

    name: str
    symbol: str
    cards: str


@dataclass(frozen=True)
class HandView:
    """One seat of the diagram: ``North``, its grid area, high-card points and suits."""

    seat: str
    area: str
    hcp: int
    suits: tuple[SuitHolding, ...]


@dataclass(frozen=True)
class HandDiagram:
    """A board's four hands for the compass diagram, with double dummy and par if known."""

    hands: tuple[HandView, ...]
    strains: tuple[SuitHolding, ...]  # the double-dummy columns (cards blank)
    double_dummy: tuple[tuple[str, tuple[int, ...]], ...]  # (declarer, tricks per strain)
    par: str


_SUITS = (("spades", "♠"), ("hearts", "♥"), ("diamonds", "♦"), ("clubs", "♣"))
_SEATS = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}


def hand_diagram(record: HandRecord) -> HandDiagram:
    """The hand record laid out for a page (holdings as written, ``T`` shown as ``10``)."""
    hands = []
    for seat in (Seat.NORTH, Seat.WEST, Seat.EAST, Seat.SOUTH):  # the grid's reading order
        hand = record.deal.hand(seat)
        if hand is None:
            continue
        suits = tuple(
            SuitHolding(name, symbol, holding.replace("T", "10") or "—")
            for (name, symbol), holding in zip(_SUITS, hand.suits, strict=True)
        )
        hands.append(HandView(_SEATS[seat], _SEATS[seat].lower(), hand.hcp(), suits))
    strains = tuple(
        SuitHolding("notrump", "NT", "") if strain.value == "NT"
        else next(SuitHolding(n, sym, "") for n, sym in _SUITS if n[0].upper() == strain.value)
        for strain in STRAIN_ORDER
    )  # fmt: skip
    table: tuple[tuple[str, tuple[int, ...]], ...] = ()
    if record.double_dummy is not None:
        table = tuple(
            (seat.value, tuple(record.double_dummy.get(strain, seat) for strain in STRAIN_ORDER))
            for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
        )
    return HandDiagram(
        hands=tuple(hands),
        strains=strains,
        double_dummy=table,
        par="" if record.par is None else str(record.par),
    )
