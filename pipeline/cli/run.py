"""``bridgescan run FOLDER -o OUT``: the main job, scans and typed travellers to results.

Runs the Prefect flow ``bridgescan-run`` (pipeline/flows/run_event.py) on the Prefect
server that is running (``PREFECT_API_URL``, or ``bridgescan prefect start``'s), else on a
temporary local API the command starts first thing (pipeline/flows/local_api.py), with the
event store in ``OUT/bridgescan.sqlite`` (or ``--store``: a path or a PostgreSQL URL;
``BRIDGESCAN_STORE``). The progress line starts at once and stays. With a standing runner
(``bridgescan prefect start`` starts one beside its server) the command runs in it instead
of in a fresh process (pipeline/cli/runner/); ``--no-runner`` runs it here. One run at a time
writes an output folder: a second waits (pipeline/cli/output_lock.py). Exit codes
(``pipeline.cli.ExitCode``): 0 official results, nothing open; 1 provisional results
written, review items or findings wait for the director; 2 bad input, nothing published; 3
a tool or package is missing (or Prefect's local API did not start in time), or the disk
cannot take the output (what to free is said); 4 the event store is broken; 6 the store is
newer than this bridgescan; 130 stopped by Ctrl-C, or the runner that ran it ended. Heavy
imports (Prefect, OpenCV) happen inside the command.
"""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pipeline.cli.disk import cannot_write_reason, exits_when_the_disk_is_full
from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.options import (
    DealFilesOption,
    Masterpoints,
    MasterpointsOption,
    OutFolder,
    record_deal_files,
)
from pipeline.cli.output import FormatOption, OutputFormat
from pipeline.cli.store import StoreOption, for_flow, resolve_store, store_errors

if TYPE_CHECKING:
    from pipeline.cli.progress import StageProgress

__all__ = ["register", "run_command"]


def run_command(
    folder: Annotated[Path, typer.Argument(help="Event folder: event.yaml, scans, entry files.")],
    out: OutFolder = Path("out"),
    store: StoreOption = None,
    masterpoints: MasterpointsOption = Masterpoints.BRONZE,
    deals: DealFilesOption = None,
    form: FormatOption = OutputFormat.TEXT,
    no_runner: Annotated[
        bool,
        typer.Option(
            "--no-runner",
            help="Run in this process, never in the bridgescan runner that `bridgescan "
            "prefect start` starts beside its server (the same results either way; the "
            "runner has Prefect and this command loaded already). Without a runner of this "
            "bridgescan's code, or when it is busy, the command runs in itself anyway. If "
            "the runner ends during the command, the command exits 130, as one stopped mid-"
            "run: run it again.",
        ),
    ] = False,
) -> None:
    """Read, validate and score an event folder; write the results and the review queue.

    One run at a time writes an output folder: a second one waits for the first."""
    del no_runner  # read by the entry point before this command is built (pipeline/cli)
    from pipeline.cli.output import stderr_console, stdout_console
    from pipeline.cli.progress import stage_progress

    console = stdout_console(data_elsewhere=form is not OutputFormat.TEXT)
    errors = stderr_console()
    if folder.name == "sample_data" and (folder / "club-evening").is_dir():
        folder = folder / "club-evening"  # `bridgescan run sample_data` runs the sample event
    if not (folder / "event.yaml").is_file():
        why = "no event.yaml here" if folder.is_dir() else "no such folder"
        if folder.exists() and not folder.is_dir():
            why = "it is a file, not a folder; give the event folder (holding event.yaml)"
        errors.print(f"error: {folder}: {why}", markup=False)
        raise typer.Exit(ExitCode.BAD_INPUT)
    started = time.monotonic()
    _start_prefect_api(errors)  # before the rest: a temporary API boots meanwhile
    plan, refused = _planned(folder)
    if refused is not None and store is None and not _holds_a_record(out):
        raise _fail(errors, refused, ExitCode.BAD_INPUT)  # said before OUT is touched
    from pipeline.flows.collector import collector_paused

    with collector_paused():  # the modules load: SQLAlchemy, then the results model
        location = resolve_store(store, out)
        from pipeline.flows.store_checks import check_store
    from pipeline.cli.output_lock import output_folder_held

    say = partial(errors.print, markup=False, highlight=False, soft_wrap=True)
    with exits_when_the_disk_is_full(out), output_folder_held(out, say), \
            stage_progress(console) as progress:  # fmt: skip
        with store_errors("nothing was published"):  # before Prefect: a broken store stops here
            check_store(location, out)  # a record there is checked first, as by every command
            if refused is not None:
                raise _fail(errors, refused, ExitCode.BAD_INPUT)
            try:
                record_deal_files(for_flow(location), out, deals)
            except (OSError, ValueError) as error:
                if cannot_write_reason(error):
                    raise  # the disk, not the input: exit 3 with what to free
                raise _fail(errors, str(error), ExitCode.BAD_INPUT) from None
        summary = _run(folder, out, plan, for_flow(location), masterpoints.value, progress, errors)
        progress.finish(f"done in {time.monotonic() - started:.0f} s")
    _report(summary, console, form)
    results = summary.results
    if results.status.provisional:  # type: ignore[attr-defined]
        raise typer.Exit(ExitCode.FINDINGS)


