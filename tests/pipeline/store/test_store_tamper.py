"""Tamper evidence: what was tried on the 0.1.0 store, each found, on SQLite and PostgreSQL.

Each test does to a store what a determined editor could (tests/pipeline/store/store_raw.py drops
the append-only triggers, or skips them on PostgreSQL) and checks that ``verify`` names the
first broken record: an edited record; the last records deleted; a record forged with a
recomputed link; the chain rewritten after an edit; a scan replaced by other bytes; a file
truncated to nothing or to half.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from pipeline.store import (
    ChainHead,
    EventStore,
    Seal,
    StoreBrokenError,
    StoreKeyError,
    StoreMissingError,
    TamperedError,
)
from pipeline.store.chain import link, record_digest
from tests.pipeline.store.store_raw import bypass_triggers, forge, raw

KEY = Seal(bytes(range(32)))


def _store(url: str, records: int = 5, seal: Seal | None = None) -> ChainHead:
    with EventStore(url, seal=seal) as store:
        for i in range(1, records + 1):
            store.append("row", f"s1/b{i}", {"board": i, "score": 100 * i}, actor="scanner")
        return store.head()


def test_an_edited_record_is_found(store_url) -> None:
    _store(store_url)
    bypass_triggers(store_url, """UPDATE records SET payload = '{"board":2,"score":-200}'
                                  WHERE seq = 2""")  # fmt: skip
    with EventStore(store_url) as store, pytest.raises(TamperedError) as found:
        store.verify()
    assert str(found.value) == "record 2 (row s1/b2) was changed after it was stored"
    assert found.value.seq == 2


def test_an_edit_with_its_digest_recomputed_breaks_the_chain(store_url) -> None:
    _store(store_url)
    payload = '{"board":2,"score":-200}'
    bypass_triggers(store_url, "UPDATE records SET payload = ?, digest = ? WHERE seq = 2",
                    params=(payload, record_digest("row", "s1/b2", payload)))  # fmt: skip
    with EventStore(store_url) as store, pytest.raises(TamperedError, match="chain breaks at "
                                                       r"record 2 \(row s1/b2\)"):  # fmt: skip
        store.verify()


def test_the_last_records_deleted_are_found_against_the_published_head(store_url) -> None:
    head = _store(store_url)
    bypass_triggers(store_url, "DELETE FROM records WHERE seq > 3")
    with EventStore(store_url) as store:
        with pytest.raises(TamperedError, match="the store has 3 records, but results were "
                           r"published from 5 \(head 5:[0-9a-f]{64}\): records 4-5 were "
                           "deleted"):  # fmt: skip
            store.verify(expect=head)
        if store.location.backend == "sqlite":  # the file's own counter remembers 5 records
            with pytest.raises(TamperedError, match="records 4-5 were deleted from the end"):
                store.verify()


def test_a_record_deleted_from_the_middle_is_found(store_url) -> None:
    _store(store_url)
    bypass_triggers(store_url, "DELETE FROM records WHERE seq = 3")
    with EventStore(store_url) as store, pytest.raises(TamperedError) as found:
        store.verify()
    assert str(found.value) == "record 3 is missing: the records jump from 2 to 4"


def test_the_chain_rewritten_after_an_edit_is_found_by_the_published_head(store_url) -> None:
    head = _store(store_url)
    earlier = ChainHead(4, raw(store_url, "SELECT chain FROM records WHERE seq = 4")[0][0])
    rows = raw(store_url, "SELECT seq, kind, key, payload, actor, reason, recorded_at FROM "
               "records ORDER BY seq")  # fmt: skip
    previous = "0" * 64
    for seq, kind, key, payload, actor, reason, at in rows:  # edit record 2, re-chain them all
        if seq == 2:
            payload = '{"board":2,"score":-200}'
        digest = record_digest(kind, key, payload)
        previous = link(previous, digest, actor, reason, at)
        bypass_triggers(store_url, "UPDATE records SET payload = ?, digest = ?, chain = ? "
                        "WHERE seq = ?", params=(payload, digest, previous, seq))  # fmt: skip
    with EventStore(store_url) as store:
        assert store.verify() == 5  # the chain alone cannot tell: it was rebuilt whole
        with pytest.raises(TamperedError, match="record 5 .* is not the record the published "
                           "head .* names: the chain was rewritten"):  # fmt: skip
            store.verify(expect=head)
        with pytest.raises(TamperedError, match=r"record 4 \(row s1/b4\) is not the record"):
            store.verify(expect=earlier)  # an older published head finds it too


def test_with_a_key_a_forged_append_or_a_rewritten_chain_is_found(store_url) -> None:
    head = _store(store_url, seal=KEY)
    with EventStore(store_url, seal=KEY) as store:
        assert store.check().sealed == 5
    # a forger without the key: a plain link, or a link claiming the key's id
    forge(store_url, 6, "row", "s1/b6", '{"board":6,"score":420}', head.chain)
    with EventStore(store_url, seal=KEY) as store, pytest.raises(
            TamperedError, match=r"record 6 \(row s1/b6\) is not sealed, though the records "
            "before it are: it was appended without the store's key"):  # fmt: skip
        store.verify()


def test_with_a_key_a_forged_sealed_link_breaks_the_chain(store_url) -> None:
    head = _store(store_url, seal=KEY)
    forger = Seal(b"not the key, but a guess at one!")
    forge(store_url, 6, "row", "s1/b6", '{"board":6,"score":420}', head.chain, forger,
           sealed_by=KEY.id)  # fmt: skip
    with EventStore(store_url, seal=KEY) as store, pytest.raises(
            TamperedError, match=r"the chain breaks at record 6 \(row s1/b6\)"):  # fmt: skip
        store.verify()


def test_a_sealed_store_needs_its_key(store_url) -> None:
    _store(store_url, records=2)  # written before the key: plain links stay valid
    with EventStore(store_url, seal=KEY) as store:
        store.append("row", "s1/b3", {"board": 3}, actor="scanner")
        check = store.check()
        assert (check.records, check.sealed) == (3, 1)
    with EventStore(store_url, seal=None) as store:
        assert store.latest("row", "s1/b3").value == {"board": 3}  # reading needs no key
        with pytest.raises(StoreKeyError, match=f"sealed with key {KEY.id}"):
            store.append("row", "s1/b4", {"board": 4})  # no unsealed record can follow
        with pytest.raises(StoreKeyError, match="give that key"):
            store.verify()
    with EventStore(store_url, seal=Seal(b"another key entirely, 32 bytes!!")) as store:
        with pytest.raises(StoreKeyError, match="not with the key given"):
            store.verify()


def test_the_key_comes_from_a_file_named_in_the_environment(store_url, tmp_path,
                                                             monkeypatch) -> None:  # fmt: skip
    key_file = tmp_path / "store.key"
    key_file.write_text(KEY.key.hex() + "\n")
    monkeypatch.setenv("BRIDGESCAN_STORE_KEY_FILE", str(key_file))
    with EventStore(store_url) as store:
        store.append("row", "a", 1)
        assert store.check().sealed == 1
    key_file.write_text("too short")
    with pytest.raises(ValueError, match="at least 32 hex digits"):
        EventStore(store_url)


def test_a_scan_replaced_by_other_bytes_is_found(store_url) -> None:
    scan = os.urandom(10_000_000)  # a 10 MB scan ...
    with EventStore(store_url) as store:
        store.append("event", "event", {"name": "Autumn pairs"})
        digest = store.put_blob("session1.pdf", scan)
        store.append("scan", "s1/session1.pdf", {"file": "session1.pdf", "blob": digest})
    bypass_triggers(
        store_url,
        "UPDATE blobs SET data = ? WHERE digest = ?",
        params=(b"%PDF-1.4 nothing here\n", digest),
    )  # ... replaced by 22 bytes
    with EventStore(store_url) as store:
        with pytest.raises(TamperedError) as found:
            store.verify()
        assert str(found.value) == (
            f"blob {digest[:12]}… (session1.pdf), record 2, was replaced: the store holds 22 "
            "bytes that are not the 10,000,000 bytes recorded")  # fmt: skip
        assert found.value.seq == 2
        with pytest.raises(TamperedError, match="does not match its hash"):
            store.blob(digest)  # and it is never handed to the reader


def test_a_scan_removed_or_slipped_in_beside_the_chain_is_found(store_url) -> None:
    with EventStore(store_url) as store:
        kept = store.put_blob("a.png", b"page a")
    stray = b"a page nobody kept"
    raw(store_url, "INSERT INTO blobs (digest, name, data) VALUES (?, ?, ?)",
        params=(hashlib.sha256(stray).hexdigest(), "stray.png", stray))  # fmt: skip
    with EventStore(store_url) as store, pytest.raises(TamperedError, match=r"\(stray.png\) is "
                                                       "not in the chain"):  # fmt: skip
        store.verify()
    bypass_triggers(store_url, "DELETE FROM blobs")
    with EventStore(store_url) as store, pytest.raises(TamperedError) as found:
        store.verify()
    assert str(found.value) == f"blob {kept[:12]}…, record 1, is missing from the store"


def test_a_store_truncated_to_nothing_is_refused_not_recreated(tmp_path) -> None:
    path = tmp_path / "bridgescan.sqlite"
    _store(str(path))
    path.write_bytes(b"")
    with pytest.raises(StoreBrokenError, match="is 0 bytes: an event store that was truncated"):
        EventStore(path)
    assert path.stat().st_size == 0  # left as found, not taken for a new store


def test_a_half_truncated_store_is_a_broken_store_not_a_traceback(tmp_path) -> None:
    path = tmp_path / "bridgescan.sqlite"
    with EventStore(path) as store:
        for i in range(400):
            store.append("row", f"s1/b{i}", {"board": i, "text": "x" * 200})
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(StoreBrokenError, match="the store file is damaged and cannot be read"):
        with EventStore(path) as store:
            store.verify()


def test_a_store_results_were_published_from_is_never_silently_recreated(
    store_url, tmp_path
) -> None:
    import json

    from pipeline.flows.store_checks import check_store
    from pipeline.store import store_location

    out = tmp_path / "out"
    out.mkdir()
    head = _store(store_url)
    location = store_location(store_url)
    published = {"store": location.published_name(out), "records": head.records,
                 "chain": head.chain, "head": str(head)}  # fmt: skip
    (out / "results.json").write_text(json.dumps({"store": published}))
    assert check_store(store_url, out).records == 5
    if location.path is not None:
        Path(location.path).unlink()
    else:
        raw(store_url, f'DROP SCHEMA "{location.schema}" CASCADE')
    with pytest.raises(StoreMissingError, match=r"results.json were published from it \(5 "
                       r"records, head 5:[0-9a-f]{64}\): it was deleted"):  # fmt: skip
        check_store(store_url, out)
    if location.path is not None:
        assert not Path(location.path).exists()  # not recreated
    else:
        assert raw(store_url.split("&schema")[0], "SELECT 1 FROM pg_namespace WHERE nspname = "
                   "?", params=(location.schema,)) == []  # fmt: skip
