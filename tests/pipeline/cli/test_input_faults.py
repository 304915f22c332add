"""Bad input and a full disk end in their documented exit code with the file named (issue 40,
item 5): never 70 "internal error", never a bare message that leaves the director guessing.

Real commands on real files; the full disk is a real tmpfs of 300 KB (skipped where this
machine does not let the tests mount one). A fault's exit code is the command's own
process where the process is the claim (its stream's encoding, a flow in its process, a
write failing on the disk, an error turned into exit 3 by the entry point, its memory);
what a command says about bad rows, and the run after the disk has room, go through the
Typer app in the test's process (a process pays 1-2 s of imports and proves nothing more).
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from tests.pipeline.flows.sample_events import both_sessions_typed
from tests.prefect_api import command_env

ROOT = Path(__file__).parents[3]
SAMPLE = ROOT / "sample_data" / "club-evening"
HEADER = "Board;Round;Table;NS;EW;Contract;Declarer;Result;NS score;EW score;Adjusted"


def _bridgescan(tmp: Path, *args: str | bytes) -> subprocess.CompletedProcess[str]:
    env = command_env(tmp / "prefect")
    command = [sys.executable, "-c", "from pipeline.cli import main; main()", *args]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=600,
                          cwd=ROOT)  # fmt: skip


def _in_process(*args: str) -> subprocess.CompletedProcess[str]:
    """The command through the Typer app in this process: its exit code, stdout and stderr
    apart (a command that raises fails the test: the entry point would have made it 70)."""
    done = CliRunner().invoke(app, list(args), prog_name="bridgescan", catch_exceptions=False)
    return subprocess.CompletedProcess(["bridgescan", *args], done.exit_code, done.stdout,
                                       done.stderr)  # fmt: skip


def _said(done: subprocess.CompletedProcess[str]) -> str:
    said = done.stdout + done.stderr
    assert "Traceback" not in said and "internal error" not in said, said[-2000:]
    return " ".join(said.replace("│", " ").split())  # the words, whatever the line breaks


def test_a_scan_whose_name_is_not_utf8_is_refused_by_name(tmp_path: Path) -> None:
    folder = both_sessions_typed(tmp_path / "evening")
    (folder / "session1.xlsx").unlink()
    (folder / "scans").mkdir()
    latin1 = os.fsencode(folder / "scans") + b"/sessi\xf6n1.pdf"  # "session1" with a Latin-1 ö
    with open(latin1, "wb") as scan:
        scan.write(b"%PDF-1.4\n")
    (folder / "inputs.yaml").write_text(
        "sessions:\n  1:\n    scans: [scans]\n  2:\n    entries: [session2.csv]\n", "utf-8"
    )
    done = _bridgescan(tmp_path, "run", str(folder), "-o", str(tmp_path / "out"))
    said = _said(done)
    assert done.returncode == 2, said
    assert "session 1: " in said and "scans/sessi\\xf6n1.pdf: the file name is not UTF-8" in said
    assert "rename the file" in said
    assert not (tmp_path / "out" / "versions").exists()
    read = _bridgescan(tmp_path, "scan", "read", str(folder / "scans"), "-o", str(tmp_path / "r"))
    said = _said(read)  # was 70, "internal error: UnicodeEncodeError"
    assert read.returncode == 2, said
    assert "scan read: " in said and "sessi\\xf6n1.pdf: the file name is not UTF-8" in said


def test_ten_thousand_rows_of_pairs_not_in_the_section_are_summarised(tmp_path: Path) -> None:
    """Session 1 (13 pairs) typed as 10,000 lines of NS 40-44 vs EW 50-56, boards 1-30 in
    turn: every line names two pairs the section does not have (pairs 1-13), so no board
    can be scored. The message names the file and the rows as one range, not 10,000 lines."""
    rows = [HEADER] + [f"{i % 30 + 1};1;1;{40 + i % 5};{50 + i % 7};4H;N;=;420;;"
                       for i in range(10_000)]  # fmt: skip
    typed = tmp_path / "session1.csv"
    typed.write_text("\n".join(rows) + "\n", "utf-8")
    done = _in_process("score", str(SAMPLE / "event.yaml"), str(typed),
                       str(SAMPLE / "session2.csv"), "-o", str(tmp_path / "out"))  # fmt: skip
    said = _said(done)
    assert done.returncode == 2, said
    assert "session 1: no board could be scored; what stands in the way, by file:" in said
    # Lines 2..10001 of the file (line 1 is the header): all 10,000, as one range.
    assert "session1.csv: pair-not-in-section on 10,000 row(s) (rows 2-10001); e.g. row 2:" in said
    assert "is not in section A (pairs 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)" in said
    assert len(done.stderr.splitlines()) < 15  # a screenful, not a line per row


def test_one_bad_row_on_every_board_is_named_with_its_rows(tmp_path: Path) -> None:
    """Session 2 as typed (240 rows, lines 2-241, 30 boards played 8 times), plus one line on
    each of its 30 boards for NS 40 vs EW 41, pairs the 16-pair section does not have: lines
    242-271. Every board then has 9 results where the movement plays it 8 times."""
    lines = (SAMPLE / "session2.csv").read_text("utf-8").splitlines()
    boards = sorted({int(line.split(";")[0]) for line in lines[1:]})
    assert len(lines) == 241 and boards == list(range(1, 31))
    typed = tmp_path / "session2.csv"
    typed.write_text("\n".join(lines + [f"{b};1;1;40;41;4H;N;=;420;;" for b in boards]) + "\n")
    done = _in_process("score", str(SAMPLE / "event.yaml"), str(SAMPLE / "session1.xlsx"),
                       str(typed), "-o", str(tmp_path / "out"))  # fmt: skip
    said = _said(done)
    assert done.returncode == 2, said
    assert "session 2: no board could be scored" in said
    assert "session2.csv: pair-not-in-section on 30 row(s) (rows 242-271)" in said
    assert "board 1 has 9 results but is normally played 8 times" in said


def test_a_stray_quote_in_a_typed_csv_is_bad_input_naming_the_line(tmp_path: Path) -> None:
    """Session 2 as typed, with a quote typed before board 1's contract on line 4: it was
    published OFFICIAL from lines 2-3 alone (exit 0; 238 "result missing" warnings)."""
    lines = (SAMPLE / "session2.csv").read_text("utf-8").splitlines()
    lines[3] = lines[3].replace(";2H;", ';"2H;')
    typed = tmp_path / "session2.csv"
    typed.write_text("\n".join(lines) + "\n", "utf-8")
    out = tmp_path / "out"
    done = _in_process("score", str(SAMPLE / "event.yaml"), f"2={typed}", "-o", str(out))
    assert done.returncode == 2, _said(done)
    assert done.stderr == (
        'error: session2.csv: line 4: a quote (") opens a cell that runs to line 241, so lines '
        "4-241 would be read as one cell; remove the quote, or close it\nnothing was written\n"
    )
    assert not out.exists()


@pytest.mark.parametrize("command", ["run", "score"])
def test_out_given_as_an_existing_file_is_bad_input(tmp_path: Path, command: str) -> None:
    folder = both_sessions_typed(tmp_path / "evening")
    taken = tmp_path / "results.txt"
    taken.write_text("somebody's notes\n")
    args = (
        [str(folder)]
        if command == "run"
        else [
            str(folder / "event.yaml"),
            str(folder / "session1.xlsx"),
            str(folder / "session2.csv"),
        ]
    )
    done = _in_process(command, *args, "-o", str(taken))
    said = _said(done)
    assert done.returncode == 2, said
    assert "results.txt" in said and "it is a file, not a folder" in said
    assert taken.read_text() == "somebody's notes\n"


def _tmpfs(tmp_path: Path, options: str) -> Iterator[Path]:
    """A real tmpfs mounted with ``options`` for the test and taken away after (skipped
    where this machine does not let the tests mount one)."""
    mount = tmp_path / f"disk-{uuid.uuid4().hex[:6]}"
    mount.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(mount)],
                          capture_output=True, text=True)  # fmt: skip
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", str(mount)], check=False)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 300 KB file system."""
    yield from _tmpfs(tmp_path, "size=300k")


