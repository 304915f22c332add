"""A movement: who sits where, against whom, on which boards, round by round (seed 004,
"Tävlingsformer"; "Guidekort").

A movement is the director's guide card written as data: one ``MovementEntry`` per
(round, table) with the NS pair, the EW pair and the boards played there. Everything the
rest of bridgescan asks of a movement is answered from those lines: which pairs are
expected on a board in a round, how often a board is played (the normal number of
results N for Neuberg, rules.md section 4), who sits out, in which round a pair met a
board. Generators live in ``scoring.movements``; checks in ``scoring.movements.checks``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from scoring.contract import Side
from scoring.errors import ScoringError

__all__ = [
    "MovementError",
    "MovementKind",
    "MovementEntry",
    "MovementSpec",
    "TeamLineup",
    "Seating",
    "Movement",
]


class MovementError(ScoringError):
    """A movement that cannot be played as written (bad line, pair twice, wrong size)."""


class MovementKind(Enum):
    """The family a movement belongs to; decides which checks apply."""

    MITCHELL = "mitchell"
    HOWELL = "howell"
    TEAMS = "teams"
    CUSTOM = "custom"  # imported from guide cards, or anything else written by hand

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, order=True)
class MovementEntry:
    """One line of a guide card: in ``round`` at ``table`` pair ``ns`` sits North-South
    against pair ``ew`` and they play ``boards``.

    ``switched`` marks an arrow-switched line (Bofors Mitchell, seed 004 section 6): the
    pair printed as stationary sits East-West this round. ``ns``/``ew`` always give the
    real seating, so travellers can be pre-filled from them directly.
    """

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]
    switched: bool = False

    def __post_init__(self) -> None:
        for name in ("round", "table", "ns", "ew"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise MovementError(
                    f"{self._where()}: {name} {value!r} must be a whole number >= 1"
                )
        if self.ns == self.ew:
            raise MovementError(f"{self._where()}: pair {self.ns} cannot play against itself")
        if not self.boards:
            raise MovementError(f"{self._where()}: no boards")
        for board in self.boards:
            if isinstance(board, bool) or not isinstance(board, int) or board < 1:
                raise MovementError(f"{self._where()}: board {board!r} must be a number >= 1")
        if len(set(self.boards)) != len(self.boards):
            raise MovementError(f"{self._where()}: a board is listed twice in {self.boards}")

    def _where(self) -> str:
        return f"round {self.round} table {self.table}"

    @property
    def pairs(self) -> tuple[int, int]:
        """(NS pair, EW pair)."""
        return (self.ns, self.ew)

    def side_of(self, pair: int) -> Side | None:
        """The direction ``pair`` sits in on this line, or None if it is not here."""
        if pair == self.ns:
            return Side.NS
        if pair == self.ew:
            return Side.EW
        return None

    def opponent_of(self, pair: int) -> int | None:
        """The pair ``pair`` meets on this line, or None if it is not here."""
        if pair == self.ns:
            return self.ew
        if pair == self.ew:
            return self.ns
        return None


@dataclass(frozen=True)
class MovementSpec:
    """How a movement was made, so an event file can be written back as the director
    wrote it: a generator name and its parameters (e.g. ``mitchell``, tables=9), or
    ``guide-cards`` with the file it was imported from."""

    type: str
    params: tuple[tuple[str, str | int | bool | tuple[int, ...]], ...] = ()

    def get(self, name: str, default: object = None) -> object:
        for key, value in self.params:
            if key == name:
                return value
        return default

    def as_dict(self) -> dict[str, object]:
        return {"type": self.type, **{k: v for k, v in self.params}}


@dataclass(frozen=True)
class TeamLineup:
    """A team in a team movement and the pair numbers of its pairs (A pair first)."""

    team: int
    pairs: tuple[int, ...]


@dataclass(frozen=True)
class Seating:
    """Where one pair is in one round: what a personal guide card prints."""

    round: int
    table: int
    side: Side
    opponent: int
    boards: tuple[int, ...]


def _entries_sorted(entries: Iterable[MovementEntry]) -> tuple[MovementEntry, ...]:
    return tuple(sorted(entries, key=lambda e: (e.round, e.table)))


@dataclass(frozen=True)
class Movement:
    """A whole movement: the guide-card lines plus the section's pair numbers.

    ``pairs`` lists every pair of the section, including pairs that sit out in some or
    all rounds (an absent phantom pair is simply not listed). Lines are kept sorted by
    (round, table); two lines for the same (round, table) are refused.
    """

    name: str
    kind: MovementKind
    entries: tuple[MovementEntry, ...]
    pairs: tuple[int, ...] = ()
    teams: tuple[TeamLineup, ...] = ()
    spec: MovementSpec | None = None

    def __post_init__(self) -> None:
        if not self.entries:
            raise MovementError(f"movement {self.name!r} has no lines")
        entries = _entries_sorted(self.entries)
        object.__setattr__(self, "entries", entries)
        seen: set[tuple[int, int]] = set()
        for entry in entries:
            key = (entry.round, entry.table)
            if key in seen:
                raise MovementError(
                    f"movement {self.name!r}: round {entry.round} table {entry.table} "
                    "is listed twice"
                )
            seen.add(key)
        playing = sorted({p for e in entries for p in e.pairs})
        pairs = tuple(sorted(set(self.pairs))) if self.pairs else tuple(playing)
        unknown = sorted(set(playing) - set(pairs))
        if unknown:
            raise MovementError(
                f"movement {self.name!r}: pair(s) {_numbers(unknown)} play but are not "
                f"among the section's pairs {_numbers(pairs)}"
            )
        object.__setattr__(self, "pairs", pairs)

    # Indexes are derived, not fields: records stay plain data for the event store.
    @cached_property
    def _by_board(self) -> dict[int, tuple[MovementEntry, ...]]:
        by_board: dict[int, list[MovementEntry]] = defaultdict(list)
        for entry in self.entries:
            for board in entry.boards:
                by_board[board].append(entry)
        return {b: tuple(v) for b, v in by_board.items()}

    @cached_property
    def _by_pair(self) -> dict[int, tuple[MovementEntry, ...]]:
        by_pair: dict[int, list[MovementEntry]] = defaultdict(list)
        for entry in self.entries:
            by_pair[entry.ns].append(entry)
            by_pair[entry.ew].append(entry)
        return {p: tuple(v) for p, v in by_pair.items()}

    # -- shape ---------------------------------------------------------------------------
    @property
    def rounds(self) -> tuple[int, ...]:
        return tuple(sorted({e.round for e in self.entries}))

    @property
    def tables(self) -> tuple[int, ...]:
        return tuple(sorted({e.table for e in self.entries}))

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted(self._by_board))

    @property
    def boards_per_round(self) -> int:
        """Boards played at a table in a round; MovementError if lines differ."""
        sizes = {len(e.boards) for e in self.entries}
        if len(sizes) != 1:
            raise MovementError(
                f"movement {self.name!r}: lines play different numbers of boards {sorted(sizes)}"
            )
        return sizes.pop()

    @property
    def barometer(self) -> bool:
        """Whether every table plays the same boards in a round and no board is played in
        two rounds (a barometer, seed 004 "Barometertävlingar"): after each round its
        boards are complete, so standings can be put up round by round."""
        for round_ in self.rounds:
            if len({e.boards for e in self.entries_in_round(round_)}) != 1:
                return False
        return all(len({e.round for e in plays}) == 1 for plays in self._by_board.values())

    def through_round(self, last: int, planned: int | None = None) -> Movement:
        """The movement's rounds 1..``last``: what has been played when a barometer's
        standings are put up after round ``last`` (later rounds' boards are not in it).
        ``planned``: the rounds the event will have, when not all are in the movement yet
        (a Gröna Hissen is paired round by round)."""
        if last not in self.rounds:
            raise MovementError(f"movement {self.name!r} has no round {last}")
        of = self.rounds[-1] if planned is None else planned
        if last == of:
            return self
        return Movement(
            name=f"{self.name}, after round {last} of {of}",
            kind=self.kind,
            entries=tuple(e for e in self.entries if e.round <= last),
            pairs=self.pairs,
            teams=self.teams,
            spec=self.spec,
        )

    @property
    def arrow_switched(self) -> bool:
        """Whether any line is arrow-switched (a one-winner Mitchell)."""
        return any(e.switched for e in self.entries)

    # -- lines ---------------------------------------------------------------------------
    def entries_in_round(self, round_: int) -> tuple[MovementEntry, ...]:
        return tuple(e for e in self.entries if e.round == round_)

    def entries_at_table(self, table: int) -> tuple[MovementEntry, ...]:
        return tuple(e for e in self.entries if e.table == table)

    def entry_at(self, round_: int, table: int) -> MovementEntry | None:
        for entry in self.entries:
            if entry.round == round_ and entry.table == table:
                return entry
        return None

    def entries_of_pair(self, pair: int) -> tuple[MovementEntry, ...]:
        """Every line ``pair`` plays, in round order (its personal guide card)."""
        return self._by_pair.get(pair, ())

    # -- what the validator, the scorer and the forms ask ---------------------------------
    def plays_of(self, board: int, round_: int | None = None) -> tuple[MovementEntry, ...]:
        """The lines where ``board`` is played (in ``round_`` if given)."""
        plays = self._by_board.get(board, ())
        if round_ is None:
            return plays
        return tuple(e for e in plays if e.round == round_)

    def expected_pairs(self, board: int, round_: int | None = None) -> tuple[tuple[int, int], ...]:
        """(NS, EW) pairs expected to play ``board`` (in ``round_``): one traveller row each."""
        return tuple(e.pairs for e in self.plays_of(board, round_))

    def times_played(self, board: int) -> int:
        """How many results the movement gives ``board``: the normal N for Neuberg."""
        return len(self._by_board.get(board, ()))

    def round_of(self, board: int, pair: int) -> int | None:
        """The round in which ``pair`` plays ``board``, or None if it never does."""
        for entry in self._by_board.get(board, ()):
            if pair in entry.pairs:
                return entry.round
        return None

    def entry_for(self, board: int, pair: int) -> MovementEntry | None:
        """The line on which ``pair`` plays ``board``, or None."""
        for entry in self._by_board.get(board, ()):
            if pair in entry.pairs:
                return entry
        return None

    def side_of(self, pair: int, board: int) -> Side | None:
        """The direction ``pair`` sits in on ``board``, or None if it does not play it."""
        entry = self.entry_for(board, pair)
        return None if entry is None else entry.side_of(pair)

    def seating(self, pair: int, round_: int) -> Seating | None:
        """Where ``pair`` sits in ``round_``; None when it sits out."""
        for entry in self._by_pair.get(pair, ()):
            if entry.round == round_:
                side = entry.side_of(pair)
                opponent = entry.opponent_of(pair)
                assert side is not None and opponent is not None
                return Seating(round_, entry.table, side, opponent, entry.boards)
        return None

    def sitting_out(self, round_: int) -> tuple[int, ...]:
        """Pairs of the section that do not play in ``round_`` (frirond, rules.md 7)."""
        playing = {p for e in self.entries_in_round(round_) for p in e.pairs}
        return tuple(p for p in self.pairs if p not in playing)

    def boards_of(self, pair: int) -> tuple[int, ...]:
        """Every board ``pair`` plays, sorted."""
        return tuple(sorted(b for e in self._by_pair.get(pair, ()) for b in e.boards))

    def opponents_of(self, pair: int) -> tuple[int, ...]:
        """The pairs ``pair`` meets, one per line (a pair met twice is listed twice)."""
        return tuple(e.ew if e.ns == pair else e.ns for e in self._by_pair.get(pair, ()))

    def team_of(self, pair: int) -> int | None:
        """The team a pair plays for, in a team movement."""
        for lineup in self.teams:
            if pair in lineup.pairs:
                return lineup.team
        return None


def _numbers(numbers: Iterable[int]) -> str:
    return ", ".join(str(n) for n in numbers)
