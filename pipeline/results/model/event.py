"""Everything an event publishes in one record: its sessions, the totals over them
(leveled, rules.md §8), the masterpoints, the findings, the forms' own rankings, the
publication and its status, and the event store's head it was published with."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from pipeline.results.model.handicap import HandicapView
from pipeline.results.model.individual import IndividualView
from pipeline.results.model.paul_jones import PaulJonesView
from pipeline.results.model.sessions import PlayerView, SessionView
from pipeline.results.model.teams import TeamsView
from pipeline.results.publication import AuditEntry, ChangeReport, PublicationView
from pipeline.results.status import FindingView, PublicationStatus, blocking_reason
from scoring.presentation import Presentation

__all__ = [
    "LeveledSession",
    "LeveledStanding",
    "Award",
    "StoreHead",
    "EventResults",
]


@dataclass(frozen=True)
class LeveledSession:
    """A pair's result in one session before and after leveling (rules.md §8)."""

    session: int
    points: Fraction
    factor: Fraction
    leveled: Fraction
    maximum: Fraction  # after leveling


@dataclass(frozen=True)
class LeveledStanding:
    """A pair's leveled total over all sessions."""

    place: str
    pair: int
    players: tuple[PlayerView, ...]
    sessions: tuple[LeveledSession, ...]
    total: Fraction
    maximum: Fraction
    percent: Fraction
    masterpoints: Fraction | None = None

    @property
    def names(self) -> str:
        return " - ".join(player.name for player in self.players)


@dataclass(frozen=True)
class Award:
    """Masterpoints to one player (the federation's list is one line per player)."""

    place: str
    pair: int
    player: PlayerView
    points: Fraction
    kind: str = "bronze"
    competition: str = ""
    date: str = ""  # the date of the session the points were won in (ISO)


@dataclass(frozen=True)
class StoreHead:
    """The event store's chain head these results were published with (docs/store.md).

    ``records`` records, the last one's link ``chain``: the store must still hold exactly
    that record later (``bridgescan store verify --expect N:HASH``), so records deleted or a
    chain rewritten after publishing are found. ``store`` says which store: a SQLite file
    in the output folder by its name there, otherwise its path or URL (never a password).
    Printed ``N:HASH``. Every publisher writes it (JSON, workbook, web pages); the
    masterpoint CSV is the federation's format and carries none.
    """

    records: int
    chain: str
    store: str = ""

    def __str__(self) -> str:
        return f"{self.records}:{self.chain}"


@dataclass(frozen=True)
class EventResults:
    """Everything published for an event, in one immutable record."""

    title: str
    date: str
    club: str
    kind: str  # "pairs" or "teams"
    scale: str  # "2-1-0" / "1-0.5-0" / "IMP"
    sessions: tuple[SessionView, ...] = ()
    leveled: tuple[LeveledStanding, ...] = ()
    awards: tuple[Award, ...] = ()
    findings: tuple[FindingView, ...] = ()
    teams: TeamsView | None = None
    paul_jones: PaulJonesView | None = None  # individual and team results of a Paul Jones
    individual: IndividualView | None = None  # an individual event's players' ranking
    handicap: HandicapView | None = None  # a handicap event's rankings (rules.md §11)
    target_top: Fraction | None = None
    notes: tuple[str, ...] = field(default=())
    store_head: StoreHead | None = None  # set when published from an event store
    # The publication (pipeline/results/publication.py): version, correction periods, what
    # changed since the last version, the corrections so far. None/empty until published.
    publication: PublicationView | None = None
    changes: ChangeReport | None = None
    audit: tuple[AuditEntry, ...] = ()
    # How matchpoints are printed (options.matchpoint_presentation): the figures above stay
    # points; the writers centre them on the average when asked (scoring.presentation).
    presentation: Presentation = Presentation.POINTS
    status: PublicationStatus = field(default=PublicationStatus())

    def __post_init__(self) -> None:
        # Nothing is presented as final that is not: results built with a blocking finding
        # and no status of their own are provisional, whoever built them.
        blocking = self.blocking_findings
        if blocking and not self.status.provisional:
            status = PublicationStatus(True, (blocking_reason(blocking),), self.status.waiting)
            object.__setattr__(self, "status", status)

    @property
    def multi_session(self) -> bool:
        return len(self.sessions) > 1

    @property
    def blocking_findings(self) -> tuple[FindingView, ...]:
        return tuple(f for f in self.findings if f.blocks_publishing)
