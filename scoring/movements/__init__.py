"""Movement generators and checks (seed 004 "Tävlingsformer").

``mitchell``, ``appendix_mitchell``, ``howell``, ``reduced_howell``,
``endless_howell``, ``team_movement`` and
``three_team_movement`` build a ``scoring.movement.Movement``; ``check_movement`` finds
what is wrong with any movement, generated or imported from guide cards;
``build_movement`` makes one from a ``MovementSpec`` (what an event file says).
"""

from scoring.movements.appendix import appendix_mitchell
from scoring.movements.balance import BalanceReport, PairBalance, balance_report, pair_balance
from scoring.movements.checks import (
    MovementProblem,
    Severity,
    check_movement,
    comparison_fields,
    validate_movement,
)
from scoring.movements.endless_howell import endless_howell
from scoring.movements.howell import howell
from scoring.movements.mitchell import ArrowSwitch, EvenTables, mitchell, set_boards
from scoring.movements.reduced_howell import reduced_howell
from scoring.movements.spec import build_movement
from scoring.movements.suggest import Suggestion, suggest_movements
from scoring.movements.teams import TeamMatch, team_matches, team_movement, three_team_movement

__all__ = [
    "appendix_mitchell",
    "ArrowSwitch",
    "BalanceReport",
    "EvenTables",
    "MovementProblem",
    "PairBalance",
    "Severity",
    "Suggestion",
    "TeamMatch",
    "balance_report",
    "build_movement",
    "check_movement",
    "comparison_fields",
    "endless_howell",
    "howell",
    "mitchell",
    "pair_balance",
    "reduced_howell",
    "set_boards",
    "suggest_movements",
    "team_matches",
    "team_movement",
    "three_team_movement",
    "validate_movement",
]
