"""The main job as Prefect flows, and the plain steps they wrap.

- ``steps``: the job's steps as plain functions over the event store (keep scans, record
  readings and rows, merge the two doors, write the review queue), callable without Prefect;
- ``run_event``: the ``bridgescan-run`` flow, thin tasks around those steps (import it only
  after ``prefect_env.configure_prefect``);
- ``score_files``: the spreadsheet path without Prefect (``bridgescan score``);
- ``prefect_env``: Prefect's embedded defaults (ephemeral API, no server, no telemetry).
"""

from pipeline.flows.prefect_env import configure_prefect

# Whoever imports the flows gets Prefect's embedded defaults first (telemetry off, no
# traceback logging), so no entry point can import Prefect with its own defaults.
configure_prefect()
