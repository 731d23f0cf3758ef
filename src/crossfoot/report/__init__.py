"""The Report every front door returns (``result``), and the estimate of how likely a wrong
figure would have passed by chance (``coincidence``). May import ``rules`` and below.
"""
