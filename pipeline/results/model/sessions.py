"""A session as published: its boards with their traveller lines, and its ranking.

``SessionView`` is one session of any pairs event (matchpoints or IMPs); ``PlayerView`` is a
player as every ranking prints them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = [
    "PlayerView",
    "ResultLine",
    "BoardView",
    "Standing",
    "SessionView",
]


@dataclass(frozen=True)
class PlayerView:
    """A player as printed: name and federation member number (may be blank)."""

    name: str
    member: str = ""


@dataclass(frozen=True)
class ResultLine:
    """One row of a traveller as published: the table result and both sides' matchpoints.

    ``contract``/``declarer``/``result`` are the canonical text (``4HX``, ``N``, ``+1``);
    ``adjustment`` is the director's notation (``A60/40``) or blank. ``ns_mp``/``ew_mp`` are
    None for a result that was not played (the board is then factored with Neuberg).
    ``lead`` is the opening lead where the input recorded it (a typed Lead column).
    ``waiting`` names the review item of a result that was played but is not known yet (its
    points are the provisional credit, see ``scoring.board_group.BoardLine.waiting``);
    ``provisional`` marks a line whose points change when that result is known.
    """

    board: int
    ns_pair: int
    ew_pair: int
    round: int | None
    table: int | None
    contract: str
    declarer: str
    result: str
    score_ns: int | None
    adjustment: str
    ns_mp: Fraction | None
    ew_mp: Fraction | None
    factored: bool = False
    adjusted: bool = False
    split: bool = False
    not_played: bool = False
    lead: str = ""  # the opening lead as PBN writes a card ("SA"), "" when not recorded
    waiting: str = ""
    provisional: bool = False


@dataclass(frozen=True)
class BoardView:
    """One board of a session: its traveller lines, the top, N and n, and its marks."""

    board: int
    top: Fraction
    normal: int
    played: int
    lines: tuple[ResultLine, ...]
    neuberg: bool = False
    adjusted: bool = False
    note: str = ""
    datum: Fraction | None = None  # Butler scoring: the board's datum (NS view)
    dealer: str = ""  # N/E/S/W (Law 2, or the deal file)
    vulnerability: str = ""  # None/NS/EW/All (Law 2, or the deal file)

    @property
    def waiting(self) -> tuple[str, ...]:
        """The review items whose results this board waits for."""
        return tuple(line.waiting for line in self.lines if line.waiting)


@dataclass(frozen=True)
class Standing:
    """One pair in a ranking. ``place`` is printed as people read it: ``3`` or ``3-4``.

    In an IMP-scored pairs session ``points`` is the IMP total, ``maximum`` the boards
    played and ``percent`` the IMPs per board (what the ranking is by).
    """

    place: str
    pair: int
    players: tuple[PlayerView, ...]
    points: Fraction
    maximum: Fraction
    percent: Fraction
    boards_played: int
    masterpoints: Fraction | None = None
    direction: str = ""  # "NS"/"EW" when a pure Mitchell has two winners, else ""
    sitout: Fraction = Fraction(0)  # sit-out credit included in points (rules.md §7)
    penalty: Fraction = Fraction(0)  # procedural penalties deducted from points

    @property
    def names(self) -> str:
        return " - ".join(player.name for player in self.players)


@dataclass(frozen=True)
class SessionView:
    """One session: its size, its top, the leveling factor applied to it, boards and ranking."""

    number: int
    name: str
    pairs: int
    top: Fraction
    factor: Fraction
    boards: tuple[BoardView, ...]
    standings: tuple[Standing, ...]
    movement: str = ""
    unit: str = "MP"  # "MP" (matchpoints) or "IMP" (cross-IMPs / Butler)
    date: str = ""  # ISO date of the session, "" when the event file gives none
