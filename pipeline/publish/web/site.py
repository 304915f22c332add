"""The static results site: every page built in memory, then written as one set.

``build_site`` renders the pages of ``pages.site_pages`` with the templates and returns file
name -> bytes: a publication puts them in its version folder with the workbook and the JSON
(``pipeline.publish.render``; ``OUT/web`` links to the current version's site).
``write_site`` writes a site of its own (``bridgescan web``) into a fresh folder beside the
target and swaps it into place, so a visitor (or ``rsync`` to the club's web host) never
sees half a site: the old set stays whole until the new one is complete. The folder holds
only plain HTML, one stylesheet and one small script (the deadline's countdown), with
relative links, so it can be copied to any web host, or opened from the disk, as it is.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from importlib import metadata
from pathlib import Path

from pipeline.clock import zone
from pipeline.events.hand_records import HandRecord
from pipeline.publish.web.pages import INDEX, MASTERPOINTS, site_pages
from pipeline.publish.web.publication import CHANGES, publication_text
from pipeline.publish.web.render import STATIC, environment, static_files
from pipeline.results.model.event import EventResults
from pipeline.results.publication import SessionPeriodView

__all__ = [
    "SITE_FOLDER",
    "SiteStatus",
    "site_status",
    "build_site",
    "write_site",
    "SiteReport",
    "NotASiteError",
]

SITE_FOLDER = "web"


@dataclass(frozen=True)
class SiteStatus:
    """What the banner on every page says: provisional (``summary``, one line) and why
    (``reasons``, one line each, listed on the index), or nothing."""

    provisional: bool
    reasons: tuple[str, ...]
    summary: str = ""


def site_status(results: EventResults) -> SiteStatus:
    """The results' own status (``results.status``: decided once, in
    pipeline/results/status.py, and read back from results.json), its reasons listed on the
    index one line each, followed by each blocking finding in full (the site has no Findings
    sheet); the banner names the sessions of the publication that may still change.
    Results written before the status was recorded fall back on the publication's sessions
    that are not official."""
    view = results.publication
    unofficial = [p for p in (view.sessions if view is not None else ()) if p.official_at is None]
    reasons = list(results.status.reasons) or [_period_reason(p) for p in unofficial]
    blocking = results.blocking_findings
    reasons += [
        f"Session {f.session}, {f.where}: {f.message}" if f.session else f"{f.where}: {f.message}"
        for f in blocking
    ]
    if not (results.status.provisional or unofficial or blocking):
        return SiteStatus(provisional=False, reasons=())
    names = [p.name or f"Session {p.session}" for p in unofficial]
    summary = " and ".join(names) + " may still change" if names else "These results may change"
    # A barometer being played says where it stands first: "standings after round 2 of 5".
    pending = [f.message for f in blocking if f.severity == "pending"]
    summary = "; ".join([*pending, summary]) if pending else summary
    return SiteStatus(True, tuple(reasons), summary + " (the results page says why).")


def _period_reason(period: SessionPeriodView) -> str:
    waiting = []
    if period.open_items:
        shown = ", ".join(period.open_items[:6])
        more = f" and {len(period.open_items) - 6} more" if len(period.open_items) > 6 else ""
        waiting.append(f"{len(period.open_items)} reading(s) wait for review ({shown}{more})")
    if period.blocking:
        waiting.append(f"{period.blocking} finding(s) block publishing")
    name = period.name or f"Session {period.session}"
    return f"{name}: " + ("; ".join(waiting) or "not official yet")


@dataclass(frozen=True)
class SiteReport:
    """Where the site went and how big it is (the benchmark reports these)."""

    folder: Path
    pages: int
    sizes: dict[str, int]

    @property
    def total_bytes(self) -> int:
        return sum(self.sizes.values())

    @property
    def largest(self) -> tuple[str, int]:
        name = max(self.sizes, key=lambda n: self.sizes[n])
        return name, self.sizes[name]


def _software_version() -> str:
    try:
        return metadata.version("bridgescan")
    except metadata.PackageNotFoundError:  # running from a source tree
        return "unreleased"


def build_site(
    results: EventResults,
    *,
    hands: Mapping[int, Sequence[HandRecord]] | None = None,
    published_at: datetime | None = None,
) -> dict[str, bytes]:
    """Every file of the site: name -> content (UTF-8 HTML, the stylesheet, the script)."""
    env = environment()
    status = site_status(results)
    view = results.publication
    if published_at is None and view is not None:
        published_at = view.published_at.astimezone(zone(view.time_zone))
    stamp = published_at or datetime.now().astimezone()
    changed = bool(results.audit) or (results.changes is not None and not results.changes.empty)
    common = {
        "results": results,
        "status": status,
        "published_at": stamp,
        "software": _software_version(),
        "index_href": INDEX,
        "asset_base": "",
        "masterpoints_href": MASTERPOINTS if results.awards else None,
        "changes_href": CHANGES if changed else None,
        "publication": publication_text(results),
    }
    files: dict[str, bytes] = {}
    for page in site_pages(results, hands):
        template = env.get_template(page.template)
        html = template.render(**common, **page.context, page=page)
        files[page.name] = html.encode("utf-8")
    files.update(static_files())
    return files


def write_site(
    results: EventResults,
    folder: Path,
    *,
    hands: Mapping[int, Sequence[HandRecord]] | None = None,
    published_at: datetime | None = None,
) -> SiteReport:
    """Build the site and put it at ``folder`` as one set (an old site there is replaced
    whole). A publication writes the site inside its version folder instead
    (``pipeline.publish.render``); this is for a site of its own (``bridgescan web``).
    ``NotASiteError`` when ``folder`` holds anything a site does not (nothing changed)."""
    target = Path(folder)
    _check_only_a_site(target)
    files = build_site(results, hands=hands, published_at=published_at)
    target.parent.mkdir(parents=True, exist_ok=True)
    fresh = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part"))
    try:
        for name, content in files.items():
            (fresh / name).write_bytes(content)
        os.chmod(fresh, 0o755)  # mkdtemp makes it private; a web host must read it
        _swap_in(fresh, target)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    return SiteReport(target, sum(n.endswith(".html") for n in files), {
        name: len(content) for name, content in files.items()
    })  # fmt: skip


class NotASiteError(ValueError):
    """The folder given for a site holds something no site holds: replacing the folder
    whole would delete it (``bridgescan web out -o ~/Documents`` deleted the documents)."""


def _check_only_a_site(target: Path) -> None:
    """Refuse a file, or a folder holding anything but a site's pages, style and script."""
    if target.is_symlink() or not target.exists():
        return  # a link is refused by _swap_in; a new folder is made
    if not target.is_dir():
        raise NotASiteError(f"{target}: it is a file, not a folder; give a folder for the site")
    for entry in sorted(target.iterdir()):
        if entry.is_dir() or not (entry.suffix == ".html" or entry.name in STATIC):
            raise NotASiteError(
                f"{target}: it holds {entry.name}, which is not part of a results site, and "
                "the site replaces its folder whole; give a new or empty folder, or the "
                "folder of an earlier site"
            )


def _swap_in(fresh: Path, target: Path) -> None:
    """Replace ``target`` by ``fresh``: the old folder is moved aside first, then removed."""
    old = None
    if target.is_symlink():
        raise FileExistsError(f"{target} is a link (a published version's site), not replaced")
    if target.exists():
        old = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".old"))
        os.replace(target, old / target.name)
    os.replace(fresh, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
