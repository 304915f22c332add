"""What a reading process pays the system for its memory, page after page.

A page's fresh arrays cost page faults (system CPU) the first time they are touched; a
benchmark that opens one page in a fresh process sees every one of them, a reading process
that reads page after page only those glibc's allocator does not keep. This reads the
cached benchmark pages of each condition in order in this one process, as a reading
process does, and prints each page's user and system CPU and its minor page faults (the
first pages and the last), then the sums over every page but the process's first three,
and the process's peak RSS:

    python -m benchmarks.reader_memory --pages 12 --cache /tmp/bridgescan_bench_ocr \
        --conditions clean,ordinary,pencil,noisy,phone

glibc reads its malloc settings from the environment as the process starts, so a setting
is tried by giving it to this command (``MALLOC_MMAP_THRESHOLD_=33554432 python -m
benchmarks.reader_memory ...``). Not a ``bench_*.py``: ``make bench`` does not run it.
"""

from __future__ import annotations

import argparse
import resource
from pathlib import Path

#: The process's first pages set up what later pages reuse (the reader's tables, the
#: allocator's kept memory): left out of the sums, which are what a long batch pays.
_SETTING_UP = 3


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pages", type=int, default=12, help="pages per condition")
    ap.add_argument("--conditions", default="clean,ordinary,pencil,noisy,phone")
    ap.add_argument("--cache", type=Path, default=Path("/tmp/bridgescan_bench_ocr"))
    args = ap.parse_args(argv)

    import ocr.pages as pages_of
    import ocr.reader as reader_module
    from ocr.reading import PageRef
    from ocr.training.synthetic.truth import load_truth

    reader = reader_module.ScanReader(read_printed=True)
    read = 0
    user = system = 0.0
    faults = 0
    for condition in args.conditions.split(","):
        pages = sorted((args.cache / "test" / condition).glob("page_*.json"))[: args.pages]
        if not pages:
            raise SystemExit(f"no cached pages in {args.cache / 'test' / condition}")
        for index, page in enumerate(pages):
            truth = load_truth(page)
            file = page.parent / truth.image
            raw = file.read_bytes()
            before = resource.getrusage(resource.RUSAGE_SELF)
            if file.suffix == ".pdf":  # a scan to PDF: as the scan read opens it
                image = next(pages_of.load_pages(file))[1]
            else:
                image = reader_module.decode_image(raw, truth.image)
            if hasattr(pages_of, "page_colour"):  # its colour asked for on a dusty page
                in_colour = pages_of.page_colour
                reader.read_image(image, PageRef(truth.image), lambda f=file, c=in_colour: c(f))
            else:  # a tree from before ocr/ink_colour.py
                reader.read_image(image, PageRef(truth.image))
            after = resource.getrusage(resource.RUSAGE_SELF)
            page_user = 1000 * (after.ru_utime - before.ru_utime)
            page_system = 1000 * (after.ru_stime - before.ru_stime)
            page_faults = after.ru_minflt - before.ru_minflt
            if index < 3 or index == len(pages) - 1:
                print(f"{condition:9s} page {index + 1:3d}  user {page_user:5.0f} ms  "
                      f"system {page_system:4.0f} ms  faults {page_faults:6d}")  # fmt: skip
            read += 1
            if read > _SETTING_UP:
                user += page_user
                system += page_system
                faults += page_faults
    counted = max(read - _SETTING_UP, 1)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"pages {_SETTING_UP + 1}-{read}: user {user / counted:.1f} ms, system "
          f"{system / counted:.2f} ms, {faults / counted:.0f} faults a page; "
          f"peak RSS {peak:.0f} MB")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
