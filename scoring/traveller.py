"""The traveller row: one table's result on one board, as both doors deliver it.

The spreadsheet door (entry workbook, CSV), the scanner door and the PBN/USEBIO importers all
produce ``TravellerRow`` records; validation and scoring take nothing else. A row keeps what
was written (the score column too, for the Law 77 check) and where it came from, so every
finding and every correction can point back at the paper.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.board import vulnerability_of
from scoring.contract import Contract, Seat
from scoring.law77 import ns_score
from scoring.outcome import Adjustment, Outcome, Weighted

__all__ = ["Source", "TravellerRow"]


@dataclass(frozen=True)
class Source:
    """Where a record came from: file, and sheet or page, and row (1-based, as people count)."""

    file: str
    sheet: str | None = None
    page: int | None = None
    row: int | None = None
    column: str | None = None

    def __str__(self) -> str:
        parts = [self.file]
        if self.sheet is not None:
            parts.append(f"sheet {self.sheet!r}")
        if self.page is not None:
            parts.append(f"page {self.page}")
        if self.row is not None:
            parts.append(f"row {self.row}")
        if self.column is not None:
            parts.append(f"column {self.column}")
        return ", ".join(parts)


@dataclass(frozen=True)
class TravellerRow:
    """One result line of a traveller.

    ``contract`` None with ``passed_out`` True is a passed-out board; with ``adjustment`` set
    the director's adjusted score replaces the table result for scoring (the contract, if
    any, is kept for the record). ``written_score_ns`` is the score column as written, from
    North-South's side, or None when left blank. ``lead`` is the opening lead (Law 41) as
    PBN writes a card ("SA", "HT"; ``scoring.contract.parse_card``), "" when not recorded:
    printed on the traveller, never scored, and not part of what makes two rows the same.
    """

    board: int
    ns_pair: int
    ew_pair: int
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    passed_out: bool = False
    written_score_ns: int | None = None
    adjustment: Adjustment | None = None
    round: int | None = None
    table: int | None = None
    section: str = "A"
    source: Source | None = field(default=None, compare=False)
    lead: str = field(default="", compare=False)

    @property
    def has_table_result(self) -> bool:
        """A contract with declarer and tricks, or a pass-out: something Law 77 can score."""
        return self.passed_out or (
            self.contract is not None and self.declarer is not None and self.tricks is not None
        )

    def law77_score_ns(self) -> int | None:
        """The NS score Law 77 gives for the table result on this board, if there is one."""
        if self.passed_out:
            return 0
        if not self.has_table_result:
            return None
        return ns_score(self.contract, self.declarer, self.tricks, vulnerability_of(self.board))

    def outcomes(self) -> tuple[Outcome, Outcome] | None:
        """What NS and EW are scored with: the adjustment, else the Law 77 score, else None."""
        if self.adjustment is not None:
            return self.adjustment.ns, self.adjustment.ew
        score = self.law77_score_ns()
        if score is None:
            return None
        return Weighted.of(score), Weighted.of(score)
