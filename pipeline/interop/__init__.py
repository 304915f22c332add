"""Interoperability: PBN and USEBIO results files in and out, deals, and ``compare``.

Modules: ``records`` (the imported session), ``pbn_syntax`` (PBN tokenizer), ``pbn``
(reader), ``pbn_writer``, ``usebio`` (reader and writer, DTD in ``usebio_1_2.dtd``),
``compare`` (re-score with bridgescan's engine and report differences), ``hands`` and
``deals`` (deal files, hand records, double-dummy via endplay). Nothing heavy is imported
here, so the CLI stays fast.
"""
