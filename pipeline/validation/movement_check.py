"""Traveller rows against the movement and against each other.

The movement (the guide card as data, ``scoring.movement.Movement``) says which pairs meet on
which board in which round. Each row of a board is matched to the line of the movement it
records, in this order:

1. exact: the row's NS and EW are the pairs of an unmatched line for that board;
2. swapped: NS and EW are the line's pairs the other way round (``pairs-swapped``);
3. near: the row shares a pair with exactly one unmatched line, or was entered at that
   line's round and table (``pairs-not-expected``, suggesting the line's pairs).

A line left without a row is a result missing (``result-missing``, a warning: the board is
then scored with Neuberg, rules.md section 4, unless the director adjusts). A second row for
the same meeting is a ``duplicate-row``; a pair in two rows of a board is ``pair-twice-on-board``
(a pair plays each board once, seed 004 "Tävlingsformer"). Pair numbers that are not in the
section are ``pair-not-in-section``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence

from pipeline.validation.findings import (
    Code,
    ColumnResolver,
    Finding,
    Location,
    field_column,
)
from scoring.movement import Movement, MovementEntry
from scoring.number_ranges import number_ranges
from scoring.traveller import TravellerRow

__all__ = ["check_against_movement", "check_rows_together"]


def _same_result(a: TravellerRow, b: TravellerRow) -> bool:
    return a == b  # TravellerRow equality ignores the source


def check_rows_together(
    rows: Sequence[TravellerRow],
    session: str | None = None,
    section_pairs: Collection[int] | None = None,
    columns: ColumnResolver = field_column,
    movement: Movement | None = None,
) -> list[Finding]:
    """Unknown pairs, duplicate rows, a pair twice on a board.

    A pair twice is reported at the later row, or, given the ``movement``, at the row whose
    pairs do not meet on that board (the one to correct).
    """
    findings: list[Finding] = []
    by_board: dict[int, list[TravellerRow]] = defaultdict(list)
    for row in rows:
        by_board[row.board].append(row)
    for board_rows in by_board.values():
        seen: dict[tuple[int, int], TravellerRow] = {}
        pair_rows: dict[int, TravellerRow] = {}
        for row in board_rows:
            if section_pairs is not None:
                for field_name, pair in (("ns", row.ns_pair), ("ew", row.ew_pair)):
                    if pair not in section_pairs:
                        findings.append(
                            Finding.of(
                                Code.PAIR_NOT_IN_SECTION,
                                Location.of_row(row, session, columns(row, field_name)),
                                f"pair {pair} ({field_name.upper()}) is not in section "
                                f"{row.section} (pairs {_numbers(sorted(section_pairs))})",
                                _expected_partner(row, field_name, movement),
                            )
                        )
            key = (row.ns_pair, row.ew_pair)
            if key in seen:
                first = seen[key]
                same = _same_result(first, row)
                findings.append(
                    Finding.of(
                        Code.DUPLICATE_ROW,
                        Location.of_row(row, session),
                        f"NS {row.ns_pair} vs EW {row.ew_pair} on board {row.board} is entered "
                        f"twice ({'same result' if same else 'different results'}; first at "
                        f"{_where(first)})",
                        "delete the repeated row"
                        if same
                        else "keep the row that matches the traveller and delete the other",
                    )
                )
                continue
            seen[key] = row
            if row.ns_pair == row.ew_pair:
                findings.append(
                    Finding.of(
                        Code.PAIR_TWICE,
                        Location.of_row(row, session, columns(row, "ew")),
                        f"pair {row.ns_pair} is both NS and EW on board {row.board}",
                        _expected_partner(row, "ew", movement) or "check the pair numbers",
                    )
                )
                continue
            for pair in key:
                if pair in pair_rows:
                    here, other = row, pair_rows[pair]
                    if movement is not None:
                        expected = movement.expected_pairs(row.board)
                        if key in expected and (other.ns_pair, other.ew_pair) not in expected:
                            here, other = other, row
                    findings.append(
                        Finding.of(
                            Code.PAIR_TWICE,
                            Location.of_row(here, session),
                            f"pair {pair} is on board {here.board} twice: here (NS "
                            f"{here.ns_pair} vs EW {here.ew_pair}) and at {_where(other)} (NS "
                            f"{other.ns_pair} vs EW {other.ew_pair})",
                            "a pair plays each board once: check the pair numbers",
                        )
                    )
                else:
                    pair_rows[pair] = row
    return findings


def _expected_partner(row: TravellerRow, field_name: str, movement: Movement | None) -> str | None:
    """What the movement has in place of an unknown pair, from the row's other pair."""
    if movement is None:
        return None
    known = row.ew_pair if field_name == "ns" else row.ns_pair
    entry = movement.entry_for(row.board, known)
    if entry is None:
        return None
    pair = entry.ns if field_name == "ns" else entry.ew
    return (
        f"{field_name.upper()} {pair}? The movement has NS {entry.ns} vs EW {entry.ew} on "
        f"board {row.board} (round {entry.round}, table {entry.table})"
    )


