"""What a director should know before sessions of one event are ranked together.

The sessions of a matchpoint event are levelled and added up by pair number (rules.md §8;
``pipeline.results.pairs.level``): pair 5 of session 2 is taken to be pair 5 of session 1.
A combined event (seed 004 "Kombinerade tävlingar") keeps its numbers on purpose, but an
event file whose pair 5 is somebody else in session 2 would add two pairs' results up as
one. A substitute for one player is normal; a pair with no player in common is named.
"""

from __future__ import annotations

from scoring.event import Event, Pair

__all__ = ["other_pairs_under_one_number"]


def _players(pair: Pair) -> set[str]:
    return {p.member_number or p.name.casefold() for p in pair.players}


def other_pairs_under_one_number(event: Event) -> list[str]:
    """A line per pair number that stands for pairs with no player in common in two
    sessions (the first such session against the number's first appearance)."""
    first: dict[int, tuple[int, Pair]] = {}
    notes = []
    for session in event.sessions:
        for section in session.sections:
            for pair in section.pairs:
                if pair.number not in first:
                    first[pair.number] = (session.number, pair)
                    continue
                where, earlier = first[pair.number]
                if where != session.number and not _players(earlier) & _players(pair):
                    notes.append(
                        f"pair {pair.number} is {earlier.names} in session {where} but "
                        f"{pair.names} in session {session.number}: the ranking adds their "
                        "results up as one pair"
                    )
                    first[pair.number] = (session.number, pair)
    return notes
