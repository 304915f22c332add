"""The PBN [TotalScoreTable]: pairs, players or teams with their totals (PBN 2.1 section 5.5).

The id column says what is ranked: ``PairId`` (``PairId_NS`` in older files), ``PlayerId``
(individuals) or ``TeamId`` (teams, with ``TeamName``, ``Roster``, ``TotalScoreVP``,
``TotalScoreIMP``). Figures are read under every name programs use:

- this session: ``SessionScoreMP`` / ``SessionScoreIMP`` / ``SessionPercentage`` when a
  multi-session file prints them beside the cumulative ``TotalScoreMP`` /
  ``TotalPercentage`` (Ruter); then the session figures are what the file's boards are
  checked against, and the cumulative ones are kept apart;
- ``ScoreCarryOver`` (Ruter, Magic Contest): a cumulative total minus its carry-over is the
  session's total when no session column is printed;
- the plain ``TotalScoreMP`` / ``TotalMP`` / ``TotalScore``, ``TotalScoreIMP`` / ``TotalIMP``,
  ``TotalPercentage`` / ``Percentage``, ``TotalScoreVP`` / ``TotalVP``.

Names come from ``Names`` / ``PairName`` / ``Name`` / ``TeamName`` (split at " - ", " & ",
" og ", " och ", " and ") or ``PlayerName1``/``2``; a pair whose name is a phantom's
("Phantom", "Fantom", "Spøkelse", ...) is marked as one.
"""

from __future__ import annotations

from fractions import Fraction

from pipeline.interop.cells import decimal, integer, parse_side
from pipeline.interop.pbn_rows import cell
from pipeline.interop.pbn_syntax import PbnTag, table_rows
from pipeline.interop.records import (
    PHANTOM_WORDS,
    Competition,
    ImportedPair,
    InteropError,
    Location,
)
from scoring.contract import Side

__all__ = ["read_totals", "split_names", "is_phantom"]


def split_names(text: str | None) -> tuple[str, ...]:
    if not text:
        return ()
    for separator in (" - ", " & ", " / ", " og ", " och ", " and ", " + "):
        if separator in text:
            return tuple(part.strip() for part in text.split(separator) if part.strip())
    return (text.strip(),)


def is_phantom(names: tuple[str, ...]) -> bool:
    return any(word in name.lower() for name in names for word in PHANTOM_WORDS)


def _num(text: str | None) -> Fraction | None:
    return decimal(text) if text is not None else None


def read_totals(
    tag: PbnTag, source: str, section: str | None, competition: Competition
) -> tuple[list[ImportedPair], Competition]:
    """The ranked entrants of a [TotalScoreTable] (for one section, or all when None)."""
    columns, rows = table_rows(tag, source)
    names = {c.name.lower() for c in columns}
    if "playerid" in names:
        competition = Competition.INDIVIDUALS
        id_columns: tuple[str, ...] = ("PlayerId",)
    elif "teamid" in names:
        competition = Competition.TEAMS
        id_columns = ("TeamId",)
    elif "pairid" in names or "pairid_ns" in names:
        id_columns = ("PairId", "PairId_NS")
    else:
        raise InteropError(
            Location(source, tag.line),
            "[TotalScoreTable] has no PairId, PlayerId or TeamId column",
        )
    session_columns = any(n.startswith("session") for n in names)
    pairs = []
    for line, row in rows:
        row_section = cell(row, "Section")
        if section is not None and row_section not in (None, section):
            continue
        where = Location(source, line)
        try:
            pairs.append(_pair(row, where, id_columns, session_columns, row_section))
        except ValueError as error:
            if isinstance(error, InteropError):
                raise
            raise InteropError(where, f"[TotalScoreTable]: {error}") from None
    return pairs, competition


#: What a team file writes in ``Direction`` for the home and away team of a match (Swedish
#: Ruter: "Hemma" / "Borta"; Norwegian, Danish, English): the team's side in the match, not a
#: pair's direction, so the team has no NS/EW side (its seats come from the score table).
HOME_AWAY_WORDS = frozenset(
    {"hemma", "borta", "heime", "hjemme", "borte", "ude", "home", "away", "hemmalag", "bortalag"}
)


def _direction(text: str | None) -> Side | None:
    """A pair's NS/EW from the ``Direction`` cell; None for a team's home/away."""
    if not text or text.strip().lower() in HOME_AWAY_WORDS:
        return None
    return parse_side(text)


def _pair(
    row: dict[str, str | None],
    where: Location,
    id_columns: tuple[str, ...],
    session_columns: bool,
    section: str | None,
) -> ImportedPair:
    number = cell(row, *id_columns)
    if number is None:
        raise ValueError(f"a line needs its {id_columns[0]}")
    direction = cell(row, "Direction")
    player_names = split_names(cell(row, "Names", "PairName", "Name", "TeamName"))
    if not player_names:
        player_names = tuple(
            n for n in (cell(row, f"PlayerName{i}", f"Name{i}") for i in (1, 2)) if n
        )
    members = tuple(m for m in (cell(row, f"MemberID{i}", f"MemberId{i}") for i in (1, 2)) if m)
    total = _num(cell(row, "TotalScoreMP", "TotalMP", "TotalScore"))
    imps = _num(cell(row, "TotalScoreIMP", "TotalIMP"))
    percent = _num(cell(row, "TotalPercentage", "Percentage"))
    carry = _num(cell(row, "ScoreCarryOver", "CarryOver"))
    cumulative_total = cumulative_percent = None
    if session_columns:
        cumulative_total, cumulative_percent = total if total is not None else imps, percent
        session_total = _num(cell(row, "SessionScoreMP", "SessionMP", "SessionScore"))
        session_imps = _num(cell(row, "SessionScoreIMP", "SessionIMP"))
        total = session_total
        imps = session_imps
        percent = _num(cell(row, "SessionPercentage"))
    elif carry:
        cumulative_total, cumulative_percent = total if total is not None else imps, percent
        total = None if total is None else total - carry
        imps = None if imps is None else imps - carry
        percent = None  # the session's percentage is not printed
    boards = cell(row, "NrBoards")
    return ImportedPair(
        key=number,
        number=number,
        side=_direction(direction),
        names=player_names,
        location=where,
        total=total,
        percent=percent,
        imps=imps,
        rank=cell(row, "Rank"),
        boards_played=integer(boards) if boards is not None else None,
        member_ids=members,
        section=section,
        phantom=is_phantom(player_names),
        cumulative_total=cumulative_total,
        cumulative_percent=cumulative_percent,
        carry_over=carry,
        vp=_num(cell(row, "TotalScoreVP", "TotalVP")),
    )
