"""The result sign as a row's readings give it: made exactly, or over or under.

Three rules ask the sign what it says of the count of tricks: a contract made exactly marks
no count (``dusty_count``, ``strips_alone_beside_circle``), and a result over or under
marks one count box, as a level marks one level box (``empty_field_dot``,
``empty_count_dot``). Each asks the same thing, the one sign box read marked for certain
with the other two empty, so it is read here once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ocr.layout import RESULT_SIGN
from ocr.marks import MarkReading, MarkState

if TYPE_CHECKING:
    from ocr.row_evidence import RowEvidence

__all__ = ["made_exactly", "over_or_under", "sign_readings"]

_SIGNS = frozenset({"=", "+", "-"})


def sign_readings(ev: RowEvidence, read: list[MarkReading]) -> dict[str, MarkReading]:
    """The readings ``read`` of the result sign's boxes, by option ("=", "+", "-")."""
    return {
        option: r
        for (field, option, _), r in zip(ev.geometry.boxes, read, strict=True)
        if field == RESULT_SIGN
    }


def _sign_alone(ev: RowEvidence, read: list[MarkReading]) -> str | None:
    """The result sign's one box read marked for certain, its other two read empty, else
    None. A row read without its result sign has nothing to go by."""
    sign = sign_readings(ev, read)
    if set(sign) != _SIGNS:
        return None
    marked = [o for o, r in sign.items() if r.state is MarkState.MARKED]
    if len(marked) != 1 or any(
        r.state is not MarkState.EMPTY for o, r in sign.items() if o not in marked
    ):
        return None
    return marked[0]


def made_exactly(ev: RowEvidence, read: list[MarkReading]) -> bool:
    """Does the result sign read made exactly: "=" marked, "+" and "-" empty? A contract
    made exactly marks no count of tricks (rules ``dusty_count``,
    ``strips_alone_beside_circle``)."""
    return _sign_alone(ev, read) == "="


def over_or_under(ev: RowEvidence, read: list[MarkReading]) -> bool:
    """Does the result sign read over or under: "+" or "-" marked for certain, the other
    two empty? A result over or under marks one box of the count of tricks, as a level
    marks one box of its field (rules ``empty_field_dot``, ``empty_count_dot``)."""
    return _sign_alone(ev, read) in ("+", "-")
