"""Handwritten pair numbers weighed against the whole stack of travellers (issue 43).

Read without the event file, a blank generic form's pair numbers are handwritten and
checked only against the section's pairs its QR code lists (``ocr/pair_check.py``). The
digit model's reading of one 2-digit number is rarely certain on its own ink: every other
pair of the section keeps a floor of about 1% (``ocr.combs.digit_box_likelihood`` mixes
each box with 10% uniform), so a plainly written "1-8" reads 0.93 and goes to a person.
A director reading the same stack would not hesitate, for what the stack shows:

- A pair plays a board once, so on one traveller a pair number is on one row at most
  (``ocr/page_pairs.py`` rules out readings that seat a pair another row reads for
  certain). Here the traveller's rows are decoded jointly (``ocr/traveller_pairs.py``):
  a reading of every row weighs the product of the rows' weights below where no pair is
  on two rows, and a row's posterior sums the joint readings that give it its reading.
  Two rows that share one doubt keep it: each is as sure as their swap is unlikely.
- Where the QR code lists twice as many pairs as rows written, every pair plays the
  board: a reading with a number the section lacks leaves a listed pair unseated and
  weighs ``SEAT_CHANGE`` more for each such number (a pair that did not come, its table
  played under another number).
- The boards of one set are played by the same couples, and a couple meets once a
  session (``ocr.twin_pairs.twin_couples``): a reading that seats a pair of a twin
  board's couple with another opponent, or that is a couple read on a board of another
  set, weighs ``SEAT_CHANGE`` (the pairs changed on one of the boards).
- A pair keeps its seat all session in a Mitchell (NS stationary, EW moving): where
  every pair the other travellers read is read in one seat (at most ``_HOWELL_SHARE`` of
  them in the other: the stack is not a Howell, whose pairs change seats, nor numbered
  NS and EW apart, where a number names a pair on each side), a pair read NS on other
  boards sits NS here but for a change of seats (``ocr/stack_seats.py``: one misread
  number undoes neither a number's seat nor the stack's one series). Such a change (the
  pairs sat the wrong way round, a late pair given another seat, a substitute under
  another number) is priced at ``SEAT_CHANGE``: the generator changes the pairs of 3% of
  printed rows, and real clubs have late arrivals and swaps the generator does not draw.

Seats, coverage and couples are a prior over the row's (NS, EW) reading; the digits'
likelihood is the row's own pair readings (``RowReading.pair_readings``, kept where
nothing printed gave the pairs and no movement is known: no event file, and no seating or
meetings in the QR code). The row's posterior is its contract's probability times its
pairs' (the two are decoded apart), so it is recomputed exactly: the contract's share is
the posterior divided by the pairs' probability before, times the pairs' probability after.

A row is accepted this way only where its posterior was its one reason for review, its
best reading stays the best, and the posterior reaches the threshold; or where the stack
settles a doubtful number otherwise than the digits read it, as the event's movement does
when a row is decoded (``ocr/stack_settles.py``: never a number the digits read for
certain). A row the stack contradicts (another reading becomes likelier, or an accepted
row falls below the threshold) goes to a person with a reason that names the stack's
evidence: a wrong pair number accepted moves a score to another pair, the worst error the
reader can make.

The stack is the pages of one batch with the same QR code's event, session, section and
listed pairs (a blank form's QR code names no event: a batch of blank forms is taken as
one section's session, as ``ocr/stack.py``'s checks take it). Pure: no I/O.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from ocr.layout import EW_PAIR_WRITTEN, NS_PAIR_WRITTEN
from ocr.reading import (
    PageReading,
    PairReadings,
    RowReading,
    RowResult,
    RowStatus,
    posterior_reason,
)
from ocr.stack_couples import CoupleSlope, couple_slope, placed_weight
from ocr.stack_lines import LineSteps, line_steps, seat_places
from ocr.stack_seats import SEAT_CHANGE, SeatsRead, home_seat, read_pairs, seats_read
from ocr.stack_settles import settled_otherwise
from ocr.traveller_pairs import Pairs, as_readings, joint_beliefs
from ocr.twin_pairs import SetCouples, twin_couples, twin_weight

__all__ = ["SEAT_CHANGE", "SeatsRead", "seats_read", "weigh_by_stack"]


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
        couples = [frozenset(c for c in map(read_pairs, p.rows) if None not in c) for p in stack]
        twins = twin_couples(couples, [p.board for p in stack], seats.one_series())  # type: ignore[arg-type]
        q = stack[0].qr
        section = q.pairs if q is not None and q.pairs else None
        lines = line_steps(stack, seats, section)
        slope = couple_slope(stack, *seat_places(seats, section))
        for i, met in zip(members, twins, strict=True):
            out[i] = _weigh_page(pages[i], seats, met, threshold, lines, slope)
    return out


def _weigh_page(
    page: PageReading,
    seats: SeatsRead,
    twins: SetCouples,
    threshold: float,
    lines: LineSteps | None = None,
    couples: CoupleSlope | None = None,
) -> PageReading:
    assert page.board is not None
    section = frozenset(page.qr.pairs) if page.qr is not None and page.qr.pairs else None
    expected = lines.expected(page) if lines is not None else {}
    offsets = couples.expected(page) if couples is not None else {}
    stack = _Stack(seats, seats.keeps_seats(page.board), seats.one_series(), twins, section,
                   expected, couples, offsets)  # fmt: skip
    written = [r for r in page.rows if r.status is not RowStatus.EMPTY]
    seatings = [_Seating.of(r) for r in written]
    variables = [(r.row, _weighed(r, page, stack, len(written))) for r in written
                 if not _no_number_written(r)]  # fmt: skip
    variables = [(row, readings) for row, readings in variables if readings]
    beliefs = dict(
        zip(
            (row for row, _ in variables),
            joint_beliefs([readings for _, readings in variables], stack.one_series),
            strict=True,
        )
    )
    rows = tuple(
        _weigh_row(
            r, beliefs[r.row], page.board, stack, [s for s in seatings if s.row != r.row], threshold
        )  # fmt: skip
        if r.pair_readings and r.row in beliefs
        else r
        for r in page.rows
    )
    return page if rows == page.rows else replace(page, rows=rows)


def _weighed(
    row: RowReading, page: PageReading, stack: _Stack, written: int
) -> list[tuple[Pairs, float]]:
    """The row's readings with their weights in the traveller's joint decoding
    (``ocr/traveller_pairs.py``): a handwritten reading's digits times the stack's prior
    (its seats; where every pair of the section plays the board, ``SEAT_CHANGE`` for each
    number the section does not have); printed pairs the row keeps, for certain; a row
    whose printed pairs were not read, its readings as decoded (none seats a number
    twice for sure). Nothing where the row has neither."""
    if not row.pair_readings:
        if row.best is not None and (row.best.ns_pair, row.best.ew_pair) == row.printed_pairs:
            return [(row.printed_pairs, 1.0)]
        return []
    if any(ns is None or ew is None for (ns, ew), _ in row.pair_readings):
        return list(row.pair_readings)
    assert page.board is not None
    section = page.qr.pairs if page.qr is not None else None
    everyone = bool(section) and 2 * written == len(section or ())
    out = []
    for both, q in row.pair_readings:
        weight = q * _seat_weight(both, page.board, stack)
        weight *= twin_weight(both, stack.twins, stack.one_series, SEAT_CHANGE)
        line = stack.lines.get(row.row, (None, None))
        weight *= placed_weight(both, line, stack.couples, stack.offsets.get(row.row))
        if everyone:
            assert section is not None
            weight *= SEAT_CHANGE ** sum(p not in section for p in both)
        out.append((both, weight))
    return out


def _no_number_written(row: RowReading) -> bool:
    """Whether both of the row's pair combs read blank, for certain. Its pair readings are
    then the digits' floor, flat over the section, and say nothing of the row's pairs;
    in the traveller's joint decoding, weighed by its line and couple, they take a real
    row's meeting from it. TRAINING seed 7890 damaged (``--off-line-share 0.33``, read
    alone), ``page_0027.jpg``: stray ink on line 15 of a 14-table traveller, its line
    wrapping to line 1's meeting, left the traveller's 11 rows in review (0.65-0.99; all
    accepted without it). Such a row is left out and kept as it was read: the stack never
    gives pairs to a row whose ink shows none (a person looks)."""
    if not row.pair_readings:
        return False
    combs = [f for f in row.fields if f.field in (NS_PAIR_WRITTEN, EW_PAIR_WRITTEN)]
    return len(combs) == 2 and all(f.value == "" and not f.unsure for f in combs)


@dataclass(frozen=True)
class _Stack:
    """What the stack says about seats: the numbers read, whether pairs keep their seats,
    whether a number names one pair (one series)."""

    seats: SeatsRead
    keeps_seats: bool
    one_series: bool
    twins: SetCouples = SetCouples()
    section: frozenset[int] | None = None  # the pairs the QR code lists
    lines: Mapping[int, Pairs] = field(default_factory=dict)  # line -> numbers expected
    couples: CoupleSlope | None = None  # the stack's slope (``placed_weight``)
    offsets: Mapping[int, int | None] = field(default_factory=dict)  # line -> offset expected
    homes: dict[tuple[int, int], int | None] = field(default_factory=dict, compare=False,
                                                     repr=False)  # fmt: skip

    def home(self, board: int, pair: int) -> int | None:
        """The seat ``pair`` keeps on the stack's boards but ``board`` (``home_seat``; None
        where the stack does not keep seats), worked out once a number: a traveller's
        readings name some 20 numbers 30,000 times."""
        key = (board, pair)
        if key not in self.homes:
            kept = home_seat(*self.seats.elsewhere(board, pair)) if self.keeps_seats else None
            self.homes[key] = kept
        return self.homes[key]


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
    after: Mapping[Pairs, float],
    board: int,
    stack: _Stack,
    others: Sequence[_Seating],
    threshold: float,
) -> RowReading:
    if row.best is None or row.status is RowStatus.EMPTY:
        return row
    if any(ns is None or ew is None for (ns, ew), _ in row.pair_readings):
        return row  # printed pairs not read: not a handwritten reading
    best = (row.best.ns_pair, row.best.ew_pair)
    before = dict(row.pair_readings)
    if sum(after.values()) <= 0.0 or best not in before or before[best] <= 0.0:
        return row
    posterior = row.posterior / before[best] * after[best]
    likeliest = max(after, key=lambda both: after[both])
    ratio = {both: after[both] / q for both, q in before.items() if q > 0.0}
    alternatives = tuple(
        (alt, p * ratio.get((alt.ns_pair, alt.ew_pair), 1.0)) for alt, p in row.alternatives
    )
    readings = as_readings(after)
    if row.status is RowStatus.ACCEPTED:
        if likeliest == best and posterior >= threshold:
            return row
        why = _contradiction(row.best, likeliest, board, stack, others, posterior)
        return replace(row, status=RowStatus.REVIEW, reasons=(*row.reasons, why))
    if likeliest != best:
        settled = settled_otherwise(row, before, after, likeliest, threshold, stack.section)
        if settled is not None:
            return settled
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
        home = stack.home(board, pair)
        if home is None:
            weight *= 0.5
        elif home == side:
            weight *= 1.0 - SEAT_CHANGE
        else:
            weight *= SEAT_CHANGE
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
