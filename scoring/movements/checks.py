"""Checks every movement must pass, generated or imported (seed 004 "Tävlingsformer").

- a pair plays at most one line per round and each board at most once;
- every board is played the same number of times (otherwise Neuberg must factor, so this
  is a warning, not an error), and every line plays the same number of boards;
- a Howell meets everyone exactly once when played to the end, and nobody twice when
  stopped early or reduced; a form with its own promise (``scoring.movements.meetings``)
  is held to that promise;
- an arrow-switched Mitchell or a Howell forms one comparison field, so all pairs can be
  compared and there is one winner (a pure Mitchell has two, seed 004 section 5).

Every problem names the guide-card lines it concerns, so an importer can point at rows.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from scoring.movement import Movement, MovementEntry, MovementError, MovementKind
from scoring.movements.individual import INDIVIDUAL_FORMS
from scoring.movements.meetings import meeting_counts, meeting_problems
from scoring.movements.seed_forms import meeting_plan

__all__ = [
    "Severity",
    "MovementProblem",
    "check_movement",
    "validate_movement",
    "comparison_fields",
]


class Severity(Enum):
    """ERROR: the movement cannot be scored as written. WARNING: it can, but look."""

    ERROR = "error"
    WARNING = "warning"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class MovementProblem:
    """One thing wrong with a movement, with the guide-card lines involved."""

    code: str
    severity: Severity
    message: str
    entries: tuple[MovementEntry, ...] = ()


def comparison_fields(movement: Movement) -> tuple[frozenset[int], ...]:
    """Groups of pairs that can be ranked together.

    Two pairs are compared directly when they play a board in the same direction; a
    field is a connected group under that relation. A pure Mitchell gives two fields (NS
    and EW); an arrow-switched Mitchell and a Howell give one. Pairs that never play form
    no field. Fields are sorted by their lowest pair number.
    """
    parent: dict[int, int] = {}

    def find(p: int) -> int:
        parent.setdefault(p, p)
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    for board in movement.boards:
        plays = movement.plays_of(board)
        for side in (0, 1):
            seated = [e.pairs[side] for e in plays]
            for p in seated:
                find(p)
            for p in seated[1:]:
                parent[find(p)] = find(seated[0])
    groups: dict[int, set[int]] = defaultdict(set)
    for p in list(parent):
        groups[find(p)].add(p)
    return tuple(sorted((frozenset(g) for g in groups.values()), key=min))


def check_movement(
    movement: Movement,
    *,
    require_all_meet: bool | None = None,
    require_one_field: bool | None = None,
) -> tuple[MovementProblem, ...]:
    """Every problem of ``movement``, errors first, in a stable order.

    ``require_all_meet`` defaults to True for a Howell played to the end;
    ``require_one_field`` defaults to
    True for a Howell and for any movement with arrow-switched lines.
    """
    # A form of the seed with its own promise (interwoven Howell, team forms...) is held to
    # that promise instead of "everyone meets everyone" (scoring.movements.seed_forms).
    plan = meeting_plan(movement)
    if require_all_meet is None:
        # A Howell stopped early (its spec gives rounds) is not meant to meet everyone.
        stopped = movement.spec is not None and movement.spec.get("rounds") is not None
        require_all_meet = movement.kind is MovementKind.HOWELL and not stopped and plan is None
    if require_one_field is None:
        # An individual movement's partnerships play one round each: the players, not the
        # partnerships, are ranked (scoring.movements.individual), so fields do not apply.
        individual = movement.spec is not None and movement.spec.type in INDIVIDUAL_FORMS
        require_one_field = not individual and (
            movement.kind is MovementKind.HOWELL or movement.arrow_switched
        )
    problems: list[MovementProblem] = []
    problems += _pair_twice_in_a_round(movement)
    problems += _board_replayed(movement)
    problems += _board_at_two_tables(movement)
    problems += _uneven(movement)
    problems += _idle_pairs(movement)
    if require_all_meet or (movement.kind is MovementKind.HOWELL and plan is None):
        # Nobody meets twice in any Howell (full, stopped early or reduced); a form with its
        # own promise says itself whom a pair meets how often.
        problems += _meetings(movement, all_meet=require_all_meet)
    if plan is not None:
        problems += [
            MovementProblem(code, Severity.ERROR, message, lines)
            for code, message, lines in meeting_problems(movement, plan)
        ]
    if require_one_field:
        fields = comparison_fields(movement)
        if len(fields) > 1:
            names = "; ".join(_numbers(sorted(f)) for f in fields)
            problems.append(
                MovementProblem(
                    "not-comparable",
                    Severity.ERROR,
                    f"the pairs fall into {len(fields)} groups that are never compared "
                    f"({names}); arrow-switch some rounds so all pairs can be ranked together",
                )
            )
    order = {Severity.ERROR: 0, Severity.WARNING: 1}
    return tuple(sorted(problems, key=lambda p: order[p.severity]))


def validate_movement(movement: Movement, **options: bool | None) -> Movement:
    """Return ``movement`` if it has no errors, else raise MovementError listing them."""
    errors = [p for p in check_movement(movement, **options) if p.severity is Severity.ERROR]
    if errors:
        lines = "\n".join(f"  [{p.code}] {p.message}" for p in errors)
        raise MovementError(f"movement {movement.name!r} cannot be played:\n{lines}")
    return movement


def _pairs_on_several_lines(
    entries: Iterable[MovementEntry],
) -> list[tuple[int, list[MovementEntry]]]:
    """Each pair that sits on more than one of ``entries``, with those lines, by pair."""
    where: dict[int, list[MovementEntry]] = defaultdict(list)
    for e in entries:
        where[e.ns].append(e)
        where[e.ew].append(e)
    return [(pair, lines) for pair, lines in sorted(where.items()) if len(lines) > 1]


def _pair_twice_in_a_round(movement: Movement) -> list[MovementProblem]:
    problems = []
    for round_ in movement.rounds:
        for pair, lines in _pairs_on_several_lines(movement.entries_in_round(round_)):
            tables = ", ".join(str(e.table) for e in lines)
            problems.append(
                MovementProblem(
                    "pair-twice-in-round",
                    Severity.ERROR,
                    f"pair {pair} is at tables {tables} in round {round_}",
                    tuple(lines),
                )
            )
    return problems


def _board_replayed(movement: Movement) -> list[MovementProblem]:
    problems = []
    for board in movement.boards:
        for pair, lines in _pairs_on_several_lines(movement.plays_of(board)):
            rounds = ", ".join(str(e.round) for e in lines)
            problems.append(
                MovementProblem(
                    "board-replayed",
                    Severity.ERROR,
                    f"pair {pair} plays board {board} more than once (rounds {rounds})",
                    tuple(lines),
                )
            )
    return problems


def _board_at_two_tables(movement: Movement) -> list[MovementProblem]:
    """The same board at two tables in one round must be shared (a relay), so the two
    tables must play the same boards: otherwise the guide card has a typo."""
    problems = []
    for board in movement.boards:
        by_round: dict[int, list[MovementEntry]] = defaultdict(list)
        for e in movement.plays_of(board):
            by_round[e.round].append(e)
        for round_, lines in sorted(by_round.items()):
            if len(lines) > 1 and len({e.boards for e in lines}) > 1:
                tables = ", ".join(str(e.table) for e in lines)
                problems.append(
                    MovementProblem(
                        "board-split",
                        Severity.ERROR,
                        f"board {board} is at tables {tables} in round {round_} but those "
                        "tables do not share the same boards",
                        tuple(lines),
                    )
                )
    return problems


def _uneven(movement: Movement) -> list[MovementProblem]:
    problems = []
    sizes = Counter(len(e.boards) for e in movement.entries)
    if len(sizes) > 1:
        usual = sizes.most_common(1)[0][0]
        odd = tuple(e for e in movement.entries if len(e.boards) != usual)
        problems.append(
            MovementProblem(
                "uneven-boards-per-round",
                Severity.WARNING,
                f"most lines play {usual} boards but {len(odd)} line(s) play another number",
                odd,
            )
        )
    played = Counter({b: movement.times_played(b) for b in movement.boards})
    counts = Counter(played.values())
    if len(counts) > 1:
        usual = counts.most_common(1)[0][0]
        odd_boards = sorted(b for b, n in played.items() if n != usual)
        detail = ", ".join(f"{b} ({played[b]}x)" for b in odd_boards)
        problems.append(
            MovementProblem(
                "uneven-board-plays",
                Severity.WARNING,
                f"most boards are played {usual} times but {detail}; Neuberg will factor them",
                tuple(e for b in odd_boards for e in movement.plays_of(b)),
            )
        )
    return problems


def _idle_pairs(movement: Movement) -> list[MovementProblem]:
    idle = [p for p in movement.pairs if not movement.entries_of_pair(p)]
    if not idle:
        return []
    return [
        MovementProblem(
            "pair-never-plays",
            Severity.WARNING,
            f"pair(s) {_numbers(idle)} are in the section but never play",
        )
    ]


def _meetings(movement: Movement, *, all_meet: bool) -> list[MovementProblem]:
    problems = []
    met, lines = meeting_counts(movement)
    playing = [p for p in movement.pairs if movement.entries_of_pair(p)]
    missing = [(p, q) for i, p in enumerate(playing) for q in playing[i + 1 :] if met[(p, q)] == 0]
    twice = sorted(k for k, n in met.items() if n > 1)
    if missing and all_meet:
        shown = ", ".join(f"{p}-{q}" for p, q in missing[:12])
        more = f" and {len(missing) - 12} more" if len(missing) > 12 else ""
        problems.append(
            MovementProblem(
                "pairs-never-meet",
                Severity.ERROR,
                f"{len(missing)} couple(s) of pairs never meet: {shown}{more}",
            )
        )
    for key in twice:
        problems.append(
            MovementProblem(
                "pairs-meet-twice",
                Severity.ERROR,
                f"pairs {key[0]} and {key[1]} meet {met[key]} times",
                tuple(lines[key]),
            )
        )
    return problems


def _numbers(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)
