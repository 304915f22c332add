"""Prefect's embedded defaults for bridgescan: local ephemeral API, no server, no telemetry.

Import this before ``prefect`` (and before numpy: the BLAS thread count is read when numpy
loads). Every value is a default: a tournament office that runs a
Prefect server sets PREFECT_API_URL (and may set the others) and this module steps aside.
"""

from __future__ import annotations

import os
from collections.abc import Callable, MutableMapping
from pathlib import Path
from urllib.parse import urlsplit

__all__ = [
    "MATHS_THREADS",
    "PLAIN_HTTP_CA_FILE",
    "READING_MEMORY",
    "COMMAND_MALLOC_ARENAS",
    "configure_prefect",
    "few_malloc_arenas",
    "keep_freed_memory",
    "late_api_message",
    "one_maths_thread",
    "prefect_defaults",
    "prefect_home",
    "trust_no_authority_on_plain_http",
]

_DEFAULTS = {
    # No telemetry: DO_NOT_TRACK stops Prefect's SDK analytics (and its first-run notice),
    # which start when ``prefect`` is imported; the server's own analytics have a setting.
    "DO_NOT_TRACK": "1",
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    "PREFECT_SERVER_ALLOW_EPHEMERAL_MODE": "true",
    # Prefect logs a failed task with its traceback at ERROR; bridgescan reports every
    # problem itself, located, so Prefect speaks only when it cannot go on.
    "PREFECT_LOGGING_LEVEL": "CRITICAL",
    "PREFECT_LOGGING_LOG_PRINTS": "false",
    "PREFECT_UI_ENABLED": "false",
    "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS": "120",
}

#: One thread for the maths libraries, in every process that reads pages (the commands, Dask's
#: workers, the test processes): set before numpy and Tesseract load.
MATHS_THREADS = {
    # Tesseract's OpenMP threads fight our own parallelism: measured 1.35 s -> 0.21 s a slip.
    "OMP_THREAD_LIMIT": "1",
    # One BLAS thread, as Dask workers have: the same page then gives the same readings on
    # every runner (several BLAS threads sum in another order, and a near-tie between two
    # candidate readings can fall the other way). Pages are read in parallel instead.
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
    # OpenCV's own thread pool (read when it is first used, so it may follow cv2's import):
    # a page's resizes and warps split over the pool while two reading threads each do the
    # same made 1.5% more CPU a page (36 pages on two threads, 2026-11-29), and the pages are
    # read in parallel already.
    "OPENCV_FOR_THREADS_NUM": "1",
}


#: glibc's malloc in a reading process (read from the environment as the process starts, so
#: given to each as it is started): a page's freed arrays kept for the next page. By default
#: glibc maps anew any array at least as large as the largest it has given back, and hands
#: the heap's top back once it is twice that, so a colour 300 dpi PNG (26 MB of pixels)
#: faults in fresh memory again every few clean pages (8,500-12,000 page faults, 20-44 ms
#: of system CPU such a page). Arrays up to 32 MiB (glibc's largest threshold on 64 bits)
#: come from the heap, whose top is handed back only past 1 GiB: 40 TEST pages each of
#: clean, pencil and noisy read in one process, 146,028 -> 30,293 faults, 0.70 -> 0.20 s of
#: system CPU, peak RSS 325 -> 310 MB (2026-11-30, `benchmarks/reader_memory.py`).
READING_MEMORY = {
    "MALLOC_MMAP_THRESHOLD_": str(32 * 1024 * 1024),
    "MALLOC_TRIM_THRESHOLD_": str(1024 * 1024 * 1024),
}


#: glibc's malloc arenas in a batch command that reads no page itself (its pages are read by
#: processes of its own or Dask's): glibc gives each new thread an arena of its own, up to
#: eight per core, and the command's threads (Prefect's, the planner, one per chunk in
#: flight) each keep their arena's freed memory. Two: at the 1,000-slip day's peak the
#: command held 299-304 MB (PSS) against 347-353 MB, for the same CPU (30.3-31.1 s against
#: 30.2 s; 2026-11-30, docs/batch.md "Progress and memory").
COMMAND_MALLOC_ARENAS = 2
# mallopt's parameter numbers (glibc's malloc.h)
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD, _M_ARENA_MAX = -1, -3, -8


def few_malloc_arenas() -> bool:
    """At most ``COMMAND_MALLOC_ARENAS`` malloc arenas in this process from now on (call it
    before the threads start: an arena once made stays); whether it was set. Not on a C
    library other than glibc, nor when ``MALLOC_ARENA_MAX`` is set (the director's wins)."""
    if os.environ.get("MALLOC_ARENA_MAX"):
        return False
    mallopt = _glibc_mallopt()
    return mallopt is not None and bool(mallopt(_M_ARENA_MAX, COMMAND_MALLOC_ARENAS))


