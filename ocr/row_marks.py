"""Every mark box of one row read from the flattened page: by fill, by a circle round it, by a dot.

The three readings are described in ocr/marks.py, which also holds the decision on one
box, and their thresholds in ocr/mark_settings.py. ``RowMarks`` measures a row's ink and
paper (ocr/row_ink.py: its band of the page, the form's printed lines where they really
lie on it, the pen's strength), reads each box on it (ocr/row_boxes.py) into the row's
evidence (ocr/row_evidence.py), and gives the evidence to the rules (ocr/mark_rules.py),
which decide what the row's boxes hold.

The views of the row a rule asks for are objects of their own, each made from the row's
measured ink the first time a rule asks, and ``RowMarks`` hands each question to the one
that answers it: the circle round a box and its ellipse (``RowBoxes``), the row without
the page's specks (``RowWithoutSpecks``, ocr/row_without_specks.py), the ink a rival mark
leaves (``RowRivals``, ocr/row_rivals.py), the paper beside the boxes (``RowShade``,
ocr/row_shade.py). ``evidence`` is the one place a row's evidence is measured.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType

import cv2
import numpy as np

from ocr.circle_strokes import strokes_round
from ocr.circles import Rays
from ocr.clean_rivals import clean_beside_thick_ink
from ocr.dots import DOT_ALONE_MM
from ocr.dusty_dot_rule import dust_held_dots
from ocr.edge_dots import EdgeDot, dots_on_row_edges
from ocr.layout import Layout, Rect, Row
from ocr.mark_geometry import BORDER_CORE_MM, SPILL_MM, printed_at, side_by_side
from ocr.mark_rules import apply_rules
from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.marks import BOX_INSET_MM, MARKED_ABOVE, MarkReading, MarkState, plain_reading
from ocr.outline import CENTRE_PLAY_MM
from ocr.page_dust import NO_DUST, PageDust
from ocr.pen import centres_outside, pen_strength
from ocr.row_boxes import RowBoxes
from ocr.row_evidence import Px, RowEvidence
from ocr.row_ink import RowInk
from ocr.row_rivals import RowRivals
from ocr.row_shade import RowShade
from ocr.row_without_specks import RowWithoutSpecks

__all__ = ["FieldMarks", "RowMarks"]

# The thresholds are in ocr/mark_settings.py, with why each is what it is.
_DOT_MIN_FILL = MARK_SETTINGS.dot_min_fill
_RING_INK_MIN = MARK_SETTINGS.ring_ink_min
_OWN_MARK_FILL = MARK_SETTINGS.own_mark_fill
_STRIP_MM = BOX_INSET_MM + SPILL_MM  # a neighbour's stroke reaches this far in from a box's edge
_ENTRY_MM = MARK_SETTINGS.entry_mm
EdgeDots = tuple[EdgeDot, ...]


@dataclass(frozen=True)
class FieldMarks:
    """A row's mark fields as the rules read them (``RowMarks.read_marks``)."""

    readings: dict[str, list[MarkReading]]
    """Every box of each field read, in the form's order."""
    inked_at_first: frozenset[tuple[str, str]]
    """(field, option) of each box read that held ink by its own fill, circle or dot
    before any rule (``RowEvidence.first``), or a circle's part round it (a ring of
    ``MarkSettings.ring_ink_min`` or more, not circled): a box a rule read away as dust or a
    neighbour's stroke, or one a player's wide ring went round unseen, is no clean box
    (``ocr.unchecked_marks._only_ink``, ``ocr.used_marks._unseen_sign``)."""
    dust_held: frozenset[tuple[str, str]] = frozenset()
    """(field, option) of each box left unsure by a dot whose own dot the page's dust holds
    alike (``ocr.dusty_dot_rule.dust_held_dots``): never its field's only ink."""
    clean_by: frozenset[tuple[str, str]] = frozenset()
    """On a dusty page, (field, option) of each box that holds no ink a player's mark would
    leave, in a field with a box unsure by thick ink by its edge
    (``ocr.clean_rivals.clean_beside_thick_ink``, ``ocr.unchecked_marks.marks_in_the_gap``)."""
    ink_round: frozenset[tuple[str, str]] = frozenset()
    """(field, option) of each box with drawn ink beside two of its sides or more, outside
    the boxes that hold their own mark (``RowEvidence.around``: a circle was looked for
    round it): a box without is no box a circle went round, however faint
    (``ocr.score_settles``, a neighbour's stroke)."""


