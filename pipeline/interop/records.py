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

from pipeline.events.hands import Deal
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat, Side
from scoring.event import EventKind
from scoring.outcome import Adjustment
from scoring.presentation import Presentation

__all__ = [
    "Location",
    "InteropError",
    "Scoring",
    "Competition",
    "ImportedResult",
    "ImportedSitout",
    "ImportedPenalty",
    "ImportedBoard",
    "ImportedPair",
    "ImportedSession",
    "pair_key",
    "substitute_id",
    "PHANTOM_WORDS",
]

#: Names programs give a phantom pair (English, Scandinavian, French, German, Dutch).
PHANTOM_WORDS = ("phantom", "fantom", "fantôme", "fantome", "spøkelse", "spöke", "ghost", "geist")


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

    @property
    def kind(self) -> EventKind:
        """How the engine scores the method (a method the file does not state: matchpoints)."""
        return _KINDS.get(self, EventKind.PAIRS_MATCHPOINTS)

    @classmethod
    def of(cls, kind: EventKind) -> Scoring:
        """The method, in the files' word, of the engine's kind."""
        return next(method for method, known in _KINDS.items() if known is kind)


_KINDS = {
    Scoring.MATCHPOINTS: EventKind.PAIRS_MATCHPOINTS,
    Scoring.CROSS_IMPS: EventKind.PAIRS_CROSS_IMPS,
    Scoring.BUTLER: EventKind.PAIRS_BUTLER,
    Scoring.TEAMS: EventKind.TEAMS,
}


class Competition(Enum):
    """Who the file's entrants are (PBN [Competition], the score table's id columns)."""

    PAIRS = "pairs"  # PairId_NS / PairId_EW
    INDIVIDUALS = "individuals"  # PlayerId_North / _East / _South / _West
    TEAMS = "teams"  # TeamId_Home / TeamId_Away, or pairs of a team match


def pair_key(
    pair_id: str, side: Side | None, by_direction: bool, section: str | None = None
) -> str:
    """The pair's identity in this session: "7", or "7NS" / "7EW" in a two-winner Mitchell,
    with the section in front when a file holds several ("A7", "B7NS").

    In a Mitchell NS pair 1 and EW pair 1 are different pairs, so their keys carry the side.
    """
    key = pair_id
    if by_direction and side is not None and not pair_id.upper().endswith(("NS", "EW")):
        key = f"{pair_id}{side.value}"
    if section:
        key = f"{section}{key}" if section.isalpha() else f"{section}/{key}"
    return key


def substitute_id(location: Location) -> str:
    """The id of a pair a file writes as "-" on a line that was played (a substitute pair
    with no number, or the other half of a half table): "-" and the line, so two such lines
    are two entrants. Its score counts for the whole field; it has no total and no place."""
    return f"-{location.line if location.line is not None else location.path or ''}"


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
    section: str | None = None
    ns_players: tuple[str, ...] = ()
    """Individuals: the player ids of North and South (``ns_pair`` is then "N+S")."""
    ew_players: tuple[str, ...] = ()
    home_team: str | None = None
    """Teams: the team that sits NS at this table (``ns_pair`` names it too)."""
    away_team: str | None = None
    match_vp: tuple[Fraction, Fraction] | None = None
    """Teams: the match's VPs (home, away) as the file prints them beside the board."""
    substitutes: tuple[str, ...] = ()
    """The pair ids on this line that stand for a "-" pair (``substitute_id``)."""
    field_score: int | None = None
    """A split with one side artificial whose table score (NS) still stands for the field
    ("A=" / "+0"; ``scoring.board_group.BoardLine.field_score``)."""

    @property
    def passed_out(self) -> bool:
        return self.contract is None and self.adjustment is None and not self.ns_score


@dataclass(frozen=True)
class ImportedSitout:
    """A pair that sat out a board (a "Bye" line, or a line against a phantom pair), with
    the credit the file gives it for that board (matchpoints as printed, percentage)."""

    board: int
    pair: str
    side: Side
    location: Location
    points: Fraction | None = None
    percent: Fraction | None = None
    round: int | None = None
    section: str | None = None


@dataclass(frozen=True)
class ImportedPenalty:
    """Matchpoints a director took from a pair (or gave it) on a board, as the file prints
    them on a line of their own ("Pen" in both score cells): the session total includes
    them; the board's comparisons do not (a procedural penalty, Law 90; seed 004)."""

    board: int
    pair: str
    side: Side
    points: Fraction
    """Negative when taken, as the file prints it."""
    location: Location
    section: str | None = None


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
    sitouts: tuple[ImportedSitout, ...] = ()
    penalties: tuple[ImportedPenalty, ...] = ()


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
    section: str | None = None
    phantom: bool = False
    """A phantom pair (a name like "Phantom" / "Fantom"): its opponents sat out."""
    cumulative_total: Fraction | None = None
    """Multi-session files: the total over the sessions so far (``total`` is this session's)."""
    cumulative_percent: Fraction | None = None
    carry_over: Fraction | None = None
    vp: Fraction | None = None
    """Teams: total victory points."""


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
    competition: Competition = Competition.PAIRS
    presentation: Presentation = Presentation.POINTS
    sections: tuple[str, ...] = ()
    """The sections read (several when the file holds several and all were read)."""

    @property
    def substitute_keys(self) -> frozenset[str]:
        """Keys of the "-" pairs (``substitute_id``): scored in the field, never ranked."""
        return frozenset(
            key
            for r in self.results
            for pair_id, key in ((r.ns_pair, self.ns_key(r)), (r.ew_pair, self.ew_key(r)))
            if pair_id in r.substitutes
        )

    def board(self, number: int) -> ImportedBoard:
        for board in self.boards:
            if board.number == number:
                return board
        raise KeyError(f"{self.source}: no board {number}")

    def ns_key(self, result: ImportedResult) -> str:
        """The key of the pair that sat NS on a result."""
        return pair_key(result.ns_pair, Side.NS, self.by_direction, self._section(result))

    def ew_key(self, result: ImportedResult) -> str:
        """The key of the pair that sat EW on a result."""
        return pair_key(result.ew_pair, Side.EW, self.by_direction, self._section(result))

    def sitout_key(self, sitout: ImportedSitout) -> str:
        """The key of the pair that sat out."""
        section = sitout.section if len(self.sections) > 1 else None
        return pair_key(sitout.pair, sitout.side, self.by_direction, section)

    def _section(self, result: ImportedResult) -> str | None:
        return result.section if len(self.sections) > 1 else None

    @property
    def sitouts(self) -> tuple[ImportedSitout, ...]:
        return tuple(sitout for board in self.boards for sitout in board.sitouts)

    @property
    def penalties(self) -> tuple[ImportedPenalty, ...]:
        return tuple(penalty for board in self.boards for penalty in board.penalties)

    def penalty_key(self, penalty: ImportedPenalty) -> str:
        """The key of the pair a penalty line names."""
        section = penalty.section if len(self.sections) > 1 else None
        return pair_key(penalty.pair, penalty.side, self.by_direction, section)

    @property
    def results(self) -> tuple[ImportedResult, ...]:
        return tuple(result for board in self.boards for result in board.results)
