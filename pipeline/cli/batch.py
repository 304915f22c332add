"""``bridgescan batch FOLDER... -o OUT``: a tournament office's day in one command.

Every session of every event folder (or folder of event folders) is read, validated, scored
and published as ``bridgescan run`` would, each event into ``OUT/<event folder>/``, with
the batch summary in ``OUT/batch-summary.xlsx`` and ``.json`` and on the terminal. Pages
are read in parallel on reading processes of the command's own, one per core (the
default, ``--runner processes``), on threads (``--runner threads``) or on Dask
(``--runner dask --workers N``, or ``--address tcp://host:8786`` for an existing
scheduler). One bad event is reported with
its reason and the rest goes on; run the same command again after a crash or a review
decision and nothing is added twice.

Exit code (``pipeline.cli.ExitCode``): the most serious of the events' outcomes: 0 all
published, nothing open; 1 some results are PROVISIONAL (review items or blocking
findings wait for a person); 2 an event's files could not be used; 3 an output folder
could not be written, a tool is missing, a store's server cannot be reached or a process
reading pages was killed; 4 an event
store is broken; 5 someone else changed an event meanwhile; 6 a store is newer than this
bridgescan; 70 a bug.
"""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from pipeline.cli.ctrl_c import ctrl_c_was_pressed
from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.options import Masterpoints, MasterpointsOption, OutFolder
from pipeline.cli.output import FormatOption, OutputFormat

__all__ = ["Runner", "register", "batch_command", "deploy_command", "exit_code"]

#: The exit code of each outcome (pipeline/flows/batch_report.py OUTCOMES).
_EXIT = {
    "official": ExitCode.OK,
    "provisional": ExitCode.FINDINGS,
    "bad-input": ExitCode.BAD_INPUT,
    "cannot-write": ExitCode.ENVIRONMENT,
    "missing-tool": ExitCode.ENVIRONMENT,
    "reader-died": ExitCode.ENVIRONMENT,
    "store-unavailable": ExitCode.ENVIRONMENT,
    "conflict": ExitCode.CONFLICT,
    "store-broken": ExitCode.STORE_BROKEN,
    "store-too-new": ExitCode.STORE_TOO_NEW,
    "internal": ExitCode.INTERNAL,
}
# From nothing to do to a bug: the batch exits with the most serious.
_SEVERITY = (ExitCode.OK, ExitCode.FINDINGS, ExitCode.CONFLICT, ExitCode.BAD_INPUT,
             ExitCode.ENVIRONMENT, ExitCode.STORE_TOO_NEW, ExitCode.STORE_BROKEN,
             ExitCode.INTERNAL)  # fmt: skip


def exit_code(outcomes: list[str]) -> ExitCode:
    """The batch's exit code: the most serious of its events' outcomes."""
    codes = [_EXIT[o] for o in outcomes] or [ExitCode.OK]
    return max(codes, key=_SEVERITY.index)


class Runner(StrEnum):
    """Where the batch reads its pages (pipeline/flows/task_runners.py)."""

    THREADS = "threads"
    PROCESSES = "processes"
    DASK = "dask"


RunnerOption = Annotated[
    Runner,
    typer.Option("--runner", help="Where pages are read: reading processes of this "
                 "command's own (every core), threads in this process, or Dask (local worker "
                 "processes, or the scheduler at --address).",
                 case_sensitive=False),
]  # fmt: skip
WorkersOption = Annotated[
    int | None,
    typer.Option("--workers", min=1,
                 help="Reading processes, threads or local Dask worker processes "
                 "(default: one per core)."),
]  # fmt: skip
AddressOption = Annotated[
    str | None,
    typer.Option("--address", help="An existing Dask scheduler, tcp://host:8786 "
                 "(--runner dask); its workers need the event folders at the same paths."),
]  # fmt: skip
BatchStoreOption = Annotated[
    str | None,
    typer.Option("--store", envvar="BRIDGESCAN_STORE", show_envvar=True,
                 help="A PostgreSQL URL (postgresql://user@host/dbname) the office's machines "
                 "share: each event keeps its store in its own schema of it. Default: "
                 "OUT/<event>/bridgescan.sqlite."),
]  # fmt: skip


