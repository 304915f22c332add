"""A deal (the four hands of a board) in PBN notation, checked: 13 cards each, no card twice.

PBN 2.1 section 3.4.11 ([Deal]): ``"N:AKQ2.J43.T98.765 ..."`` -- the seat of the first hand,
then the hands clockwise, each as spades.hearts.diamonds.clubs; ``-`` for an unknown hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.contract import Seat

__all__ = ["RANKS", "SUITS", "Hand", "Deal", "DealError"]

RANKS = "AKQJT98765432"
SUITS = ("S", "H", "D", "C")
"""Suit order inside a PBN hand: spades, hearts, diamonds, clubs."""


class DealError(ValueError):
    """A deal that is not four hands of 13 different cards."""


@dataclass(frozen=True)
class Hand:
    """Thirteen cards as four suit holdings, ranks high to low ("AKT2")."""

    spades: str
    hearts: str
    diamonds: str
    clubs: str

    def __post_init__(self) -> None:
        for suit, holding in zip(SUITS, self.suits, strict=True):
            if any(rank not in RANKS for rank in holding) or len(set(holding)) != len(holding):
                raise DealError(f"suit {suit} holding {holding!r} is not distinct ranks AKQJT9-2")
        if sum(len(holding) for holding in self.suits) != 13:
            raise DealError(f"hand {self.pbn()} has {self.card_count} cards, not 13")

    @property
    def suits(self) -> tuple[str, str, str, str]:
        return (self.spades, self.hearts, self.diamonds, self.clubs)

    @property
    def card_count(self) -> int:
        return sum(len(holding) for holding in self.suits)

    def cards(self) -> frozenset[str]:
        """Cards as suit+rank ("SA", "HT")."""
        return frozenset(
            s + r for s, holding in zip(SUITS, self.suits, strict=True) for r in holding
        )

    def hcp(self) -> int:
        """High-card points (A4 K3 Q2 J1), printed on hand records."""
        points = {"A": 4, "K": 3, "Q": 2, "J": 1}
        return sum(points.get(rank, 0) for holding in self.suits for rank in holding)

    def pbn(self) -> str:
        return ".".join(self.suits)

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read "AKQ2.J43.T98.765" (also "10" for the ten, lower case, "-" for a void)."""
        parts = text.strip().upper().replace("10", "T").split(".")
        if len(parts) != 4:
            raise DealError(f"hand {text!r} needs four suits separated by '.'")
        holdings = []
        for part in parts:
            holding = "" if part in ("-", "") else part
            if any(rank not in RANKS for rank in holding):
                raise DealError(f"hand {text!r}: {part!r} is not a holding of ranks AKQJT9-2")
            holdings.append("".join(sorted(holding, key=RANKS.index)))
        return cls(*holdings)


@dataclass(frozen=True)
class Deal:
    """The four hands in seat order N, E, S, W; a hand is None when the file leaves it out."""

    north: Hand | None
    east: Hand | None
    south: Hand | None
    west: Hand | None

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for seat, hand in zip(Seat, self.hands, strict=True):
            if hand is None:
                continue
            twice = seen & hand.cards()
            if twice:
                raise DealError(f"{seat.name.lower()} holds {sorted(twice)} already dealt")
            seen |= hand.cards()

    @property
    def hands(self) -> tuple[Hand | None, Hand | None, Hand | None, Hand | None]:
        return (self.north, self.east, self.south, self.west)

    def hand(self, seat: Seat) -> Hand | None:
        return self.hands[list(Seat).index(seat)]

    @property
    def complete(self) -> bool:
        return all(hand is not None for hand in self.hands)

    def pbn(self, first: Seat = Seat.NORTH) -> str:
        """The PBN [Deal] value, starting with ``first``."""
        order = list(Seat)
        start = order.index(first)
        seats = [order[(start + i) % 4] for i in range(4)]
        hands = [self.hand(seat) for seat in seats]
        return f"{first.value}:" + " ".join("-" if h is None else h.pbn() for h in hands)

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read a PBN deal: "N:hand hand hand hand" (first seat N/E/S/W, hands clockwise)."""
        raw = text.strip()
        if len(raw) < 2 or raw[1] != ":":
            raise DealError(f"deal {text!r} must start with the first seat, e.g. 'N:'")
        first = Seat.parse(raw[0])
        parts = raw[2:].split()
        if len(parts) != 4:
            raise DealError(f"deal {text!r} needs four hands (use '-' for an unknown hand)")
        order = list(Seat)
        start = order.index(first)
        by_seat: dict[Seat, Hand | None] = {}
        for i, part in enumerate(parts):
            seat = order[(start + i) % 4]
            try:
                by_seat[seat] = None if part == "-" else Hand.parse(part)
            except DealError as error:
                raise DealError(f"{seat.name.lower()}: {error}") from None
        return cls(*(by_seat[seat] for seat in order))
