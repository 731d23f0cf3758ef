"""Streamed runs for ``eval`` and ``run``: workers, a resumable JSON Lines file, progress, totals.

The input is read one item at a time and checked on ``--workers`` processes
(:mod:`crossfoot.batch`); each result becomes the record ``--json`` prints
(:mod:`crossfoot.cli.output`), which is counted, shown as it comes and, with ``--out FILE``,
written as one JSON line. Lines are appended a chunk at a time with one ``write`` call, so a run
killed at any point leaves whole lines (a torn last line at worst, which ``--resume`` cuts off).
``--resume`` reads the lines already there, checks that they were written from the same input,
counts them into the totals, skips that many items and appends the rest: the finished file is the
one an uninterrupted run writes.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from crossfoot.batch import AUTO_POOL_MIN, workers_for
from crossfoot.cli.output import Tally
from crossfoot.model.errors import CrossfootError

__all__ = [
    "JsonLinesOutput",
    "OutputError",
    "add_stream_arguments",
    "check_stream_arguments",
    "interrupted",
    "open_output",
    "progress",
    "resume_after",
    "run_stream",
    "stream_failed",
    "workers_used",
]

T = TypeVar("T")
R = TypeVar("R")


class OutputError(CrossfootError):
    """An output file that cannot be written, or resumed from (names the file and the line)."""


class JsonLinesOutput:
    """A JSON Lines file appended one chunk at a time (see the module docstring).

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "out.jsonl")
    >>> out = JsonLinesOutput(path, resume=False)
    >>> out.write([{"index": 0}, {"index": 1}]); out.close()
    >>> JsonLinesOutput(path, resume=True).done
    2
    """

    def __init__(self, path: str | Path, *, resume: bool) -> None:
        self.path = Path(path)
        self.done = 0
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND
        if resume and self.path.exists():
            self._cut_torn_line()
        else:
            flags |= os.O_TRUNC
        try:
            self._fd = os.open(self.path, flags, 0o644)
        except OSError as exc:
            raise OutputError(f"--out: cannot write {self.path}: {exc.strerror}") from None
        self.lines = self.done  # whole lines in the file, written ones included
        self._size = os.fstat(self._fd).st_size
        self._batch: tuple[int, int] | None = None  # (end, lines) of a write under way

    def records(self) -> Iterator[dict[str, Any]]:
        """The records already in the file (read again, one line at a time)."""
        if not self.done:
            return
        with self.path.open("rb") as fh:
            for number, raw in enumerate(fh, 1):
                if number > self.done:
                    return
                try:
                    record = json.loads(raw)
                except ValueError:
                    raise OutputError(
                        f"{self.path}, line {number}: not a JSON line this command wrote; "
                        "cannot resume from it (remove it, or run without --resume)"
                    ) from None
                if not isinstance(record, dict) or record.get("index") != number - 1:
                    raise OutputError(
                        f"{self.path}, line {number}: expected the record with index "
                        f"{number - 1}; cannot resume from this file"
                    )
                yield record

    def write(self, records: Iterable[dict[str, Any]]) -> None:
        """Append ``records`` as JSON lines with one ``write`` call."""
        data = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode()
        start, count = self._size, data.count(b"\n")
        # Ctrl-C during the write is raised as soon as os.write returns, before this method's
        # own counts are kept: the batch is noted first, and settle() reads the file to see
        # whether it landed.
        self._batch = (start + len(data), count)
        view = memoryview(data)
        try:
            while view:  # a regular file takes it whole; the loop only guards a short write
                view = view[os.write(self._fd, view) :]
        except OSError as exc:
            raise OutputError(f"--out: cannot write {self.path}: {exc.strerror}") from None
        self._size, self.lines, self._batch = start + len(data), self.lines + count, None

    def settle(self) -> None:
        """After a write stopped part way (Ctrl-C): count its batch if the file holds all of
        it, else cut the file back to the lines before it."""
        if self._batch is None:
            return
        (end, count), self._batch = self._batch, None
        if os.fstat(self._fd).st_size >= end:
            self._size, self.lines = end, self.lines + count
        else:
            os.ftruncate(self._fd, self._size)

    def close(self) -> None:
        os.close(self._fd)

    def _cut_torn_line(self) -> None:
        # A run killed mid-write can leave part of a line; everything after the last newline goes.
        size = self.path.stat().st_size
        with self.path.open("rb+") as fh:
            keep = size
            while keep > 0:
                step = min(65536, keep)
                fh.seek(keep - step)
                cut = fh.read(step).rfind(b"\n")
                if cut >= 0:
                    keep = keep - step + cut + 1
                    break
                keep -= step
            fh.truncate(keep)
            fh.seek(0)
            self.done = sum(1 for _ in fh)


def add_stream_arguments(p: argparse.ArgumentParser) -> None:
    """``--workers``, ``--chunk-size``, ``--out``, ``--resume``, ``--brief``, ``--no-progress``."""
    p.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help=f"processes to check on (default: the CPU count, above {AUTO_POOL_MIN} items)",
    )
    p.add_argument(
        "--chunk-size",
        type=int,
        default=32,
        metavar="K",
        help="items sent to a worker at a time, and lines written at a time (default 32)",
    )
    p.add_argument("--out", metavar="FILE", help="also write each item's JSON record to FILE")
    p.add_argument(
        "--resume",
        action="store_true",
        help="continue a stopped run: keep the lines already in --out FILE, check the rest",
    )
    p.add_argument("--brief", action="store_true", help="leave the per-item report out of --out")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def check_stream_arguments(args: argparse.Namespace) -> int | None:
    """Validate the stream options; return ``--workers`` (None: the CPU count, for inputs
    large enough to gain from it)."""
    if args.workers is not None and args.workers < 1:
        raise CrossfootError(f"--workers must be at least 1, got {args.workers}")
    if args.chunk_size < 1:
        raise CrossfootError(f"--chunk-size must be at least 1, got {args.chunk_size}")
    if args.resume and not args.out:
        raise CrossfootError("--resume needs --out FILE: the file the stopped run was writing")
    workers: int | None = args.workers
    return workers


def open_output(args: argparse.Namespace, tally: Tally) -> tuple[JsonLinesOutput | None, Any]:
    """The ``--out`` file (None without one) and the name in its last line; with ``--resume``
    the lines already there are counted into ``tally``."""
    if not args.out:
        return None, None
    output = JsonLinesOutput(args.out, resume=args.resume)
    last = None
    for rec in output.records():
        tally.add(rec)
        last = rec.get("name")
    return output, last


def resume_after(
    named: Iterable[tuple[str, T]], done: int, last_name: Any, what: str
) -> Iterator[T]:
    """The items after the first ``done`` of ``named`` (``(name, item)`` pairs), checking that
    item ``done`` has the name the output's last line has."""
    k = -1
    for k, (name, item) in enumerate(named):
        if k >= done:
            yield item
        elif k == done - 1 and name != last_name:
            raise OutputError(
                f"cannot resume: the output's last line is {last_name!r}, but item {done} of "
                f"{what} is {name!r}; was the output written from another input?"
            )
    if k < done - 1:
        raise OutputError(f"cannot resume: the output holds {done} lines but {what} only {k + 1}")


