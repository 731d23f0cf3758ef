"""What the answer's words say: sentences and citations, direction and sign, bounds, the order of
two values and a number's year, the rows a sentence names, and bars quoted from the question.

``sentences`` (split, citations), ``direction`` (rose/fell, loss words), ``order`` (from A to B,
a number's year), ``bounds`` ("more than"), ``years`` (periods of source values), ``rowtokens``,
``rowfocus``, ``rowtables``, ``rowmatch`` and ``prevsentence`` (which row a sentence names: the
wrong_row check), ``question`` (the user's bars), ``changewords`` (the words that name a change,
read by every rule that asks whether a text names one). May import ``arithmetic``, ``numbers`` and
``model``.
"""
