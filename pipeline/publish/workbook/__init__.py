"""The result workbook: ranking, travellers, score cards, findings, leveling, masterpoints.

``write_workbook(results, path)`` writes an ``EventResults`` record (built by
``pipeline.results.pairs``) as a print-ready .xlsx, atomically; ``write_awards_csv`` writes the
masterpoint list for the federation. docs/result-workbook.md describes every sheet.
"""

from pipeline.publish.workbook.masterpoints import awards_csv, write_awards_csv
from pipeline.publish.workbook.writer import build_workbook, write_workbook
from pipeline.results.model.event import Award, EventResults, LeveledSession, LeveledStanding
from pipeline.results.model.sessions import BoardView, PlayerView, ResultLine, SessionView, Standing
from pipeline.results.model.teams import MatchView, TeamBoard, TeamStanding, TeamsView
from pipeline.results.status import FindingView

__all__ = [
    "Award",
    "BoardView",
    "EventResults",
    "FindingView",
    "LeveledSession",
    "LeveledStanding",
    "MatchView",
    "PlayerView",
    "ResultLine",
    "SessionView",
    "Standing",
    "TeamBoard",
    "TeamStanding",
    "TeamsView",
    "awards_csv",
    "build_workbook",
    "write_awards_csv",
    "write_workbook",
]
