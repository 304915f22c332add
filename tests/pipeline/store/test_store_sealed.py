"""The event store sealed by default (issue 40, item 5): a key made on first use.

A new store is sealed with the key in the user's configuration folder
(``$XDG_CONFIG_HOME/bridgescan/store.key``), made on first use, readable by the user only,
its location printed when it is made; the output folder holds no key. A forger who appends
a review decision with a recomputed SHA-256 link (the formula is public) is then refused by
the next command (exit 4), with no key set up by anyone. ``BRIDGESCAN_STORE_UNSEALED=1`` is
the explicit request for plain links.
"""

from __future__ import annotations

import stat
from pathlib import Path

from pipeline.doors.scans.review import Decision
from pipeline.store import EventStore
from pipeline.store.chain import Seal
from pipeline.store.codec import dumps
from tests.pipeline.correction_event import PUBLISHED, write_event
from tests.pipeline.record_cli import bridgescan, environment
from tests.pipeline.store.store_raw import forge


def _score(tmp_path: Path, **extra: str):
    event, files = write_event(tmp_path / "event")
    out = tmp_path / "out"
    done = bridgescan("score", str(event), *files, "-o", str(out),
                      env=environment(tmp_path, PUBLISHED, **extra))  # fmt: skip
    return out, done


def test_a_new_store_is_sealed_with_a_key_made_on_first_use(tmp_path: Path) -> None:
    out, done = _score(tmp_path)
    assert done.returncode == 0, done.stdout
    key = tmp_path / ".config" / "bridgescan" / "store.key"
    assert f"made a new store key at {key}" in done.stdout.replace("\n", " ")
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert not [p for p in out.rglob("*") if p.name.endswith(".key")]  # kept outside OUT
    seal = Seal.from_file(key)
    with EventStore(out / "bridgescan.sqlite", seal=seal) as store:
        found = store.check()
    assert found.sealed == found.records > 0

    again = bridgescan("versions", str(out), env=environment(tmp_path, PUBLISHED))
    assert again.returncode == 0, again.stdout
    assert "made a new store key" not in again.stdout  # made once, then used

    with EventStore(out / "bridgescan.sqlite", seal=seal) as store:
        head = store.head()
    forged = Decision("s2.pdf#p1r1", "TD Eva", "2026-11-24T20:45:00+00:00", "reject")
    forge(str(out / "bridgescan.sqlite"), head.records + 1, "decision", "s2.pdf#p1r1",
          dumps(forged), head.chain)  # fmt: skip
    refused = bridgescan("audit", "show", str(out), env=environment(tmp_path, PUBLISHED))
    assert refused.returncode == 4, refused.stdout
    assert (f"record {head.records + 1} (decision s2.pdf#p1r1) is not sealed, though the "
            "records before it are") in refused.stdout.replace("\n", " ")  # fmt: skip


def test_unsealed_only_on_request(tmp_path: Path) -> None:
    out, done = _score(tmp_path, BRIDGESCAN_STORE_UNSEALED="1")
    assert done.returncode == 0, done.stdout
    assert not (tmp_path / ".config" / "bridgescan" / "store.key").exists()
    with EventStore(out / "bridgescan.sqlite", seal=None) as store:
        assert store.check().sealed == 0
