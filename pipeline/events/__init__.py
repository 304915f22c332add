"""Event files (``eventfile``: YAML in and out) and guide cards (``guidecards``: a club's own
movement imported from CSV/XLSX, and printable cards)."""
