"""A player in results.json, described once (pipeline/publish/json_codec.py): by name and
federation member number, in two orders (a ranking's players, a masterpoint line)."""

from __future__ import annotations

from pipeline.publish.json_codec import Shape, Text
from pipeline.results.model.sessions import PlayerView

__all__ = ["PlayerJson", "MemberNameJson"]


class PlayerJson(Shape):
    """A player: name and federation member number (blank when the club has none)."""

    domain = PlayerView
    name: str
    member: Text = ""


class MemberNameJson(Shape):
    """A player on a masterpoint line: member number first, as the federation lists them."""

    domain = PlayerView
    member: Text = ""
    name: str
