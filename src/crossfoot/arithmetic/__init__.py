"""Written calculations: the working an answer shows ("(a − b) / b × 100 = 12%"), recomputed.

``tokens`` turns text into tokens at the mention spans, ``parse`` builds an expression tree (a
bounded recursive descent, never ``eval``), ``evaluate`` recomputes it at the stated precision,
and ``calculations`` finds every calculation of an answer. May import ``numbers`` and ``model``.
"""
