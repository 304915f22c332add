"""Rows to review pooled over the named sets (``reader_sets shares``), counted by hand."""

from __future__ import annotations

import json

from benchmarks.reader_sets import PRICE_SETS, hunt_sets, kind_of, main, pooled, share_table


def _condition(written: int, errors: int, sent_clean: int, wrong: int = 0) -> dict:
    """A condition as ``bench_ocr`` writes it: ``written`` rows, ``errors`` of them a
    player's error (each sent to a person), ``sent_clean`` rows without one sent too."""
    rows = [
        {"page": "p", "row": k, "player_error": k < errors, "reasons": []}
        for k in range(errors + sent_clean)
    ]
    return {
        "written_rows": written,
        "rows_with_player_errors": errors,
        "rows_to_review": rows,
        "rows_to_review_with_player_errors": errors,
        "false_accepts": wrong,
    }


def test_every_named_set_has_its_kind():
    kinds = {
        s.name: kind_of(s.name)
        for s in (*PRICE_SETS, *hunt_sets([501], False), *hunt_sets([501], True))
    }
    assert kinds == {
        "t13": "TRAINING",
        "dg13": "TRAINING dirty glass",
        "dg24680": "TRAINING dirty glass",
        "dg31415": "TRAINING dirty glass",
        "fdg13": "TRAINING fine-dots dirty glass",
        "fdg48201": "TRAINING fine-dots dirty glass",
        "fdg65079": "TRAINING fine-dots dirty glass",
        "fdg52718": "TRAINING fine-dots dirty glass",
        "fdg16180": "TRAINING fine-dots dirty glass",
        "fd13": "TRAINING fine dots",
        "h501test": "TEST",
        "h501training": "TRAINING",
        "hdg501": "TRAINING dirty glass",
        "hfdg501": "TRAINING fine-dots dirty glass",
        "htn501": "TEST",
    }
    assert kind_of("mine") == "mine"


def test_the_share_is_of_the_rows_of_every_set_pooled_not_the_mean_of_the_sets():
    """Set A: 110 written, 10 errors, 5 clean rows sent: 5/100. Set B: 215 written, 15
    errors, 30 sent: 30/200. Pooled 35/300 = 11.67%, where the sets' mean is 10%."""
    a = {"noisy": _condition(110, 10, 5), "noisy (no event)": _condition(110, 10, 6)}
    b = {"noisy": _condition(215, 15, 30, wrong=1), "noisy (no event)": _condition(215, 15, 30)}
    pools = pooled([("htn501", a), ("htn502", b)])
    p = pools[("TEST", "noisy")]
    assert (p.rows, p.sent, p.wrong) == (300, 35, 1)
    assert round(p.share, 4) == 0.1167
    assert p.shares == [0.05, 0.15]
    assert pools[("TEST", "noisy (no event)")].sent == 36
    line = share_table(pools)[1].split()
    assert line[:7] == ["TEST", "noisy", "2", "300", "35", "11.67%", "5.0%-15.0%"]
    assert line[7:] == ["12.00%", "8%", "no", "1"]


def test_phone_photos_are_held_to_12_percent():
    """10 of 100 clean rows sent: 10%, over the scanner pages' 8%, within the phone's 12%."""
    pools = pooled([("h7test", {"phone": _condition(100, 0, 10), "clean": _condition(100, 0, 10)})])
    lines = {line.split()[1]: line.split() for line in share_table(pools)[1:]}
    assert lines["phone"][-4:] == ["-", "12%", "yes", "0"]
    assert lines["clean"][-4:] == ["-", "8%", "no", "0"]


def test_shares_reads_run_folders_and_refuses_empty_ones(tmp_path, capsys):
    run = tmp_path / "hunt"
    run.mkdir()
    (run / "htn501.json").write_text(json.dumps({"noisy": _condition(110, 10, 5), "all": {}}))
    assert main(["shares", str(run)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[:6] == ["TEST", "noisy", "1", "100", "5", "5.00%"]
    assert main(["shares", str(tmp_path)]) == 2
    assert "shares: no benchmark JSON in" in capsys.readouterr().err
