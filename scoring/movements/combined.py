"""Combined events over several sessions (seed 004 "Kombinerade tävlingar").

The seed's best form for events over three sessions: a combined Howell-Bofors Mitchell for
16, 22, 28, 34, 40, 46 or 52 pairs. The pairs are split into three groups of an odd size s
plus one pair that sits still in the Howell group every session; each session one group
plays a Howell with that pair and the other two a Bofors Mitchell against each other, so
over the three sessions every pair meets every other pair once. The seed's 22-pair
example:

    Omgång 1: Par 1-7 H,     Par 8-14 NS i BM,  Par 15-21 ÖV i BM, Par 22 H
    Omgång 2: Par 1-7 ÖV i BM, Par 8-14 H,      Par 15-21 NS i BM, Par 22 H
    Omgång 3: Par 1-7 NS i BM, Par 8-14 ÖV i BM, Par 15-22 H

``howell_bofors(pairs, session, boards_per_round)`` is one session of it as one section:
the Howell of s + 1 pairs at tables 1..(s+1)/2 (the fixed pair stationary NS at table 1) and
the Mitchell of s tables after them (NS group pair k at table (s+1)/2 + k, arrow-switched).
Both parts play the same s sets in the same order (the Howell's set c + r - 1, the
Mitchell's set t + r - 1), duplicated, so every board is played (s+1)/2 + s times and all
pairs of the session are one field with one top: "gemensamma brickor och gemensam topp".
The Bofors switches are the balanced schedule of ``scoring.movements.balance`` (the seed's
table is in "Tävlingsledaren").

Two sessions, interwoven Howell then Bofors Mitchell, need no new movement: the
``interwoven-howell`` of session 1 numbers its groups as the Mitchell of session 2 seats
them (group A NS, group B EW). ``event_meetings`` counts who meets whom over all sessions,
for ``event check``; ``combination_problems`` holds a three-session Howell-Bofors event to
the seed's promise (everyone once).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from scoring.movement import Movement, MovementEntry, MovementError, MovementKind, MovementSpec
from scoring.movements.howell import howell
from scoring.movements.meetings import MeetingPlan
from scoring.movements.mitchell import ArrowSwitch, mitchell

__all__ = [
    "HOWELL_BOFORS_PAIRS",
    "howell_bofors",
    "howell_bofors_groups",
    "howell_bofors_plan",
    "event_meetings",
    "combination_problems",
]

HOWELL_BOFORS_PAIRS = (16, 22, 28, 34, 40, 46, 52)

# Session -> (the Howell group, the NS group, the EW group), groups numbered 0, 1, 2.
_ROLES = {1: (0, 1, 2), 2: (1, 2, 0), 3: (2, 0, 1)}


def howell_bofors_groups(pairs: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The three groups (1..s, s+1..2s, 2s+1..3s); the fixed Howell pair is ``pairs``."""
    if pairs not in HOWELL_BOFORS_PAIRS:
        raise MovementError(
            f"a combined Howell-Bofors Mitchell is for "
            f"{', '.join(map(str, HOWELL_BOFORS_PAIRS))} pairs, not {pairs!r}"
        )
    s = (pairs - 1) // 3
    first, second, third = (tuple(range(k * s + 1, (k + 1) * s + 1)) for k in range(3))
    return first, second, third