class RowMarks:
    """Every mark box of one row, read from the flattened page (see the module docstring):
    on the row's ink (``row_ink``, ``RowInk``) it measures the row's evidence
    (``RowEvidence``) and gives the rules the views of it they ask for on demand
    (``ocr.row_evidence.RowViews``), each from the view object that measures it."""

    def __init__(
        self, page: np.ndarray, layout: Layout, row: Row, dpi: float, dust: PageDust = NO_DUST
    ) -> None:
        self.row_ink = RowInk(page, layout, row, dpi)
        self.row = row
        self.dust = dust
        # The evidence holds this row as its views: kept here weakly, so that the two are
        # no cycle and a row's arrays are freed as its reading ends (``evidence``). The
        # views below hold the row's ink, never this row: no cycle either.
        self._evidence: weakref.ref[RowEvidence] | None = None
        self._boxes: RowBoxes | None = None  # each box read on its own (evidence)
        self._without: RowWithoutSpecks | None = None  # ... without the page's specks
        self._rivals: RowRivals | None = None  # the ink a rival mark leaves
        self._shade: RowShade | None = None  # the paper beside the boxes (fill_in_shade)
        # the dots on the printed edges, by the boxes read circled (and the settings, on a
        # dusty page): ``dots_on_edges``
        self._edge_dots: dict[tuple[bytes, MarkSettings | None, float], EdgeDots] = {}
        self._edge_dots_without: dict[tuple[bytes, int], EdgeDots] = {}  # (one box's pen left out)
        self._ink_by_edges: np.ndarray | None = None  # per box, drawn ink hugging its edges
        self._round: dict[tuple[Rect, float], np.ndarray] = {}  # strokes round a box

    def read_fields(self, names: Sequence[str]) -> dict[str, list[MarkReading]]:
        """Every box of the named mark fields of this row, as the rules decide it
        (ocr/mark_rules.py) on the row's evidence."""
        return self.read_marks(names).readings

    def read_marks(self, names: Sequence[str]) -> FieldMarks:
        """The named mark fields as ``read_fields`` reads them, with the boxes of them that
        held ink before any rule (``FieldMarks.inked_at_first``): the row's evidence is
        kept only while it is read (``evidence``), so what the decoder asks of its first
        readings is taken here."""
        g = self.row_ink.geometry
        out: dict[str, list[MarkReading]] = {n: [] for n in names}
        ev = self.evidence()
        readings = apply_rules(ev)
        for (field, _, _), reading in zip(g.boxes, readings, strict=True):
            if field in out:
                out[field].append(reading)
        inked = frozenset(
            (field, str(option))
            for (field, option, _), r in zip(g.boxes, ev.first, strict=True)
            if field in out and (r.state is not MarkState.EMPTY or r.ring >= _RING_INK_MIN)
        )
        held = (g.boxes[i] for i in dust_held_dots(ev, readings))
        clean = clean_beside_thick_ink(ev, readings, MARK_SETTINGS)
        return FieldMarks(
            out,
            inked,
            frozenset((f, str(o)) for f, o, _ in held if f in out),
            frozenset(b for b in clean if b[0] in out),
            frozenset(
                (field, str(option))
                for (field, option, _), looked in zip(g.boxes, ev.around, strict=True)
                if field in out and looked
            ),
        )

    def evidence(self) -> RowEvidence:
        """The row's evidence, measured once: the fills of all boxes at once, a circle
        looked for only where drawn ink (outside the boxes that hold their own mark) lies
        beside two sides of a box at least, a dot only where a box holds ink
        (``RowBoxes``).

        Kept as long as someone holds it (the rules, while they decide the row): the
        evidence refers to this row (``views``), and a row that kept its evidence too
        made each row a cycle of references that only Python's cyclic collector frees.
        Its arrays (the band's ink, grey, integrals, lines: some 3 MB a row) then waited
        for a collection, so a page's rows were alive together: 27 TEST noisy pages
        read 52,600 -> 30,100 page faults, peak RSS 302 -> 214 MB."""
        kept = self._evidence() if self._evidence is not None else None
        if kept is not None:
            return kept
        row = self.row_ink
        g = row.geometry
        x0, y0, x1, y1 = g.inner.T
        area = np.maximum(1, (x1 - x0) * (y1 - y0))
        fills = (row.sum[y1, x1] - row.sum[y0, x1] - row.sum[y1, x0] + row.sum[y0, x0]) / area
        own_marked = fills > _OWN_MARK_FILL if row.any_ink else None
        fill_list = fills.tolist()
        boxes = self._boxes = RowBoxes(row, own_marked, fill_list)
        self._without = self._rivals = None  # (made again on these boxes when asked)
        # A box is looked at (``RowBoxes.decide``) only where a dot or a circle may be read
        # in it: the rest, most of a row, are read by their fill alone (``plain_reading``).
        looked = (
            (fills < 2 * MARKED_ABOVE) & ((fills > _DOT_MIN_FILL) | (boxes.sides_inked >= 2))
            if row.any_ink
            else np.zeros(len(fills), bool)
        )
        read = tuple(
            boxes.decide(i, f) if look else plain_reading(option, f)
            for i, ((_, option, _), f, look) in enumerate(
                zip(g.boxes, fill_list, looked.tolist(), strict=True)
            )
        )
        sides = boxes.sides_inked.tolist() if boxes.sides_inked is not None else [0] * len(read)
        evidence = RowEvidence(
            geometry=g,
            any_ink=row.any_ink,
            first=read,
            sides_inked=tuple(sides),
            around=tuple(boxes.around),
            no_ellipse=MappingProxyType(dict(boxes.no_ellipse)),
            views=self,
            dust=self.dust,
        )
        self._evidence = weakref.ref(evidence)
        return evidence

    # -- the row's ink, as the rules see it (``RowViews``) ----------------------------------
    @property
    def s(self) -> float:
        """Pixels a millimetre."""
        return self.row_ink.s

    @property
    def ink(self) -> np.ndarray:
        """The soft ink value of every pixel of the row's band."""
        return self.row_ink.ink

    @property
    def drawn(self) -> np.ndarray:
        """The solid ink off the form's printed lines."""
        return self.row_ink.drawn

    def px(self, r: Rect) -> Px:
        """Rectangle ``r`` (page millimetres) in the band's pixels, clipped to the band."""
        return self.row_ink.px(r)

    def mean_ink(self, px: Px) -> float:
        """Mean ink value over pixels ``px`` (x0, y0, x1, y1 of the row band): a fill."""
        return self.row_ink.mean_ink(px)

    def crossed(self, a: Rect, b: Rect) -> bool:
        """Does drawn ink (off the printed lines) lie just outside box ``a`` near its side
        facing box ``b``: beside that side or round its two corners? A stroke reaching into
        ``a`` from a neighbour's mark (across the gap, or round a corner as a circle does)
        leaves ink there; a mark that stays in its box leaves none."""
        reach = _ENTRY_MM
        if side_by_side(a, b):
            x = a.x1 - _STRIP_MM if b.x > a.x else a.x - reach
            zone = Rect(x, a.y - reach, _STRIP_MM + reach, a.height + 2 * reach)
        else:  # one above the other
            y = a.y1 - _STRIP_MM if b.y > a.y else a.y - reach
            zone = Rect(a.x - reach, y, a.width + 2 * reach, _STRIP_MM + reach)
        row = self.row_ink
        zx0, zy0, zx1, zy1 = row.px(zone)
        inside = np.zeros((zy1 - zy0, zx1 - zx0), bool)
        bx0, by0, bx1, by1 = row.px(a.inset(-BORDER_CORE_MM))
        inside[max(0, by0 - zy0) : max(0, by1 - zy0), max(0, bx0 - zx0) : max(0, bx1 - zx0)] = True
        return bool((row.drawn[zy0:zy1, zx0:zx1] & ~inside).any())

    def dots_on_edges(self, circled: np.ndarray, t: MarkSettings | None = None) -> EdgeDots:
        """The pen dots on the printed edges near the row's boxes (ocr/edge_dots.py).
        ``circled`` names the boxes read on a circle (their edges are that circle's).
        With ``t``, on a dusty page, a dot whose only drawn ink beside it is the page's
        specks (``ocr.page_dust.specks_of``) stands alone; on a page that is not dusty,
        a dot whose drawn ink lies across a printed edge leaves ``edge_dot_off_line_mm2``
        of it off the lines at least, not ``edge_dot_least_mm2`` (a pen put on the line
        lies mostly under its mask; on a dusty page so do specks settled on a line).

        Measured once a row for each ``circled`` (and ``t`` on a dusty page): the rules
        ask again on the same readings (``edge_dots``, the dust rules, and ``clean_rivals``
        and ``edge_dot_rivals`` once for each field's lone unsure box)."""
        settings = MARK_SETTINGS if t is None else t
        page_dusty = self.dust.dusty(settings)
        dusty = t is not None and page_dusty
        off_line = settings.edge_dot_least_mm2 if page_dusty else settings.edge_dot_off_line_mm2
        key = (circled.tobytes(), t if dusty else None, off_line)
        found = self._edge_dots.get(key)
        if found is None:
            without_dust = None
            if dusty:
                without_dust = partial(self._without_view().drawn_without_specks, settings)
            found = dots_on_row_edges(self.row_ink, circled, without_dust, off_line)
            self._edge_dots[key] = found
        return found

    def dots_on_edges_without(self, i: int, circled: np.ndarray) -> EdgeDots:
        """The pen dots on the printed edges near the row's boxes, looked for on the row's
        ink read for the pen the row shows without box ``i``'s ink (``pen_strength`` on
        the centres of its other boxes, ``ocr.pen.centres_outside``), where that pen is
        paler than the row's: a clump of dust in box ``i`` darker than the player's pen
        makes the row's pen look firmer, and a fine pen dot's pale rim on an edge too
        pale to see (rule ``dust_dot_alone``, ocr/dust_dots.py). None found where it is
        not paler. Measured once a row for each ``i`` and ``circled``."""
        key = (circled.tobytes(), i)
        found = self._edge_dots_without.get(key)
        if found is None:
            row = self.row_ink
            g = row.geometry
            paler = pen_strength(row.grey, row.paper, g, centres_outside(g, g.outer[i]))
            found = ()
            ink = row.at_strength(paler) if paler < row.strength else None
            if ink is not None and ink.any_solid:
                found = dots_on_row_edges(ink, circled)
            self._edge_dots_without[key] = found
        return found

    def ink_by_edges(self) -> np.ndarray:
        """Per box, the largest piece of drawn ink (mm^2) off the printed lines and
        outside every box that touches the box's printed edge from outside, within
        ``DOT_ALONE_MM`` of it: a pen dot put on or beside its edge that no rule read as
        the box's (rule ``dust_dot_alone``: it keeps a clump in another box of the field
        dust). Measured once a row."""
        if self._ink_by_edges is None:
            row = self.row_ink
            g = row.geometry
            found = np.zeros(len(g.boxes))
            if row.any_ink:
                found = _pieces_by_edges(row, g.outer) / row.s**2
            self._ink_by_edges = found
        return self._ink_by_edges

    # -- each box read on its own, and the circle views (``RowBoxes``) -----------------------
    def boxes(self) -> RowBoxes:
        """Each box of the row read on its own (``RowBoxes``), as the evidence read them."""
        if self._boxes is None:
            self.evidence()
        assert self._boxes is not None
        return self._boxes

    def decide(self, i: int, fill: float) -> MarkReading:
        """Box ``i`` read as every box is (``RowBoxes.decide``), with ``fill`` for its fill."""
        return self.boxes().decide(i, fill)

    def only_just(self, r: Rect) -> bool:
        """Did the strips read box ``r`` circled for certain but only just, in any decision
        on it so far (``RowBoxes.only_just``)?"""
        return self.boxes().only_just(r)

    def strips_alone(self, r: Rect) -> bool:
        """Did the strips read alone, and only they, circle box ``r``, the field's only
        fill (``RowBoxes.strips_alone``)?"""
        return self.boxes().strips_alone(r)

    def rays_round(self, r: Rect) -> Rays:
        """What rays round box ``r`` see (ocr/circles.py), looked at once per box."""
        return self.boxes().rays_round(r)

    def outline_support(self, r: Rect, play_mm: float = CENTRE_PLAY_MM) -> float | None:
        """How well drawn strokes follow the best ellipse round box ``r``, its centre up to
        ``play_mm`` off the box's (ocr/outline.py)."""
        return self.boxes().outline_support(r, play_mm)

    def outline_ellipse(self, r: Rect) -> np.ndarray | None:
        """The points of the best ellipse round box ``r``, in the band's pixels."""
        return self.boxes().outline_ellipse(r)

    def strokes_round(self, r: Rect, t: MarkSettings = MARK_SETTINGS) -> np.ndarray:
        """The strokes of drawn ink, joined through the printed lines, that run round box
        ``r`` (rule ``off_circles``, ``ocr.circle_strokes.strokes_round``), once a box."""
        key = (r, t.round_stroke_share)
        found = self._round.get(key)
        if found is None:
            row = self.row_ink
            found = strokes_round(
                row.solid, row.drawn, row.printed, row.widths[2], row.px(r), t.round_stroke_share
            )
            self._round[key] = found
        return found

    # -- the row without the page's specks (``RowWithoutSpecks``) ---------------------------
    def _without_view(self) -> RowWithoutSpecks:
        """The row without the pieces of ink that may be the page's dust, made once."""
        if self._without is None:
            self._without = RowWithoutSpecks(self.row_ink, self.dust, self.boxes())
        return self._without

    def without_specks(
        self, i: int, fill: float, t: MarkSettings = MARK_SETTINGS, off_lines: bool = False
    ) -> MarkReading:
        """Box ``i`` read as every box is, with ``fill`` for its fill, without the page's
        specks (``RowWithoutSpecks.without_specks``, rule ``dusty_circles``)."""
        return self._without_view().without_specks(i, fill, t, off_lines)

    def outline_without_specks(
        self, i: int, t: MarkSettings = MARK_SETTINGS, off_lines: bool = False
    ) -> float | None:
        """The ellipse round box ``i`` followed by the row's strokes without the page's
        specks (``RowWithoutSpecks.outline_without_specks``, rule ``dusty_circles``)."""
        return self._without_view().outline_without_specks(i, t, off_lines)

    def ink_without_specks(self, t: MarkSettings = MARK_SETTINGS) -> np.ndarray:
        """The row's ink values without the page's specks (rule ``off_circles``)."""
        return self._without_view().ink_without_specks(t).ink

    def fill_without_specks(self, i: int, t: MarkSettings = MARK_SETTINGS) -> float:
        """Box ``i``'s fill without the page's specks (rule ``dusty_fills``)."""
        return self._without_view().fill_without_specks(i, t)

    def edge_dots_without_specks(
        self, circled: np.ndarray, t: MarkSettings = MARK_SETTINGS
    ) -> np.ndarray:
        """Per box, whether a dot on its edge, read without the page's specks, belongs to
        it (``RowWithoutSpecks.edge_dots_without_specks``, rule ``dusty_edges``)."""
        return self._without_view().edge_dots_without_specks(circled, t)

    def dot_among_specks(self, i: int, t: MarkSettings = MARK_SETTINGS) -> float:
        """Box ``i``'s dot where only the page's specks lie beside it (rule
        ``dusty_dot_specks``, ``ocr.dot_specks.dot_among_specks``)."""
        return self._without_view().dot_among_specks(i, t)

    # -- the ink a rival mark leaves (``RowRivals``) -----------------------------------------
    def _rival_view(self) -> RowRivals:
        if self._rivals is None:
            self._rivals = RowRivals(self.row_ink, self._without_view())
        return self._rivals

    def ink_by_rivals(self, t: MarkSettings = MARK_SETTINGS, on_lines: bool = True) -> np.ndarray:
        """The ink a player's mark read empty would leave by its box (rule ``clean_rivals``,
        ``RowRivals.ink_by_rivals``)."""
        return self._rival_view().ink_by_rivals(t, on_lines)

    def own_strokes(self, owners: frozenset[int], t: MarkSettings = MARK_SETTINGS) -> np.ndarray:
        """The strokes of the marks in the boxes ``owners`` that run out of their box
        (rule ``clean_rivals``, ``RowRivals.own_strokes``)."""
        return self._rival_view().own_strokes(owners, t)

    # -- the paper beside the boxes (``RowShade``) ------------------------------------------
    @property
    def shade(self) -> RowShade:
        """The paper beside the row's boxes (``ocr.row_shade.RowShade``), made once: for
        the mark boxes' fill in a fold's shade and the digit boxes' (ocr/digit_shade.py)."""
        if self._shade is None:  # (the printed mask is the row's own where it has ink)
            row = self.row_ink
            printed = printed_at(row.geometry, row.shift)[1]
            self._shade = RowShade(row.grey, row.paper, row.strength, printed, row.s)
        return self._shade

    def fill_in_shade(
        self,
        i: int,
        reach_mm: float,
        band_mm: float,
        margin: float,
        darkest: float,
        keeps: MarkState | None = None,
        above: float | None = None,
    ) -> float:
        """Box ``i``'s fill against the paper beside it in line with each pixel, the form's
        lines and anything ``darkest`` or more darker than the row's paper left out of it;
        its plain fill where that cannot change, where it ``keeps`` its class, or where it
        cannot fall to ``above`` (``ocr.row_shade.RowShade.fill``, rules ``shaded_band``,
        ``faint_in_band``)."""
        row = self.row_ink
        g = row.geometry
        inner, outer = tuple(g.inner[i]), tuple(g.outer[i])
        return self.shade.fill(
            row.ink, row.mean_ink(inner), inner, outer, reach_mm, band_mm, margin, darkest,
            keeps, above,
        )  # fmt: skip


