"""Contracts and results as players write them on a traveller (Laws 18-22, 77).

Parsing accepts English and Scandinavian notation; ``str()`` always writes the canonical
English form (``4HX``, ``3NT``, ``N``), so parse/format round-trips.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import Enum

from scoring.errors import CardError, ContractError, SeatError, TricksError

__all__ = [
    "Strain",
    "Doubling",
    "Side",
    "Seat",
    "Contract",
    "parse_contract",
    "parse_tricks",
    "format_result",
    "parse_card",
    "card_text",
    "PASS_WORDS",
]

PASS_WORDS = frozenset(
    {"PASS", "P", "-", "AP", "PASSED", "PASSED OUT", "ALL PASS", "PASS OUT", "PASSET", "PASS PASS"}
)
"""What a traveller may say for a board passed out (English and Scandinavian)."""


def _fold(text: str) -> str:
    """Upper-case, trimmed, with Nordic letters kept and other accents removed."""
    text = unicodedata.normalize("NFC", text.strip()).upper()
    return text.replace("Ö", "Ø").replace("Ä", "Æ")


class Strain(Enum):
    """The denomination of a contract, in rank order (Law 18)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    def __str__(self) -> str:
        return self.value

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Read a strain: C/D/H/S/NT, suit symbols, Scandinavian K/R/H/S and UT/SA/G/NT."""
        key = _fold(text).rstrip(".")
        try:
            return _STRAIN_WORDS[key]
        except KeyError:
            raise ContractError(f"unknown strain {text!r} (expected C, D, H, S or NT)") from None


_STRAIN_WORDS: dict[str, Strain] = {
    **{w: Strain.CLUBS for w in ("C", "♣", "K", "KL", "CLUB", "CLUBS", "KLØVER", "KLØR", "KLÖVER")},
    **{w: Strain.DIAMONDS for w in ("D", "♦", "R", "RU", "DIAMOND", "DIAMONDS", "RUTER", "RUDER")},
    **{w: Strain.HEARTS for w in ("H", "♥", "HEART", "HEARTS", "HJERTER", "HJÄRTER", "HJÆRTER")},
    **{w: Strain.SPADES for w in ("S", "♠", "SP", "SPADE", "SPADES", "SPAR", "SPADER", "SPADAR")},
    **{
        w: Strain.NOTRUMP
        for w in ("NT", "N", "UT", "SA", "G", "NOTRUMP", "NOTRUMPS", "NO TRUMP", "GRAND", "SANS")
    },
}
_STRAIN_WORDS = {_fold(k): v for k, v in _STRAIN_WORDS.items()}


class Doubling(Enum):
    """Undoubled, doubled or redoubled (Law 19)."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"

    def __str__(self) -> str:
        return self.value

    @property
    def factor(self) -> int:
        """The multiplier of the trick score (Law 77): 1, 2 or 4."""
        return {Doubling.UNDOUBLED: 1, Doubling.DOUBLED: 2, Doubling.REDOUBLED: 4}[self]

    @classmethod
    def parse(cls, text: str) -> Doubling:
        """Read "", "X", "XX", "*", "**", "D", "R", "DBL", "RDBL" (case-insensitive)."""
        key = _fold(text).replace(" ", "")
        for doubling, words in _DOUBLING_WORDS.items():
            if key in words:
                return doubling
        raise ContractError(f"unknown doubling {text!r} (expected X or XX)")


_DOUBLING_WORDS: dict[Doubling, frozenset[str]] = {
    Doubling.UNDOUBLED: frozenset({""}),
    Doubling.DOUBLED: frozenset({"X", "*", "D", "DBL", "DOUBLED", "DOBLET", "DUBBLAD", "DOBLERT"}),
    Doubling.REDOUBLED: frozenset({"XX", "**", "R", "RDBL", "XXD", "REDOUBLED", "REDOBLET"}),
}


