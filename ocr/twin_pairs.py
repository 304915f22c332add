"""Printed pair numbers a page did not give, read on a twin traveller of the stack (issue 43).

Read without the event file, the printed round and pair numbers of a row come from the
page itself (``ocr.printed_page.printed_from_page``), which refuses a row whose numbers a sheet
feeder's streak or a crease crosses (lightening the line takes a glyph's stroke with it:
"19" reads as a sure 9). The row's blank pair boxes then read as no pair numbers, and it
goes to a person: "pair numbers missing". A streak runs down the whole scan, so such rows
come several to a page, often every row of it.

A director holding the stack would read them off another traveller. The boards of one set
travel together (the movement's guide card: a round's boards are played at one
table by one couple), so every traveller of a set prints the same rounds and couples on
the same rows, and a couple meets in one round of a session only (a Mitchell's NS pair
meets each EW pair once, a Howell's pairs each other once). So two travellers of one
stack that print the same (round, NS, EW) on the same row are boards of one set, and they
print the same on every row. Where another board's page (its *twin*) reads, on
``_AGREEING`` rows or more, the same printed round and pairs as this page, and on no row
read on both anything else, the twin's row gives what this page's row prints. The row's
pair boxes were read blank (its best reading has no pair numbers), so its pairs were not
changed: the printed pairs are the ones that played, as on any row whose print was read.

Safe only on agreement: one row alone is not enough in a Mitchell, whose NS pair stays on
its row (table) while the EW pairs take every number in turn, so a misread EW number on
one row equals the row of some other board; two rows that agree cannot both be such a
coincidence, and one row that disagrees means no twin. Where two twins give the row
different numbers, nothing is inferred. A page sent to review as a scan of a board another
page also has (``ocr.stack.mark_duplicates``) is never taken as a twin of that board. On
the first 50 TRAINING pages of ordinary, pencil and pdf150 (seed 13, read without the
event) 30 rows were missing their pairs; 14 have a twin that reads them, all 14 right.

Pure: no I/O.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ocr.reading import PageReading, RowReading, RowStatus

__all__ = ["MISSING", "SetCouples", "from_twins", "twin_couples", "twin_weight"]

MISSING = "pair numbers missing"
"""The review reason of a row whose printed pairs the page did not give
(``ocr/row_reader.py``)."""

_AGREEING = 2
"""Rows a twin must read as this page does, with no row read otherwise (see the module
docstring: one row can agree by chance in a Mitchell, two cannot)."""

Printed = tuple[int | None, int, int]


def _printed(page: PageReading) -> dict[int, Printed]:
    """The rows whose round and pairs the page's print gave, row -> (round, NS, EW)."""
    return {r.row: (r.round, *r.printed_pairs) for r in page.rows if r.printed_pairs}


def _unread(row: RowReading) -> bool:
    """A written row whose printed pairs were not read and whose pair boxes read blank."""
    return (
        row.status is not RowStatus.EMPTY
        and row.printed_pairs is None
        and row.best is not None
        and (row.best.ns_pair, row.best.ew_pair) == (None, None)
        and MISSING in row.reasons
    )


def from_twins(pages: Sequence[PageReading]) -> list[PageReading]:
    """Every page of the batch, each row missing its printed pairs given them where a twin
    traveller of its stack reads them (see the module docstring). A row whose one reason
    for review was the missing pairs is accepted; one with other reasons keeps them."""
    stacks: dict[tuple[object, ...], list[int]] = defaultdict(list)
    for i, page in enumerate(pages):
        if page.board is not None:
            q = page.qr
            stacks[(q.event, q.session, q.section) if q else ("", "", "")].append(i)
    out = list(pages)
    for members in stacks.values():
        printed = {i: _printed(pages[i]) for i in members}
        for i in members:
            page = pages[i]
            if not any(_unread(r) for r in page.rows):
                continue
            twins = [
                printed[j]
                for j in members
                if pages[j].board != page.board and _twins(printed[i], printed[j])
            ]
            rows = tuple(_given(r, twins) if _unread(r) else r for r in page.rows)
            if rows != page.rows:
                out[i] = replace(page, rows=rows)
    return out


