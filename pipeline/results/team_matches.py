"""The tables of a team evening paired into matches and scored, for the main job and a file.

Law 78B and rules.md §9: a board of a team match is played at two tables, the home team NS
at one and EW at the other; its IMPs come from comparing the two. Both callers lay their
tables out as ``TeamTable`` records and hand them to ``score_matches``:

- the main job (``teams.score_teams_event``): one table per board of each line of the
  movement, the teams by the movement's lineups, the line the traveller row found there
  (None when the board was not played there);
- ``compare`` (``field.score_field``): one table per line of another program's file, the
  teams as the file names them.

``score_matches`` pairs them (per board, the two tables where the same two teams sit in
opposite directions), groups the boards into matches (two teams and the round the home
team sat NS; of a seed's three-team evening the two tables of a board may be rounds
apart), and scores each board by ``scoring.imps.team_board_imps`` and each match by
``match_score`` (WBF 2013 VPs for its boards). The home team is the first of the two in
order (the lower team number; in a file, the first name).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from scoring.imps import match_imps, team_board_imps
from scoring.outcome import Adjustment, Artificial, Outcome, Weighted
from scoring.vp import VictoryPoints, wbf_match_vp

__all__ = [
    "TeamTable",
    "ScoredBoard",
    "ScoredMatch",
    "TeamTotal",
    "board_imps",
    "match_score",
    "score_matches",
    "team_totals",
]


T = TypeVar("T", int, str)  # a team: its number (main job) or its name (a file)
L = TypeVar("L")  # the caller's own line at a table

Outcomes = tuple[Outcome, Outcome]


@dataclass(frozen=True)
class TeamTable(Generic[T, L]):
    """One board at one table: the teams NS and EW there, and the caller's line (None when
    the board was not played there)."""

    board: int
    round: int | None
    ns: T
    ew: T
    line: L | None


@dataclass(frozen=True)
class ScoredBoard(Generic[T, L]):
    """A board of a match: the table where the home team sat NS and the one where it sat
    EW, the IMPs to each team (a split score need not balance) and what the scorer notes."""

    home_ns: TeamTable[T, L]
    home_ew: TeamTable[T, L]
    home_imps: Fraction
    away_imps: Fraction
    note: str

    @property
    def board(self) -> int:
        return self.home_ns.board


@dataclass(frozen=True)
class ScoredMatch(Generic[T, L]):
    """A match: the two teams, its boards, the home team's IMPs won and lost, and the VPs."""

    round: int | None
    home: T
    away: T
    boards: tuple[ScoredBoard[T, L], ...]
    won: Fraction
    lost: Fraction
    vp: VictoryPoints


@dataclass(frozen=True)
class TeamTotal:
    """A team's evening: its VPs and the IMPs it won and lost over its matches."""

    vp: Fraction
    won: Fraction
    lost: Fraction


def match_score(
    home_board_imps: Sequence[Fraction], boards: int
) -> tuple[Fraction, Fraction, VictoryPoints]:
    """A match from the home team's board IMPs: IMPs won, IMPs lost, and the margin in
    WBF 2013 VPs for ``boards`` boards (rules.md §9). A split score that gives the away
    team a figure other than the negative of the home team's is noted on its board, not
    counted twice: the match is the home team's IMPs, as the scorer's sheet adds them."""
    total = match_imps(home_board_imps)
    return total.won, total.lost, wbf_match_vp(total.won, total.lost, boards)