def _grow(disk: Path) -> None:
    subprocess.run(["mount", "-o", "remount,size=20m", str(disk)], check=True)


def _score(folder: Path) -> list[str]:
    return ["score", *(str(folder / n) for n in ("event.yaml", "session1.xlsx", "session2.csv"))]


@pytest.mark.parametrize("where", ["store", "files"])
def test_a_full_disk_is_exit_3_with_what_to_free_and_nothing_lost(
    tmp_path: Path, small_disk: Path, where: str
) -> None:
    """The event store on the small disk (recording the evening's rows fills it), or the store
    elsewhere and only OUT there (the version's files fill it while publishing). Either way
    exit 3, the disk and its room named, nothing published; with room made, the same command
    publishes version 1 and the audit verifies (those two in this process)."""
    folder = both_sessions_typed(tmp_path / "evening")
    out = small_disk / "out"
    store = [] if where == "store" else ["--store", str(tmp_path / "store.sqlite")]
    done = _bridgescan(tmp_path, *_score(folder), "-o", str(out), *store)
    said = _said(done)
    assert done.returncode == 3, said
    expected = ("cannot write the event store: database or disk is full" if where == "store"
                else f"cannot write in {out}: No space left on device")  # fmt: skip
    assert expected in said
    assert f"the disk holding {out} has" in said and "free space there" in said
    assert "nothing was published" in said
    assert not list(out.glob("versions/v*")) and not (out / "current").exists()
    _grow(small_disk)
    again = _in_process(*_score(folder), "-o", str(out), *store)
    assert again.returncode == 1, _said(again)  # session 1's score-mismatch blocks it
    verified = _in_process("audit", "verify", str(out), *store)
    assert verified.returncode == 0, _said(verified)
    assert "1 version(s) and their files as published" in verified.stdout


