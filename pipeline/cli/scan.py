"""``bridgescan scan read``, ``bridgescan review list/resolve``, ``bridgescan model train-digits``.

- ``scan read FOLDER_OR_PDF [--event EVENT_FILE --session N] -o OUT``: read every page
  (PDF, TIFF, PNG, JPEG) into traveller rows. Accepted rows are written to
  ``OUT/travellers.json`` (shared ``TravellerRow`` records, pipeline/store/codec.py) and, with an
  event, validated like the spreadsheet door (pipeline/validation); every page and row
  as read goes to ``OUT/readings.json``; the review queue to ``OUT/review.json`` (crops in
  ``OUT/crops/``) and ``OUT/review.xlsx`` (crops embedded, top candidates beside them).
- ``review list OUT`` shows the open items; ``review resolve OUT ITEM --by NAME --value
  "4HX N -1"`` records a decision (append-only ``OUT/decisions.jsonl``).
- ``model train-digits`` retrains the handwritten digit model from the data on the
  machine (and review corrections), reproducibly.

Heavy modules load inside the commands so ``bridgescan --help`` stays instant. Exit codes
follow ``pipeline.cli.ExitCode``: 0 all read and accepted, 1 items wait for review or
findings block publishing, 2 bad input, 3 a tool is missing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.exit_codes import ExitCode

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add the ``scan``, ``review`` and ``model`` command groups."""
    scan = typer.Typer(help="Read scanned travellers into results.", no_args_is_help=True)
    scan.command("read")(read_command)
    app.add_typer(scan, name="scan")
    review = typer.Typer(help="The review queue of doubtful readings.", no_args_is_help=True)
    review.command("list")(review_list)
    review.command("resolve")(review_resolve)
    app.add_typer(review, name="review")
    model = typer.Typer(help="The handwritten digit model.", no_args_is_help=True)
    model.command("train-digits")(train_digits)
    app.add_typer(model, name="model")


def _fail(message: str, code: int = ExitCode.BAD_INPUT) -> typer.Exit:
    typer.echo(message, err=True)
    return typer.Exit(code)


