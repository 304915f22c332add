"""Interoperability: PBN and USEBIO results files in and out, deals, and ``compare``.

Modules: ``records`` (the imported session), ``pbn_syntax`` (PBN tokenizer), ``pbn``
(reader), ``pbn_writer``, ``usebio`` (reader and writer, DTD in ``usebio_1_2.dtd``),
``formats`` (either format by content), ``convert`` (to and from ``TravellerRow``),
``score`` (an imported session through the results engine,
``pipeline.results.field``), ``compare`` with ``differences``
and ``reasons`` (what differs beyond rounding, and why), ``hands`` and ``deals`` (deal
files, hand records, double-dummy via endplay), ``cells`` (single-cell notation).
Nothing heavy is imported here, so the CLI stays fast.
"""
