"""The results site and the director's console in a real headless Chromium (Debian's build).

Few and fast: one browser for the whole file (conftest.py), pages opened from the disk as a
visitor of the club's web host would get them. Screenshots are kept in the test's temporary
folder (``--basetemp`` to keep them) and checked to be neither blank nor wider than a phone.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pypdfium2
import pytest
from PIL import Image, ImageStat

from pipeline.doors.scans.review_decisions import current_decisions
from pipeline.events.hand_records import analyse
from pipeline.interop.deals import read_deals
from pipeline.publish.web import write_site
from pipeline.results.model.event import EventResults
from pipeline.store import EventStore, store_location
from pipeline.web.app import Console
from pipeline.web.security import Secrets
from pipeline.web.server import ConsoleThread
from tests.pipeline.web.chromium import expect

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.slow  # the site and the console in Chromium

PHONE = {"width": 360, "height": 740}  # a small phone, CSS pixels
DESKTOP = {"width": 1280, "height": 900}
TOKEN = "token-printed-at-start"
BOARD_12 = "N:AKQ2.J43.T98.765 JT9.AKQ2.765.T98 876.T98.AKQ2.J43 543.765.J43.AKQ2"


@pytest.fixture(scope="module")
def site(sample_out: tuple[EventResults, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample event's site with one hand record (session 1, board 12) analysed."""
    results, _ = sample_out
    hands = {1: analyse(read_deals(f"12 {BOARD_12}\n".encode()))}
    out = tmp_path_factory.mktemp("site")
    return write_site(results, out / "web", hands=hands).folder


def _open(browser: Browser, viewport: dict[str, int]) -> Page:
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    return context.new_page()


def _not_blank(png: bytes) -> None:
    """A page that rendered shows ink: several grey levels and a real spread of them."""
    image = Image.open(io.BytesIO(png)).convert("L")
    spread = ImageStat.Stat(image).stddev[0]
    levels = len(image.getcolors(maxcolors=256) or [])
    assert spread > 20 and levels > 8, (spread, levels)


def test_from_a_pairs_card_to_a_board_and_back(browser: Browser, site: Path) -> None:
    page = _open(browser, DESKTOP)
    page.goto(site.joinpath("index.html").as_uri())
    expect(page.get_by_role("heading", level=1)).to_have_text("Autumn pairs")
    page.get_by_role("link", name="3", exact=True).first.click()
    expect(page).to_have_url(site.joinpath("pair-3.html").as_uri())
    expect(page.get_by_role("heading", level=1)).to_contain_text("Gunilla Åberg")
    page.get_by_role("link", name="Board 12", exact=True).first.click()
    expect(page).to_have_url(site.joinpath("board-1-12.html").as_uri())
    traveller = page.get_by_role("table", name="Traveller of board 12")
    expect(traveller).to_contain_text("Gunilla Åberg - Nils Forsberg")
    expect(page.get_by_role("table", name="Double-dummy tricks")).to_be_visible()
    page.go_back()
    expect(page).to_have_url(site.joinpath("pair-3.html").as_uri())
    page.get_by_role("navigation", name="Breadcrumb").get_by_role("link", name="Results").click()
    expect(page).to_have_url(site.joinpath("index.html").as_uri())
    page.context.close()


@pytest.mark.parametrize(
    "name", ["index.html", "session-1.html", "board-1-12.html", "pair-3.html", "masterpoints.html"]
)
def test_pages_fit_a_phone_and_are_not_blank(
    browser: Browser, site: Path, name: str, tmp_path: Path
) -> None:
    page = _open(browser, PHONE)
    page.goto(site.joinpath(name).as_uri())
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name} is {width} px wide on a {PHONE['width']} px phone"
    png = page.screenshot(full_page=True)
    (tmp_path / f"phone-{name}.png").write_bytes(png)
    _not_blank(png)
    page.context.close()


@pytest.mark.parametrize(
    ("name", "viewport"),
    [
        ("index.html", DESKTOP),
        ("session-2.html", DESKTOP),
        ("board-1-12.html", DESKTOP),
        ("board-1-12.html", PHONE),
        ("pair-3.html", PHONE),
        ("masterpoints.html", DESKTOP),
    ],
    ids=lambda value: value if isinstance(value, str) else f"{value['width']}px",
)
def test_accessibility_check_finds_nothing(
    browser: Browser, site: Path, name: str, viewport: dict[str, int]
) -> None:
    """axe-core (the engine of Lighthouse's and Deque's checks) on each kind of page: labels,
    contrast, table headers, landmarks, language; the desktop and the phone layout."""
    page = _open(browser, viewport)
    page.goto(site.joinpath(name).as_uri())
    assert axe_problems(page) == [], f"{name} at {viewport['width']} px"
    page.context.close()


