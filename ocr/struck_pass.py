"""A PASS box crossed by a line struck through the row (rule ``struck_pass``; issue 43).

A director strikes an unplayed row through with one long line, and where the line runs
through the PASS box's inside it fills that box as a player's cross or tick does. A
passed-out row stands on its PASS box alone, with no field and often no written score to
check it: the row was accepted as passed out, a score of 0 for two pairs that did not
play the board (fresh TRAINING dirty glass 39961, ``page_0002.jpg`` row 6: a line from
left of P to E, P filled 0.168).

A player's mark in the PASS box stays by it: a cross's arms and a tick's reach a few
millimetres past the box at most. So the PASS box, marked by its fill alone with every
other box of the row empty (``ocr.dusty_pass.lone_pass_by_fill``), is unsure where the
drawn ink inside it belongs to a stroke ``struck_width_mm`` wide or wider, the pieces of
drawn ink joined across the printed lines it crosses (``struck_bridge_mm``). A person
sees it, or a written 0 settles it.
"""

from __future__ import annotations

import cv2
import numpy as np

from ocr.components import pieces
from ocr.dusty_pass import lone_pass_by_fill
from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, made_unsure
from ocr.row_evidence import RowEvidence

__all__ = ["lone_pass_marked", "struck_pass"]

Readings = list[MarkReading]


def lone_pass_marked(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: a PASS box marked by its fill alone, every
    other box of the row empty?"""
    return ev.any_ink and lone_pass_by_fill(ev, read) is not None


def struck_pass(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """The lone PASS box read unsure where its ink is part of a line struck through the
    row (see the module docstring)."""
    i = lone_pass_by_fill(ev, read)
    if i is None:
        return read
    views = ev.views
    x0, y0, x1, y1 = views.px(ev.geometry.boxes[i][2])
    bridge = max(1, round(t.struck_bridge_mm * views.s))
    drawn = cv2.morphologyEx(
        views.drawn.astype(np.uint8), cv2.MORPH_CLOSE, np.ones((1, bridge), np.uint8)
    )
    _, labels, stats = pieces(drawn)
    inside = labels[max(0, y0) : y1, max(0, x0) : x1]
    found = np.unique(inside[inside > 0])
    if not found.size or stats[found, cv2.CC_STAT_WIDTH].max() < t.struck_width_mm * views.s:
        return read
    out = list(read)
    out[i] = made_unsure(read[i])
    return out
