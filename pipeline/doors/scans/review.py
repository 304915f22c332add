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
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ocr.reading import RowResult

if TYPE_CHECKING:
    from pipeline.store import EventStore

__all__ = [
    "QUEUE_FILE",
    "REVIEW_FOLDER",
    "DECISION_KIND",
    "ReviewCandidate",
    "ReviewItem",
    "Decision",
    "ReviewError",
    "DecisionRefused",
    "item_id",
    "write_queue",
    "load_queue",
    "find_queue",
    "parse_row_value",
    "interpret",
    "check_decision",
    "decide",
    "record_decision",
    "current_decisions",
    "decision_history",
    "open_items",
    "item_state",
]

QUEUE_FILE = "review.json"
REVIEW_FOLDER = "review"
DECISION_KIND = "decision"


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


# -- the queue on disk (review/review.json and the crops beside it) -------------------------
def _crop_name(item: ReviewItem) -> str:
    return item.id.replace("#", "_") + ".png"


def write_queue(
    items: Sequence[ReviewItem], folder: Path, decisions: Mapping[str, Decision] | None = None
) -> Path:
    """``review.json`` (every item, open or decided, with its state) and ``crops/``.

    Decided items stay in the file, so a decision can always be looked at and replaced.
    Temporary files of a write killed half way (a crashed run) are removed first.
    """
    from pipeline.files import atomic_write_bytes, atomic_write_text, remove_leftover_parts

    folder.mkdir(parents=True, exist_ok=True)
    for written in (folder, folder / "crops"):  # a run killed while writing left these
        remove_leftover_parts(written)
    records = []
    for item in items:
        record = asdict(item)
        record.pop("crop_png")
        record["crop"] = None
        if item.crop_png:
            record["crop"] = f"crops/{_crop_name(item)}"
            (folder / "crops").mkdir(exist_ok=True)
            atomic_write_bytes(folder / record["crop"], item.crop_png)
        record["state"] = item_state(item, items, decisions or {})
        decision = (decisions or {}).get(item.id)
        record["decision"] = None if decision is None else asdict(decision)
        records.append(record)
    text = json.dumps({"version": 2, "items": records}, indent=1, ensure_ascii=False)
    return atomic_write_text(folder / QUEUE_FILE, text + "\n")


def find_queue(folder: Path) -> Path:
    """The review folder of a ``run`` or ``scan read`` output folder (or the folder itself)."""
    for candidate in (folder / REVIEW_FOLDER, folder):
        if (candidate / QUEUE_FILE).is_file():
            return candidate
    raise ReviewError(
        f"{folder}: no review queue here (expected {folder / REVIEW_FOLDER / QUEUE_FILE}); "
        "give the output folder of `bridgescan run` or `bridgescan scan read`"
    )


def _pair(value: Any) -> tuple[int, int] | None:
    return None if value is None else (int(value[0]), int(value[1]))


def load_queue(folder: Path) -> tuple[ReviewItem, ...]:
    """Read a queue written by :func:`write_queue` (crops loaded back from their files)."""
    folder = find_queue(folder)
    path = folder / QUEUE_FILE
    try:
        data = json.loads(path.read_text("utf-8"))
        items = []
        for rec in data.get("items", []):
            crop = rec.get("crop")
            png = (folder / crop).read_bytes() if crop and (folder / crop).is_file() else None
            candidates = tuple(
                ReviewCandidate(c[0], c[1], "the reader's reading") if isinstance(c, list)
                else ReviewCandidate(**c)
                for c in rec["candidates"]
            )  # fmt: skip
            items.append(
                ReviewItem(
                    id=rec["id"], file=rec["file"], page=rec["page"], row=rec["row"],
                    board=rec["board"], kind=rec["kind"], reasons=tuple(rec["reasons"]),
                    candidates=candidates, crop_png=png, session=rec.get("session"),
                    vulnerability=rec.get("vulnerability", ""), pairs=_pair(rec.get("pairs")),
                    movement=tuple(_pair(p) for p in rec.get("movement", ())),  # type: ignore[misc]
                    taken=tuple(_pair(p) for p in rec.get("taken", ())),  # type: ignore[misc]
                    boards=tuple(rec.get("boards", ())),
                    written=tuple((int(s), float(p)) for s, p in rec.get("written", ())),
                )
            )  # fmt: skip
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ReviewError(f"{path}: cannot read the review queue: {exc}") from exc
    return tuple(items)


