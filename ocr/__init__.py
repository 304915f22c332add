"""Reading scanned travellers: alignment, mark boxes, digits, joint decoding. Knows only the form layout."""
