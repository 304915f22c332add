"""``bridgescan store ...`` and a run on a broken store: one message, the exit code, no traceback.

Exit codes (pipeline/cli/exit_codes.py): 0 sound, 2 bad input, 4 the store is broken (the
first broken record named, nothing published), 6 written by a newer bridgescan.
"""

from __future__ import annotations

import json
import stat
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.cli.exit_codes import ExitCode
from pipeline.store import EventStore
from tests.pipeline.store.store_raw import bypass_triggers, raw

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"
runner = CliRunner()


def _invoke(*args: str):  # noqa: ANN202
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def _store(path: Path, records: int = 3) -> str:
    with EventStore(path) as store:
        for i in range(records):
            store.append("row", f"s1/b{i}", i, actor="scanner")
        store.put_blob("scan.png", b"page")
        return str(store.head())


def test_verify_says_the_head_of_a_sound_store(tmp_path) -> None:
    head = _store(tmp_path / "bridgescan.sqlite")
    result = _invoke("store", "verify", "-o", str(tmp_path), "--expect", head)
    assert result.exit_code == ExitCode.OK
    assert f"4 records, chain verified, head {head}" in result.output
    assert f"the published head {head} is in the chain" in result.output
    assert "1 blob(s), 4 bytes" in result.output


def test_verify_names_the_first_broken_record(tmp_path) -> None:
    path = tmp_path / "bridgescan.sqlite"
    _store(path)
    bypass_triggers(str(path), "UPDATE records SET payload = '7' WHERE seq = 2")
    result = _invoke("store", "verify", "--store", str(path))
    assert result.exit_code == ExitCode.STORE_BROKEN
    assert "record 2 (row s1/b1) was changed after it was stored" in result.output


def test_verify_against_a_published_results_file(tmp_path) -> None:
    path = tmp_path / "bridgescan.sqlite"
    head = _store(path, records=5)
    records, chain = head.split(":")
    published = tmp_path / "results.json"
    store = {"store": "bridgescan.sqlite", "records": int(records), "chain": chain}
    published.write_text(json.dumps({"store": store}))
    assert (
        _invoke("store", "verify", "--store", str(path), "--expect", str(published)).exit_code == 0
    )
    bypass_triggers(str(path), "DELETE FROM records WHERE seq > 4")
    bypass_triggers(str(path), "DELETE FROM sqlite_sequence")  # a careful editor
    result = _invoke("store", "verify", "--store", str(path), "--expect", str(published))
    assert result.exit_code == ExitCode.STORE_BROKEN
    assert "the store has 4 records, but results were published from 6" in result.output
    bad = _invoke("store", "verify", "--store", str(path), "--expect", "6:abc")
    assert bad.exit_code == ExitCode.BAD_INPUT and "is not a chain head" in bad.output


def test_no_store_where_one_is_named_is_bad_input(tmp_path) -> None:
    result = _invoke("store", "verify", "-o", str(tmp_path))
    assert result.exit_code == ExitCode.BAD_INPUT
    assert "there is no event store here" in result.output
    assert not (tmp_path / "bridgescan.sqlite").exists()  # verify never creates one


def test_a_store_from_a_newer_bridgescan_is_refused_with_its_own_code(tmp_path) -> None:
    path = tmp_path / "bridgescan.sqlite"
    _store(path)
    raw(str(path), "UPDATE alembic_version SET version_num = '0042'")
    result = _invoke("store", "info", "--store", str(path))
    assert result.exit_code == ExitCode.STORE_TOO_NEW == 6
    assert "schema 0042, written by a newer bridgescan" in result.output


def test_info_shows_the_back_end_schema_and_records_by_kind(tmp_path) -> None:
    from pipeline.store.upgrade import head_revision

    head = _store(tmp_path / "bridgescan.sqlite")
    result = _invoke("store", "info", "-o", str(tmp_path))
    assert result.exit_code == 0
    assert f"schema   {head_revision()}" in result.output and f"head     {head}" in result.output
    assert "(sqlite)" in result.output


def test_keygen_writes_a_private_key_once(tmp_path) -> None:
    key = tmp_path / "store.key"
    result = _invoke("store", "keygen", str(key))
    assert result.exit_code == 0 and "BRIDGESCAN_STORE_KEY_FILE" in result.output
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(bytes.fromhex(key.read_text().strip())) == 32
    again = _invoke("store", "keygen", str(key))
    assert again.exit_code == ExitCode.BAD_INPUT and "never overwritten" in again.output


def test_run_refuses_a_broken_store_before_reading_anything(tmp_path) -> None:
    out = tmp_path / "out"
    _store(out / "bridgescan.sqlite")
    bypass_triggers(str(out / "bridgescan.sqlite"), "UPDATE records SET actor = 'x' WHERE seq = 1")
    result = _invoke("run", str(SAMPLE), "--out", str(out))
    assert result.exit_code == ExitCode.STORE_BROKEN
    assert "the chain breaks at record 1 (row s1/b0)" in result.output
    assert "the event store is broken: nothing was published" in result.output
    assert not (out / "results.json").exists()


def test_run_never_recreates_a_store_that_results_were_published_from(tmp_path) -> None:
    out = tmp_path / "out"
    head = _store(out / "bridgescan.sqlite")
    records, chain = head.split(":")
    store = {"store": "bridgescan.sqlite", "records": int(records), "chain": chain}
    (out / "results.json").write_text(json.dumps({"format": "x", "store": store}))
    (out / "bridgescan.sqlite").write_bytes(b"")  # truncated to 0 bytes
    result = _invoke("run", str(SAMPLE), "--out", str(out))
    assert result.exit_code == ExitCode.STORE_BROKEN and "is 0 bytes" in result.output
    (out / "bridgescan.sqlite").unlink()  # gone altogether
    result = _invoke("run", str(SAMPLE), "--out", str(out))
    assert result.exit_code == ExitCode.STORE_BROKEN
    assert "were published from it (4 records" in result.output
    assert not (out / "bridgescan.sqlite").exists()
    half = tmp_path / "half.sqlite"
    _store(half, records=300)
    half.write_bytes(half.read_bytes()[: half.stat().st_size // 2])
    result = _invoke("run", str(SAMPLE), "--out", str(tmp_path / "o2"), "--store", str(half))
    assert result.exit_code == ExitCode.STORE_BROKEN and "is damaged" in result.output


def test_a_store_path_through_a_file_or_to_a_folder_is_refused_in_one_line(tmp_path) -> None:
    """``--store`` naming a file inside what is a file, or a folder: the director is told
    which, with the environment's exit code (3), not an internal error."""
    (tmp_path / "notes.txt").write_text("not a folder")
    (tmp_path / "a-folder").mkdir()
    for store, said in (
        (tmp_path / "notes.txt" / "bridgescan.sqlite", "a file stands in the way of the folder"),
        (tmp_path / "a-folder", "is a folder, not an event store file"),
    ):
        result = _invoke("run", str(SAMPLE), "--out", str(tmp_path / "out"), "--store", str(store))
        assert result.exit_code == ExitCode.ENVIRONMENT, result.output
        assert said in result.output
        assert not (tmp_path / "out" / "results.json").exists()
