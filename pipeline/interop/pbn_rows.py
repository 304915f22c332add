"""One row of a PBN [ScoreTable] as the program that wrote it meant it (PBN 2.1 section 5.4).

The id columns say who played: ``PairId_NS``/``PairId_EW`` (pairs), ``PlayerId_North``,
``_East``, ``_South``, ``_West`` (individuals: North and South are one side, so an NS figure
is ``MP_NS`` or ``MP_North``), ``TeamId_Home``/``TeamId_Away`` (teams: the home team sits NS
in the open room and EW in the closed one, our reading of the standard; a ``Table`` column
of 1 / 2 works as open / closed).

Dialects read here (docs/interop.md lists the sources):
- a sit-out: Ruter writes ``1 1 1 - - - - "Bye" "Bye" 0.3 - 54 -`` (pair 1 NS, no EW pair,
  its credit printed as points and percentage); others leave the other pair's id empty or
  write "Bye", "Fri", "Pause", "Sit-out" in the id, contract or score cells;
- a "-" pair on a line that was played (a contract, or a score that is not a bye word): a
  substitute pair with no number, or the other half of a half table. The board was played
  there, so the line is a result that counts for the whole field (every other line of the
  board is compared with it); the "-" pair gets an id of its own (``substitute_id``) and is
  neither totalled nor ranked;
- scores quoted (Magic Contest: ``"420"``), "PASS" in the score cells (BridgeComposer), a
  contract "Pass" / "PASS" / "AP" with "-" for declarer and result;
- artificial scores in any of Contract, Result, Score_NS, Score_EW (``A+``, ``"A-" "A+"``,
  ``A60``, ``60%-40%``), both sides given where both cells hold one (Magic Contest prints
  ``"A+" "A+"``: both not at fault);
- a split score with an artificial score in one score cell and a score in the other
  (``"A=" "+0"``: NS average, EW the matchpoints of an NS score of 0, as if passed out),
  the score standing for the field (``ImportedResult.field_score``);
- a penalty line: "Pen" in both score cells on a line of its own after the pair's result,
  the matchpoints taken (negative) or given in the pair's MP cell (``ImportedPenalty``).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pipeline.interop.cells import artificial_adjustment, decimal, integer, is_artificial
from pipeline.interop.records import (
    Competition,
    ImportedPenalty,
    ImportedResult,
    ImportedSitout,
    InteropError,
    Location,
    substitute_id,
)
from scoring.contract import Contract, Seat, Side, parse_contract, parse_tricks
from scoring.outcome import Adjustment, Artificial, Weighted

__all__ = ["Row", "Unplayed", "competition_of", "read_row", "BYE_WORDS"]

#: What programs write for a pair that sits out (English, Scandinavian, German).
BYE_WORDS = frozenset({"bye", "fri", "frirond", "pause", "sit-out", "sitout", "vila", "sits"})
#: What programs write in both score cells of a penalty line.
PENALTY_WORDS = frozenset({"pen", "penalty", "straff"})
_PASS_WORDS = frozenset({"pass", "passed", "ap", "allpass", "passout", "0"})

Row = dict[str, str | None]


def cell(row: Row, *names: str) -> str | None:
    """The first non-empty cell among ``names`` (case-insensitive column names)."""
    for name in names:
        value = row.get(name.lower())
        if value is not None and value.strip() != "":
            return value.strip()
    return None


def _num(text: str | None) -> Fraction | None:
    return decimal(text) if text is not None else None


def _int(text: str | None) -> int | None:
    return integer(text) if text is not None else None


def _is_bye(text: str | None) -> bool:
    return text is not None and text.strip().lower() in BYE_WORDS


def competition_of(names: set[str], tag: str | None) -> Competition:
    """Pairs, individuals or teams: from [Competition] when given, else the id columns."""
    value = (tag or "").strip().lower()
    if value.startswith("indiv"):
        return Competition.INDIVIDUALS
    if value.startswith("team"):
        return Competition.TEAMS
    if "playerid_north" in names:
        return Competition.INDIVIDUALS
    if "teamid_home" in names:
        return Competition.TEAMS
    return Competition.PAIRS


@dataclass(frozen=True)
class Unplayed:
    """A line with nothing but the pairs: the board was not played at that table (or one of
    the pairs is a phantom, and the other sat out)."""

    board: int
    ns: str
    ew: str
    location: Location
    round: int | None
    section: str | None


@dataclass(frozen=True)
class _Ids:
    ns: str | None
    ew: str | None
    ns_players: tuple[str, ...] = ()
    ew_players: tuple[str, ...] = ()
    home: str | None = None
    away: str | None = None


def _ids(row: Row, competition: Competition, where: Location) -> _Ids:
    if competition is Competition.INDIVIDUALS:
        seats = [cell(row, f"PlayerId_{seat}") for seat in ("North", "South", "East", "West")]
        north, south, east, west = seats
        ns = f"{north}+{south}" if north and south else (north or south)
        ew = f"{east}+{west}" if east and west else (east or west)
        ns_players = tuple(p for p in (north, south) if p)
        ew_players = tuple(p for p in (east, west) if p)
        return _Ids(ns, ew, ns_players, ew_players)
    if competition is Competition.TEAMS and cell(row, "TeamId_Home") is not None:
        home, away = cell(row, "TeamId_Home"), cell(row, "TeamId_Away")
        room = (cell(row, "Room") or cell(row, "Table") or "open").lower()
        # Closed, table 2, "lukket" (Norwegian, Danish), "slutet" (Swedish)
        closed = room.startswith(("c", "2", "l", "slut"))
        ns, ew = (away, home) if closed else (home, away)
        return _Ids(ns, ew, home=home, away=away)
    ns, ew = cell(row, "PairId_NS"), cell(row, "PairId_EW")
    if ns is None and ew is None:
        raise InteropError(where, "a result line needs both PairId_NS and PairId_EW")
    return _Ids(ns, ew)


def _side_figure(row: Row, kind: str, side: Side) -> Fraction | None:
    """MP / Percentage / IMP of a side under its pairs, individuals or teams name."""
    if side is Side.NS:
        names = (f"{kind}_NS", f"{kind}_North", f"Score{kind}_NS")
    else:
        names = (f"{kind}_EW", f"{kind}_East", f"Score{kind}_EW")
    return _num(cell(row, *names))


def read_row(
    row: Row, board: int, where: Location, competition: Competition, section: str | None
) -> ImportedResult | ImportedSitout | Unplayed | list[ImportedPenalty]:
    """A result, a sit-out, an unplayed line (nothing but the pair numbers), or the
    penalties of a penalty line."""
    ids = _ids(row, competition, where)
    scores = (cell(row, "Score_NS", "Score_North"), cell(row, "Score_EW", "Score_East"))
    if all(s is not None and s.lower() in PENALTY_WORDS for s in scores):
        return _penalties(row, board, where, ids, section)
    contract_text = cell(row, "Contract")
    sitter = _sitting_out(ids)
    substitutes: tuple[str, ...] = ()
    if sitter is not None and competition is Competition.PAIRS:
        if _played(contract_text, scores):
            substitute = substitute_id(where)
            substitutes = (substitute,)
            if sitter[1] is Side.NS:
                ids = _Ids(ids.ns, substitute)
            else:
                ids = _Ids(substitute, ids.ew)
            sitter = None
    if sitter is not None:
        pair, side = sitter
        return ImportedSitout(
            board,
            pair,
            side,
            where,
            points=_side_figure(row, "MP", side),
            percent=_side_figure(row, "Percentage", side),
            round=_int(cell(row, "Round")),
            section=section,
        )
    if ids.ns is None or ids.ew is None or _is_bye(ids.ns) or _is_bye(ids.ew):
        raise InteropError(where, f"board {board}: a result line needs both pairs")
    unplayed = Unplayed(board, ids.ns, ids.ew, where, _int(cell(row, "Round")), section)
    if any(_is_bye(text) for text in (*scores, contract_text)):
        return unplayed  # both pairs named and a bye word: nothing played at this table
    try:
        outcome = _outcome(row, contract_text, scores)
    except ValueError as error:
        if isinstance(error, InteropError):
            raise
        raise InteropError(where, f"board {board}: {error}") from None
    if outcome is None:
        return unplayed
    contract, declarer, tricks, ns_score, adjustment = outcome
    field_score = ns_score if _one_side_artificial(adjustment) else None
    home_imps = _num(cell(row, "IMP_Home"))
    away_imps = _num(cell(row, "IMP_Away"))
    ns_imps = _side_figure(row, "IMP", Side.NS)
    ew_imps = _side_figure(row, "IMP", Side.EW)
    if ids.home is not None and (home_imps is not None or away_imps is not None):
        home_ns = ids.ns == ids.home
        ns_imps = home_imps if home_ns else away_imps
        ew_imps = away_imps if home_ns else home_imps
    vp = (_num(cell(row, "VP_Home")), _num(cell(row, "VP_Away")))
    return ImportedResult(
        board=board,
        ns_pair=ids.ns,
        ew_pair=ids.ew,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        ns_score=ns_score,
        location=where,
        adjustment=adjustment,
        round=_int(cell(row, "Round")),
        table=_table(cell(row, "Table")),
        lead=cell(row, "Lead"),
        ns_mp=_side_figure(row, "MP", Side.NS),
        ew_mp=_side_figure(row, "MP", Side.EW),
        ns_percent=_side_figure(row, "Percentage", Side.NS),
        ew_percent=_side_figure(row, "Percentage", Side.EW),
        ns_imps=ns_imps,
        ew_imps=ew_imps,
        section=section,
        ns_players=ids.ns_players,
        ew_players=ids.ew_players,
        home_team=ids.home,
        away_team=ids.away,
        match_vp=(vp[0], vp[1]) if vp[0] is not None and vp[1] is not None else None,
        substitutes=substitutes,
        field_score=field_score,
    )


def _one_side_artificial(adjustment: Adjustment | None) -> bool:
    if adjustment is None:
        return False
    return isinstance(adjustment.ns, Artificial) != isinstance(adjustment.ew, Artificial)


def _penalties(
    row: Row, board: int, where: Location, ids: _Ids, section: str | None
) -> list[ImportedPenalty]:
    penalties = [
        ImportedPenalty(board, pair, side, points, where, section)
        for pair, side in ((ids.ns, Side.NS), (ids.ew, Side.EW))
        if pair is not None and (points := _side_figure(row, "MP", side)) is not None
    ]
    if not penalties:
        raise InteropError(where, f"board {board}: a penalty line with no points in MP_NS/MP_EW")
    return penalties


def _played(contract: str | None, scores: tuple[str | None, str | None]) -> bool:
    """Whether a line with one pair holds a result (a contract or a score), not a bye."""
    cells = [c for c in (contract, *scores) if c is not None]
    return bool(cells) and not any(_is_bye(c) for c in cells)


def _table(text: str | None) -> int | None:
    if text is None:
        return None
    try:
        return integer(text)
    except ValueError:
        return None  # "Open" / "Closed" written in the Table column


def _sitting_out(ids: _Ids) -> tuple[str, Side] | None:
    """(pair, side) when the line is a sit-out: one pair and no opponent (the other id
    empty or a bye word such as "Bye")."""
    ns = None if _is_bye(ids.ns) else ids.ns
    ew = None if _is_bye(ids.ew) else ids.ew
    if ns is not None and ew is None:
        return ns, Side.NS
    if ew is not None and ns is None:
        return ew, Side.EW
    return None


def _is_pass(text: str | None) -> bool:
    return text is not None and text.replace(" ", "").lower() in _PASS_WORDS


Outcome = tuple[Contract | None, Seat | None, int | None, int | None, Adjustment | None]


def _outcome(
    row: Row, contract_text: str | None, scores: tuple[str | None, str | None]
) -> Outcome | None:
    declarer_text = cell(row, "Declarer")
    result_text = cell(row, "Result")
    score_ns, score_ew = scores
    split = _split_with_field_score(score_ns, score_ew)
    if split is not None:
        return None, None, None, split.ns_score, split.adjustment
    markers = [c for c in (contract_text, result_text) if is_artificial(c)]
    if markers or is_artificial(score_ns) or is_artificial(score_ew):
        ns_cell = score_ns if is_artificial(score_ns) else (markers[0] if markers else None)
        ew_cell = score_ew if is_artificial(score_ew) else None
        return None, None, None, None, artificial_adjustment(ns_cell, ew_cell)
    passed = _is_pass(contract_text)
    ns_score = _ns_score(score_ns, score_ew, cell(row, "Score"), passed)
    if contract_text is None and result_text is None and declarer_text is None:
        if ns_score is None:
            return None
        ew_score = -integer(score_ew) if score_ew is not None and not _is_pass(score_ew) else None
        ew_side = ns_score if ew_score is None else ew_score
        if ns_score != 0 or ew_side != 0:
            # An assigned score; Score_NS and Score_EW that do not balance: a split one.
            return (
                None,
                None,
                None,
                ns_score,
                Adjustment(Weighted.of(ns_score), Weighted.of(ew_side)),
            )
        return None, None, None, 0, None
    if contract_text is None or passed:
        return None, None, None, 0 if ns_score is None else ns_score, None
    contract = parse_contract(contract_text)
    if contract is None:
        return None, None, None, 0 if ns_score is None else ns_score, None
    if declarer_text is None or result_text is None:
        raise ValueError(f"contract {contract_text} needs a declarer and a result")
    return contract, Seat.parse(declarer_text), parse_tricks(result_text, contract), ns_score, None


@dataclass(frozen=True)
class _Split:
    ns_score: int
    adjustment: Adjustment


def _split_with_field_score(score_ns: str | None, score_ew: str | None) -> _Split | None:
    """An artificial score in one score cell and a score in the other ("A=" / "+0"): the
    marked side gets its award, the other side the score (from EW's side in Score_EW), and
    the score stands for the field (``scoring.board_group.BoardLine.field_score``)."""
    ns_marked, ew_marked = is_artificial(score_ns), is_artificial(score_ew)
    if ns_marked == ew_marked or score_ns is None or score_ew is None:
        return None
    try:
        ns_score = -integer(score_ew) if ns_marked else integer(score_ns)
    except ValueError:
        return None
    marker = artificial_adjustment(score_ns if ns_marked else score_ew, None).ns
    table = Weighted.of(ns_score)
    ns, ew = (marker, table) if ns_marked else (table, marker)
    return _Split(ns_score, Adjustment(ns, ew))


def _ns_score(
    score_ns: str | None, score_ew: str | None, score_any: str | None, passed: bool
) -> int | None:
    if _is_pass(score_ns) or _is_pass(score_ew):
        return 0
    if score_ns is not None:
        return integer(score_ns)
    if score_ew is not None:
        return -integer(score_ew)
    if score_any is not None:
        # PBN [Score] style "NS 620" / "EW 100"; a bare number is from NS.
        parts = score_any.split()
        if len(parts) == 2 and parts[0].upper() in ("NS", "EW"):
            value = integer(parts[1])
            return value if parts[0].upper() == "NS" else -value
        return integer(score_any)
    return 0 if passed else None