def test_a_run_whose_store_fills_the_disk_is_exit_3(tmp_path: Path, small_disk: Path) -> None:
    """`run` through its Prefect flow: SQLite's "database or disk is full" was exit 70."""
    folder = both_sessions_typed(tmp_path / "evening")
    out = small_disk / "out"
    done = _bridgescan(tmp_path, "run", str(folder), "-o", str(out))
    said = _said(done)
    assert done.returncode == 3, said
    assert "cannot write the event store: database or disk is full" in said
    assert f"the disk holding {out} has" in said and "nothing was published" in said


_PEAK = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
    "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
)


def test_a_decompression_bomb_is_refused_with_memory_bounded(tmp_path: Path) -> None:
    """A 150 KB PNG of 30,000 x 30,000 pixels (900 million; ocr/image_limits.py allows 60
    million) read by the real command: the page is a review item saying why, and the command
    stays small (measured: 1.8 GB peak and 17 s before, 0.12 GB and 1 s after)."""
    from tests.ocr.test_image_limits import bomb_png

    bomb = tmp_path / "bomb.png"
    bomb.write_bytes(bomb_png(30_000))
    out = tmp_path / "read"
    env = command_env(tmp_path / "prefect")
    command = [sys.executable, "-c", "from pipeline.cli import main; main()",
               "scan", "read", str(bomb), "-o", str(out)]  # fmt: skip
    measured = subprocess.run([sys.executable, "-c", _PEAK, *command], env=env, cwd=ROOT,
                              capture_output=True, text=True, timeout=300)  # fmt: skip
    code, peak_kb = map(int, measured.stdout.split())
    assert code == 1  # read; one page waits for a person
    assert peak_kb < 400_000, f"peak {peak_kb // 1024} MB"
    queue = (out / "review" / "review.json").read_text("utf-8")
    assert "30,000 x 30,000 pixels (900 million) is more than a scanned traveller" in queue


def test_printing_forms_on_a_full_disk_is_exit_3(tmp_path: Path, small_disk: Path) -> None:
    """A command that only writes one file (the travellers' PDF): it was exit 2, "bad input"."""
    (small_disk / "filler").write_bytes(bytes(280_000))  # 20 KB of the 300 KB left
    pdf = small_disk / "travellers.pdf"
    done = _bridgescan(tmp_path, "forms", "print", str(SAMPLE / "event.yaml"), "--session", "1",
                       "-o", str(pdf))  # fmt: skip
    said = _said(done)
    assert done.returncode == 3, said
    assert "No space left on device" in said and "free space on it" in said


