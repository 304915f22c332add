"""Read a PBN results file (PBN 2.0/2.1) into an :class:`ImportedSession`.

Per game: [Board], [Dealer], [Vulnerable], [Deal] and the results table [ScoreTable "..."]
(PBN 2.1 section 5.4; rows: ``pipeline.interop.pbn_rows``). The [TotalScoreTable] (pairs,
players or teams with their totals: ``pipeline.interop.pbn_totals``) usually appears only in
the first game; wherever it appears first, it is read once. Event-level tags ([Event],
[Site], [Date], [Scoring], [Competition], [Generator]) come from the first game giving them.

Choices where the standard is silent (docs/interop.md, "PBN"):
- [Result] is the number of tricks taken (PBN 2.1); "=", "+1", "-2" are accepted too.
- A file with several sections (a Section column) is read whole, pair keys carrying the
  section ("A7", "B7NS"); ``section=`` reads one of them alone.
- A line with nothing but the pair numbers is a board not played there: skipped, noted.
- Matchpoints printed centred on the average (Ruter) are detected and marked
  (``Presentation.CENTRED``); the figures stay as printed, ``compare`` and the writers turn
  them into points and back (``pipeline.interop.centred``).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pipeline.events.hands import Deal
from pipeline.interop.cells import decimal, integer
from pipeline.interop.centred import detect_presentation
from pipeline.interop.pbn_rows import Unplayed, cell, competition_of, read_row
from pipeline.interop.pbn_syntax import PbnGame, PbnTag, parse_pbn, table_rows
from pipeline.interop.pbn_totals import read_totals
from pipeline.interop.records import (
    Competition,
    ImportedBoard,
    ImportedPair,
    ImportedPenalty,
    ImportedResult,
    ImportedSession,
    ImportedSitout,
    InteropError,
    Location,
    Scoring,
    pair_key,
)
from scoring.board import Vulnerability
from scoring.contract import Seat, Side

__all__ = ["read_pbn", "read_pbn_bytes", "scoring_from_tag"]


def read_pbn(path: str | Path, section: str | None = None) -> ImportedSession:
    """Read a PBN results file from disk (encoding detected: UTF-8 or ISO-8859-1)."""
    path = Path(path)
    return read_pbn_bytes(path.read_bytes(), str(path), section)


def scoring_from_tag(value: str | None) -> Scoring:
    """Map a PBN [Scoring] value (MP, MatchPoints;MP1, IMP, Butler, Cross-IMP, ...) to ours."""
    if not value:
        return Scoring.UNKNOWN
    key = value.split(";")[0].upper().replace("-", "").replace("_", "").replace(" ", "")
    if key.startswith(("MP", "MATCHPOINT", "TOPSCORE")):
        return Scoring.MATCHPOINTS
    if "CROSS" in key or key.startswith("XIMP"):
        return Scoring.CROSS_IMPS
    if key.startswith(("BUTLER", "IMP", "DATUM")):
        return Scoring.BUTLER
    return Scoring.UNKNOWN


def _sections(games: tuple[PbnGame, ...], source: str) -> list[str]:
    """The sections the score tables name (a Section column), in order of appearance."""
    seen: list[str] = []
    for game in games:
        tag = game.get("ScoreTable")
        if tag is None:
            continue
        for _, row in table_rows(tag, source)[1]:
            name = cell(row, "Section")
            if name and name not in seen:
                seen.append(name)
    return seen


_EVENT_TAGS = ("Event", "Site", "Date", "Scoring", "Generator", "Competition", "Application")


def read_pbn_bytes(
    data: bytes | str, source: str = "<pbn>", section: str | None = None
) -> ImportedSession:
    """Read PBN text or bytes; ``source`` names the file in every error and location.

    A file with several sections (a Section column) is read whole unless ``section`` names
    one; the notes say which sections there are.
    """
    parsed = parse_pbn(data, source)
    sections = _sections(parsed.games, source)
    if section is not None and section not in sections:
        where = Location(source)
        raise InteropError(where, f"no section {section!r} (sections: {', '.join(sections)})")
    read = [section] if section is not None else sections
    notes: list[str] = []
    if len(sections) > 1:
        chosen = f"section {section} was read" if section else "all were read"
        notes.append(f"{source}: sections {', '.join(sections)}; {chosen}")
    event_tags = _event_tags(parsed.games)
    competition = _competition(parsed.games, event_tags.get("Competition"), source)
    pair_rows: list[ImportedPair] = []
    totals_seen = False
    boards: dict[int, ImportedBoard] = {}
    unplayed: list[Unplayed] = []
    for game in parsed.games:
        totals = game.get("TotalScoreTable")
        if totals is not None:
            if totals_seen:
                notes.append(f"{source}:{totals.line}: a second [TotalScoreTable] was ignored")
            else:
                pair_rows, competition = read_totals(totals, source, section, competition)
                totals_seen = True
        board = _board(game, source, unplayed, section, competition)
        if board is None:
            continue
        if board.number in boards:
            earlier = boards[board.number]
            if earlier.results and board.results:
                raise InteropError(
                    board.location, f"board {board.number} has a second [ScoreTable]"
                )
            board = board if board.results or board.deal else earlier
        boards[board.number] = board
    results = [r for b in boards.values() for r in b.results]
    by_direction = _by_direction(pair_rows, results)
    several = len(read) > 1
    phantoms = {
        pair_key(p.number, p.side, by_direction, p.section if several else None)
        for p in pair_rows
        if p.phantom
    }
    ordered = tuple(boards[n] for n in sorted(boards))
    session = ImportedSession(
        source=source,
        format="PBN",
        event=event_tags.get("Event", ""),
        date=event_tags.get("Date"),
        scoring=_scoring(event_tags, results, competition),
        boards=ordered,
        pairs=(),
        by_direction=by_direction,
        program=event_tags.get("Generator") or event_tags.get("Application"),
        site=event_tags.get("Site"),
        notes=tuple(notes),
        competition=competition,
        sections=tuple(read),
    )
    session = _unplayed(session, unplayed, phantoms)
    pairs = _all_pairs(pair_rows, session, source)
    session = replace(session, pairs=pairs)
    return detect_presentation(session)


def _event_tags(games: tuple[PbnGame, ...]) -> dict[str, str]:
    tags: dict[str, str] = {}
    for game in games:
        for name in _EVENT_TAGS:
            value = game.value(name)
            if value and name not in tags:
                tags[name] = value
    return tags


def _competition(games: tuple[PbnGame, ...], tag: str | None, source: str) -> Competition:
    for game in games:
        table = game.get("ScoreTable")
        if table is not None:
            columns, _ = table_rows(table, source)
            return competition_of({c.name.lower() for c in columns}, tag)
    return competition_of(set(), tag)


def _scoring(
    tags: dict[str, str], results: list[ImportedResult], competition: Competition
) -> Scoring:
    scoring = scoring_from_tag(tags.get("Scoring"))
    if competition is Competition.TEAMS:
        return Scoring.TEAMS  # PBN 2.1 [Competition "Teams"]: IMPs between two tables
    if scoring is Scoring.UNKNOWN and any(r.ns_mp is not None for r in results):
        return Scoring.MATCHPOINTS
    return scoring


def _board(
    game: PbnGame,
    source: str,
    unplayed: list[Unplayed],
    section: str | None,
    competition: Competition,
) -> ImportedBoard | None:
    board_tag = game.get("Board")
    where = Location(source, board_tag.line if board_tag else game.line)
    if board_tag is None or board_tag.value in ("", "?"):
        if game.get("ScoreTable") is not None:
            raise InteropError(where, "a game with a [ScoreTable] has no [Board] number")
        return None
    try:
        number = integer(board_tag.value)
        if number < 1:
            raise ValueError("a board number starts at 1")
        dealer_text = game.value("Dealer")
        dealer = Seat.parse(dealer_text) if dealer_text else None
        vul_text = game.value("Vulnerable")
        vulnerability = None
        if vul_text:
            vulnerability = Vulnerability.NONE if vul_text == "-" else Vulnerability.parse(vul_text)
        deal_text = game.value("Deal")
        deal = Deal.parse(deal_text) if deal_text else None
    except ValueError as error:
        raise InteropError(where, f"board {board_tag.value}: {error}") from None
    table = game.get("ScoreTable")
    results: tuple[ImportedResult, ...] = ()
    sitouts: tuple[ImportedSitout, ...] = ()
    penalties: tuple[ImportedPenalty, ...] = ()
    if table is not None:
        results, sitouts, penalties = _lines(table, number, source, unplayed, section, competition)
    top_text = game.value("MP_Top") or game.value("ScoreMP_Top")
    top = decimal(top_text) if top_text else None
    return ImportedBoard(
        number, dealer, vulnerability, deal, results, where, top, sitouts, penalties
    )


def _lines(
    tag: PbnTag,
    board: int,
    source: str,
    unplayed: list[Unplayed],
    section: str | None,
    competition: Competition,
) -> tuple[tuple[ImportedResult, ...], tuple[ImportedSitout, ...], tuple[ImportedPenalty, ...]]:
    columns, rows = table_rows(tag, source)
    names = {c.name.lower() for c in columns}
    needed = {
        Competition.PAIRS: ("pairid_ns", "pairid_ew"),
        Competition.INDIVIDUALS: ("playerid_north", "playerid_east"),
        Competition.TEAMS: ("teamid_home", "teamid_away"),
    }[competition]
    if competition is Competition.TEAMS and "teamid_home" not in names:
        needed = ("pairid_ns", "pairid_ew")  # a team match written as pairs
    if "multiplicity" in names and not any(column in names for column in needed):
        raise InteropError(
            Location(source, tag.line),
            f"board {board}: [ScoreTable] is a frequency table (scores with a Multiplicity, "
            "no pair numbers): compare checks the results of pairs, not a frequency table",
        )
    for column in needed:
        if column not in names:
            raise InteropError(Location(source, tag.line), f"[ScoreTable] has no {column} column")
    results: list[ImportedResult] = []
    sitouts: list[ImportedSitout] = []
    penalties: list[ImportedPenalty] = []
    for line, row in rows:
        row_section = cell(row, "Section")
        if section is not None and row_section not in (None, section):
            continue
        where = Location(source, line)
        read = read_row(row, board, where, competition, row_section)
        if isinstance(read, Unplayed):
            unplayed.append(read)
        elif isinstance(read, ImportedSitout):
            sitouts.append(read)
        elif isinstance(read, list):
            penalties += read
        else:
            results.append(read)
    return tuple(results), tuple(sitouts), tuple(penalties)


def _unplayed(
    session: ImportedSession, unplayed: list[Unplayed], phantoms: set[str]
) -> ImportedSession:
    """Lines with nothing but the pairs: against a phantom pair, its opponents' sit-out;
    otherwise a board not played at that table (a note)."""
    several = len(session.sections) > 1
    notes = list(session.notes)
    extra: dict[int, list[ImportedSitout]] = {}
    for line in unplayed:
        section = line.section if several else None
        ns = pair_key(line.ns, Side.NS, session.by_direction, section)
        ew = pair_key(line.ew, Side.EW, session.by_direction, section)
        if ns in phantoms or ew in phantoms:
            pair, side = (line.ew, Side.EW) if ns in phantoms else (line.ns, Side.NS)
            extra.setdefault(line.board, []).append(
                ImportedSitout(line.board, pair, side, line.location, None, None, line.round,
                               line.section)
            )  # fmt: skip
        else:
            notes.append(f"{line.location}: board {line.board} not played by {line.ns}-{line.ew}")
    boards = tuple(
        replace(b, sitouts=(*b.sitouts, *extra[b.number])) if b.number in extra else b
        for b in session.boards
    )
    return replace(session, boards=boards, notes=tuple(notes))


def _by_direction(pairs: list[ImportedPair], results: list[ImportedResult]) -> bool:
    """Mitchell numbering: the totals list a number for both sides, or a line has 1 v 1."""
    sided = [(p.section, p.number) for p in pairs if p.side is not None]
    if len(set(sided)) < len(sided):
        return True
    return any(r.ns_pair == r.ew_pair for r in results)


def _all_pairs(
    rows: list[ImportedPair], session: ImportedSession, source: str
) -> tuple[ImportedPair, ...]:
    several = len(session.sections) > 1
    pairs: dict[str, ImportedPair] = {}
    for pair in rows:
        key = pair_key(
            pair.number, pair.side, session.by_direction, pair.section if several else None
        )
        if key in pairs:
            raise InteropError(pair.location, f"pair {key} is listed twice in [TotalScoreTable]")
        pairs[key] = replace(pair, key=key)
    for result in session.results:
        if session.competition is Competition.INDIVIDUALS:
            for player in (*result.ns_players, *result.ew_players):
                if player not in pairs:
                    pairs[player] = ImportedPair(player, player, None, (), result.location)
            continue
        for key, number, side in (
            (session.ns_key(result), result.ns_pair, Side.NS),
            (session.ew_key(result), result.ew_pair, Side.EW),
        ):
            if key not in pairs and number not in result.substitutes:  # "-": no entrant
                pairs[key] = ImportedPair(
                    key,
                    number,
                    side if session.by_direction else None,
                    (),
                    result.location,
                    section=result.section,
                )
    for sitout in session.sitouts:
        key = session.sitout_key(sitout)
        if key not in pairs:
            pairs[key] = ImportedPair(
                key, sitout.pair, sitout.side if session.by_direction else None, (),
                sitout.location, section=sitout.section,
            )  # fmt: skip
    return tuple(sorted(pairs.values(), key=lambda p: _natural(p.key)))


def _natural(key: str) -> tuple[str, int, str]:
    """Section letters first, then the pair number as a number: A2 before A10 before B1."""
    prefix = key[: len(key) - len(key.lstrip("".join(map(chr, range(65, 91))) + "/"))]
    digits = "".join(ch for ch in key[len(prefix) :] if ch.isdigit())
    return (prefix, int(digits) if digits else 0, key)
