"""What the paper's wear sends to review: damaged pages read against the same pages drawn
without their folds, crumples and stains (issue 43, item 4).

    .venv/bin/python -m benchmarks.damage_causes --split training --pages 80 --cache CACHE

The pages of ``--condition`` (``damaged``) are generated twice from the same seed: as the
benchmark draws them, and with the paper's wear drawn on blank copies (the same random
stream, so every stroke, pen and scanner fault is the same). While drawing the second,
each piece of wear (``ocr.training.synthetic.worn_paper``: the folds, the crumpling, a
water tide line, a tea or coffee stain) is drawn alone on white paper, and every box of
the form keeps, per piece, the darkest and the median brightness it left there (1: none).
Both pages are read as ``benchmarks.bench_ocr`` reads them, with the event, and every
written row sent to a person on the worn page only is told by the boxes the wear changed
(``benchmarks.dust_causes.row_causes``) and by what lies over them:

- "a crease": a fold's groove through the box (its darkest point 3% or more under the box's
  median: a line, not the fold's broad slope);
- "a fold's slope": the fold shades the box by 3% or more, evenly;
- "a tide line" or "a tea or coffee stain": that stain darkens the box by 3% or more (on
  TEST pages, whose damage is drawn another way, ``TEST_PIECES``: "a water stain");
- "crumpling": the crumpled sheet's soft shading, 3% or more;
- "nothing over it": no piece of wear reaches the changed boxes by 3%.

A row's cause is the set over its changed boxes (or over all its boxes where none changed:
the posterior moved without a box's reading changing). The rows sent to a person on both
pages are counted by their review reasons: what the damaged condition shares with its
scanner and pens. ``--json`` keeps every row the wear sends. Choices are made on
``--split training`` only.
"""

from __future__ import annotations

from pipeline.flows.prefect_env import one_maths_thread

one_maths_thread()  # one BLAS, OpenMP and OpenCV thread, as the reading processes have

import argparse  # noqa: E402
import json  # noqa: E402
from collections import Counter  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

from benchmarks.bench_pages import generate  # noqa: E402
from benchmarks.bench_truth import _player_error  # noqa: E402
from benchmarks.dust_causes import (  # noqa: E402
    _reason,
    condition_arguments,
    condition_seed,
    not_the_same_page,
    read_pages,
    row_causes,
)
from ocr.layout import Layout  # noqa: E402
from ocr.training.synthetic.truth import load_truth  # noqa: E402

__all__ = ["PIECES", "box_wear", "generate_without_wear", "row_cause", "main"]

PIECES = {"_folds": "fold", "_crumple": "crumpling", "tide_line": "tide line",
          "drink_stain": "tea or coffee stain"}  # fmt: skip
"""The pieces of wear (``worn_paper``'s functions) by the name a cause is given."""

TEST_PIECES = {"folds": "fold", "water-stain": "water stain"}
"""TEST's damages (``paper.apply_damage``: one a page, drawn whole), named alike: a TEST
page is read only to say what is left, never to choose."""

REACHES = 0.03
"""A piece of wear reaches a box where it darkens it by this much or more (its darkest
point); a fold is a crease there where its darkest point is this much under its median."""

Wear = dict[str, dict[str, tuple[float, float]]]
"""Per box ("row/field/option"), per piece: the darkest and the median brightness."""


def box_wear(layout: Layout, dpi: float, light: dict[str, np.ndarray]) -> Wear:
    """Per box of ``layout`` the darkest and median brightness each piece's ``light`` (an
    upright page's brightness at ``dpi``, 1 where untouched) leaves inside it."""
    s = dpi / 25.4
    out: Wear = {}
    for row in layout.rows:
        for f in row.fields:
            for b in f.boxes:
                r = b.rect
                x0, y0 = max(0, round(r.x * s)), max(0, round(r.y * s))
                x1, y1 = round(r.x1 * s) + 1, round(r.y1 * s) + 1
                seen = {}
                for piece, lit in light.items():
                    cut = lit[y0:y1, x0:x1]
                    if cut.size and float(cut.min()) < 1.0 - REACHES / 3:
                        seen[piece] = (round(float(cut.min()), 4), round(float(np.median(cut)), 4))
                if seen:
                    out[f"{row.number}/{f.name}/{b.option}"] = seen
    return out


@contextmanager
def _wear_apart(sink: dict[str, Wear]) -> Iterator[None]:
    """While inside, pages are drawn without their wear, each piece drawn instead on white
    paper of the page's size (the same random draws), and ``sink`` keeps per page name
    what each piece left in each box (``box_wear``)."""
    import ocr.training.synthetic.fill as fill
    import ocr.training.synthetic.generate as generate_module
    import ocr.training.synthetic.paper as paper
    import ocr.training.synthetic.worn_paper as worn

    page_of: dict[str, Any] = {}
    synth, wear = generate_module.synth_page, worn.wear
    damage = paper.apply_damage  # (fill.py imports it by name)
    originals = {name: getattr(worn, name) for name in PIECES}
    light: dict[str, np.ndarray] = {}

    def synth_page(*args: Any, **kwargs: Any) -> Any:
        page_of.update(name=kwargs["image_name"], layout=args[4], dpi=args[3])
        return synth(*args, **kwargs)

    def alone(name: str) -> Callable[..., None]:
        def draw(page: np.ndarray, dpi: float, rng: np.random.Generator, *a: Any) -> None:
            white = np.ones_like(page)
            originals[name](white, dpi, rng, *a)
            grey = white @ np.array([0.299, 0.587, 0.114], np.float32)
            light[PIECES[name]] = grey * light.get(PIECES[name], 1.0)

        return draw

    def apart(page: np.ndarray, dpi: float, rng: np.random.Generator) -> None:
        light.clear()
        wear(np.ones_like(page), dpi, rng)
        sink[page_of["name"]] = box_wear(page_of["layout"], page_of["dpi"], light)

    def test_damage(page: np.ndarray, kind: str, dpi: float, rng: np.random.Generator) -> None:
        if kind == worn.WORN:
            damage(page, kind, dpi, rng)  # (``apart``)
            return
        white = np.ones_like(page)
        damage(white, kind, dpi, rng)
        shown = TEST_PIECES[kind]
        light = {shown: white @ np.array([0.299, 0.587, 0.114], np.float32)}
        sink[page_of["name"]] = box_wear(page_of["layout"], page_of["dpi"], light)

    generate_module.synth_page = synth_page
    setattr(paper, "wear", apart)  # noqa: B010 (paper.py's own name for worn_paper.wear)
    setattr(fill, "apply_damage", test_damage)  # noqa: B010 (fill.py's name for it)
    for name in PIECES:
        setattr(worn, name, alone(name))
    try:
        yield
    finally:
        generate_module.synth_page = synth
        setattr(paper, "wear", wear)  # noqa: B010
        setattr(fill, "apply_damage", damage)  # noqa: B010
        for name, f in originals.items():
            setattr(worn, name, f)


