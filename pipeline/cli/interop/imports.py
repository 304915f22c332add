"""``bridgescan import-pbn / import-usebio``: what another program's results file holds.

Reads a PBN or USEBIO file as that program meant it (pipeline/interop/) and prints a
summary a director can check against the program's own printout: boards, results,
adjustments, pairs, phantoms, sections, notes. Nothing is stored or written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.interop.inputs import SectionOption, read_results_file

__all__ = ["import_pbn", "import_usebio"]


def import_pbn(
    file: Annotated[Path, typer.Argument(help="A PBN results file (PBN 2.0/2.1).")],
    section: SectionOption = None,
) -> None:
    """Read a PBN results file and summarise what it holds (boards, results, pairs)."""
    typer.echo("\n".join(_summary(read_results_file(file, "PBN", section))))


def import_usebio(
    file: Annotated[Path, typer.Argument(help="A USEBIO 1.2 XML file.")],
) -> None:
    """Read a USEBIO 1.2 file and summarise what it holds."""
    typer.echo("\n".join(_summary(read_results_file(file, "USEBIO"))))


def _summary(session: object) -> list[str]:
    from pipeline.interop.records import Competition, ImportedSession
    from scoring.presentation import Presentation

    assert isinstance(session, ImportedSession)
    results = session.results
    adjusted = sum(1 for r in results if r.adjustment is not None)
    counts = sorted({len(b.results) for b in session.boards if b.results})
    entrants = {
        Competition.PAIRS: "pairs",
        Competition.INDIVIDUALS: "players",
        Competition.TEAMS: "teams",
    }[session.competition]
    phantoms = sum(1 for p in session.pairs if p.phantom)
    details = [
        "numbered per direction" if session.by_direction else "",
        f"{phantoms} phantom" if phantoms else "",
        f"sections {', '.join(session.sections)}" if len(session.sections) > 1 else "",
    ]
    detail = ", ".join(d for d in details if d)
    lines = [
        f"{session.source}: {session.format}"
        f"{' (' + session.program + ')' if session.program else ''}, "
        f"{session.event or 'no event name'}"
        f"{', ' + session.date if session.date else ''}, scoring {session.scoring.value}",
        f"  {len(session.boards)} boards, {len(results)} results ({adjusted} adjusted), "
        f"results per board {', '.join(map(str, counts)) or '-'}, "
        f"{len(session.sitouts)} sit-outs",
        f"  {len(session.pairs)} {entrants}{' (' + detail + ')' if detail else ''}"
        f", deals for {sum(1 for b in session.boards if b.deal)} boards",
    ]
    if session.presentation is Presentation.CENTRED:
        lines.append("  matchpoints printed centred on the average (points - top/2)")
    if any(p.cumulative_total is not None for p in session.pairs):
        lines.append("  totals for this session and cumulative over the event")
    lines += [f"  note: {note}" for note in session.notes]
    return lines
