"""The scanner door: the printed travellers (``forms``), reading a session's scans with the
movement's pre-printed pairs (``reading``), and the review queue of doubtful readings
(``review``)."""
