"""Every command that reads or extends the record verifies it first (issue 40, item 2).

The event of ``tests/pipeline/correction_event.py`` published (version 1, 21:40) and
corrected once (session 2, board 1, 4-1: +450; version 2, 21:50), then changed behind the
program's back, as a determined editor would. Each command refuses with exit 4, names what
is broken, and changes nothing (through the app in the test's process; ``correct`` of the
first test as its own process, the exit code and output as a shell sees them):

- a published file edited (``versions/v0002/results.json``): ``correct``, ``review
  list``, ``review resolve``, ``audit show``, ``versions``, ``serve``, ``score``, ``run``;
- ``versions/v0001/manifest.json`` deleted: ``audit verify`` and ``correct``;
- the store's last record (the files record of version 2) deleted, with the counter that
  would show it, ``results.xlsx`` of version 2 edited and its manifest recomputed:
  ``audit verify`` (before, exit 0) and ``correct``;
- the store file and OUT's ``current`` links deleted, ``versions/v0001`` still there:
  ``run`` and ``correct`` refuse, and no new store is made.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pipeline.doors.scans.review import ReviewItem
from pipeline.doors.scans.review_queue_file import write_queue
from pipeline.store import EventStore
from tests.pipeline.correction_event import PUBLISHED
from tests.pipeline.record_cli import (
    bridgescan,
    bridgescan_process,
    correct_args,
    environment,
    published,
)
from tests.pipeline.store.store_raw import bypass_triggers

LATER = datetime(2026, 11, 24, 20, 50, tzinfo=UTC)  # 21:50 in Stockholm, inside the period
ITEM = ReviewItem(id="session1.pdf#p1", file="session1.pdf", page=1, row=None, board=None,
                  kind="page", reasons=("board number unreadable",), candidates=(), session=1,
                  boards=(1, 2, 3, 4, 5, 6, 7))  # fmt: skip


@pytest.fixture(scope="module")
def corrected(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Once for the file: a home folder (its store key in ``.config``) holding the event
    (``event``) published and corrected once, with a review item open (``out``)."""
    home = tmp_path_factory.mktemp("corrected")
    with pytest.MonkeyPatch.context() as monkeypatch:
        out = published(home, monkeypatch)
    done = bridgescan(*correct_args(out, 1, 4, 1, "+1", 450), env=environment(home, LATER))
    assert done.returncode == 0, done.stdout
    write_queue([ITEM], out / "review")
    return home