def _pieces_by_edges(row: RowInk, outer: np.ndarray) -> np.ndarray:
    """``RowMarks.ink_by_edges`` in pixels: per box of ``outer`` (printed rectangles in the
    band's pixels, before the row's shift), the largest piece of the drawn ink outside
    every box that has a pixel beside the box's printed edge (next to the printed lines'
    mask, within ``DOT_ALONE_MM`` of the rectangle)."""
    dy, dx = row.shift
    rects = (outer + np.array([dx, dy, dx, dy])).tolist()
    off = row.drawn.copy()
    for x0, y0, x1, y1 in rects:
        off[max(0, y0) : max(0, y1), max(0, x0) : max(0, x1)] = False
    if not off.any():
        return np.zeros(len(rects))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(off.view(np.uint8), connectivity=8)
    by_line = cv2.dilate(row.printed.view(np.uint8), np.ones((3, 3), np.uint8)).view(bool)
    touching = np.where(off & by_line, labels, 0)
    area = stats[:, cv2.CC_STAT_AREA]
    h, w = off.shape
    f = round(DOT_ALONE_MM * row.s)
    out = np.zeros(len(rects))
    for i, (x0, y0, x1, y1) in enumerate(rects):
        frame = touching[max(0, y0 - f) : min(h, y1 + f), max(0, x0 - f) : min(w, x1 + f)]
        pieces = np.unique(frame[frame > 0])
        if pieces.size:
            out[i] = area[pieces].max()
    return out