@pytest.fixture
def locked_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder nobody may write in, root included (`chattr +i`; skipped where the file
    system or the user cannot set it), unlocked after the test."""
    folder = tmp_path / "locked"
    folder.mkdir()
    made = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"cannot make a folder immutable here: {made.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=False)


@pytest.mark.parametrize(
    ("args", "given"),
    [  # were exit 70 ("internal error: PermissionError" naming a .part file) for the first
       # two, Python's "[Errno 1] Operation not permitted: 'LOCKED/b.pdf'" for the others
        (["entry", "template", str(SAMPLE / "event.yaml"), "-s", "1", "-o", "LOCKED/t.xlsx"],
         "LOCKED/t.xlsx"),
        (["event", "cards", str(SAMPLE / "event.yaml"), "-o", "LOCKED/c.xlsx"], "LOCKED/c.xlsx"),
        (["forms", "blank", "-o", "LOCKED/b.pdf"], "LOCKED/b.pdf"),
        (["score", str(SAMPLE / "event.yaml"), f"2={SAMPLE / 'session2.csv'}", "-o",
          "LOCKED/out"], "LOCKED/out"),
    ],
    ids=["entry template", "event cards", "forms blank", "score"],
)  # fmt: skip
def test_a_folder_this_user_may_not_write_is_bad_input_before_any_work(
    locked_folder: Path, capsys: pytest.CaptureFixture[str], args: list[str], given: str
) -> None:
    from pipeline.cli.commands import build_app, execute

    argv = ["bridgescan", *(a.replace("LOCKED", str(locked_folder)) for a in args)]
    assert execute(build_app((args[0],)), argv) == 2
    assert capsys.readouterr().err == (
        f"error: -o {given.replace('LOCKED', str(locked_folder))}: you may not write in "
        f"{locked_folder}; give another place, or get the right to it\n"
    )
    assert list(locked_folder.iterdir()) == []


def test_a_folder_inside_out_this_user_may_not_write_is_bad_input_naming_it(
    tmp_path: Path, locked_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """OUT may be written, its review/ folder may not (the check before the work looks at
    OUT only): `scan read` ended with exit 70 and a crash file; now the entry point names
    the place (pipeline/cli/commands.py)."""
    from pipeline.cli.commands import build_app, execute

    page = tmp_path / "page.jpg"
    page.write_bytes(b"\xff\xd8\xff\xe0" + bytes(600))  # a JPEG cut short: one review item
    out = locked_folder.parent
    subprocess.run(["chattr", "-i", str(locked_folder)], check=True)
    locked_folder.rename(out / "review")
    subprocess.run(["chattr", "+i", str(out / "review")], check=True)
    try:
        argv = ["bridgescan", "scan", "read", str(page), "-o", str(out)]
        assert execute(build_app(("scan",)), argv) == 2
    finally:
        subprocess.run(["chattr", "-i", str(out / "review")], check=True)
    said = capsys.readouterr().err.splitlines()[-1]
    assert said.startswith(f"error: {out / 'review'}") and said.endswith(
        ": Operation not permitted: bridgescan may not write or read there; give another "
        "place, or get the right to it"
    )


@pytest.fixture
def read_only_disk(tmp_path: Path) -> Iterator[Path]:
    """A real read-only file system."""
    yield from _tmpfs(tmp_path, "ro,size=100k")


def test_a_read_only_disk_names_the_file_asked_for(
    read_only_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit 3 named the writer's temporary file (".t.xlsx.f6ek5x0f.part"), not t.xlsx."""
    from pipeline.cli.commands import build_app, execute

    target = read_only_disk / "t.xlsx"
    argv = [
        "bridgescan",
        "entry",
        "template",
        str(SAMPLE / "event.yaml"),
        "-s",
        "1",
        "-o",
        str(target),
    ]
    assert execute(build_app(("entry",)), argv) == 3
    said = capsys.readouterr().err.splitlines()
    assert said[0] == f"error: cannot write {target}: Read-only file system"