def batch_command(
    folders: Annotated[
        list[Path],
        typer.Argument(help="Event folders, or folders holding event folders.", show_default=False),
    ],
    out: OutFolder = Path("out"),
    runner: RunnerOption = Runner.PROCESSES,
    workers: WorkersOption = None,
    address: AddressOption = None,
    chunk_pages: Annotated[
        int,
        typer.Option("--chunk-pages", help="Pages per task (README, 'Speed', says why 8).", min=1),
    ] = 8,  # fmt: skip
    masterpoints: MasterpointsOption = Masterpoints.BRONZE,
    store: BatchStoreOption = None,
    form: FormatOption = OutputFormat.TEXT,
) -> None:
    """Read, score and publish every session of every event folder; write a batch summary.

    Each event is published into OUT/<event folder>/ as `bridgescan run` would publish it;
    the summary per event and session is on the terminal and in OUT/batch-summary.xlsx and
    .json. Run the same command again after a crash or review decisions: nothing is added
    twice and no page is read twice.
    """
    from pipeline.cli.output import stderr_console, stdout_console

    if runner is not Runner.THREADS:  # its pages read elsewhere: fewer arenas, less memory
        from pipeline.flows.prefect_env import few_malloc_arenas

        few_malloc_arenas()
    console = stdout_console(data_elsewhere=form is not OutputFormat.TEXT)
    errors = stderr_console()
    spec = _runner(runner, workers, address, errors)
    shared = _shared_store(store, errors)
    report = _run(folders, out, spec, chunk_pages, masterpoints.value, shared, console, errors)
    _print_summary(report, out, console, form)
    raise typer.Exit(exit_code([event.outcome for event in report.events]))


def _runner(runner: Runner, workers: int | None, address: str | None, errors):  # type: ignore[no-untyped-def]
    """The checked runner configuration, or exit 2 naming what does not fit."""
    from pipeline.flows.task_runners import runner_spec

    try:
        return runner_spec(runner.value, workers, address)
    except ValueError as error:
        errors.print(f"error: {error}", markup=False)
        raise typer.Exit(ExitCode.BAD_INPUT) from None


def _shared_store(store: str | None, errors) -> str | None:  # type: ignore[no-untyped-def]
    """``--store`` for a batch: a PostgreSQL URL (as a flow parameter, password aside)."""
    if not store:
        return None
    from pipeline.cli.store import for_flow
    from pipeline.store import store_location

    try:
        location = store_location(store)
    except ValueError as error:
        errors.print(f"error: {error}", markup=False)
        raise typer.Exit(ExitCode.BAD_INPUT) from None
    if location.path is not None:
        errors.print("error: --store: each event of a batch keeps its SQLite store in its own "
                     "output folder; give a PostgreSQL URL to keep them in one database "
                     "(a schema per event)", markup=False, soft_wrap=True)  # fmt: skip
        raise typer.Exit(ExitCode.BAD_INPUT)
    return for_flow(location)


def _run(folders, out, spec, chunk_pages, masterpoints, store, console, errors):  # type: ignore[no-untyped-def]
    from pipeline.cli.batch_progress import BatchProgress
    from pipeline.flows.batch_plan import BatchInputError, event_folders

    try:  # a few stat calls: a mistyped folder is said before Prefect's API is started for it
        paths = event_folders(folders)
    except BatchInputError as error:
        errors.print(f"error: {error}", markup=False)
        raise typer.Exit(ExitCode.BAD_INPUT) from None
    with BatchProgress(console) as progress:  # on screen from the first second
        # The terminal shows the batch's own progress and summary; Prefect's log lines go to
        # its API (the UI), not over the progress bar.
        os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "CRITICAL")
        from pipeline.flows.prefect_server import choose_api

        # The API chosen first, as `run` does: a running server, else the temporary API
        # started now, so that it boots while the batch imports Prefect.
        choose_api(lambda line: errors.print(line.rstrip(), markup=False, soft_wrap=True))
        from pipeline.flows.collector import collector_paused
        from pipeline.flows.reading_processes import close_early

        try:
            if spec.kind == "processes":  # they boot on the other core while Prefect loads
                _start_reading_processes(spec.workers, errors)
                from pipeline.flows.first_chunks import send_first_chunks

                send_first_chunks(paths, out, store, chunk_pages, spec.workers)  # read meanwhile
            with collector_paused():  # Prefect's modules and the flow's load a sixth faster
                from pipeline.flows import batch

            progress.starting(len(paths), spec.short)
            return _run_flow(batch, paths, out, spec, chunk_pages, masterpoints, store,
                             progress, errors)  # fmt: skip
        except KeyboardInterrupt:  # while Prefect loads, or in the flow
            _say_interrupted(errors)
        except Exception:
            if not ctrl_c_was_pressed():
                raise
            # Ctrl-C, met first as an error of its own: the reading processes, which the
            # terminal interrupts too, may end before this process's handler runs
            _say_interrupted(errors)
        finally:
            close_early()  # the batch did not take them (it stopped before reading)


