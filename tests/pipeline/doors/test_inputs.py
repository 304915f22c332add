"""Which files feed which session: inputs.yaml, or the folder's conventions."""

from pathlib import Path

import pytest

from pipeline.doors.inputs import InputsError, session_files
from pipeline.events.eventfile import load_event

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"


@pytest.fixture
def event():
    return load_event(SAMPLE / "event.yaml")


def test_the_sample_manifest_mixes_doors(event) -> None:
    plan = session_files(SAMPLE, event)
    assert [(f.session, [p.name for p in f.scans], [p.name for p in f.entries]) for f in plan] == [
        (1, ["session1.pdf"], ["session1-director.csv"]),
        (2, [], ["session2.csv"]),
    ]


def test_conventions_without_a_manifest(tmp_path, event) -> None:
    (tmp_path / "scans").mkdir()
    (tmp_path / "scans" / "session1.pdf").write_bytes(b"%PDF")
    (tmp_path / "scans" / "session1-director.csv").write_text("Board\n")
    (tmp_path / "session2.csv").write_text("Board\n")
    plan = session_files(tmp_path, event)
    assert [(f.session, len(f.scans), [p.name for p in f.entries]) for f in plan] == [
        (1, 1, ["session1-director.csv"]),
        (2, 0, ["session2.csv"]),
    ]


def test_two_doors_for_one_session_need_a_manifest(tmp_path, event) -> None:
    (tmp_path / "scans").mkdir()
    (tmp_path / "scans" / "session1.pdf").write_bytes(b"%PDF")
    (tmp_path / "session1.xlsx").write_bytes(b"PK")
    with pytest.raises(InputsError, match="session 1 has scans and typed travellers"):
        session_files(tmp_path, event)


@pytest.mark.parametrize(
    ("manifest", "message"),
    [
        ("sessions:\n  3:\n    entries: [a.csv]\n", r"sessions.3: the event has sessions \[1, 2\]"),
        ("sessions:\n  1:\n    entries: [missing.csv]\n", "missing.csv not found"),
        ("sessions:\n  1:\n    photos: [a.csv]\n", "give 'scans:' and/or 'entries:'"),
        ("- just a list\n", "expected a 'sessions:' mapping"),
        ("sessions: {1: {entries: [a.csv]}}\n: bad: yaml: [\n", "cannot read it"),
    ],
)
def test_bad_manifests_say_where(tmp_path, event, manifest: str, message: str) -> None:
    (tmp_path / "a.csv").write_text("Board\n")
    (tmp_path / "inputs.yaml").write_text(manifest)
    with pytest.raises(InputsError, match=message):
        session_files(tmp_path, event)


def test_an_empty_folder(tmp_path, event) -> None:
    with pytest.raises(InputsError, match="no scans or entry files"):
        session_files(tmp_path, event)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("/etc/passwd", "/etc/passwd is an absolute path; give it relative to"),
        ("../outside.csv", r"\.\./outside.csv leads outside the event folder"),
        ("scans/../../outside.csv", "leads outside the event folder"),
    ],
)
def test_manifest_paths_stay_inside_the_event_folder(tmp_path, event, entry, message) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    (tmp_path / "outside.csv").write_text("Board\n")
    (folder / "inputs.yaml").write_text(f"sessions:\n  2:\n    entries: ['{entry}']\n")
    with pytest.raises(InputsError, match=message):
        session_files(folder, event)


def test_a_link_that_points_out_of_the_folder_is_refused(tmp_path, event) -> None:
    folder = tmp_path / "event"
    folder.mkdir()
    (tmp_path / "outside.csv").write_text("Board\n")
    (folder / "session2.csv").symlink_to(tmp_path / "outside.csv")
    with pytest.raises(InputsError, match="session2.csv leads outside the event folder"):
        session_files(folder, event)
