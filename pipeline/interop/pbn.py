"""Read a PBN results file (PBN 2.0/2.1) into an :class:`ImportedSession`.

Per game: [Board], [Dealer], [Vulnerable], [Deal] and the results table
[ScoreTable "..."] (PBN 2.1 section 5.4: Table, Round, PairId_NS, PairId_EW, Contract,
Declarer, Result, Score_NS, Score_EW, MP_NS, MP_EW, Percentage_NS, IMP_NS, ...). The
[TotalScoreTable] (pair totals) usually appears only in the first game; wherever it appears
first, it is read once. Event-level tags ([Event], [Site], [Date], [Scoring]) come from the
first game that gives them.

Choices where the standard is silent (docs/interop.md, "PBN"):
- [Result] is the number of tricks taken (PBN 2.1); "=", "+1", "-2" are accepted too.
- An artificial adjusted score may stand in Contract, Result, Score_NS or Score_EW: A+, A-,
  A=, A60, A5050, A60/40, 60%-40%. A one-valued marker in an NS cell gives NS that score and
  EW the complement; one in Score_EW gives EW its score.
- A line whose Contract is empty ("-") but which has a score is a director's assigned score.
- A line with nothing but the pair numbers is a board not played there: skipped, noted.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from pipeline.interop.cells import (
    artificial_adjustment,
    decimal,
    integer,
    is_artificial,
    parse_side,
)
from pipeline.interop.hands import Deal
from pipeline.interop.pbn_syntax import PbnGame, PbnTag, parse_pbn, table_rows
from pipeline.interop.records import (
    ImportedBoard,
    ImportedPair,
    ImportedResult,
    ImportedSession,
    InteropError,
    Location,
    Scoring,
    pair_key,
)
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat, Side, parse_contract, parse_tricks
from scoring.outcome import Adjustment, Weighted

__all__ = ["read_pbn", "read_pbn_bytes", "scoring_from_tag"]


def read_pbn(path: str | Path, section: str | None = None) -> ImportedSession:
    """Read a PBN results file from disk (encoding detected: UTF-8 or ISO-8859-1)."""
    path = Path(path)
    return read_pbn_bytes(path.read_bytes(), str(path), section)


def scoring_from_tag(value: str | None) -> Scoring:
    """Map a PBN [Scoring] value (MP, MatchPoints, IMP, Butler, Cross-IMP, ...) to ours."""
    if not value:
        return Scoring.UNKNOWN
    key = value.upper().replace("-", "").replace("_", "").replace(" ", "")
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
            name = row.get("section")
            if name and name not in seen:
                seen.append(name)
    return seen


def read_pbn_bytes(
    data: bytes | str, source: str = "<pbn>", section: str | None = None
) -> ImportedSession:
    """Read PBN text or bytes; ``source`` names the file in every error and location.

    A file with several sections (a Section column) is read one section at a time:
    ``section`` names it, by default the first; the notes say which others there are.
    """
    parsed = parse_pbn(data, source)
    boards: dict[int, ImportedBoard] = {}
    pair_rows: list[ImportedPair] = []
    notes: list[str] = []
    sections = _sections(parsed.games, source)
    if section is not None and section not in sections:
        where = Location(source)
        raise InteropError(where, f"no section {section!r} (sections: {', '.join(sections)})")
    chosen = section or (sections[0] if sections else None)
    if len(sections) > 1:
        notes.append(f"{source}: sections {', '.join(sections)}; section {chosen} was read")
    event_tags: dict[str, str] = {}
    totals_seen = False
    for game in parsed.games:
        for name in ("Event", "Site", "Date", "Scoring", "Generator", "Competition"):
            value = game.value(name)
            if value and name not in event_tags:
                event_tags[name] = value
        totals = game.get("TotalScoreTable")
        if totals is not None:
            if totals_seen:
                notes.append(f"{source}:{totals.line}: a second [TotalScoreTable] was ignored")
            else:
                pair_rows = _pairs(totals, source, chosen)
                totals_seen = True
        board = _board(game, source, notes, chosen)
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
    pairs = _all_pairs(pair_rows, results, by_direction, source)
    scoring = scoring_from_tag(event_tags.get("Scoring"))
    if event_tags.get("Competition", "").lower().startswith("team"):
        scoring = Scoring.TEAMS  # PBN 2.1 [Competition "Teams"]: IMPs between two tables
    if scoring is Scoring.UNKNOWN and any(r.ns_mp is not None for r in results):
        scoring = Scoring.MATCHPOINTS
    return ImportedSession(
        source=source,
        format="PBN",
        event=event_tags.get("Event", ""),
        date=event_tags.get("Date"),
        scoring=scoring,
        boards=tuple(boards[n] for n in sorted(boards)),
        pairs=pairs,
        by_direction=by_direction,
        program=event_tags.get("Generator"),
        site=event_tags.get("Site"),
        notes=tuple(notes),
    )


def _board(
    game: PbnGame, source: str, notes: list[str], section: str | None
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
    results = _results(table, number, source, notes, section) if table is not None else ()
    top_text = game.value("MP_Top") or game.value("ScoreMP_Top")
    top = decimal(top_text) if top_text else None
    return ImportedBoard(number, dealer, vulnerability, deal, results, where, top)


def _cell(row: dict[str, str | None], *names: str) -> str | None:
    for name in names:
        value = row.get(name.lower())
        if value is not None and value.strip() != "":
            return value.strip()
    return None


def _results(
    tag: PbnTag, board: int, source: str, notes: list[str], section: str | None
) -> tuple[ImportedResult, ...]:
    columns, rows = table_rows(tag, source)
    names = {c.name.lower() for c in columns}
    for needed in ("pairid_ns", "pairid_ew"):
        if needed not in names:
            raise InteropError(Location(source, tag.line), f"[ScoreTable] has no {needed} column")
    results = []
    for line, row in rows:
        if section is not None and row.get("section") not in (None, section):
            continue
        where = Location(source, line)
        try:
            result = _result(row, board, where)
        except ValueError as error:
            if isinstance(error, InteropError):
                raise
            raise InteropError(where, f"board {board}: {error}") from None
        if result is None:
            notes.append(
                f"{where}: board {board} not played by {row['pairid_ns']}-{row['pairid_ew']}"
            )
            continue
        results.append(result)
    return tuple(results)


def _result(row: dict[str, str | None], board: int, where: Location) -> ImportedResult | None:
    ns_pair = _cell(row, "PairId_NS")
    ew_pair = _cell(row, "PairId_EW")
    if ns_pair is None or ew_pair is None:
        raise ValueError("a result line needs both PairId_NS and PairId_EW")
    contract_text = _cell(row, "Contract")
    declarer_text = _cell(row, "Declarer")
    result_text = _cell(row, "Result")
    score_ns = _cell(row, "Score_NS")
    score_ew = _cell(row, "Score_EW")
    score_any = _cell(row, "Score")
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    ns_score: int | None = None
    adjustment: Adjustment | None = None
    markers = [c for c in (contract_text, result_text) if is_artificial(c)]
    if markers or is_artificial(score_ns) or is_artificial(score_ew):
        ns_cell = score_ns if is_artificial(score_ns) else (markers[0] if markers else None)
        ew_cell = score_ew if is_artificial(score_ew) else None
        adjustment = artificial_adjustment(ns_cell, ew_cell)
    else:
        ns_score = _ns_score(score_ns, score_ew, score_any)
        if contract_text is None and result_text is None and declarer_text is None:
            if ns_score is None:
                return None
            ew_score = -integer(score_ew) if score_ew is not None else ns_score
            if ns_score != 0 or ew_score != 0:
                # An assigned score; Score_NS and Score_EW that do not balance: a split one.
                adjustment = Adjustment(Weighted.of(ns_score), Weighted.of(ew_score))
        elif contract_text is not None:
            contract = parse_contract(contract_text)
            if contract is not None:
                if declarer_text is None or result_text is None:
                    raise ValueError(f"contract {contract_text} needs a declarer and a result")
                declarer = Seat.parse(declarer_text)
                tricks = parse_tricks(result_text, contract)
    return ImportedResult(
        board=board,
        ns_pair=ns_pair,
        ew_pair=ew_pair,
        contract=contract,
        declarer=declarer,
        tricks=tricks,
        ns_score=ns_score,
        location=where,
        adjustment=adjustment,
        round=_int(_cell(row, "Round")),
        table=_int(_cell(row, "Table")),
        lead=_cell(row, "Lead"),
        ns_mp=_num(_cell(row, "MP_NS", "ScoreMP_NS")),
        ew_mp=_num(_cell(row, "MP_EW", "ScoreMP_EW")),
        ns_percent=_num(_cell(row, "Percentage_NS", "ScorePercentage_NS")),
        ew_percent=_num(_cell(row, "Percentage_EW", "ScorePercentage_EW")),
        ns_imps=_num(_cell(row, "IMP_NS", "ScoreIMP_NS")),
        ew_imps=_num(_cell(row, "IMP_EW", "ScoreIMP_EW")),
    )


def _ns_score(score_ns: str | None, score_ew: str | None, score_any: str | None) -> int | None:
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
    return None


def _int(text: str | None) -> int | None:
    return integer(text) if text is not None else None


def _num(text: str | None) -> Fraction | None:
    return decimal(text) if text is not None else None


def _split_names(text: str | None) -> tuple[str, ...]:
    if not text:
        return ()
    for separator in (" - ", " & ", " / ", " og ", " och ", " and "):
        if separator in text:
            return tuple(part.strip() for part in text.split(separator) if part.strip())
    return (text.strip(),)


def _pairs(tag: PbnTag, source: str, section: str | None) -> list[ImportedPair]:
    columns, rows = table_rows(tag, source)
    names = {c.name.lower() for c in columns}
    if "pairid" not in names and "pairid_ns" not in names:
        raise InteropError(Location(source, tag.line), "[TotalScoreTable] has no PairId column")
    pairs = []
    for line, row in rows:
        if section is not None and row.get("section") not in (None, section):
            continue
        where = Location(source, line)
        try:
            number = _cell(row, "PairId", "PairId_NS")
            if number is None:
                raise ValueError("a pair line needs a PairId")
            direction = _cell(row, "Direction")
            player_names = _split_names(_cell(row, "Names", "PairName", "Name"))
            if not player_names:
                player_names = tuple(
                    n for n in (_cell(row, f"PlayerName{i}", f"Name{i}") for i in (1, 2)) if n
                )
            members = tuple(
                m for m in (_cell(row, f"MemberID{i}", f"MemberId{i}") for i in (1, 2)) if m
            )
            pairs.append(
                ImportedPair(
                    key=number,
                    number=number,
                    side=parse_side(direction) if direction else None,
                    names=player_names,
                    location=where,
                    total=_num(_cell(row, "TotalScoreMP", "TotalMP", "TotalScore")),
                    percent=_num(_cell(row, "TotalPercentage", "Percentage")),
                    imps=_num(_cell(row, "TotalScoreIMP", "TotalIMP")),
                    rank=_cell(row, "Rank"),
                    boards_played=_int(_cell(row, "NrBoards")),
                    member_ids=members,
                )
            )
        except ValueError as error:
            raise InteropError(where, f"[TotalScoreTable]: {error}") from None
    return pairs


def _by_direction(pairs: list[ImportedPair], results: list[ImportedResult]) -> bool:
    """Mitchell numbering: the totals list a number for both sides, or a line has 1 v 1."""
    sided = [(p.number, p.side) for p in pairs if p.side is not None]
    numbers = [number for number, _ in sided]
    if len(set(numbers)) < len(numbers):
        return True
    return any(r.ns_pair == r.ew_pair for r in results)


def _all_pairs(
    rows: list[ImportedPair], results: list[ImportedResult], by_direction: bool, source: str
) -> tuple[ImportedPair, ...]:
    pairs: dict[str, ImportedPair] = {}
    for pair in rows:
        key = pair_key(pair.number, pair.side, by_direction)
        if key in pairs:
            raise InteropError(pair.location, f"pair {key} is listed twice in [TotalScoreTable]")
        pairs[key] = ImportedPair(
            key, pair.number, pair.side, pair.names, pair.location, pair.total, pair.percent,
            pair.imps, pair.rank, pair.boards_played, pair.member_ids,
        )  # fmt: skip
    for result in results:
        for number, side in ((result.ns_pair, Side.NS), (result.ew_pair, Side.EW)):
            key = pair_key(number, side, by_direction)
            if key not in pairs:
                pairs[key] = ImportedPair(
                    key, number, side if by_direction else None, (), result.location
                )
    return tuple(sorted(pairs.values(), key=lambda p: _natural(p.key)))


def _natural(key: str) -> tuple[int, str]:
    digits = "".join(ch for ch in key if ch.isdigit())
    return (int(digits) if digits else 0, key)
