"""``bridgescan event next-round``: pair a Gröna Hissen's next round from the standings.

Exit codes follow ``pipeline.cli.ExitCode``: 0 paired, 2 the event file, the results or the
round cannot be used (the message says which and why).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.failing import fail

__all__ = ["next_round"]


def next_round(
    event_file: Annotated[Path, typer.Argument(help="The event file (YAML) of a Gröna Hissen.")],
    out: Annotated[
        Path, typer.Option("--out", "-o", help="The output folder of `bridgescan run`.")
    ] = Path("out"),
    session: Annotated[int, typer.Option("-s", "--session", help="The session to pair.")] = 1,
) -> None:
    """Pair the next round of a Gröna Hissen (seed 004) on the published standings, keep it
    in the movement's file, and print the round's table guide."""
    from pipeline.events.elevator import pair_next_round
    from pipeline.events.eventfile import EventFileError, load_event
    from pipeline.publish.results_json_read import ResultsJsonError, read_results_json
    from scoring.movement import MovementError

    try:
        event = load_event(event_file)
        section = event.session(session).sections[0]
    except EventFileError as error:  # names the file and the place in it
        raise fail(str(error)) from None
    except KeyError as error:  # no such session
        raise fail(f"{event_file.name}: {error.args[0]}") from None
    spec = section.movement.spec
    if spec is None or spec.type != "elevator":
        raise fail(f"{event_file.name}: session {session} is not a Gröna Hissen (type: elevator)")
    results_file = out / "results.json"
    if not results_file.exists():
        raise fail(f"{results_file}: no results yet; run `bridgescan run` on the slips first")
    try:
        results = read_results_json(results_file)
        paired = pair_next_round(event_file, section.movement, results, session)
    except (ResultsJsonError, MovementError, ValueError) as error:
        raise fail(f"{event_file.name}: {error}") from None
    names = {p.number: p.names for p in section.pairs}
    typer.echo(
        f"Round {paired.round}, paired on the standings after round {paired.after_round} "
        f"(leader first: {', '.join(str(p) for p in paired.order)})"
    )
    for line in paired.lines:
        typer.echo(
            f"  table {line.table}: NS {line.ns} {names.get(line.ns, '')} - "
            f"EW {line.ew} {names.get(line.ew, '')}, boards {line.boards[0]}-{line.boards[-1]}"
        )
    if paired.sitting_out is not None:
        typer.echo(f"  sits out: {paired.sitting_out} {names.get(paired.sitting_out, '')}")
    if results.status.provisional:
        typer.echo("  (the standings it was paired on are PROVISIONAL)")
