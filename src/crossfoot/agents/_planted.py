"""Values of a call that instructions planted in a tool result ask for (see :mod:`._injection`).

The context store keeps the passages of every tool result that address the agent; before a call
runs, each of its values is looked up in them. A value the user typed too is the user's request
and passes; a word value counts only when the passages are the only place showing it.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from crossfoot.agents._calls import shown
from crossfoot.agents._context import ContextStore
from crossfoot.agents._findings import Finding, ValueCheck
from crossfoot.agents._injection import Passage, count_words, has_words
from crossfoot.agents._keys import fold
from crossfoot.agents._ranges import contains
from crossfoot.agents._values import ArgValue, compact, plain_path

__all__ = ["check_injected"]

_NOT_PLANTED = "not from an instruction inside a tool result"


def check_injected(
    store: ContextStore,
    values: Iterable[ArgValue],
    step: int,
    checks: list[ValueCheck],
    findings: list[Finding],
    action: str,
) -> None:
    """An ``injected`` finding for each value of a call that a planted passage holds and the user
    did not type; the value's check is marked not allowed."""
    for v in values:
        passage = _planted_in(store.passages, v)
        if passage is None or _typed_by_user(store, v):
            continue
        if v.kind == "text" and _shown_elsewhere(store, fold(str(v.raw).lower().strip())):
            continue
        plain, written = plain_path(v.path), shown(v.raw)
        at = store.at[passage.src]
        findings.append(
            Finding(
                "injected",
                action,
                step,
                plain,
                f"{plain}={written} is asked for by instructions to the agent inside {at}",
            )
        )
        for i in range(len(checks) - 1, -1, -1):
            c = checks[i]
            if c.step == step and c.where == plain and c.value == written:
                checks[i] = c._replace(allowed=False, rule=_NOT_PLANTED)
                break
        else:
            checks.append(ValueCheck(step, plain, written, v.kind, True, at, _NOT_PLANTED, False))


def _planted_in(passages: list[Passage], v: ArgValue) -> Passage | None:
    kind, key = v.kind, v.key
    for p in passages:
        t = p.tokens
        if kind == "id":
            hit = key in t.tokens or compact(key) in p.compact
            hit = hit or (key.isdecimal() and key in t.numbers)
        elif kind == "email":
            hit = key in t.emails
        elif kind == "url":
            hit = key in t.urls
        elif kind == "date":
            d = date.fromordinal(key)
            hit = key in t.days or (d.month, d.day) in t.yearless
            hit = hit or any(contains(r, d) for r in p.ranges)
        elif kind in ("amount", "count"):
            hit = v.checked and v.nkey in t.numbers
        elif kind == "percent":
            hit = v.nkey in t.percents or v.nkey in t.numbers
        elif kind == "phone":
            hit = key in t.runs
        else:  # a name, a title, a password: the whole value, as words of the passage
            needle = fold(str(v.raw).lower().strip())
            hit = len(needle) >= 3 and has_words(p.text, needle)
        if hit:
            return p
    return None


def _shown_elsewhere(store: ContextStore, needle: str) -> bool:
    """Whether a word value (a channel, a hotel name) shows outside the planted passages too.

    A word is weak evidence: a name the passage mentions is usually also the data a clean tool
    result listed. It counts as planted only when the passages are the only place showing it.
    An id, email, URL, date or amount is specific: instructions that name it are followed when
    it is used, even if it shows elsewhere (an attacker names a real file to delete).
    """
    planted = sum(count_words(p.text, needle) for p in store.passages)
    seen = sum(
        count_words(s.text, needle) for s in store.sources if s.channel in ("tool", "system")
    )
    return seen > planted


def _typed_by_user(store: ContextStore, v: ArgValue) -> bool:
    """Whether the user wrote the value too: then the user asked for it, whoever else did."""
    if v.kind == "date":
        d = date.fromordinal(v.key)
        return (
            v.key in store.days.chans.get("user", ())
            or (d.month, d.day) in store.yearless.chans.get("user", ())
            or any(contains(r, d) for r, _ in store.ranges)
        )
    if v.kind in ("amount", "count", "percent"):
        return v.nkey in store.numbers.chans.get("user", ())
    needle = fold(str(v.raw).lower().strip())
    return any(s.channel == "user" and needle in s.text for s in store.sources)