def read_command(
    target: Annotated[Path, typer.Argument(help="A folder of scans, or one PDF/TIFF/image.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="Output folder.")],
    event: Annotated[Path | None, typer.Option(help="Event file (pairs and movement).")] = None,
    session: Annotated[int, typer.Option(help="Session number in the event file.")] = 1,
) -> None:
    """Read scanned travellers; write rows, readings and the review queue to OUT."""
    from ocr.reading import RowStatus
    from pipeline.doors.scans.reading import (
        accepted_rows,
        read_scans,
        readings_summary,
        scan_reader,
    )
    from pipeline.doors.scans.review import build_queue, write_queue, write_sheet
    from pipeline.files import atomic_write_text
    from pipeline.store.codec import dumps

    if not target.exists():
        raise _fail(f"{target}: no such file or folder")
    chosen = None
    try:
        if event is not None:
            from pipeline.events.eventfile import load_event

            loaded = load_event(event)
            chosen = loaded.session(session)
            reader = scan_reader(loaded, session)
        else:
            reader = scan_reader()
    except (OSError, ValueError, KeyError) as exc:
        raise _fail(f"{event}: {exc}") from exc
    try:
        pages = read_scans(reader, [target])
    except FileNotFoundError as exc:
        raise _fail(str(exc), ExitCode.ENVIRONMENT) from exc
    if not pages:
        raise _fail(f"{target}: no PDF, TIFF, PNG or JPEG files")
    out.mkdir(parents=True, exist_ok=True)
    rows = accepted_rows(pages)
    atomic_write_text(out / "travellers.json", dumps(rows) + "\n")
    summary = readings_summary(pages)
    atomic_write_text(out / "readings.json", json.dumps(summary, indent=1) + "\n")
    items = build_queue(pages)
    write_queue(items, out)
    write_sheet(items, out / "review.xlsx")
    blocking = False
    if chosen is not None:
        from pipeline.validation.findings import blocks_publishing
        from pipeline.validation.session import validate_rows

        findings = []
        for section in chosen.sections:  # type: ignore[attr-defined]
            part = [r for r in rows if r.section == section.name]
            findings += validate_rows(part, section.movement, session=str(session))
        text = "\n".join(str(f) for f in findings)
        atomic_write_text(out / "findings.txt", text + ("\n" if text else ""))
        blocking = blocks_publishing(findings)
        typer.echo(f"validation: {len(findings)} finding(s), see {out / 'findings.txt'}")
    n_rows = sum(1 for p in pages for r in p.rows if r.status is not RowStatus.EMPTY)
    typer.echo(
        f"{len(pages)} page(s), {n_rows} row(s): {len(rows)} accepted, "
        f"{len(items)} review item(s) in {out / 'review.xlsx'}"
    )
    if items or blocking:
        raise typer.Exit(ExitCode.FINDINGS)


def review_list(
    out: Annotated[Path, typer.Argument(help="The folder `scan read` wrote.")],
    all_items: Annotated[bool, typer.Option("--all", help="Also decided items.")] = False,
) -> None:
    """Show the review items still open (or all of them)."""
    from pipeline.doors.scans.review import ReviewError, load_decisions, load_queue, open_items

    try:
        items = load_queue(out)
        decisions = load_decisions(out)
    except ReviewError as exc:
        raise _fail(str(exc)) from exc
    shown = list(items) if all_items else open_items(items, decisions)
    decided = {d.item: d for d in decisions}
    for item in shown:
        typer.echo(f"{item.id}  {item.where}: {'; '.join(item.reasons)}")
        for k, (text, p) in enumerate(item.candidates, start=1):
            typer.echo(f"    candidate {k}: {text}  (p={p:.3f})")
        if item.id in decided:
            d = decided[item.id]
            typer.echo(f"    decided: {d.value} by {d.who} at {d.when}")
    typer.echo(f"{len(open_items(items, decisions))} open of {len(items)} item(s)")


def review_resolve(
    out: Annotated[Path, typer.Argument(help="The folder `scan read` wrote.")],
    item: Annotated[str, typer.Argument(help="Item id, as `review list` shows it.")],
    by: Annotated[str, typer.Option("--by", help="Who decides (recorded).")],
    value: Annotated[str, typer.Option(help='e.g. "3-12 4HX N -1", "candidate 2", "reject".')],
    note: Annotated[str, typer.Option(help="Why (recorded).")] = "",
) -> None:
    """Record a decision on a review item (append-only; the reading is kept)."""
    from pipeline.doors.scans.review import (
        ReviewError,
        load_decisions,
        load_queue,
        resolve,
        write_sheet,
    )

    try:
        decision = resolve(out, item, by, value, note)
        write_sheet(load_queue(out), out / "review.xlsx", load_decisions(out))
    except ReviewError as exc:
        raise _fail(str(exc)) from exc
    typer.echo(f"{decision.item}: {decision.value} (by {decision.who}, {decision.when})")


def train_digits(
    out: Annotated[Path | None, typer.Option(help="Where to write the model (.npz).")] = None,
    corrections: Annotated[
        list[Path] | None, typer.Option(help="Review output folders with corrections/.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Random seed (same seed, same model).")] = 20261122,
) -> None:
    """Train the handwritten digit model from data on this machine (no download)."""
    from dataclasses import replace

    from ocr.digits import DEFAULT_MODEL_PATH
    from ocr.training.digit_model import default_sources, train_digit_model

    sources = default_sources()
    if corrections:
        sources = replace(sources, corrections=tuple(p / "corrections" for p in corrections))
    try:
        report = train_digit_model(out or DEFAULT_MODEL_PATH, sources, seed=seed)
    except FileNotFoundError as exc:
        raise _fail(str(exc), ExitCode.ENVIRONMENT) from exc
    typer.echo(
        f"trained on {report.samples} digits {report.per_source}; held-out accuracy "
        f"{report.held_out_accuracy:.4f} on {report.held_out}; wrote {out or DEFAULT_MODEL_PATH}"
    )
