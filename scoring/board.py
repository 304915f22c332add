"""Board facts from the board number (Law 2): dealer and vulnerability."""

from __future__ import annotations

import re
from enum import Enum

from scoring.contract import Seat, Side, _fold
from scoring.errors import BoardError, VulnerabilityError

__all__ = ["Vulnerability", "dealer_of", "vulnerability_of"]


class Vulnerability(Enum):
    """Which sides are vulnerable on a board."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def __str__(self) -> str:
        return self.value

    def is_vulnerable(self, who: Side | Seat) -> bool:
        """Whether that side (or the side of that seat) is vulnerable."""
        side = who.side if isinstance(who, Seat) else who
        return self is Vulnerability.BOTH or self.value == side.value

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Read None/-/Love/Ingen/Ingen, NS/N-S, EW/E-W/ØV/Ö-V, All/Both/Alle/Alla/Begge/Båda."""
        key = re.sub(r"[\s\-/]", "", _fold(text))
        for vulnerability, words in _VULNERABILITY_WORDS.items():
            if key in words:
                return vulnerability
        raise VulnerabilityError(f"unknown vulnerability {text!r} (expected None, NS, EW or All)")


_VULNERABILITY_WORDS: dict[Vulnerability, frozenset[str]] = {
    Vulnerability.NONE: frozenset({"NONE", "", "LOVE", "INGEN", "O", "0", "NEITHER", "NIL", "NO"}),
    Vulnerability.NS: frozenset({"NS", "SN"}),
    Vulnerability.EW: frozenset({"EW", "WE", "ØV", "VØ", "OV"}),
    Vulnerability.BOTH: frozenset({"ALL", "BOTH", "B", "ALLE", "ALLA", "BEGGE", "BÅDA", "BÆGGE"}),
}

# Law 2: the vulnerability cycle of boards 1-16; it repeats every 16 boards.
_VULNERABILITY_CYCLE = (
    Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH,
    Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH, Vulnerability.NONE,
    Vulnerability.EW, Vulnerability.BOTH, Vulnerability.NONE, Vulnerability.NS,
    Vulnerability.BOTH, Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW,
)  # fmt: skip


def _checked_board(board: int) -> int:
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise BoardError(f"board number {board!r} must be a whole number from 1")
    return board


def dealer_of(board: int) -> Seat:
    """Dealer by Law 2: board 1 North, 2 East, 3 South, 4 West, repeating every 4 boards."""
    return list(Seat)[(_checked_board(board) - 1) % 4]


def vulnerability_of(board: int) -> Vulnerability:
    """Vulnerability by Law 2: the 16-board cycle (1 None, 2 NS, 3 EW, 4 All, ...)."""
    return _VULNERABILITY_CYCLE[(_checked_board(board) - 1) % 16]
