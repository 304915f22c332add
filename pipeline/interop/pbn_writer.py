"""Write a session as a PBN 2.1 results file that our reader (and others) read back.

One game per board, in export style (PBN 2.1 section 2.3): ``% PBN 2.1`` and ``% EXPORT``
escape lines, tags of the mandatory set first ([Event] [Site] [Date] [Board] [West] [North]
[East] [South] [Dealer] [Vulnerable] [Deal] [Scoring] [Declarer] [Contract] [Result]; "?"
where a value belongs to no single table), then [ScoreTable] with its rows and, in the first
game only, [TotalScoreTable]. Tokens are separated by single spaces (column widths are
advisory and we pad for the eye), lines end in CRLF, and text is ISO-8859-1 when every
character fits, UTF-8 otherwise (our reader detects both).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from pipeline.events.hand_records import STRAIN_ORDER, HandRecord
from pipeline.interop.cells import format_decimal
from pipeline.interop.pbn_syntax import Column, format_columns, quote
from pipeline.interop.records import (
    ImportedBoard,
    ImportedPair,
    ImportedResult,
    ImportedSession,
    Scoring,
)
from scoring.board import dealer_of, vulnerability_of
from scoring.contract import Seat
from scoring.outcome import Artificial, Weighted

__all__ = ["write_pbn", "pbn_text", "check_pbn_export"]

_SCORING_TAG = {
    Scoring.MATCHPOINTS: "MP",
    Scoring.CROSS_IMPS: "Cross-IMP",
    Scoring.BUTLER: "Butler",
    Scoring.TEAMS: "IMP",
    Scoring.UNKNOWN: "?",
}


def _cell(value: str | None) -> str:
    """A table token: "-" for nothing, quoted when it has spaces, quotes or comment marks."""
    if value is None or value == "":
        return "-"
    if value == "-" or any(ch.isspace() or ch in '";{}[]%' for ch in value):
        return quote(value)
    return value


def _num(value: Fraction | None) -> str | None:
    return None if value is None else format_decimal(value)


def _adjusted_cell(outcome: Artificial | object, ew: bool = False) -> str:
    """An artificial score as "A60"; the scored side of a split ("A=" / "+0") as its score
    from its own side, signed."""
    if isinstance(outcome, Artificial):
        return f"A{format_decimal(outcome.percent, 0)}"
    if isinstance(outcome, Weighted) and outcome.is_plain:
        score = int(outcome.mean)
        return f"{-score:+d}" if ew else str(score)
    return "-"


def _score_row(result: ImportedResult) -> dict[str, str | None]:
    row: dict[str, str | None] = {
        "Table": str(result.table) if result.table is not None else None,
        "Round": str(result.round) if result.round is not None else None,
        "PairId_NS": None if result.ns_pair in result.substitutes else result.ns_pair,
        "PairId_EW": None if result.ew_pair in result.substitutes else result.ew_pair,
        "Contract": None,
        "Declarer": None,
        "Result": None,
        "Score_NS": None,
        "Score_EW": None,
        "MP_NS": _num(result.ns_mp),
        "MP_EW": _num(result.ew_mp),
        "Percentage_NS": _num(result.ns_percent),
        "Percentage_EW": _num(result.ew_percent),
        "IMP_NS": _num(result.ns_imps),
        "IMP_EW": _num(result.ew_imps),
    }
    adjustment = result.adjustment
    if adjustment is not None and Artificial in (type(adjustment.ns), type(adjustment.ew)):
        row["Score_NS"] = _adjusted_cell(adjustment.ns)
        row["Score_EW"] = _adjusted_cell(adjustment.ew, ew=True)
        return row
    if result.adjustment is not None:
        # An assigned score (Law 12C1): no contract, the score per side; a split score
        # shows in Score_NS and Score_EW not being each other's negative.
        ns, ew = result.adjustment.ns, result.adjustment.ew
        assert isinstance(ns, Weighted) and isinstance(ew, Weighted)
        row["Score_NS"] = str(int(ns.mean))
        row["Score_EW"] = str(-int(ew.mean))
        return row
    if result.contract is None:
        row["Contract"] = "Pass"
    else:
        row["Contract"] = str(result.contract)
        row["Declarer"] = result.declarer.value if result.declarer else None
        row["Result"] = str(result.tricks) if result.tricks is not None else None
    if result.ns_score is not None:
        row["Score_NS"] = str(result.ns_score) if result.ns_score >= 0 else None
        row["Score_EW"] = str(-result.ns_score) if result.ns_score < 0 else None
        if result.ns_score == 0:
            row["Score_NS"] = "0"
    return row


def _table(tag: str, names: list[str], rows: list[dict[str, str | None]], left: set[str]) -> str:
    """A table tag with only the columns that hold a value somewhere, widths from content."""
    used = [name for name in names if any(row.get(name) is not None for row in rows)]
    cells = [[_cell(row.get(name)) for name in used] for row in rows]
    widths = [max([1] + [len(r[i]) for r in cells]) for i in range(len(used))]
    columns = tuple(
        Column(name, widths[i], "L" if name in left else "R") for i, name in enumerate(used)
    )
    lines = [f"[{tag} {quote(format_columns(columns))}]"]
    for row_cells in cells:
        padded = [
            cell.ljust(widths[i]) if columns[i].align == "L" else cell.rjust(widths[i])
            for i, cell in enumerate(row_cells)
        ]
        lines.append(" ".join(padded).rstrip())
    return "\r\n".join(lines)


_SCORE_COLUMNS = [
    "Table", "Round", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result",
    "Score_NS", "Score_EW", "MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW",
    "IMP_NS", "IMP_EW",
]  # fmt: skip
_TOTAL_COLUMNS = [
    "Rank", "PairId", "Direction", "TotalScoreMP", "TotalPercentage", "TotalScoreIMP",
    "NrBoards", "Names",
]  # fmt: skip


def _rank_order(pair: ImportedPair) -> tuple[int, str]:
    digits = "".join(ch for ch in (pair.rank or "").split("-")[0] if ch.isdigit())
    return (int(digits) if digits else 10**6, pair.key)


def _totals(session: ImportedSession) -> str | None:
    rows = []
    for pair in sorted(session.pairs, key=_rank_order):
        rows.append(
            {
                "Rank": pair.rank,
                "PairId": pair.number,
                "Direction": pair.side.value if pair.side else None,
                "TotalScoreMP": _num(pair.total),
                "TotalPercentage": _num(pair.percent),
                "TotalScoreIMP": _num(pair.imps),
                "NrBoards": str(pair.boards_played) if pair.boards_played is not None else None,
                "Names": " - ".join(pair.names) if pair.names else None,
            }
        )
    if not rows:
        return None
    return _table("TotalScoreTable", _TOTAL_COLUMNS, rows, {"Names", "Direction"})


def _optimum(record: HandRecord) -> list[str]:
    """PBN 2.1 [OptimumScore] and [OptimumResultTable] from a double-dummy analysis."""
    if record.double_dummy is None or record.par is None:
        return []
    score = record.par.score_ns
    lines = [f"[OptimumScore {quote(f'NS {score}' if score >= 0 else f'EW {-score}')}]"]
    lines.append('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
    for strain in STRAIN_ORDER:
        for seat in Seat:
            tricks = record.double_dummy.get(strain, seat)
            lines.append(f"{seat.value} {strain.value:>2} {tricks:>2}")
    return lines


def _game(
    session: ImportedSession,
    board: ImportedBoard,
    totals: str | None,
    record: HandRecord | None = None,
) -> str:
    dealer = board.dealer or dealer_of(board.number)
    vulnerability = board.vulnerability or vulnerability_of(board.number)
    tags = [
        ("Event", session.event or "?"),
        ("Site", session.site or "?"),
        ("Date", session.date or "?"),
        ("Board", str(board.number)),
        ("West", "?"),
        ("North", "?"),
        ("East", "?"),
        ("South", "?"),
        ("Dealer", dealer.value),
        ("Vulnerable", vulnerability.value),
        ("Deal", board.deal.pbn(dealer) if board.deal else "?"),
        ("Scoring", _SCORING_TAG[session.scoring]),
        ("Declarer", "?"),
        ("Contract", "?"),
        ("Result", "?"),
    ]
    tags.append(("Competition", "Teams" if session.scoring is Scoring.TEAMS else "Pairs"))
    if session.program:
        tags.append(("Generator", session.program))
    lines = [f"[{name} {quote(value)}]" for name, value in tags]
    if record is not None:
        lines.extend(_optimum(record))
    if totals:
        lines.append(totals)
    if board.results:
        rows = [_score_row(result) for result in board.results]
        lines.append(_table("ScoreTable", _SCORE_COLUMNS, rows, {"Contract"}))
    return "\r\n".join(lines)


def pbn_text(session: ImportedSession, hand_records: Mapping[int, HandRecord] | None = None) -> str:
    """The PBN text (CRLF line ends) of a session: one game per board.

    ``hand_records`` analysed by ``pipeline.events.hand_records.analyse`` add each board's
    double-dummy table and par ([OptimumResultTable], [OptimumScore], PBN 2.1).
    """
    records = hand_records or {}
    totals = _totals(session)
    games = []
    for index, board in enumerate(session.boards):
        record = records.get(board.number)
        games.append(_game(session, board, totals if index == 0 else None, record))
    return "% PBN 2.1\r\n% EXPORT\r\n%\r\n" + "\r\n\r\n".join(games) + "\r\n"


def write_pbn(
    session: ImportedSession, hand_records: Mapping[int, HandRecord] | None = None
) -> bytes:
    """The PBN file's bytes: ISO-8859-1 when every character fits, else UTF-8."""
    text = pbn_text(session, hand_records)
    try:
        return text.encode("iso-8859-1")
    except UnicodeEncodeError:
        return text.encode("utf-8")


