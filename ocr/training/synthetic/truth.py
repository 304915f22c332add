"""Ground truth of a synthetic traveller page, in the shared scoring types.

Each generated page ``page_0001.jpg`` has ``page_0001.json`` beside it. A row's truth is
what the players meant (contract, declarer, tricks, the Law 77 NS score for the board's
vulnerability), plus exactly what is on the paper: every mark with its style (an erased
mark is on the paper but not meant), every handwritten digit with its box and source,
and the transform from page millimetres to the scanned image's pixels.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scoring.board import Vulnerability
from scoring.contract import Contract, Seat, Side, format_result
from scoring.traveller import Source, TravellerRow

__all__ = ["RowTruth", "MarkTruth", "DigitTruth", "PageTruth", "load_truth", "TRUTH_VERSION"]

TRUTH_VERSION = 1


@dataclass(frozen=True)
class RowTruth:
    """What one table meant to record on one row of the traveller."""

    row: int  # form row, 1..15
    round: int | None
    ns_pair: int  # the pair that really sat NS (the written one when pairs changed)
    ew_pair: int
    printed_ns: int | None  # pre-printed from the movement (None on a blank form)
    printed_ew: int | None
    pairs_changed: bool
    contract: Contract | None  # None = passed out
    declarer: Seat | None
    tricks: int | None
    ns_score: int  # Law 77 for the contract, tricks and the board's vulnerability
    written_score: int | None  # the number in the score comb (None = left empty)
    score_side: Side | None  # the side the written score is for

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def score_is_consistent(self) -> bool:
        """False when the player wrote a score that is not the Law 77 score (a player error)."""
        if self.written_score is None:
            return self.ns_score == 0
        signed = self.written_score * (-1 if self.score_side is Side.EW else 1)
        return signed == self.ns_score

    @property
    def result(self) -> str:
        """ "=", "+1", "-2" as on a traveller; "" for a passed-out board."""
        if self.contract is None or self.tricks is None:
            return ""
        return format_result(self.contract, self.tricks)

    def to_traveller_row(
        self, board: int, section: str = "A", file: str = "", page: int | None = None
    ) -> TravellerRow:
        """The shared record the reader's output is compared with."""
        return TravellerRow(
            board=board,
            ns_pair=self.ns_pair,
            ew_pair=self.ew_pair,
            contract=self.contract,
            declarer=self.declarer,
            tricks=self.tricks,
            passed_out=self.passed_out,
            written_score_ns=None
            if self.written_score is None
            else self.written_score * (-1 if self.score_side is Side.EW else 1),
            round=self.round,
            section=section or "A",
            source=Source(file=file, page=page, row=self.row),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "row": self.row,
            "round": self.round,
            "ns_pair": self.ns_pair,
            "ew_pair": self.ew_pair,
            "printed_ns": self.printed_ns,
            "printed_ew": self.printed_ew,
            "pairs_changed": self.pairs_changed,
            "contract": None if self.contract is None else str(self.contract),
            "declarer": None if self.declarer is None else str(self.declarer),
            "tricks": self.tricks,
            "result": self.result,
            "ns_score": self.ns_score,
            "written_score": self.written_score,
            "score_side": None if self.score_side is None else str(self.score_side),
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> RowTruth:
        return cls(
            row=int(d["row"]),
            round=d["round"],
            ns_pair=int(d["ns_pair"]),
            ew_pair=int(d["ew_pair"]),
            printed_ns=d["printed_ns"],
            printed_ew=d["printed_ew"],
            pairs_changed=bool(d["pairs_changed"]),
            contract=None if d["contract"] is None else Contract.parse(d["contract"]),
            declarer=None if d["declarer"] is None else Seat.parse(d["declarer"]),
            tricks=d["tricks"],
            ns_score=int(d["ns_score"]),
            written_score=d["written_score"],
            score_side=None if d["score_side"] is None else Side.parse(d["score_side"]),
        )


@dataclass(frozen=True)
class MarkTruth:
    """A mark on the paper. ``intended`` is False for an erased mark."""

    row: int
    field: str
    option: str
    style: str  # a mark style (mark_styles.py), "erased", or stray ink: strike, dust
    ink: str  # the pen's name (pens.py)
    intended: bool = True


@dataclass(frozen=True)
class DigitTruth:
    """A handwritten digit in box (row, field, position)."""

    row: int
    field: str
    position: int
    digit: int
    source: str  # "mnist:<row>:<col>", "optdigits:<i>", "pyclustering:<d>:<i>",
    # "font:<file name>" or "strokes:<set>:<writer>"


@dataclass(frozen=True)
class PageTruth:
    """Everything known about one generated page."""

    image: str  # file name of the scanned image beside the JSON
    split: str
    seed: int
    paper: str
    board: int
    vulnerability: Vulnerability
    dealer: Seat
    event: str
    session: str
    section: str
    blank_form: bool
    qr_text: str
    rows: tuple[RowTruth, ...]
    marks: tuple[MarkTruth, ...]
    digits: tuple[DigitTruth, ...]
    dpi: int  # resolution of the scan
    quarter_turns: int  # 0..3 counter-clockwise turns applied by the "scanner"
    mm_to_px: tuple[tuple[float, float, float], ...]  # 3x3 homography page mm -> image px
    distortion: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    defect: str = ""  # "", "blank", "half_page", "qr_damaged", "not_a_traveller"
    version: int = TRUTH_VERSION
    condition: str = ""  # the split's named condition the page was made in ("" = mixed)
    printed: tuple[tuple[int, int | None, int, int], ...] = ()
    """(row, round, NS, EW) of every pre-printed row, played or not."""

    def traveller_rows(self) -> list[TravellerRow]:
        return [
            r.to_traveller_row(self.board, self.section, file=self.image, page=1) for r in self.rows
        ]

    def intended_marks(self) -> set[tuple[int, str, str]]:
        """(row, field, option) of every box a player meant to mark."""
        return {(m.row, m.field, m.option) for m in self.marks if m.intended}

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "image": self.image,
            "split": self.split,
            "seed": self.seed,
            "paper": self.paper,
            "board": self.board,
            "vulnerability": str(self.vulnerability),
            "dealer": str(self.dealer),
            "event": self.event,
            "session": self.session,
            "section": self.section,
            "blank_form": self.blank_form,
            "qr_text": self.qr_text,
            "defect": self.defect,
            "condition": self.condition,
            "printed": [list(p) for p in self.printed],
            "dpi": self.dpi,
            "quarter_turns": self.quarter_turns,
            "mm_to_px": [list(r) for r in self.mm_to_px],
            "distortion": self.distortion,
            "rows": [r.to_json() for r in self.rows],
            "marks": [m.__dict__ for m in self.marks],
            "digits": [d.__dict__ for d in self.digits],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> PageTruth:
        return cls(
            image=d["image"],
            split=d["split"],
            seed=int(d["seed"]),
            paper=d["paper"],
            board=int(d["board"]),
            vulnerability=Vulnerability.parse(d["vulnerability"]),
            dealer=Seat.parse(d["dealer"]),
            event=d["event"],
            session=d["session"],
            section=d["section"],
            blank_form=bool(d["blank_form"]),
            qr_text=d["qr_text"],
            rows=tuple(RowTruth.from_json(r) for r in d["rows"]),
            marks=tuple(MarkTruth(**m) for m in d["marks"]),
            digits=tuple(DigitTruth(**x) for x in d["digits"]),
            dpi=int(d["dpi"]),
            quarter_turns=int(d["quarter_turns"]),
            mm_to_px=tuple(tuple(float(v) for v in r) for r in d["mm_to_px"]),  # type: ignore[misc]
            distortion=dict(d.get("distortion", {})),
            defect=d.get("defect", ""),
            version=int(d.get("version", TRUTH_VERSION)),
            condition=d.get("condition", ""),
            printed=tuple(tuple(p) for p in d.get("printed", ())),  # type: ignore[misc]
        )

    def write(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False), "utf-8")


def load_truth(path: str | Path) -> PageTruth:
    """Read a page's ground-truth JSON (``page_0001.json``)."""
    p = Path(path)
    try:
        return PageTruth.from_json(json.loads(p.read_text("utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{p}: not a bridgescan ground-truth file: {exc}") from exc
