"""The command line: ``crossfoot check | eval | trace | run`` (``app`` parses and dispatches;
one module per command; ``cases`` reads eval case files). The top layer: may import anything.
"""

from crossfoot.cli.app import main

__all__ = ["main"]
