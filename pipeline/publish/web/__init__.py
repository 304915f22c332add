"""The results site: plain HTML pages of the one results model, written with every publication.

Every publication puts the site in its version folder (``OUT/web`` is the current one's);
``build_site`` makes its files, ``write_site(results, FOLDER)`` a site of its own. Pages:
``index.html`` (the ranking; for several
sessions the leveled totals and one page per session), ``board-S-B.html`` (each board's
traveller, with the hand diagram, double-dummy tricks and par when the deals are given),
``pair-P.html`` (each pair's score card with its running total), ``masterpoints.html``,
``changes.html`` (what changed, every correction), ``style.css`` and ``site.js`` (the
correction deadline's countdown). docs/web.md describes the pages.
"""

from pipeline.publish.web.site import (
    SITE_FOLDER,
    NotASiteError,
    SiteReport,
    SiteStatus,
    build_site,
    site_status,
    write_site,
)

__all__ = [
    "SITE_FOLDER",
    "NotASiteError",
    "SiteReport",
    "SiteStatus",
    "build_site",
    "site_status",
    "write_site",
]
