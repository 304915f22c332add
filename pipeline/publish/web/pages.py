"""What each page of the results site shows, read off the one results model.

Every page gets a plain context (no scoring here: numbers come scored from
``pipeline.results``); the templates in ``templates/`` only lay them out. File names are
built from numbers alone (``board-1-7.html``, ``pair-13.html``), so no name, club or other
text from input can ever become part of a path.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pipeline.events.hand_records import HandRecord
from pipeline.publish.web.hand_diagram import hand_diagram
from pipeline.publish.web.publication import (
    CHANGES,
    changes_context,
    corrections_by_line,
    line_corrections,
)
from pipeline.publish.wording import board_marks, centres, fmt, line_mark
from pipeline.results.cards import score_card, traveller_order
from pipeline.results.model.event import EventResults, LeveledStanding
from pipeline.results.model.sessions import BoardView, PlayerView, SessionView, Standing
from scoring.board import dealer_of, vulnerability_of

__all__ = [
    "Page",
    "board_href",
    "pair_href",
    "session_href",
    "site_pages",
]

INDEX = "index.html"
MASTERPOINTS = "masterpoints.html"
MATCHES = "matches.html"
PAUL_JONES = "paul-jones.html"  # a Paul Jones's individual and team rankings
HANDICAP = "handicap.html"  # a handicap event's rankings (rules.md §11)


@dataclass(frozen=True)
class Page:
    """One page to render: its file name, template and context."""

    name: str
    template: str
    title: str
    context: dict[str, Any] = field(default_factory=dict)
    crumbs: tuple[tuple[str, str], ...] = ()  # (label, href) above the page title


def board_href(session: int, board: int) -> str:
    return f"board-{int(session)}-{int(board)}.html"


def pair_href(pair: int) -> str:
    return f"pair-{int(pair)}.html"


def session_href(session: int) -> str:
    return f"session-{int(session)}.html"


def _names(players: Sequence[PlayerView]) -> str:
    return " - ".join(p.name for p in players)


def _pair_names(results: EventResults) -> dict[int, str]:
    """Pair number -> names, over every session (a pair keeps its number across sessions)."""
    names: dict[int, str] = {}
    for session in results.sessions:
        for standing in session.standings:
            names.setdefault(standing.pair, standing.names)
    for leveled in results.leveled:
        names.setdefault(leveled.pair, leveled.names)
    return names


def _session_crumbs(results: EventResults, session: SessionView) -> tuple[tuple[str, str], ...]:
    crumbs = (("Results", INDEX),)
    if results.multi_session:
        crumbs += ((session.name or f"Session {session.number}", session_href(session.number)),)
    return crumbs


def _session_facts(results: EventResults, session: SessionView) -> str:
    if session.unit == "IMP":
        scored = "scored in IMPs"
    else:
        scored = f"top {fmt(session.top)}, scale {results.scale}"
    parts = [f"{session.pairs} pairs", f"{len(session.boards)} boards", scored]
    if session.movement:
        parts.append(session.movement)
    if results.multi_session and session.factor != 1:
        parts.append(f"leveled x {fmt(session.factor, 4)} to top {fmt(results.target_top)}")
    return ", ".join(parts)


Marks = Mapping[tuple[int, int, int, int], tuple[int, ...]]


def _traveller_rows(
    session: SessionView, board: BoardView, names: Mapping[int, str], marks: Marks
) -> list[dict[str, Any]]:
    rows = []
    for line in traveller_order(board):
        top = board.top or None
        rows.append(
            {
                "line": line,
                "ns_names": names.get(line.ns_pair, ""),
                "ew_names": names.get(line.ew_pair, ""),
                "ns_percent": None if line.ns_mp is None or top is None else line.ns_mp * 100 / top,
                "mark": line_mark(line),
                "corrections": line_corrections(marks, session.number, line),
            }
        )
    return rows


def _board_page(
    results: EventResults,
    session: SessionView,
    board: BoardView,
    names: Mapping[int, str],
    record: HandRecord | None,
    neighbours: tuple[int | None, int | None],
    marks: Marks,
) -> Page:
    dealer = record.dealer if record else dealer_of(board.board)
    vulnerability = record.vulnerability if record else vulnerability_of(board.board)
    before, after = neighbours
    rows = _traveller_rows(session, board, names, marks)
    pairs = sorted({n for line in board.lines for n in (line.ns_pair, line.ew_pair)})
    return Page(
        name=board_href(session.number, board.board),
        template="board.html",
        title=f"Board {board.board}",
        crumbs=_session_crumbs(results, session),
        context={
            "session": session,
            "board": board,
            "rows": rows,
            "with_notes": any(row["mark"] for row in rows),
            "with_leads": any(line.lead for line in board.lines),
            "legend": [(n, names.get(n, "")) for n in pairs],
            "marks": board_marks(board),
            "dealer": dealer.value,
            "vulnerability": str(vulnerability),
            "hands": hand_diagram(record) if record else None,
            "imps": session.unit == "IMP",
            "centred": centres(results, session),
            "previous": None if before is None else (before, board_href(session.number, before)),
            "next": None if after is None else (after, board_href(session.number, after)),
        },
    )


def _card(
    results: EventResults,
    session: SessionView,
    standing: Standing,
    names: Mapping[int, str],
    marks: Marks,
) -> dict[str, Any]:
    lines = score_card(session, standing.pair)
    return {
        "session": session,
        "standing": standing,
        "imps": session.unit == "IMP",
        "centred": centres(results, session),
        "lines": [
            {
                "card": c,
                "href": board_href(session.number, c.line.board),
                "opponent_names": names.get(c.opponent, ""),
                "mark": line_mark(c.line),
                "corrections": line_corrections(marks, session.number, c.line),
            }
            for c in lines
        ],
        "board_total": lines[-1].running if lines else Fraction(0),
        "board_tops": lines[-1].running_tops if lines else Fraction(0),
        "with_notes": any(line_mark(c.line) for c in lines),
    }


def _pair_page(
    results: EventResults,
    pair: int,
    names: Mapping[int, str],
    leveled: LeveledStanding | None,
    marks: Marks,
) -> Page:
    cards = []
    for session in results.sessions:
        standing = next((s for s in session.standings if s.pair == pair), None)
        if standing is not None:
            cards.append(_card(results, session, standing, names, marks))
    players = leveled.players if leveled else cards[0]["standing"].players
    return Page(
        name=pair_href(pair),
        template="pair.html",
        title=f"Pair {pair}",
        crumbs=(("Results", INDEX),),
        context={
            "pair": pair,
            "names": _names(players),
            "players": players,
            "cards": cards,
            "leveled": leveled,
        },
    )


def _pairs_pages(
    results: EventResults, hands: Mapping[int, Sequence[HandRecord]]
) -> Iterator[Page]:
    names = _pair_names(results)
    leveled = {standing.pair: standing for standing in results.leveled}
    marks = corrections_by_line(results.audit)
    if results.multi_session and results.individual is None:
        yield Page(
            name=INDEX,
            template="overall.html",
            title=results.title,
            context={
                "standings": results.leveled,
                "sessions": results.sessions,
                "with_mp": any(s.masterpoints is not None for s in results.leveled),
                "facts": {s.number: _session_facts(results, s) for s in results.sessions},
                "centred": any(centres(results, s) for s in results.sessions),
            },
        )
    # An individual's index is the players' ranking; the partnerships are the sessions' pages.
    own_index = not results.multi_session and results.individual is None
    for session in results.sessions:
        yield Page(
            name=INDEX if own_index else session_href(session.number),
            template="session.html",
            title=results.title if own_index else session.name or f"Session {session.number}",
            crumbs=() if own_index else (("Results", INDEX),),
            context={
                "session": session,
                "facts": _session_facts(results, session),
                "with_field": any(s.direction for s in session.standings),
                "with_mp": any(s.masterpoints is not None for s in session.standings),
                "imps": session.unit == "IMP",
                "centred": centres(results, session),
            },
        )
        records = {r.board: r for r in hands.get(session.number, ())}
        numbers = [b.board for b in session.boards]
        for index, board in enumerate(session.boards):
            neighbours = (
                numbers[index - 1] if index > 0 else None,
                numbers[index + 1] if index + 1 < len(numbers) else None,
            )
            yield _board_page(
                results, session, board, names, records.get(board.board), neighbours, marks
            )
    for pair in sorted(names):
        yield _pair_page(results, pair, names, leveled.get(pair), marks)


def site_pages(
    results: EventResults, hands: Mapping[int, Sequence[HandRecord]] | None = None
) -> tuple[Page, ...]:
    """Every page of the site for ``results``; ``hands`` maps session -> hand records."""
    pages: list[Page] = []
    if results.teams is not None:
        pages.append(
            Page(
                name=INDEX,
                template="teams.html",
                title=results.title,
                context={"teams": results.teams},
            )
        )
    else:
        pages.extend(_pairs_pages(results, hands or {}))
    if results.individual is not None:
        pages.append(
            Page(
                name=INDEX,
                template="individual.html",
                title=results.title,
                context={
                    "view": results.individual,
                    "sessions": results.sessions,
                    "href": {s.number: session_href(s.number) for s in results.sessions},
                },
            )  # fmt: skip
        )
    if results.handicap is not None:
        pages.append(
            Page(
                name=HANDICAP,
                template="handicap.html",
                title="Handicap ranking",
                crumbs=(("Results", INDEX),),
                context={"view": results.handicap},
            )
        )
    view = results.paul_jones
    if view is not None:
        pages.append(
            Page(
                name=PAUL_JONES,
                template="paul_jones.html",
                title="Players and teams",
                crumbs=(("Results", INDEX),),
                context={"view": view, "sessions": view.scored},
            )
        )
    if results.audit or (results.changes is not None and not results.changes.empty):
        pages.append(
            Page(
                name=CHANGES,
                template="changes.html",
                title="What changed",
                crumbs=(("Results", INDEX),),
                context=changes_context(results),
            )
        )
    if results.awards:
        pages.append(
            Page(
                name=MASTERPOINTS,
                template="masterpoints.html",
                title="Masterpoints",
                crumbs=(("Results", INDEX),),
                context={"awards": results.awards},
            )
        )
    return tuple(pages)
