"""Which movement to play tonight (seed 004 "Val av tävlingsform för enkvälls partävling").

The seed's table for a one-evening pairs event of 26-28 boards:

    pairs  movement           boards
    6      Howell             25 or 30
    7-8    Howell             28
    9-10   Howell             27
    11-12  reduced Howell     27
    13-14  Howell             26
    15-20  reduced Howell     26 or 28

Where the seed plays a full Howell and one fits the boards, it comes first; where it plays
a reduced Howell (11-12 and 15-20 pairs), the reduced Howells that fit come first (fewer
rounds, so fewer boards, by having more than one stationary pair). Then a Mitchell with
arrow switches (one winner), stopped early when that fits the boards, and for an odd number
of pairs the appendix Mitchell. A Howell stopped early is offered only when nothing else of
the Howell family fits. Last, one barometer (the endless Howell), the form the seed's club
programme plays most. Every suggestion is built and checked, so it can be played as
printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.movement import Movement, MovementError, MovementSpec
from scoring.movements.checks import Severity, check_movement
from scoring.movements.individual import INDIVIDUAL_HOWELL_SCHEDULES
from scoring.movements.reduced_howell import reduced_howell_sizes
from scoring.movements.spec import build_movement

__all__ = [
    "Suggestion",
    "no_individual_movement",
    "suggest_individual_movements",
    "suggest_movements",
]


@dataclass(frozen=True)
class Suggestion:
    """A playable movement for the field, with why it is offered."""

    spec: MovementSpec
    movement: Movement
    boards: int  # rounds x boards per round, as the seed counts (a sit-out round included)
    note: str


def _playable(movement: Movement) -> bool:
    return not any(p.severity is Severity.ERROR for p in check_movement(movement))


def suggest_movements(pairs: int, boards: tuple[int, int] = (24, 28)) -> tuple[Suggestion, ...]:
    """Movements for ``pairs`` pairs in which each pair plays ``boards[0]..boards[1]``
    boards, the seed's preferred form first."""
    low, high = boards
    if pairs < 4:
        raise MovementError(f"{pairs} pairs are too few for a pairs event (at least 4)")
    if not 1 <= low <= high:
        raise MovementError(f"board range {low}-{high} is not a range")
    found: list[Suggestion] = []

    def offer(spec: MovementSpec, note: str, played: int | None = None) -> None:
        """Build and keep the movement when its boards fit; ``played``, where the spec
        already says how many boards a pair plays, skips building one that cannot fit (a
        reduced Howell's switches are searched for as it is built)."""
        if played is not None and not low <= played <= high:
            return
        try:
            movement = build_movement(spec)
        except MovementError:
            return
        played = len(movement.rounds) * movement.boards_per_round
        if low <= played <= high and _playable(movement):
            found.append(Suggestion(spec, movement, played, note))

    # 1. Howell, everyone meets everyone (seed: up to 14, possibly 16 pairs).
    full = pairs + pairs % 2
    for bpr in range(1, 7):
        offer(
            MovementSpec("howell", (("pairs", pairs), ("boards_per_round", bpr))),
            "Howell: everyone meets everyone (seed 004 §1)",
            (full - 1) * bpr,  # a round fewer than the pairs (an odd field: as many)
        )
    # Reduced Howell: the seed's choice for 11-12 and 15-20 pairs (fewest rounds first is
    # not the point; the board count decides, so every size that fits is offered).
    if not found:
        for tables, rounds in reduced_howell_sizes():
            if tables != full // 2:
                continue
            for bpr in range(1, 7):
                offer(
                    MovementSpec(
                        "reduced-howell",
                        (("pairs", pairs), ("boards_per_round", bpr), ("rounds", rounds)),
                    ),
                    f"Reduced Howell: {2 * tables - rounds} stationary pairs, "
                    "everyone meets them; no one meets twice (seed 004 §2)",
                    rounds * bpr,
                )
    if not found:  # no Howell of the seed's kind fits: a Howell stopped early
        for bpr in range(2, 7):
            rounds = high // bpr
            if 2 <= rounds < full - 1:
                offer(
                    MovementSpec(
                        "howell",
                        (("pairs", pairs), ("boards_per_round", bpr), ("rounds", rounds)),
                    ),
                    "Howell stopped early: not everyone meets",
                )
    # 2. Mitchell with arrow switches: one winner; stopped early if the boards ask for it.
    tables = full // 2
    if tables >= 3:
        absent: tuple[tuple[str, str | int | bool | tuple[int, ...]], ...] = (
            (("absent", (2 * tables,)),) if pairs % 2 else ()
        )
        for bpr in range(2, 6):
            rounds = min(tables, high // bpr)
            params: list[tuple[str, str | int | bool | tuple[int, ...]]] = [
                ("tables", tables),
                ("boards_per_round", bpr),
            ]
            if rounds < tables:
                params.append(("rounds", rounds))
            offer(
                MovementSpec("mitchell", (*params, ("arrow_switch", "balanced"), *absent)),
                "Mitchell with arrow switches, one winner (seed 004 §5-6, §10 if stopped early)",
            )
    # 3. Odd number of pairs: appendix Mitchell keeps every board's result count equal.
    if pairs % 2 and pairs >= 7:
        appendix_tables = (pairs - 1) // 2
        for bpr in range(2, 6):
            rounds = min(appendix_tables, high // bpr)
            offer(
                MovementSpec(
                    "appendix-mitchell",
                    (
                        ("pairs", pairs),
                        ("boards_per_round", bpr),
                        ("rounds", rounds),
                        ("arrow_switch", "balanced"),
                    ),
                ),  # fmt: skip
                "Appendix Mitchell: every board played once every round (seed 004 §12)",
            )
    # 4. A barometer (seed 004 §3 and "Barometertävlingar", the commonest form of the seed's
    # club programme): every table on the round's boards, standings after every round.
    # One offer: the endless Howell played to the end if a board count fits, else stopped
    # early at the most rounds that fit.
    barometers = [
        (
            MovementSpec("endless-howell", (("pairs", pairs), ("boards_per_round", bpr))),
            "Barometer (endless Howell): every table on the same boards, standings after "
            "every round (seed 004 §3)",
        )
        for bpr in range(1, 5)
    ] + [
        (
            MovementSpec(
                "endless-howell",
                (("pairs", pairs), ("boards_per_round", bpr), ("rounds", high // bpr)),
            ),
            "Barometer (endless Howell) stopped early: standings after every round, "
            "not everyone meets (seed 004 §3)",
        )
        for bpr in range(1, 5)
        if 2 <= high // bpr < full - 1
    ]
    before = len(found)
    for spec, note in barometers:  # the first that fits
        offer(spec, note)
        if len(found) > before:
            break
    return tuple(found)


def suggest_individual_movements(players: int, boards: tuple[int, int]) -> tuple[Suggestion, ...]:
    """Individual movements for ``players`` (seed 004 "Individuellt"): the complete
    individual Howell (every two players partners once, opponents twice) for the sizes it
    is built for, played to the end when a board count fits, else stopped early at the most
    rounds that fit; for 16 players first the seed's reduced Howell (12 rounds)."""
    low, high = boards
    found: list[Suggestion] = []

    def offer(spec: MovementSpec, rounds: int, bpr: int, note: str) -> None:
        if low <= rounds * bpr <= high:
            movement = build_movement(spec)
            found.append(Suggestion(spec, movement, rounds * bpr, note))

    if players == 16:
        for bpr in range(1, 5):
            offer(
                MovementSpec("individual-reduced-howell",
                             (("players", 16), ("boards_per_round", bpr))),
                12, bpr, "the seed's individual: reduced Howell, 4 stationary players, "
                "everyone partners at most once (seed 004 'Individuellt')",
            )  # fmt: skip
    if players in INDIVIDUAL_HOWELL_SCHEDULES:
        cycle = players if players % 4 == 1 else players - 1
        base = (("players", players),)
        before = len(found)
        for bpr in range(1, 6):
            offer(MovementSpec("individual-howell", (*base, ("boards_per_round", bpr))),
                  cycle, bpr, "individual Howell: every two players partners once, opponents "
                  "twice")  # fmt: skip
        if len(found) == before:
            for bpr in range(1, 6):
                rounds = min(cycle - 1, high // bpr)
                if rounds >= 2:
                    offer(MovementSpec("individual-howell", (*base, ("boards_per_round", bpr),
                                                             ("rounds", rounds))),
                          rounds, bpr, "individual Howell stopped early: partners at most "
                          "once, not everyone meets")  # fmt: skip
    return tuple(found)


def no_individual_movement(players: int) -> str:
    """Why no individual movement is offered for ``players``, and the nearest sizes built:
    a complete individual seats k tables (2k partnerships) a round, and n(n - 1)/2
    partnerships divide into such rounds only for n = 4k or 4k + 1 (for 4k + 2 and 4k + 3
    it is odd); the seed's own example is 16 players."""
    built = sorted(INDIVIDUAL_HOWELL_SCHEDULES)
    sizes = ", ".join(str(n) for n in built)
    if players in INDIVIDUAL_HOWELL_SCHEDULES:
        return f"individual: {sizes} players"
    below = [n for n in built if n < players]
    above = [n for n in built if n > players]
    nearest = " or ".join(
        f"{n} ({abs(n - players)} player{'s' * (abs(n - players) > 1)} "
        f"{'fewer' if n < players else 'more'})"
        for n in (below[-1:] + above[:1])
    )
    why = (
        "a complete individual needs 4k or 4k + 1 players"
        if players >= 4
        else "an individual needs at least 4 players"
    )
    return f"no individual movement for {players} players: {why} (built: {sizes}); " + (
        f"nearest: {nearest}"
    )