def _say_interrupted(errors) -> NoReturn:  # type: ignore[no-untyped-def]
    """Ctrl-C: every event published so far is kept, and a run of the same command carries
    on from them (exit 130)."""
    errors.print("interrupted: run the same command again to carry on", markup=False)
    raise typer.Exit(ExitCode.INTERRUPTED) from None


def _start_reading_processes(count: int, errors) -> None:  # type: ignore[no-untyped-def]
    """The batch's reading processes started now, or exit 3 naming why they cannot be (no
    process or file descriptor left): a line, not a traceback."""
    from pipeline.flows.reading_processes import start_early

    try:
        start_early(count)
    except OSError as error:
        errors.print(f"error: cannot start the reading processes: {error}", markup=False)
        raise typer.Exit(ExitCode.ENVIRONMENT) from None


def _run_flow(batch, paths, out, spec, chunk_pages, masterpoints, store, progress, errors):  # type: ignore[no-untyped-def]
    """The batch's flow run, its progress heard, its expected errors told in a line."""
    from pipeline.flows.collector import collector_paused
    from pipeline.flows.local_api import tie_local_api_to_this_process
    from pipeline.flows.prefect_env import late_api_message

    batch.batch_listeners.append(progress.hear)
    try:
        with collector_paused():  # the publishing modules, while a temporary API starts
            # no API process left behind, even after kill -9
            imports = batch.imports_of_publishing()
            tie_local_api_to_this_process(meanwhile=imports)
            for step in imports:  # what waiting left (on a server: all)
                step()
        return batch.run_batch(paths, out, spec.kind, spec.workers, spec.address,
                               masterpoints, chunk_pages, store)  # fmt: skip
    except OSError as error:  # the batch's own output folder (per-event ones are reported)
        if spec.address and spec.address in str(error):  # Dask's "Timed out trying to connect"
            errors.print(f"error: --address {spec.address}: no Dask scheduler answers there "
                         f"({error}); start it, or run the batch without --address",
                         markup=False, soft_wrap=True)  # fmt: skip
            raise typer.Exit(ExitCode.ENVIRONMENT) from None
        errors.print(f"error: cannot write the batch summary: {error}", markup=False)
        raise typer.Exit(ExitCode.ENVIRONMENT) from None
    except RuntimeError as error:
        message = late_api_message(error)
        if message is None:
            raise
        errors.print(f"error: {message}", markup=False, soft_wrap=True)
        raise typer.Exit(ExitCode.ENVIRONMENT) from None
    finally:
        batch.batch_listeners.remove(progress.hear)


# The terminal's columns (the workbook and the JSON have them all, with the notes).
_TERMINAL = {"Event": "Event", "Session": "S", "Status": "Status", "Pages": "Pages",
             "Read now": "Read", "Rows accepted": "Rows", "Rows typed": "Typed",
             "Review items": "Review", "Blocking findings": "Block", "Version": "Ver",
             "Time (s)": "Secs"}  # fmt: skip


