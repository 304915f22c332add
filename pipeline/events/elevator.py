"""A Gröna Hissen evening in files (seed 004; the rule is ``scoring.movements.elevator``).

The event file names the form and records the draw:

    movement: {type: elevator, pairs: 12, boards_per_round: 2, rounds: 8, delay: 2,
               draw: 4711, file: pairings.csv}

Rounds 1..delay are drawn from ``draw``; every later round is paired on the standings after
the round ``delay`` rounds before it, and kept in ``file`` (a guide-card table: round,
table, NS, EW, boards) so the evening's movement is always what was printed. Between
rounds the director runs ``bridgescan event next-round FOLDER --out OUT``: it takes the
standings from the published results (OUT/results.json, the barometer "after round N"),
pairs the next round, writes it to ``file`` and prints the round's guide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from pipeline.events.guidecards import GuideCardError, load_guide_cards, write_guide_card_csv
from pipeline.results.model.event import EventResults
from scoring.movement import Movement, MovementEntry, MovementError, MovementKind, MovementSpec
from scoring.movements.checks import Severity, check_movement
from scoring.movements.elevator import (
    check_delay,
    drawn_rounds,
    elevator_pairing,
    elevator_problems,
    elevator_round,
)
from scoring.movements.spec import whole_number

__all__ = ["NextRound", "load_elevator", "standings_after", "pair_next_round"]


@dataclass(frozen=True)
class NextRound:
    """A round just paired: its lines, who sits out, and the standings it was paired on."""

    round: int
    lines: tuple[MovementEntry, ...]
    sitting_out: int | None
    after_round: int
    order: tuple[int, ...]


def load_elevator(spec: MovementSpec, base_dir: Path, section_pairs: Sequence[int]) -> Movement:
    """The rounds paired so far: the drawn ones and those in ``file``."""
    bpr = whole_number(spec, "boards_per_round")
    rounds = whole_number(spec, "rounds")
    delay = check_delay(whole_number(spec, "delay", 2))
    pairs = tuple(section_pairs) or tuple(range(1, whole_number(spec, "pairs") + 1))
    lines = list(drawn_rounds(pairs, bpr, delay, whole_number(spec, "draw")))
    file = spec.get("file")
    place = "the event file"
    if isinstance(file, str) and file and (base_dir / file).exists():
        place = file
        for entry in load_guide_cards(base_dir / file, pairs=pairs, spec=spec).entries:
            if entry.round <= delay:
                raise GuideCardError(
                    f"{place}: round {entry.round} is drawn (rounds 1-{delay} come from the "
                    "event file's draw); this file holds the rounds after them"
                )
            lines.append(entry)
    movement = Movement(
        name=f"Gröna Hissen {len(pairs)} pairs, {rounds} x {bpr} boards",
        kind=MovementKind.CUSTOM,
        entries=tuple(lines),
        pairs=pairs,
        spec=spec,
    )
    problems = elevator_problems(movement, bpr, rounds) + [
        p.message for p in check_movement(movement) if p.severity is Severity.ERROR
    ]
    if problems:
        raise GuideCardError("\n".join(f"{place}: {p}" for p in problems))
    return movement


def standings_after(
    results: EventResults, session: int, movement: Movement, last: int
) -> tuple[int, ...]:
    """The pairs in standing order after round ``last``: matchpoints of the boards of rounds
    1..``last`` as published, by percentage of the points they could score (a pair that
    sat out is not penalised), a shared place by pair number.

    In a barometer a round's boards are complete once played, so these are the figures the
    standings showed after that round, whatever was published since.
    """
    view = next((s for s in results.sessions if s.number == session), None)
    boards = {b for e in movement.entries if e.round <= last for b in e.boards}
    published = {b.board: b for b in view.boards} if view is not None else {}
    missing = sorted(boards - set(published))
    if missing:
        raise MovementError(
            f"the published results have no board {missing[0]}: score the slips of rounds "
            f"1-{last} (bridgescan run) before pairing round {last + 1}"
        )
    points: dict[int, Fraction] = {p: Fraction(0) for p in movement.pairs}
    most: dict[int, Fraction] = {p: Fraction(0) for p in movement.pairs}
    for board in boards:
        view_board = published[board]
        for line in view_board.lines:
            for pair, mp in ((line.ns_pair, line.ns_mp), (line.ew_pair, line.ew_mp)):
                if mp is not None and pair in points:
                    points[pair] += mp
                    most[pair] += view_board.top
    percent = {p: (points[p] / most[p] if most[p] else Fraction(1, 2)) for p in movement.pairs}
    return tuple(sorted(movement.pairs, key=lambda p: (-percent[p], p)))


def pair_next_round(
    event_file: Path, movement: Movement, results: EventResults, session: int = 1
) -> NextRound:
    """Pair the round after the last one paired, write it to the movement's file, and
    return it. Refused when every planned round is paired."""
    spec = movement.spec
    assert spec is not None and spec.type == "elevator"
    rounds = whole_number(spec, "rounds")
    delay = check_delay(whole_number(spec, "delay", 2))
    next_round = movement.rounds[-1] + 1
    if next_round > rounds:
        raise MovementError(f"every round of the event is paired ({rounds} rounds)")
    file = spec.get("file")
    if not isinstance(file, str) or not file:
        raise MovementError("movement elevator: file: names where the paired rounds are kept")
    after = next_round - delay
    order = standings_after(results, session, movement, after)
    met = {frozenset(e.pairs) for e in movement.entries}
    sat_out = {p for r in movement.rounds for p in movement.sitting_out(r)}
    new_opponents = str(spec.get("new_opponents", "no")).lower() in ("yes", "true", "1")
    pairing, out = elevator_pairing(order, met=met, sat_out=sat_out, new_opponents=new_opponents)
    bpr = whole_number(spec, "boards_per_round")
    lines = elevator_round(next_round, pairing, bpr)
    kept = [e for e in movement.entries if e.round > delay] + list(lines)
    written = Movement(movement.name, MovementKind.CUSTOM, tuple(kept), movement.pairs, spec=spec)
    write_guide_card_csv(written, event_file.parent / file)
    return NextRound(next_round, lines, out, after, order)
