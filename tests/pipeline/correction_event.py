"""A small two-session event worked by hand, for the correction-period tests.

Session 1 is the 7-pair Tuesday evening of ``test_club_evening`` (its docstring works every
board; the artificial A60/40 in whole matchpoints, 3 and 1): top 4, totals pair 1 5.0/24,
2 13.5/24, 3 17.5/24, 4 7.5/20, 5 9/20, 6 10.5/24, 7 17.0/24.

Session 2, a week later: pairs 1-4 in a 2-table Howell, one board a round, each board played
twice: N = 2, top = 2(2-1) = 2 on the 2-1-0 scale; every pair plays 3 boards (maximum 6).
  B1 (none vul): 4-1 4S N = +420;  2-3 4S N +1 +450 -> NS 2 2 / EW 3 0; NS 4 0 / EW 1 2
  B2 (NS vul):   4-2 3NT S = +600; 3-1 3NT S -1 -100 -> NS 4 2 / EW 2 0; NS 3 0 / EW 1 2
  B3 (EW vul):   4-3 2H E = -110;  1-2 2H E = -110   -> a tie: NS 4 1 / EW 3 1; NS 1 1 / EW 2 1
  pair 1: 2 + 2 + 1 = 5 (83.33%)   pair 2: 2 + 0 + 1 = 3 (50%)
  pair 3: 0 + 0 + 1 = 1 (16.67%)   pair 4: 0 + 2 + 1 = 3 (50%)     (sum 12 = 3 boards x 4)
  Ranking: 1 pair 1; 2-3 pairs 2 and 4; 4 pair 3.
Swedish silver points (``--masterpoints silver``, seed 004): a quarter of the pairs get points,
rounded up; session 2, 4 pairs: 1 place, the winner's figure = 4 pairs -> pair 1: 4 each.
Session 1, 7 pairs: 2 places, 7 and ceil(2/3 x 7) = 5: pair 3 (72.92%) 7, pair 7 (70.83%) 5.

Leveling (rules.md §8): target top = the larger top, 4; session 2 is multiplied by 4/2 = 2,
its maximum per board is 4. Overall = session 1 points + 2 x session 2 points, ranked by total:
  pair 1: 5.0 + 10 = 15.0 / 36 = 41.67%     pair 2: 13.5 + 6 = 19.5 / 36 = 54.17%
  pair 3: 17.5 + 2 = 19.5 / 36 = 54.17%     pair 4: 7.5 + 6 = 13.5 / 32 = 42.19%
  pair 5: 9 / 20 = 45%   pair 6: 10.5 / 24 = 43.75%   pair 7: 17.0 / 24 = 70.83%
  Places: 1-2 pairs 2 and 3 (19.5), 3 pair 7 (17.0), 4 pair 1 (15.0), 5 pair 4 (13.5),
  6 pair 6 (10.5), 7 pair 5 (9).

Everything is published at 21:40 Stockholm time (20:40 UTC) on 24 November 2026: both
sessions official, correction period 30 minutes, until 22:10 (21:10 UTC).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from tests.pipeline.results.test_club_evening import EVENT_YAML as CLUB_EVENT_YAML

PUBLISHED = datetime(2026, 11, 24, 20, 40, tzinfo=UTC)  # 21:40 in Stockholm
DEADLINE = datetime(2026, 11, 24, 21, 10, tzinfo=UTC)  # 22:10 in Stockholm

# Session 1 is test_club_evening's evening as its event file has it; session 2 adds the same
# pairs 1-4 a week later, in the event's own time zone.
_PAIRS_1_TO_4 = "".join(
    line + "\n"
    for line in CLUB_EVENT_YAML.splitlines()
    if line.strip().startswith(tuple(f"- {{number: {n}," for n in range(1, 5)))
)

EVENT_YAML = (
    CLUB_EVENT_YAML.replace(
        "  organizer: BK Testklubben\n",
        "  organizer: BK Testklubben\n  time_zone: Europe/Stockholm\n",
    )
    + """\
  - number: 2
    name: Tuesday 24 November
    date: 2026-11-24
    sections:
      - name: A
        movement: {type: howell, pairs: 4, boards_per_round: 1}
        pairs:
"""
    + _PAIRS_1_TO_4
)

HEADER = "Board;Round;Table;NS;EW;Contract;Declarer;Result;NS score;EW score;Adjusted\n"

SESSION_1 = (
    HEADER
    + """\
1;4;3;6;2;4S;N;=;420;;
1;6;2;7;5;4S;N;+1;450;;
1;7;4;4;3;3S;S;+1;170;;
2;5;3;7;3;3NT;N;=;600;;
2;7;2;1;6;3NT;S;-1;;100;
3;1;2;2;7;2H;E;=;;110;
3;6;3;1;4;2H;E;+1;;140;
3;2;4;6;5;;;;;;A60/40
4;2;2;3;1;4S;N;=;620;;
4;7;3;2;5;4S;N;-1;;100;
4;3;4;7;6;4S;N;=;620;;+620/+170
5;1;3;3;6;1NT;S;+1;120;;
5;3;2;4;2;2S;E;=;;110;
5;4;4;1;7;1NT;S;=;90;;
6;2;3;4;7;PASS;;;;;
6;4;2;5;3;2D;W;-1;100;;
6;5;4;2;1;3C;N;=;110;;
7;3;3;5;1;3NT;W;=;;600;
7;5;2;6;4;3NT;W;+1;;630;
7;6;4;3;2;4S;W;-1;100;;
"""
)

SESSION_2 = (
    HEADER
    + """\
1;1;1;4;1;4S;N;=;420;;
1;1;2;2;3;4S;N;+1;450;;
2;2;1;4;2;3NT;S;=;600;;
2;2;2;3;1;3NT;S;-1;;100;
3;3;1;4;3;2H;E;=;;110;
3;3;2;1;2;2H;E;=;;110;
"""
)


def write_event(folder: Path, event_yaml: str = EVENT_YAML) -> tuple[Path, list[str]]:
    """The event file and the two typed sessions in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    event = folder / "event.yaml"
    event.write_text(event_yaml, encoding="utf-8")
    (folder / "s1.csv").write_text(SESSION_1, encoding="utf-8")
    (folder / "s2.csv").write_text(SESSION_2, encoding="utf-8")
    return event, [str(folder / "s1.csv"), str(folder / "s2.csv")]


def iso(moment: datetime) -> str:
    """``BRIDGESCAN_NOW`` text for a moment."""
    return moment.isoformat()
