"""A bridgescan command's imports in CPU seconds, by package and by module.

    python -m benchmarks.import_cpu run sample_data -o OUT
    python -m benchmarks.import_cpu --top 40 --modules 30 run sample_data -o OUT

Runs the command in this process as ``bridgescan`` would, with every module's import timed
with the CPU of the thread that imports it (``time.thread_time`` around the loader's
``exec_module``: its body run, its bytecode read; a module's own part is that less the
modules it imports first). ``python -X importtime`` gives the same tree in wall time, which
on a loaded machine is mostly other processes' time, and a thread that imports while
another does is charged the other's time too (negative "self" times); CPU is what a cut
saves. Prints on stderr, when the command ends: the process's CPU, its imports' CPU, each
top-level package's own part (bridgescan's packages by their second name, as
``pipeline.publish``), and the modules whose own part is largest.
"""

from __future__ import annotations

import argparse
import atexit
import importlib.abc
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any

__all__ = ["main"]

_OURS = ("pipeline", "scoring", "ocr")
_own: dict[str, float] = {}  # module -> CPU of its import less the imports it made first
_stack = threading.local()


class _TimedImports(importlib.abc.MetaPathFinder):
    """Finds nothing itself: times the ``exec_module`` of the loader the other finders give
    (an instance per module; the built-in and frozen importers, classes shared by all their
    modules, are left as they are: their modules take microseconds)."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        if loader is not None and not isinstance(loader, type) and hasattr(loader, "exec_module"):
            loader.exec_module = partial(_timed, loader.exec_module, name)
        return spec


def _timed(exec_module: Callable[[Any], None], name: str, module: Any) -> None:
    frames = _stack.__dict__.setdefault("frames", [])
    frames.append(0.0)
    began = time.thread_time()
    try:
        exec_module(module)
    finally:
        spent = time.thread_time() - began
        _own[name] = spent - frames.pop()
        if frames:
            frames[-1] += spent


def _package(name: str) -> str:
    parts = name.split(".")
    return ".".join(parts[:2]) if parts[0] in _OURS else parts[0]


def _report(top: int, modules: int) -> None:
    by_package: Counter[str] = Counter()
    for name, own in _own.items():
        by_package[_package(name)] += own
    imports = sum(_own.values())
    ours = sum(own for name, own in _own.items() if name.split(".")[0] in _OURS)
    out = sys.stderr
    out.write(f"the process: {time.process_time():.3f} s of CPU; imports {imports:.3f} s "
              f"({len(_own)} modules; bridgescan's own {ours:.3f} s)\n")  # fmt: skip
    out.write("by package (each module's own part):\n")
    for package, own in by_package.most_common(top):
        out.write(f"  {own * 1000:7.1f} ms  {package}\n")
    out.write("modules with the largest own part:\n")
    for name, own in Counter(_own).most_common(modules):
        out.write(f"  {own * 1000:7.1f} ms  {name}\n")


def main(arguments: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=30, help="packages listed")
    parser.add_argument("--modules", type=int, default=20, help="modules listed")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the bridgescan command")
    options = parser.parse_args(arguments)
    sys.meta_path.insert(0, _TimedImports())
    atexit.register(_report, options.top, options.modules)
    sys.argv = ["bridgescan", *options.command]
    from pipeline.cli import main as bridgescan

    bridgescan()


if __name__ == "__main__":
    main(sys.argv[1:])
