"""The grammar every command shares: how an answer is given, ``--json``, ``--report``, and the
bounds on how much is read (``--max-claims``, ``--max-source-numbers``).

An answer is ``TEXT``, ``-`` (standard input) or ``--output FILE``; files are UTF-8 (anything
else is an input error naming the file, exit 2). ``--json`` prints one JSON object a line, one per
item; ``--report FILE`` also writes the HTML page of :mod:`crossfoot.report.html`.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from crossfoot.cli.jsonfile import parse_json
from crossfoot.cli.output import read_text
from crossfoot.model.errors import CrossfootError

__all__ = [
    "add_answer_arguments",
    "add_bound_arguments",
    "add_output_arguments",
    "answer_text",
    "bounds",
    "read_json",
    "version",
    "write_report",
]


def version() -> str:
    """``crossfoot <version>``, as ``--version`` prints it."""
    from crossfoot import __version__

    return f"crossfoot {__version__}"


def add_answer_arguments(p: argparse.ArgumentParser) -> None:
    """The answer, as every command that checks one takes it: TEXT, - or --output FILE."""
    p.add_argument(
        "text", nargs="?", metavar="TEXT", help="the answer, or - to read it from standard input"
    )
    p.add_argument("--output", metavar="FILE", help="read the answer from FILE (- for stdin)")


def add_output_arguments(p: argparse.ArgumentParser) -> None:
    """``--json`` and ``--report``, the same for every command."""
    p.add_argument("--json", action="store_true", help="one JSON object a line, one per item")
    p.add_argument("--report", metavar="FILE", help="also write an HTML report to FILE")


def add_bound_arguments(p: argparse.ArgumentParser) -> None:
    """``--max-claims`` and ``--max-source-numbers``: the options ``max_claims`` and
    ``max_source_numbers`` of ``check`` and ``trace`` (docs/hostile.md), validated by them."""
    p.add_argument(
        "--max-claims", type=int, metavar="N", help="figures checked per answer (more fail it)"
    )
    p.add_argument(
        "--max-source-numbers",
        type=int,
        metavar="N",
        help="numbers read from the source texts, all together (the rest is not read)",
    )


def bounds(args: argparse.Namespace) -> dict[str, int]:
    """The bounds given on the command line, as keyword options (the defaults when absent)."""
    given = {"max_claims": args.max_claims, "max_source_numbers": args.max_source_numbers}
    return {name: value for name, value in given.items() if value is not None}


def answer_text(args: argparse.Namespace) -> tuple[str, str]:
    """The answer and its name (for output and reports) from TEXT, - or --output FILE."""
    if (args.text is None) == (args.output is None):
        raise CrossfootError(
            "give the answer once: as TEXT, as - (standard input) or with --output FILE"
        )
    if args.output is not None:
        return read_text(args.output, "answer"), "<stdin>" if args.output == "-" else args.output
    if args.text == "-":
        return read_text("-", "answer"), "<stdin>"
    return str(args.text), "answer"


def read_json(path: str, what: str) -> Any:
    """Parse a JSON file, with an error naming the file, line and column."""
    return parse_json(read_text(path, what), what, path)


def write_report(path: str, items: Sequence[dict[str, Any]], title: str) -> None:
    """The HTML page of ``items`` (:mod:`crossfoot.report.html`), or an input error naming it."""
    from crossfoot.report.html import write_html

    try:
        write_html(path, items, title, by=version())
    except OSError as exc:
        raise CrossfootError(f"--report: cannot write {path}: {exc.strerror}") from None
    print(f"crossfoot: wrote {path}", file=sys.stderr)
