"""The README's pictures of the club's console (``bridgescan serve CLUB``): an evening as a
director lives it, on the bundled sample.

    .venv/bin/python -m scripts.club_screenshots [--to docs/images]    (make screenshots)

Lays out a club in a temporary folder (the sample event's players as the members, the
sample event as the club's Autumn pairs with session 2 typed at the club), starts a real
``bridgescan serve`` over it, signs in with the printed address, uploads the sample's
scanned travellers of session 1 through the page and waits for the reading; then saves the
club's list of events, the evening's page after the reading, the new-event form with the
seed's movements and the pairs taken over, and a typed traveller on a phone.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, expect, sync_playwright

from pipeline.events.eventfile import load_event
from pipeline.events.members import Member, save_members
from scripts.screenshots import DESKTOP, PHONE, small_png
from tests.pipeline.web.chromium import ChromiumMissing, launch
from tests.pipeline.web.serving import Served, served_club

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data" / "club-evening"
SLUG = "2026-11-16-autumn-pairs"


def lay_out_club(folder: Path) -> None:
    """The sample's players as the members; the sample event with session 2 typed."""
    event = load_event(SAMPLE / "event.yaml")
    players = {
        (p.member_number or "", p.name)
        for s in event.sessions
        for sec in s.sections
        for pair in sec.pairs
        for p in pair.players
    }
    folder.mkdir(parents=True)
    save_members(folder, [Member(number, name) for number, name in sorted(players)])
    event_folder = folder / "events" / SLUG
    (event_folder / "typed").mkdir(parents=True)
    shutil.copy(SAMPLE / "event.yaml", event_folder / "event.yaml")
    shutil.copy(SAMPLE / "session2.csv", event_folder / "typed" / "session2.csv")


def _shot(page: Page, to: Path) -> None:
    data = small_png(page.screenshot())
    to.write_bytes(data)
    print(f"{to}  {len(data) / 1000:.0f} KB")


def shoot_club(browser: Browser, served: Served, to: Path) -> None:
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]
    page = context.new_page()
    page.goto(served.sign_in)
    page.goto(f"{served.url}/events/{SLUG}/")
    page.get_by_label("Session").select_option("1")
    page.locator('input[name="scans"]').set_input_files(str(SAMPLE / "scans" / "session1.pdf"))
    page.get_by_role("button", name="Upload and read").click()
    expect(page.locator("#progress")).to_have_attribute("data-state", "done", timeout=300_000)
    page.goto(f"{served.url}/events/{SLUG}/")
    _shot(page, to / "club-evening-desktop.png")
    page.goto(served.url + "/")
    _shot(page, to / "club-events-desktop.png")
    page.goto(f"{served.url}/events/new")
    page.get_by_label("Name", exact=True).fill("Winter pairs")
    page.get_by_label("Number of pairs").fill("13")
    page.get_by_role("button", name="Suggest movements").click()
    page.get_by_role("button", name="Take them over").click()
    page.locator("fieldset.choices").scroll_into_view_if_needed()
    _shot(page, to / "club-new-event-desktop.png")
    context.close()
    phone = browser.new_context(viewport=PHONE, device_scale_factor=2)  # type: ignore[arg-type]
    page = phone.new_page()
    page.goto(served.sign_in)
    page.goto(f"{served.url}/events/{SLUG}/entry?session=2&board=5")
    page.locator("form.traveller-form").scroll_into_view_if_needed()
    _shot(page, to / "club-traveller-phone.png")
    phone.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--to", type=Path, default=Path("docs/images"), help="where to save")
    args = parser.parse_args(argv)
    args.to.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        club = Path(scratch) / "Bridgeklubben Väst"
        lay_out_club(club)
        with served_club(club, Path(scratch)) as served, sync_playwright() as playwright:
            try:
                browser = launch(playwright)
            except ChromiumMissing as error:
                print(error, file=sys.stderr)
                return 3
            shoot_club(browser, served, args.to)
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
