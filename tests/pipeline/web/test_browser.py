"""The results site and the director's console in a real headless Chromium (Debian's build).

Few and fast: one browser for the whole file (conftest.py), pages opened from the disk as a
visitor of the club's web host would get them. Screenshots are kept in the test's temporary
folder (``--basetemp`` to keep them) and checked to be neither blank nor wider than a phone.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdfium2
import pytest
from axe_playwright_python.sync_playwright import Axe
from PIL import Image, ImageStat
from playwright.sync_api import Browser, Page, expect

from pipeline.interop.deals import analyse, read_deals
from pipeline.publish.web import write_site
from pipeline.results.model import EventResults

PHONE = {"width": 360, "height": 740}  # a small phone, CSS pixels
DESKTOP = {"width": 1280, "height": 900}
BOARD_12 = "N:AKQ2.J43.T98.765 JT9.AKQ2.765.T98 876.T98.AKQ2.J43 543.765.J43.AKQ2"


@pytest.fixture(scope="module")
def site(sample_out: tuple[EventResults, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample event's site with one hand record (session 1, board 12) analysed."""
    results, _ = sample_out
    hands = {1: analyse(read_deals(f"12 {BOARD_12}\n".encode()))}
    out = tmp_path_factory.mktemp("site")
    return write_site(results, out, hands=hands).folder


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
