"""Reading an event file's YAML nodes: every value as text, every mistake with the file,
the path inside it and the line (``EventFileError``); and the list of a pair's or a
team's players. Shared by the event file (eventfile.py) and its Paul Jones block
(paul_jones.py)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

import yaml

from scoring.event import EventError, Player

__all__ = ["EventFileError", "read_players"]


class EventFileError(ValueError):
    """A mistake in an event file, with the file, the path inside it and the line."""

    def __init__(self, source: str, path: str, message: str, line: int | None = None) -> None:
        self.source = source
        self.path = path
        self.line = line
        self.detail = message
        where = f"{source}: {path}: " if path else f"{source}: "
        at = f" (line {line})" if line is not None else ""
        super().__init__(f"{where}{message}{at}")


class _Node:
    """A YAML node with its path, so every complaint can say where it is."""

    def __init__(self, node: yaml.Node | None, path: str, source: str) -> None:
        self.node = node
        self.path = path
        self.source = source

    @property
    def line(self) -> int | None:
        return None if self.node is None else self.node.start_mark.line + 1

    def error(self, message: str, path: str | None = None) -> EventFileError:
        return EventFileError(self.source, self.path if path is None else path, message, self.line)

    def child(self, node: yaml.Node | None, suffix: str) -> _Node:
        joined = suffix.startswith("[") or not self.path
        path = f"{self.path}{suffix}" if joined else f"{self.path}.{suffix}"
        return _Node(node, path, self.source)

    # -- shapes -------------------------------------------------------------------------
    def mapping(
        self, allowed: AbstractSet[str], required: AbstractSet[str] = frozenset()
    ) -> dict[str, _Node]:
        if not isinstance(self.node, yaml.MappingNode):
            raise self.error(f"expected a mapping with {', '.join(sorted(required or allowed))}")
        out: dict[str, _Node] = {}
        for key_node, value_node in self.node.value:
            key = str(key_node.value).strip()
            if key not in allowed:
                raise _Node(key_node, self.path, self.source).error(
                    f"unknown setting {key!r} (allowed: {', '.join(sorted(allowed))})"
                )
            if key in out:
                raise _Node(key_node, self.path, self.source).error(f"{key!r} is given twice")
            out[key] = self.child(value_node, key)
        missing = sorted(required - set(out))
        if missing:
            raise self.error(f"{', '.join(missing)} missing")
        return out

    def items(self) -> list[_Node]:
        if not isinstance(self.node, yaml.SequenceNode):
            raise self.error("expected a list")
        return [self.child(n, f"[{i}]") for i, n in enumerate(self.node.value)]

    def text(self, what: str = "value") -> str:
        if not isinstance(self.node, yaml.ScalarNode):
            raise self.error(f"{what} must be a single value")
        return str(self.node.value).strip()

    def integer(self, what: str = "number", minimum: int = 1) -> int:
        text = self.text(what)
        if not text.lstrip("-").isdigit():
            raise self.error(f"{what} {text!r} is not a whole number")
        value = int(text)
        if value < minimum:
            raise self.error(f"{what} {value} must be at least {minimum}")
        return value

    def boolean(self, what: str = "value") -> bool:
        text = self.text(what).lower()
        if text in ("yes", "true", "on", "1", "ja", "y"):
            return True
        if text in ("no", "false", "off", "0", "nej", "nei", "n"):
            return False
        raise self.error(f"{what} {text!r} must be yes or no")


def read_players(node: _Node) -> tuple[Player, ...]:
    """A list of players, each a name or ``{name, member}``."""
    players = []
    for child in node.items():
        if isinstance(child.node, yaml.ScalarNode):
            name, member = child.text("player name"), None
        else:
            parts = child.mapping({"name", "member"}, {"name"})
            name = parts["name"].text("player name")
            member = parts["member"].text("member number") if "member" in parts else None
            if member == "":
                member = None
        try:
            players.append(Player(name, member))
        except EventError as error:
            target = (
                child if isinstance(child.node, yaml.ScalarNode) else child.child(None, error.path)
            )
            raise EventFileError(node.source, target.path, error.detail, child.line) from None
    return tuple(players)
