"""One thread for the maths libraries and OpenCV in every process that reads pages
(pipeline/flows/prefect_env.py, ``MATHS_THREADS``): a batch reads pages on two threads (or
two Dask workers) at once, and each page's resizes and warps must not split over OpenCV's
own pool as well."""

from __future__ import annotations

import os
import subprocess
import sys

_PROBE = (
    "from pipeline.flows.prefect_env import one_maths_thread\n"
    "one_maths_thread()\n"
    "import cv2\n"
    "print(cv2.getNumThreads())\n"
)


def _opencv_threads(env: dict[str, str]) -> int:
    done = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True,
                          text=True, timeout=120, check=True)  # fmt: skip
    return int(done.stdout.strip())


def _without_thread_settings() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.endswith(("_THREADS", "_THREADS_NUM"))}


def test_a_reading_process_gets_one_opencv_thread() -> None:
    assert (os.cpu_count() or 1) >= 2  # else OpenCV's own default is one thread already
    assert _opencv_threads(_without_thread_settings()) == 1


def test_an_explicit_opencv_setting_wins() -> None:
    assert _opencv_threads({**_without_thread_settings(), "OPENCV_FOR_THREADS_NUM": "2"}) == 2
