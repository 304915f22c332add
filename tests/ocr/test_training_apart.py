"""The shipped reader stands without the training side (ocr/training/, the `train` extra)."""

import subprocess
import sys

CHECK = """
import sys
import ocr.reader
from ocr.reader import ScanReader
ScanReader()
loaded = sorted(m for m in sys.modules if m.startswith(("ocr.training", "sklearn", "PIL")))
print(",".join(loaded))
"""


def test_the_reader_imports_no_training_code_and_no_scikit_learn() -> None:
    done = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