def _planned(folder: Path) -> tuple[list[Any], str | None]:
    """The event file read and each session's files found (``inputs.yaml``, a path leading
    outside the folder refused), or why not. Read before the store is opened and the
    progress line drawn: refused into a new OUT, such a folder left an empty
    ``OUT/bridgescan.sqlite`` behind "nothing was published", and its error above a
    progress line still saying "starting". An OUT that holds a record has it checked
    first all the same (a broken store is exit 4 whatever the event folder holds)."""
    from pipeline.doors.inputs import session_files
    from pipeline.events.eventfile import load_event

    try:
        return session_files(folder, load_event(folder / "event.yaml")), None
    except (OSError, ValueError) as error:
        return [], str(error)


def _holds_a_record(out: Path) -> bool:
    """OUT has a store or published versions of its own (``--store`` aside)."""
    return (out / "bridgescan.sqlite").exists() or (out / "versions").exists()


def _start_prefect_api(errors: Any) -> None:
    """Choose the Prefect API first thing: a running server, else this command's temporary
    API started now, so that it boots (5-8 s of one core, nine tenths of it Prefect's
    server imported in its own process, docs/batch.md) while this command imports the
    store, checks it, reads the event file, counts the pages and imports Prefect, instead
    of after them."""
    from pipeline.flows.prefect_server import choose_api

    choose_api(lambda line: errors.print(line.rstrip(), markup=False, soft_wrap=True))


def _fail(errors: Any, message: str, code: ExitCode) -> typer.Exit:
    errors.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
    if code is ExitCode.BAD_INPUT:
        errors.print("nothing was published", markup=False)
    return typer.Exit(code)


def _run(  # type: ignore[no-untyped-def]
    folder: Path,
    out: Path,
    plan: list[Any],
    store: str,
    masterpoints: str,
    progress: StageProgress,
    errors,
):
    from ocr.pages import page_count
    from pipeline.doors.scans.reading import scan_files

    progress.set_total(sum(page_count(p) for f in plan for p in scan_files(f.scans)) or None)
    progress.stage("starting Prefect")
    from pipeline.flows.collector import collector_paused
    from pipeline.flows.prefect_env import late_api_message

    with collector_paused():  # Prefect's modules load a sixth faster
        from pipeline.flows import run_event as flows
    from pipeline.flows.local_api import tie_local_api_to_this_process

    def listen(stage: str, _detail: object) -> None:
        if stage == "page":
            progress.page()
        else:
            progress.stage(stage)

    flows.listeners.append(listen)
    from pipeline.doors.session_input import NothingScoredYet

    try:
        with collector_paused():  # while a temporary API starts: the steps' modules load
            tie_local_api_to_this_process(meanwhile=flows.imports_of_the_steps())
        with store_errors("nothing was published"):
            return flows.run_event(folder, out, store, masterpoints, store_checked=True)
    except NothingScoredYet as error:  # the queue is written: a person decides, then runs again
        errors.print(f"{error}; nothing was published", markup=False, soft_wrap=True)
        errors.print(
            f"Decide them with `bridgescan review list {out}` and `bridgescan review resolve "
            f"{out} ITEM --by NAME --value ...`, then run again.",
            markup=False,
            soft_wrap=True,
        )
        raise typer.Exit(ExitCode.FINDINGS) from None
    except FileNotFoundError as error:  # tesseract, opencv-doc: the machine lacks a tool
        raise _fail(errors, str(error), ExitCode.ENVIRONMENT) from None
    except (OSError, ValueError) as error:
        if cannot_write_reason(error):
            raise  # the disk, not the input: exit 3 with what to free
        raise _fail(errors, str(error), ExitCode.BAD_INPUT) from None
    except RuntimeError as error:
        message = late_api_message(error)
        if message is None:
            raise
        raise _fail(errors, message, ExitCode.ENVIRONMENT) from None
    finally:
        flows.listeners.remove(listen)


