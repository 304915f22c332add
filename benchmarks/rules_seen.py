"""Which rule of the mark decision last changed each box of a row (issue 43, item 4).

A row sent to review holds boxes read otherwise than the page's truth
(``benchmarks.review_causes``); what a rule could change is what decided them. The rules
of ``ocr.mark_rules.RULES`` are run again on the row's evidence, one by one
(``ocr.mark_rules.rule_steps``), and each box is given the name of the last rule that
changed its state or how it was read, or ``FIRST_READING`` where its own reading
(``RowEvidence.first``: its fill, the circle round it, its dot) stands. Benchmarks only:
the rules run twice on every row recorded.

    .venv/bin/python -m benchmarks.review_causes --split test --pages 50 --by-rule --cache C
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from ocr.mark_rules import rule_steps
from ocr.row_evidence import RowEvidence
from ocr.row_marks import FieldMarks, RowMarks

__all__ = ["FIRST_READING", "decided_by", "rules_seen"]

FIRST_READING = "first reading"
"""What decided a box no rule changed: its own fill, circle and dot."""

Box = tuple[int, str, str]
"""(row, field, option), as ``benchmarks.dust_causes.PageRead`` keys a mark box."""


def decided_by(ev: RowEvidence) -> tuple[str, ...]:
    """Per box of the row (in ``ev.geometry.boxes``' order), the last rule that changed its
    state or ``how``, or ``FIRST_READING``."""
    decided = [FIRST_READING] * len(ev.first)
    read = list(ev.first)
    for name, after in rule_steps(ev):
        for i, (was, now) in enumerate(zip(read, after, strict=True)):
            if (was.state, was.how) != (now.state, now.how):
                decided[i] = name
        read = after
    return tuple(decided)


@contextmanager
def rules_seen(sink: dict[Box, str]) -> Iterator[None]:
    """While inside, every row ``RowMarks.read_marks`` (how the reader reads a row's mark
    fields) reads puts each box's deciding rule (``decided_by``) in ``sink``."""
    original = RowMarks.read_marks

    def recording(self: RowMarks, names: Sequence[str]) -> FieldMarks:
        ev = self.evidence()
        for (field, option, _), rule in zip(ev.geometry.boxes, decided_by(ev), strict=True):
            sink[self.row.number, field, str(option)] = rule
        return original(self, names)

    RowMarks.read_marks = recording  # type: ignore[method-assign]
    try:
        yield
    finally:
        RowMarks.read_marks = original  # type: ignore[method-assign]
