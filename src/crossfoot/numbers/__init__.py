"""Reading numbers: every number of a text as a Mention (value, kind, currency, scale, sign,
range, stated precision).

``extract`` scans a text for digit cores and number words (``cores``, ``words``), ``reading``
reads one number outwards from its core in stages (what is written before the digits in
``prefix``), with the patterns of ``patterns`` and the context checks of ``context``; ``num`` is
the number while it is read. ``fast`` reads a plain number (its neighbours start and end nothing
a stage of ``reading`` reads) without them. May import ``model`` only.
"""
