"""The README's pictures: the results site and the director's console of `make run`.

    make screenshots                       # runs the sample (make run), then this
    .venv/bin/python -m scripts.screenshots OUT [--to docs/images]

Opens OUT/web (what `make run` published) from the disk in a headless Debian Chromium, as a
visitor of the club's web host would, and starts the console over OUT on a free port of
127.0.0.1 (signed in with a token of this run; nothing is changed). Saves each view as
``site-*.png`` / ``console-*.png``: the top of the page at a desktop width (1280 px) and at a
phone's (375 px, drawn at twice the pixels as a phone's screen does). The pictures are
reduced to a 64-colour palette (text and tables lose nothing visible) so each stays well
under 150 KB; the size of each is printed.
"""

from __future__ import annotations

import argparse
import io
import secrets
import sys
from pathlib import Path

from PIL import Image
from playwright.sync_api import Browser, sync_playwright

from pipeline.web.app import Console
from pipeline.web.security import Secrets
from pipeline.web.server import ConsoleThread
from tests.pipeline.web.chromium import ChromiumMissing, launch

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 375, "height": 740}
PALETTE = 64  # colours kept

# (file, page of the site or console address, viewport, pixels per CSS pixel)
SITE_VIEWS = [
    ("site-index-desktop.png", "index.html", DESKTOP, 1),
    ("site-board-desktop.png", "board-2-1.html", DESKTOP, 1),
    ("site-pair-phone.png", "pair-3.html", PHONE, 2),
]
CONSOLE_VIEWS = [("console-review-desktop.png", "/review", DESKTOP, 1)]


def small_png(png: bytes) -> bytes:
    """The screenshot as a palette PNG: a fraction of the bytes, the same to the eye."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    reduced = image.quantize(colors=PALETTE, method=Image.Quantize.MEDIANCUT)
    buffer = io.BytesIO()
    reduced.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def shoot(browser: Browser, urls: list[str], viewport: dict[str, int], scale: int, to: Path) -> int:
    """Open ``urls`` in turn at ``viewport`` and save the top of the last page (one screen)
    to ``to``."""
    context = browser.new_context(viewport=viewport, device_scale_factor=scale)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        for url in urls:
            page.goto(url)
        data = small_png(page.screenshot())
    finally:
        context.close()
    to.write_bytes(data)
    return len(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="an output folder of `bridgescan run` (OUT)")
    parser.add_argument("--to", type=Path, default=Path("docs/images"), help="where to save")
    args = parser.parse_args(argv)
    site = args.out / "web"
    if not (site / "index.html").exists():
        print(f"{site}: no results site here; run `make run` first", file=sys.stderr)
        return 2
    args.to.mkdir(parents=True, exist_ok=True)
    token = secrets.token_urlsafe(16)
    console = ConsoleThread(Console(args.out, Secrets(token=token))).start()
    try:
        with sync_playwright() as playwright:
            try:
                browser = launch(playwright)
            except ChromiumMissing as error:
                print(error, file=sys.stderr)
                return 3
            sign_in = f"{console.url}/login?token={token}"
            views = [(n, [(site / p).resolve().as_uri()], v, s) for n, p, v, s in SITE_VIEWS]
            views += [(n, [sign_in, console.url + p], v, s) for n, p, v, s in CONSOLE_VIEWS]
            for name, urls, viewport, scale in views:
                size = shoot(browser, urls, viewport, scale, args.to / name)
                print(f"{args.to / name}  {size / 1000:.0f} KB")
            browser.close()
    finally:
        console.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
