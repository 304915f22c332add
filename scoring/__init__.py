"""bridgescan's scoring core: the laws of duplicate bridge as pure functions and plain types.

No I/O, no Prefect. Each function's docstring names the law or the seed section it follows.
The names below are the everyday API; each module has more (see its ``__all__``).
"""

from scoring.board import Vulnerability, dealer_of, vulnerability_of
from scoring.board_scoring import BoardLine, BoardScore, score_board
from scoring.contract import Contract, Doubling, Seat, Side, Strain, parse_contract, parse_tricks
from scoring.errors import ScoringError
from scoring.event import Event, EventKind, Pair, Player, Section, Session, Team
from scoring.imps import board_imps, butler_imps, cross_imps, imps, team_imps
from scoring.law77 import contract_score, ns_score
from scoring.leveling import level_factor, level_sessions
from scoring.masterpoints import SwedishBronze, SwedishSilver, award
from scoring.matchpoints import Scale, matchpoints, top
from scoring.movement import Movement
from scoring.neuberg import neuberg, round_points
from scoring.options import ScoringOptions
from scoring.outcome import Adjustment, Artificial, Weighted, parse_adjustment
from scoring.ranking import rank
from scoring.session import score_session
from scoring.traveller import Source, TravellerRow
from scoring.vp import wbf_vp

__all__ = [
    "Adjustment",
    "Artificial",
    "BoardLine",
    "BoardScore",
    "Contract",
    "Doubling",
    "Event",
    "EventKind",
    "Movement",
    "Pair",
    "Player",
    "Scale",
    "ScoringError",
    "ScoringOptions",
    "Seat",
    "Section",
    "Session",
    "Side",
    "Source",
    "Strain",
    "SwedishBronze",
    "SwedishSilver",
    "Team",
    "TravellerRow",
    "Vulnerability",
    "Weighted",
    "award",
    "board_imps",
    "butler_imps",
    "contract_score",
    "cross_imps",
    "dealer_of",
    "imps",
    "level_factor",
    "level_sessions",
    "matchpoints",
    "neuberg",
    "ns_score",
    "parse_adjustment",
    "parse_contract",
    "parse_tricks",
    "rank",
    "round_points",
    "score_board",
    "score_session",
    "team_imps",
    "top",
    "vulnerability_of",
    "wbf_vp",
]
