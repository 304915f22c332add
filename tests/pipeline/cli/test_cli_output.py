"""Output that keeps every figure when nobody watches a terminal (issue 40, item 4).

The real command in a real process, its stdout a file or a pipe, as a cron job or a saved
log has it (no COLUMNS, no terminal); the scoring before it, what a script reads (CSV and
JSON, stdout and stderr apart) and a refusal's wording through the app in the test's
process. The sample's two sessions are scored through the
spreadsheet door, then one correction is made in the period: session 2, board 6, NS 4 vs
EW 10, "4S S +1 +450" corrected to "4S S =" (+420).

Board 6 of session 2 (sample_data/club-evening/session2.csv), NS scores: +170, -50, -50,
-100, +450, -50, +420, +420; eight results, top 14 on the 2-1-0 scale (Law 78A).
Before: +450 beats the seven others: NS 14, EW 0. After: +420 beats +170, the three -50s
and -100 (5 x 2 = 10) and ties the other two +420s (2 x 1): NS 12, EW 14 - 12 = 2.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from pipeline.cli import app
from tests.prefect_api import command_env

ROOT = Path(__file__).parents[3]
SAMPLE = ROOT / "sample_data" / "club-evening"
CORRECTION = ["--session", "2", "--board", "6", "--ns", "4", "--ew", "10", "--result", "=",
              "--score", "420", "--by", "Eva Berg", "--role", "scorer",
              "--reason", "4S made 10 tricks, not 11"]  # fmt: skip


def _env(tmp: Path) -> dict[str, str]:
    env = command_env(tmp / "prefect")
    env.pop("COLUMNS", None)  # as under cron: Rich's default would be 80 columns
    return env


def _command(*args: str) -> list[str]:
    return [sys.executable, "-c", "from pipeline.cli import main; main()", *args]


def _bridgescan(
    tmp: Path, *args: str, stdout: object = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(_command(*args), env=_env(tmp), stdout=stdout, stderr=subprocess.PIPE,
                          text=True, timeout=300, cwd=ROOT)  # fmt: skip


def _in_process(*args: str) -> Result:
    """The command through the Typer app in this process, for what it says (stdout and
    stderr apart) where the process itself is not the claim."""
    return CliRunner().invoke(app, list(args), prog_name="bridgescan", catch_exceptions=False)


def _reader_gone(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The command with its stdout a pipe whose reader has already left (`| head` that has
    read enough): every write meets a closed pipe."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return _bridgescan(tmp, *args, stdout=write_end)
    finally:
        os.close(write_end)


@pytest.fixture(scope="module")
def corrected(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sample scored (version 1) and corrected once (version 2); the correction's own
    output written to a file, as a saved log."""
    tmp = tmp_path_factory.mktemp("output")
    out = tmp / "out"
    scored = _in_process("score", str(SAMPLE / "event.yaml"), str(SAMPLE / "session1.xlsx"),
                         str(SAMPLE / "session2.csv"), "-o", str(out))  # fmt: skip
    assert scored.exit_code == 1, scored.stderr  # session 1 has a blocking score-mismatch
    log = tmp / "correct.log"
    with open(log, "w", encoding="utf-8") as file:
        done = _bridgescan(tmp, "correct", str(out), *CORRECTION, stdout=file)
    assert done.returncode == 0, done.stderr
    return out, log


def test_a_saved_log_keeps_every_figure_at_full_width(corrected: tuple[Path, Path]) -> None:
    _out, log = corrected
    text = log.read_text(encoding="utf-8")
    assert "…" not in text
    row = "| 2       | 6     | 4-10  | 4S S +1 +450 | 4S S = +420 | 14.0 -> 12.0   | 0.0 -> 2.0"
    assert row in text
    # Matchpoints and masterpoints are spelt out (Changes sheet and terminal alike).
    assert "NS matchpoints" in text and "| Masterpoints |" in text
    assert max(len(line) for line in text.splitlines()) > 80  # nothing folded to 80 columns
    assert "\x1b[" not in text  # no colour codes in a file


def test_scripts_read_the_change_report_as_json_and_the_versions_as_csv(
    corrected: tuple[Path, Path],
) -> None:
    out, _log = corrected
    shown = _in_process("versions", str(out), "--format", "csv")
    assert shown.exit_code == 0, shown.stderr
    rows = list(csv.DictReader(io.StringIO(shown.stdout)))
    assert [(r["Version"], r["Cause"], r["By"]) for r in rows] == [
        ("1", "score", "bridgescan score"),
        ("2", "correction 1 by Eva Berg (scorer)", "Eva Berg"),
    ]
    assert "Version 2, published" in shown.stderr  # the period lines: stderr, not the data
    # A second correction of the same line, back to +450, as JSON: the figures by hand above.
    again = _in_process("correct", str(out), *CORRECTION[:8], "--result", "+1",
                        "--score", "450", "--by", "Eva Berg", "--role", "scorer", "--reason",
                        "the first correction was wrong", "--format", "json")  # fmt: skip
    assert again.exit_code == 0, again.stderr
    data = json.loads(again.stdout)
    assert data["lines"] == [{"Session": "2", "Board": "6", "NS-EW": "4-10",
                              "Before": "4S S = +420", "After": "4S S +1 +450",
                              "NS matchpoints": "12.0 -> 14.0",
                              "EW matchpoints": "2.0 -> 0.0"}]  # fmt: skip
    assert {"Ranking", "Pair", "Points +/-", "% +/-", "Masterpoints"} <= set(data["pairs"][0])


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["versions", "{out}"], 0),
        (["audit", "show", "{out}"], 0),
        (["versions", "{out}", "--format", "json"], 0),
        (["audit", "verify", "{out}"], 0),
    ],
)
def test_a_reader_that_leaves_early_does_not_change_the_exit_code(
    corrected: tuple[Path, Path], tmp_path: Path, args: list[str], code: int
) -> None:
    out, _log = corrected
    done = _reader_gone(tmp_path, *(a.format(out=out) for a in args))
    assert done.returncode == code, done.stderr  # was 1, "waiting for the director"
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr


