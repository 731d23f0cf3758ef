"""The step search's float prefilter (issue 19, speed12) skips only what the search would skip.

``rules._steps_reach.out_of_reach`` says a claim is out of reach of every formula over its pool
of grounded figures; ``rules.steps`` then returns before the pair search. The claim it makes is
sharp: when it says True, the search (run anyway) calls the Decimal arithmetic ``_try`` for no
pair. That is checked at the moment of every call on hypothesis answers that state two to four
figures of their sources and then a result of one formula over two of them (change, % change,
difference, sum, mean, share, ratio, product, pp and bps), moved by up to a few per cent, in
the stated unit, across a dropped or a different scale word, as a bound ("more than"). The
reports with and without the prefilter are equal too. A prefilter without the rounding slack,
without the reading across a dropped unit, or missing a formula is caught by the same property.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

import crossfoot.rules._steps_reach as reach
import crossfoot.rules.steps as steps
from crossfoot import check, trace
from crossfoot.model.context import ClaimContext

_Case = tuple[str, Any, bool]  # (answer, sources or rows, True: trace)

_REAL = reach.out_of_reach
_FORMULAS = ("pct", "diff", "sum", "mean", "share", "ratio", "prod", "pp", "bps")


def _result(kind: str, a: float, b: float) -> tuple[float, str] | None:
    """A formula over the figures ``a`` then ``b``, and the unit its claim is written in."""
    if (kind == "pct" and a == 0) or (kind in ("share", "ratio") and b == 0):
        return None
    if kind == "pct":
        return (b - a) / abs(a) * 100, "%"
    if kind == "share":
        return a / b * 100, "%"
    if kind == "ratio":
        return a / b, "x"
    if kind == "diff":
        return b - a, ""
    if kind == "sum":
        return a + b, ""
    if kind == "mean":
        return (a + b) / 2, ""
    if kind == "prod":
        return a * b, ""
    if kind == "pp":
        return b - a, " percentage points"
    return (b - a) * 100, " basis points"


@st.composite
def step_cases(draw: st.DrawFn) -> _Case:
    percent_figs = draw(st.booleans())
    n = draw(st.integers(2, 4))
    pool = st.one_of(
        st.integers(-500, 5000), st.sampled_from([0, 1, 10, 100, 250, 1000, -1000, 1200])
    )
    values = [draw(pool) for _ in range(n)]
    scale = draw(st.sampled_from(["", " million", " billion"]))
    money = "" if percent_figs else draw(st.sampled_from(["", "$"]))
    unit = "%" if percent_figs else scale
    years = [2015 + i for i in range(n)]
    facts = " ".join(
        f"In {y} sales were {money}{v:,}{unit}." for y, v in zip(years, values, strict=True)
    )
    stated = ", ".join(f"{money}{v:,}{unit} in {y}" for y, v in zip(years, values, strict=True))
    i, j = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
    kind = draw(st.sampled_from(_FORMULAS))
    got = _result(kind, float(values[i]), float(values[j]))
    if got is None:
        got = (float(values[i]), "")
    r, claim_unit = got
    r *= draw(st.sampled_from([1, 1, 1.004, 0.996, 1.009, 0.991, 1.012, 0.988, 1.05, 2, -1]))
    r += draw(st.sampled_from([0, 0, 0.04, -0.04, 0.5, -0.6, 3]))
    digits = draw(st.sampled_from([0, 1, 2]))
    if claim_unit in ("%", "x", " percentage points", " basis points"):
        written = f"{r:,.{digits}f}{claim_unit}"
    else:
        claim_scale = draw(st.sampled_from([unit, unit, "", " million", " billion"]))
        written = f"{money}{r:,.{digits}f}{claim_scale}"
    word = draw(st.sampled_from(["a change of", "more than", "about", "a total of", "the", ""]))
    # A second figure that matches nothing, on the same pool.
    other = draw(st.sampled_from(["", " We also saw 9,871 visits.", " Costs were 3.3%."]))
    tail = f"That is {word} {written}.{other}"
    if draw(st.booleans()):
        rows = [{"name": f"item {k + 1}", "sales": v} for k, v in enumerate(values)]
        listed = ", ".join(f"item {k + 1} had {v:,}" for k, v in enumerate(values))
        return f"{listed}. {tail}", rows, True
    return f"Sales were {stated}. {tail}", [facts], False


def _report(case: _Case) -> dict[str, Any]:
    text, source, traced = case
    got: dict[str, Any] = (trace(text, source) if traced else check(text, source)).to_dict()
    return got


@contextmanager
def _checked(prefilter: Callable[..., bool], misses: list[str]) -> Iterator[None]:
    """``prefilter`` in the rule's place; each time it says True, the search (run anyway, its
    Decimal step recorded) must try no pair: else the claim goes into ``misses``."""
    real_try = steps._try

    def gate(ctx: ClaimContext, figs: list[Any]) -> bool:
        skip = prefilter(ctx, figs)
        if skip:
            tried: list[int] = []

            def counting(*args: Any) -> Any:
                tried.append(1)
                return real_try(*args)

            with patch.object(steps, "_try", counting):
                list(steps._hits(ctx, figs))
            if tried:
                misses.append(ctx.mention.text)
        return skip

    with patch.object(steps, "out_of_reach", gate):
        yield


def _misses(case: _Case, prefilter: Callable[..., bool] = _REAL) -> list[str]:
    misses: list[str] = []
    with _checked(prefilter, misses):
        _report(case)
    return misses


_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(step_cases())
def test_a_skipped_claim_is_one_the_search_tries_no_pair_for(case: _Case) -> None:
    assert _misses(case) == [], case


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(step_cases())
def test_the_report_with_the_prefilter_is_the_report_without(case: _Case) -> None:
    with patch.object(steps, "out_of_reach", lambda ctx, figs: False):
        plain = _report(case)
    assert _report(case) == plain, case


def test_the_prefilter_skips_the_timing_answers_unmatched_figures() -> None:
    # (else the properties above compare the search with itself)
    rows = [{"name": "item 1", "revenue": 299}, {"name": "item 2", "revenue": 11150}]
    text = (
        "item 1 had 299 in revenue and item 2 had 11,150. Together revenue reached 11,449, "
        "a mean of 5,724. item 1 was 97.3% below item 2. We also saw 123,457 events, a 78.5% "
        "rate and $4.21M of spend, and 10,251 orders."
    )
    said: dict[str, bool] = {}

    def recording(ctx: ClaimContext, figs: list[Any]) -> bool:
        said[ctx.mention.text] = skip = _REAL(ctx, figs)
        return skip

    with patch.object(steps, "out_of_reach", recording):
        report = trace(text, rows)
    assert said == {
        "97.3%": False,
        "123,457": True,
        "78.5%": True,
        "$4.21M": True,
        "10,251": True,
    }
    assert [c.status for c in report.claims][4:] == ["derived", *["unsupported"] * 4]


def _broken(**changes: Any) -> Callable[..., bool]:
    def prefilter(ctx: ClaimContext, figs: list[Any]) -> bool:
        with patch.multiple(reach, **changes):
            return _REAL(ctx, figs)

    return prefilter


_REAL_MAY = reach._may_reach


def _no_sum(kind: str, *args: Any) -> bool:
    return kind != "sum" and _REAL_MAY(kind, *args)


_BROKEN: dict[str, Callable[..., bool]] = {
    "no rounding slack": _broken(_C1=0.0, _C2=0.0, _WINDOW=0.0, _MARGIN=0.0),
    "no reading across a dropped unit": _broken(_dropped_may_reach=lambda *args: False),
    "no sum": _broken(_may_reach=_no_sum),
}


@pytest.mark.parametrize("name", sorted(_BROKEN))
def test_a_broken_prefilter_fails_the_property(name: str) -> None:
    found = find(
        step_cases(),
        lambda case: bool(_misses(case, _BROKEN[name])),
        settings=settings(
            max_examples=2000,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
    assert _misses(found, _BROKEN[name])
