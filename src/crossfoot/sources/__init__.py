"""Sources: everything the model was given, as indexed SourceValues with their provenance.

``load`` turns strings and records into a SourceSet (``fields``: a record's fields and given
tables). Tables are one model for every format: ``tables.find_tables`` finds them in a text with
one reader per format (``table_json``, ``table_records``, ``table_html``, ``table_pipe``,
``table_text``), each giving a grid (``table_grid.TextTable``); ``table_header`` and
``table_read`` read every grid the same way (header block, labels, years, units) and ``cells``
reads one cell, a label's year (``table_dates``: "12/31/01") and unit headers. ``prose`` reads
the numbers of running text; ``rows`` and ``rows_*`` read query result rows for ``trace``. May
import ``language``, ``arithmetic``, ``numbers`` and ``model``.
"""
