"""Between imported sessions and the pipeline's own traveller rows (``scoring.traveller``).

Import: :func:`traveller_rows` turns an imported session into ``TravellerRow`` records, so
an outside session goes through the same validation and scoring as a scanned one. Pair ids
like "1NS" or "A7" become their number (the row's side says which pair it is).

Export: :func:`session_from_travellers` builds the session that the PBN and USEBIO writers
take, from bridgescan's own traveller rows, pair names and deals.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from pipeline.events.hands import Deal
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
from scoring.board import dealer_of, vulnerability_of
from scoring.contract import Side
from scoring.outcome import Weighted
from scoring.traveller import Source, TravellerRow

__all__ = ["traveller_rows", "session_from_travellers", "pair_number"]


def pair_number(pair_id: str, where: Location) -> int:
    """The number in a pair id: "7" -> 7, "1NS" -> 1, "A12" -> 12."""
    if pair_id.startswith("-"):  # records.substitute_id: a "-" pair has no number to give
        raise InteropError(where, "a '-' pair (a substitute with no number) has no pair number")
    match = re.search(r"\d+", pair_id)
    if match is None:
        raise InteropError(where, f"pair {pair_id!r} has no number")
    return int(match.group())


def traveller_rows(session: ImportedSession) -> tuple[TravellerRow, ...]:
    """The session's lines as ``TravellerRow`` records, each with its file and line."""
    rows = []
    for result in session.results:
        where = result.location
        rows.append(
            TravellerRow(
                board=result.board,
                ns_pair=pair_number(result.ns_pair, where),
                ew_pair=pair_number(result.ew_pair, where),
                contract=result.contract,
                declarer=result.declarer,
                tricks=result.tricks,
                passed_out=result.passed_out,
                written_score_ns=result.ns_score,
                adjustment=result.adjustment,
                round=result.round,
                table=result.table,
                source=Source(where.file, row=where.line, column=where.path),
            )
        )
    return tuple(rows)


def _written_score(row: TravellerRow) -> int | None:
    """Law 77's score for a table result; an assigned score's NS score; else None."""
    score = row.law77_score_ns()
    if score is None and row.adjustment is not None:
        ns = row.adjustment.ns
        if isinstance(ns, Weighted) and ns.is_plain:
            return ns.parts[0][1]
    return score


def session_from_travellers(
    rows: Sequence[TravellerRow],
    *,
    event: str,
    date: str | None = None,
    site: str | None = None,
    mitchell: bool = False,
    names: Mapping[str, Sequence[str]] | None = None,
    deals: Mapping[int, Deal] | None = None,
    scoring: Scoring = Scoring.MATCHPOINTS,
    source: str = "bridgescan",
) -> ImportedSession:
    """A session for export from bridgescan's traveller rows.

    ``mitchell``: pair numbers repeat in NS and EW, so pairs are "1NS"/"1EW". ``names`` maps
    a pair key ("7", or "7NS" in a Mitchell) to its players. Written scores are taken from
    Law 77 (``TravellerRow.law77_score_ns``), never from what was written.
    """
    names = names or {}
    deals = deals or {}
    by_board: dict[int, list[ImportedResult]] = {}
    for index, row in enumerate(rows, start=1):
        where = (
            Location(row.source.file, row.source.row)
            if row.source is not None
            else Location(source, index)
        )
        by_board.setdefault(row.board, []).append(
            ImportedResult(
                board=row.board,
                ns_pair=str(row.ns_pair),
                ew_pair=str(row.ew_pair),
                contract=row.contract,
                declarer=row.declarer,
                tricks=row.tricks,
                ns_score=_written_score(row),
                location=where,
                adjustment=row.adjustment,
                round=row.round,
                table=row.table,
            )
        )
    boards = tuple(
        ImportedBoard(
            number,
            dealer_of(number),
            vulnerability_of(number),
            deals.get(number),
            tuple(by_board.get(number, ())),
            Location(source),
        )
        for number in sorted(set(by_board) | set(deals))
    )
    pairs: dict[str, ImportedPair] = {}
    for row in rows:
        for number, side in ((row.ns_pair, Side.NS), (row.ew_pair, Side.EW)):
            key = pair_key(str(number), side, mitchell)
            pairs.setdefault(
                key,
                ImportedPair(
                    key,
                    str(number),
                    side if mitchell else None,
                    tuple(names.get(key, ())),
                    Location(source),
                ),
            )
    ordered = sorted(pairs.values(), key=lambda p: (int(p.number), p.key))
    return ImportedSession(
        source=source,
        format="bridgescan",
        event=event,
        date=date,
        scoring=scoring,
        boards=boards,
        pairs=tuple(ordered),
        by_direction=mitchell,
        program="bridgescan",
        site=site,
    )
