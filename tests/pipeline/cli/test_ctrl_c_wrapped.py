"""Ctrl-C that a library turns into an error of its own still ends the command as Ctrl-C
(pipeline/cli/commands.py ``_interrupted``, ``execute``): "interrupted", exit 130, not
"internal error" and exit 70. pydantic's serializer does so with a ``KeyboardInterrupt``
raised while Prefect sends a run's state (a ``PydanticSerializationError``, unchained):
here a command does the same with a real SIGINT delivered to this process."""

from __future__ import annotations

import os
import signal
import time

import pytest
import typer

from pipeline.cli import commands
from pipeline.cli.exit_codes import ExitCode


def _app(*, interrupt: bool) -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def work() -> None:
        try:
            if interrupt:
                os.kill(os.getpid(), signal.SIGINT)  # the user's Ctrl-C, to bridgescan's handler
                time.sleep(5)  # interrupted long before
            raise ValueError("a bug")
        except KeyboardInterrupt:
            raise RuntimeError("Error calling function: KeyboardInterrupt") from None

    @app.command()
    def other() -> None:  # a group of two, as bridgescan's command line is
        pass

    return app


@pytest.fixture
def bridgescan_handler():  # type: ignore[no-untyped-def]
    previous = signal.signal(signal.SIGINT, commands._interrupted)
    yield
    signal.signal(signal.SIGINT, previous)


def test_ctrl_c_wrapped_by_a_library_exits_as_interrupted(
    bridgescan_handler, capsys: pytest.CaptureFixture[str]
) -> None:
    assert commands.execute(_app(interrupt=True), ["bridgescan", "work"]) == 130
    said = capsys.readouterr().err
    assert said == "interrupted: nothing more was written\n"


def test_a_bug_after_an_earlier_command_s_ctrl_c_is_still_a_bug(
    bridgescan_handler, capsys: pytest.CaptureFixture[str]
) -> None:
    # The standing runner runs command after command in one process: a Ctrl-C of an earlier
    # one must not turn the next one's bug into "interrupted".
    assert commands.execute(_app(interrupt=True), ["bridgescan", "work"]) == 130
    capsys.readouterr()
    assert commands.execute(_app(interrupt=False), ["bridgescan", "work"]) == ExitCode.INTERNAL
    said = capsys.readouterr().err
    assert said.startswith("internal error: ValueError: a bug\n")
    report = said.split("Please report it with ")[1].strip()
    os.unlink(report)


def _ctrl_c_app(*, said_by_the_command: bool) -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def work() -> None:
        try:
            os.kill(os.getpid(), signal.SIGINT)  # the user's Ctrl-C, to bridgescan's handler
            time.sleep(5)  # interrupted long before
        except KeyboardInterrupt:
            if not said_by_the_command:
                raise
            typer.echo("interrupted: run the same command again to carry on", err=True)
            raise typer.Exit(ExitCode.INTERRUPTED) from None  # as `batch` does

    @app.command()
    def other() -> None:
        pass

    return app


def test_plain_ctrl_c_says_interrupted(
    bridgescan_handler, capsys: pytest.CaptureFixture[str]
) -> None:
    # Typer turns a KeyboardInterrupt that leaves a command into a silent Exit(130): the
    # user saw the prompt come back and nothing else (`bridgescan score` stopped so).
    assert commands.execute(_ctrl_c_app(said_by_the_command=False), ["bridgescan", "work"]) == 130
    assert capsys.readouterr().err == "interrupted: nothing more was written\n"


def test_ctrl_c_a_command_reports_itself_is_said_once(
    bridgescan_handler, capsys: pytest.CaptureFixture[str]
) -> None:
    assert commands.execute(_ctrl_c_app(said_by_the_command=True), ["bridgescan", "work"]) == 130
    assert capsys.readouterr().err == "interrupted: run the same command again to carry on\n"


def test_a_batch_whose_reading_processes_end_first_on_ctrl_c_says_how_to_carry_on(
    bridgescan_handler,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path,  # type: ignore[no-untyped-def]
) -> None:
    # The terminal's Ctrl-C reaches the batch's reading processes too; where one ends
    # before this process's handler runs, the batch meets its end as an error of its own
    # (a flake of test_batch_processes under load said "nothing more was written"). The
    # batch still tells the user that the same command carries on.
    from pipeline.cli import batch
    from pipeline.flows import prefect_server

    def processes_gone_on_ctrl_c(count: int, errors) -> None:  # type: ignore[no-untyped-def]
        try:
            os.kill(os.getpid(), signal.SIGINT)  # the user's Ctrl-C, to bridgescan's handler
            time.sleep(5)  # interrupted long before
        except KeyboardInterrupt:
            raise BrokenPipeError("the reading process ended") from None

    monkeypatch.setattr(prefect_server, "choose_api", lambda say: None)  # no API to start
    # (the batch sets it for its own process where unset: put back after the test)
    monkeypatch.setenv("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "CRITICAL")
    monkeypatch.setattr(batch, "_start_reading_processes", processes_gone_on_ctrl_c)
    (tmp_path / "evening").mkdir()
    (tmp_path / "evening" / "event.yaml").write_text("")  # found; never read here
    command = ["bridgescan", "batch", str(tmp_path), "-o", str(tmp_path / "out"),
               "--runner", "processes", "--workers", "2"]  # fmt: skip
    assert commands.execute(commands.build_app(("batch",)), command) == ExitCode.INTERRUPTED
    assert capsys.readouterr().err.endswith("interrupted: run the same command again to carry on\n")