def _glibc_mallopt() -> Callable[[int, int], int] | None:
    """glibc's ``mallopt``; None on another C library (macOS, musl has none)."""
    import ctypes

    try:
        return ctypes.CDLL(None).mallopt
    except AttributeError:
        return None


_MALLOPT_OF = {"MALLOC_TRIM_THRESHOLD_": _M_TRIM_THRESHOLD,
               "MALLOC_MMAP_THRESHOLD_": _M_MMAP_THRESHOLD}  # fmt: skip


def keep_freed_memory() -> bool:
    """``READING_MEMORY`` in this process from now on, for a command that reads its pages
    itself (``scan read``): glibc reads the variables only as a process starts, so they are
    given to it here with ``mallopt``, as glibc gives them (a threshold set either way is
    fixed). A lossless 300 dpi PNG then no longer faults in fresh memory page after page:
    a fresh ``scan read`` of 27 TEST clean pages, 127,889 -> 45,266 page faults and 5.95
    -> 5.74 s of CPU (0.42 -> 0.22 s of it the system's; medians of 5 side by side, load
    7, 2026-11-30); 27 noisy or pencil pages (two PNGs), the same CPU. A variable set in
    the environment wins (glibc has read it); whether both were set here. Not on a C
    library other than glibc."""
    mallopt = _glibc_mallopt()
    if mallopt is None:
        return False
    set_here = [name for name, value in READING_MEMORY.items()
                if not os.environ.get(name) and mallopt(_MALLOPT_OF[name], int(value))]  # fmt: skip
    return len(set_here) == len(READING_MEMORY)


def configure_prefect(home: Path | None = None) -> None:
    """Set Prefect's environment defaults (idempotent; explicit settings win)."""
    if home is not None:
        os.environ.setdefault("PREFECT_HOME", str(home))
    prefect_defaults(os.environ)
    one_maths_thread()


def prefect_home() -> Path:
    """Prefect's home folder: ``PREFECT_HOME``, else Prefect's default ``~/.prefect``."""
    return Path(os.environ.get("PREFECT_HOME") or "~/.prefect").expanduser()


def prefect_defaults(environment: MutableMapping[str, str]) -> None:
    """Prefect's settings for bridgescan in ``environment`` where it has none of its own
    (``configure_prefect`` on this process's; the standing runner on a client's, to see
    whether the client's Prefect would be its own: pipeline/cli/runner/request.py)."""
    for name, value in _DEFAULTS.items():
        environment.setdefault(name, value)


#: What Prefect's API clients are given to trust when the API is plain HTTP on this machine:
#: one self-signed certificate whose private key was thrown away as it was made (``openssl
#: req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout /dev/null
#: -subj "/O=bridgescan/CN=plain-HTTP Prefect API: no authority" -days 36500``): it vouches
#: for no server.
PLAIN_HTTP_CA_FILE = Path(__file__).with_name("plain_http_ca.pem")
_LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def trust_no_authority_on_plain_http(environment: MutableMapping[str, str] | None = None) -> None:
    """Prefect's API clients load a list of certificate authorities each (its client, its
    sync client and its events worker's client, every flow run: ``PREFECT_API_SSL_CERT_FILE``,
    else ``SSL_CERT_FILE``, else certifi's bundle of some 140), 40-70 ms of CPU apiece at
    load 11 (docs/batch.md), for a TLS connection a plain-HTTP API never opens. When the API
    chosen (``PREFECT_API_URL``) is plain HTTP on this machine (this command's temporary
    API, ``bridgescan prefect start``'s server) they are given ``PLAIN_HTTP_CA_FILE``
    instead, loaded in a millisecond. A ``PREFECT_API_SSL_CERT_FILE`` set by the user wins,
    and an ``https`` API or one on another machine keeps Prefect's choice, so a redirect to
    TLS elsewhere is verified as before. Call once the API is chosen, before Prefect is
    imported (it reads its settings then). ``environment``: this process's by default."""
    environment = os.environ if environment is None else environment
    address = urlsplit(environment.get("PREFECT_API_URL", ""))
    if address.scheme == "http" and address.hostname in _LOOPBACK:
        environment.setdefault("PREFECT_API_SSL_CERT_FILE", str(PLAIN_HTTP_CA_FILE))


def one_maths_thread() -> None:
    """One BLAS/OpenMP thread from here on (idempotent; explicit settings win)."""
    for name, value in MATHS_THREADS.items():
        os.environ.setdefault(name, value)


def late_api_message(error: RuntimeError) -> str | None:
    """What to tell the person when Prefect's temporary local API did not start in time
    (a machine too busy, not a bug and not the input: nothing was done, and the same
    command can simply be run again); None for any other error."""
    if "ephemeral Prefect API" not in str(error):
        return None
    waited = os.environ.get("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "120")
    return (
        f"Prefect's local API did not start within {waited} s (is the machine very busy?); "
        "nothing was read or published: run the same command again, or allow Prefect more "
        "time to start (PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS)"
    )
