"""Simulated scanning or photographing of a filled traveller.

One homography does all the geometry (resolution change, quarter turns, skew, mild
perspective, placement on the scanner bed or table), so the exact page-millimetre to
image-pixel transform is known and goes into the ground truth. Photometric steps follow:
uneven lighting / shadow, blur, sensor noise, dust, greyscale, JPEG.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from .glass_fibres import glass_threads
from .settled_dust import dust_load, settled_dust
from .sources import Distortion

__all__ = ["SPECKLES", "ScanResult", "scan_page", "quarter_turn_matrix", "pdf_of_jpeg"]

SPECKLES = ("toner-and-settled-dust", "dust-and-hairs")
"""A dirty scanner's own marks, one per side of the split (sources.py): TRAINING dark
toner specks, round or square, alone, clumps of ragged grains sized as settled dust is
(settled_dust.py) and hairs and fibres drawn from published sizes (glass_fibres.py); TEST
clumps of elliptical grains and the odd hair or fibre."""


@dataclass(frozen=True)
class ScanResult:
    """The scanned image file and how it was made."""

    data: bytes  # encoded image
    extension: str  # "jpg" or "png"
    size: tuple[int, int]  # (width, height) px
    dpi: int
    quarter_turns: int
    page_px_to_image: np.ndarray  # 3x3: upright page raster px -> image px
    params: dict[str, Any]


def quarter_turn_matrix(k: int, width: int, height: int) -> np.ndarray:
    """Pixel map of ``k`` counter-clockwise quarter turns of a width x height image."""
    k %= 4
    if k == 0:
        return np.eye(3)
    if k == 1:  # (x, y) -> (y, W - 1 - x)
        return np.array([[0, 1, 0], [-1, 0, width - 1], [0, 0, 1]], float)
    if k == 2:
        return np.array([[-1, 0, width - 1], [0, -1, height - 1], [0, 0, 1]], float)
    return np.array([[0, -1, height - 1], [1, 0, 0], [0, 0, 1]], float)


def scan_page(
    page: np.ndarray,
    render_dpi: float,
    d: Distortion,
    rng: np.random.Generator,
    *,
    quarter_turns: int | None = None,
    dpi: int | None = None,
) -> ScanResult:
    """Scan an upright RGB page raster rendered at ``render_dpi``."""
    h, w = page.shape[:2]
    out_dpi = int(dpi if dpi is not None else rng.choice(d.dpis))
    k = int(quarter_turns if quarter_turns is not None else rng.choice(d.quarter_turns))
    px_per_mm = out_dpi / 25.4
    scale = out_dpi / render_dpi

    grey = rng.random() < d.greyscale_share
    # OpenCV order (BGR) from here on; a greyscale scan is one channel all the way
    base = cv2.cvtColor(page, cv2.COLOR_RGB2GRAY if grey else cv2.COLOR_RGB2BGR)

    # 1. lighting: a smooth gradient plus, sometimes, a soft shadow band from one edge
    strength = float(rng.uniform(*d.shadow_strength))
    # the light field is smooth: compute it on a coarse grid and scale it up
    gh, gw = 64, max(2, round(64 * w / h))
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32)
    yy, xx = yy / (gh - 1), xx / (gw - 1)
    angle = float(rng.uniform(0, 2 * np.pi))
    ramp = (np.cos(angle) * xx + np.sin(angle) * yy + 1.0) / 2.0
    light = 1.0 - strength * 0.5 * ramp
    if rng.random() < 0.5:
        edge = int(rng.integers(4))
        depth = float(rng.uniform(0.03, 0.12))
        dist = (xx, 1 - xx, yy, 1 - yy)[edge]
        light *= 1.0 - strength * np.clip(1.0 - dist / depth, 0, 1) ** 2
    if rng.random() < d.hand_shadow_share:
        # a hand or the phone over the page: a large soft blob from one side
        hs = float(rng.uniform(*d.hand_shadow_strength))
        cx, cy = rng.uniform(-0.1, 1.1), rng.uniform(0.2, 1.1)
        rx, ry = rng.uniform(0.2, 0.45), rng.uniform(0.25, 0.6)
        blob = ((xx - cx) / rx) ** 2 + ((yy - cy) / ry) ** 2
        light *= 1.0 - hs * np.clip(1.3 - blob, 0, 1).astype(np.float32) ** 1.5
    vig = float(rng.uniform(*d.vignette))
    if vig > 0:
        r2 = ((xx - 0.5) ** 2 + (yy - 0.5) ** 2) / 0.5
        light *= 1.0 - vig * r2.astype(np.float32)
    light = np.clip(light, 0.05, 1.0).astype(np.float32)
    light = cv2.resize(light, (w, h), interpolation=cv2.INTER_LINEAR)
    lit = cv2.multiply(base, light if grey else cv2.merge([light] * 3), dtype=cv2.CV_8U)

    # 2. geometry: scale, small rotation, corner jitter, margin, quarter turns
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    skew = float(rng.uniform(-d.max_skew_deg, d.max_skew_deg))
    theta = np.deg2rad(skew)
    rot = np.array([[np.cos(theta), -np.sin(theta)], [np.sin(theta), np.cos(theta)]])
    centre = np.array([w, h]) * scale / 2
    dst = (src * scale - centre) @ rot.T + centre
    photo = rng.random() < d.photo_share
    reach = d.photo_perspective_mm if photo else d.max_perspective_mm
    jitter = rng.uniform(-1, 1, (4, 2)) * reach * px_per_mm
    dst = dst + jitter
    margin = float(rng.uniform(2, 8)) * px_per_mm
    dst = dst - dst.min(axis=0) + margin
    cw = int(np.ceil(dst[:, 0].max() + margin))
    ch = int(np.ceil(dst[:, 1].max() + margin))
    m = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
    turn = quarter_turn_matrix(k, cw, ch)
    full = turn @ m
    size = (cw, ch) if k % 2 == 0 else (ch, cw)
    dark = photo or rng.random() < d.dark_background_share
    bg = tuple(float(v) for v in (rng.uniform(40, 90, 3) if dark else rng.uniform(225, 250, 3)))
    if grey:
        bg = (sum(bg) / 3,) * 3
    img = cv2.warpPerspective(
        lit, full, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=bg
    )

    # 3. blur, noise, dust
    sigma = float(rng.uniform(*d.blur_sigma_px))
    if sigma > 0.05:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    noise = float(rng.uniform(*d.noise_sigma))
    if noise > 0.05:
        # sensor grain, the same on every channel; OpenCV's generator, seeded from ours
        grain = np.empty(img.shape[:2], np.int16)
        cv2.setRNGSeed(int(rng.integers(2**31)))
        cv2.randn(grain, 0.0, noise)  # type: ignore[call-overload]
        img = cv2.add(img, grain if grey else cv2.merge([grain] * 3), dtype=cv2.CV_8U)
    if rng.random() < d.streak_share:  # dirt on the feeder's glass: thin lines down the scan
        for _ in range(int(rng.integers(1, 4))):
            x = int(rng.integers(size[0]))
            shade = float(rng.uniform(*d.streak_shade))
            cv2.line(img, (x, 0), (x, size[1] - 1), (shade,) * 3, int(rng.integers(1, 3)))
    for _ in range(int(rng.integers(0, 6))):
        x, y = int(rng.integers(size[0])), int(rng.integers(size[1]))
        r = int(rng.integers(1, 3))
        cv2.circle(img, (x, y), r, (float(rng.uniform(60, 160)),) * 3, -1)
    if d.speckle:
        _speckle(img, d.speckle, float(rng.uniform(*d.speckle_density)), px_per_mm, rng)
    out = img

    # 4. file format
    lossless = rng.random() < d.lossless_share
    quality = int(rng.integers(d.jpeg_quality[0], d.jpeg_quality[1] + 1))
    if lossless:
        ok, buf = cv2.imencode(".png", out)
        ext = "png"
    else:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
        ext = "jpg"
    if not ok:  # pragma: no cover - OpenCV encoders do not fail on valid arrays
        raise RuntimeError("image encoding failed")
    data = buf.tobytes()
    if d.pdf and ext == "jpg":  # an office scanner's "scan to PDF": the JPEG as it is
        data, ext = pdf_of_jpeg(data, size, out.ndim == 3, out_dpi), "pdf"
    params = {
        "skew_deg": round(skew, 3),
        "perspective_mm": round(float(np.abs(jitter).max() / px_per_mm), 3),
        "photo": photo,
        "blur_sigma_px": round(sigma, 3),
        "noise_sigma": round(noise, 3),
        "shadow_strength": round(strength, 3),
        "greyscale": grey,
        "dark_background": dark,
        "format": ext,
        "jpeg_quality": None if lossless else quality,
        "scanner": d.name,
    }
    return ScanResult(data, ext, size, out_dpi, k, full, params)


def _speckle(
    img: np.ndarray, kind: str, per_cm2: float, px_per_mm: float, rng: np.random.Generator
) -> None:
    """Draw a dirty scanner's specks over the scan, ``per_cm2`` of them a square centimetre."""
    h, w = img.shape[:2]
    count = int(per_cm2 * w * h / (10 * px_per_mm) ** 2)
    if kind == "toner-and-settled-dust":
        for _ in range(count):
            x, y = int(rng.integers(w)), int(rng.integers(h))
            r = max(0, round(float(rng.uniform(0.03, 0.2)) * px_per_mm))
            shade = (float(rng.uniform(30, 150)),) * 3
            if rng.random() < 0.5:
                cv2.circle(img, (x, y), r, shade, -1)
            else:
                cv2.rectangle(img, (x, y), (x + r, y + r), shade, -1)
        load = dust_load(rng)  # as settled_dust draws it: the page's other draws the same
        settled_dust(img, per_cm2, px_per_mm, rng, load=load)
        # Hairs and fibres from a stream of their own: a jumped copy of ``rng``'s bit
        # generator, so that neither its draws nor its seed sequence's children (the
        # players' hands, mark_styles.py, spawn them) move.
        glass_threads(img, px_per_mm, load, np.random.Generator(rng.bit_generator.jumped()))
    elif kind == "dust-and-hairs":
        for _ in range(max(1, count // 3)):  # a clump: a few grains of dust together
            cx, cy = float(rng.integers(w)), float(rng.integers(h))
            for _ in range(int(rng.integers(1, 6))):
                x = round(cx + float(rng.normal(0, 0.25)) * px_per_mm)
                y = round(cy + float(rng.normal(0, 0.25)) * px_per_mm)
                axes = (
                    max(1, round(float(rng.uniform(0.03, 0.18)) * px_per_mm)),
                    max(1, round(float(rng.uniform(0.03, 0.12)) * px_per_mm)),
                )
                shade = (float(rng.uniform(50, 170)),) * 3
                cv2.ellipse(img, (x, y), axes, float(rng.uniform(0, 180)), 0, 360, shade, -1)
        for _ in range(int(rng.integers(0, 4))):  # a hair or a paper fibre on the glass
            length = float(rng.uniform(3, 15)) * px_per_mm
            x, y = float(rng.integers(w)), float(rng.integers(h))
            heading = float(rng.uniform(0, 2 * np.pi))
            pts = []
            for _ in range(8):
                pts.append((round(x * 16), round(y * 16)))
                heading += float(rng.normal(0, 0.35))
                x += np.cos(heading) * length / 7
                y += np.sin(heading) * length / 7
            shade = (float(rng.uniform(40, 140)),) * 3
            cv2.polylines(img, [np.array(pts, np.int32)], False, shade, 1, cv2.LINE_AA, 4)
    else:
        raise ValueError(f"unknown speckle {kind!r}: one of {', '.join(SPECKLES)}")


def pdf_of_jpeg(jpeg: bytes, size: tuple[int, int], colour: bool, dpi: int) -> bytes:
    """A one-page PDF whose page is the JPEG as it is (DCTDecode), ``dpi`` to the inch:
    what an office scanner's "scan to PDF" writes."""
    width, height = size
    pw, ph = width * 72 / dpi, height * 72 / dpi
    content = f"q {pw:.3f} 0 0 {ph:.3f} 0 0 cm /Im0 Do Q".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {pw:.3f} {ph:.3f}] "
        f"/Resources << /XObject << /Im0 4 0 R >> >> /Contents 5 0 R >>".encode(),
        f"<< /Type /XObject /Subtype /Image /Width {width} /Height {height} "
        f"/ColorSpace /{'DeviceRGB' if colour else 'DeviceGray'} /BitsPerComponent 8 "
        f"/Filter /DCTDecode /Length {len(jpeg)} >>\nstream\n".encode()
        + jpeg
        + b"\nendstream",
        f"<< /Length {len(content)} >>\nstream\n".encode() + content + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\n".encode()
    out += f"startxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