def _report(summary: Any, console: Any, form: OutputFormat) -> None:
    from pipeline.cli.output import Listing, emit
    from pipeline.cli.report import print_status, ranking_listing

    columns = ("Session", "Pages", "Rows read", "Accepted", "Decided", "To review", "Typed")
    inputs = Listing("inputs", f"{summary.event}: inputs", columns, right=frozenset(columns))
    for s in summary.sessions:
        inputs.add(s.session, s.pages, s.rows_read, s.accepted, s.decided, s.to_review, s.typed)
    emit([ranking_listing(summary.results), inputs], form, console)
    for s in summary.sessions:
        if s.pages_reused:
            reused = f"{s.pages_reused} of {s.pages} page(s) as read before"
            console.print(f"session {s.session}: {reused} (same scan, same reader), not read again",
                          markup=False)  # fmt: skip
        for note in s.replaced:
            console.print(f"session {s.session}: {note}", markup=False, soft_wrap=True)
        for page in s.unreadable:  # a corrupt, truncated or foreign scan: the evening goes on
            console.print(f"session {s.session}: not read: {page}", markup=False, soft_wrap=True)
    for note in summary.notes:
        console.print(note, markup=False)
    for key, path in summary.paths.items():
        console.print(f"{key:9} {path}", markup=False, highlight=False, soft_wrap=True)
    waiting = len(summary.waiting)
    console.print(f"{'review':9} {summary.review_folder} ({waiting} open)", markup=False,
                  highlight=False, soft_wrap=True)  # fmt: skip
    stored = f"{summary.store} ({summary.records} records, chain verified, head {summary.head})"
    console.print(f"{'store':9} {stored}", markup=False, highlight=False, soft_wrap=True)
    publication = getattr(summary.results, "publication", None)
    if publication is not None:
        from pipeline.cli.correct import publication_lines
        from pipeline.clock import now

        for line in publication_lines(publication, now()):
            console.print(line, markup=False, highlight=False, soft_wrap=True)
    for note in summary.kept_sheets:
        console.print(note, markup=False, soft_wrap=True)
    if summary.legacy_decisions is not None:
        console.print(
            f"note: {summary.legacy_decisions} is not read any more: decisions live in the "
            f"event store. Import it once: bridgescan review import {summary.out} "
            f"{summary.legacy_decisions}",
            markup=False, soft_wrap=True,
        )  # fmt: skip
    if summary.blocking:
        console.print(f"{len(summary.blocking)} finding(s) block publishing:", markup=False)
        for line in summary.blocking[:10]:
            console.print(f"  {line}", markup=False, soft_wrap=True)
    hint = ""
    if waiting:
        hint = (
            f"Decide them with `bridgescan review list {summary.out}` and `bridgescan review "
            f"resolve {summary.out} ITEM --by NAME --value ...`, then run again."
        )
    print_status(summary.results, console, hint)


def register(app: typer.Typer) -> None:
    """Add ``bridgescan run``."""
    app.command("run", no_args_is_help=True)(run_command)
