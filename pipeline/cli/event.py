"""``bridgescan event ...``: check an event file, make or import a movement, print guide cards.

Heavy or slow imports stay inside the commands so ``bridgescan --help`` is instant.
Exit codes follow ``pipeline.cli.ExitCode``: 0 fine, 1 the movement has errors, 2 the input
could not be read.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.failing import fail
from pipeline.cli.options import Paper, PaperOption, output_file

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add the ``event`` command group to the bridgescan app."""
    group = typer.Typer(
        help="Event files and movements: check, generate, import guide cards, print them.",
        no_args_is_help=True,
    )
    group.command("check")(check)
    group.command("movement")(movement)
    group.command("cards")(cards)
    group.command("suggest")(suggest)
    from pipeline.cli.event_round import next_round

    group.command("next-round")(next_round)
    app.add_typer(group, name="event")


def _describe(movement: object) -> list[str]:
    from scoring.movement import Movement
    from scoring.movements import balance_report, check_movement, comparison_fields, meeting_plan

    assert isinstance(movement, Movement)
    from pipeline.events.individual import describe_individual

    individual = describe_individual(movement)
    if individual is not None:
        return individual
    plays = sorted({movement.times_played(b) for b in movement.boards})
    fields = comparison_fields(movement)
    report = balance_report(movement)
    lines = [
        f"  movement: {movement.name}",
        f"  rounds {len(movement.rounds)}, tables {len(movement.tables)}, "
        f"boards {movement.boards[0]}-{movement.boards[-1]} ({len(movement.boards)}), "
        f"each played {'/'.join(str(p) for p in plays)} times",
    ]
    if movement.teams:
        from scoring.movements import team_matches

        lines.append(
            f"  teams {len(movement.teams)}, pairs {len(movement.pairs)}, "
            f"{len(team_matches(movement))} half-matches of two tables"
        )
    else:
        lines.append(
            f"  pairs {len(movement.pairs)}, "
            + ("one field (one winner)" if len(fields) == 1 else f"{len(fields)} fields (winners)")
            + f", balance: same direction on {float(report.min_same_share):.0%}-"
            f"{float(report.max_same_share):.0%} of shared boards"
        )
    plan = meeting_plan(movement)
    if plan is not None:
        lines.append(f"  meets: {plan.summary}")
    sitting = {r: movement.sitting_out(r) for r in movement.rounds}
    if any(sitting.values()):
        shown = "; ".join(f"r{r}: {', '.join(str(p) for p in s)}" for r, s in sitting.items() if s)
        lines.append(f"  sit-outs: {shown}")
    for problem in check_movement(movement):
        lines.append(f"  {problem.severity.value.upper()} [{problem.code}] {problem.message}")
    return lines


def check(
    event_file: Annotated[Path, typer.Argument(help="The event file (YAML).")],
) -> None:
    """Read and validate an event file; print its sessions, sections and movements."""
    from pipeline.events.eventfile import EventFileError, load_event

    try:
        event = load_event(event_file)
    except EventFileError as error:
        raise fail(str(error)) from None
    typer.echo(f"{event.name} ({event.kind.value}): {len(event.sessions)} session(s)")
    for session in event.sessions:
        date = f" {session.date.isoformat()}" if session.date else ""
        typer.echo(f"session {session.number}: {session.label}{date}")
        if session.facit is not None:
            typer.echo(
                f" facitbarometer: each result scored against the facit {session.facit.file} "
                f"({len(session.facit.boards)} boards)"
            )
        for section in session.sections:
            typer.echo(f" section {section.name}: {_entrants(section)}")
            for line in _describe(section.movement):
                typer.echo(f" {line}")
    if event.paul_jones:
        seed = event.paul_jones[0].draw_seed
        drawn = f", drawn from session 1's pairs with seed {seed}" if seed is not None else ""
        typer.echo(
            f"Paul Jones: {len(event.paul_jones)} teams of four{drawn}; every player has a "
            "new partner from the own team each session; individual and team results"
        )
    from pipeline.results.individual import is_individual

    if len(event.sessions) > 1 and is_individual(event):
        from pipeline.events.individual_sessions import partners_over_sessions

        over = partners_over_sessions(event)
        typer.echo(over.summary)
        for error in over.errors:
            typer.echo(f"ERROR {error}")
        if over.errors:
            raise typer.Exit(ExitCode.FINDINGS)
    elif len(event.sessions) > 1 and event.kind.is_pairs:
        from pipeline.events.one_ranking import other_pairs_under_one_number

        typer.echo(_over_the_event(event))
        for note in other_pairs_under_one_number(event):
            typer.echo(f"NOTE {note}")
    typer.echo("OK")


