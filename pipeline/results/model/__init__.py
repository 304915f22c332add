"""The published results of an event, as the workbook, the JSON and the site show them.

These frozen records are what ``pipeline.results`` hands to the writers: every number is
already scored (by ``scoring/``) and every place already decided, so the workbook, the JSON
and the masterpoint CSV are three views of one record and can never disagree. Numbers are
exact ``Fraction`` values; rounding happens only when a writer formats them. A module a
concept, each imported from where it is defined:

- ``event``: ``EventResults``, the one record of an event, with the totals over its sessions
  (``LeveledStanding``), the masterpoint ``Award`` lines and the event store's ``StoreHead``;
- ``sessions``: a session's boards, traveller lines and ranking (``SessionView``), and a
  player as printed (``PlayerView``);
- ``teams``, ``paul_jones``, ``individual``, ``handicap``: each form's own ranking;
- the findings as shown and the publication status live beside the rules that decide the
  status (``pipeline.results.status``), the publication and its corrections beside
  (``pipeline.results.publication``).
"""
