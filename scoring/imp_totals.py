"""A pair's session in a pairs event scored in IMPs (cross-IMPs or Butler; rules.md §9, §15).

IMPs have no top, so a session figure is simply built from the pair's board IMPs; what
programs differ in is what they do with a pair that did not play every board:

- Sit-out credit (``options.sitout_credit``, rules.md §7 carried over to IMPs): with
  ``SitoutCredit.AVERAGE`` a pair that sat out is credited with its average IMPs per board
  played for each board it sat out (exact; Butler programs print it as they print any
  IMPs). ``ZERO`` and ``NONE`` credit nothing.
- The fewer-boards factor (``options.fewer_boards``): with ``SCALE_TO_SESSION`` the total of a
  pair that has fewer boards (played plus credited) than the session's is multiplied by
  boards-in-session / its boards, the North American way.
- The session figure (``options.imp_totals``): the sum, or IMPs per board (the sum over the
  boards it counts).

The board IMPs themselves come from ``scoring.imps.imp_board``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from scoring.errors import ScoringError
from scoring.options import FewerBoards, ImpTotals, ScoringOptions, SitoutCredit

__all__ = ["ImpTotal", "imp_total", "imp_totals"]


@dataclass(frozen=True)
class ImpTotal:
    """A pair's IMP session.

    ``imps``: the sum of its board IMPs; ``sitout_imps``: the credit for boards sat out;
    ``factor``: the fewer-boards factor (1 when not scaled); ``total``: what it is ranked on
    (``(imps + sitout_imps) * factor``, or per board when the options say so).
    """

    pair: int
    imps: Fraction
    boards_played: int
    sitout_boards: int
    sitout_imps: Fraction
    factor: Fraction
    total: Fraction

    @property
    def per_board(self) -> Fraction:
        """IMPs per board counted (played and credited)."""
        counted = self.boards_played + self.sitout_boards
        return (self.imps + self.sitout_imps) / counted if counted else Fraction(0)


def imp_total(
    pair: int,
    board_imps: Iterable[Fraction | int],
    options: ScoringOptions,
    boards_in_session: int,
    sitout_boards: int = 0,
) -> ImpTotal:
    """One pair's session figure from its board IMPs (module docstring for the rules)."""
    values = [Fraction(v) for v in board_imps]
    played = len(values)
    if sitout_boards < 0:
        raise ScoringError(f"pair {pair}: {sitout_boards} boards sat out")
    imps = sum(values, Fraction(0))
    credit = Fraction(0)
    if sitout_boards and options.sitout_credit in (
        SitoutCredit.AVERAGE,
        SitoutCredit.AVERAGE_PER_BOARD,
    ):
        if not played:
            raise ScoringError(f"pair {pair} sat out but played no board: no average to credit")
        credit = imps / played * sitout_boards
    counted = played + sitout_boards
    factor = Fraction(1)
    if options.fewer_boards is FewerBoards.SCALE_TO_SESSION and 0 < counted < boards_in_session:
        factor = Fraction(boards_in_session, counted)
    total = (imps + credit) * factor
    if options.imp_totals is ImpTotals.PER_BOARD:
        total = (imps + credit) / counted if counted else Fraction(0)
    return ImpTotal(pair, imps, played, sitout_boards, credit, factor, total)


def imp_totals(
    board_imps: Mapping[int, Iterable[Fraction | int]],
    options: ScoringOptions,
    sitouts: Mapping[int, int] | None = None,
    boards_in_session: int | None = None,
) -> dict[int, ImpTotal]:
    """Every pair's session figure. ``sitouts`` maps a pair to the boards it sat out;
    ``boards_in_session`` defaults to the most boards any pair played."""
    lists = {pair: [Fraction(v) for v in values] for pair, values in board_imps.items()}
    unknown = set(sitouts or {}) - set(lists)
    if unknown:
        raise ScoringError(f"sit-out for pair(s) {sorted(unknown)} without results")
    most = boards_in_session or max((len(v) for v in lists.values()), default=0)
    return {
        pair: imp_total(pair, values, options, most, (sitouts or {}).get(pair, 0))
        for pair, values in sorted(lists.items())
    }
