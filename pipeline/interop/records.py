"""What an imported results file says, as immutable records in the shared scoring types.

A PBN or USEBIO file from another program becomes an :class:`ImportedSession`: boards with
their deal (when known) and traveller lines, pairs with their names and totals, and the
figures the other program computed (matchpoints, percentages, IMPs). Every record keeps the
:class:`Location` it came from, so a difference found by ``compare`` can name file and line.

The records are frozen: a re-import supersedes them, nothing mutates them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from pipeline.interop.hands import Deal
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat, Side
from scoring.outcome import Adjustment

__all__ = [
    "Location",
    "InteropError",
    "Scoring",
    "ImportedResult",
    "ImportedBoard",
    "ImportedPair",
    "ImportedSession",
    "pair_key",
]


@dataclass(frozen=True)
class Location:
    """Where a record was read: the file and a line (PBN) or an element path (USEBIO)."""

    file: str
    line: int | None = None
    path: str | None = None

    def __str__(self) -> str:
        if self.line is not None:
            return f"{self.file}:{self.line}"
        if self.path:
            return f"{self.file}: {self.path}"
        return self.file


class InteropError(ValueError):
    """A file we cannot read or write, with the place in the file that is wrong."""

    def __init__(self, location: Location | str, message: str) -> None:
        self.location = location
        self.reason = message
        super().__init__(f"{location}: {message}")


class Scoring(Enum):
    """How the source program scored the session (PBN [Scoring], USEBIO EVENT_TYPE)."""

    MATCHPOINTS = "MP"
    CROSS_IMPS = "CROSS_IMP"
    BUTLER = "BUTLER"
    TEAMS = "TEAMS"
    UNKNOWN = "UNKNOWN"

    def __str__(self) -> str:
        return self.value


def pair_key(pair_id: str, side: Side | None, by_direction: bool) -> str:
    """The pair's identity in this session: "7", or "7NS" / "7EW" in a two-winner Mitchell.

    In a Mitchell NS pair 1 and EW pair 1 are different pairs, so their keys carry the side.
    """
    if by_direction and side is not None and not pair_id.upper().endswith(("NS", "EW")):
        return f"{pair_id}{side.value}"
    return pair_id


@dataclass(frozen=True)
class ImportedResult:
    """One traveller line as the file gives it, with the other program's computed figures.

    ``contract`` None with ``adjustment`` None is a passed-out board. ``adjustment`` holds a
    director's adjusted score (artificial A60/A50/A40 or an assigned score), in which case
    ``contract`` and ``tricks`` may be unknown. ``ns_score`` is the score as written in the
    file (it is re-checked against Law 77 by ``compare``). Matchpoints are exact fractions of
    the decimal written in the file.
    """

    board: int
    ns_pair: str
    ew_pair: str
    contract: Contract | None
    declarer: Seat | None
    tricks: int | None
    ns_score: int | None
    location: Location
    adjustment: Adjustment | None = None
    round: int | None = None
    table: int | None = None
    lead: str | None = None
    ns_mp: Fraction | None = None
    ew_mp: Fraction | None = None
    ns_percent: Fraction | None = None
    ew_percent: Fraction | None = None
    ns_imps: Fraction | None = None
    ew_imps: Fraction | None = None

    @property
    def passed_out(self) -> bool:
        return self.contract is None and self.adjustment is None and not self.ns_score


@dataclass(frozen=True)
class ImportedBoard:
    """A board: number, dealer and vulnerability as the file states them, deal, results."""

    number: int
    dealer: Seat | None
    vulnerability: Vulnerability | None
    deal: Deal | None
    results: tuple[ImportedResult, ...]
    location: Location
    top: Fraction | None = None
    """The matchpoint top the file declares for this board, when it does (PBN MP_Top)."""


@dataclass(frozen=True)
class ImportedPair:
    """A pair (or a team) as the file lists it, with the other program's totals and place."""

    key: str
    number: str
    side: Side | None
    names: tuple[str, ...]
    location: Location
    total: Fraction | None = None
    percent: Fraction | None = None
    imps: Fraction | None = None
    rank: str | None = None
    boards_played: int | None = None
    member_ids: tuple[str, ...] = ()


@dataclass(frozen=True)
class ImportedSession:
    """One session of one section as another program scored it."""

    source: str
    format: str
    """"PBN", "USEBIO", or "bridgescan" for a session built for export."""
    event: str
    date: str | None
    scoring: Scoring
    boards: tuple[ImportedBoard, ...]
    pairs: tuple[ImportedPair, ...]
    by_direction: bool
    """True when pair numbers repeat in NS and EW (Mitchell): keys are then "1NS" / "1EW"."""
    program: str | None = None
    site: str | None = None
    notes: tuple[str, ...] = field(default=())

    def board(self, number: int) -> ImportedBoard:
        for board in self.boards:
            if board.number == number:
                return board
        raise KeyError(f"{self.source}: no board {number}")

    def ns_key(self, result: ImportedResult) -> str:
        """The key of the pair that sat NS on a result."""
        return pair_key(result.ns_pair, Side.NS, self.by_direction)

    def ew_key(self, result: ImportedResult) -> str:
        """The key of the pair that sat EW on a result."""
        return pair_key(result.ew_pair, Side.EW, self.by_direction)

    @property
    def results(self) -> tuple[ImportedResult, ...]:
        return tuple(result for board in self.boards for result in board.results)