def axe_problems(page: Page) -> list[str]:
    """Every rule axe-core finds broken on the page, with the first elements it names."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in results.response["violations"]
    ]


def test_prints_without_navigation_and_keeps_the_provisional_mark(
    browser: Browser, site: Path
) -> None:
    page = _open(browser, DESKTOP)
    page.goto(site.joinpath("board-1-12.html").as_uri())
    page.emulate_media(media="print")
    expect(page.get_by_role("navigation", name="Results")).to_be_hidden()
    expect(page.get_by_text("PROVISIONAL", exact=True)).to_be_visible()
    document = pypdfium2.PdfDocument(page.pdf(format="A4"))
    assert len(document) == 1  # the traveller, the hands and the double dummy on one A4 page
    document.close()
    page.context.close()


SITE_PAGES = ["index.html", "session-1.html", "board-1-17.html", "board-2-1.html", "pair-3.html"]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_provisional_on_every_page_in_the_first_screen(
    browser: Browser, site: Path, viewport: dict[str, int]
) -> None:
    """The sample's session 1 has a score that does not fit Law 77 (board 17, a blocking
    finding): every page of the site, those of the official session 2 included, says
    PROVISIONAL where a visitor sees it first, and the index says why."""
    page = _open(browser, viewport)
    for name in [*SITE_PAGES, "masterpoints.html"]:
        page.goto(site.joinpath(name).as_uri())
        _provisional_banner_in_view(page, viewport, name)
    page.goto(site.joinpath("index.html").as_uri())
    why = page.get_by_role("region", name="Why these results are provisional")
    expect(why).to_contain_text("board 17")
    expect(why).to_contain_text("Law 77 gives NS +100")
    page.context.close()


def _provisional_banner_in_view(page: Page, viewport: dict[str, int], name: str) -> None:
    banner = page.get_by_role("status").filter(has_text="PROVISIONAL")
    expect(banner, name).to_be_visible()
    box = banner.bounding_box()
    assert box is not None and box["y"] + box["height"] <= viewport["height"], name


@pytest.fixture
def console(console_out: Path) -> Iterator[ConsoleThread]:
    """The console over a fresh output folder, on a free port of 127.0.0.1."""
    thread = ConsoleThread(Console(console_out, Secrets(token=TOKEN))).start()
    try:
        yield thread
    finally:
        thread.stop()


def test_decide_a_review_item_by_clicking_a_candidate(
    browser: Browser, console: ConsoleThread, console_out: Path, tmp_path: Path
) -> None:
    page = _open(browser, DESKTOP)
    page.goto(f"{console.url}/review")
    expect(page.get_by_role("button", name=re.compile("10-8 2SX W"))).to_have_count(0)
    page.goto(f"{console.url}/login?token={TOKEN}")  # the address printed at start
    expect(page.get_by_role("main").get_by_role("status")).to_contain_text(
        "Signed in as the director"
    )
    page.get_by_role("link", name=re.compile(r"Review queue \(2 open\)")).click()
    item = page.get_by_role("region", name=re.compile("Board 17, page 17, row 1"))
    expect(item.get_by_role("img")).to_be_visible()
    item.get_by_label("Decided by").fill("TD Eva")
    item.get_by_role("button", name=re.compile(r"^8-11 2CX E -1 \+100 \(")).click()
    expect(page.get_by_role("main").get_by_role("status")).to_contain_text(
        "recorded '8-11 2CX E -1 +100' by TD Eva"
    )
    decided = page.get_by_role("region", name=re.compile("Board 17, page 17, row 1"))
    expect(decided).to_contain_text("Decided: 8-11 2CX E -1 +100 — by TD Eva")
    expect(page.get_by_role("link", name=re.compile(r"Review queue \(1 open\)"))).to_be_visible()
    with EventStore(store_location(None, console_out), create=False) as store:
        decided = current_decisions(store)
    assert [(k, d.who, d.value) for k, d in decided.items()] == [
        ("session1.pdf#p17r1", "TD Eva", "8-11 2CX E -1 +100")
    ]
    assert axe_problems(page) == []
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    png = page.screenshot(full_page=True)
    (tmp_path / "phone-review.png").write_bytes(png)
    _not_blank(png)
    page.context.close()


def test_the_console_says_provisional_on_every_page(
    browser: Browser, console: ConsoleThread
) -> None:
    """The console reads the status the results were published with (results.json): its
    own pages and the site it serves carry the same banner."""
    page = _sign_in(browser, console)
    for address in ["/", "/review", "/corrections", "/audit", "/site/index.html"]:
        page.goto(console.url + address)
        _provisional_banner_in_view(page, DESKTOP, address)
    page.context.close()


def _sign_in(browser: Browser, console: ConsoleThread) -> Page:
    page = _open(browser, DESKTOP)
    page.goto(f"{console.url}/login?token={TOKEN}")
    expect(page.get_by_role("main").get_by_role("status")).to_contain_text("Signed in")
    return page


def _fill_board_1_correction(page: Page, console: ConsoleThread) -> None:
    """Session 2, board 1, NS 16 - EW 1: 4HX by E went two down, not one (+300, not +100)."""
    page.goto(f"{console.url}/corrections?session=2&board=1")
    page.get_by_role("link", name="Correct NS 16 – EW 1").click()
    page.get_by_label("Result").fill("-2")
    page.get_by_label("NS score as written").fill("+300")
    page.get_by_label("Name", exact=True).fill("TD Eva")
    page.get_by_label("Reason").fill("NS showed their copy of the traveller")


def _overall_row(page: Page, pair: int) -> list[str]:
    """The cells of a pair's row in the overall ranking, once the page shows it: a link
    just clicked may still be loading, and ``all_inner_texts`` does not wait (it read an
    empty row once, in CI, right after following "the results as published")."""
    row = page.get_by_role("table", name="Overall ranking (leveled totals)").get_by_role(
        "row", name=re.compile(rf"^\d+(-\d+)? {pair} ")
    )
    expect(row).to_have_count(1)
    return [" ".join(t.split()) for t in row.get_by_role("cell").all_inner_texts()]


def test_a_correction_changes_the_ranking_and_shows_what_changed(
    browser: Browser, console: ConsoleThread, console_out: Path, tmp_path: Path
) -> None:
    """Board 1 of session 2 (top 14): NS scored +100, +100, +100, +150, +50, +50, +50, -140.
    Pair 16's +100 beat four results and tied two: 4 x 2 + 2 x 1 = 10. At +300 it beats all
    seven: 14, so pair 16 (who played only session 2, factor 1) goes from 204 to 208."""
    page = _sign_in(browser, console)
    page.goto(f"{console.url}/site/index.html")
    assert _overall_row(page, 16)[-3:] == ["204.0", "420.0", "48.57"]
    _fill_board_1_correction(page, console)
    expect(page.locator("[data-deadline]").filter(has_text="Thursday")).to_contain_text("left")
    assert axe_problems(page) == []  # the console's form: labels, contrast, headers
    page.get_by_role("button", name="Make the correction and publish").click()
    expect(page.get_by_role("main").get_by_role("status")).to_contain_text(
        "Correction 1 accepted (Law 79C1, within the correction period"
    )
    page.get_by_role("link", name="the results as published").click()
    assert _overall_row(page, 16)[-3:] == ["208.0", "420.0", "49.52"]  # 208 / 420
    expect(page.get_by_role("banner")).to_contain_text("version 2, published")
    page.get_by_role("link", name="What changed").first.click()
    changed = page.get_by_role("table", name="Results that changed")
    expect(changed).to_contain_text("4HX E -1 +100")
    expect(changed).to_contain_text("4HX E -2 +300")
    expect(changed).to_contain_text("10.0 → 14.0")
    expect(page.locator("#correction-1")).to_contain_text("By TD Eva (director)")
    page.goto(f"{console.url}/site/board-2-1.html")
    page.get_by_role("link", name="corrected").click()
    assert page.url.endswith("/site/changes.html#correction-1")
    png = page.screenshot(full_page=True)
    (tmp_path / "changes.png").write_bytes(png)
    _not_blank(png)
    assert axe_problems(page) == []
    page.context.close()


def test_a_correction_after_the_deadline_is_refused_on_the_page(
    browser: Browser, console_out: Path
) -> None:
    """An hour after publication the 30-minute period (Law 79C1) is over: the page says so and
    counts no more, the correction is refused with the deadline, and nothing is published;
    the same correction as a Law 79C2 override naming the director and the organizer stands
    and is marked as one."""
    an_hour_later = lambda: datetime.now(UTC) + timedelta(hours=1)  # noqa: E731
    console = Console(console_out, Secrets(token=TOKEN), clock=an_hour_later)
    thread = ConsoleThread(console).start()
    try:
        page = _sign_in(browser, thread)
        _fill_board_1_correction(page, thread)
        expect(page.get_by_role("alert")).to_contain_text(
            "The correction period of Thursday 19 November ended at"
        )
        period = page.locator("[data-deadline]").filter(has_text="Thursday 19 November")
        expect(period).to_contain_text("the correction period has ended")
        page.get_by_role("button", name="Make the correction and publish").click()
        expect(page.get_by_role("main").get_by_role("alert").first).to_contain_text(
            "Refused, nothing was changed: session 2, board 1, NS 16 vs EW 1: the correction "
            "period of session 2 ended at"
        )
        assert sorted(p.name for p in (console_out / "versions").iterdir()) == ["v0001"]
        expect(page.get_by_label("NS score as written")).to_have_value("+300")  # kept
        page.get_by_label("Law 79C2 override").check()
        page.get_by_label("Director", exact=True).fill("TD Eva")
        page.get_by_label("Organizer", exact=True).fill("Olle Ek")
        page.get_by_role("button", name="Make the correction and publish").click()
        expect(page.get_by_role("main").get_by_role("status")).to_contain_text(
            "Law 79C2 override: director TD Eva, organizer Olle Ek"
        )
        page.goto(f"{thread.url}/site/changes.html")
        expect(page.locator("#correction-1")).to_contain_text("Law 79C2 OVERRIDE")
        page.context.close()
    finally:
        thread.stop()
