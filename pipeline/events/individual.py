"""An individual section of an event file (seed 004 "Individuellt"; docs/events-and-movements.md).

Instead of ``pairs:`` an individual section lists its ``players:`` by number, and its
movement is an individual one::

    sections:
      - name: A
        movement: {type: individual-howell, players: 8, boards_per_round: 3}
        players:
          - {number: 1, name: Anna Ahl, member: "101"}
          - {number: 2, name: Bo Berg}
          - ...

The section the rest of bridgescan sees has the movement's partnerships as its pairs
(``scoring.movements.individual``: the line's N-S pair 2i - 1, E-W pair 2i), each with its
two players, so travellers, validation and matchpoints work unchanged, and the results
credit each player with the matchpoints of the side they sat on
(``pipeline.results.individual``).
"""

from __future__ import annotations

from collections.abc import Sequence

from ocr.marked_yaml import Loc
from pipeline.events.event_places import Places
from pipeline.events.event_schema import IndividualPlayerEntry
from scoring.event import EventError, EventKind, Pair, Player, Section, Session
from scoring.movement import Movement, MovementError
from scoring.movements import validate_movement
from scoring.movements.individual import INDIVIDUAL_FORMS, individual_meetings
from scoring.movements.spec import individual_of

__all__ = [
    "check_individual_event",
    "describe_individual",
    "player_numbers",
    "players_data",
    "read_individual_section",
    "read_numbered_players",
]


def read_numbered_players(
    entries: Sequence[IndividualPlayerEntry], places: Places, loc: Loc
) -> dict[int, Player]:
    """``players:`` as ``{number, name, member}`` items; a number given twice is named."""
    players: dict[int, Player] = {}
    for i, entry in enumerate(entries):
        if entry.number in players:
            raise places.error((*loc, i, "number"), f"player number {entry.number} appears twice")
        try:
            players[entry.number] = Player(entry.name, entry.member or None)
        except EventError as error:
            raise places.place((*loc, i), error) from None
    return players


def read_individual_section(
    name: str,
    movement: Movement,
    entries: Sequence[IndividualPlayerEntry],
    places: Places,
    loc: Loc,
) -> Section:
    """The section of an individual at ``loc``: its players checked against the movement's,
    its pairs the movement's partnerships."""
    players_loc = (*loc, "players")
    if movement.spec is None or movement.spec.type not in INDIVIDUAL_FORMS:
        raise places.error(
            players_loc,
            "a section lists players only with an individual movement "
            f"({', '.join(INDIVIDUAL_FORMS)}); a pairs section lists pairs",
        )
    schedule = individual_of(movement)
    assert schedule is not None  # the spec type is individual
    players = read_numbered_players(entries, places, players_loc)
    keys: dict[str, int] = {}
    for number, player in players.items():
        if player.key in keys:
            raise places.error(
                players_loc,
                f"{player.name} is players {keys[player.key]} and {number}: one number a player",
            )
        keys[player.key] = number
    missing = sorted(set(schedule.players) - set(players))
    if missing:
        raise places.error(
            players_loc,
            f"the movement ({movement.name}) needs player(s) "
            f"{', '.join(str(n) for n in missing)}, which are not listed",
        )
    extra = sorted(set(players) - set(schedule.players))
    if extra:
        raise places.error(
            players_loc,
            f"player(s) {', '.join(str(n) for n in extra)} have no place in the movement "
            f"({movement.name}, players 1-{len(schedule.players)})",
        )
    pairs = tuple(
        Pair(number, (players[first], players[second]))
        for number, (first, second) in schedule.partnerships.items()
    )
    try:
        return Section(name, pairs, validate_movement(movement))
    except (EventError, MovementError) as error:
        raise places.error((*loc, "movement"), str(error)) from None