def check_pbn_export(data: bytes) -> list[str]:
    """Problems with a file against the PBN 2.1 export syntax (empty list: conforms).

    Checks what the standard fixes for export format: CRLF line ends, the first line
    ``% PBN <version>``, tag lines ``[Name "value"]`` with a legal name and a single space,
    the mandatory tag set in its order at the start of each game, table rows whose token
    count matches the declared columns. The reader's own parse is used for the tokens.
    """
    from pipeline.interop.pbn_syntax import TAG_NAME, decode_pbn, parse_pbn, table_rows

    problems: list[str] = []
    if b"\n" in data.replace(b"\r\n", b""):
        problems.append("line ends must be CRLF in export format")
    text, _ = decode_pbn(data)
    lines = text.split("\r\n")
    if not lines or not lines[0].startswith("% PBN "):
        problems.append("line 1: export format starts with '% PBN <version>'")
    for number, line in enumerate(lines, start=1):
        if line.startswith("[") and not line.endswith('"]'):
            problems.append(f'line {number}: a tag line must be [Name "value"]')
        if line.startswith("["):
            name = line[1:].split(" ", 1)[0]
            if not TAG_NAME.match(name) or not line[len(name) + 1 :].startswith(' "'):
                problems.append(f"line {number}: tag name and value need one space between")
    try:
        parsed = parse_pbn(data, "<export>")
    except ValueError as error:
        return [*problems, str(error)]
    mandatory = ["Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                 "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"]  # fmt: skip
    for game in parsed.games:
        names = [tag.name for tag in game.tags[: len(mandatory)]]
        if names != mandatory:
            problems.append(f"line {game.line}: the mandatory tags must come first, in order")
        for tag in game.tags:
            if tag.name.endswith("Table"):
                try:
                    table_rows(tag, "<export>")
                except ValueError as error:
                    problems.append(str(error))
    return problems