class Side(Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    def __str__(self) -> str:
        return self.value

    @property
    def opponents(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    @classmethod
    def parse(cls, text: str) -> Side:
        """Read NS / N-S / EW / E-W / ØV / Ö-V / V-Ø."""
        key = re.sub(r"[\s\-/]", "", _fold(text))
        if key in ("NS", "SN", "N", "S"):
            return Side.NS
        if key in ("EW", "WE", "ØV", "VØ", "E", "W", "Ø", "V"):
            return Side.EW
        raise SeatError(f"unknown side {text!r} (expected NS or EW)")


class Seat(Enum):
    """The four seats in clockwise order from North."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    def __str__(self) -> str:
        return self.value

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    @property
    def next(self) -> Seat:
        """The seat to the left (clockwise)."""
        order = list(Seat)
        return order[(order.index(self) + 1) % 4]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read N/E/S/W, Scandinavian Ø/Ö (east) and V (west), or the full words."""
        key = _fold(text).rstrip(".")
        try:
            return _SEAT_WORDS[key]
        except KeyError:
            raise SeatError(
                f"unknown declarer {text!r} (expected N, E, S or W; Ø/Ö/V accepted)"
            ) from None


_SEAT_WORDS: dict[str, Seat] = {
    _fold(k): v
    for k, v in {
        "N": Seat.NORTH, "NORTH": Seat.NORTH, "NORD": Seat.NORTH,
        "E": Seat.EAST, "Ø": Seat.EAST, "Ö": Seat.EAST, "O": Seat.EAST, "EAST": Seat.EAST,
        "ØST": Seat.EAST, "ÖST": Seat.EAST, "OST": Seat.EAST,
        "S": Seat.SOUTH, "SOUTH": Seat.SOUTH, "SYD": Seat.SOUTH, "SØR": Seat.SOUTH,
        "W": Seat.WEST, "V": Seat.WEST, "WEST": Seat.WEST, "VEST": Seat.WEST, "VÄST": Seat.WEST,
    }.items()
}  # fmt: skip


_CONTRACT_RE = re.compile(
    r"^(?P<level>\d)\s*(?P<strain>[^\dX*]+?)\s*(?P<doubling>XX|X|\*\*|\*|DBL|RDBL)?$"
)


@dataclass(frozen=True, order=True)
class Contract:
    """A final contract: level 1-7, strain and doubling (Law 22). Passed out is ``None``."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ContractError(f"contract level {self.level} is not 1-7")

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{self.doubling}"

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: the level plus the book of six."""
        return self.level + 6

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read "4S", "4s", "4♠", "3NT", "3UT", "3SA", "3G", "4HX", "4H*", "2CXX", "4 sp X"."""
        key = _fold(text).replace(" ", "")
        if key in {w.replace(" ", "") for w in PASS_WORDS}:
            raise ContractError(f"{text!r} is a pass, not a contract (use parse_contract)")
        match = _CONTRACT_RE.match(key)
        if match is None:
            raise ContractError(f"cannot read contract {text!r} (e.g. 4S, 3NT, 4HX, 2CXX)")
        level = int(match["level"])
        if not 1 <= level <= 7:
            raise ContractError(f"contract {text!r}: level {level} is not 1-7")
        strain = Strain.parse(match["strain"])
        doubling = Doubling.parse(match["doubling"] or "")
        return cls(level, strain, doubling)


def parse_contract(text: str) -> Contract | None:
    """Read a contract as written on a traveller; ``None`` means the board was passed out."""
    if _fold(text) in PASS_WORDS or _fold(text).replace(" ", "") in {"PASS", "ALLPASS"}:
        return None
    return Contract.parse(text)


_RELATIVE_RE = re.compile(r"^(?P<sign>[+\-−])\s*(?P<n>\d{1,2})$")
_MADE_RE = re.compile(r"^(?:MADE|M|GJORT|GJORDE|VUNNET|HOME)\s*(?P<level>\d)$")


def parse_tricks(text: str, contract: Contract) -> int:
    """Tricks taken by declarer from a result as written.

    Accepts the trick count ("10"), a result relative to the contract ("=", "+1", "-2",
    "0" is read as the trick count 0 only if written "0 tricks"; a bare "=" or "M" means
    made exactly), and "made 4" (a level made, i.e. 4 + 6 tricks).
    """
    raw = _fold(text).replace("−", "-")
    if raw in ("=", "==", "M", "MADE", "C", "JUST", "HOME"):
        return _checked(contract.tricks_needed, text)
    if match := _RELATIVE_RE.match(raw):
        delta = int(match["n"]) * (-1 if match["sign"] in "-−" else 1)
        return _checked(contract.tricks_needed + delta, text)
    if match := _MADE_RE.match(raw):
        return _checked(int(match["level"]) + 6, text)
    if raw.isdigit():
        return _checked(int(raw), text)
    raise TricksError(f"cannot read result {text!r} (e.g. 10, =, +1, -2, made 4)")


def _checked(tricks: int, text: str) -> int:
    if not 0 <= tricks <= 13:
        raise TricksError(f"result {text!r} means {tricks} tricks; a deal has 0-13")
    return tricks


def format_result(contract: Contract, tricks: int) -> str:
    """Write a result relative to the contract, as on a traveller: "=", "+1", "-2"."""
    delta = tricks - contract.tricks_needed
    return "=" if delta == 0 else f"{delta:+d}"


_RANK_WORDS = {
    **{r: r for r in "AKQJT98765432"},
    "10": "T",
    "E": "A",  # ess (Swedish, Norwegian, Danish)
    "D": "Q",  # dam, dame
    "KN": "J",  # knekt (Swedish, Norwegian)
    "B": "J",  # bonde (Danish)
}


def parse_card(text: str) -> str:
    """A card as written (the opening lead of Law 41 on a traveller): the suit, then the
    rank, in English or Scandinavian notation or with the suit symbol ("SA", "♠A", "HT",
    "H10", "KD" = klöver dam, "SpKn", "A♠"), as PBN writes a card: "SA", "HT", "CQ"."""
    key = _fold(text).replace(" ", "")
    if key and key[-1] in "♠♥♦♣":  # the rank first before a symbol: "A♠"
        key = key[-1] + key[:-1]
    for rank in sorted(_RANK_WORDS, key=len, reverse=True):
        suit = key[: -len(rank)]
        if key.endswith(rank) and suit:
            try:
                strain = Strain.parse(suit)
            except ContractError:
                continue
            if strain is not Strain.NOTRUMP:
                return f"{strain.value}{_RANK_WORDS[rank]}"
    raise CardError(f"cannot read the card {text!r} (the suit, then the rank: SA, H10, ♦7, KD)")


def card_text(card: str) -> str:
    """A card as printed: the suit symbol and the rank ("♠A", "♥10")."""
    symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[0]]
    return symbol + ("10" if card[1:] == "T" else card[1:])
