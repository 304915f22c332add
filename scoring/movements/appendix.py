"""Appendix Mitchell for an odd number of pairs (Vändbordsmitchell, seed 004 section 12).

With an odd number of pairs one pair sits out each round, and in an ordinary Mitchell
that leaves some boards with fewer results. In the appendix Mitchell every board is played
exactly once every round, so all boards have the same number of results however many
rounds are played. The seed, for 29 pairs at 14 tables:

- pairs 1..n sit NS at their own table (n = tables); pair n+1 sits EW at table 1, ...,
  pair 2n (the second highest) EW at the top table; the highest pair 2n+1 sits out;
- pairs 1..n-1 are stationary; the other n+2 pairs move (three more movers than
  stationary pairs);
- movers move up one table like a Mitchell's EW pairs, but at the top table: "NS to table
  1 as EW, EW takes the sit-out, then this table as NS". So the movers travel the cycle
  EW@1 -> EW@2 -> ... -> EW@n -> sit-out -> NS@n -> EW@1;
- boards move down one table as usual, one set per table;
- with an even number of tables the movers skip one step after half the rounds (the pair
  EW at the top table skips the sit-out and sits NS at the top table).

Up to n rounds can be played without anyone meeting a board twice (checked in the tests).
The seed's arrow-switch schedule ("the same as for Göteborgsmitchell") is not in our
sources; ``ArrowSwitch`` offers the same choices as for an ordinary Mitchell.
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.movement import Movement, MovementEntry, MovementError, MovementKind, MovementSpec
from scoring.movements.mitchell import ArrowSwitch, _switched_cells, set_boards

__all__ = ["appendix_mitchell"]


def appendix_mitchell(
    pairs: int,
    boards_per_round: int,
    *,
    rounds: int | None = None,
    arrow_switch: ArrowSwitch = ArrowSwitch.NONE,
    switch_rounds: Sequence[int] = (),
) -> Movement:
    """An appendix Mitchell for an odd number of ``pairs`` (7 or more)."""
    if isinstance(pairs, bool) or not isinstance(pairs, int) or pairs < 7 or pairs % 2 == 0:
        raise MovementError(
            f"an appendix Mitchell needs an odd number of pairs, at least 7, not {pairs!r}"
        )
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    tables = (pairs - 1) // 2
    rounds = tables if rounds is None else rounds
    if not 1 <= rounds <= tables:
        raise MovementError(
            f"an appendix Mitchell for {pairs} pairs has 1 to {tables} rounds, not {rounds}"
        )
    sit_out, ns_top = tables, tables + 1  # cycle positions after EW@1..EW@n (0..n-1)
    cycle = tables + 2
    start = {tables + t: t - 1 for t in range(1, tables + 1)}
    start[pairs] = sit_out
    start[tables] = ns_top
    lines: list[MovementEntry] = []
    for round_ in range(1, rounds + 1):
        step = round_ - 1
        if tables % 2 == 0 and round_ > tables // 2:
            step += 1  # the skip after half the rounds
        ns_at = {t: t for t in range(1, tables)}
        ew_at: dict[int, int] = {}
        for pair, position in start.items():
            where = (position + step) % cycle
            if where < tables:
                ew_at[where + 1] = pair
            elif where == ns_top:
                ns_at[tables] = pair
        for table in range(1, tables + 1):
            boards = set_boards((table - 1 + round_ - 1) % tables + 1, boards_per_round)
            lines.append(MovementEntry(round_, table, ns_at[table], ew_at[table], boards))
    switched = _switched_cells(lines, tables, rounds, arrow_switch, switch_rounds, relay=False)
    final = tuple(
        MovementEntry(e.round, e.table, e.ew, e.ns, e.boards, switched=True)
        if (e.round, e.table) in switched
        else e
        for e in lines
    )
    params: list[tuple[str, str | int | bool | tuple[int, ...]]] = [
        ("pairs", pairs),
        ("boards_per_round", boards_per_round),
    ]
    if rounds != tables:
        params.append(("rounds", rounds))
    if arrow_switch is not ArrowSwitch.NONE:
        params.append(("arrow_switch", arrow_switch.value))
    if switch_rounds:
        params.append(("switch_rounds", tuple(switch_rounds)))
    return Movement(
        name=f"Appendix Mitchell {pairs} pairs, {rounds} x {boards_per_round} boards",
        kind=MovementKind.MITCHELL,
        entries=final,
        pairs=tuple(range(1, pairs + 1)),
        spec=MovementSpec("appendix-mitchell", tuple(params)),
    )
