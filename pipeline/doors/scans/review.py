"""The review queue: every doubtful reading shown to a person, and what that person decided.

A review item (built by ``pipeline.doors.scans.review_queue.build_queue``) is a row whose
joint decoding was not sure enough, or a bad page; it carries its crop, its candidates and
what the movement and Law 77 expect of it. A person's decision is a ``Decision`` record in
the event store (kind ``decision``, key the item id): the store is the truth, so a later
decision on the same item supersedes the earlier one and both stay readable, and nothing
outside the store (a file anyone can edit) is ever taken as a decision. A file of decisions
(a filled review.xlsx, an old decisions.jsonl) is only an import, recorded as such
(``pipeline.doors.scans.review_sheet.import_decisions``).

Every decision is checked before it is taken (:func:`check_decision`): the score against
Law 77 for the board's vulnerability (Law 2), the pairs against the movement and against
the results the board already has. A decision that fails is refused with the reason, or
taken only with an explicit override, which is recorded with what it overrode.

These are plain functions of records, so the command line (``bridgescan review``) and the
director's web console call the same code and write the same records.

This module holds the vocabulary: the items, their candidates, a decision, an item's
state. The rest are modules of their own: the queue on disk (review_queue_file.py), what
a person types (review_values.py), the checks (review_checks.py), decisions in the event
store and ``decide`` (review_decisions.py); the queue is built by review_queue.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

__all__ = [
    "ReviewCandidate",
    "ReviewItem",
    "Decision",
    "ReviewError",
    "DecisionRefused",
    "item_id",
    "item_state",
    "open_items",
    "with_board",
]


class ReviewError(ValueError):
    """A review command that cannot be carried out (unknown item, unreadable value)."""


class DecisionRefused(ReviewError):
    """A decision that does not fit Law 77 or the movement; ``problems`` says why."""

    def __init__(self, item: ReviewItem, value: str, problems: Sequence[str]) -> None:
        self.item = item
        self.value = value
        self.problems = tuple(problems)
        reasons = "; ".join(self.problems)
        super().__init__(
            f"{item.id} ({item.where}): {value!r} refused: {reasons}. Give another value, or "
            "--override with a note if the director rules it stands"
        )


@dataclass(frozen=True)
class ReviewCandidate:
    """A reading offered to the person: ``text`` as ``resolve`` takes it, the reader's
    posterior (None for a candidate built by a rule), why it is offered, and whether it
    passes :func:`check_decision` (a candidate that does not is shown, never preferred)."""

    text: str
    probability: float | None
    why: str
    fits: bool = True


@dataclass(frozen=True)
class ReviewItem:
    """One thing a person must look at. ``row`` is None for a whole-page item.

    What the checks need travels with the item, so a decision can be checked without the
    event file: the board's vulnerability (Law 2), the pairs the row names (printed, or as
    read), the pairs the movement sends to the board, the pairs that already have a result
    on it, the boards of the session, and the written score as read from the crop.
    """

    id: str
    file: str
    page: int
    row: int | None
    board: int | None
    kind: str  # "row" or "page"
    reasons: tuple[str, ...]
    candidates: tuple[ReviewCandidate, ...]
    crop_png: bytes | None = None
    session: int | None = None
    vulnerability: str = ""  # "None", "NS", "EW", "All"; "" when the board is unknown
    pairs: tuple[int, int] | None = None
    movement: tuple[tuple[int, int], ...] = ()
    taken: tuple[tuple[int, int], ...] = ()
    boards: tuple[int, ...] = ()
    written: tuple[tuple[int, float], ...] = ()  # the score box as read (NS view), top first

    @property
    def where(self) -> str:
        row = "" if self.row is None else f", row {self.row}"
        board = "" if self.board is None else f" (board {self.board})"
        return f"{Path(self.file).name}, page {self.page}{row}{board}"


@dataclass(frozen=True)
class Decision:
    """What a person decided on an item; the reading itself is never changed.

    ``value`` is a row reading (``3-12 4HX N -1 -200``), ``reject``, ``keep`` or ``board N``
    (page items). ``override`` says the person took it although :func:`check_decision`
    objected, and ``overridden`` keeps what it objected to. ``source`` says how it came in
    (``resolve``, or the import it was part of).
    """

    item: str
    who: str
    when: str  # ISO 8601, UTC
    value: str
    note: str = ""
    override: bool = False
    overridden: tuple[str, ...] = ()
    source: str = "resolve"


def item_id(file: str, page: int, row: int | None) -> str:
    """The id people type: ``session1.pdf#p12r4`` (a row) or ``session1.pdf#p3`` (a page)."""
    name = Path(file).name
    return f"{name}#p{page}" if row is None else f"{name}#p{page}r{row}"


def item_state(
    item: ReviewItem, items: Sequence[ReviewItem], decisions: Mapping[str, Decision]
) -> str:
    """``open``, ``decided``, or ``closed`` (a row on a page that was rejected)."""
    if item.id in decisions:
        return "decided"
    if item.row is not None:
        page = item_id(item.file, item.page, None)
        decided = decisions.get(page)
        if decided is not None and decided.value == "reject":
            return "closed"
    return "open"


def open_items(items: Sequence[ReviewItem], decisions: Mapping[str, Decision]) -> list[ReviewItem]:
    """Items nobody has decided yet (a row of a rejected page is closed with its page)."""
    return [i for i in items if item_state(i, items, decisions) == "open"]


def with_board(item: ReviewItem, board: int) -> ReviewItem:
    """A row item of a page whose board a person named."""
    return replace(item, board=board)
