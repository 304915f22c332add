"""The director's console in the browser (``bridgescan serve OUT``).

A local web app over one output folder: the review queue beside the scans' crops, the
correction form with the deadline counting down, the audit log, re-publishing, and the
results site as published. It calls the functions the command line calls and writes the
same append-only records. pipeline/web/security.py says who may change what;
pipeline/web/routes.py lists every address.
"""
