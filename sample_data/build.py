"""Regenerate the sample events from a seed: ``python sample_data/build.py [--seed 2026]``.

Writes, reproducibly (same seed, same content):

- ``club-evening/event.yaml``: "Autumn pairs", two sessions of one event:
  session 1 a 7-table Howell for 13 pairs (pair 14 missing, so one pair sits out each round),
  13 rounds of 2 boards = 26 boards, each played 6 times (top 10); session 2 an 8-table Howell
  for 16 pairs, 15 rounds of 2 = 30 boards, each played 8 times (top 14): leveled by 1.4.
- ``club-evening/session1.xlsx``: session 1 typed into the generated entry workbook, with
  what real evenings have: a result never sent in (board 5), an artificial adjusted score
  A60/40 (board 9), a split assigned score +620/+170 (board 12), a passed-out board or two,
  and a score column written from the wrong side (board 17) that validation catches.
- ``club-evening/session2.csv``: session 2 as a plain CSV (semicolons, the other door), with
  a weighted assigned score "50% +420 50% +170" (board 3).
- ``teams-evening/event.yaml`` + ``teams-evening/teams.xlsx``: four teams, a round robin of
  three 6-board matches, scored in IMPs and WBF VPs.

Results are played by ``sample_data.generate`` (realistic contracts, Law 77 scores).
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import io
import random
import sys
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE.parent) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(HERE.parent))

from openpyxl import load_workbook  # noqa: E402

from pipeline.doors.entry import entry_workbook_for_session  # noqa: E402
from pipeline.events.eventfile_writer import dump_event  # noqa: E402
from pipeline.files import atomic_write, atomic_write_text  # noqa: E402
from sample_data.fill import fill_entry_workbook, typed  # noqa: E402
from sample_data.generate import names, play_session  # noqa: E402
from scoring.contract import format_result  # noqa: E402
from scoring.event import Event, EventKind, Pair, Player, Section, Session, Team  # noqa: E402
from scoring.movement import MovementSpec  # noqa: E402
from scoring.movements import build_movement  # noqa: E402
from scoring.traveller import TravellerRow  # noqa: E402

__all__ = ["build", "club_event", "teams_event", "DEFAULT_SEED", "IRREGULARITIES"]

DEFAULT_SEED = 2026

IRREGULARITIES = {
    "missing": 5,  # board whose first line is never entered
    "artificial": 9,  # board with A60/40 on its first line
    "split": 12,  # board with an assigned split score on its first line
    "score_error": 17,  # board whose first line has the score written for the wrong side
    "weighted": 3,  # session 2: a weighted assigned score on its first line
}


def _players(rng: random.Random, count: int, first_member: int) -> list[Player]:
    return [
        Player(name, str(first_member + 7 * index)) for index, name in enumerate(names(count, rng))
    ]


def _movement(**params: int) -> object:
    kind = str(params.pop("type"))
    return build_movement(MovementSpec(kind, tuple(params.items())))


def club_event(rng: random.Random) -> Event:
    """The two-session pairs event: pairs 1-13 play both sessions, 14-16 only the second."""
    players = _players(rng, 32, 104503)
    pairs = [Pair(n, (players[2 * n - 2], players[2 * n - 1])) for n in range(1, 17)]
    first = Section("A", tuple(pairs[:13]), _movement(type="howell", pairs=13, boards_per_round=2))
    second = Section("A", tuple(pairs), _movement(type="howell", pairs=16, boards_per_round=2))
    return Event(
        "Autumn pairs",
        EventKind.PAIRS_MATCHPOINTS,
        (
            Session(1, (first,), "Monday 16 November", dt.date(2026, 11, 16)),
            Session(2, (second,), "Thursday 19 November", dt.date(2026, 11, 19)),
        ),
        organizer="Bridgeklubben Väst",
        time_zone="Europe/Stockholm",
    )


def teams_event(rng: random.Random) -> Event:
    """Four teams of two pairs, three 6-board matches."""
    players = _players(rng, 16, 205001)
    pairs = tuple(Pair(n, (players[2 * n - 2], players[2 * n - 1])) for n in range(1, 9))
    teams = tuple(
        Team(k, name, (2 * k - 1, 2 * k))
        for k, name in enumerate(("Nordstjärnan", "Kvarnen", "Hamnen", "Ekorrarna"), start=1)
    )
    section = Section("A", pairs, _movement(type="teams", teams=4, boards_per_round=6), teams)
    return Event(
        "Friday teams",
        EventKind.TEAMS,
        (Session(1, (section,), "Friday 20 November", dt.date(2026, 11, 20)),),
        organizer="Bridgeklubben Väst",
        time_zone="Europe/Stockholm",
    )


def _first_line(rows: list[TravellerRow], board: int) -> TravellerRow:
    return next(r for r in rows if r.board == board)


def _session1_lines(rows: list[TravellerRow]) -> dict[tuple[int, int, int], dict[str, object]]:
    lines = {(r.board, r.ns_pair, r.ew_pair): typed(r) for r in rows}
    missing = _first_line(rows, IRREGULARITIES["missing"])
    del lines[(missing.board, missing.ns_pair, missing.ew_pair)]
    artificial = _first_line(rows, IRREGULARITIES["artificial"])
    lines[(artificial.board, artificial.ns_pair, artificial.ew_pair)] = {"adjusted": "A60/40"}
    split = _first_line(rows, IRREGULARITIES["split"])
    key = (split.board, split.ns_pair, split.ew_pair)
    lines[key] = {**lines[key], "adjusted": "+620/+170"}
    wrong = _first_line(rows, IRREGULARITIES["score_error"])
    key = (wrong.board, wrong.ns_pair, wrong.ew_pair)
    flipped = replace(wrong, written_score_ns=-(wrong.written_score_ns or 0) or 50)
    lines[key] = typed(flipped)
    return lines


def _session2_csv(rows: list[TravellerRow]) -> str:
    weighted = _first_line(rows, IRREGULARITIES["weighted"])
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\n")
    writer.writerow(
        ["Board", "Round", "Table", "NS", "EW", "Contract", "Declarer", "Result",
         "NS score", "EW score", "Adjusted"]
    )  # fmt: skip
    for row in rows:
        score = row.written_score_ns or 0
        contract = "Pass" if row.passed_out else str(row.contract)
        result = (
            ""
            if row.contract is None or row.tricks is None
            else format_result(row.contract, row.tricks)
        )
        adjusted = "50% +420 50% +170" if row is weighted else ""
        writer.writerow(
            [row.board, row.round, row.table, row.ns_pair, row.ew_pair, contract,
             "" if row.passed_out else str(row.declarer), result,
             score if score > 0 else "", -score if score < 0 else "", adjusted]
        )  # fmt: skip
    return buffer.getvalue()


def _write_entry(path: Path, event: Event, session: int, lines: dict) -> None:
    workbook = entry_workbook_for_session(event, session)
    buffer = io.BytesIO()
    workbook.save(buffer)
    buffer.seek(0)
    filled = load_workbook(buffer)
    fill_entry_workbook(filled, lines)
    # Fixed document times, so a rebuild with the same seed gives the same content.
    filled.properties.created = filled.properties.modified = dt.datetime(2026, 11, 16, 22, 0)
    atomic_write(path, lambda handle: filled.save(handle))


def build(out: Path = HERE, seed: int = DEFAULT_SEED) -> list[Path]:
    """Write every sample file under ``out``; returns the paths written."""
    rng = random.Random(seed)
    club = club_event(rng)
    teams = teams_event(rng)
    written = []
    folder = out / "club-evening"
    written.append(atomic_write_text(folder / "event.yaml", dump_event(club)))
    rows1 = play_session(club.session(1).sections[0].movement, rng)
    rows2 = play_session(club.session(2).sections[0].movement, rng)
    _write_entry(folder / "session1.xlsx", club, 1, _session1_lines(rows1))
    written.append(folder / "session1.xlsx")
    written.append(atomic_write_text(folder / "session2.csv", _session2_csv(rows2)))
    folder = out / "teams-evening"
    written.append(atomic_write_text(folder / "event.yaml", dump_event(teams)))
    rows_t = play_session(teams.session(1).sections[0].movement, rng)
    _write_entry(
        folder / "teams.xlsx", teams, 1, {(r.board, r.ns_pair, r.ew_pair): typed(r) for r in rows_t}
    )
    written.append(folder / "teams.xlsx")
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    for path in build(args.out, args.seed):
        print(path)


if __name__ == "__main__":
    main()
