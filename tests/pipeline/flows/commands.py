"""``bridgescan ARGS`` in the test's own process (the ``bridgescan`` fixture of conftest.py).

Through the Typer app the command line runs, on the session's Prefect API: the command's
exit code, standard output and error as a shell sees them, without a process of its own
(Python, Prefect and the reader loaded again: 2-4 s of CPU a command). A real process stays
where only a process shows the claim: a kill, the exit status a shell gets from the
installed script (one test a command), Prefect's temporary API started and ended with it.
"""

from __future__ import annotations

from collections.abc import Callable

from click.testing import Result

__all__ = ["COMMAND_SETTINGS", "Invoke", "invoke"]

#: What the commands read from the environment (the store, its key, the clock): none comes
#: from the developer's shell into a test.
COMMAND_SETTINGS = ("BRIDGESCAN_STORE", "BRIDGESCAN_STORE_KEY_FILE", "BRIDGESCAN_STORE_UNSEALED",
                    "BRIDGESCAN_NOW", "BRIDGESCAN_CLOCK_CORRECTION")  # fmt: skip

Invoke = Callable[..., Result]
"""``bridgescan("run", folder, "-o", out)``: the arguments as the command line takes them."""


def invoke(*args: object) -> Result:
    """``bridgescan ARGS`` in this process; an exception other than the command's exit
    fails the test, as a traceback would."""
    from typer.testing import CliRunner

    from pipeline.cli import app

    return CliRunner().invoke(app, [str(arg) for arg in args], catch_exceptions=False)
