"""Suite-wide settings.

Hypothesis runs derandomized and without deadlines: CI machines are shared and slow, and a
property test that fails must fail on every run (the failing example is then a regression
vector), not on one run in ten.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("crossfoot", derandomize=True, deadline=None, print_blob=True)
settings.load_profile("crossfoot")
