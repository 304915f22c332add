"""Files sent to the club's console (scans, member lists): multipart forms, checked before
anything is kept.

The same rules as every other form (``require_director``: same origin, the session's CSRF
token, a signed-in director), and limits of their own: a request over ``MAX_REQUEST_BYTES``
is read to its end and thrown away (a browser shows a refusal only after it has sent the
body) and answered with the reason; at most ``MAX_FILES`` files a request. Each file is
spooled by Starlette (python-multipart) and written under a name of ours in the club's
``.incoming/`` folder, on the same disk as the event folders, so that taking it is a
rename (pipeline/doors/scans/intake.py checks the content; the name a browser sends is
never a path).
"""

from __future__ import annotations

import secrets
import shutil
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

from pipeline.doors.scans.intake import MAX_UPLOAD_BYTES
from pipeline.files import safe_name
from pipeline.web.http import OTHER_SITE, club_of, forbidden, form_refused, page, same_origin

__all__ = [
    "MAX_REQUEST_BYTES",
    "MAX_FILES",
    "INCOMING",
    "Upload",
    "UploadError",
    "require_director_upload",
]

MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + MAX_UPLOAD_BYTES // 2
MAX_FILES = 40
INCOMING = ".incoming"


class UploadError(ValueError):
    """An upload that cannot be taken (the message says why, naming the file)."""


@dataclass(frozen=True)
class Upload:
    """One file of an upload, written to the club's ``.incoming/`` folder."""

    filename: str  # as the browser named it (shown, never used as a path)
    path: Path
    size: int


def _mb(size: int) -> str:
    return f"{size / 1_000_000:.0f} MB"


async def _drain(request: Request) -> None:
    async for _chunk in request.stream():
        pass


async def _save(part: UploadFile, folder: Path) -> Upload:
    name = part.filename or "upload"
    target = folder / f"{secrets.token_hex(4)}-{safe_name(Path(name).name, 'upload')[:60]}"
    with target.open("wb") as out:
        await part.seek(0)
        while chunk := await part.read(1 << 20):
            out.write(chunk)
    return Upload(name, target, target.stat().st_size)


Handler = Callable[[Request, dict[str, str], list[Upload]], Awaitable[Response]]


def require_director_upload(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    """A multipart POST that only a signed-in director may send, with a valid CSRF token;
    the handler gets the text fields and the files (removed again when it returns)."""

    async def endpoint(request: Request) -> Response:
        if not same_origin(request):
            return forbidden(request, OTHER_SITE)
        kind = request.headers.get("content-type", "").split(";")[0].strip()
        if kind != "multipart/form-data":
            return forbidden(request, "This form sends files: use the page's own form.")
        length = request.headers.get("content-length", "")
        if not length.isdigit():
            await _drain(request)
            return page(
                request,
                "message.html",
                status=411,
                title="Upload refused",
                message="The upload did not say its size (Content-Length).",
            )
        if int(length) > MAX_REQUEST_BYTES:
            await _drain(request)
            return page(
                request,
                "message.html",
                status=413,
                title="Upload refused",
                message=f"The upload is {_mb(int(length))}: one upload takes at most "
                f"{_mb(MAX_REQUEST_BYTES)} and one file at most {_mb(MAX_UPLOAD_BYTES)}. "
                "Send the files a few at a time. Nothing was kept.",
            )
        club = club_of(request)
        folder = Path(club.folder) / INCOMING / secrets.token_hex(8)
        try:
            async with request.form(max_files=MAX_FILES, max_fields=200) as form:
                fields = {k: v for k, v in form.multi_items() if isinstance(v, str)}
                refused = form_refused(request, fields, director=True)
                if refused is not None:
                    return refused
                folder.mkdir(parents=True)
                files = [
                    await _save(part, folder)
                    for _key, part in form.multi_items()
                    if isinstance(part, UploadFile) and (part.filename or part.size)
                ]
                return await handler(request, fields, files)
        except UploadError as error:
            return forbidden(request, str(error))
        except HTTPException as error:  # a multipart body Starlette refuses: too many files
            return forbidden(request, f"The upload could not be read: {error.detail}")
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    return endpoint
