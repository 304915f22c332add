"""Extended Mitchell (Utvidgad Mitchell, seed 004 "Tävlingsformer" section 11).

The seed: when the number of boards does not fit, a Mitchell can be extended by one, two or
three rounds; the instructions are in "Tävlingsledaren", which we do not have, so we build
the extension with the property it must have: the extra rounds replay no board and no
opponent.

After a whole Mitchell (every NS pair has met every EW pair and every pair has played every
set) the only opponents not yet met are the pairs of one's own field, and the only boards
not yet played are new ones. So:

- the Mitchell part is played as usual (odd tables; ``even: relay``; ``even: skip`` without
  its return round, which would replay the first opponent), ``arrow_switch`` as for any
  Mitchell;
- extra round x (1..3) is a round of the circle method inside each field: NS pairs meet NS
  pairs at the first tables, EW pairs meet EW pairs at the others (the two pairs of a table
  take NS in turn);
- every table plays the same new set T + x in extra round x (a barometer round: one copy of
  the set per table, dealt in advance), so every extra board is played as often as a
  Mitchell board: T times with an even number of tables T.
- with an odd number of tables a field cannot pair off: one NS pair and one EW pair sit out
  each extra round (T - 1 results on the extra boards; Neuberg does the rest, rules.md §4)
  rather than replay an opponent.

The extra rounds also join the NS and EW fields (pairs of both fields play the same extra
boards in both directions), so an extended Mitchell always has one winner.
"""

from __future__ import annotations

from scoring.movement import Movement, MovementEntry, MovementError, MovementKind, MovementSpec
from scoring.movements.meetings import MeetingPlan
from scoring.movements.mitchell import ArrowSwitch, EvenTables, mitchell, set_boards

__all__ = ["extended_mitchell", "extended_plan", "field_round"]

MAX_EXTRA_ROUNDS = 3


def field_round(field: tuple[int, ...], round_: int) -> list[tuple[int, int]]:
    """Round ``round_`` (1-based) of the circle method inside ``field``: the couples that
    meet (the pair facing the phantom of an odd field sits out)."""
    slots: list[int | None] = [*field, None] if len(field) % 2 else list(field)
    turning = len(slots) - 1
    fixed = slots[-1]
    couples = [(slots[(round_ - 1) % turning], fixed)]
    for i in range(1, len(slots) // 2):
        couples.append((slots[(round_ - 1 + i) % turning], slots[(round_ - 1 - i) % turning]))
    return [(a, b) for a, b in couples if a is not None and b is not None]


def extended_mitchell(
    tables: int,
    boards_per_round: int,
    extra_rounds: int,
    *,
    even: EvenTables = EvenTables.RELAY,
    arrow_switch: ArrowSwitch = ArrowSwitch.NONE,
) -> Movement:
    """A Mitchell for ``tables`` tables followed by 1-3 ``extra_rounds`` inside the fields."""
    if isinstance(extra_rounds, bool) or not 1 <= extra_rounds <= MAX_EXTRA_ROUNDS:
        raise MovementError(
            f"an extended Mitchell adds 1 to {MAX_EXTRA_ROUNDS} rounds, not {extra_rounds!r}"
        )
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 4:
        raise MovementError(f"an extended Mitchell needs at least 4 tables, not {tables!r}")
    skip = tables % 2 == 0 and even is EvenTables.SKIP
    main = mitchell(
        tables,
        boards_per_round,
        even=even,
        arrow_switch=arrow_switch,
        rounds=tables - 1 if skip else None,
    )
    last = max(main.rounds)
    lines = list(main.entries)
    fields = (tuple(range(1, tables + 1)), tuple(range(tables + 1, 2 * tables + 1)))
    for x in range(1, extra_rounds + 1):
        boards = set_boards(tables + x, boards_per_round)
        table = 1
        for field in fields:
            for k, (a, b) in enumerate(field_round(field, x)):
                ns, ew = (a, b) if (k + x) % 2 == 0 else (b, a)
                lines.append(MovementEntry(last + x, table, ns, ew, boards))
                table += 1
    style = "" if tables % 2 else f" ({even.value})"
    params: list[tuple[str, str | int | bool | tuple[int, ...]]] = [
        ("tables", tables),
        ("boards_per_round", boards_per_round),
        ("extra_rounds", extra_rounds),
    ]
    if tables % 2 == 0:
        params.append(("even", even.value))
    if arrow_switch is not ArrowSwitch.NONE:
        params.append(("arrow_switch", arrow_switch.value))
    return Movement(
        name=f"Extended Mitchell {tables} tables{style}, {last} + {extra_rounds} x "
        f"{boards_per_round} boards",
        kind=MovementKind.MITCHELL,
        entries=tuple(lines),
        pairs=tuple(range(1, 2 * tables + 1)),
        spec=MovementSpec("extended-mitchell", tuple(params)),
    )


def extended_plan(movement: Movement) -> MeetingPlan:
    """No pair meets another twice: every NS pair meets every EW pair in the Mitchell
    rounds, then pairs of its own field in the extra rounds."""
    return MeetingPlan(
        "every NS pair meets every EW pair once in the Mitchell rounds, then pairs of its "
        "own field in the extra rounds; no pair meets another twice"
    )
