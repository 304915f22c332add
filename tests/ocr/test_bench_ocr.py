"""benchmarks/bench_ocr.py: what the benchmark counts (read on generated pages)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from benchmarks.bench_ocr import conditions_named, evaluate, main, no_event_conditions
from benchmarks.bench_pages import generate
from benchmarks.bench_report import goals, share_without_player_errors
from benchmarks.bench_truth import player_error
from ocr.digits import LAYERS, load_model
from ocr.training.synthetic import TRAINING, generate_session
from ocr.training.synthetic.sources import CONDITIONS
from ocr.training.synthetic.truth import RowTruth, load_truth
from scoring.contract import Contract, Doubling, Seat, Side, Strain


def test_the_rows_of_a_page_that_cannot_be_read_count_as_rows_to_review(tmp_path):
    """Half of the second page is missing, so the reader cannot place it on the form and
    reads no rows from it. Its 8 written rows are still rows the director must look at
    (the page goes to a person with them): they count as written and to review, not as
    rows that were never there, which would flatter the review share."""
    generate_session(
        tmp_path, [1, 2], tables=8, split=TRAINING.condition("clean"), seed=3,
        raster_dpi=150, defects={2: "half_page"},
    )  # fmt: skip
    figures = evaluate(sorted(tmp_path.glob("page_*.json")))
    assert figures["written_rows"] == 16
    reasons = figures["review_reasons"]
    not_read = {k: v for k, v in reasons.items() if k.startswith("page not read")}
    assert sum(not_read.values()) == 8
    assert figures["review_share"] >= 8 / 16
    assert figures["false_accepts"] == 0


def test_the_blank_form_share_decides_the_sessions_on_blank_forms(tmp_path):
    """``--blank-form-share 1`` writes every session on a blank form (a fresh set to hunt
    the blank forms' wrong rows on); the default 6% leaves this seed's one-page session
    printed (its draw, 0.06 or more, is the same whatever the share)."""
    every = generate(tmp_path / "every", "clean", 1, seed=5, blank_form_share=1.0)
    default = generate(tmp_path / "default", "clean", 1, seed=5)
    assert [load_truth(f).blank_form for f in every] == [True]
    assert [load_truth(f).blank_form for f in default] == [False]


def test_conditions_names_a_list_or_all_and_refuses_a_name_that_is_none(capsys):
    assert conditions_named("all") == list(CONDITIONS)
    assert conditions_named("noisy,clean") == ["noisy", "clean"]
    with pytest.raises(ValueError, match="no condition smudged"):
        conditions_named("clean,smudged")
    with pytest.raises(SystemExit) as stop:
        main(["--conditions", "smudged", "--pages", "1"])
    assert stop.value.code == 2
    assert "--conditions: no condition smudged" in capsys.readouterr().err


def test_no_event_names_the_conditions_read_again_without_the_event():
    """``--no-event`` takes a list, ``all`` or ``none``, among the conditions read; a name
    that is no condition is refused rather than silently reading nothing without it."""
    read = ["clean", "ordinary", "phone"]
    assert no_event_conditions("ordinary", read) == {"ordinary"}
    assert no_event_conditions("all", read) == {"clean", "ordinary", "phone"}
    assert no_event_conditions("none", read) == set()
    assert no_event_conditions("pencil,phone", read) == {"phone"}
    with pytest.raises(ValueError, match="no condition smudged"):
        no_event_conditions("phone,smudged", read)


def _row(written: int | None, side: Side | None = Side.NS, pairs=(3, 8), changed=False):
    """Board 1 (nobody vulnerable): 4H by South making exactly 10 tricks, +420 to NS by
    Law 77 (4 x 30 = 120 trick points, 300 for a game not vulnerable), pairs 3 v 8."""
    return RowTruth(
        row=1, round=1, ns_pair=pairs[0], ew_pair=pairs[1], printed_ns=3, printed_ew=8,
        pairs_changed=changed, contract=Contract(4, Strain.HEARTS, Doubling.UNDOUBLED),
        declarer=Seat.SOUTH, tricks=10, ns_score=420, written_score=written, score_side=side,
    )  # fmt: skip


def test_a_player_error_is_a_wrong_score_or_pairs_the_movement_does_not_seat():
    """Rows a person must see whatever is read are the goal's exception: a written 450
    for 4H= (+420), or pairs 5 v 2 where the board's rows seat 3 v 8 and 1 v 6. A score
    left out is not one of them: the reader may accept the row on its marks."""
    allowed = {(3, 8), (1, 6)}
    assert not player_error(_row(420), allowed)
    assert player_error(_row(450), allowed)
    assert player_error(_row(420, Side.EW), allowed)  # -420: the other side's score
    assert not player_error(_row(None, None), allowed)
    assert player_error(_row(420, pairs=(5, 2), changed=True), allowed)
    assert not player_error(_row(420, pairs=(1, 6), changed=True), allowed)


def test_the_goal_figure_leaves_the_player_errors_out_of_both_counts():
    """100 written rows, 12 to review, 4 of them player errors (all to review): 8 of the
    96 rows the players got right go to a person, 8.33%, against 12% of all rows."""
    assert share_without_player_errors(100, 12, 4, 4) == pytest.approx(8 / 96)
    assert share_without_player_errors(100, 12, 0, 0) == pytest.approx(0.12)


def test_the_goals_are_8_percent_on_scanner_pages_and_12_on_phone_photos():
    """Phone photos may send 12% to a person (with or without the event), scanner pages
    8%; a wrong row fails the goal whatever the share."""

    def figures(share: float, wrong: int = 0) -> dict[str, object]:
        return {"false_accepts": wrong, "review_share": share + 0.03,
                "review_share_without_player_errors": share}  # fmt: skip

    result = {
        "phone": figures(0.11),
        "phone (no event)": figures(0.125),
        "clean": figures(0.079),
        "noisy": figures(0.081),
        "ordinary": figures(0.02, wrong=1),
        "all": {"false_accepts": 1},
    }
    met = {name: g["met"] for name, g in goals(result).items()}
    assert met == {"phone": True, "phone (no event)": False, "clean": True, "noisy": False,
                   "ordinary": False}  # fmt: skip


def test_digit_model_reads_the_digit_boxes_with_the_model_file_named(tmp_path):
    """``--digit-model`` prices a candidate model before it is shipped: the pages are read
    with that file's weights, not the shipped ones. A copy of the shipped model whose last
    layer adds 100 to the logit of 7 reads every written box as a 7, so on two clean pages
    the handwritten fields (scores and pair numbers) read right with the shipped model (all
    of them, measured) and hardly ever with it (none, measured: no score or pair number
    written on them is all sevens); a file that is not there is refused before any page is
    read."""
    generate_session(
        tmp_path / "pages", [1, 2], tables=8, split=TRAINING.condition("clean"), seed=3,
        raster_dpi=150,
    )  # fmt: skip
    shipped = load_model()
    biases = list(shipped.biases)
    last = len(LAYERS) - 1
    for m in range(shipped.members):
        biases[len(LAYERS) * m + last] = biases[len(LAYERS) * m + last] + 100 * np.eye(10)[7]
    sevens = tmp_path / "sevens.npz"
    replace(shipped, biases=tuple(biases)).save(sevens)
    pages = sorted((tmp_path / "pages").glob("page_*.json"))
    right = evaluate(pages)["digit_field_accuracy"]
    all_sevens = evaluate(pages, digit_model=sevens)["digit_field_accuracy"]
    assert right > 0.9
    assert all_sevens < 0.2
    with pytest.raises(SystemExit) as refused:
        main(["--digit-model", str(tmp_path / "none.npz"), "--pages", "1"])
    assert refused.value.code == 2
