"""With the event, a traveller's pair numbers decoded jointly: a pair plays a board once.

Read with the event, a row's pairs are the printed ones unless its "pairs changed" box
is marked, or, on a generic blank form, its handwritten numbers weighed against the
pairs the movement sends to the board (``ocr/pair_decode.py``: another pair of the
movement keeps the digits' weight, one it does not send keeps 1%). The digit model
rarely reads a 2-digit number to 0.995 on its own ink (``ocr/combs.py`` mixes each box
with 10% uniform), so a plainly written "12-22" keeps 0.906, and 0.049 goes to "11-21",
the pairs another row of the same traveller reads.

Each pair plays the board once, so the traveller's rows are decoded jointly
(``ocr/traveller_pairs.py``, as the stack decodes them without the event,
``ocr/stack_pairs.py``): a reading of every row weighs the product of the rows' own pair
readings where no pair is on two rows, 0 where one is, and a row's pairs' probability is
the sum of the joint readings that give it its pairs. The movement is already in each
row's readings; nothing else is weighed (the stack's seats and couples say less than the
movement does). Two rows that share one doubt keep it: each is only as sure as their
swap is unlikely. The row's posterior is its contract's probability times its pairs'
(decoded apart), so it is recomputed exactly: divided by its pairs' probability alone,
times the joint one.

A row in review on its posterior alone is accepted where its pairs stay the likeliest
and the posterior reaches the threshold; an accepted row whose handwritten pairs the
joint decoding makes less likely than the threshold allows, or not the likeliest, goes to
a person saying so (a wrong pair number moves a score to another pair), whether it was
accepted as decoded alone or by ``played_once`` (``_accepted_on_its_pairs``). What
``ocr/page_pairs.py`` then rules out is ruled out of the joint readings: a pair another
row reads for certain is already all but gone from them.

On a blank form whose meetings the movement gives in round order, each row's readings are
first weighed by its line (``ocr/meeting_lines.py``: the meeting the traveller's other
lines expect there 1, any other reading ``OFF_LINE``), and a row sent to a person for a
pair another row reads for certain, or in review on its posterior alone, whose jointly
decoded likeliest reading is another of the board's meetings is read so and accepted
where ``ocr/stack_settles.py`` would settle it read alone (no number the digits read for
certain is changed; the new posterior reaches the threshold).

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from ocr.meeting_lines import expected_meetings, line_prior
from ocr.reading import PairReadings, RowReading, RowStatus, is_pair_clash, posterior_reason
from ocr.stack_settles import settled_otherwise
from ocr.traveller_pairs import joint_beliefs

__all__ = ["decoded_jointly"]


def decoded_jointly(
    first: Sequence[RowReading],
    rows: Sequence[RowReading],
    threshold: float,
    pair_readings: Mapping[int, PairReadings],
    one_series: bool,
    meetings: Sequence[tuple[int, int]] = (),
) -> tuple[RowReading, ...]:
    """The rows of one traveller read with the event, each row's pairs weighed by the
    other rows' (see the module docstring).

    ``first`` are the rows as decoded one by one, ``rows`` the same rows once
    ``ocr.page_pairs.played_once`` has ruled out the pairs other rows read for certain
    (its checks stand: two rows certain of one pair both go to a person); a row it left
    in review on its posterior alone is weighed again jointly, from its first posterior.
    ``pair_readings`` are the rows' own pair readings, every one with its probability
    (``read_rows``); ``one_series``: the event numbers its pairs in one series, so a
    number is on one row at most in either seat (``PrintedPairs.numbered_in_one_series``).
    ``meetings``: on a blank form, the board's meetings in the order the movement plays
    them (``PrintedPairs.allowed``); each row's readings are weighed by its line first
    (``ocr/meeting_lines.py``).
    """
    written = [
        r
        for r in first
        if r.best is not None
        and r.status in (RowStatus.REVIEW, RowStatus.ACCEPTED)
        and pair_readings.get(r.row)
    ]
    could = any(_weighs(r0, r, threshold) for r0, r in zip(first, rows, strict=True))
    if len(written) < 2 or not could:
        return tuple(rows)  # no row the joint decoding could change: spare its messages
    own = {r.row: pair_readings[r.row] for r in written}
    lines = expected_meetings(own, meetings)
    beliefs = joint_beliefs([line_prior(own[r.row], lines.get(r.row)) for r in written], one_series)
    after = {r.row: b for r, b in zip(written, beliefs, strict=True)}
    kept = frozenset(meetings)
    return tuple(
        _weighed(r0, r, dict(pair_readings[r.row]), after[r.row], threshold, lines.get(r.row), kept)
        if r.row in after
        else r
        for r0, r in zip(first, rows, strict=True)
    )


Pairs = tuple[int | None, int | None]


def _weighs(first: RowReading, row: RowReading, threshold: float) -> bool:
    """Could the joint decoding change the row (``_weighed``): in review on its posterior
    alone or for a pair another row reads for certain (``played_once``; settled only on a
    blank form's meetings), or accepted on its own or by ``played_once``
    (``_accepted_on_its_pairs``) with pairs that are not its printed ones? On a printed
    traveller whose rows keep their pairs it changes nothing, and is not worked out (11
    ms of CPU a page, a twentieth of reading one)."""
    if row.best is None:
        return False
    if row.status is RowStatus.ACCEPTED:
        best = (row.best.ns_pair, row.best.ew_pair)
        return _accepted_on_its_pairs(first, threshold) and row.printed_pairs != best
    own = posterior_reason(row.posterior, threshold)
    return bool(row.reasons) and all(r == own or is_pair_clash(r) for r in row.reasons)


def _accepted_on_its_pairs(first: RowReading, threshold: float) -> bool:
    """Was the row accepted as decoded alone, or in review on its posterior alone (which
    ``played_once`` lifted: the pairs other rows read for certain ruled out its rivals)?
    Either way its acceptance rests on its pairs, and the joint decoding judges it: what
    lifted the row is in the joint readings (a pair another row reads for certain is all
    but gone from them), and so is what ``played_once`` leaves out, a row that reads the
    same pair nearly as surely (TEST scribble, seed 53338, page_0030: row 7's handwritten
    7-17 read 1-11 at 0.9936 and lifted to 0.998 beside row 1's 1-11 at 0.987)."""
    if first.status is RowStatus.ACCEPTED:
        return True
    return first.status is RowStatus.REVIEW and first.reasons == (
        posterior_reason(first.posterior, threshold),
    )


def _weighed(
    first: RowReading, row: RowReading, before: Mapping[Pairs, float],
    after: Mapping[Pairs, float], threshold: float, line: Pairs | None = None,
    meetings: Collection[Pairs] = (),
) -> RowReading:  # fmt: skip
    """One row with its pairs' probability the joint one (``first``: as decoded alone;
    ``line``: the meeting the traveller's other lines expect on its line, if any;
    ``meetings``: a blank form's meetings, the readings a row may be settled on)."""
    if not _weighs(first, row, threshold):
        return row
    assert row.best is not None
    best = (row.best.ns_pair, row.best.ew_pair)
    if row.best != first.best or before.get(best, 0.0) <= 0.0 or best not in after:
        return row
    posterior = first.posterior / before[best] * after[best]
    likeliest = max(after, key=lambda both: after[both])
    if row.status is RowStatus.ACCEPTED:
        if likeliest == best and posterior >= threshold:
            return row
        why = (
            f"pairs {best[0]}-{best[1]}: posterior {posterior:.3f} with the traveller's "
            f"other rows (a pair plays a board once)"
        )
        if line is not None and line != best:
            why = (
                f"pairs {best[0]}-{best[1]}: the traveller's other lines have "
                f"{line[0]}-{line[1]} on line {row.row} (the order the board is played), "
                f"posterior {posterior:.3f}"
            )
        elif likeliest != best:
            why = (
                f"pairs {best[0]}-{best[1]}: the traveller's other rows make "
                f"{likeliest[0]}-{likeliest[1]} likelier (a pair plays a board once)"
            )
        return replace(row, status=RowStatus.REVIEW, reasons=(*row.reasons, why))
    if likeliest != best and likeliest in meetings:
        # ``settled_otherwise`` divides the row's posterior by its pairs' share: as decoded
        # apart, scaled by what ``played_once`` ruled out (its posterior over the first)
        scaled = {k: p * row.posterior / first.posterior for k, p in before.items()}
        settled = settled_otherwise(row, scaled, after, likeliest, threshold)
        return row if settled is None else settled
    if likeliest != best:
        return row
    if row.reasons != (posterior_reason(row.posterior, threshold),):
        return row  # a clash with another row's pair: only the reading it settles on
    alternatives = tuple(
        (alt, p / before[k] * after[k] if before.get(k, 0.0) > 0.0 and k in after else p)
        for alt, p in first.alternatives
        for k in [(alt.ns_pair, alt.ew_pair)]
    )
    if posterior >= threshold:
        return replace(row, posterior=posterior, alternatives=alternatives,
                       status=RowStatus.ACCEPTED, reasons=())  # fmt: skip
    return replace(row, posterior=posterior, alternatives=alternatives,
                   reasons=(posterior_reason(posterior, threshold),))  # fmt: skip
