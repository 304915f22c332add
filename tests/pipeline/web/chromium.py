"""Debian's Chromium under Playwright: the browser of the web tests and of the README's
screenshots (scripts/screenshots.py), started one way.

Playwright's own browser download is never used (it cannot work on a machine without
general network): scripts/bootstrap.sh installs Debian's ``chromium``, or
``BRIDGESCAN_CHROMIUM`` names another binary. The flags keep Chromium from reaching out to
Google's services at start (refused here, and never wanted).
"""

from __future__ import annotations

import os
import shutil
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

__all__ = ["CHROMIUM_FLAGS", "ChromiumMissing", "launch"]

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
    path = os.environ.get("BRIDGESCAN_CHROMIUM") or shutil.which("chromium")
    if not path:
        raise ChromiumMissing("no chromium: run scripts/bootstrap.sh (apt-get install chromium)")
    return playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
