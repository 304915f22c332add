"""Invariants of the published results over randomly played sessions (hypothesis).

For any evening the generator plays on a Howell: every plain line's NS + EW equals the top
(Law 78A), a pair's total is the sum of its matchpoints on the traveller lines (no sit-out
credit, no penalties by default), places never go down the list, and the workbook, the JSON
and the score cards say the same numbers.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.doors.session_input import SessionInput
from pipeline.publish.results_json import results_to_json
from pipeline.publish.workbook import build_workbook
from pipeline.results.event import score_event
from sample_data.generate import play_session
from scoring.event import Event, EventKind, Pair, Player, Section, Session
from scoring.movements import howell
from tests.hypothesis_profiles import draws
from tests.pipeline.workbook_blocks import block


def _event(pairs: int) -> Event:
    section = Section(
        "A",
        tuple(Pair(n, (Player(f"P{n}a"), Player(f"P{n}b"))) for n in range(1, pairs + 1)),
        howell(pairs, 1),
    )
    return Event("Random evening", EventKind.PAIRS_MATCHPOINTS, (Session(1, (section,)),))


@settings(max_examples=draws(12))
@given(seed=st.integers(0, 10**6), pairs=st.sampled_from([5, 6, 7, 8]))
def test_published_numbers_hold_together(seed: int, pairs: int) -> None:
    event = _event(pairs)
    movement = event.sessions[0].sections[0].movement
    rng = random.Random(seed)
    rows = play_session(movement, rng)
    if rows and rng.random() < 0.5:
        rows.pop(rng.randrange(len(rows)))  # sometimes a missing result
    results = score_event(event, [SessionInput(1, tuple(rows))], with_masterpoints=False)
    (session,) = results.sessions
    # A correctly played evening passes validation and the director's control sums.
    assert not results.blocking_findings, results.blocking_findings
    totals: dict[int, Fraction] = {}
    for board in session.boards:
        for line in board.lines:
            if line.not_played:
                continue
            assert line.ns_mp is not None and line.ew_mp is not None
            if not line.factored:
                assert line.ns_mp + line.ew_mp == board.top
            totals[line.ns_pair] = totals.get(line.ns_pair, Fraction(0)) + line.ns_mp
            totals[line.ew_pair] = totals.get(line.ew_pair, Fraction(0)) + line.ew_mp
    assert {s.pair: s.points for s in session.standings} == totals
    firsts = [int(s.place.split("-")[0]) for s in session.standings]
    assert firsts == sorted(firsts)
    percents = [s.percent for s in session.standings]
    assert percents == sorted(percents, reverse=True)
    data = json.loads(results_to_json(results))
    assert [Fraction(r["total_exact"]) for r in data["sessions"][0]["ranking"]] == [
        s.points for s in session.standings
    ]
    workbook = build_workbook(results)
    for standing in session.standings:
        card = block(workbook["Score cards"], f"Pair {standing.pair}:")
        boards = next(r for r in card.rows if r[8] == "Boards")
        assert Fraction(boards[9]).limit_denominator(1000) == (standing.points)
