"""The entry workbook's template data (columns.yaml): headers, aliases, lists, widths."""
