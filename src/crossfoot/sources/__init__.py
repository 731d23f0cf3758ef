"""Sources: everything the model was given, as indexed SourceValues with their provenance.

``load`` turns strings and records into a SourceSet; ``tables`` and ``cells`` read tables found
in text cell by cell (row, column, year, unit header); ``prose`` reads the numbers of running
text; ``rows`` and ``rows_*`` read query result rows for ``trace``. May import ``language``,
``arithmetic``, ``numbers`` and ``model``.
"""
