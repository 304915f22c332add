"""A benchmark cache folder of a wrapper's own (``benchmarks.dirty_glass``,
``benchmarks.tinted_card``), marked with what drew its pages.

The benchmarks keep pages under ``CACHE/split/condition`` whatever drew them, so a wrapper
that changes how TRAINING's pages are drawn needs a folder of its own: in one that holds the
usual pages the run would read those, and its own pages left in the benchmarks' default
folder would be read later as TRAINING's usual ones.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

__all__ = ["marked_cache"]


def marked_cache(args: list[str], mark: str, want: dict[str, Any], drawn: str) -> Path:
    """The cache folder ``--cache`` names in the benchmark's arguments ``args``, marked
    ``want`` in its file ``mark``; SystemExit where none is named, where the folder is
    marked otherwise, or where it holds anything unmarked. ``drawn`` says how the pages are
    drawn, for the messages (``"from the dirty tail"``)."""
    wrapper = mark.removesuffix(".json")
    named = [a.removeprefix("--cache=") for a in args if a.startswith("--cache=")]
    named += [args[k + 1] for k, a in enumerate(args[:-1]) if a == "--cache"]
    if not named:
        raise SystemExit(f"{wrapper}: give the run a cache folder of its own (--cache DIR)")
    cache = Path(named[-1])
    marked = cache / mark
    if marked.exists():
        if json.loads(marked.read_text(encoding="utf-8")) != want:
            raise SystemExit(f"{wrapper}: {cache} holds pages drawn {marked.read_text()}")
        return cache  # read only: two runs on one cache never see the mark half written
    if cache.exists() and any(cache.iterdir()):
        raise SystemExit(f"{wrapper}: {cache} holds pages not drawn {drawn}")
    cache.mkdir(parents=True, exist_ok=True)
    part = marked.with_name(f"{marked.name}.{os.getpid()}")
    part.write_text(json.dumps(want) + "\n", encoding="utf-8")
    os.replace(part, marked)
    return cache