def _twins(mine: dict[int, Printed], theirs: dict[int, Printed]) -> bool:
    both = set(mine) & set(theirs)
    return len(both) >= _AGREEING and all(mine[r] == theirs[r] for r in both)


def _given(row: RowReading, twins: Sequence[dict[int, Printed]]) -> RowReading:
    found = {t[row.row] for t in twins if row.row in t}
    if len(found) != 1:
        return row
    rnd, ns, ew = found.pop()
    assert row.best is not None
    reasons = tuple(r for r in row.reasons if r != MISSING)
    alternatives = tuple(
        (replace(alt, ns_pair=ns, ew_pair=ew) if alt.ns_pair is None and alt.ew_pair is None
         else alt, p)
        for alt, p in row.alternatives
    )  # fmt: skip
    return replace(
        row,
        round=rnd,
        best=replace(row.best, ns_pair=ns, ew_pair=ew),
        alternatives=alternatives,
        printed_pairs=(ns, ew),
        pair_readings=(),
        status=RowStatus.REVIEW if reasons else RowStatus.ACCEPTED,
        reasons=reasons,
    )


Couple = tuple[int, int]


@dataclass(frozen=True)
class SetCouples:
    """What the other travellers of a stack say of one traveller's couples: those its
    twins read (boards of its set) and those read on boards of other sets."""

    twins: frozenset[Couple] = frozenset()
    elsewhere: frozenset[Couple] = frozenset()


def twin_couples(
    couples: Sequence[frozenset[Couple]], boards: Sequence[int | None], one_series: bool
) -> list[SetCouples]:
    """For each traveller of one stack (its couples read for certain, its board), the
    couples its twins read and those read on boards of other sets. A twin reads
    ``_AGREEING`` of its couples or more and none that seats one of its pairs otherwise
    (in the same seat, or either seat where the pairs are numbered in one series): a board
    of the same set (see the module docstring), played by the same couples. A board of
    another set reads none of its couples and seats one of its pairs otherwise: a couple
    meets in one round, so none of its couples played this board. A board that reads one
    couple alike and another otherwise says nothing (one of the two is misread)."""
    out = []
    for i, mine in enumerate(couples):
        twins: set[Couple] = set()
        elsewhere: set[Couple] = set()
        for j, theirs in enumerate(couples):
            if boards[j] == boards[i]:
                continue
            otherwise = any(_meets_otherwise(a, b, one_series) for a in mine for b in theirs)
            agreeing = len(mine & theirs) >= _AGREEING
            if agreeing and not otherwise:
                twins |= theirs
            elif otherwise and not mine & theirs:
                elsewhere |= theirs
        out.append(SetCouples(frozenset(twins), frozenset(elsewhere)))
    return out


def _meets_otherwise(a: tuple[int | None, int | None], b: Couple, one_series: bool) -> bool:
    """Whether ``a`` seats a pair of ``b`` with another opponent, or in the other seat."""
    if a == b:
        return False
    if one_series:
        return bool({a[0], a[1]} & {b[0], b[1]})
    return a[0] == b[0] or a[1] == b[1]


def twin_weight(
    reading: tuple[int | None, int | None], known: SetCouples, one_series: bool, change: float
) -> float:
    """The prior of a row's reading by the couples the other travellers read: 1 for a
    couple its twins read; ``change`` (the pairs changed on one of the boards) for one
    that seats a pair the twins read with another opponent or in the other seat, or a
    couple read on a board of another set; 1 where they say nothing of its pairs."""
    if reading in known.twins:
        return 1.0
    if any(_meets_otherwise(reading, b, one_series) for b in known.twins):
        return change
    turned = (reading[1], reading[0])
    if reading in known.elsewhere or (one_series and turned in known.elsewhere):
        return change
    return 1.0
