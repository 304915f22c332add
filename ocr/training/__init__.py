"""Training-side code, apart from the reader: the synthetic scan generator and the digit
model's training. The shipped reader (``ocr.reader`` and what it imports) never imports
this package, and needs neither scikit-learn nor the handwriting fonts; install the
``train`` extra to use it (``pip install 'bridgescan[train]'``)."""
