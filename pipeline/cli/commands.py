"""The ``bridgescan`` command line: one module per command group, nothing imports it.

Each group registers its commands from its own module here (``run``, ``batch``, ``score``,
``correct``, ``audit``, ``entry``, ``event``, ``forms``, ``scan``, ``interop``, ``web``,
``store``, ``prefect``); those modules import nothing heavy at the top (cv2, prefect, pandas
load inside the commands), so ``bridgescan --help`` is instant, and a command line that names
a command builds only that command's group (``_COMMANDS``). They parse, call the
functions of the pipeline's rooms, and print. Exit codes are the same everywhere
(``pipeline.cli.exit_codes.ExitCode``). The entry point (``pipeline.cli.main``) imports this
module only once it runs a command in its own process (``bridgescan run`` may hand it to the
standing runner first: pipeline/cli/runner/client.py); the runner runs its commands with
``execute``, as ``main`` does.
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
from pathlib import Path

import typer

from pipeline.cli.ctrl_c import ctrl_c_pressed, ctrl_c_was_pressed, forget_ctrl_c
from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.plain_values import take_plain_values

__all__ = ["build_app", "execute", "run_in_this_process", "ExitCode"]  # and `app`, made when asked

# Command groups in the order they appear in --help, and the commands each one registers.
_GROUPS = (
    "run",
    "batch",
    "score",
    "correct",
    "audit",
    "entry",
    "event",
    "club",
    "forms",
    "scan",
    "review",
    "interop",
    "web",
    "store",
    "prefect",
)
_COMMANDS = {
    "run": "run",
    "batch": "batch",
    "deploy": "batch",
    "score": "score",
    "correct": "correct",
    "versions": "correct",
    "audit": "audit",
    "entry": "entry",
    "event": "event",
    "club": "club",
    "forms": "forms",
    "scan": "scan",
    "model": "scan",
    "review": "review",
    "import-pbn": "interop",
    "import-usebio": "interop",
    "export": "interop",
    "export-session": "interop",
    "compare": "interop",
    "deals": "interop",
    "web": "web",
    "serve": "web",
    "store": "store",
    "prefect": "prefect",
}


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"bridgescan {_version()}")
        raise typer.Exit(ExitCode.OK)


def _options(
    version: bool = typer.Option(
        False,
        "--version",
        callback=_show_version,
        is_eager=True,
        help="Print bridgescan's version and exit.",
    ),  # fmt: skip
    clock_correction: str = typer.Option(
        "",
        "--clock-correction",
        metavar="REASON",
        help="The clock is behind the event store's last record, and this is why (recorded "
        "in the audit); without it such a command is refused (exit 3).",
    ),
) -> None:
    """Duplicate bridge results from scanned or typed travellers."""
    if clock_correction.strip():
        from pipeline.store.clock_floor import CLOCK_CORRECTION_ENV

        os.environ[CLOCK_CORRECTION_ENV] = clock_correction.strip()  # the flows' processes too


def build_app(groups: tuple[str, ...] = _GROUPS) -> typer.Typer:
    """The command line with the commands of ``groups`` (all of them by default); its plain
    values (a path, a number, a word, a flag) taken without pydantic (``take_plain_values``)."""
    take_plain_values()
    built = typer.Typer(
        name="bridgescan",
        help="Duplicate bridge results from scanned or typed travellers.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    built.callback()(_options)
    for name in groups:
        importlib.import_module(f"pipeline.cli.{name}").register(built)
    return built


def _groups_for(args: list[str]) -> tuple[str, ...]:
    """The one group a command line needs (``bridgescan run ...``: the ``run`` module's),
    or every group (no command, a command not known, or the main ``--help``): Typer builds
    every command it is given (their parameters read from their signatures) before it runs
    one: ``bridgescan run --help`` took 0.60 s of CPU with all fifteen, 0.51 s with its own
    (load 8)."""
    words = iter(args)
    for word in words:
        if word in ("-h", "--help"):  # the main help, before any command: every command
            return _GROUPS
        if word == "--clock-correction":
            next(words, None)  # its value
        elif not word.startswith("-"):
            group = _COMMANDS.get(word)
            return _GROUPS if group is None else (group,)
    return _GROUPS


def __getattr__(name: str) -> typer.Typer:
    """``app``: every command, built when first asked for (tests and tools import it;
    ``main`` builds only the group the command line names)."""
    if name == "app":
        globals()["app"] = built = build_app()
        return built
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _interrupted(signum: int, frame: object) -> None:
    """Ctrl-C, as Python's own handler has it (a ``KeyboardInterrupt`` in the main thread),
    but a handler of ours: ``asyncio.run`` puts its own in place of Python's while an event
    loop runs in the main thread (Prefect's, a client's), and that one only cancels the
    loop's task, which a library may catch and carry on: the likely cause of a batch that,
    interrupted once on a fresh clone, ran to its end (exit 1, nothing said). An event loop
    leaves a handler of ours alone. It is remembered too (pipeline/cli/ctrl_c.py): a
    library may wrap the ``KeyboardInterrupt`` in an error of its own without chaining it
    (pydantic's serializer turns one raised in a field's serialisation into a
    ``PydanticSerializationError`` while Prefect sends a run's state), and ``execute`` must
    still say "interrupted" and exit 130, not report a bug."""
    ctrl_c_pressed()
    raise KeyboardInterrupt


def run_in_this_process() -> None:
    """The command line of ``sys.argv`` run in this process (``pipeline.cli.main`` when no
    standing runner runs it): Ctrl-C handled by bridgescan, the output's reader allowed to
    leave; exits with the command's code."""
    from pipeline.cli.output import keep_going_when_the_reader_leaves
    from pipeline.flows.prefect_env import configure_prefect

    configure_prefect()  # before anything imports Prefect: its telemetry reads the environment
    keep_going_when_the_reader_leaves()  # `| head` ends the printing, not the command
    signal.signal(signal.SIGINT, _interrupted)
    sys.exit(execute(build_app(_groups_for(sys.argv[1:])), sys.argv))


def execute(command_line: typer.Typer, argv: list[str]) -> int:
    """Run ``argv`` (``sys.argv`` as a whole) on ``command_line``; returns its exit code.

    Every command ends with one of ``ExitCode``: the commands raise ``typer.Exit`` with
    theirs, Click gives 2 for a bad option. A reader that closes the pipe early does not
    change it (pipeline/cli/output.py). Anything else is a bug in bridgescan: the
    user gets one line saying so (exit 70, never 1, so a crash is not taken for "published,
    review waiting") and the traceback goes to a file to attach to the bug report.
    """
    forget_ctrl_c()
    command = typer.main.get_command(command_line)
    _help_in_paragraphs(command)
    try:
        command(args=argv[1:], prog_name=Path(argv[0]).name or "bridgescan")
    except SystemExit as ended:  # Click's standalone mode ends every command with one
        if _ctrl_c_escaped(ended):
            sys.stderr.write("interrupted: nothing more was written\n")
        return _exit_code(ended.code)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted: nothing more was written\n")
        return ExitCode.INTERRUPTED
    except Exception as error:  # noqa: BLE001 - the one place that turns a bug into exit 70
        if ctrl_c_was_pressed():  # Ctrl-C, carried out by a library as an error of its own
            sys.stderr.write("interrupted: nothing more was written\n")
            return ExitCode.INTERRUPTED
        from pipeline.cli.disk import cannot_write_reason

        reason = cannot_write_reason(error)
        if reason is not None:  # a full or read-only disk is the machine, not a bug
            reason = _as_target(reason)
            sys.stderr.write(f"error: {reason}\nthe disk cannot take what this command writes: "
                             "free space on it (or write to another disk) and run the same "
                             "command again\n")  # fmt: skip
            return ExitCode.ENVIRONMENT
        refused = _not_permitted(error)
        if refused is not None:  # a place this user may not write: the input (README), not a bug
            sys.stderr.write(f"error: {refused}\n")
            return ExitCode.BAD_INPUT
        report = _crash_report(error, argv)
        sys.stderr.write(
            f"internal error: {type(error).__name__}: {error}\n"
            f"This is a bug in bridgescan {_version()}, not a problem with your files. "
            f"Please report it with {report}\n"
        )
        return ExitCode.INTERNAL
    return ExitCode.OK


def _help_in_paragraphs(command: object) -> None:
    """Each command's help (its docstring) as paragraphs that ``--help`` wraps to the
    terminal: Typer keeps a docstring's line breaks after its first paragraph, so on an 80-
    column terminal every line written at 92 broke in two (``compare --help``: "which it" /
    "took from the file"). A paragraph of lines that begin with ``-`` (a list) keeps them."""
    import inspect

    text = getattr(command, "help", None)
    if text:
        paragraphs = inspect.cleandoc(text).split("\n\n")
        command.help = "\n\n".join(  # type: ignore[attr-defined]
            p if p.startswith("\b") or "\n-" in p else " ".join(p.split("\n")) for p in paragraphs
        )
    for sub in getattr(command, "commands", {}).values():
        _help_in_paragraphs(sub)


def _ctrl_c_escaped(ended: SystemExit) -> bool:
    """Whether Ctrl-C left the command unhandled: Typer turns a ``KeyboardInterrupt`` that
    escapes a command into ``Exit(130)`` without a word (``raise Exit(130) from e``), so
    the user saw nothing but the prompt. A command that handled it and said so itself
    (``batch``: ``raise typer.Exit(130) from None``) is not said twice."""
    exited = ended.__context__  # the typer.Exit that Click's standalone mode turned into this
    return exited is not None and isinstance(exited.__cause__, KeyboardInterrupt)


def _not_permitted(error: BaseException) -> str | None:
    """What this user may not write (or read), when ``error`` says so (EACCES, EPERM: a
    folder of another user, an immutable file) and the command did not name it itself:
    ``entry template``, ``event cards``, ``web`` and ``scan read`` into such a folder ended
    with exit 70 and a crash file. The temporary file a writer makes beside its target
    (``.NAME.XXXXXXXX.part``, pipeline/files.py) is said as the target."""
    import errno

    if not isinstance(error, OSError) or error.errno not in (errno.EACCES, errno.EPERM):
        return None
    why = f"{error.strerror or 'permission denied'}: bridgescan may not write or read there"
    if error.filename is None:
        return why
    where = _as_target(os.fsdecode(error.filename))
    return f"{where}: {why}; give another place, or get the right to it"


def _as_target(text: str) -> str:
    """The temporary file a writer makes beside its target (``.NAME.XXXXXXXX.part``,
    pipeline/files.py) said as the target the user named: ``cannot write out/t.xlsx``."""
    import re

    return re.sub(r"(^|/)\.([^/\s]+)\.[A-Za-z0-9_]+\.part\b", r"\1\2", text)


def _exit_code(code: object) -> int:
    """``sys.exit``'s argument as the process's exit code (as Python makes it)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    sys.stderr.write(f"{code}\n")
    return 1


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("bridgescan")
    except PackageNotFoundError:
        return "(not installed)"


def _crash_report(error: BaseException, argv: list[str]) -> str:
    """Write the traceback to a file in the temporary folder; returns where (or why not)."""
    import tempfile
    import traceback
    from datetime import datetime

    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(tempfile.gettempdir()) / f"bridgescan-crash-{stamp}-{os.getpid()}.txt"
    text = "".join(traceback.format_exception(error))
    try:
        path.write_text(f"bridgescan {_version()}\n{' '.join(argv)}\n\n{text}", "utf-8")
    except OSError:
        return "the command you ran (the crash report could not be written)"
    return str(path)
