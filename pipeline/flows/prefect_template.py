"""This installation's Prefect database template made beforehand, in a process of its own::

    .venv/bin/python -m pipeline.flows.prefect_template

Prefect's API process makes the template itself when a new home finds none
(pipeline/flows/prefect_database.py, which runs there by its path, without bridgescan's
packages); this makes it first: for an installation its users cannot write to, and for the
tests and the benchmark, which want it made before they start or time an API. The build
runs in a new interpreter that loads prefect_database.py by its path and imports Prefect's
server as the API process does (``build_template``), with a Prefect that reads no setting
of the user's.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from pipeline.flows import prefect_database
from pipeline.flows.prefect_database import installation_key, template_description, template_path

__all__ = ["make_template"]

#: The file the build's interpreter runs by its path, as Prefect's API process does.
_BY_PATH = Path(prefect_database.__file__)


def make_template(folder: Path | None = None, say: Any = print) -> Path:
    """This installation's template, made now when it is missing (``say`` gets one line
    then; about 13 s of CPU, Prefect's server imported for it): ``python -m
    pipeline.flows.prefect_template``, the tests and the benchmark. In a process of its own
    whose Prefect reads no setting of the user's (its home a scratch folder, no
    ``PREFECT_*`` variable, its working folder that scratch folder)."""
    key = installation_key()
    target = template_path(key, folder)
    if template_description(target) is not None:
        return target
    say(f"making Prefect {key['prefect']}'s database template in {target.parent} (once)")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".scratch-") as scratch:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
        env.update(PREFECT_HOME=scratch, DO_NOT_TRACK="1")
        code = (
            "import sys; from importlib.util import spec_from_file_location, module_from_spec; "
            f"spec = spec_from_file_location('bridgescan_prefect_database', {str(_BY_PATH)!r}); "
            "module = module_from_spec(spec); spec.loader.exec_module(module); "
            "import prefect.server.api.server; from pathlib import Path; "  # as in the API
            "module.build_template(Path(sys.argv[1]))"
        )
        subprocess.run([sys.executable, "-P", "-c", code, str(target)], env=env, cwd=scratch,
                       check=True, stdin=subprocess.DEVNULL)  # fmt: skip
    return target


if __name__ == "__main__":
    make_template(say=lambda line: print(line, file=sys.stderr, flush=True))
