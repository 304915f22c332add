"""A version's files appear as one set or not at all; earlier versions stay readable; a crash
leaves nothing behind that the next publication does not clear."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.publish.file_set import (
    FileSetError,
    check_version,
    clean_leftovers,
    current_version,
    read_manifest,
    switch_current,
    write_version,
)

FILES_1 = {"results.xlsx": b"workbook 1", "results.json": b'{"v": 1}', "web/index.html": b"<p>1"}
FILES_2 = {"results.xlsx": b"workbook 2", "results.json": b'{"v": 2}'}


def test_a_version_is_a_folder_with_a_manifest_and_the_links_follow_it(tmp_path: Path) -> None:
    written = write_version(tmp_path, 1, FILES_1)
    assert written.folder == tmp_path / "versions" / "v0001"
    manifest = json.loads((written.folder / "manifest.json").read_text())
    assert manifest["version"] == 1
    assert manifest["files"]["results.json"] == {
        "sha256": hashlib.sha256(b'{"v": 1}').hexdigest(), "bytes": 8,
    }  # fmt: skip
    assert read_manifest(written.folder) == written.files
    assert current_version(tmp_path) is None  # written, not yet shown
    assert switch_current(tmp_path, 1)
    assert (tmp_path / "results.json").read_bytes() == b'{"v": 1}'
    assert (tmp_path / "web" / "index.html").read_bytes() == b"<p>1"
    write_version(tmp_path, 2, FILES_2)
    assert switch_current(tmp_path, 2)
    assert current_version(tmp_path) == 2
    assert (tmp_path / "results.xlsx").read_bytes() == b"workbook 2"
    assert not (tmp_path / "web").exists()  # version 2 has no web pages: no dangling link
    assert (tmp_path / "versions" / "v0001" / "results.xlsx").read_bytes() == b"workbook 1"
    assert check_version(tmp_path / "versions" / "v0001") == []


def test_every_file_is_on_disk_before_the_version_folder_appears(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files are flushed by several threads at once, but each of them, the manifest
    and their folders are flushed before the one rename that shows the version (the real
    ``fsync`` and ``rename`` run; only their order is noted)."""
    events: list[tuple[str, str]] = []
    real_fsync, real_rename = os.fsync, os.rename

    def fsync(fd: int) -> None:
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    def rename(source: str | Path, target: str | Path) -> None:
        events.append(("rename", str(target)))
        real_rename(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "rename", rename)
    files = {f"web/page-{n}.html": f"<p>{n}".encode() for n in range(20)} | FILES_1
    written = write_version(tmp_path, 1, files)
    shown = events.index(("rename", str(written.folder)))
    flushed = {Path(path).name for kind, path in events[:shown] if kind == "fsync"}
    assert {Path(name).name for name in files} | {"manifest.json", "web"} <= flushed
    assert ("fsync", str(tmp_path / "versions")) in events[shown:]  # the rename itself


def test_current_only_moves_forward(tmp_path: Path) -> None:
    write_version(tmp_path, 1, FILES_1)
    write_version(tmp_path, 2, FILES_2)
    assert switch_current(tmp_path, 2)
    assert not switch_current(tmp_path, 1)  # a slower process finishing version 1 late
    assert current_version(tmp_path) == 2


def test_an_old_file_in_the_way_is_replaced_by_the_link(tmp_path: Path) -> None:
    (tmp_path / "results.xlsx").write_bytes(b"written by release 0.1.0")
    write_version(tmp_path, 1, FILES_1)
    switch_current(tmp_path, 1)
    assert (tmp_path / "results.xlsx").is_symlink()
    assert (tmp_path / "results.xlsx").read_bytes() == b"workbook 1"


def test_names_cannot_leave_the_version_folder(tmp_path: Path) -> None:
    for name in ("../escape.txt", "/etc/passwd", "manifest.json", "a/../../b"):
        with pytest.raises(FileSetError):
            write_version(tmp_path, 1, {name: b"x"})
    assert not (tmp_path / "versions" / "v0001").exists()
    assert list((tmp_path / "versions").iterdir()) == []  # the failed staging is gone


def test_a_changed_file_is_found(tmp_path: Path) -> None:
    written = write_version(tmp_path, 1, FILES_1)
    (written.folder / "results.json").write_bytes(b'{"v": 9}')
    (written.folder / "results.xlsx").unlink()
    problems = check_version(written.folder)
    assert any("results.json is not the file that was published" in p for p in problems)
    assert any("results.xlsx is missing" in p for p in problems)


_CRASH = """
import os, sys
from pathlib import Path
from pipeline.publish import file_set
out = Path(sys.argv[1])
real_write = file_set._write_file
def dying_write(path, data, **flush):
    real_write(path, data, **flush)
    if path.name == "results.json":   # the workbook is written, the JSON too: die mid-set
        os._exit(9)
file_set._write_file = dying_write
file_set.write_version(out, 2, {"results.xlsx": b"workbook 2", "results.json": b"json 2",
                                "masterpoints.csv": b"csv 2"})
"""


def test_a_crash_mid_set_leaves_the_last_version_and_a_rerun_clears_the_rest(
    tmp_path: Path,
) -> None:
    write_version(tmp_path, 1, FILES_1)
    switch_current(tmp_path, 1)
    (tmp_path / ".results.json.x1y2.part").write_bytes(b"half")  # an older release's leftover
    crashed = subprocess.run([sys.executable, "-c", _CRASH, str(tmp_path)], check=False,
                             cwd=Path(__file__).parents[3])  # fmt: skip
    assert crashed.returncode == 9
    staging = [p.name for p in (tmp_path / "versions").iterdir() if p.name.startswith(".")]
    assert len(staging) == 1 and staging[0].startswith(".v0002.staging-")
    # Readers still see version 1, whole: the workbook and the JSON of the same version.
    assert current_version(tmp_path) == 1
    assert (tmp_path / "results.xlsx").read_bytes() == b"workbook 1"
    assert (tmp_path / "results.json").read_bytes() == b'{"v": 1}'
    assert not (tmp_path / "versions" / "v0002").exists()
    removed = clean_leftovers(tmp_path, ("results.xlsx", "results.json"))
    assert {p.name for p in removed} == {staging[0], ".results.json.x1y2.part"}
    write_version(tmp_path, 2, FILES_2)
    switch_current(tmp_path, 2)
    leftovers = [p for p in tmp_path.rglob("*") if p.name.endswith((".part", ".link"))
                 or ".staging-" in p.name]  # fmt: skip
    assert leftovers == []
    assert (tmp_path / "results.json").read_bytes() == b'{"v": 2}'


def test_a_live_process_staging_folder_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / "versions").mkdir()
    mine = tmp_path / "versions" / f".v0003.staging-{os.getpid()}-abcd"
    mine.mkdir()
    assert clean_leftovers(tmp_path) == []
    assert mine.is_dir()


def test_a_folder_in_the_way_is_replaced_by_the_link(tmp_path: Path) -> None:
    (tmp_path / "web").mkdir()  # a site written before versions, or by `bridgescan web`
    (tmp_path / "web" / "index.html").write_bytes(b"old site")
    write_version(tmp_path, 1, FILES_1)
    switch_current(tmp_path, 1)
    assert (tmp_path / "web").is_symlink()
    assert (tmp_path / "web" / "index.html").read_bytes() == b"<p>1"
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".old")] == []
