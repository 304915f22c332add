"""Debian's Chromium under Playwright: the browser of the web tests and of the README's
screenshots (scripts/screenshots.py), started one way.

Playwright's own browser download is never used (it cannot work on a machine without
general network): scripts/bootstrap.sh installs Debian's ``chromium-headless-shell``, the
"old headless" build of the same Chromium (the same Blink, V8 and layout) that Playwright
itself runs headless tests on; ``BRIDGESCAN_CHROMIUM`` names another binary, and Debian's
full ``chromium`` is taken when the shell is not there. The shell skips the full browser's
processes and services: the two browser test files cost 119 s of CPU with the shell against
149 s with ``chromium`` (``/usr/bin/time``, one after the other, 2026-11-29 at load 11-15).
The flags keep Chromium from reaching out to Google's services at start (refused here, and
never wanted).
"""

from __future__ import annotations

import os
import shutil
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

__all__ = ["CHROMIUM_FLAGS", "ChromiumMissing", "expect", "launch"]

#: How long Playwright's assertions wait (its default is 5 s): on CI's two cores the browser
#: tests share the machine with a club evening being read and scored, and a page that is
#: slow there is not a wrong page.
EXPECT_TIMEOUT_MS = 20_000

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


class ChromiumMissing(RuntimeError):
    """No Chromium on the machine."""


def launch(playwright: Playwright) -> Browser:
    """A headless Debian Chromium (ChromiumMissing, naming the fix, when there is none)."""
    path = (os.environ.get("BRIDGESCAN_CHROMIUM") or shutil.which("chromium-headless-shell")
            or shutil.which("chromium"))  # fmt: skip
    if not path:
        raise ChromiumMissing("no chromium: run scripts/bootstrap.sh "
                              "(apt-get install chromium-headless-shell)")  # fmt: skip
    return playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)


def expect(actual: Any, message: str | None = None) -> Any:
    """Playwright's ``expect``, waiting up to ``EXPECT_TIMEOUT_MS``. Playwright is imported
    here, when a browser test first asserts, not when the tests are collected: its import
    is ~3 s of CPU, which every pytest-xdist worker would pay, browser tests or not."""
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    return playwright_expect(actual, message)
