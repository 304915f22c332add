"""One run at a time writes an output folder (pipeline/cli/output_lock.py)."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from pipeline.cli.output_lock import hold, output_folder_held


def test_a_folder_another_process_let_go_of_is_held_without_a_word(tmp_path: Path) -> None:
    said: list[str] = []
    other = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    fcntl.flock(other, fcntl.LOCK_EX)  # another open file description: as another process
    mine = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.close(other)  # ... which ends before this run looks: no waiting
        assert hold(mine, tmp_path, said.append) is True
        assert said == []
    finally:
        os.close(mine)


def test_a_folder_its_file_system_cannot_lock_is_written_unlocked_with_a_warning(
    tmp_path: Path,
) -> None:
    """An NFS mount without a lock daemon refuses ``flock`` (ENOLCK, or EBADF for a folder
    opened for reading); a descriptor the kernel refuses the same way (EBADF) stands in:
    the run goes on, unlocked, and says so."""
    said: list[str] = []
    descriptor = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    os.close(descriptor)
    assert hold(descriptor, tmp_path, said.append) is False
    assert len(said) == 1
    assert said[0].startswith(f"warning: {tmp_path} cannot be locked on its file system (")
    assert "writes it unlocked" in said[0]


def test_the_folder_is_made_and_held_for_the_block(tmp_path: Path) -> None:
    out = tmp_path / "results"
    with output_folder_held(out, print):
        assert out.is_dir()
        probe = os.open(out, os.O_RDONLY | os.O_DIRECTORY)
        try:
            try:
                fcntl.flock(probe, fcntl.LOCK_EX | fcntl.LOCK_NB)
                held_by_the_run = False
            except BlockingIOError:
                held_by_the_run = True
        finally:
            os.close(probe)
    assert held_by_the_run
