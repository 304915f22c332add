"""A new club director's whole evening in a real headless Chromium, from a new club folder:
members imported, a Howell created in the form, its travellers downloaded and filled by the
synthetic scan generator, the scans uploaded, the progress and the PROVISIONAL result seen,
the review items decided, OFFICIAL and the site, done on a phone's screen (where no page is
wider than the screen) while the same session has each page open at a desktop's width too,
where every control the evening uses is checked usable; and a traveller typed on a phone
with a row Law 77 refuses, then corrected.

The console is a real ``bridgescan serve CLUB`` process (the command a director runs, its
sign-in address read from what it prints), so the flow runs in the console's own process as
it does at the club. Few and slow by nature: one evening (the real flow, the real reader),
not one a width: what the width changes is the layout, and the desktop's page is checked
with Playwright's trial click (the control there, visible, enabled, stable and the one
that would get the click: every check of a real click but the click).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pypdfium2
import pytest
from typer.testing import CliRunner

from pipeline.cli import app as cli
from pipeline.events.club_folder import ClubEvent, club_events
from tests.pipeline.web.chromium import expect
from tests.pipeline.web.serving import Served, served_club

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page

pytestmark = pytest.mark.slow  # a whole evening in Chromium against bridgescan serve

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
MEMBERS = "Member number,Name\n" + "".join(
    f"{3100 + n},{first} {last}\n"
    for n, (first, last) in enumerate(
        [
            ("Alma", "Ljung"),
            ("Bertil", "Rask"),
            ("Cajsa", "Tall"),
            ("Ebbe", "Vass"),
            ("Frida", "Gran"),
            ("Gustav", "Björk"),
            ("Hedda", "Alm"),
            ("Ivar", "Ek"),
            ("Jenny", "Ståhl"),
            ("Kalle", "Öst"),
            ("Lena", "Dahl"),
            ("Måns", "Berg"),
            ("Nora", "Lind"),
            ("Otto", "Sjö"),
        ]
    )
)


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """``bridgescan serve CLUB`` for a new club's empty folder, one console for the file's
    tests (each creates an event of its own; a console's start is 2-3 s of CPU)."""
    scratch = tmp_path_factory.mktemp("club")
    with served_club(scratch / "club", scratch) as served:
        yield served


def _events(club: Served) -> set[str]:
    return {found.slug for found in club_events(club.folder)}


def _created(club: Served, before: set[str]) -> ClubEvent:
    """The one event the club has now that it did not have ``before``."""
    (found,) = [e for e in club_events(club.folder) if e.slug not in before]
    return found


def _page(browser: Browser, viewport: dict[str, int]) -> Page:
    context = browser.new_context(viewport=viewport, accept_downloads=True)  # type: ignore[arg-type]
    return context.new_page()


def _fits(page: Page) -> None:
    """Nothing sticks out sideways (a table may scroll inside its own box), measured once
    the page and its stylesheets have loaded."""
    page.wait_for_load_state("load")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1, width  # type: ignore[index]


def _usable(page: Page, *controls: Locator) -> None:
    """Each control could be clicked on this page as it is laid out (Playwright's trial
    click: it waits until the control is visible, stable, enabled and would receive the
    click, then does not click)."""
    for control in controls:
        control.click(trial=True)


def _create_event(page: Page, url: str, name: str, pairs: int = 7, create: bool = True) -> None:
    """The new-event form filled and the movement suggested; created unless ``create`` is
    False (then the create button is only checked usable: suggesting writes nothing)."""
    page.goto(f"{url}/events/new")
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Date").fill("2026-11-24")
    page.get_by_label("Time zone").fill("Europe/Stockholm")
    page.get_by_label("Number of pairs").fill(str(pairs))
    page.get_by_label("Boards a pair plays (range)").fill("14-21")
    page.get_by_role("button", name="Suggest movements").click()
    choice = page.get_by_role("radio", name=re.compile(r"^Howell \d+ pairs.*14 boards"))
    expect(choice).to_be_checked()  # seed 004: everyone meets everyone first
    for n in range(1, pairs + 1):
        page.get_by_label(f"Pair {n}, player 1", exact=True).fill(
            MEMBERS.splitlines()[2 * n - 1].split(",")[1]
        )
        page.get_by_label(f"Pair {n}, player 2", exact=True).fill(
            MEMBERS.splitlines()[2 * n].split(",")[1]
        )
    if not create:
        _usable(page, page.get_by_role("button", name="Create the event"))
        return
    page.get_by_role("button", name="Create the event").click()
    expect(page.locator("main .message").first).to_contain_text("Event created")


def _played(event_file: Path, tmp_path: Path) -> Path:
    """The event's travellers filled and scanned by the synthetic generator (a few scores
    written wrong), in one PDF as a scanner's batch."""
    bundle = tmp_path / "session1.pdf"
    made = CliRunner().invoke(cli, ["forms", "synth", str(tmp_path / "scans"), "--event",
                                    str(event_file), "--seed", "5", "--score-errors", "0.05",
                                    "--bundle", str(bundle)])  # fmt: skip
    assert made.exit_code == 0, made.output
    return bundle


def test_a_new_directors_evening(browser: Browser, club: Served, tmp_path: Path) -> None:
    server = club
    page = _page(browser, PHONE)  # the evening's clicks, on a phone's screen
    desk = page.context.new_page()  # the same signed-in session at a desktop's width
    desk.set_viewport_size(DESKTOP)

    def looked_at() -> None:
        _fits(page)

    def at_the_desk(*controls: Callable[[Page], Locator]) -> None:
        """The phone's page opened at the desktop's width: each control usable there."""
        desk.goto(page.url)
        _usable(desk, *(control(desk) for control in controls))

    page.goto(server.sign_in)
    # 1. the members, from the club's list
    members = tmp_path / "members.csv"
    members.write_text(MEMBERS, encoding="utf-8")
    page.goto(f"{server.url}/members")
    at_the_desk(
        lambda p: p.get_by_label("Member list file"),
        lambda p: p.get_by_label("Imported by"),
        lambda p: p.get_by_role("button", name="Import"),
    )
    page.get_by_label("Member list file").set_input_files(str(members))
    page.get_by_label("Imported by").fill("TD Eva")
    page.get_by_role("button", name="Import").click()
    expect(page.locator("main .message").first).to_contain_text("14 added")
    looked_at()
    # 2. a new event in the form, names from the members
    before = _events(club)
    _create_event(desk, server.url, "Tuesday pairs", create=False)
    _create_event(page, server.url, "Tuesday pairs")
    found = _created(club, before)
    expect(page.get_by_role("heading", level=1)).to_have_text("Console")
    looked_at()
    at_the_desk(
        lambda p: p.get_by_role("link", name="A4").first,
        lambda p: p.get_by_label(re.compile("^Scans")),
        lambda p: p.get_by_role("button", name="Upload and read"),
    )
    # 3. its travellers: a PDF, one page a board
    with page.expect_download() as download:
        page.get_by_role("link", name="A4").first.click()
    travellers = tmp_path / "travellers.pdf"
    download.value.save_as(travellers)
    assert len(pypdfium2.PdfDocument(travellers)) == 14
    # 4. played: the same forms filled and scanned (a few scores written wrong)
    played = _played(found.event_file, tmp_path)
    # 5. the scans in; the reading shown live; the results provisional
    page.get_by_label(re.compile("^Scans")).set_input_files(str(played))
    page.get_by_role("button", name="Upload and read").click()
    expect(page.locator("#progress")).to_contain_text("Pages read")
    expect(page.locator("#progress")).to_have_attribute("data-state", "done", timeout=180_000)
    expect(page.locator(".banner.provisional")).to_contain_text("PROVISIONAL")
    looked_at()
    review_open = int(
        re.search(
            r"\((\d+) open\)",
            page.get_by_role("link", name=re.compile("Review queue \\(")).inner_text(),
        )[1]
    )  # type: ignore[index]
    assert review_open >= 1
    at_the_desk(lambda p: p.get_by_role("link", name=re.compile(r"Review queue \(")))
    # 6. the review items decided: the results turn official
    page.get_by_role("link", name=re.compile(r"Review queue \(")).click()
    page.get_by_label("Decided by").first.fill("TD Eva")
    looked_at()
    at_the_desk(
        lambda p: p.get_by_label("Decided by").first,
        lambda p: p.locator("section.item form.decide").first.get_by_role("button").first,
        lambda p: p.get_by_role("link", name="All events"),
    )
    queue = page.get_by_role("link", name=re.compile(r"Review queue \("))
    for remaining in range(review_open, 0, -1):  # each decision published at once
        expect(queue).to_have_text(f"Review queue ({remaining} open)")
        item = page.locator("section.item form.decide").first  # the open items come first
        fitting = item.locator("fieldset.candidates button:not(.secondary)")
        if fitting.count():
            fitting.first.click()
        else:
            item.get_by_role("button", name="Not a result: reject").click()
    expect(queue).to_have_text("Review queue (0 open)")
    expect(page.locator("main .message").first).to_contain_text("published as version")
    expect(page.locator(".banner.provisional")).to_have_count(0)
    page.get_by_role("link", name="All events").click()
    expect(page.get_by_role("table")).to_contain_text("official")
    looked_at()
    at_the_desk(lambda p: p.get_by_role("link", name="Tuesday pairs"))
    page.get_by_role("link", name="Tuesday pairs").click()
    at_the_desk(lambda p: p.get_by_role("link", name="Results site").first)
    page.get_by_role("link", name="Results site").first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Tuesday pairs")
    expect(page.locator("body")).not_to_contain_text("PROVISIONAL")
    looked_at()
    desk.goto(page.url)
    expect(desk.get_by_role("heading", level=1)).to_have_text("Tuesday pairs")
    page.context.close()


def test_a_typed_traveller_with_a_refused_row(browser: Browser, club: Served) -> None:
    """Typed on a phone (a director at the table): the page fits, the refusal shows."""
    server = club
    page = _page(browser, PHONE)
    page.goto(server.sign_in)
    before = _events(club)
    _create_event(page, server.url, "Thursday pairs")
    page.get_by_role("link", name="Board 2", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Board 2")
    _fits(page)
    # board 2: NS vulnerable. The first line: 4S= by N scores +620 (Law 77), not +420.
    line = [page.locator(f'input[name="result-{i}"]') for i in range(3)]
    expect(page.locator('input[name="result-3"]')).to_have_count(0)  # played at 3 tables
    line[0].fill("4S= N")
    page.locator('input[name="score-0"]').fill("420")
    line[1].fill("3NTX-2 S")
    line[2].fill("A60/40")
    page.get_by_label("Typed by").fill("TD Eva")
    page.get_by_role("button", name="Save board 2").click()
    expect(page.get_by_role("alert").first).to_contain_text("Board 2 was not saved")
    refused = page.locator("tr.refused")
    expect(refused).to_have_count(1)
    expect(refused).to_contain_text("+620")
    expect(refused).to_contain_text("Law 77")
    _fits(page)
    expect(line[1]).to_have_value("3NTX-2 S")  # kept as typed
    found = _created(club, before)
    assert not (found.folder / "typed" / "session1.csv").exists()
    page.locator('input[name="score-0"]').fill("620")
    page.get_by_role("button", name="Save board 2").click()
    expect(page.locator("main .message").first).to_contain_text("Board 2 saved (3 result(s))")
    expect(page.get_by_role("link", name="Board 2 (typed)")).to_be_visible()
    saved = (found.folder / "typed" / "session1.csv").read_text(encoding="utf-8-sig")
    # the spreadsheet door's CSV; 3NTX-2 by S, NS vulnerable: 500 to EW
    assert saved.splitlines()[1:] == [
        "2;4;3;6;2;4;S;;N;=;620;;;",
        "2;6;2;7;5;3;NT;X;S;-2;;500;;",
        "2;7;4;4;3;;;;;;;;A60/40;",
    ]
    page.context.close()
