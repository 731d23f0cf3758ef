"""Check many answers on every core: :func:`check_many` streams items in and results out, in order.

An item is a mapping with the fields of an ``eval`` case line:

- ``output`` (or ``answer``): the answer text;
- exactly one of ``sources`` (checked with :class:`crossfoot.Checker`), ``rows`` or ``results``
  (checked with :func:`crossfoot.trace`);
- optional ``question``, ``options`` (keyword options for that call), and ``name`` / ``id``,
  ``expect``, ``note``, ``meta``, which are carried but not checked.

Results come back in input order, one :class:`ItemResult` per item. The input is read lazily and
only a bounded number of chunks is in flight, so memory stays flat however long the input is.
Items whose sources and options are equal (the same JSON, key order included) share one
:class:`~crossfoot.Checker` per worker process: the sources are indexed once, not once per
answer. A bad item becomes a result that carries its error (``passed`` is False: fail closed)
and the run goes on.

>>> src = [{"id": "R1", "fields": {"revenue": 3_214_000_000}}]
>>> items = [
...     {"output": "Revenue was $3.2bn [R1].", "sources": src},
...     {"output": "Revenue was $4bn [R1].", "sources": src},
...     {"output": "no sources"},
... ]
>>> [(r.index, r.passed, r.ungrounded) for r in check_many(items, workers=1)]
[(0, True, []), (1, False, ['$4bn']), (2, False, [])]
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sys
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from . import Checker, Report

__all__ = [
    "AUTO_POOL_MIN",
    "FIELDS",
    "Invalid",
    "ItemResult",
    "check_many",
    "default_workers",
    "map_in_order",
    "warm_up",
    "workers_for",
]

T = TypeVar("T")
R = TypeVar("R")

#: Fields an item may have; any other key is an error naming it (a typo must not pass silently).
FIELDS = frozenset(
    {"name", "id", "output", "answer", "sources", "rows", "results", "question", "options"}
    | {"expect", "note", "meta"}
)
_GIVEN = ("sources", "rows", "results")
# Checkers kept per worker process. Enough for the sources a log interleaves; bounded, so a stream
# of all-different sources cannot grow memory.
_CACHE_SIZE = 64
_CHECKERS: OrderedDict[str, Checker] = OrderedDict()
#: With ``workers=None``, inputs of at most this many items are checked in this process: two
#: workers each import the engine (about a second) before they save anything.
AUTO_POOL_MIN = 256


@dataclass(frozen=True, slots=True)
class Invalid:
    """A placeholder for an input record a reader could not turn into an item.

    Passing it to :func:`check_many` keeps the record's place in the output: its result carries
    ``message`` as the error.

    >>> next(check_many([Invalid("line 3: not valid JSON")], workers=1)).error
    'line 3: not valid JSON'
    """

    message: str
    name: str | None = None


@dataclass(frozen=True, slots=True)
class ItemResult:
    """The verdict on one item: its position, its name, ``Report.to_dict()`` or an error.

    ``passed`` is False for an item that could not be checked (fail closed); ``error`` says why.

    >>> r = ItemResult(0, "a", None, "sources: expected a list")
    >>> r.passed, r.score, r.statuses
    (False, None, [])
    """

    index: int
    name: str | None
    report: dict[str, Any] | None
    error: str | None = None
    extra: Any = field(default=None, compare=False)  # what ``check_many(extra=...)`` made

    @property
    def passed(self) -> bool:
        return self.report is not None and bool(self.report["passed"])

    @property
    def score(self) -> float | None:
        return None if self.report is None else float(self.report["score"])

    @property
    def ungrounded(self) -> list[str]:
        return [] if self.report is None else list(self.report["ungrounded"])

    @property
    def statuses(self) -> list[str]:
        """The status of every claim, in the order of the answer."""
        return [] if self.report is None else [c["status"] for c in self.report["claims"]]

    def to_dict(self, *, report: bool = True) -> dict[str, Any]:
        """A JSON-safe dict; ``report=False`` leaves out the per-claim report."""
        out: dict[str, Any] = {
            "index": self.index,
            "name": self.name,
            "passed": self.passed,
            "score": self.score,
            "ungrounded": self.ungrounded,
            "statuses": self.statuses,
            "error": self.error,
        }
        if report:
            out["report"] = self.report
        return out


def default_workers() -> int:
    """The CPUs this process may run on (the ``--workers`` default).

    >>> default_workers() >= 1
    True
    """
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def check_many(
    items: Iterable[Mapping[str, Any] | Invalid],
    *,
    workers: int | None = None,
    chunk_size: int = 32,
    start: int = 0,
    extra: Callable[[Report, Mapping[str, Any]], Any] | None = None,
    **options: Any,
) -> Iterator[ItemResult]:
    """Check every item and yield an :class:`ItemResult` per item, in input order.

    ``workers`` processes share the work (default: the CPU count, for inputs of more than
    ``AUTO_POOL_MIN`` items; ``1`` runs in this process).
    ``options`` are keyword options applied to every item under the item's own ``options``.
    Items are sent to the workers ``chunk_size`` at a time, with at most four chunks per worker
    in flight, so an endless iterator is fine. Results are numbered from ``start`` (a run that
    resumes after its first ``start`` items keeps their numbers). ``extra``, a picklable
    function, is called in the worker with each item's :class:`~crossfoot.Report` and the item;
    what it returns is the result's ``extra`` (the CLI builds its HTML report items so).

    >>> src = ["Sales were 1,200 units in 2024."]
    >>> [r.passed for r in check_many([{"output": "Sales: 1,200 units.", "sources": src}] * 3)]
    [True, True, True]
    """
    work = _Work(options, extra)
    return map_in_order(
        work, enumerate(items, start), workers=workers, chunk_size=chunk_size, initializer=warm_up
    )


def map_in_order(
    fn: Callable[[T], R],
    items: Iterable[T],
    *,
    workers: int | None = None,
    chunk_size: int = 32,
    initializer: Callable[[], object] | None = None,
) -> Iterator[R]:
    """``map(fn, items)`` on ``workers`` processes, chunked, in order, with bounded memory.

    ``fn`` must be picklable (a module-level function or an instance of a module-level class).
    With one worker, or when the whole input fits in one chunk, it runs in this process; so it
    does when ``workers`` is None (the CPU count) and the input holds at most
    ``AUTO_POOL_MIN`` items, where starting the processes would cost more than they save.

    >>> list(map_in_order(abs, [-1, 2, -3], workers=2, chunk_size=2))
    [1, 2, 3]
    """
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, got {chunk_size}")
    n = default_workers() if workers is None else workers
    if n < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    chunks = _chunks(items, chunk_size)
    head = _read_ahead(chunks, workers is None) if n > 1 else []
    if n == 1 or len(head) < 2 or (workers is None and sum(map(len, head)) <= AUTO_POOL_MIN):
        # a pool would only add its start-up time
        if initializer is not None:
            initializer()
        for chunk in chain(head, chunks):
            yield from _apply(fn, chunk)
        return
    yield from _pooled(fn, chain(head, chunks), n, initializer)


def _pooled(
    fn: Callable[[T], R],
    chunks: Iterator[list[T]],
    workers: int,
    initializer: Callable[[], object] | None,
) -> Iterator[R]:
    ctx = _context()
    pending: deque[Future[list[R]]] = deque()
    # Results leave in input order, so a slow chunk holds back the ones behind it: four chunks in
    # flight per worker keep every core busy meanwhile, and still bound the memory.
    limit = 4 * workers
    with ProcessPoolExecutor(
        workers, mp_context=ctx, initializer=_worker_start, initargs=(os.getpid(), initializer)
    ) as pool:
        try:
            for chunk in chunks:
                with _sigint_held():  # the pool may start a worker here
                    pending.append(pool.submit(_apply_list, fn, chunk))
                if len(pending) >= limit:
                    yield from pending.popleft().result()
            while pending:
                yield from pending.popleft().result()
        finally:  # a consumer that stops early (or a crash) must not leave work running
            for future in pending:
                future.cancel()


@contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold Ctrl-C back from this thread while the pool may start a worker.

    A worker inherits the signal mask of the thread that starts it (fork and spawn alike), so it
    begins with SIGINT held until :func:`_worker_start` ignores it. Without this, a Ctrl-C that
    reaches a worker before then kills it mid-start, and the pool waits for it for ever. Here a
    Ctrl-C is only delayed: another thread takes it, or it arrives when the mask is restored.
    """
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no masks (and no process groups)
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _context() -> Any:
    """How to start workers: fork on Linux when this process runs no other thread (the children
    start at once, with the engine already imported when this process has used it), else spawn.
    Forking a process that runs threads (a JVM gateway, a progress bar's monitor) can copy a lock
    another thread holds; spawn starts a clean interpreter. Either way the workers' parent is
    this process, which the watchdog in :func:`_worker_start` relies on."""
    import multiprocessing
    import threading

    if sys.platform.startswith("linux") and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _worker_start(parent: int, initializer: Callable[[], object] | None) -> None:
    # A worker waits on its task queue, whose write end it holds itself: when the parent is
    # killed (a crash, SIGKILL, the OOM killer) nothing would ever wake it. A daemon thread
    # notices the parent is gone (this process is re-parented) and ends the worker.
    import threading

    # Ctrl-C reaches the whole process group: the parent stops the run, the workers carry on
    # until it shuts the pool down (no traceback from each of them). The worker starts with
    # SIGINT held (see _sigint_held): ignored first, then let through, so none is lost mid-start.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="crossfoot-parent-watch", daemon=True).start()
    if initializer is not None:
        initializer()


