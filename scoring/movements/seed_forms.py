"""The forms of seed 004 built from issue 39, as an event file names them.

One line per form: its spec type, the generator, its whole-number settings (in the
generator's argument order, all required) and its optional choices; and the meeting plan
``event check`` holds it to (``scoring.movements.meetings``). ``spec.build_movement`` reads
the settings from here; the forms themselves are in their own modules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from scoring.movement import Movement
from scoring.movements.combined import howell_bofors, howell_bofors_plan
from scoring.movements.extended import extended_mitchell, extended_plan
from scoring.movements.interwoven import interwoven_howell, interwoven_plan
from scoring.movements.meetings import MeetingPlan, teams_once_plan
from scoring.movements.mitchell import ArrowSwitch, EvenTables
from scoring.movements.odd_teams import odd_team_movement
from scoring.movements.reduced_howell import reduced_howell, reduced_howell_plan
from scoring.movements.team_howell import team_barometer, team_howell
from scoring.movements.team_mitchell import team_mitchell

__all__ = ["SeedForm", "SEED_FORMS", "meeting_plan"]


@dataclass(frozen=True)
class SeedForm:
    """A generator, its settings and its meeting plan."""

    make: Callable[..., Movement]
    numbers: tuple[str, ...]
    plan: Callable[[Movement], MeetingPlan]
    choices: dict[str, type[Enum]] = field(default_factory=dict)


_SWITCH: dict[str, type[Enum]] = {"arrow_switch": ArrowSwitch}

SEED_FORMS: dict[str, SeedForm] = {
    "reduced-howell": SeedForm(
        reduced_howell, ("pairs", "boards_per_round", "rounds"), reduced_howell_plan
    ),
    "interwoven-howell": SeedForm(
        interwoven_howell, ("pairs", "boards_per_round"), interwoven_plan
    ),
    "extended-mitchell": SeedForm(
        extended_mitchell,
        ("tables", "boards_per_round", "extra_rounds"),
        extended_plan,
        {"even": EvenTables, **_SWITCH},
    ),
    "howell-bofors": SeedForm(
        howell_bofors, ("pairs", "session", "boards_per_round"), howell_bofors_plan, _SWITCH
    ),
    "team-mitchell": SeedForm(team_mitchell, ("teams", "boards_per_round"), teams_once_plan),
    "odd-teams": SeedForm(odd_team_movement, ("teams", "boards_per_round"), teams_once_plan),
    "team-howell": SeedForm(team_howell, ("teams", "boards_per_round"), teams_once_plan),
    "team-barometer": SeedForm(team_barometer, ("teams", "boards_per_round"), teams_once_plan),
}


def meeting_plan(movement: Movement) -> MeetingPlan | None:
    """The plan of ``movement``'s form, or None when its form promises nothing of its own
    (a Howell, a Mitchell, guide cards: ``check_movement``'s own rules apply)."""
    form = None if movement.spec is None else SEED_FORMS.get(movement.spec.type)
    return None if form is None else form.plan(movement)