def _entrants(section: object) -> str:
    from pipeline.events.individual import player_numbers
    from scoring.event import Section

    assert isinstance(section, Section)
    if section.individual:
        return f"{len(player_numbers(section))} players (individual)"
    return f"{len(section.pairs)} pairs"


def _over_the_event(event: object) -> str:
    """Who meets whom over all sessions (a pair keeps its number): one ranking's fairness."""
    from scoring.event import Event
    from scoring.movements import event_meetings

    assert isinstance(event, Event)
    movements = [section.movement for session in event.sessions for section in session.sections]
    met = event_meetings(movements)
    pairs = sorted({p for m in movements for p in m.pairs})
    couples = [(p, q) for i, p in enumerate(pairs) for q in pairs[i + 1 :]]
    once = sum(1 for c in couples if met[c] == 1)
    more = [c for c in couples if met[c] > 1]
    never = sum(1 for c in couples if not met[c])
    text = (
        f"over the {len(event.sessions)} sessions: {len(pairs)} pairs, {once} couple(s) meet "
        f"once, {len(more)} more often, {never} never"
    )
    if 0 < len(more) <= 12:  # a few repeats are worth naming; many are the design
        text += " (" + ", ".join(f"{p}-{q} {met[(p, q)]}x" for p, q in more) + ")"
    return text


def movement(
    kind: Annotated[
        str,
        typer.Argument(
            help="mitchell, appendix-mitchell, howell, teams, three-teams, interwoven-howell, "
            "extended-mitchell, howell-bofors, team-mitchell, odd-teams, team-howell or "
            "guide-cards."
        ),
    ],
    tables: Annotated[int | None, typer.Option(help="Mitchell: number of tables.")] = None,
    pairs: Annotated[
        int | None, typer.Option(help="Howell, appendix Mitchell: number of pairs.")
    ] = None,
    teams: Annotated[int | None, typer.Option(help="Teams: number of teams.")] = None,
    boards_per_round: Annotated[
        int, typer.Option("--boards-per-round", "-b", help="Boards per round.")
    ] = 3,
    rounds: Annotated[int | None, typer.Option(help="Stop after this many rounds.")] = None,
    even: Annotated[str, typer.Option(help="Mitchell, even tables: relay or skip.")] = "relay",
    arrow_switch: Annotated[
        str, typer.Option(help="Mitchell: none, last-round or balanced.")
    ] = "none",
    absent: Annotated[
        list[int] | None,
        typer.Option(metavar="PAIR", help="Mitchell: a missing pair (repeatable)."),
    ] = None,
    extra_rounds: Annotated[
        int | None, typer.Option(help="extended-mitchell: rounds added (1-3).")
    ] = None,
    session: Annotated[
        int | None,
        typer.Option("-s", "--session", help="howell-bofors: which of the three sessions."),
    ] = None,
    file: Annotated[Path | None, typer.Option(help="guide-cards: the CSV/XLSX to import.")] = None,
    sheet: Annotated[str | None, typer.Option(help="guide-cards: the XLSX sheet.")] = None,
    guide_cards: Annotated[
        Path | None,
        typer.Option(
            "--guide-cards", help="Write printable guide cards (.xlsx).", callback=output_file
        ),
    ] = None,
    csv_out: Annotated[
        Path | None,
        typer.Option("--csv", help="Write the movement as a guide-card CSV.", callback=output_file),
    ] = None,
) -> None:
    """Generate a movement (or import guide cards), check it, and write guide cards."""
    from pipeline.events.guidecards import (
        GuideCardError,
        load_guide_cards,
        write_guide_card_csv,
        write_guide_cards,
    )
    from scoring.movement import MovementError, MovementSpec
    from scoring.movements import Severity, build_movement, check_movement

    kind = kind.lower()
    try:
        if kind == "guide-cards":
            if file is None:
                raise fail("guide-cards needs --file CARDS.csv")
            made = load_guide_cards(file, sheet=sheet)
        else:
            params: list[tuple[str, str | int | bool | tuple[int, ...]]] = []
            named = (("tables", tables), ("pairs", pairs), ("teams", teams), ("session", session))
            for name, value in (*named, ("extra_rounds", extra_rounds)):
                if value is not None:
                    params.append((name, value))
            params.append(("boards_per_round", boards_per_round))
            if rounds is not None:
                params.append(("rounds", rounds))
            if kind in ("mitchell", "extended-mitchell"):
                params += [("even", even), ("arrow_switch", arrow_switch)]
                if absent:
                    params.append(("absent", tuple(absent)))
            if kind == "appendix-mitchell":
                params.append(("arrow_switch", arrow_switch))
            made = build_movement(MovementSpec(kind, tuple(params)))
    except (MovementError, GuideCardError) as error:
        raise fail(str(error)) from None
    for line in _describe(made):
        typer.echo(line)
    if guide_cards is not None:
        write_guide_cards(made, guide_cards)
        typer.echo(f"guide cards: {guide_cards}")
    if csv_out is not None:
        write_guide_card_csv(made, csv_out)
        typer.echo(f"guide-card table: {csv_out}")
    if any(p.severity is Severity.ERROR for p in check_movement(made)):
        raise typer.Exit(ExitCode.FINDINGS)


