"""The two doors into the pipeline: typed travellers and scanned ones.

- ``entry``: entry workbooks and CSVs typed at the club (the spreadsheet door);
- ``scans``: printed forms, the reader's setup for a session, and the review queue;
- ``inputs``: which files of an event folder go through which door (``inputs.yaml``);
- ``session_input``: what both doors hand on, a session's rows with their import findings.
"""