def board_imps(here: Outcomes | None, there: Outcomes | None) -> tuple[Fraction, Fraction, str]:
    """IMPs of one board to the team NS ``here`` and to the team NS ``there`` (None: no result
    at that table), and the note the scorer writes: Law 78B by ``team_board_imps``, each side
    scored with its own outcome, a weighted score IMPed part by part, Law 86A for an
    artificial score; a board without a result at both tables is 0 IMPs for the director to
    adjust."""
    if here is None or there is None:
        return Fraction(0), Fraction(0), "no result at one table: 0 IMPs (director to adjust)"
    home, away = team_board_imps(Adjustment(*here), Adjustment(*there))
    outcomes = (*here, *there)
    if any(isinstance(o, Artificial) for o in outcomes):
        note = "artificial score (Law 86A)"
    elif any(isinstance(o, Weighted) and not o.is_plain for o in outcomes):
        note = "weighted score"
    else:
        note = ""
    if away != -home:
        # A split score: each side scored with its own outcome, so the teams need not balance.
        other = f"{float(away):+g}"
        note = ", ".join(n for n in (note, f"split score: the other team {other}") if n)
    return home, away, note


def _opposite(tables: list[TeamTable[T, L]]) -> bool:
    """Two tables with the same two teams in opposite directions."""
    return len(tables) == 2 and (tables[0].ns, tables[0].ew) == (tables[1].ew, tables[1].ns)


def _paired(
    tables: Iterable[TeamTable[T, L]],
) -> list[tuple[TeamTable[T, L], TeamTable[T, L]]]:
    """Each board's two tables of the same two teams in opposite directions, as (home NS,
    home EW), board by board in the order they first appear; where the two teams met on a
    board number more than once (a file whose rounds reuse board numbers), the tables of
    the same round. A table without its other table is no board of a match: left out."""
    by_board: dict[int, dict[frozenset[T], list[TeamTable[T, L]]]] = {}
    for table in tables:
        teams = frozenset((table.ns, table.ew))
        by_board.setdefault(table.board, {}).setdefault(teams, []).append(table)
    pairs: list[tuple[TeamTable[T, L], TeamTable[T, L]]] = []
    for meetings in by_board.values():
        for met in meetings.values():
            by_round: dict[int | None, list[TeamTable[T, L]]] = {}
            for table in met:
                by_round.setdefault(table.round, []).append(table)
            for two in [met] if _opposite(met) else list(by_round.values()):
                if _opposite(two):
                    first, second = two
                    pairs.append((first, second) if first.ns < first.ew else (second, first))
    return pairs


def score_matches(
    tables: Iterable[TeamTable[T, L]], outcomes: Callable[[L], Outcomes | None]
) -> list[ScoredMatch[T, L]]:
    """The matches of a team evening from its tables (module docstring), in the order their
    first boards appear; a table without its other table is left out (``compare`` leaves
    that line of a file as it is; the main job's movement has both). ``outcomes`` gives what
    NS and EW are scored with at a table's line (None: no result there)."""
    boards: dict[tuple[int | None, T, T], list[ScoredBoard[T, L]]] = {}
    for home_ns, home_ew in _paired(tables):
        if home_ns.line is None or home_ew.line is None:
            home = away = Fraction(0)
            note = "not played at both tables: 0 IMPs (director to adjust)"
        else:
            home, away, note = board_imps(outcomes(home_ns.line), outcomes(home_ew.line))
        match = (home_ns.round, home_ns.ns, home_ns.ew)
        boards.setdefault(match, []).append(ScoredBoard(home_ns, home_ew, home, away, note))
    matches = []
    for (round_, home_team, away_team), played in boards.items():
        won, lost, vp = match_score([b.home_imps for b in played], len(played))
        matches.append(ScoredMatch(round_, home_team, away_team, tuple(played), won, lost, vp))
    return matches


def team_totals(matches: Iterable[ScoredMatch[T, L]]) -> dict[T, TeamTotal]:
    """Each team's VPs and IMPs won and lost over its matches (rules.md §9-10), in the order
    the teams first appear."""
    totals: dict[T, TeamTotal] = {}
    for m in matches:
        sides = ((m.home, m.vp.first, m.won, m.lost), (m.away, m.vp.second, m.lost, m.won))
        for team, vp, won, lost in sides:
            before = totals.get(team, TeamTotal(Fraction(0), Fraction(0), Fraction(0)))
            totals[team] = TeamTotal(before.vp + vp, before.won + won, before.lost + lost)
    return totals