def generate_without_wear(
    cache: Path, condition: str, pages: int, seed: int, split: str
) -> tuple[list[Path], dict[str, Wear]]:
    """The benchmark's pages of ``condition`` drawn without their wear, into ``cache``, and
    per page what each piece of wear left in each box (kept in ``cache``'s wear.json)."""
    where = cache / split / condition / "wear.json"
    sink: dict[str, Wear] = json.loads(where.read_text()) if where.exists() else {}
    with _wear_apart(sink):
        files = generate(cache, condition, pages, seed, split=split)
    where.write_text(json.dumps(sink))
    return files, sink


def _touches(seen: dict[str, tuple[float, float]]) -> set[str]:
    out = set()
    for piece, (darkest, median) in seen.items():
        if darkest > 1.0 - REACHES:
            continue
        if piece == "fold":
            out.add("a crease" if median - darkest >= REACHES else "a fold's slope")
        else:
            out.add(piece if piece == "crumpling" else f"a {piece}")
    return out


def row_cause(found: dict[str, Any], wear: Wear) -> str:
    """What lies over the boxes the wear changed in one row (``row_causes``'s row)."""
    row = str(found["row"])
    boxes = [f"{row}/{k}" for k in (*found["digits"], *found["marks"])]
    if not boxes:
        boxes = [k for k in wear if k.split("/")[0] == row]
    causes: set[str] = set()
    for b in boxes:
        causes |= _touches(wear.get(b, {}))
    return " and ".join(sorted(causes)) or "nothing over it"


def _table(title: str, counts: Counter[str]) -> None:
    print(f"\n{title}:")
    for k, v in counts.most_common():
        print(f"  {v:4d}  {k}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    condition_arguments(ap)
    ap.set_defaults(condition="damaged")
    ap.add_argument("--json", type=Path, default=None, help="every row with its boxes")
    a = ap.parse_args(argv)
    seed = condition_seed(a)
    worn_files = generate(a.cache, a.condition, a.pages, seed, split=a.split)
    plain_files, wear = generate_without_wear(
        a.cache / "without-wear", a.condition, a.pages, seed, a.split
    )
    for f, g in zip(worn_files, plain_files, strict=True):
        why = not_the_same_page(json.loads(f.read_text()), json.loads(g.read_text()))
        if why is not None or g.stem not in wear:
            why = why or "no wear recorded"
            print(f"{f} and {g} are not one page with and without its wear ({why}): "
                  "generate both with this code, into a new --cache")  # fmt: skip
            return 2
    worn = read_pages(worn_files)
    plain = read_pages(plain_files)
    rows: list[dict[str, Any]] = []
    counts: Counter[str] = Counter()
    both: Counter[str] = Counter()  # review reasons of the rows to review with and without
    for f in worn_files:
        truth = load_truth(f)
        errors = {r.row for r in truth.rows if _player_error(truth, r)}
        for page, name in ((worn, "worn"), (plain, "without wear")):
            status = [page[f.name].rows.get(r.row, ("missing",))[0] for r in truth.rows
                      if r.row not in errors]  # fmt: skip
            counts[f"rows to review without a player's error, {name}"] += sum(
                s != "accepted" for s in status
            )
        counts["written rows"] += len(truth.rows)
        counts["of them players' errors"] += len(errors)
        for r in truth.rows:
            worn_row, plain_row = worn[f.name].rows.get(r.row), plain[f.name].rows.get(r.row)
            if (
                r.row not in errors
                and worn_row
                and plain_row
                and "accepted" not in (worn_row[0], plain_row[0])
            ):
                both.update({_reason(x) for x in worn_row[1]})
                counts["rows to review both ways"] += 1
        written = {(d.row, d.field, str(d.position)): d.digit for d in truth.digits}
        found = row_causes(
            [r.row for r in truth.rows if r.row not in errors], written,
            truth.intended_marks(), worn[f.name], plain[f.name],
        )  # fmt: skip
        rows += [{"page": f.name, **r, "cause": row_cause(r, wear[f.stem])} for r in found]
    counts["rows to review only worn"] = len(rows)
    print(json.dumps(counts, indent=1))
    _table("rows by what lies over the changed boxes", Counter(r["cause"] for r in rows))
    _table("the rows to review both ways, by review reason (a row may have several)", both)
    for w in rows:
        print(f"{w['page']} row {w['row']}: {w['cause']}; {w['digits']} {w['marks']}")
        print(f"    {'; '.join(w['reasons'])}")
    if a.json is not None:
        a.json.write_text(json.dumps({"counts": counts, "rows": rows}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