def cards(
    event_file: Annotated[Path, typer.Argument(help="The event file (YAML).")],
    output: Annotated[
        Path,
        typer.Option(
            "-o",
            "--out",
            help="The file to write: a workbook (.xlsx) or printable cards (.pdf).",
            callback=output_file,
        ),
    ],
    session: Annotated[int, typer.Option("-s", "--session", help="Session number.")] = 1,
    section: Annotated[str | None, typer.Option(help="Section name (default: first).")] = None,
    paper: PaperOption = Paper.A4,
) -> None:
    """Print guide cards (a card per table, plus personal cards with names) for a section:
    a workbook, or a PDF to print when the output ends in .pdf (--paper for its size)."""
    from pipeline.events.eventfile import EventFileError, load_event

    try:
        event = load_event(event_file)
        chosen = event.session(session)
        part = chosen.section(section) if section else chosen.sections[0]
    except EventFileError as error:
        raise fail(str(error)) from None
    except KeyError as error:
        raise fail(f"{event_file.name}: {error.args[0]}") from None
    names = {p.number: p.names for p in part.pairs}
    title = f"{event.name} - {chosen.label} - section {part.name} - {part.movement.name}"
    if part.individual:
        _individual_cards(part, output, paper.value, title)
        return
    if output.suffix.lower() == ".pdf":
        from pipeline.events.cards_pdf import write_cards_pdf

        write_cards_pdf(part.movement, output, paper=paper.value, title=title, names=names)
        typer.echo(f"guide cards ({paper.value}): {output}")
        return
    from pipeline.events.guidecards import write_guide_cards

    write_guide_cards(part.movement, output, title=title, names=names)
    typer.echo(f"guide cards: {output}")


def _individual_cards(part: object, output: Path, paper: str, title: str) -> None:
    """An individual's personal and table cards (seed 004: personal cards are the usual
    ones); a PDF only (the workbook's cards are pairs' cards)."""
    from pipeline.events.individual import player_numbers
    from pipeline.events.individual_cards import write_individual_cards_pdf
    from scoring.event import Section
    from scoring.movements.spec import individual_of

    assert isinstance(part, Section)
    if output.suffix.lower() != ".pdf":
        raise fail(
            f"{output.name}: an individual's guide cards are printed as a PDF (-o cards.pdf)"
        )
    schedule = individual_of(part.movement)
    assert schedule is not None
    numbers = player_numbers(part)
    names = {numbers[p.key]: p.name for pair in part.pairs for p in pair.players}
    write_individual_cards_pdf(schedule, output, paper=paper, title=title, names=names)
    typer.echo(f"guide cards ({paper}): {output}")


def suggest(
    pairs: Annotated[int | None, typer.Option(help="Number of pairs tonight.")] = None,
    boards: Annotated[str, typer.Option(help="Boards a pair should play, e.g. 24-28.")] = "24-28",
    players: Annotated[
        int | None, typer.Option(help="Instead of --pairs: players of an individual event.")
    ] = None,
) -> None:
    """Suggest movements for the field (seed 004 "Val av tävlingsform"; "Individuellt" with
    --players)."""
    from scoring.movement import MovementError
    from scoring.movements import suggest_movements
    from scoring.movements.suggest import no_individual_movement, suggest_individual_movements

    if (pairs is None) == (players is None):
        raise fail("give --pairs (a pairs event) or --players (an individual), one of them")
    low, _, high = boards.partition("-")
    if not low.strip().isdigit() or not (high or low).strip().isdigit():
        raise fail(f"--boards {boards!r}: write a range such as 24-28")
    span = (int(low), int(high or low))
    try:
        if players is not None:
            found = suggest_individual_movements(players, span)
        else:
            assert pairs is not None
            found = suggest_movements(pairs, span)
    except MovementError as error:
        raise fail(str(error)) from None
    if not found:
        field = f"{pairs} pairs" if players is None else f"{players} players (individual)"
        sizes = "" if players is None else f" ({no_individual_movement(players)})"
        raise fail(
            f"no generated movement fits {field} and {boards} boards{sizes}", ExitCode.FINDINGS
        )
    for item in found:
        settings = ", ".join(
            f"{k}: [{', '.join(str(x) for x in v)}]" if isinstance(v, tuple) else f"{k}: {v}"
            for k, v in item.spec.as_dict().items()
        )
        typer.echo(f"{item.movement.name}: {item.boards} boards a pair. {item.note}")
        typer.echo(f"  movement: {{{settings}}}")
