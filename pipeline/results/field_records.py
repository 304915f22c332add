"""The records of a field the results engine scores (``pipeline.results.field``): its lines,
byes and penalties going in, keyed by any name the caller gives its entrants, and the
figures coming out (per line, bye, entrant and team match), with the options used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Generic, TypeVar

from scoring.errors import ScoringError
from scoring.event import EventKind
from scoring.options import ScoringOptions
from scoring.outcome import Outcome

__all__ = [
    "FieldOptions",
    "FieldLine",
    "FieldSitout",
    "FieldPenalty",
    "FieldError",
    "LineScore",
    "SitoutScore",
    "PairScore",
    "MatchScore",
    "ScoredField",
]

R = TypeVar("R")


@dataclass(frozen=True)
class FieldOptions:
    """Everything that decides the numbers: the event's scoring options, the kind, N; for a
    file, the conventions ``compare`` detected or was given (its method in the file's word:
    ``pipeline.interop.records.Scoring.of(kind)``).

    ``normal`` is the number of results a board should have (Neuberg's N); None takes the
    most lines any board has. ``across_sections``: several sections scored as one field
    (BridgeComposer's files from ACBL clubs) or each apart. ``own_top``: no Neuberg, each
    board scored on the top of its own compared results.
    """

    scoring: ScoringOptions = field(default_factory=ScoringOptions)
    kind: EventKind = EventKind.PAIRS_MATCHPOINTS
    normal: int | None = None
    across_sections: bool = False
    own_top: bool = False

    @property
    def matchpoints(self) -> bool:
        return self.kind is EventKind.PAIRS_MATCHPOINTS


@dataclass(frozen=True)
class FieldLine(Generic[R]):
    """One table's line: who sat NS and EW, what each side is scored with, and where.

    ``outcomes`` are the NS and EW outcomes (a table result is the same NS score twice);
    ``law77_ns`` the Law 77 score of the contract, handed back in its ``LineScore``.
    """

    result: R
    board: int
    ns: str
    ew: str
    outcomes: tuple[Outcome, Outcome]
    adjusted: bool = False
    field_score: int | None = None
    law77_ns: int | None = None
    section: str | None = None
    round: int | None = None
    ns_players: tuple[str, ...] = ()
    ew_players: tuple[str, ...] = ()


@dataclass(frozen=True)
class FieldSitout:
    """A board an entrant sat out (a bye): credited as the options say."""

    key: str
    board: int
    round: int | None = None


@dataclass(frozen=True)
class FieldPenalty(Generic[R]):
    """Matchpoints a director took from an entrant on a board (Law 90), ``points`` < 0;
    ``name`` and ``shown`` are the entrant and the points as the caller prints them."""

    where: R
    key: str
    name: str
    board: int
    points: Fraction
    shown: str
    section: str | None = None


class FieldError(ScoringError):
    """A field the engine cannot score; ``where`` is the board number, the penalty's
    ``where``, or None for the field as a whole."""

    def __init__(self, where: object, message: str) -> None:
        self.where = where
        self.reason = message
        super().__init__(message)


@dataclass(frozen=True)
class LineScore(Generic[R]):
    """The engine's figures for one line: Law 77 score, NS/EW points, percentages."""

    result: R
    law77_ns: int | None
    ns: Fraction
    ew: Fraction
    top: Fraction | None
    factored: bool
    percents: tuple[Fraction, Fraction] | None = None
    """NS and EW percentages as the engine gives them (an award keeps its exact percent)."""
    exact: tuple[Fraction, Fraction] | None = None
    """NS and EW points before rounding (matchpoints)."""

    @property
    def ns_percent(self) -> Fraction | None:
        if self.percents is not None:
            return self.percents[0]
        return self.ns * 100 / self.top if self.top else None

    @property
    def ew_percent(self) -> Fraction | None:
        if self.percents is not None:
            return self.percents[1]
        return self.ew * 100 / self.top if self.top else None


@dataclass(frozen=True)
class SitoutScore:
    """The credit for one board an entrant sat out (None when the options give none)."""

    key: str
    board: int
    points: Fraction | None
    top: Fraction


@dataclass(frozen=True)
class PairScore:
    """An entrant's session: total, points available (MP), boards; a team's VPs.

    ``available`` is the sum of the tops of the boards it counts (for a centred total).
    """

    key: str
    total: Fraction
    available: Fraction
    boards: int
    engine_percent: Fraction | None = None
    """The percentage ``scoring.session`` gives (from rounded or exact points, as the
    options say); None for IMP sessions, which have no percentage."""
    vp: Fraction | None = None

    @property
    def percent(self) -> Fraction | None:
        if self.engine_percent is not None:
            return self.engine_percent
        return self.total * 100 / self.available if self.available else None


@dataclass(frozen=True)
class MatchScore:
    """A team match: the two teams, each one's net IMPs and VPs (WBF 2013, its boards)."""

    round: int | None
    teams: tuple[str, str]
    imps: tuple[Fraction, Fraction]
    vp: tuple[Fraction, Fraction]
    boards: int


@dataclass(frozen=True)
class ScoredField(Generic[R]):
    """Every line's, sit-out's, entrant's and match's figures, and the options used."""

    options: FieldOptions
    normal: int
    lines: tuple[LineScore[R], ...]
    pairs: tuple[PairScore, ...]
    sitouts: tuple[SitoutScore, ...] = ()
    matches: tuple[MatchScore, ...] = ()

    def pair(self, key: str) -> PairScore | None:
        return next((p for p in self.pairs if p.key == key), None)
