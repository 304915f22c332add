"""PROVISIONAL on the site: the results' own status (decided once, pipeline/results/status.py)
on every page, its reasons on the index, and a result waiting for review shown as such."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from pipeline.publish.web import build_site
from pipeline.results.model.event import EventResults
from pipeline.results.model.sessions import ResultLine
from pipeline.results.status import PublicationStatus
from tests.pipeline.web.test_site import _doc, _event, _rows

REASON = "session 1: 1 reading waits for review (s1.pdf#p3r2)"


def _waiting_event(status: PublicationStatus) -> EventResults:
    """The four-pair evening with board 1's 3-4 line read from a scan the reader doubted:
    played, but its result waits for review (credited 1 of 2 to each side meanwhile)."""
    event = _event(status=status)
    session = event.sessions[0]
    board1 = session.boards[0]
    waiting = ResultLine(1, 3, 4, 2, 1, "", "", "", None, "", Fraction(1), Fraction(1),
                         waiting="s1.pdf#p3r2", provisional=True)  # fmt: skip
    lines = tuple(waiting if line.ns_pair == 3 else line for line in board1.lines)
    boards = (replace(board1, lines=lines), *session.boards[1:])
    return replace(event, sessions=(replace(session, boards=boards),))


def test_provisional_status_on_every_page_and_why_on_the_index() -> None:
    files = build_site(_waiting_event(PublicationStatus(True, (REASON,), ("s1.pdf#p3r2",))))
    pages = [name for name in files if name.endswith(".html")]
    assert {"index.html", "board-1-1.html", "pair-3.html"} <= set(pages)
    for name in pages:
        (banner,) = _doc(files, name).xpath('//div[contains(@class, "provisional")]')
        assert banner.text_content().split()[0] == "PROVISIONAL", name
    why = _doc(files, "index.html").xpath('//section[@class="notice"]//li')
    assert [" ".join(li.text_content().split()) for li in why] == [REASON]


def test_a_result_waiting_for_review_says_so_where_its_contract_would_be() -> None:
    files = build_site(_waiting_event(PublicationStatus(True, (REASON,), ("s1.pdf#p3r2",))))
    traveller = {row[0][:1]: row for row in _rows(_doc(files, "board-1-1.html"), "traveller")}
    # No contract, declarer, result or score yet; the provisional credit; the item named.
    assert traveller["3"][2:] == ["waiting for review", "", "", "", "1.0", "1.0", "50",
                                  "waiting for review (s1.pdf#p3r2)"]  # fmt: skip
    card = _rows(_doc(files, "pair-3.html"), "card")
    assert card[0][1:5] == ["1", "NS", "4 Gus Holm - Hans Is", "waiting for review"]


def test_official_results_carry_no_banner() -> None:
    files = build_site(_event(status=PublicationStatus()))
    for name, content in files.items():
        if name.endswith(".html"):
            assert "PROVISIONAL" not in content.decode("utf-8"), name
