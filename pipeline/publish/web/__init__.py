"""The results site: plain HTML pages of the one results model, written with every publication.

``write_site(results, OUT)`` writes ``OUT/web/``: ``index.html`` (the ranking; for several
sessions the leveled totals and one page per session), ``board-S-B.html`` (each board's
traveller, with the hand diagram, double-dummy tricks and par when the deals are given),
``pair-P.html`` (each pair's score card with its running total), ``masterpoints.html``,
and ``style.css``. docs/web.md describes the pages.
"""

from pipeline.publish.web.site import (
    SITE_FOLDER,
    SiteReport,
    SiteStatus,
    build_site,
    site_status,
    write_site,
)

__all__ = ["SITE_FOLDER", "SiteReport", "SiteStatus", "build_site", "site_status", "write_site"]
