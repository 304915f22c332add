"""A page's reading summary is made of JSON's own types only: the store writes it without
its codec's walk (``Append.plain`` in ``record_readings``), which would tag a tuple or an
enum that ``json`` writes as a list or a string."""

from __future__ import annotations

from pathlib import Path

from pipeline.store.codec import dumps, dumps_plain

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"
_PLAIN_TYPES = (dict, list, str, int, float, bool, type(None))


def _not_plain(value: object, where: str = "") -> list[str]:
    if type(value) not in _PLAIN_TYPES:
        return [f"{where}: {type(value).__name__}"]
    if isinstance(value, dict):
        return [f"{where}: key {key!r}" for key in value if type(key) is not str] + [
            found for key, item in value.items() for found in _not_plain(item, f"{where}.{key}")
        ]
    if isinstance(value, list):
        return [
            found for i, item in enumerate(value) for found in _not_plain(item, f"{where}[{i}]")
        ]
    return []


def test_a_read_pages_summary_is_plain_json_written_as_dumps_writes_it() -> None:
    from ocr.reader import load_pages
    from pipeline.doors.scans.reading import readings_summary, scan_reader
    from pipeline.events.eventfile import load_event

    event = load_event(SAMPLE / "event.yaml")
    reader = scan_reader(event, 1)
    pages = [reader.read_image(image, ref)
             for ref, image in load_pages(SAMPLE / "scans" / "session1.pdf", 16, 16)]  # fmt: skip
    summary = readings_summary(pages)
    assert summary["pages"] and summary["pages"][0]["rows"]  # type: ignore[index]
    assert _not_plain(summary) == []
    assert dumps_plain(summary) == dumps(summary)
