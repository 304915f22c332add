"""Files the console serves: the results site, its stylesheet and script, review crops.

No path from a request reaches outside the output folder: a site file is looked up by
name in ``OUT/web`` and must resolve (symbolic links followed) to a regular file inside it;
``..``, absolute paths, encoded separators, NUL bytes and hidden names are refused before
the disk is touched. A crop is never looked up by a path at all: the request names a
review item, and the crop is the one the queue lists for that item.
"""

from __future__ import annotations

import mimetypes
from pathlib import Path, PurePosixPath

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from pipeline.publish.web import SITE_FOLDER
from pipeline.publish.web.render import static_files
from pipeline.web.http import console_of
from pipeline.web.state import review_state

__all__ = ["site_file", "inside", "site_path", "static_file", "crop"]

_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
          ".js": "text/javascript; charset=utf-8", ".png": "image/png"}  # fmt: skip


def inside(root: Path, relative: str) -> Path | None:
    """``root / relative`` when it names a regular file inside ``root``, else None."""
    if not relative or "\x00" in relative or "\\" in relative:
        return None
    parts = PurePosixPath(relative).parts
    if PurePosixPath(relative).is_absolute() or any(
        part in ("..", ".") or part.startswith(".") for part in parts
    ):
        return None
    base = root.resolve()
    try:
        target = base.joinpath(*parts).resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if base not in target.parents or not target.is_file():
        return None
    return target


def site_path(out_dir: Path, relative: str) -> Path | None:
    """A file of the results site (``OUT/web``), or None."""
    return inside(Path(out_dir) / SITE_FOLDER, relative or "index.html")


def _not_found() -> Response:
    return PlainTextResponse("not found", status_code=404)


def _file(path: Path) -> Response:
    kind = _TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0]
    return Response(path.read_bytes(), media_type=kind or "application/octet-stream")


async def site_file(request: Request) -> Response:
    """GET /site/{path}: the results site as published (read-only)."""
    path = site_path(console_of(request).out_dir, request.path_params.get("path", ""))
    return _not_found() if path is None else _file(path)


async def static_file(request: Request) -> Response:
    """GET /static/{name}: the stylesheets and scripts shipped in the package (the site's,
    and the club console's own)."""
    name = request.path_params["name"]
    files = {**static_files(), **_console_files()}
    if name not in files:
        return _not_found()
    return Response(files[name], media_type=_TYPES[Path(name).suffix])


CONSOLE_STATIC = ("club.css", "club.js")


def _console_files() -> dict[str, bytes]:
    """The club console's own stylesheet and script (pipeline/web/static)."""
    from importlib import resources

    folder = resources.files("pipeline.web").joinpath("static")
    return {name: folder.joinpath(name).read_bytes() for name in CONSOLE_STATIC}


async def crop(request: Request) -> Response:
    """GET /review/crop?item=ID: the image crop of a review item, as the queue lists it."""
    item_id = request.query_params.get("item", "")
    console = console_of(request)
    for item in review_state(console.out_dir, console.store).items:
        if item.id == item_id and item.crop_png:
            return Response(item.crop_png, media_type="image/png")
    return _not_found()
