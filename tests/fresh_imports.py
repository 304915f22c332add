"""The modules a fresh interpreter has loaded after running a few lines: what an import
costs a command that starts cold (issue 43) is every module it brings in with it."""

from __future__ import annotations

import subprocess
import sys

__all__ = ["loaded_after"]


def loaded_after(code: str, among: tuple[str, ...]) -> list[str]:
    """Which of the modules ``among`` (names, or packages' names ending in ".") a new
    ``python -c code`` process has loaded when ``code`` ends, sorted."""
    probe = (
        f"{code}\nimport sys\n"
        f"print('\\n'.join(sorted(m for m in sys.modules if m in {among!r} "
        f"or m.startswith(tuple(p for p in {among!r} if p.endswith('.'))))))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True, timeout=60)  # fmt: skip
    return done.stdout.split()
