"""The front doors over the engine: ``check`` and ``Checker`` (answers against sources) and
``trace`` (answers against query result rows, with its ``policy`` presets, the filter of what is
a claim in ``trace_keep``, the row-aware checks in ``trace_checks``, and ``trace_rows``: the
result sets read, kept for the next call on rows of equal content), and the public
``extract`` (``extracting``: the number reader with a bound on how many numbers it reads).

The modules are not named after the functions they hold on purpose: a submodule
``crossfoot.check`` would shadow the public function ``crossfoot.check``. May import ``engine``
and below.
"""
