"""A file or folder a command writes, given where nothing can be written: exit 2 before any
work, one line naming the option and the path, nothing changed (pipeline/cli/options.py
``output_file``, ``output_folder``).

Before, each writer failed its own way at its end: exit 70 "internal error" and a crash
file (``entry template``, ``event cards``, ``event movement --csv``, ``deals --xlsx``), a
bare ``[Errno 20] Not a directory`` (``forms print``/``blank``), ``[Errno 17] File exists``
(``export``, ``forms synth``), or a digit model trained for minutes first
(``model train-digits``). The real commands, through the Typer app in this process.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app

ROOT = Path(__file__).parents[3]
EVENT = ROOT / "sample_data" / "club-evening" / "event.yaml"
PBN = ROOT / "tests" / "pipeline" / "interop" / "data" / "pbn" / "ruter_club_session2.pbn"

# (the command line with NOTES for a file of the user's and FOLDER for a folder of theirs,
#  the option as the message names it, the path given)
UNDER_A_FILE = [
    (["entry", "template", str(EVENT), "-s", "1", "-o", "NOTES/entry.xlsx"], "-o"),
    (["event", "cards", str(EVENT), "-o", "NOTES/cards.xlsx"], "-o"),
    (["event", "movement", "howell", "--pairs", "8", "--csv", "NOTES/m.csv"], "--csv"),
    (["forms", "print", str(EVENT), "-o", "NOTES/t.pdf"], "-o"),
    (["forms", "blank", "-o", "NOTES/t.pdf"], "-o"),
    (["model", "train-digits", "-o", "NOTES/digits.npz"], "-o"),
    (["export", str(PBN), "-o", "NOTES/x.pbn"], "-o"),
    (["export-session", str(EVENT), str(EVENT), "--session", "2", "-o", "NOTES/x.pbn"], "-o"),
    (["deals", str(PBN), "--no-dd", "--xlsx", "NOTES/d.xlsx"], "--xlsx"),
    (["compare", str(PBN), "--summary", "NOTES/s.csv"], "--summary"),
]
A_FOLDER = [
    (["entry", "template", str(EVENT), "-s", "1", "-o", "FOLDER"], "-o"),
    (["event", "cards", str(EVENT), "-o", "FOLDER"], "-o"),
    (["event", "movement", "howell", "--pairs", "8", "--guide-cards", "FOLDER"], "--guide-cards"),
    (["forms", "print", str(EVENT), "-o", "FOLDER"], "-o"),
    (["forms", "synth", "S", "-n", "1", "--bundle", "FOLDER"], "--bundle"),
    (["export", str(PBN), "-o", "FOLDER"], "-o"),
]


def _named(value: list[str] | str) -> str:
    return " ".join(value[:2]) if isinstance(value, list) else value


def _invoke(args: list[str], tmp_path: Path) -> tuple[int, str, str, Path, Path]:
    notes, folder = tmp_path / "notes.txt", tmp_path / "club"
    notes.write_text("the director's notes\n")
    folder.mkdir()
    (folder / "members.csv").write_text("1;Eva Berg\n")
    named = {"NOTES": str(notes), "FOLDER": str(folder), "S": str(tmp_path / "pages")}
    argv = [named.get(a, a.replace("NOTES", str(notes))) for a in args]
    done = CliRunner().invoke(app, argv, prog_name="bridgescan", catch_exceptions=False)
    return done.exit_code, done.stdout, done.stderr, notes, folder


def _nothing_changed(tmp_path: Path, notes: Path, folder: Path) -> None:
    assert notes.read_text() == "the director's notes\n"
    assert [p.name for p in folder.iterdir()] == ["members.csv"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club", "notes.txt"]


@pytest.mark.parametrize(("args", "option"), UNDER_A_FILE, ids=_named)
def test_a_file_in_a_folder_that_is_a_file(tmp_path: Path, args: list[str], option: str) -> None:
    code, out, err, notes, folder = _invoke(args, tmp_path)
    given = next(a for a in args if a.startswith("NOTES/")).replace("NOTES", str(notes))
    assert (code, out) == (2, "")
    assert err == (
        f"error: {option} {given}: {notes} is a file, not a folder; give a path in a folder "
        "(new or existing)\n"
    )
    _nothing_changed(tmp_path, notes, folder)


@pytest.mark.parametrize(("args", "option"), A_FOLDER, ids=_named)
def test_a_file_given_as_a_folder(tmp_path: Path, args: list[str], option: str) -> None:
    code, out, err, notes, folder = _invoke(args, tmp_path)
    assert (code, out) == (2, "")
    assert err == f"error: {option} {folder}: it is a folder; give the name of the file to write\n"
    _nothing_changed(tmp_path, notes, folder)


def test_synthetic_pages_into_a_file(tmp_path: Path) -> None:
    code, out, err, notes, folder = _invoke(["forms", "synth", "NOTES", "-n", "1"], tmp_path)
    assert (code, out) == (2, "")
    assert err == f"error: {notes}: it is a file, not a folder; give a folder (new or existing)\n"
    _nothing_changed(tmp_path, notes, folder)


def test_a_site_into_a_file(tmp_path: Path) -> None:
    """`web OUT -o FILE` took the file away and put the site in its place (exit 0)."""
    code, out, err, notes, folder = _invoke(["web", "FOLDER", "-o", "NOTES"], tmp_path)
    assert (code, out) == (2, "")
    assert err == (
        f"error: -o {notes}: it is a file, not a folder; give a folder (new or existing)\n"
    )
    _nothing_changed(tmp_path, notes, folder)
