"""``bridgescan web OUT`` and ``bridgescan serve OUT``: the results site and the console.

- ``web OUT -o FOLDER``: every publication puts the site in its version folder (``OUT/web``
  is the current version's); this command writes a site of its own from
  ``OUT/results.json`` alone (with the hand records of ``--deals``, or after an upgrade),
  to copy to any web host as it is. A published version's site is never rewritten: without
  ``-o`` the site goes to ``OUT/web`` only when that is not a version's. Exit codes
  (``pipeline.cli.ExitCode``): 0 written; 1 written, but the results are provisional;
  2 bad input (no results.json, a bad deal file, a version's site in the way), nothing
  changed.
- ``serve CLUB`` / ``serve OUT``: the director's console in the browser (pipeline/web/) on
  127.0.0.1: a club folder gets the club's console (the whole evening, pipeline/web/club.py),
  an output folder that event's console. Prints the sign-in address with this start's
  token. A public address needs ``--public`` (exit 2 without it); the record of the output
  folder, or of every event of the club, is verified first (exit 4 when a store is broken
  or a published file was changed).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.failing import fail
from pipeline.cli.options import deal_files, output_folder
from pipeline.cli.store import StoreOption, for_flow, resolve_store

if TYPE_CHECKING:
    from pipeline.store import StoreLocation

__all__ = ["register", "web_command", "serve_command"]

PASSWORD_ENV = "BRIDGESCAN_DIRECTOR_PASSWORD"


def web_command(
    out: Annotated[Path, typer.Argument(help="Output folder of `run` or `score` (results.json).")],
    to: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--out",
            help="Folder for the site (default OUT/web when no version owns it).",
            callback=output_folder,
        ),
    ] = None,
    deals: Annotated[
        list[str] | None,
        typer.Option(
            "--deals",
            help="Deal file (PBN, or '<board> N:<hands>' lines) for the hand diagrams: "
            "N=FILE for session N, FILE alone for session 1. Repeat for more sessions.",
            metavar="[N=]FILE",
        ),
    ] = None,
) -> None:
    """Write a results site from OUT/results.json (with hand records from --deals)."""
    from pipeline.cli.output import stderr_console, stdout_console
    from pipeline.events.hand_records import MissingSolverError, analyse
    from pipeline.interop.deals import read_deal_file
    from pipeline.interop.records import InteropError
    from pipeline.publish.results_json_read import ResultsJsonError, read_results_json
    from pipeline.publish.web import NotASiteError, site_status, write_site

    console, errors = stdout_console(), stderr_console()
    try:
        results = read_results_json(out / "results.json")
        hands = {n: read_deal_file(path) for n, path in deal_files(deals).items()}
    except (ResultsJsonError, InteropError, OSError, ValueError) as error:
        errors.print(f"error: {error}", markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(ExitCode.BAD_INPUT) from None
    try:
        hands = {n: analyse(records) for n, records in hands.items()}
    except MissingSolverError as error:  # the hands are shown, without double dummy and par
        errors.print(f"note: {error}", markup=False, highlight=False, soft_wrap=True)
    folder = to if to is not None else out / "web"
    if folder.is_symlink():
        errors.print(
            f"error: {folder} is the site of the published version (part of its file set, "
            "never rewritten): give -o FOLDER for a site of its own",
            markup=False, highlight=False, soft_wrap=True,
        )  # fmt: skip
        raise typer.Exit(ExitCode.BAD_INPUT)
    try:
        report = write_site(results, folder, hands=hands)
    except NotASiteError as error:
        errors.print(f"error: {error}", markup=False, highlight=False, soft_wrap=True)
        raise typer.Exit(ExitCode.BAD_INPUT) from None
    size = report.total_bytes / 1_000_000
    console.print(
        f"web       {report.folder / 'index.html'} ({report.pages} pages, {size:.2f} MB)",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )
    if site_status(results).provisional:
        console.print("the results are PROVISIONAL (the site says so on every page)", markup=False)
        raise typer.Exit(ExitCode.FINDINGS)


def serve_command(
    out: Annotated[
        Path,
        typer.Argument(
            metavar="FOLDER",
            help="A club folder (its members and events; an empty or new folder starts a "
            "club), or the output folder of `run` or `score`.",
        ),
    ],
    host: Annotated[
        str, typer.Option(help="Address to listen on; other than this machine needs --public.")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8315,
    public: Annotated[
        bool,
        typer.Option("--public", help="Allow an address other machines can reach (a club's LAN)."),
    ] = False,
    password_file: Annotated[
        Path | None,
        typer.Option(
            help=f"File holding the director's password (or set {PASSWORD_ENV}); the "
            "token printed at start works as well."
        ),
    ] = None,
    store: StoreOption = None,
) -> None:
    """The director's console in the browser, for a club folder or an event's output folder.

    For a club folder the whole evening (members, new event, print, scans in, typed
    travellers, scoring), then review, corrections, audit and re-publishing; for an output
    folder, that event's console."""
    import os

    from pipeline.events.club_folder import is_club_folder
    from pipeline.web.security import BindRefused
    from pipeline.web.server import serve

    if out.is_file():
        raise fail(f"{out} is a file: give a club folder or an output folder")
    if not out.is_dir() and not (is_club_folder(out) and out.parent.is_dir()):
        raise fail(f"{out}: no such folder (a club folder, or the output folder of "
                   "`bridgescan run`)")  # fmt: skip
    password = os.environ.get(PASSWORD_ENV) or None
    if password_file is not None:
        try:
            password = password_file.read_text(encoding="utf-8").strip() or None
        except OSError as error:
            raise fail(f"{password_file}: {error.strerror or error}") from None
    club = is_club_folder(out)
    if club and store is not None:
        raise fail(f"{out} is a club folder: each of its events keeps its own store "
                   "(--store is for an output folder)")  # fmt: skip
    if not club:
        _verify_record(out, resolve_store(store, out))  # bad --store: exit 2; broken: 4
    else:  # every event of the club, before its console shows or extends any of them
        from pipeline.events.club_folder import club_events

        for found in club_events(out):
            if found.out_dir.is_dir():
                _verify_record(found.out_dir, resolve_store(None, found.out_dir))
    try:
        chosen = None if club else for_flow(resolve_store(store, out))  # bad --store: exit 2
        from pipeline.flows.prefect_server import choose_api

        choose_api()  # a temporary API boots while the console starts, and ends with it
        serve(out, host, port, public=public, password=password, say=typer.echo, store=chosen)
    except BindRefused as error:
        raise fail(str(error)) from None
    except OSError as error:  # the port is taken, or the address is not this machine's
        raise fail(f"cannot listen on {host}:{port}: {error.strerror or error}",
                   ExitCode.ENVIRONMENT) from None  # fmt: skip


def _verify_record(out: Path, location: StoreLocation) -> None:
    """The output folder's record verified before the console shows or extends it
    (pipeline/corrections/record_check.py): a broken store, a store gone while versions
    are there, or a changed published file exits 4 and the console does not start."""
    from pipeline.cli.store import store_errors
    from pipeline.corrections.record_check import open_checked

    with store_errors("the console was not started; `bridgescan audit verify` lists every "
                      "problem"):  # fmt: skip
        opened = open_checked(out, location)
    if opened is not None:
        opened.close()


def register(app: typer.Typer) -> None:
    """Add ``bridgescan web`` and ``bridgescan serve``."""
    app.command("web", no_args_is_help=True)(web_command)
    app.command("serve", no_args_is_help=True)(serve_command)
