"""Atomic writes and output paths that stay inside the output folder."""

import os
import stat
from pathlib import Path

import pytest

from pipeline.files import UnsafePathError, atomic_write, atomic_write_text, output_path, safe_name


def test_atomic_write_replaces_whole_files_and_cleans_up_on_failure(tmp_path) -> None:
    target = tmp_path / "out" / "results.json"
    atomic_write_text(target, "first")
    atomic_write_text(target, "second")
    assert target.read_text() == "second"

    def crash(handle) -> None:
        handle.write(b"half a workbook")
        raise RuntimeError("power cut")

    with pytest.raises(RuntimeError):
        atomic_write(target, crash)
    assert target.read_text() == "second"  # the old file is untouched
    assert os.listdir(target.parent) == ["results.json"]  # no .part left behind


def test_written_files_get_the_usual_mode(tmp_path) -> None:
    old = os.umask(0o022)
    try:
        path = atomic_write_text(tmp_path / "a.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


@pytest.mark.parametrize("name", ["../escape.xlsx", "/etc/passwd", "a/../../b"])
def test_output_paths_cannot_escape(tmp_path, name: str) -> None:
    with pytest.raises(UnsafePathError):
        output_path(tmp_path, name)


def test_safe_names_stay_inside(tmp_path) -> None:
    assert safe_name("../../etc/passwd") == "_.._etc_passwd"
    assert safe_name("Höstpar =SUM(A1)") == "Hostpar _SUM_A1_"
    assert safe_name("...") == "file"
    assert output_path(tmp_path, safe_name("../x")).parent == tmp_path.resolve()


def test_a_write_killed_half_way_leaves_nothing_after_the_queue_is_written_again(
    tmp_path: Path,
) -> None:
    """A run killed while writing a crop left ``.x.png.abc.part``; writing the review
    queue again removes it (and only the temporary files: the crops stay)."""
    from pipeline.doors.scans.review_queue_file import write_queue
    from pipeline.files import remove_leftover_parts

    crops = tmp_path / "review" / "crops"
    crops.mkdir(parents=True)
    (crops / ".session1.pdf_p23r4.png.tsmuiemw.part").write_bytes(b"half a png")
    (crops / "kept.png").write_bytes(b"png")
    write_queue((), tmp_path / "review")
    assert sorted(p.name for p in crops.iterdir()) == ["kept.png"]
    assert (tmp_path / "review" / "review.json").is_file()
    assert remove_leftover_parts(tmp_path / "missing") == []
