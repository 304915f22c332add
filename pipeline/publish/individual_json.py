"""An individual event's players in results.json, writer and reader side by side.

``results.json``'s ``"individual"`` is null for any other event, else::

    {"unit": "matchpoints of the side played on", "sessions_scored": [1], "sessions_planned": 1,
     "players": [{"place": "1-2", "number": 5, "name": ..., "member": ..., "total": 5,
                  "total_exact": "5", "maximum": 6, ..., "percent": 83.33,
                  "percent_exact": "250/3",
                  "rounds": [{"session": 1, "round": 1, "table": 2, "seat": "E",
                              "partner": 6, "pair": 4, "points": 2, "points_exact": "2",
                              "maximum": 2, "maximum_exact": "2"}]}]}

Every figure is a decimal (``json_number.number``) with its exact fraction beside it
(``*_exact``), which the reader takes (pipeline/results/individual.py says how the figures
are made).
"""

from __future__ import annotations

from typing import Any

from pipeline.publish.paul_jones_json import exact, figures
from pipeline.results.model import IndividualRound, IndividualStanding, IndividualView, PlayerView

__all__ = ["UNIT", "individual_to_dict", "individual_from_dict"]

UNIT = "matchpoints of the side played on"


def individual_to_dict(view: IndividualView | None) -> dict[str, Any] | None:
    if view is None:
        return None
    return {
        "unit": UNIT,
        "sessions_scored": list(view.scored),
        "sessions_planned": view.planned,
        "players": [
            {
                "place": p.place,
                "number": p.number,
                "name": p.player.name,
                "member": p.player.member,
                **figures(total=p.total, maximum=p.maximum, percent=p.percent),
                "rounds": [
                    {
                        "session": r.session,
                        "round": r.round,
                        "table": r.table,
                        "seat": r.seat,
                        "partner": r.partner,
                        "pair": r.pair,
                        **figures(points=r.points, maximum=r.maximum),
                    }  # fmt: skip
                    for r in p.rounds
                ],
            }
            for p in view.players
        ],
    }


def individual_from_dict(data: dict[str, Any] | None) -> IndividualView | None:
    if data is None:
        return None

    return IndividualView(
        tuple(
            IndividualStanding(
                p["place"],
                p["number"],
                PlayerView(p["name"], p.get("member") or ""),
                tuple(
                    IndividualRound(
                        r["session"],
                        r["round"],
                        r["table"],
                        r["seat"],
                        r["partner"],
                        r["pair"],
                        exact(r, "points"),
                        exact(r, "maximum"),
                    )  # fmt: skip
                    for r in p["rounds"]
                ),
                exact(p, "total"),
                exact(p, "maximum"),
                exact(p, "percent"),
            )
            for p in data["players"]
        ),
        tuple(data.get("sessions_scored") or ()),
        data.get("sessions_planned") or 0,
    )
