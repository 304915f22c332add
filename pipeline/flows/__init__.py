"""The main job as Prefect flows, and the plain steps they wrap.

- ``steps``: the job's steps as plain functions over the event store (keep scans, record
  readings and rows, merge the two doors, write the review queue), callable without Prefect;
- ``run_event``: the ``bridgescan-run`` flow, thin tasks around those steps (import it only
  after ``prefect_env.configure_prefect``);
- ``score_files``: the spreadsheet path without Prefect (``bridgescan score``);
- ``prefect_env``: Prefect's embedded defaults (ephemeral API, no server, no telemetry).
"""
