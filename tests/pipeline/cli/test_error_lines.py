"""Bad input says one line that starts with ``error:`` and names the file once (the
commands' one way to stop: pipeline/cli/failing.py), exit 2, nothing written.

Before: `scan read --event` named the event file twice ("badmove.yaml: badmove.yaml: ...")
after drawing its progress line, and a missing session as a quoted Python key error;
`export -o x.txt` named x.txt twice; `event next-round` named a broken event file twice;
`event`, `forms`, `scan`, `review`, `club` and the interop commands said their errors with
no `error:` where `run`, `score`, `entry` and `store` said it. The real commands, through
the Typer app in this process.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app

ROOT = Path(__file__).parents[3]
EVENT = ROOT / "sample_data" / "club-evening" / "event.yaml"
PBN = ROOT / "tests" / "pipeline" / "interop" / "data" / "pbn" / "ruter_club_session2.pbn"
UNKNOWN = (
    "sessions[0].sections[0].movement: unknown movement type 'howel' (known: mitchell, "
    "appendix-mitchell, howell, endless-howell, teams, three-teams, reduced-howell, "
    "interwoven-howell, extended-mitchell, howell-bofors, team-mitchell, odd-teams, "
    "team-howell, team-barometer, individual-howell, individual-reduced-howell, guide-cards) "
    "(line 13)"
)


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """A misspelt movement (howel), a text file named .xlsx, a cut JPEG, an empty folder."""
    text = EVENT.read_text("utf-8")
    (tmp_path / "event.yaml").write_text(text.replace("type: howell", "type: howel", 1), "utf-8")
    (tmp_path / "notes.xlsx").write_text("Board;Round\n1;2\n")
    (tmp_path / "page.jpg").write_bytes(b"\xff\xd8\xff\xe0" + bytes(600))
    (tmp_path / "club").mkdir()
    return tmp_path


CASES = [
    (["scan", "read", "page.jpg", "-o", "out", "--event", "event.yaml"], f"event.yaml: {UNKNOWN}"),
    (
        ["scan", "read", "page.jpg", "-o", "out", "--event", str(EVENT), "-s", "9"],
        f"{EVENT}: event 'Autumn pairs' has no session 9",
    ),
    (["event", "next-round", "event.yaml", "-o", "out"], f"event.yaml: {UNKNOWN}"),
    # said below a progress line "starting 0/?" before
    (["scan", "read", "club", "-o", "out"], "club: no PDF, TIFF, PNG or JPEG files"),
    (["event", "check", "missing.yaml"], "missing.yaml: file not found"),
    (["export", str(PBN), "-o", "x.txt"], "x.txt: write .pbn (PBN 2.1) or .xml (USEBIO 1.2)"),
    (["import-usebio", "notes.xlsx"], "notes.xlsx: this is not a USEBIO file"),
    (  # was "invalid literal for int() with base 10: 'Board'"
        ["deals", "notes.xlsx"],
        "notes.xlsx:1: expected '<board> N:<hands>': 'Board' is not a board number",
    ),
    (
        ["review", "list", "out"],
        "out: no review queue here (expected out/review/review.json); give the output folder "
        "of `bridgescan run` or `bridgescan scan read`",
    ),
    (["club", "members", "no-club"], "no-club: no such club folder"),
    # A folder where a file belongs, a file or nothing where a folder does: each said so
    # (were "file not found", "unknown file type '(none)'", "no event.yaml here" and, for
    # `batch`, "no such folder" after starting Prefect's API for it).
    (
        ["score", str(EVENT), "1=club", "-o", "out"],
        "club: it is a folder, not a file; give an .xlsx entry workbook or a .csv\n"
        "nothing was written",
    ),
    (
        ["entry", "check", str(EVENT), "-s", "1", "club"],
        "club: it is a folder, not a file; give an .xlsx entry workbook or a .csv",
    ),
    (
        ["run", "notes.xlsx", "-o", "out", "--no-runner"],
        "notes.xlsx: it is a file, not a folder; give the event folder (holding event.yaml)",
    ),
    (["run", "no-event", "-o", "out", "--no-runner"], "no-event: no such folder"),
    (
        ["batch", "notes.xlsx", "-o", "out"],
        "notes.xlsx: it is a file, not a folder; give an event folder (holding event.yaml) or "
        "a folder of them",
    ),
    (["batch", "club", "-o", "out"], "club: no event.yaml here or in the folders inside it"),
    (["serve", "notes.xlsx"], "notes.xlsx is a file: give a club folder or an output folder"),
    # were "no-out/bridgescan.sqlite: no event store here; publish the event first"
    (
        ["versions", "no-out"],
        "no-out: no such folder; give the output folder of `bridgescan run` or `bridgescan score`",
    ),
    (
        ["audit", "show", "notes.xlsx"],
        "notes.xlsx: it is a file, not a folder; give the output folder of `bridgescan run` "
        "or `bridgescan score`",
    ),
    (
        ["correct", "club", *"--by Eva --role scorer --reason x --board 1 --ns 1 --ew 2".split()],
        "club/bridgescan.sqlite: no event store here; publish the event first "
        "(`bridgescan run` or `bridgescan score`)",
    ),
]


@pytest.mark.parametrize(("args", "said"), CASES, ids=lambda v: " ".join(v[:2]) if isinstance(
    v, list) else None)  # fmt: skip
def test_one_error_line_naming_the_file_once(
    files: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], said: str
) -> None:
    monkeypatch.chdir(files)
    before = sorted(p.name for p in files.iterdir())
    done = CliRunner().invoke(app, args, prog_name="bridgescan", catch_exceptions=False)
    assert (done.exit_code, done.stdout, done.stderr) == (2, "", f"error: {said}\n")
    assert sorted(p.name for p in files.iterdir()) == before


def test_a_refused_event_folder_leaves_no_output_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`run` on a folder whose inputs.yaml leads outside it: refused before OUT is touched
    (it left an empty OUT/bridgescan.sqlite behind "nothing was published", and its error
    above a progress line still saying "starting")."""
    (tmp_path / "evening").mkdir()
    (tmp_path / "evening" / "event.yaml").write_text(EVENT.read_text("utf-8"), "utf-8")
    (tmp_path / "evening" / "inputs.yaml").write_text("sessions:\n  1:\n    scans: [../scans]\n")
    monkeypatch.chdir(tmp_path)
    done = CliRunner().invoke(app, ["run", "evening", "-o", "out", "--no-runner"])
    assert (done.exit_code, done.stdout) == (2, "")
    assert done.stderr == (
        "error: evening/inputs.yaml: sessions.1.scans: ../scans leads outside the event folder "
        "evening\nnothing was published\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening"]


def test_a_console_on_a_taken_port_prints_no_sign_in_address(tmp_path: Path) -> None:
    """The port held by another program: `serve` printed its sign-in address, token and all,
    for that program's port, then uvicorn's own "ERROR: [Errno 98] ..." line."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["serve", str(tmp_path / "club"), "--port", str(port)]
        done = CliRunner().invoke(app, args, prog_name="bridgescan", catch_exceptions=False)
    assert (done.exit_code, done.stdout) == (3, "")
    assert done.stderr == f"error: cannot listen on 127.0.0.1:{port}: Address already in use\n"
