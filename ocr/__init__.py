"""Reading scanned travellers: alignment, marks, digits, joint decoding (knows only the form)."""