def progress(unit: str, enabled: bool) -> Any:
    """A tqdm bar on stderr when it is a terminal and tqdm is installed, else ``None``."""
    if not enabled or not sys.stderr.isatty():
        return None
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    tqdm.monitor_interval = 0  # no monitor thread: the workers can then be forked (batch)
    return tqdm(unit=f" {unit}", file=sys.stderr, dynamic_ncols=True, smoothing=0.1)


def run_stream(
    results: Iterable[R],
    *,
    chunk_size: int,
    record: Callable[[R], dict[str, Any]],
    show: Callable[[R, dict[str, Any]], None],
    output: JsonLinesOutput | None,
    tally: Tally,
    bar: Any = None,
    brief: bool = False,
) -> Tally:
    """Turn each result into its record, then count, show and (with ``output``) write it,
    ``chunk_size`` lines per ``write``; ``brief`` leaves ``report`` out of the written line."""
    pending: list[dict[str, Any]] = []
    try:
        for result in results:
            rec = record(result)
            tally.add(rec)
            show(result, rec)
            if bar is not None:
                bar.update(1)
            if output is not None:
                pending.append({k: v for k, v in rec.items() if k != "report"} if brief else rec)
                if len(pending) >= chunk_size:
                    output.write(pending)
                    pending.clear()
        if output is not None and pending:
            output.write(pending)
            pending.clear()
    finally:
        if bar is not None:
            bar.close()
        if output is not None:
            _close(output, pending)
            tally.written = output.lines
    return tally


def stream_failed(exc: OSError) -> OutputError:
    """An OSError out of a stream that is not --out's (those are already OutputErrors), such as
    standard output on a full disk, worded the same by every command."""
    return OutputError(f"cannot write the results: {exc.strerror or exc}")


def _close(output: JsonLinesOutput, pending: list[dict[str, Any]]) -> None:
    # Stopped early (Ctrl-C, a worker lost): the records already made are whole and in order,
    # so they are kept, and the file's line count equals the totals.
    # A record is written once: a batch that landed as Ctrl-C arrived is not written again
    # (each record's "index" is its line in the file).
    try:
        output.settle()
        rest = [r for r in pending if r.get("index", output.lines) >= output.lines]
        if rest:
            output.write(rest)
    except (OSError, OutputError):
        pass  # the error that stopped the run is the one to report
    finally:
        output.close()


def interrupted(args: argparse.Namespace, tally: Tally) -> int:
    """Say where a run stopped by Ctrl-C stands; return the shell's code for SIGINT (130)."""
    held = tally.items if tally.written is None else tally.written
    where = f"; {args.out} holds {held} lines: add --resume to go on" if args.out else ""
    print(f"\ncrossfoot: interrupted after {tally.items} items{where}", file=sys.stderr)
    return 130


def print_timing(
    verb: str,
    noun: str,
    checked: int,
    resumed: int,
    seconds: float,
    workers: int | None,
    chunk_size: int,
    rate_digits: int = 0,
) -> None:
    """The closing time line on stderr: "crossfoot: checked 49 answers in 0.2s on 1 worker,
    231 answers/s"."""
    rate = f", {checked / seconds:.{rate_digits}f} {noun}/s" if seconds > 0 and checked else ""
    again = f" after {resumed} resumed" if resumed else ""
    print(
        f"crossfoot: {verb} {checked} {noun}{again} in {seconds:.1f}s on "
        f"{workers_used(workers, checked, chunk_size)}{rate}",
        file=sys.stderr,
    )


def workers_used(workers: int | None, items: int, chunk_size: int) -> str:
    """``"N workers"`` as :func:`crossfoot.batch.map_in_order` chose for ``items`` items."""
    n = workers_for(items, workers, chunk_size)
    return f"{n} worker{'s' if n != 1 else ''}"
