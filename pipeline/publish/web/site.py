"""The static results site: every page built in memory, then written into ``OUT/web`` as a set.

``build_site`` renders the pages of ``pages.site_pages`` with the templates and returns file
name -> bytes; ``write_site`` writes them into a fresh folder beside the target and swaps it
into place, so a visitor (or ``rsync`` to the club's web host) never sees half a site:
the old set stays whole until the new one is complete. The folder holds only plain HTML,
one stylesheet and one small script (the deadline's countdown), with relative links, so it
can be copied to any web host, or opened from the disk, as it is.
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

from pipeline.interop.deals import HandRecord
from pipeline.publish.web.pages import INDEX, MASTERPOINTS, site_pages
from pipeline.publish.web.render import environment, static_files
from pipeline.results.model import EventResults

__all__ = ["SITE_FOLDER", "SiteStatus", "site_status", "build_site", "write_site", "SiteReport"]

SITE_FOLDER = "web"


@dataclass(frozen=True)
class SiteStatus:
    """What the banner on every page says: provisional (and why) or official."""

    provisional: bool
    reasons: tuple[str, ...]


def site_status(results: EventResults) -> SiteStatus:
    """Provisional while any finding blocks publishing; the reasons are shown on the index."""
    blocking = results.blocking_findings
    reasons = tuple(
        f"Session {f.session}, {f.where}: {f.message}" if f.session else f"{f.where}: {f.message}"
        for f in blocking
    )
    return SiteStatus(provisional=bool(blocking), reasons=reasons)


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
    stamp = published_at or datetime.now().astimezone()
    common = {
        "results": results,
        "status": status,
        "published_at": stamp,
        "software": _software_version(),
        "index_href": INDEX,
        "asset_base": "",
        "masterpoints_href": MASTERPOINTS if results.awards else None,
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
    out_dir: Path,
    *,
    hands: Mapping[int, Sequence[HandRecord]] | None = None,
    published_at: datetime | None = None,
) -> SiteReport:
    """Build the site and put it at ``out_dir/web`` as one set (old set replaced whole)."""
    files = build_site(results, hands=hands, published_at=published_at)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / SITE_FOLDER
    fresh = Path(tempfile.mkdtemp(dir=out_dir, prefix=f".{SITE_FOLDER}.", suffix=".part"))
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


def _swap_in(fresh: Path, target: Path) -> None:
    """Replace ``target`` by ``fresh``: the old folder is moved aside first, then removed."""
    old = None
    if target.exists():
        old = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".old"))
        os.replace(target, old / target.name)
    os.replace(fresh, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
