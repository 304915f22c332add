"""Build and save the result workbook.

Sheet order is the order a director reads them: the ranking first, then (multi-session)
the leveled totals and each session's ranking, the masterpoints, the findings, what changed
since the previous version and the audit of corrections, then the travellers and the score
cards (one sheet each per session, several to a printed page), then the hand records when
the deals are given. The file is written atomically (``pipeline.files``), so a
crash never leaves a half-written workbook where the director expects the results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from openpyxl import Workbook
from openpyxl.packaging.custom import StringProperty

from pipeline.files import atomic_write
from pipeline.publish.workbook.corrections import write_audit_sheet, write_changes_sheet
from pipeline.publish.workbook.findings import write_findings
from pipeline.publish.workbook.handicap import write_handicap_sheet
from pipeline.publish.workbook.hands import write_hand_records
from pipeline.publish.workbook.individual import write_individual_sheet
from pipeline.publish.workbook.masterpoints import write_awards_sheet
from pipeline.publish.workbook.paul_jones import write_paul_jones_sheets
from pipeline.publish.workbook.ranking import write_leveled_ranking, write_session_ranking
from pipeline.publish.workbook.teams import write_team_sheets
from pipeline.publish.workbook.travellers import write_score_cards, write_travellers
from pipeline.results.model.event import EventResults
from pipeline.xlsx import save_xlsx

if TYPE_CHECKING:
    from pipeline.events.hand_records import HandRecord

__all__ = [
    "STORE_HEAD_PROPERTY",
    "STORE_PROPERTY",
    "build_workbook",
    "save_workbook",
    "write_workbook",
]

#: Custom document properties (File > Properties > Custom) naming the event store's chain head.
STORE_HEAD_PROPERTY = "bridgescan store head"
STORE_PROPERTY = "bridgescan store"


def build_workbook(
    results: EventResults, hands: Mapping[int, Sequence[HandRecord]] | None = None
) -> Workbook:
    """The whole result workbook in memory; ``hands`` (session -> the deals, analysed or
    not) adds each session's hand records."""
    workbook = Workbook()
    workbook.properties.title = results.title[:200]
    workbook.properties.creator = "bridgescan"
    if results.store_head is not None:  # the chain head, for `bridgescan store verify --expect`
        head = results.store_head
        workbook.custom_doc_props.append(StringProperty(STORE_HEAD_PROPERTY, str(head)))
        workbook.custom_doc_props.append(StringProperty(STORE_PROPERTY, head.store))
    if results.teams is not None:
        write_team_sheets(workbook, results, results.teams)
    elif results.individual is not None:  # the players, not the partnerships, are ranked
        write_individual_sheet(workbook, results, results.individual)
    elif results.multi_session:
        write_leveled_ranking(workbook, results, "Ranking")
        for session in results.sessions:
            write_session_ranking(workbook, results, session, f"S{session.number} Ranking")
    elif results.sessions:
        write_session_ranking(workbook, results, results.sessions[0], "Ranking")
    if results.paul_jones is not None:
        write_paul_jones_sheets(workbook, results, results.paul_jones)
    if results.handicap is not None:
        write_handicap_sheet(workbook, results, results.handicap)
    write_awards_sheet(workbook, results)
    write_findings(workbook, results)
    write_changes_sheet(workbook, results)
    write_audit_sheet(workbook, results)
    if results.teams is None:
        for session in results.sessions:
            write_travellers(workbook, results, session)
        for session in results.sessions:
            write_score_cards(workbook, results, session)
        if hands:
            write_hand_records(workbook, results, hands)
    workbook.active = 0
    return workbook


def save_workbook(workbook: Workbook, path: Path) -> Path:
    """Save a built workbook atomically (temporary file, then rename)."""
    return atomic_write(Path(path), lambda handle: save_xlsx(workbook, handle))


def write_workbook(
    results: EventResults, path: Path, hands: Mapping[int, Sequence[HandRecord]] | None = None
) -> Path:
    """Build the workbook and write it atomically to ``path``."""
    return save_workbook(build_workbook(results, hands), path)
