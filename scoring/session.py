"""A session in matchpoints: pair totals, percentages, Law 88, penalties, sit-outs
(Law 78A, Law 12C2, Law 88, Law 90; rules.md §3-7; seed 004 "Poängberäkning").

``score_session(boards, options, ...)`` takes the scored boards (``score_board``) and:
1. resolves the awards that depend on the pair's percentage on its *other* boards (the boards
   it was compared on, artificial and percentage awards left out): Law 88 (a non-offender's
   artificial 60% or more becomes that percentage if higher), a fouled-board pair with nothing
   to compare (60% or its average if higher), and, as an option, the offender's 40% or less
   becoming its percentage if lower;
2. totals each pair: points (from rounded or exact board scores, ``totals_from_rounded``),
   boards played, maximum possible (the sum of the tops of its boards), percentage (from
   rounded or exact, ``percentage_from_rounded``; ACBLscore takes it from the total already
   rounded to 0.01, ``percentage_from_total_rounded_to``);
3. applies the North American credit for fewer boards (option): board points and maximum
   x boards-in-session / boards-played;
4. adds the sit-out credit (``scoring.sitout``);
5. deducts procedural penalties (``scoring.adjusted.Penalty``), measured on the named board's
   top or else on the session's top (the largest board top, the normal one). Penalties and the
   sit-out credit are not scaled by step 3.
The percentage is exact; a writer rounds it for display.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from scoring.adjusted import Penalty
from scoring.board_group import pending_side
from scoring.board_scoring import BoardScore, ResultScore, SideScore, artificial_side
from scoring.contract import Side
from scoring.errors import BoardError, ScoringError
from scoring.neuberg import round_points
from scoring.options import FewerBoards, ScoringOptions
from scoring.sitout import sitout_award

__all__ = ["PairBoard", "PairTotal", "SessionScore", "score_session", "other_boards_percent"]

DEFAULT_OPTIONS = ScoringOptions()


@dataclass(frozen=True)
class PairBoard:
    """One board of a pair's session: the side it sat, the points counted, the board's top."""

    board: int | None
    side: Side
    points: Fraction
    top: Fraction


@dataclass(frozen=True)
class PairTotal:
    """A pair's session: ``points`` is the final total (board points, scaled if the option
    says, plus sit-out credit, minus penalties); ``max_points`` what it could have scored;
    ``percent`` exact, from the total the options choose."""

    pair: int
    points: Fraction
    percent: Fraction
    max_points: Fraction
    boards_played: int
    board_points: Fraction
    penalty_points: Fraction
    sitout_points: Fraction
    scale_factor: Fraction
    boards: tuple[PairBoard, ...]


@dataclass(frozen=True)
class SessionScore:
    """A scored session: the boards after Law 88 and the pair totals, by pair number."""

    boards: tuple[BoardScore, ...]
    pairs: tuple[PairTotal, ...]
    top: Fraction

    def pair(self, pair: int) -> PairTotal:
        """The total of pair ``pair``."""
        for total in self.pairs:
            if total.pair == pair:
                return total
        raise KeyError(f"pair {pair} has no result in this session")


def _entries(boards: Sequence[BoardScore]) -> dict[int, list[tuple[BoardScore, Side, SideScore]]]:
    by_pair: dict[int, list[tuple[BoardScore, Side, SideScore]]] = {}
    for board in boards:
        for result in board.results:
            for side, pair in ((Side.NS, result.ns_pair), (Side.EW, result.ew_pair)):
                by_pair.setdefault(pair, []).append((board, side, result.side(side)))
    return by_pair


def other_boards_percent(
    entries: Iterable[tuple[BoardScore, Side, SideScore]], rounded: bool
) -> Fraction | None:
    """A pair's percentage on the boards it was compared on (the Law 88 "other boards").

    Awards (artificial scores, fouled-board small groups, no-comparison 60%) are left out, so
    the percentage never depends on the awards it is used to resolve. None if there is none.
    """
    points = Fraction(0)
    tops = Fraction(0)
    for board, _, side_score in entries:
        if side_score.award is None:
            points += side_score.counted(rounded)
            tops += board.top
    return points * 100 / tops if tops > 0 else None


def _resolve(
    side_score: SideScore, session_percent: Fraction | None, top: Fraction, options: ScoringOptions
) -> SideScore:
    if session_percent is None or side_score.award is None:
        return side_score
    raise_it = side_score.session_floor and session_percent > side_score.award
    lower_it = side_score.session_ceiling and session_percent < side_score.award
    if not (raise_it or lower_it):
        return side_score
    if side_score.pending:  # a result not known yet: its pair's own percentage, exact
        return replace(pending_side(top, options, session_percent), from_session=True)
    new = artificial_side(session_percent, top, options, adjusted=side_score.adjusted)
    # In whole matchpoints a higher percentage can round to fewer points than the 60% award
    # (62% of 12 = 7.44 -> 7, 60% -> 8): Law 88 raises, so it never takes a point away, and
    # the offender rule never gives one.
    if (raise_it and new.rounded <= side_score.rounded) or (
        lower_it and new.rounded >= side_score.rounded
    ):
        return side_score
    return replace(
        new,
        award=session_percent,
        session_floor=side_score.session_floor,
        session_ceiling=side_score.session_ceiling,
        from_session=True,
    )


def _apply_session_awards(
    boards: Sequence[BoardScore], options: ScoringOptions
) -> list[BoardScore]:
    percents = {
        pair: other_boards_percent(entries, options.percentage_from_rounded)
        for pair, entries in _entries(boards).items()
    }
    resolved = []
    for board in boards:
        results = []
        for r in board.results:
            ns = _resolve(r.ns, percents.get(r.ns_pair), board.top, options)
            ew = _resolve(r.ew, percents.get(r.ew_pair), board.top, options)
            results.append(ResultScore(r.ns_pair, r.ew_pair, ns, ew, r.group))
        resolved.append(replace(board, results=tuple(results)))
    return resolved


def _check_boards(boards: Sequence[BoardScore]) -> None:
    seen: set[int] = set()
    for board in boards:
        if board.board is None:
            continue
        if board.board in seen:
            raise BoardError(f"board {board.board} appears twice in the session")
        seen.add(board.board)
    for board in boards:
        if any(r.ns_pair == 0 or r.ew_pair == 0 for r in board.results):
            raise BoardError(
                f"board {board.board}: a session needs pair numbers on every result line"
            )


def score_session(
    boards: Iterable[BoardScore],
    options: ScoringOptions = DEFAULT_OPTIONS,
    penalties: Iterable[Penalty] = (),
    sitouts: Mapping[int, int] | None = None,
    boards_per_round: int | None = None,
    boards_in_session: int | None = None,
) -> SessionScore:
    """Pair totals and percentages of a session (see the module docstring for the steps).

    ``sitouts`` maps a pair to the number of rounds it sat out (needs ``boards_per_round``
    for the average credit); ``boards_in_session`` is the North American reference number of
    boards (default: the most boards any pair played).
    """
    board_list = list(boards)
    if not board_list:
        raise ScoringError("a session needs at least one scored board")
    _check_boards(board_list)
    resolved = _apply_session_awards(board_list, options)
    session_top = max(board.top for board in resolved)
    by_board = {board.board: board for board in resolved if board.board is not None}
    penalties_by_pair: dict[int, Fraction] = {}
    for penalty in penalties:
        if penalty.board is None:
            penalty_top = session_top
        elif penalty.board in by_board:
            penalty_top = by_board[penalty.board].top
        else:
            raise BoardError(
                f"penalty on pair {penalty.pair} names board {penalty.board}, "
                "which is not in the session"
            )
        penalties_by_pair[penalty.pair] = penalties_by_pair.get(
            penalty.pair, Fraction(0)
        ) + penalty.points(penalty_top)
    entries = _entries(resolved)
    unknown = (set(penalties_by_pair) | set(sitouts or {})) - set(entries)
    if unknown:
        raise ScoringError(f"penalty or sit-out for pair(s) {sorted(unknown)} without results")
    most_boards = boards_in_session or max(len(e) for e in entries.values())
    totals = []
    for pair in sorted(entries):
        totals.append(
            _pair_total(
                pair,
                entries[pair],
                options,
                session_top,
                most_boards,
                penalties_by_pair.get(pair, Fraction(0)),
                (sitouts or {}).get(pair, 0),
                boards_per_round,
            )
        )
    return SessionScore(tuple(resolved), tuple(totals), session_top)


def _pair_total(
    pair: int,
    entries: list[tuple[BoardScore, Side, SideScore]],
    options: ScoringOptions,
    session_top: Fraction,
    boards_in_session: int,
    penalty: Fraction,
    sitout_rounds: int,
    boards_per_round: int | None,
) -> PairTotal:
    played = len(entries)
    counted = [s.counted(options.totals_from_rounded) for _, _, s in entries]
    for_percent = [s.counted(options.percentage_from_rounded) for _, _, s in entries]
    maximum = sum((b.top for b, _, _ in entries), Fraction(0))
    factor = Fraction(1)
    if options.fewer_boards is FewerBoards.SCALE_TO_SESSION and played < boards_in_session:
        factor = Fraction(boards_in_session, played)
    board_points = sum(counted, Fraction(0)) * factor
    percent_points = sum(for_percent, Fraction(0)) * factor
    maximum *= factor
    sitout_points = Fraction(0)
    if sitout_rounds:
        award = sitout_award(
            pair,
            sum(counted, Fraction(0)),  # its average per round actually played, unscaled
            played,
            sitout_rounds,
            boards_per_round or 0,
            session_top,
            options,
        )
        sitout_points = award.points
        maximum += award.max_points
    points = board_points + sitout_points - penalty
    percent_total = percent_points + sitout_points - penalty
    # ACBLscore: the percentage of the total as printed, already rounded to 0.01.
    percent_total = round_points(
        percent_total, options.percentage_from_total_rounded_to, options.ties
    )
    return PairTotal(
        pair=pair,
        points=points,
        percent=percent_total * 100 / maximum if maximum > 0 else Fraction(0),
        max_points=maximum,
        boards_played=played,
        board_points=board_points,
        penalty_points=penalty,
        sitout_points=sitout_points,
        scale_factor=factor,
        boards=tuple(
            PairBoard(b.board, side, value, b.top)
            for (b, side, _), value in zip(entries, counted, strict=True)
        ),
    )