def howell_bofors(
    pairs: int,
    session: int,
    boards_per_round: int,
    *,
    arrow_switch: ArrowSwitch = ArrowSwitch.BALANCED,
) -> Movement:
    """Session ``session`` (1, 2 or 3) of the combined Howell-Bofors Mitchell."""
    groups = howell_bofors_groups(pairs)
    if session not in _ROLES:
        raise MovementError(f"a combined Howell-Bofors Mitchell has sessions 1-3, not {session!r}")
    h_group, ns_group, ew_group = (groups[i] for i in _ROLES[session])
    s = len(h_group)
    part_h = howell(s + 1, boards_per_round)
    part_m = mitchell(s, boards_per_round, arrow_switch=arrow_switch)
    h_tables = (s + 1) // 2

    def in_howell(pair: int) -> int:
        return pairs if pair == s + 1 else h_group[pair - 1]

    def in_mitchell(pair: int) -> int:
        return ns_group[pair - 1] if pair <= s else ew_group[pair - s - 1]

    lines = [
        MovementEntry(e.round, e.table, in_howell(e.ns), in_howell(e.ew), e.boards)
        for e in part_h.entries
    ] + [
        MovementEntry(
            e.round, h_tables + e.table, in_mitchell(e.ns), in_mitchell(e.ew), e.boards, e.switched
        )
        for e in part_m.entries
    ]
    params: list[tuple[str, str | int | bool | tuple[int, ...]]] = [
        ("pairs", pairs),
        ("session", session),
        ("boards_per_round", boards_per_round),
    ]
    if arrow_switch is not ArrowSwitch.BALANCED:
        params.append(("arrow_switch", arrow_switch.value))
    return Movement(
        name=f"Howell-Bofors {pairs} pairs, session {session}: Howell {h_group[0]}-"
        f"{h_group[-1]} & {pairs}, Mitchell NS {ns_group[0]}-{ns_group[-1]}, "
        f"EW {ew_group[0]}-{ew_group[-1]}, {s} x {boards_per_round} boards",
        kind=MovementKind.HOWELL,
        entries=tuple(lines),
        pairs=tuple(range(1, pairs + 1)),
        spec=MovementSpec("howell-bofors", tuple(params)),
    )


def _int_param(movement: Movement, name: str) -> int:
    value = movement.spec.get(name) if movement.spec else None
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise MovementError(f"movement {movement.name!r} has no {name}")
    return int(value)


def howell_bofors_plan(movement: Movement) -> MeetingPlan:
    """Everyone in the Howell group (with the fixed pair) once; every NS pair of the
    Mitchell meets every EW pair of it once."""
    pairs, session = _int_param(movement, "pairs"), _int_param(movement, "session")
    groups = howell_bofors_groups(pairs)
    h_group, ns_group, ew_group = (groups[i] for i in _ROLES[session])
    return MeetingPlan(
        f"the Howell group {h_group[0]}-{h_group[-1]} with pair {pairs} meets all its pairs "
        f"once; Mitchell NS {ns_group[0]}-{ns_group[-1]} meets every EW pair "
        f"{ew_group[0]}-{ew_group[-1]} once",
        groups=((*h_group, pairs),),
        outside=0,
        between=((ns_group, ew_group),),
    )


def event_meetings(movements: Sequence[Movement]) -> Counter[tuple[int, int]]:
    """How often each couple of pairs (low, high) meets over all the sessions' movements
    (a pair keeps its number from session to session)."""
    met: Counter[tuple[int, int]] = Counter()
    for movement in movements:
        for e in movement.entries:
            met[(min(e.pairs), max(e.pairs))] += 1
    return met


def combination_problems(movements: Sequence[Movement]) -> list[str]:
    """What keeps a combined Howell-Bofors event from the seed's promise: all three
    sessions, the same number of pairs, everyone meeting everyone once."""
    parts = [m for m in movements if m.spec is not None and m.spec.type == "howell-bofors"]
    if not parts:
        return []
    sizes = sorted({_int_param(m, "pairs") for m in parts})
    sessions = sorted(_int_param(m, "session") for m in parts)
    problems = []
    if len(sizes) > 1:
        problems.append(
            f"the Howell-Bofors sessions are for different numbers of pairs "
            f"({', '.join(map(str, sizes))}); use one"
        )
    if sessions != [1, 2, 3]:
        problems.append(
            f"a combined Howell-Bofors Mitchell is played as sessions 1, 2 and 3, once each; "
            f"this event has session(s) {', '.join(map(str, sessions))}"
        )
    if not problems:
        met = event_meetings(parts)
        pairs = sizes[0]
        wrong = [
            (p, q, met[(p, q)])
            for p in range(1, pairs + 1)
            for q in range(p + 1, pairs + 1)
            if met[(p, q)] != 1
        ]
        if wrong:
            shown = ", ".join(f"{p}-{q} ({n}x)" for p, q, n in wrong[:12])
            problems.append(
                f"over the three sessions {len(wrong)} couple(s) do not meet once: {shown}"
            )
    return problems
