"""Synthetic filled-and-scanned travellers with ground truth (issue 5, item 5).

``generate_session`` prints a session's travellers (ocr/render.py), rasterises them,
fills them like players would (ocr/synthetic/fill.py) with handwriting from one side of
the TRAINING / TEST split (ocr/synthetic/sources.py), "scans" them
(ocr/synthetic/scan.py) and writes each page with a ground-truth JSON beside it
(ocr/synthetic/truth.py).
"""