def check_against_movement(
    rows: Sequence[TravellerRow],
    movement: Movement,
    session: str | None = None,
    columns: ColumnResolver = field_column,
) -> list[Finding]:
    """Match every row to its line of the movement (see the module docstring)."""
    findings: list[Finding] = []
    known = set(movement.pairs)
    by_board: dict[int, list[TravellerRow]] = defaultdict(list)
    for row in rows:
        by_board[row.board].append(row)
    for board in sorted(by_board):
        lines = movement.plays_of(board)
        if not lines:
            for row in by_board[board]:
                findings.append(
                    Finding.of(
                        Code.BOARD_NOT_IN_MOVEMENT,
                        Location.of_row(row, session, columns(row, "board")),
                        f"board {board} is not played in the movement ({movement.name}, "
                        f"boards {number_ranges(movement.boards)})",
                    )
                )
        findings.extend(_match_board(by_board[board], lines, known, movement, session, columns))
    for board in movement.boards:
        if board not in by_board:
            findings.extend(_missing(movement.plays_of(board), board, session, set()))
    return findings


def _match_board(
    rows: list[TravellerRow],
    lines: tuple[MovementEntry, ...],
    known: set[int],
    movement: Movement,
    session: str | None,
    columns: ColumnResolver,
) -> list[Finding]:
    findings: list[Finding] = []
    if not lines:
        return findings
    matched: set[MovementEntry] = set()
    pending: list[TravellerRow] = []
    # Pass 1: exact and swapped matches, so that "near" guesses only use what is left.
    for row in rows:
        exact = next((e for e in lines if e.pairs == (row.ns_pair, row.ew_pair)), None)
        swapped = next((e for e in lines if e.pairs == (row.ew_pair, row.ns_pair)), None)
        if exact is not None:
            if exact in matched:
                continue  # a duplicate row: reported by check_rows_together
            matched.add(exact)
            findings.extend(_round_check(row, exact, session, columns))
        elif swapped is not None:
            if swapped in matched:
                continue
            matched.add(swapped)
            findings.append(
                Finding.of(
                    Code.PAIRS_SWAPPED,
                    Location.of_row(row, session, columns(row, "ns")),
                    f"NS {row.ns_pair} and EW {row.ew_pair} are swapped: the movement has "
                    f"pair {swapped.ns} NS and pair {swapped.ew} EW on board {row.board} "
                    f"(round {swapped.round}, table {swapped.table})",
                    f"enter NS {swapped.ns}, EW {swapped.ew}, and check that the score is "
                    "still from NS's side",
                )
            )
            findings.extend(_round_check(row, swapped, session, columns))
        else:
            pending.append(row)
    # Pass 2: rows whose pairs do not meet on this board.
    for row in pending:
        unknown = [p for p in (row.ns_pair, row.ew_pair) if p not in known]
        free = [e for e in lines if e not in matched]
        near = [e for e in free if {row.ns_pair, row.ew_pair} & set(e.pairs)]
        if len(near) != 1 and row.round is not None and row.table is not None:
            near = [e for e in free if (e.round, e.table) == (row.round, row.table)]
        guess = near[0] if len(near) == 1 else None
        if guess is not None:
            matched.add(guess)
        if unknown:
            continue  # pair-not-in-section (check_rows_together) says it; one finding per slip
        field_name = "ew" if guess is not None and guess.ns == row.ns_pair else "ns"
        expected = (
            f"; the movement has NS {guess.ns} vs EW {guess.ew} there (round {guess.round}, "
            f"table {guess.table})"
            if guess is not None
            else ""
        )
        findings.append(
            Finding.of(
                Code.PAIRS_NOT_EXPECTED,
                Location.of_row(row, session, columns(row, field_name)),
                f"NS {row.ns_pair} vs EW {row.ew_pair} do not meet on board {row.board} in "
                f"the movement ({movement.name}){expected}",
                None if guess is None else f"NS {guess.ns}, EW {guess.ew}",
            )
        )
    findings.extend(_missing(lines, rows[0].board, session, matched))
    return findings


def _round_check(
    row: TravellerRow, entry: MovementEntry, session: str | None, columns: ColumnResolver
) -> list[Finding]:
    wrong = [
        (name, value, expected)
        for name, value, expected in (
            ("round", row.round, entry.round),
            ("table", row.table, entry.table),
        )
        if value is not None and value != expected
    ]
    if not wrong:
        return []
    said = ", ".join(f"{name} {value}" for name, value, _ in wrong)
    should = ", ".join(f"{name} {expected}" for name, _, expected in wrong)
    return [
        Finding.of(
            Code.ROUND_MISMATCH,
            Location.of_row(row, session, columns(row, wrong[0][0])),
            f"NS {row.ns_pair} vs EW {row.ew_pair} play board {row.board} in {should} of the "
            f"movement, but the row says {said}",
            f"{should} (or the movement in the event file is not the one played)",
        )
    ]


def _missing(
    lines: tuple[MovementEntry, ...],
    board: int,
    session: str | None,
    matched: set[MovementEntry],
) -> list[Finding]:
    return [
        Finding.of(
            Code.RESULT_MISSING,
            Location(session=session, board=board, round=e.round, table=e.table),
            f"no result for NS {e.ns} vs EW {e.ew} on board {board} (round {e.round}, "
            f"table {e.table})",
            "enter the result, or the director's adjusted score; if the board was not "
            "played it is scored with Neuberg's formula",
        )
        for e in lines
        if e not in matched
    ]


def _where(row: TravellerRow) -> str:
    if row.source is not None:
        return str(row.source)
    return f"round {row.round}, table {row.table}" if row.round is not None else "another row"


def _numbers(numbers: Sequence[int]) -> str:
    return ", ".join(str(n) for n in numbers)
