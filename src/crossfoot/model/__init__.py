"""The values every stage shares: the bottom layer of the pipeline.

Owns the frozen value types (``types``: Mention, SourceValue, Source, Sentence, Evidence, Claim),
the exception tree (``errors``), the sorted value index (``index``), the options of a check and
their validation (``options``), and what a rule sees and returns (``context``: ClaimContext,
Scope, Verdict). May import nothing else of crossfoot.
"""