def _print_summary(report, out: Path, console, form: OutputFormat) -> None:  # type: ignore[no-untyped-def]
    from rich import box
    from rich.table import Table

    from pipeline.cli.output import Listing, emit
    from pipeline.flows.batch_report import (
        SUMMARY_JSON,
        SUMMARY_WORKBOOK,
        plain_rows,
        summary_frame,
    )

    frame = summary_frame(report.lines)
    title = (f"Batch: {len(report.events)} events, {report.pages} pages, "
             f"{report.seconds:.0f} s on {report.runner}")  # fmt: skip
    if form is not OutputFormat.TEXT:  # scripts: every column, under its full name
        listing = Listing("events", title, tuple(frame.columns))
        for values in plain_rows(frame):
            listing.add(*values)
        emit([listing], form, console)
    else:
        plain = box.SIMPLE_HEAD if console.is_terminal else box.ASCII
        table = Table(title=title, box=plain, pad_edge=False, collapse_padding=True)
        shown = frame[list(_TERMINAL)].rename(columns=_TERMINAL)
        for name in shown.columns:
            if name == "Event":
                table.add_column(name, overflow="fold", min_width=6)
            else:
                table.add_column(name, justify="left" if name == "Status" else "right",
                                 no_wrap=True)  # fmt: skip
        for row in plain_rows(shown):
            style = None if row[2] == "official" else ("red" if row[2] == "failed" else "yellow")
            table.add_row(*("" if v is None else str(v) for v in row), style=style)
        console.print(table)
    for line in report.lines:
        if line.note:
            where = line.event if line.session is None else f"{line.event} s{line.session}"
            console.print(f"{where}: {line.note}", markup=False, highlight=False, soft_wrap=True)
    before = report.pages - report.pages_read
    if report.seconds and report.pages_read:
        rate = report.pages_read / report.seconds
        console.print(f"{rate:.1f} pages/s over the whole batch ({report.pages_read} read now, "
                      f"{before} read before)", highlight=False)  # fmt: skip
    elif before:
        console.print(f"no page read now: all {before} were read before (kept in the stores)",
                      highlight=False)  # fmt: skip
    console.print(f"summary   {out / SUMMARY_WORKBOOK}", markup=False, highlight=False)
    console.print(f"          {out / SUMMARY_JSON}", markup=False, highlight=False)
    provisional = sum(1 for e in report.events if e.outcome == "provisional")
    if provisional:
        console.print(f"{provisional} event(s) PROVISIONAL: `bridgescan review list "
                      f"{out}/<event>/review`, then run the batch again", markup=False,
                      soft_wrap=True)  # fmt: skip


def deploy_command(
    pool: Annotated[
        str, typer.Option("--pool", help="The Prefect work pool (type process; made if missing).")
    ],
    name: Annotated[str, typer.Option("--name", help="The deployment's name.")] = "office",
    runner: RunnerOption = Runner.PROCESSES,
    workers: WorkersOption = None,
    address: AddressOption = None,
    masterpoints: MasterpointsOption = Masterpoints.BRONZE,
) -> None:
    """Register the batch on the Prefect server at PREFECT_API_URL, for a work pool's workers."""
    from pipeline.cli.output import stderr_console, stdout_console

    console, errors = stdout_console(), stderr_console()
    spec = _runner(runner, workers, address, errors)
    if not os.environ.get("PREFECT_API_URL"):
        errors.print("error: no Prefect server: start one (`prefect server start`) and set "
                     "PREFECT_API_URL=http://127.0.0.1:4200/api", markup=False)  # fmt: skip
        raise typer.Exit(ExitCode.ENVIRONMENT)
    from pipeline.flows.prefect_env import configure_prefect

    configure_prefect()
    from pipeline.flows.deploy import deploy_batch

    try:
        deployment = deploy_batch(pool, name, runner=spec.kind, workers=workers,
                                  address=spec.address,
                                  masterpoints=masterpoints.value)  # fmt: skip
    except Exception as error:  # noqa: BLE001 - the server refused or cannot be reached
        errors.print(f"error: cannot deploy to {os.environ['PREFECT_API_URL']}: {error}",
                     markup=False, soft_wrap=True)  # fmt: skip
        raise typer.Exit(ExitCode.ENVIRONMENT) from None
    console.print(f"deployed {deployment} for work pool {pool!r} ({spec.describe()})",
                  markup=False, highlight=False)  # fmt: skip
    console.print(f"start a worker:  prefect worker start --pool {pool}", markup=False)
    console.print(f"run a batch:     prefect deployment run {deployment} "
                  "-p folders='[\"/data/day\"]' -p out_dir=/data/out", markup=False)  # fmt: skip


def register(app: typer.Typer) -> None:
    """Add ``bridgescan batch`` and ``bridgescan deploy``."""
    app.command("batch", no_args_is_help=True)(batch_command)
    app.command("deploy", no_args_is_help=True)(deploy_command)
