"""The command line: ``crossfoot check | eval | trace | run`` (``app`` parses and dispatches;
one module per command; ``cases`` reads eval case files; ``common`` is the grammar every command
shares, ``output`` what every command prints: docs/cli.md). The top layer: may import anything.
"""

from crossfoot.cli.app import main

__all__ = ["main"]
