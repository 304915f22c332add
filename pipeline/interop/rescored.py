"""What re-scoring an imported session gives (``pipeline.interop.rescore``): the options it
was scored with, and per line, sit-out, pair and team match bridgescan's own figures, which
``compare`` holds against the file's and the writers put into an export.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from pipeline.interop.records import ImportedResult, Scoring
from scoring.options import ScoringOptions

__all__ = ["RescoreOptions", "LineScore", "PairScore", "SitoutScore", "MatchScore", "Rescored"]


@dataclass(frozen=True)
class RescoreOptions:
    """Everything that decides the numbers: the event's scoring options, the method, N.

    ``normal`` is the number of results a board should have (Neuberg's N); None takes the
    most lines any board has. ``across_sections``: several sections scored as one field
    (BridgeComposer's files from ACBL clubs) or each apart (the default). ``own_top``: no
    Neuberg, each board scored on the top of its own compared results (what a program that
    does not factor prints; ``compare`` tries it as an explanation).
    """

    scoring: ScoringOptions = field(default_factory=ScoringOptions)
    method: Scoring = Scoring.MATCHPOINTS
    normal: int | None = None
    across_sections: bool = False
    own_top: bool = False


@dataclass(frozen=True)
class LineScore:
    """Our figures for one imported line: Law 77 score, NS/EW points, percentages."""

    result: ImportedResult
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
    """Our credit for one board a pair sat out (None when the options give none)."""

    key: str
    board: int
    points: Fraction | None
    top: Fraction


@dataclass(frozen=True)
class PairScore:
    """A pair's (player's, team's) session: total, points available (MP), boards, tops.

    ``tops`` is the sum of the tops of the boards it counts (for a centred total), ``vp`` a
    team's victory points.
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
class Rescored:
    options: RescoreOptions
    normal: int
    lines: tuple[LineScore, ...]
    pairs: tuple[PairScore, ...]
    sitouts: tuple[SitoutScore, ...] = ()
    matches: tuple[MatchScore, ...] = ()

    def pair(self, key: str) -> PairScore | None:
        return next((p for p in self.pairs if p.key == key), None)
