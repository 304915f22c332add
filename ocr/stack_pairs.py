"""Handwritten pair numbers weighed against the whole stack of travellers (issue 43).

Read without the event file, a blank generic form's pair numbers are handwritten and
checked only against the section's pairs its QR code lists (``ocr/pair_check.py``). The
digit model's reading of one 2-digit number is rarely certain on its own ink: every other
pair of the section keeps a floor of about 1% (``ocr.combs.digit_box_likelihood`` mixes
each box with 10% uniform), so a plainly written "1-8" reads 0.93 and goes to a person.
A director reading the same stack would not hesitate, for two reasons the stack shows:

- A pair plays a board once, so on one traveller a pair number is on one row at most
  (``ocr/page_pairs.py`` rules out readings that seat a pair another row reads for
  certain). Here the same holds softly: a reading of row R that seats pair p is weighed
  by the chance that no other row of the traveller seats p, each other row by its own
  pair readings (the rows' digits are read apart, so the chances multiply). A "4" read
  on row 1 of a traveller whose row 4 reads NS 4 at 0.96 keeps 4% of its weight.
- A pair keeps its seat all session in a Mitchell (NS stationary, EW moving): where
  every pair the other travellers read is read in one seat (at most ``_HOWELL_SHARE`` of
  them in the other: the stack is not a Howell, whose pairs change seats, nor numbered
  NS and EW apart, where a number names a pair on each side), a pair read NS on other
  boards sits NS here but for a change of seats. Such a change (the pairs sat the wrong
  way round, a late pair given another seat, a substitute under another number) is
  priced at ``SEAT_CHANGE``: the generator changes the pairs of 3% of printed rows, and
  real clubs have late arrivals and swaps the generator does not draw.

Both are a prior over the row's (NS, EW) reading; the digits' likelihood is the row's own
pair readings (``RowReading.pair_readings``, kept where nothing printed gave the pairs and
no event was read). The row's posterior is its contract's probability times its pairs' (the
two are decoded apart), so it is recomputed exactly: the contract's share is the posterior
divided by the pairs' probability before, times the pairs' probability after.

A row is accepted this way only where its posterior was its one reason for review, its
best reading stays the best, and the posterior reaches the threshold. A row the stack
contradicts (another reading becomes likelier, or an accepted row falls below the
threshold) goes to a person with a reason that names the stack's evidence: a wrong pair
number accepted moves a score to another pair, the worst error the reader can make.

The stack is the pages of one batch with the same QR code's event, session, section and
listed pairs (a blank form's QR code names no event: a batch of blank forms is taken as
one section's session, as ``ocr/stack.py``'s checks take it). Pure: no I/O.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from ocr.reading import (
    PageReading,
    PairReadings,
    RowReading,
    RowResult,
    RowStatus,
    posterior_reason,
)

__all__ = ["SEAT_CHANGE", "SeatsRead", "seats_read", "weigh_by_stack"]

SEAT_CHANGE = 0.05
"""The chance that a pair sits, on one row, in the seat the rest of the stack does not
show it in (a swap, a late pair seated elsewhere, a substitute): above the generator's 3%
of rows with changed pairs, for the late arrivals and swaps of real clubs."""

_READ = 0.8
"""A row's pair number counts as read in its seat, for the stack's seats, when the row's
pair readings give it at least this. On TRAINING blank forms (seed 9001, 64 ordinary
pages, 640 rows) 0.5, 0.8 and 0.95 send the same 18.91% to review: a stack's seats are
plain at any of them; 0.8 keeps a number the digits barely prefer out of the count."""

_HOWELL_SHARE = 2 * SEAT_CHANGE
"""The largest share of the numbers read on other boards that may sit in their number's
less usual seat for the stack to be taken as keeping seats: twice the changes of seat a
stack that keeps seats shows (a Howell's pairs sit in each seat about half the time)."""

_SEEN = 2
"""A number read fewer times than this on other boards has no home seat (weight 1/2 in
either): one reading could be the row's own doubt repeated."""

Pairs = tuple[int | None, int | None]


@dataclass(frozen=True)
class SeatsRead:
    """Per board, how often each pair number is read in each seat (``_READ``)."""

    ns: Mapping[int, Mapping[int, int]]  # board -> pair -> rows
    ew: Mapping[int, Mapping[int, int]]

    def elsewhere(self, board: int, pair: int) -> tuple[int, int]:
        """(NS, EW) rows reading ``pair`` on boards other than ``board``."""
        return (
            self._ns_total.get(pair, 0) - self.ns.get(board, {}).get(pair, 0),
            self._ew_total.get(pair, 0) - self.ew.get(board, {}).get(pair, 0),
        )

    @cached_property
    def _ns_total(self) -> dict[int, int]:
        return _totals(self.ns)

    @cached_property
    def _ew_total(self) -> dict[int, int]:
        return _totals(self.ew)

    def keeps_seats(self, board: int) -> bool:
        """Whether the numbers other boards than ``board`` read keep one seat each (a
        Mitchell numbered in one series): at most ``_HOWELL_SHARE`` of those readings in
        their number's less usual seat. The board's own rows are what is weighed."""
        numbers = set(self._ns_total) | set(self._ew_total)
        seats = [self.elsewhere(board, p) for p in numbers]
        total = sum(ns + ew for ns, ew in seats)
        minority = sum(min(ns, ew) for ns, ew in seats)
        return total > 0 and minority <= _HOWELL_SHARE * total

    def one_series(self) -> bool:
        """Whether the stack numbers its pairs in one series: no traveller reads a number
        in both seats (numbered NS and EW apart, a Mitchell's NS 3 and EW 3 are two pairs
        that both play each board; a Howell's pairs change seats but play a board once)."""
        return any(self.ns.values()) and not any(
            set(self.ns.get(board, {})) & set(self.ew.get(board, {})) for board in self.ns
        )


def _totals(per_board: Mapping[int, Mapping[int, int]]) -> dict[int, int]:
    """Rows reading each pair number in one seat, over every board."""
    out: dict[int, int] = defaultdict(int)
    for numbers in per_board.values():
        for pair, n in numbers.items():
            out[pair] += n
    return out


def seats_read(pages: Iterable[PageReading]) -> SeatsRead:
    """The pair numbers each board of the stack reads in each seat: a printed pair the
    row keeps, or a handwritten one its pair readings give ``_READ`` or more."""
    ns: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    ew: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for page in pages:
        if page.board is None:
            continue
        for row in page.rows:
            for side, pair in enumerate(_read_pairs(row)):
                if pair is not None:
                    (ns, ew)[side][page.board][pair] += 1
    return SeatsRead(ns, ew)


def _read_pairs(row: RowReading) -> Pairs:
    if row.status is RowStatus.EMPTY or row.best is None:
        return (None, None)
    best = (row.best.ns_pair, row.best.ew_pair)
    if row.printed_pairs is not None and best == row.printed_pairs:
        return best
    if not row.pair_readings:
        return (None, None)
    return (
        best[0] if _marginal(row.pair_readings, 0, best[0]) >= _READ else None,
        best[1] if _marginal(row.pair_readings, 1, best[1]) >= _READ else None,
    )


def _marginal(readings: PairReadings, side: int, pair: int | None) -> float:
    return sum(q for both, q in readings if both[side] == pair)


def weigh_by_stack(pages: Sequence[PageReading], threshold: float) -> list[PageReading]:
    """Every page of the batch with its handwritten pair readings weighed against the
    rest of its stack (see the module docstring)."""
    stacks: dict[tuple[object, ...], list[int]] = defaultdict(list)
    for i, page in enumerate(pages):
        if page.board is not None and any(r.pair_readings for r in page.rows):
            q = page.qr
            key = (q.event, q.session, q.section, q.pairs) if q else ("", "", "", None)
            stacks[key].append(i)
    out = list(pages)
    for members in stacks.values():
        stack = [pages[i] for i in members]
        seats = seats_read(stack)
        for i in members:
            out[i] = _weigh_page(pages[i], seats, threshold)
    return out


def _weigh_page(page: PageReading, seats: SeatsRead, threshold: float) -> PageReading:
    assert page.board is not None
    stack = _Stack(seats, seats.keeps_seats(page.board), seats.one_series())
    seatings = [_Seating.of(r) for r in page.rows if r.status is not RowStatus.EMPTY]
    rows = tuple(
        _weigh_row(r, page, stack, [s for s in seatings if s.row != r.row], threshold)
        if r.pair_readings
        else r
        for r in page.rows
    )
    return page if rows == page.rows else replace(page, rows=rows)


@dataclass(frozen=True)
class _Stack:
    """What the stack says about seats: the numbers read, whether pairs keep their seats,
    whether a number names one pair (one series)."""

    seats: SeatsRead
    keeps_seats: bool
    one_series: bool


@dataclass(frozen=True)
class _Seating:
    """What one row of a traveller seats, by its pair readings (or its printed pairs where
    it keeps them; nothing where it has neither), summed once a page by number and seat."""

    row: int
    readings: Mapping[Pairs, float]
    ns: Mapping[int, float]
    ew: Mapping[int, float]
    either: Mapping[int, float]

    @classmethod
    def of(cls, row: RowReading) -> _Seating:
        readings: PairReadings = row.pair_readings
        if not readings and row.best is not None:
            kept = (row.best.ns_pair, row.best.ew_pair)
            readings = ((kept, 1.0),) if kept == row.printed_pairs else ()
        ns: dict[int, float] = defaultdict(float)
        ew: dict[int, float] = defaultdict(float)
        either: dict[int, float] = defaultdict(float)
        for (n, e), q in readings:
            for side, pair in ((ns, n), (ew, e)):
                if pair is not None:
                    side[pair] += q
            for pair in {n, e} - {None}:
                assert pair is not None
                either[pair] += q
        return cls(row.row, dict(readings), ns, ew, either)

    def seats(self, both: Pairs, one_series: bool) -> float:
        """The probability that the row seats either pair of ``both`` (two numbers): in
        its seat, or in either seat when the stack numbers its pairs in one series."""
        n, e = both
        assert n is not None and e is not None
        if one_series:
            if n == e:
                p = self.either.get(n, 0.0)
            else:
                p = (self.either.get(n, 0.0) + self.either.get(e, 0.0)
                     - self.readings.get((n, e), 0.0) - self.readings.get((e, n), 0.0))  # fmt: skip
        else:
            p = self.ns.get(n, 0.0) + self.ew.get(e, 0.0) - self.readings.get((n, e), 0.0)
        return min(1.0, max(0.0, p))


def _weigh_row(
    row: RowReading,
    page: PageReading,
    stack: _Stack,
    others: Sequence[_Seating],
    threshold: float,
) -> RowReading:
    if row.best is None or row.status is RowStatus.EMPTY:
        return row
    if any(ns is None or ew is None for (ns, ew), _ in row.pair_readings):
        return row  # printed pairs not read: not a handwritten reading
    assert page.board is not None
    board = page.board
    covered = _covered(page, others)
    weights = {
        both: _seat_weight(both, board, stack)
        * _free(both, others, stack.one_series)
        * _covering(both, covered)
        for both, _ in row.pair_readings
    }
    total = sum(q * weights[both] for both, q in row.pair_readings)
    best = (row.best.ns_pair, row.best.ew_pair)
    before = dict(row.pair_readings)
    if total <= 0.0 or best not in before:
        return row
    after = {both: q * weights[both] / total for both, q in row.pair_readings}
    posterior = row.posterior / before[best] * after[best]
    likeliest = max(after, key=lambda both: after[both])
    alternatives = tuple(
        (alt, p * weights.get((alt.ns_pair, alt.ew_pair), 1.0) / total)
        for alt, p in row.alternatives
    )
    readings = tuple(sorted(after.items(), key=lambda kv: -kv[1]))
    if row.status is RowStatus.ACCEPTED:
        if likeliest == best and posterior >= threshold:
            return row
        why = _contradiction(row.best, likeliest, board, stack, others, posterior)
        return replace(row, status=RowStatus.REVIEW, reasons=(*row.reasons, why))
    if row.reasons != (posterior_reason(row.posterior, threshold),):
        return row
    if likeliest != best:
        why = _contradiction(row.best, likeliest, board, stack, others, posterior)
        return replace(row, reasons=(*row.reasons, why))
    if posterior >= threshold:
        return replace(row, posterior=posterior, alternatives=alternatives,
                       pair_readings=readings, status=RowStatus.ACCEPTED, reasons=())  # fmt: skip
    return replace(row, posterior=posterior, alternatives=alternatives, pair_readings=readings,
                   reasons=(posterior_reason(posterior, threshold),))  # fmt: skip


def _seat_weight(both: Pairs, board: int, stack: _Stack) -> float:
    """The stack's prior that the pairs sit in these seats: for each number, 1 - change
    in the seat the other boards read it in, the change in the other, 1/2 where the
    stack does not keep seats or the number is read fewer than ``_SEEN`` times."""
    weight = 1.0
    for side, pair in enumerate(both):
        assert pair is not None
        ns, ew = stack.seats.elsewhere(board, pair)
        if not stack.keeps_seats or ns + ew < _SEEN or (ns and ew):
            weight *= 0.5
        elif (ns if side == 0 else ew) > 0:
            weight *= 1.0 - SEAT_CHANGE
        else:
            weight *= SEAT_CHANGE
    return weight


def _free(both: Pairs, others: Sequence[_Seating], one_series: bool) -> float:
    """The chance that no other row of the traveller seats these pairs (a pair plays a
    board once), each row by its own readings: its printed pairs where it keeps them,
    else its pair readings (a row with neither takes nothing)."""
    chance = 1.0
    for other in others:
        chance *= 1.0 - other.seats(both, one_series)
    return chance


def _covered(page: PageReading, others: Sequence[_Seating]) -> dict[int, float] | None:
    """Where the traveller seats every pair of its section (twice as many pairs in the
    QR code as rows written on it: each pair plays the board once), the chance that the
    other rows seat each of them, each at least ``SEAT_CHANGE`` (a pair that did not
    come, its table played by another number); None where it need not."""
    section = page.qr.pairs if page.qr is not None else None
    written = [r for r in page.rows if r.status is not RowStatus.EMPTY]
    if not section or 2 * len(written) != len(section):
        return None
    out = {}
    for pair in section:
        free = 1.0
        for other in others:
            free *= 1.0 - other.seats((pair, pair), True)
        out[pair] = max(SEAT_CHANGE, 1.0 - free)
    return out


def _covering(both: Pairs, covered: Mapping[int, float] | None) -> float:
    """The chance that the other rows seat every pair of the section but these two
    (``_covered``), against a reading seating none of them: pairs this reading seats need
    no other row, so it is the product over the others, 1 over the product over its own."""
    if covered is None:
        return 1.0
    weight = 1.0
    for pair in {p for p in both if p is not None}:
        weight /= covered.get(pair, 1.0)
    return weight


def _contradiction(
    best: RowResult,
    likeliest: Pairs,
    board: int,
    stack: _Stack,
    others: Sequence[_Seating],
    posterior: float,
) -> str:
    """The review reason of a row whose digits' reading the stack does not bear out."""
    read = f"{best.ns_pair}-{best.ew_pair}"
    if stack.keeps_seats:
        for side, pair in enumerate((best.ns_pair, best.ew_pair)):
            assert pair is not None
            ns, ew = stack.seats.elsewhere(board, pair)
            home, count = ("EW", ew) if side == 0 else ("NS", ns)
            if count and not (ns if side == 0 else ew):
                return (
                    f"pairs {read}: pair {pair} sits {home} on {count} other rows of this "
                    f"stack (posterior with the stack {posterior:.3f})"
                )
    for other in others:
        if other.seats((best.ns_pair, best.ew_pair), stack.one_series) >= 0.5:
            return (
                f"pairs {read}: row {other.row} of this traveller reads one of them too "
                f"(a pair plays a board once; posterior with the stack {posterior:.3f})"
            )
    if likeliest != (best.ns_pair, best.ew_pair):
        return (
            f"pairs {read}: the stack makes {likeliest[0]}-{likeliest[1]} likelier "
            f"(posterior with the stack {posterior:.3f})"
        )
    return f"pairs {read}: posterior with the stack {posterior:.3f} below the threshold"
