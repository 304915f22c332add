"""A Paul Jones's individual and team results in results.json, both directions side by side.

``results.json``'s ``"paul_jones"`` is null for any other event, else::

    {"unit": "leveled matchpoints", "draw_seed": 7 or null, "sessions_scored": [1, 2],
     "sessions_planned": 3,
     "players": [{"place": "1", "name": ..., "member": ..., "team": 2, "total": 12,
                  "total_exact": "12", "maximum": 18, "maximum_exact": "18",
                  "percent": 66.67, "percent_exact": "200/3",
                  "sessions": [{"session": 1, "pair": 3, "partner": ..., "points": 5, ...}]}],
     "teams": [{"place": "1", "team": 2, "name": ..., "players": [...], "total": 20, ...,
                "sessions": [{"session": 1, "pairs": [3, 4], "points": 8, ...}]}]}

Every figure is written as a decimal (``results_json.number``) and exactly as a fraction
string beside it (``*_exact``), which the reader takes, so the record comes back equal.
Writer and reader live in this one module so a field added to one is seen beside the other;
tests/pipeline/test_results_json.py round-trips them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from pipeline.publish.json_number import number
from pipeline.results.model import (
    PaulJonesTeamStanding,
    PaulJonesView,
    PlayerSession,
    PlayerStanding,
    PlayerView,
    TeamSession,
)

__all__ = ["UNIT", "exact", "figures", "paul_jones_to_dict", "paul_jones_from_dict"]

UNIT = "leveled matchpoints"  # pipeline/results/paul_jones.py says why


def figures(**values: Fraction) -> dict[str, Any]:
    """Each figure as a decimal and, beside it as ``*_exact``, its exact fraction."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        out[key] = number(value, 2 if key == "percent" else 4)
        out[f"{key}_exact"] = str(value)
    return out


def exact(data: dict[str, Any], key: str) -> Fraction:
    """The exact figure ``key`` written beside its decimal (``*_exact``)."""
    return Fraction(data[f"{key}_exact"])


def paul_jones_to_dict(view: PaulJonesView | None) -> dict[str, Any] | None:
    if view is None:
        return None
    return {
        "unit": UNIT,
        "draw_seed": view.draw_seed,
        "sessions_scored": list(view.scored),
        "sessions_planned": view.planned,
        "players": [
            {
                "place": p.place,
                "name": p.player.name,
                "member": p.player.member,
                "team": p.team,
                **figures(total=p.total, maximum=p.maximum, percent=p.percent),
                "sessions": [
                    {
                        "session": s.session,
                        "pair": s.pair,
                        "partner": s.partner,
                        **figures(points=s.points, maximum=s.maximum),
                    }
                    for s in p.sessions
                ],
            }
            for p in view.players
        ],
        "teams": [
            {
                "place": t.place,
                "team": t.team,
                "name": t.name,
                "players": [{"name": p.name, "member": p.member} for p in t.players],
                **figures(total=t.total, maximum=t.maximum, percent=t.percent),
                "sessions": [
                    {
                        "session": s.session,
                        "pairs": list(s.pairs),
                        **figures(points=s.points, maximum=s.maximum),
                    }
                    for s in t.sessions
                ],
            }
            for t in view.teams
        ],
    }


def paul_jones_from_dict(data: dict[str, Any] | None) -> PaulJonesView | None:
    if data is None:
        return None
    players = tuple(
        PlayerStanding(
            place=p["place"],
            player=PlayerView(p["name"], p.get("member") or ""),
            team=p["team"],
            sessions=tuple(
                PlayerSession(
                    s["session"],
                    s["pair"],
                    s["partner"],
                    exact(s, "points"),
                    exact(s, "maximum"),
                )  # fmt: skip
                for s in p["sessions"]
            ),
            total=exact(p, "total"),
            maximum=exact(p, "maximum"),
            percent=exact(p, "percent"),
        )
        for p in data["players"]
    )
    teams = tuple(
        PaulJonesTeamStanding(
            place=t["place"],
            team=t["team"],
            name=t["name"],
            players=tuple(PlayerView(p["name"], p.get("member") or "") for p in t["players"]),
            sessions=tuple(
                TeamSession(
                    s["session"], tuple(s["pairs"]), exact(s, "points"), exact(s, "maximum")
                )
                for s in t["sessions"]
            ),
            total=exact(t, "total"),
            maximum=exact(t, "maximum"),
            percent=exact(t, "percent"),
        )
        for t in data["teams"]
    )
    return PaulJonesView(
        players,
        teams,
        data.get("draw_seed"),
        tuple(data.get("sessions_scored") or ()),
        data.get("sessions_planned") or 0,
    )