def test_a_command_whose_reader_leaves_still_finishes_its_work(tmp_path: Path) -> None:
    """`score ... | head`: the reader leaves at the first line, the results are still
    published and the exit code is the true one (1: session 1 has a blocking finding)."""
    out = tmp_path / "out"
    done = _reader_gone(tmp_path, "score", str(SAMPLE / "event.yaml"),
                        str(SAMPLE / "session1.xlsx"), str(SAMPLE / "session2.csv"),
                        "-o", str(out), "--format", "csv")  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert "PROVISIONAL" in done.stderr  # the status goes to stderr with --format csv
    assert (out / "versions" / "v0001" / "results.json").is_file()


TABLE_COMMANDS = (("run",), ("score",), ("correct",), ("versions",), ("audit", "show"),
                  ("entry", "check"), ("store", "info"), ("batch",), ("club", "members"),
                  ("club", "events"), ("compare",))  # fmt: skip

# One process asks every command above for its help, as `bridgescan COMMAND --help` would
# (the same entry point, argv and environment), a line of its own between them: the help of
# eleven commands for the price of one start-up.
_HELPS = (
    "import sys\n"
    "from pipeline.cli import main\n"
    "for command in sys.argv[1:]:\n"
    "    sys.argv = ['bridgescan', *command.split(), '--help']\n"
    "    try:\n"
    "        main()\n"
    "    except SystemExit as done:\n"
    "        print(f'\\n@@ {command} exit {done.code or 0}', flush=True)\n"
)


@pytest.fixture(scope="module")
def helps(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, ...], tuple[int, str]]:
    """Each command of TABLE_COMMANDS: its exit code and its help, from one process."""
    tmp = tmp_path_factory.mktemp("helps")
    asked = [" ".join(command) for command in TABLE_COMMANDS]
    done = subprocess.run([sys.executable, "-c", _HELPS, *asked], env=_env(tmp),
                          capture_output=True, text=True, timeout=300, cwd=ROOT)  # fmt: skip
    assert done.returncode == 0, done.stderr
    shown, text = {}, done.stdout
    for command in asked:
        page, text = text.split(f"\n@@ {command} exit ", 1)
        code, text = text.split("\n", 1)
        shown[tuple(command.split())] = (int(code), page)
    return shown


@pytest.mark.parametrize("command", TABLE_COMMANDS, ids=" ".join)
def test_every_command_that_prints_a_table_takes_the_same_format_option(
    command: tuple[str, ...], helps: dict[tuple[str, ...], tuple[int, str]]
) -> None:
    code, page = helps[command]
    assert code == 0, page
    assert "--format" in page and "<text|csv|json>" in page


def test_a_refused_correction_names_no_correction_that_was_never_made(
    corrected: tuple[Path, Path],
) -> None:
    """Board 6's line 4-10 given NS pair 12, who already plays board 6 (against 7, row 43 of
    session2.csv): refused. The line as it would have been is not "correction N by ...":
    no such correction exists, and the audit log stays as it was."""
    out, _log = corrected
    before = _in_process("audit", "show", str(out), "--format", "json").stdout
    refused = _in_process("correct", str(out), *CORRECTION[:8], "--new-ns", "12",
                          "--by", "Eva Berg", "--role", "scorer", "--reason", "pairs")  # fmt: skip
    said = " ".join(refused.stderr.split())
    assert refused.exit_code == 2, said
    assert "pair 12 is on board 6 twice: here (NS 12 vs EW 10) and at session2.csv, row 43" in said
    assert "the line as corrected" in said and "correction" not in said.split("would not")[1]
    after = _in_process("audit", "show", str(out), "--format", "json").stdout
    assert after == before


def test_the_changes_sheet_spells_out_matchpoints_and_masterpoints(
    corrected: tuple[Path, Path],
) -> None:
    import openpyxl

    out, _log = corrected
    sheet = openpyxl.load_workbook(out / "versions" / "v0002" / "results.xlsx")["Changes"]
    headings = {c for row in sheet.iter_rows(values_only=True) for c in row if isinstance(c, str)}
    spelt_out = {"NS matchpoints before", "NS matchpoints after", "EW matchpoints before",
                 "EW matchpoints after", "Masterpoints before", "Masterpoints after"}  # fmt: skip
    assert spelt_out <= headings
    assert not any(h.startswith(("MP ", "NS MP", "EW MP")) for h in headings)
