"""A handicap event's rankings in results.json (``"handicap"``; null for any other event)::

    {"method": "of-missed",
     "sessions": [{"session": 1, "ranking": [{"place": "1", "pair": 2,
        "players": [{"name": ..., "member": ...}], "points": 5, "points_exact": "5",
        "maximum": 6, ..., "handicap": 24, "addition": 0.24, "total": 5.24,
        "percent": 87.33, ...}]}]}

Each figure as a decimal and exactly beside it (``*_exact``), which the reader takes.
"""

from __future__ import annotations

from typing import Any

from pipeline.publish.paul_jones_json import exact, figures
from pipeline.results.model import HandicapSession, HandicapStanding, HandicapView, PlayerView

__all__ = ["handicap_to_dict", "handicap_from_dict"]


def handicap_to_dict(view: HandicapView | None) -> dict[str, Any] | None:
    if view is None:
        return None
    return {
        "method": view.method,
        "sessions": [
            {
                "session": s.session,
                "ranking": [
                    {
                        "place": r.place,
                        "pair": r.pair,
                        "players": [{"name": p.name, "member": p.member} for p in r.players],
                        **figures(
                            points=r.points,
                            maximum=r.maximum,
                            handicap=r.handicap,
                            addition=r.addition,
                            total=r.total,
                            percent=r.percent,
                        ),
                    }  # fmt: skip
                    for r in s.standings
                ],
            }
            for s in view.sessions
        ],
    }


def handicap_from_dict(data: dict[str, Any] | None) -> HandicapView | None:
    if data is None:
        return None

    return HandicapView(
        data["method"],
        tuple(
            HandicapSession(
                s["session"],
                tuple(
                    HandicapStanding(
                        r["place"],
                        r["pair"],
                        tuple(PlayerView(p["name"], p.get("member") or "") for p in r["players"]),
                        *(
                            exact(r, k)
                            for k in (
                                "points",
                                "maximum",
                                "handicap",
                                "addition",
                                "total",
                                "percent",
                            )
                        ),
                    )  # fmt: skip
                    for r in s["ranking"]
                ),
            )
            for s in data["sessions"]
        ),
    )
