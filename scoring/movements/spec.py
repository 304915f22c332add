"""Build a movement from what an event file says (a ``MovementSpec``).

The spec names a generator and its parameters; values may still be text as a director
typed them ("9", "yes", "relay"). Guide-card imports need a file and live in
``pipeline.events.guidecards``; this module stays pure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from scoring.movement import Movement, MovementError, MovementSpec
from scoring.movements.appendix import appendix_mitchell
from scoring.movements.endless_howell import endless_howell
from scoring.movements.howell import howell
from scoring.movements.individual import (
    INDIVIDUAL_FORMS,
    IndividualMovement,
    individual_movement,
)
from scoring.movements.mitchell import ArrowSwitch, EvenTables, mitchell
from scoring.movements.seed_forms import SEED_FORMS
from scoring.movements.teams import team_movement, three_team_movement

__all__ = ["GENERATORS", "build_movement", "individual_of", "individual_spec", "whole_number"]

Value = str | int | bool | tuple[int, ...]
E = TypeVar("E", EvenTables, ArrowSwitch)


def _int(spec: MovementSpec, name: str, value: Value) -> int:
    if isinstance(value, bool):
        raise MovementError(f"movement {spec.type}: {name} must be a whole number, not {value}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    raise MovementError(f"movement {spec.type}: {name} must be a whole number, not {value!r}")


def _ints(spec: MovementSpec, name: str, value: Value) -> tuple[int, ...]:
    if isinstance(value, tuple):
        return tuple(_int(spec, name, v) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,)
    if isinstance(value, str):
        parts = [p for p in value.replace(",", " ").split() if p]
        return tuple(_int(spec, name, p) for p in parts)
    raise MovementError(f"movement {spec.type}: {name} must be a list of numbers, not {value!r}")


def _choice(spec: MovementSpec, name: str, value: Value, kind: type[E]) -> E:
    text = str(value).strip().lower().replace("_", "-")
    for member in kind:
        if text in (member.value, member.name.lower().replace("_", "-")):
            return member
    allowed = ", ".join(m.value for m in kind)
    raise MovementError(f"movement {spec.type}: {name} {value!r} is not one of {allowed}")


def _build_mitchell(spec: MovementSpec) -> Movement:
    kwargs: dict[str, object] = {}
    for name, value in spec.params:
        if name in ("tables", "boards_per_round"):
            continue
        if name in ("rounds", "first_board"):
            kwargs[name] = _int(spec, name, value)
        elif name in ("absent", "switch_rounds"):
            kwargs[name] = _ints(spec, name, value)
        elif name == "even":
            kwargs[name] = _choice(spec, name, value, EvenTables)
        elif name == "arrow_switch":
            kwargs[name] = _choice(spec, name, value, ArrowSwitch)
        else:
            raise MovementError(f"movement mitchell: unknown setting {name!r}")
    return mitchell(_required(spec, "tables"), _required(spec, "boards_per_round"), **kwargs)  # type: ignore[arg-type]


def _build_appendix(spec: MovementSpec) -> Movement:
    _only(spec, {"pairs", "boards_per_round", "rounds", "arrow_switch", "switch_rounds"})
    rounds = spec.get("rounds")
    switch = spec.get("arrow_switch")
    switch_rounds = spec.get("switch_rounds")
    return appendix_mitchell(
        _required(spec, "pairs"),
        _required(spec, "boards_per_round"),
        rounds=None if rounds is None else _int(spec, "rounds", rounds),  # type: ignore[arg-type]
        arrow_switch=(
            ArrowSwitch.NONE
            if switch is None
            else _choice(spec, "arrow_switch", switch, ArrowSwitch)  # type: ignore[arg-type]
        ),
        switch_rounds=(
            () if switch_rounds is None else _ints(spec, "switch_rounds", switch_rounds)  # type: ignore[arg-type]
        ),
    )


def _rounds_optional(
    generator: Callable[..., Movement], field: str = "pairs"
) -> Callable[[MovementSpec], Movement]:
    """A builder for a round-robin generator: pairs (or teams), boards per round, and rounds
    if stopped early."""

    def build(spec: MovementSpec) -> Movement:
        _only(spec, {field, "boards_per_round", "rounds"})
        rounds = spec.get("rounds")
        return generator(
            _required(spec, field),
            _required(spec, "boards_per_round"),
            rounds=None if rounds is None else _int(spec, "rounds", rounds),  # type: ignore[arg-type]
        )

    return build


def _build_three_teams(spec: MovementSpec) -> Movement:
    _only(spec, {"boards_per_round"})
    bpr = spec.get("boards_per_round")
    return three_team_movement(8 if bpr is None else _int(spec, "boards_per_round", bpr))  # type: ignore[arg-type]


def _required(spec: MovementSpec, name: str) -> int:
    return whole_number(spec, name)


def whole_number(spec: MovementSpec, name: str, default: int | None = None) -> int:
    """A whole-number setting of ``spec``, as a director typed it ("9") or as a number;
    ``default`` when it is not given; MovementError names the setting when it is missing
    or not a whole number."""
    value = spec.get(name, default)
    if value is None:
        raise MovementError(f"movement {spec.type}: {name} is missing")
    return _int(spec, name, value)  # type: ignore[arg-type]


def _only(spec: MovementSpec, allowed: set[str]) -> None:
    for name, _ in spec.params:
        if name not in allowed:
            raise MovementError(
                f"movement {spec.type}: unknown setting {name!r} "
                f"(allowed: {', '.join(sorted(allowed))})"
            )


def _build_seed_form(spec: MovementSpec) -> Movement:
    """A form of ``seed_forms.SEED_FORMS``: its whole numbers in order, its choices by name."""
    form = SEED_FORMS[spec.type]
    _only(spec, {*form.numbers, *form.choices})
    choices = {
        name: _choice(spec, name, value, form.choices[name])  # type: ignore[type-var]
        for name, value in spec.params
        if name in form.choices
    }
    return form.make(*(_required(spec, name) for name in form.numbers), **choices)


def individual_spec(spec: MovementSpec) -> IndividualMovement:
    """The individual movement a spec names (seed 004 "Individuellt"): ``players``,
    ``boards_per_round`` and, for an individual Howell stopped early, ``rounds``; continued
    on a later evening, ``first_round``."""
    _only(spec, {"players", "boards_per_round", "rounds", "first_round"})
    rounds = spec.get("rounds")
    first_round = spec.get("first_round")
    return individual_movement(
        spec.type,
        _required(spec, "players"),
        _required(spec, "boards_per_round"),
        None if rounds is None else _required(spec, "rounds"),
        1 if first_round is None else _required(spec, "first_round"),
    )


def individual_of(movement: Movement) -> IndividualMovement | None:
    """The individual movement behind a movement on partnership numbers (None for pairs)."""
    if movement.spec is None or movement.spec.type not in INDIVIDUAL_FORMS:
        return None
    return individual_spec(movement.spec)


GENERATORS: dict[str, Callable[[MovementSpec], Movement]] = {
    "mitchell": _build_mitchell,
    "appendix-mitchell": _build_appendix,
    "howell": _rounds_optional(howell),
    "endless-howell": _rounds_optional(endless_howell),
    "teams": _rounds_optional(team_movement, "teams"),
    "three-teams": _build_three_teams,
    **dict.fromkeys(SEED_FORMS, _build_seed_form),
    **dict.fromkeys(INDIVIDUAL_FORMS, lambda spec: individual_spec(spec).as_movement()),
}


def build_movement(spec: MovementSpec) -> Movement:
    """The movement a spec describes; MovementError names the bad setting."""
    try:
        build = GENERATORS[spec.type]
    except KeyError:
        known = ", ".join([*GENERATORS, "guide-cards"])
        raise MovementError(f"unknown movement type {spec.type!r} (known: {known})") from None
    return build(spec)