# -- what a person types -----------------------------------------------------------------------
def parse_row_value(text: str) -> RowResult:
    """Read a row as a person types it: ``[NS-EW] CONTRACT DECLARER RESULT [SCORE]`` or
    ``[NS-EW] PASS``; e.g. ``3-12 4HX N -1 -200``, ``4S S = 620``, ``5-9 pass``.

    Scandinavian notation is accepted (scoring.contract).
    """
    from scoring.contract import Seat, parse_contract, parse_tricks

    parts = text.split()
    ns = ew = None
    if parts and "-" in parts[0] and parts[0].replace("-", "").isdigit():
        a, _, b = parts.pop(0).partition("-")
        if not a or not b:
            raise ReviewError(f"{text!r}: pairs are written NS-EW, e.g. 3-12")
        ns, ew = int(a), int(b)
    if not parts:
        raise ReviewError(f"{text!r}: give a contract (e.g. 4HX N -1) or PASS")
    try:
        contract = parse_contract(parts[0])
        if contract is None:
            score = int(parts[1]) if len(parts) > 1 else None
            return RowResult(ns, ew, passed_out=True, score_ns=score)
        if len(parts) < 3:
            raise ReviewError(f"{text!r}: a contract needs declarer and result (4HX N -1)")
        declarer = Seat.parse(parts[1])
        tricks = parse_tricks(parts[2], contract)
        score = int(parts[3]) if len(parts) > 3 else None
    except ValueError as exc:
        if isinstance(exc, ReviewError):
            raise
        raise ReviewError(f"{text!r}: {exc}") from exc
    return RowResult(ns, ew, False, contract, declarer, tricks, score)


def interpret(item: ReviewItem, value: str) -> tuple[str, RowResult | None]:
    """What ``value`` means for ``item``: the text to record and, for a row, the reading.

    Row items take a row reading, ``candidate N`` or ``reject``; page items take ``reject``
    (the page is no result), ``keep`` (its rows stand, each decided on its own) or
    ``board N`` (the page is board N).
    """
    text = " ".join(value.split())
    low = text.lower()
    if low.startswith("candidate"):
        try:
            k = int(low.split()[1])
            if k < 1:
                raise IndexError
            text = item.candidates[k - 1].text
        except (IndexError, ValueError):
            raise ReviewError(
                f"{item.id}: {value!r}: there are {len(item.candidates)} candidates"
            ) from None
        return text, parse_row_value(text) if item.kind == "row" else None
    if low == "reject":
        return "reject", None
    if item.kind == "page":
        if low == "keep":
            return "keep", None
        parts = low.split()
        if len(parts) == 2 and parts[0] == "board" and parts[1].isdigit():
            return f"board {int(parts[1])}", None
        raise ReviewError(f"{item.id}: a page item takes 'reject', 'keep' or 'board N'")
    reading = parse_row_value(text)
    return str(reading), reading


def _pairs_of(item: ReviewItem, reading: RowResult) -> tuple[int, int] | None:
    ns = reading.ns_pair or (item.pairs[0] if item.pairs else None)
    ew = reading.ew_pair or (item.pairs[1] if item.pairs else None)
    return None if ns is None or ew is None else (ns, ew)


def _law77_problem(item: ReviewItem, reading: RowResult) -> str | None:
    from scoring.board import Vulnerability
    from scoring.contract import format_result
    from scoring.law77 import ns_score

    if reading.score_ns is None or not item.vulnerability or item.board is None:
        return None
    vul = Vulnerability.parse(item.vulnerability)
    if reading.passed_out or reading.contract is None:
        law = 0
        played = "a passed-out board"
    else:
        law = ns_score(reading.contract, reading.declarer, reading.tricks, vul)
        result = format_result(reading.contract, reading.tricks)  # type: ignore[arg-type]
        played = f"{reading.contract}{result} by {reading.declarer}"
    if law == reading.score_ns:
        return None
    who = {"None": "nobody", "All": "both sides"}.get(str(vul), str(vul))
    return (
        f"{played} scores {law:+d} for NS on board {item.board} ({who} vulnerable), not "
        f"{reading.score_ns:+d} (Law 77)"
    )