def player_numbers(section: Section) -> dict[str, int]:
    """Player key -> the player's number in an individual section (from its partnerships)."""
    schedule = individual_of(section.movement)
    if schedule is None:
        return {}
    numbers: dict[str, int] = {}
    for number, seats in schedule.partnerships.items():
        for player, seat in zip(section.pair(number).players, seats, strict=True):
            numbers.setdefault(player.key, seat)
    return numbers


def describe_individual(movement: Movement) -> list[str] | None:
    """What ``event check`` prints of an individual movement (None for a pairs movement):
    rounds, tables, boards, and the seed's promises counted over the players: partners at
    most once, who never meets whom, sit-outs and seats."""
    from itertools import combinations

    schedule = individual_of(movement)
    if schedule is None:
        return None
    meetings = individual_meetings(schedule)
    plays = sorted({movement.times_played(b) for b in movement.boards})
    couples = list(combinations(schedule.players, 2))
    partner_counts = sorted({meetings.partners[c] for c in couples})
    opponent_counts = sorted({meetings.opponents[c] for c in couples})
    never = meetings.never_met(schedule.players)
    rounds = sorted({t.round for t in schedule.tables})
    ns_rounds = sorted(
        {sum(1 for t in schedule.rounds_of(p) if p in (t.north, t.south)) for p in schedule.players}
    )
    lines = [
        f"  movement: {movement.name}",
        f"  rounds {len(rounds)}, tables {len({t.table for t in schedule.tables})}, "
        f"boards {movement.boards[0]}-{movement.boards[-1]} ({len(movement.boards)}), "
        f"each played {'/'.join(str(p) for p in plays)} times",
        f"  players {len(schedule.players)} (partnerships {len(schedule.partnerships)}): "
        f"every two are partners {'/'.join(str(c) for c in partner_counts)}x and opponents "
        f"{'/'.join(str(c) for c in opponent_counts)}x; "
        f"N-S in {'-'.join(str(n) for n in (ns_rounds[0], ns_rounds[-1]))} rounds",
        "  never meet: "
        + (", ".join(f"{a}-{b}" for a, b in never) if never else "none (everyone meets everyone)"),
    ]
    out = {
        r: [p for p in schedule.players if not any(t.round == r and p in t.players
                                                    for t in schedule.tables)]
        for r in rounds
    }  # fmt: skip
    if any(out.values()):
        shown = "; ".join(f"r{r}: {', '.join(map(str, s))}" for r, s in out.items() if s)
        lines.append(f"  sit-outs: {shown}")
    shared = {(t.round, t.boards) for t in schedule.tables}
    if len(shared) < len(schedule.tables):
        lines.append("  tables share a round's boards: duplicate them, or pass them between tables")
    lines += [f"  ERROR {problem}" for problem in meetings.problems]
    return lines


def check_individual_event(places: Places, kind: EventKind, sessions: tuple[Session, ...]) -> None:
    """An individual is a matchpoint event of individual sections only (seed 004: "I
    partävlingar och individuella tävlingar användes oftast toppscoreberäkning"); a mix
    would rank partnerships beside players."""
    sections = [section for session in sessions for section in session.sections]
    individual = [section.individual for section in sections]
    if not any(individual):
        return
    if not all(individual):
        raise places.error(
            ("sessions",),
            "every section of an individual event lists players (no pairs sections)",
        )
    if kind is not EventKind.PAIRS_MATCHPOINTS:
        raise places.error(
            ("event", "kind"),
            f"an individual is scored in matchpoints (kind: pairs-matchpoints), not {kind.value}",
        )


def players_data(section: Section) -> list[dict[str, object]]:
    """An individual section's ``players:`` as the event file writes them, by number."""
    people = {}
    numbers = player_numbers(section)
    for pair in section.pairs:
        for player in pair.players:
            people.setdefault(numbers[player.key], player)
    return [
        {"number": n, "name": p.name, **({"member": p.member_number} if p.member_number else {})}
        for n, p in sorted(people.items())
    ]
