"""Who must meet whom in a movement, as the seed's form defines it (seed 004 "Tävlingsformer").

A Howell meets everyone once; the other forms of the seed promise something narrower, and
``event check`` must test exactly that promise:

- an interwoven Howell: everyone in the pair's own group once, at most one pair of the
  other group (odd table count: one, met at the cross table);
- an extended Mitchell: nobody twice (the extra rounds bring new opponents);
- the team forms (team Mitchell, odd-team schedules, double Howell): every couple of teams
  plays exactly one match, and no pair meets another pair twice.

A form states its promise as a ``MeetingPlan``; ``meeting_problems`` checks a movement
against it. Which form has which plan is listed in ``scoring.movements.seed_forms``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass

from scoring.movement import Movement, MovementEntry
from scoring.movements.teams import team_matches

__all__ = ["MeetingPlan", "meeting_counts", "meeting_problems", "team_meetings", "teams_once_plan"]


@dataclass(frozen=True)
class MeetingPlan:
    """The meetings a form promises.

    ``groups``: inside each group every two playing pairs meet exactly once.
    ``outside``: the most pairs outside its group a pair of a group may meet (None: not
    limited).
    ``between``: couples of groups whose pairs all meet each other once (a Mitchell's NS and
    EW fields).
    ``teams_once``: every two teams play exactly one match (team forms).
    No two pairs ever meet twice, whatever the plan.
    ``summary`` says it in the director's words; ``event check`` prints it.
    """

    summary: str
    groups: tuple[tuple[int, ...], ...] = ()
    outside: int | None = None
    between: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()
    teams_once: bool = False


def teams_once_plan(movement: Movement) -> MeetingPlan:
    """The team forms' promise: one match against every other team, no pair met twice."""
    return MeetingPlan(
        "every team plays every other team once (one match: the same boards at two tables, "
        "each team NS at one and EW at the other); no pair meets another twice",
        teams_once=True,
    )


def team_meetings(movement: Movement) -> Counter[tuple[int, int]]:
    """How many matches each couple of teams plays (lines on the same boards, two teams)."""
    return Counter(match.teams for match in team_matches(movement))


def meeting_counts(
    movement: Movement,
) -> tuple[Counter[tuple[int, int]], dict[tuple[int, int], list[MovementEntry]]]:
    """How often each couple of pairs (low, high) meets, and the lines where it does."""
    met: Counter[tuple[int, int]] = Counter()
    lines: dict[tuple[int, int], list[MovementEntry]] = defaultdict(list)
    for e in movement.entries:
        key = (min(e.pairs), max(e.pairs))
        met[key] += 1
        lines[key].append(e)
    return met, lines


def meeting_problems(
    movement: Movement, plan: MeetingPlan
) -> list[tuple[str, str, tuple[MovementEntry, ...]]]:
    """(code, message, lines) for every way ``movement`` breaks ``plan`` (all errors)."""
    problems: list[tuple[str, str, tuple[MovementEntry, ...]]] = []
    met, lines = meeting_counts(movement)
    for key in sorted(k for k, n in met.items() if n > 1):
        problems.append(
            (
                "pairs-meet-twice",
                f"pairs {key[0]} and {key[1]} meet {met[key]} times",
                tuple(lines[key]),
            )
        )
    playing = {p for p in movement.pairs if movement.entries_of_pair(p)}
    group_of: dict[int, int] = {}
    for index, group in enumerate(plan.groups):
        members = [p for p in group if p in playing]
        missing = [
            (p, q) for i, p in enumerate(members) for q in members[i + 1 :] if not met[(p, q)]
        ]
        if missing:
            shown = ", ".join(f"{p}-{q}" for p, q in missing[:12])
            more = f" and {len(missing) - 12} more" if len(missing) > 12 else ""
            problems.append(
                (
                    "pairs-never-meet",
                    f"{len(missing)} couple(s) of group {index + 1} never meet: {shown}{more}",
                    (),
                )
            )
        for p in group:
            group_of[p] = index
    if plan.outside is not None and plan.groups:
        for pair in sorted(p for p in playing if p in group_of):
            mine = group_of[pair]
            others = sorted(q for q in movement.opponents_of(pair) if group_of.get(q) != mine)
            if len(others) > plan.outside:
                problems.append(
                    (
                        "meets-other-group",
                        f"pair {pair} meets {len(others)} pairs of another group "
                        f"({', '.join(map(str, others))}); the form allows {plan.outside}",
                        tuple(movement.entries_of_pair(pair)),
                    )
                )
    for first, second in plan.between:
        unmet = [(p, q) for p in first for q in second if p in playing and q in playing]
        unmet = [(p, q) for p, q in unmet if not met[(min(p, q), max(p, q))]]
        if unmet:
            shown = ", ".join(f"{p}-{q}" for p, q in unmet[:12])
            more = f" and {len(unmet) - 12} more" if len(unmet) > 12 else ""
            problems.append(
                (
                    "pairs-never-meet",
                    f"{len(unmet)} couple(s) of pairs {first[0]}-{first[-1]} and "
                    f"{second[0]}-{second[-1]} never meet: {shown}{more}",
                    (),
                )
            )
    if plan.teams_once and movement.teams:
        matches = team_meetings(movement)
        numbers = sorted(t.team for t in movement.teams)
        never = [
            (a, b) for i, a in enumerate(numbers) for b in numbers[i + 1 :] if not matches[(a, b)]
        ]
        if never:
            shown = ", ".join(f"{a}-{b}" for a, b in never[:12])
            problems.append(
                ("teams-never-meet", f"{len(never)} couple(s) of teams never meet: {shown}", ())
            )
        for (a, b), n in sorted(matches.items()):
            if n > 1:
                problems.append(("teams-meet-twice", f"teams {a} and {b} play {n} matches", ()))
    return problems
