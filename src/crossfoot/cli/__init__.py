"""TODO"""

from crossfoot.cli.app import main

__all__ = ["main"]