def _pair_text(pairs: Iterable[tuple[int, int]]) -> str:
    return ", ".join(f"{ns}-{ew}" for ns, ew in pairs)


def check_decision(item: ReviewItem, text: str, reading: RowResult | None) -> list[str]:
    """Why the decision ``text`` on ``item`` does not fit Law 77 or the movement (empty: it
    fits). ``reading`` is the row it gives (None for reject, keep and board N)."""
    problems: list[str] = []
    if text == "reject" or text == "keep":
        return problems
    if item.kind == "page":
        board = int(text.split()[1])
        if item.boards and board not in item.boards:
            problems.append(f"board {board} is not a board of session {item.session}")
        return problems
    assert reading is not None
    if item.board is None:
        return ["the page's board is not known: decide the page first ('board N')"]
    pairs = _pairs_of(item, reading)
    if pairs is None:
        problems.append("the pair numbers are not known: give them as NS-EW, e.g. 3-12 4S N =")
    elif item.movement and pairs not in item.movement:
        if pairs[::-1] in item.movement:
            problems.append(
                f"the movement has NS {pairs[1]} v EW {pairs[0]} on board {item.board}, "
                f"not NS {pairs[0]} v EW {pairs[1]}"
            )
        else:
            problems.append(
                f"pairs {pairs[0]}-{pairs[1]} do not play board {item.board} in the movement "
                f"(it has {_pair_text(item.movement)})"
            )
    if pairs is not None and (pairs in item.taken or pairs[::-1] in item.taken):
        problems.append(f"pairs {pairs[0]}-{pairs[1]} already have a result on board {item.board}")
    law = _law77_problem(item, reading)
    if law is not None:
        problems.append(law)
    return problems


# -- decisions in the event store --------------------------------------------------------------
def record_decision(store: EventStore, decision: Decision) -> Decision:
    """Append ``decision`` to the store; it supersedes any earlier decision on its item."""
    reason = decision.note or ("override" if decision.override else "")
    store.append(DECISION_KIND, decision.item, decision, actor=decision.who, reason=reason)
    return decision


def current_decisions(store: EventStore) -> dict[str, Decision]:
    """The decision that stands on every decided item (the latest one)."""
    return {key: record.value for key, record in store.current(DECISION_KIND).items()
            if isinstance(record.value, Decision)}  # fmt: skip


def decision_history(store: EventStore, item: str) -> list[Decision]:
    """Every decision ever taken on ``item``, oldest first."""
    return [r.value for r in store.history(DECISION_KIND, item) if isinstance(r.value, Decision)]


def decide(
    store: EventStore,
    items: Sequence[ReviewItem],
    item: str,
    who: str,
    value: str,
    *,
    note: str = "",
    override: bool = False,
    when: datetime | None = None,
    source: str = "resolve",
) -> Decision:
    """Check a decision on ``item`` and record it in the store (superseding any before it).

    Raises ``DecisionRefused`` (with the problems) when it does not fit Law 77 or the
    movement and ``override`` is not given; ``ReviewError`` for an unknown item, a missing
    name or a value that cannot be read. An override needs a note saying why.
    """
    by_id = {i.id: i for i in items}
    if item not in by_id:
        raise ReviewError(f"no review item {item!r}; `bridgescan review list OUT --all` shows them")
    if not who.strip():
        raise ReviewError("a decision needs the name of who made it (--by)")
    chosen = by_id[item]
    text, reading = interpret(chosen, value)
    problems = check_decision(chosen, text, reading)
    if problems and not override:
        raise DecisionRefused(chosen, text, problems)
    if override and problems and not note.strip():
        raise ReviewError(f"{item}: an override needs a note saying why (--note)")
    stamp = (when or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")
    decision = Decision(item, who.strip(), stamp, text, note.strip(), bool(problems) and override,
                        tuple(problems) if override else (), source)  # fmt: skip
    return record_decision(store, decision)


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
