"""Printable form layouts and the spreadsheet entry template (data, via importlib.resources)."""
