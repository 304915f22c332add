"""Movement generators and checks (seed 004 "Tävlingsformer").

``mitchell``, ``appendix_mitchell``, ``howell``, ``reduced_howell``,
``endless_howell``, ``team_movement`` and
``three_team_movement`` build a ``scoring.movement.Movement``; ``check_movement`` finds
what is wrong with any movement, generated or imported from guide cards;
``build_movement`` makes one from a ``MovementSpec`` (what an event file says). The forms
of seed 004 from issue 39 are listed in ``seed_forms.SEED_FORMS``.
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
from scoring.movements.combined import combination_problems, event_meetings, howell_bofors
from scoring.movements.endless_howell import endless_howell
from scoring.movements.extended import extended_mitchell
from scoring.movements.howell import howell
from scoring.movements.interwoven import interwoven_howell
from scoring.movements.meetings import MeetingPlan
from scoring.movements.mitchell import ArrowSwitch, EvenTables, mitchell, set_boards
from scoring.movements.odd_teams import odd_team_movement
from scoring.movements.reduced_howell import reduced_howell
from scoring.movements.seed_forms import SEED_FORMS, meeting_plan
from scoring.movements.spec import build_movement
from scoring.movements.suggest import Suggestion, suggest_movements
from scoring.movements.team_howell import team_howell
from scoring.movements.team_mitchell import team_mitchell
from scoring.movements.teams import TeamMatch, team_matches, team_movement, three_team_movement

__all__ = [
    "SEED_FORMS",
    "MeetingPlan",
    "combination_problems",
    "event_meetings",
    "extended_mitchell",
    "howell_bofors",
    "interwoven_howell",
    "meeting_plan",
    "odd_team_movement",
    "team_howell",
    "team_mitchell",
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
