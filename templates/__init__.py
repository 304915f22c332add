"""Printable form layouts and the spreadsheet entry template (data, found with importlib.resources)."""
