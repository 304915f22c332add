"""The published results of an event, as the workbook and the JSON show them.

These frozen records are what ``pipeline.results.pairs`` hands to the writers: every number is
already scored (by ``scoring/``) and every place already decided, so the workbook, the JSON
and the masterpoint CSV are three views of one record and can never disagree. Numbers are
exact ``Fraction`` values; rounding happens only when a writer formats them. The findings as
shown and the publication status are defined beside the rules that decide the status
(``pipeline.results.status``) and re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from pipeline.results.publication import AuditEntry, ChangeReport, PublicationView
from pipeline.results.status import FindingView, PublicationStatus, blocking_reason
from scoring.presentation import Presentation

__all__ = [
    "PublicationStatus",
    "blocking_reason",
    "PlayerView",
    "ResultLine",
    "BoardView",
    "Standing",
    "SessionView",
    "LeveledSession",
    "LeveledStanding",
    "Award",
    "FindingView",
    "TeamBoard",
    "MatchView",
    "TeamStanding",
    "TeamsView",
    "PlayerSession",
    "PlayerStanding",
    "TeamSession",
    "HandicapSession",
    "HandicapStanding",
    "HandicapView",
    "IndividualRound",
    "IndividualStanding",
    "IndividualView",
    "PaulJonesTeamStanding",
    "PaulJonesView",
    "StoreHead",
    "EventResults",
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
class TeamBoard:
    """One board of a team match: NS score at each table and the IMPs to the first team."""

    board: int
    score_table1: int | None
    score_table2: int | None
    imps_first: Fraction
    note: str = ""


@dataclass(frozen=True)
class MatchView:
    """A team match: both teams, the boards, IMPs and VPs."""

    round: int
    first: int
    second: int
    boards: tuple[TeamBoard, ...]
    imps_first: Fraction
    imps_second: Fraction
    vp_first: Fraction
    vp_second: Fraction


@dataclass(frozen=True)
class TeamStanding:
    """A team's total over the evening."""

    place: str
    team: int
    name: str
    players: tuple[PlayerView, ...]
    vp: Fraction
    imps_won: Fraction
    imps_lost: Fraction

    @property
    def quotient(self) -> Fraction | None:
        """IMPs won / IMPs lost (rules.md §10 team tie-break); None when nothing was lost."""
        return None if self.imps_lost == 0 else self.imps_won / self.imps_lost


@dataclass(frozen=True)
class TeamsView:
    """A team evening: matches and the VP ranking."""

    matches: tuple[MatchView, ...]
    standings: tuple[TeamStanding, ...]
    vp_scale: str = "WBF 2013 20-VP"


@dataclass(frozen=True)
class PlayerSession:
    """A Paul Jones player's session: the pair they played in, the partner, and that pair's
    matchpoints leveled to the event's top (rules.md §8), which the player is credited."""

    session: int
    pair: int
    partner: str
    points: Fraction
    maximum: Fraction


@dataclass(frozen=True)
class PlayerStanding:
    """A Paul Jones player's individual total: the leveled matchpoints of every pair they
    played in (pipeline/results/paul_jones.py says why this unit)."""

    place: str
    player: PlayerView
    team: int
    sessions: tuple[PlayerSession, ...]
    total: Fraction
    maximum: Fraction
    percent: Fraction


@dataclass(frozen=True)
class TeamSession:
    """A Paul Jones team's session: the sum of its two pairs' leveled matchpoints."""

    session: int
    pairs: tuple[int, ...]
    points: Fraction
    maximum: Fraction


@dataclass(frozen=True)
class PaulJonesTeamStanding:
    """A Paul Jones team's total over the sessions (seed 004: "summan av två pars resultat
    i varje omgång")."""

    place: str
    team: int
    name: str
    players: tuple[PlayerView, ...]
    sessions: tuple[TeamSession, ...]
    total: Fraction
    maximum: Fraction
    percent: Fraction


@dataclass(frozen=True)
class PaulJonesView:
    """The individual and team results of a Paul Jones; ``draw_seed`` is the recorded seed
    when the teams were drawn from the pairs entered (None: entered as teams)."""

    players: tuple[PlayerStanding, ...]
    teams: tuple[PaulJonesTeamStanding, ...]
    draw_seed: int | None = None
    scored: tuple[int, ...] = ()  # the sessions these totals are over
    planned: int = 0  # the sessions in the event file

    @property
    def so_far(self) -> str:
        """ "after session 1 of 3" while sessions are still to be played, else ""."""
        if not self.scored or len(self.scored) >= self.planned:
            return ""
        done = ", ".join(str(n) for n in self.scored)
        return f"after session{'s' if len(self.scored) > 1 else ''} {done} of {self.planned}"


@dataclass(frozen=True)
class IndividualRound:
    """A player's round in an individual: where they sat, with whom, and the matchpoints of
    that side (leveled to the event's top when there are several sessions)."""

    session: int
    round: int
    table: int
    seat: str  # N, S, E or W
    partner: int  # the partner's player number
    pair: int  # the partnership's number on the travellers (scoring.movements.individual)
    points: Fraction
    maximum: Fraction


@dataclass(frozen=True)
class IndividualStanding:
    """A player's place in an individual (pipeline/results/individual.py)."""

    place: str
    number: int
    player: PlayerView
    rounds: tuple[IndividualRound, ...]
    total: Fraction
    maximum: Fraction
    percent: Fraction


@dataclass(frozen=True)
class IndividualView:
    """The ranking of an individual event's players over the sessions scored so far."""

    players: tuple[IndividualStanding, ...]
    scored: tuple[int, ...] = ()
    planned: int = 0


@dataclass(frozen=True)
class HandicapStanding:
    """A pair in a session's handicap ranking: its scratch points and maximum, its
    handicap (the players' percentages summed), the points that adds and the new total."""

    place: str
    pair: int
    players: tuple[PlayerView, ...]
    points: Fraction
    maximum: Fraction
    handicap: Fraction  # percent
    addition: Fraction
    total: Fraction
    percent: Fraction  # total / maximum


@dataclass(frozen=True)
class HandicapSession:
    session: int
    standings: tuple[HandicapStanding, ...]


@dataclass(frozen=True)
class HandicapView:
    """A handicap event's rankings, one a session (pipeline/results/handicap.py)."""

    method: str  # of-missed / of-top
    sessions: tuple[HandicapSession, ...]


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
