"""Scoring an event into one results model, which every publisher writes.

- ``event.score_event``: the one entry point (pairs in matchpoints or IMPs, or teams);
- ``pairs``, ``imp_pairs``, ``teams``: each kind of session; ``session_rows``: what they
  share (validation, one section, scorable rows); ``masterpoints``; ``names``;
- ``team_matches``: a team evening's tables paired into matches and scored, for ``teams``
  and ``field`` alike;
- ``model``: the published results, a module a concept (frozen records, exact numbers);
  ``views``: scored records -> that model (how each result is shown, never a matchpoint
  computed);
- ``boards``: a field's boards scored in matchpoints or IMPs, the one way ``pairs``,
  ``imp_pairs`` and ``field`` all do it;
- ``field`` (its records and options in ``field_records``): a field of lines whose entrants
  are named as another program's file names them, scored through ``boards`` (``compare``).
"""