@pytest.fixture
def out(corrected: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of that home in the test's own folder, this process's environment as
    ``published`` sets it (the store's key copied with it, so the copy verifies)."""
    for part in (".config", "event", "out"):
        shutil.copytree(corrected / part, tmp_path / part, symlinks=True)  # links stay links
    for name, value in environment(tmp_path, PUBLISHED).items():
        monkeypatch.setenv(name, value)
    return tmp_path / "out"


def _state(out: Path) -> tuple[int, list[str]]:
    with EventStore(out / "bridgescan.sqlite") as store:
        records = store.head().records
    return records, sorted(p.name for p in (out / "versions").iterdir())


def _manifest_recomputed(folder: Path) -> None:
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    for name, entry in manifest["files"].items():
        data = (folder / name).read_bytes()
        entry["sha256"], entry["bytes"] = hashlib.sha256(data).hexdigest(), len(data)
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


def test_a_changed_published_file_stops_every_command(out: Path, tmp_path: Path) -> None:
    edited = out / "versions" / "v0002" / "results.json"
    edited.write_text(edited.read_text("utf-8").replace("Eva Berg", "Eva Borg"), "utf-8")
    before = _state(out)
    env = environment(tmp_path, LATER)
    commands = [
        correct_args(out, 2, 4, 2, "+1", 630),
        ["review", "list", str(out)],
        ["review", "resolve", str(out), ITEM.id, "--by", "Per", "--value", "keep"],
        ["audit", "show", str(out)],
        ["versions", str(out)],
        ["serve", str(out), "--port", "0"],
        ["score", str(tmp_path / "event" / "event.yaml"), str(tmp_path / "event" / "s1.csv"),
         str(tmp_path / "event" / "s2.csv"), "-o", str(out)],
        ["run", str(tmp_path / "event"), "--out", str(out)],
    ]  # fmt: skip
    for number, command in enumerate(commands):
        run = bridgescan_process if number == 0 else bridgescan  # the first as a shell sees it
        refused = run(*command, env=env)
        assert refused.returncode == 4, (command, refused.stdout)
        assert f"{edited} is not the file that was published" in refused.stdout, command
        assert "Traceback" not in refused.stdout
    assert _state(out) == before


def test_a_deleted_manifest_is_found(out: Path, tmp_path: Path) -> None:
    (out / "versions" / "v0001" / "manifest.json").unlink()
    env = environment(tmp_path, LATER)
    verified = bridgescan("audit", "verify", str(out), env=env)
    assert verified.returncode == 4, verified.stdout
    assert "v0001/manifest.json: not a readable manifest" in verified.stdout
    refused = bridgescan(*correct_args(out, 2, 4, 2, "+1", 630), env=env)
    assert refused.returncode == 4 and "v0001/manifest.json" in refused.stdout, refused.stdout


def test_the_last_record_deleted_and_a_file_forged_with_its_manifest_is_found(
    out: Path, tmp_path: Path
) -> None:
    store = str(out / "bridgescan.sqlite")
    last = bypass_triggers(store, "SELECT kind, key FROM records ORDER BY seq DESC LIMIT 1")
    assert last == [("files", "v0002")]
    bypass_triggers(store, "DELETE FROM records WHERE seq = (SELECT max(seq) FROM records)",
                    "UPDATE sqlite_sequence SET seq = (SELECT max(seq) FROM records) "
                    "WHERE name = 'records'")  # fmt: skip
    folder = out / "versions" / "v0002"
    workbook = folder / "results.xlsx"
    workbook.write_bytes(workbook.read_bytes() + b"\0")
    _manifest_recomputed(folder)
    env = environment(tmp_path, LATER)
    verified = bridgescan("audit", "verify", str(out), env=env)
    assert verified.returncode == 4, verified.stdout
    assert "v0002 is the current version, but the store holds no record of its files" in (
        verified.stdout.replace("\n", " ")
    )
    refused = bridgescan(*correct_args(out, 2, 4, 2, "+1", 630), env=env)
    assert refused.returncode == 4, refused.stdout


def test_a_deleted_store_is_never_begun_again_while_a_version_is_there(
    out: Path, tmp_path: Path
) -> None:
    (out / "bridgescan.sqlite").unlink()
    for link in out.iterdir():
        if link.is_symlink():
            link.unlink()
    env = environment(tmp_path, LATER)
    board_2 = correct_args(out, 2, 4, 2, "+1", 630)
    for command in (["run", str(tmp_path / "event"), "--out", str(out)], board_2,
                    ["audit", "show", str(out)]):  # fmt: skip
        refused = bridgescan(*command, env=env)
        assert refused.returncode == 4, (command, refused.stdout)
        said = refused.stdout.replace("\n", " ")
        assert "v0002/results.json were published from it" in said, command
        assert "it was deleted, truncated or emptied" in said, command
        assert not (out / "bridgescan.sqlite").exists()


def test_a_club_console_does_not_start_on_an_event_whose_record_is_broken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    club = tmp_path / "club"
    event = club / "events" / "2026-11-24-tuesday"
    out = published(tmp_path, monkeypatch)
    event.mkdir(parents=True)
    (tmp_path / "event" / "event.yaml").rename(event / "event.yaml")
    out.rename(event / "out")
    for link in (event / "out").iterdir():  # the links name their targets relatively
        assert not link.is_symlink() or link.resolve().exists()
    edited = event / "out" / "versions" / "v0001" / "results.json"
    edited.write_text(edited.read_text("utf-8") + " ", "utf-8")
    refused = bridgescan("serve", str(club), "--port", "0", env=environment(tmp_path, LATER))
    assert refused.returncode == 4, refused.stdout
    assert f"{edited} is not the file that was published" in refused.stdout
    assert "the console was not started" in refused.stdout


def test_the_published_schema_is_recorded_like_the_other_files(out: Path, tmp_path: Path) -> None:
    from pipeline.publish.results_json import results_schema_json

    folder = out / "versions" / "v0002"
    schema = folder / "results.schema.json"
    assert (out / "results.schema.json").read_text("utf-8") == results_schema_json()
    schema.write_text(schema.read_text("utf-8").replace('"integer"', '"string"'), "utf-8")
    _manifest_recomputed(folder)  # the manifest agrees; the store's record does not
    verified = bridgescan("audit", "verify", str(out), env=environment(tmp_path, LATER))
    assert verified.returncode == 4, verified.stdout
    assert f"{schema} is not the file that was published" in verified.stdout.replace("\n", "")