def workers_for(items: int, workers: int | None, chunk_size: int = 32) -> int:
    """How many processes :func:`map_in_order` uses for ``items`` items: one when one worker is
    asked for, when the input fits in one chunk, or (``workers=None``) when it has at most
    ``AUTO_POOL_MIN`` items; else ``workers`` (the CPU count when ``None``).

    >>> workers_for(10, 2, chunk_size=32), workers_for(100, 2, chunk_size=32)
    (1, 2)
    """
    n = default_workers() if workers is None else workers
    if n == 1 or items <= chunk_size or (workers is None and items <= AUTO_POOL_MIN):
        return 1
    return n


def _read_ahead(chunks: Iterator[list[T]], auto: bool) -> list[list[T]]:
    """Two chunks, or with an automatic worker count, chunks past ``AUTO_POOL_MIN`` items."""
    head: list[list[T]] = []
    count = 0
    for chunk in chunks:
        head.append(chunk)
        count += len(chunk)
        if len(head) >= 2 and (not auto or count > AUTO_POOL_MIN):
            break
    return head


def _chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


def _apply(fn: Callable[[T], R], chunk: list[T]) -> Iterator[R]:
    for x in chunk:
        yield fn(x)


def _apply_list(fn: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [fn(x) for x in chunk]


class _Work:
    """Check one ``(index, item)`` pair; picklable, so each worker process gets a copy."""

    __slots__ = ("defaults", "extra")

    def __init__(
        self,
        defaults: dict[str, Any],
        extra: Callable[[Report, Mapping[str, Any]], Any] | None = None,
    ) -> None:
        self.defaults, self.extra = defaults, extra

    def __call__(self, pair: tuple[int, Mapping[str, Any] | Invalid]) -> ItemResult:
        index, item = pair
        if isinstance(item, Invalid):
            return ItemResult(index, item.name, None, item.message)
        if not isinstance(item, Mapping):
            msg = f"item {index}: expected a mapping with 'output' and 'sources', got "
            return ItemResult(index, None, None, msg + type(item).__name__)
        name = item.get("name", item.get("id"))
        label = None if name is None else str(name)
        where = f"item {index}" + ("" if label is None else f" ({label})")
        try:
            report = _check(item, self.defaults, where)
        except Exception as exc:  # the run goes on: a bad item is a result with its error
            from . import CrossfootError

            kind = "" if isinstance(exc, (CrossfootError, TypeError)) else type(exc).__name__
            text = str(exc) if not kind else f"{kind}: {exc}"
            text = text if text.startswith(where) else f"{where}: {text}"
            return ItemResult(index, label, None, text)
        made = self.extra(report, item) if self.extra is not None else None
        return ItemResult(index, label, report.to_dict(), extra=made)


def _check(item: Mapping[str, Any], defaults: dict[str, Any], where: str) -> Report:
    from . import CrossfootError

    unknown = sorted(str(k) for k in item if k not in FIELDS)
    if unknown:
        raise CrossfootError(
            f"{where}: unknown field {unknown[0]!r}; valid fields: {', '.join(sorted(FIELDS))}"
        )
    if "output" in item and "answer" in item:
        raise CrossfootError(f"{where}: give 'output' or 'answer', not both")
    output = item.get("output", item.get("answer"))
    if not isinstance(output, str):
        got = "missing" if output is None else type(output).__name__
        raise CrossfootError(f"{where}: field 'output' must be a string, got {got}")
    question = item.get("question")
    if question is not None and not isinstance(question, str):
        raise CrossfootError(
            f"{where}: field 'question' must be a string, got {type(question).__name__}"
        )
    own = item.get("options") or {}
    if not isinstance(own, Mapping):
        raise CrossfootError(f"{where}: field 'options' must be an object")
    given = [k for k in _GIVEN if item.get(k) is not None]
    if len(given) != 1:
        raise CrossfootError(
            f"{where}: give exactly one of 'sources', 'rows', 'results'"
            f" (got {', '.join(given) or 'none'})"
        )
    options = {**defaults, **own}
    if given[0] == "sources":
        checker = _checker(item["sources"], options)
        return checker.check(output, question=question)
    from . import trace

    return trace(
        output, item.get("rows"), results=item.get("results"), question=question, **options
    )


def _checker(sources: Any, options: dict[str, Any]) -> Checker:
    from . import Checker

    try:
        # key order kept: sources equal but for the order of their keys could be read in another
        # order (a tie broken another way), so they do not share an index
        text = json.dumps([sources, options], separators=(",", ":"))
    except (TypeError, ValueError):  # not plain JSON (a DataFrame, Source objects): no sharing
        return Checker(sources, **options)
    key = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
    checker = _CHECKERS.get(key)
    if checker is None:
        checker = Checker(sources, **options)  # raises on bad sources: nothing cached
        _CHECKERS[key] = checker
        if len(_CHECKERS) > _CACHE_SIZE:
            _CHECKERS.popitem(last=False)
    else:
        _CHECKERS.move_to_end(key)
    return checker


def warm_up() -> None:
    """Import the engine now (each worker calls it once, so the first chunk is not slower)."""
    import crossfoot

    _ = crossfoot.Checker, crossfoot.trace
