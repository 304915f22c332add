"""The scanner door: the printed travellers (``forms``), reading a session's scans with the
movement's pre-printed pairs (``reading``), and the review queue of doubtful readings
(``review``: the items; ``review_queue``, ``review_queue_file``, ``review_sheet``,
``review_values``, ``review_checks``, ``review_decisions``, ``review_corrections``)."""
