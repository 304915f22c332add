"""``bridgescan prefect start|stop|status``: one local Prefect server for every command.

Every ``run`` and ``batch`` then uses it instead of starting Prefect's temporary API
(pipeline/flows/prefect_server.py says which API a command uses). ``start`` also starts
the standing runner beside it (pipeline/cli/runner/): ``bridgescan run`` then runs in it, with
Prefect and its flow loaded already; ``stop`` stops both. Exit codes: 0 done (a runner
that did not start is a note: ``run`` then runs in itself); 3 the server did not start
(its log's end is printed) or, for ``status``, none is running.
"""

from __future__ import annotations

from typing import Annotated

import typer

from pipeline.cli.exit_codes import ExitCode

__all__ = ["register"]

group = typer.Typer(
    help="A local Prefect server that every command uses (started once, not per command).",
    no_args_is_help=True,
)


@group.command("start")
def start_command(
    port: Annotated[int, typer.Option(help="Port on 127.0.0.1 (another if it is taken).")] = 4200,
    wait: Annotated[float, typer.Option(help="Seconds to wait for it to answer.")] = 300,
    runner: Annotated[
        bool,
        typer.Option(
            help="Also start the bridgescan runner beside it: `bridgescan run` then runs in "
            "it, with Prefect and its flow loaded once (a re-run some 3 s of CPU less); "
            "without it each `run` loads them itself."
        ),
    ] = True,
) -> None:
    """Start the server in the background (or say where the running one is), and the
    bridgescan runner beside it."""
    from pipeline.flows.prefect_server import start_server, state_file

    try:
        state, started = start_server(port, wait)
    except RuntimeError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(ExitCode.ENVIRONMENT) from None
    verb = "started" if started else "already running"
    typer.echo(f"Prefect server {verb}: {state.url} (process {state.pid}, log {state.log})")
    typer.echo(f"recorded in {state_file()}; the UI: {state.url.removesuffix('/api')}")
    if runner:
        _start_runner(state.url, wait)


def _start_runner(url: str, wait: float) -> None:
    from pipeline.cli.runner.control import start_runner

    try:
        record, started = start_runner(url, wait)
    except RuntimeError as error:
        typer.echo(f"note: {error}\n`bridgescan run` runs in itself", err=True)
        return
    verb = "started" if started else "already running"
    typer.echo(f"bridgescan runner {verb}: process {record['pid']}, {record['socket']}; "
               "`bridgescan run` runs in it (--no-runner: in itself)")  # fmt: skip


@group.command("stop")
def stop_command() -> None:
    """Stop the server `bridgescan prefect start` started, and its bridgescan runner."""
    from pipeline.cli.runner.control import stop_runner
    from pipeline.flows.prefect_server import stop_server

    runner = stop_runner()
    if runner is not None:
        typer.echo(f"stopped the bridgescan runner (process {runner.get('pid')})")
    state = stop_server()
    typer.echo("no Prefect server recorded" if state is None else f"stopped {state.url}")


@group.command("status")
def status_command() -> None:
    """Which Prefect API commands use now (exit 3: none is running)."""
    import os

    from pipeline.flows.prefect_server import answers, read_state, state_file

    office = os.environ.get("PREFECT_API_URL")
    if office:
        running = answers(office)
        typer.echo(f"PREFECT_API_URL={office}: {'answers' if running else 'does not answer'}")
        raise typer.Exit(ExitCode.OK if running else ExitCode.ENVIRONMENT)
    state = read_state()
    if state is None or not answers(state.url):
        where = "none recorded" if state is None else f"{state.url} does not answer"
        typer.echo(f"no Prefect server ({where}): each command starts a temporary one; "
                   "`bridgescan prefect start` starts one for all")  # fmt: skip
        raise typer.Exit(ExitCode.ENVIRONMENT)
    typer.echo(f"running: {state.url} (process {state.pid}, recorded in {state_file()})")
    from pipeline.cli.runner.control import runner_status

    typer.echo(runner_status())


def register(app: typer.Typer) -> None:
    """Add ``bridgescan prefect``."""
    app.add_typer(group, name="prefect")
