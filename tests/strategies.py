"""Shared hypothesis strategies. Others may append their own below; keep each one documented."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from hypothesis import strategies as st

__all__ = ["FormattedNumber", "formatted_numbers", "texts_over", "two_year_table"]

_SCALES: dict[str, int] = {"": 0, "k": 3, "m": 6, "bn": 9, " million": 6, " billion": 9}


@dataclass(frozen=True)
class FormattedNumber:
    """A number rendered as text, with the value and precision a reader should get back."""

    text: str
    value: Decimal
    precision: Decimal
    kind: str
    currency: str | None


def _group(whole: str, style: str) -> str:
    if style == "none" or len(whole) <= 3:
        return whole
    if style == "us":
        return f"{int(whole):,}"
    # Indian: last three digits, then pairs.
    head, tail = whole[:-3], whole[-3:]
    pairs: list[str] = []
    while len(head) > 2:
        pairs.insert(0, head[-2:])
        head = head[:-2]
    return ",".join([head, *pairs, tail])


@st.composite
def formatted_numbers(draw: st.DrawFn) -> FormattedNumber:
    """A random Decimal written with random decimals, grouping and an optional currency, scale
    or percent sign (never both a currency and a percent sign)."""
    whole = draw(st.integers(min_value=0, max_value=10**9))
    decimals = draw(st.integers(min_value=0, max_value=4))
    frac = "".join(str(draw(st.integers(0, 9))) for _ in range(decimals))
    style = draw(st.sampled_from(["none", "us", "indian"]))
    digits = _group(str(whole), style) + (f".{frac}" if decimals else "")
    suffix = draw(st.sampled_from(["", "%", *_SCALES]))
    currency = None
    if suffix != "%":
        currency = draw(st.sampled_from([None, "$", "€", "£", "USD"]))
    negative = draw(st.booleans())
    scale_exp = _SCALES.get(suffix, 0)
    text = digits + suffix
    if currency == "USD":
        text = f"USD {text}"
    elif currency:
        text = currency + text
    if negative:
        text = "-" + text
    written = Decimal(f"{whole}.{frac}" if decimals else str(whole))
    value = written.scaleb(scale_exp)
    if negative:
        value = -value
    precision = Decimal(5).scaleb(-decimals - 1 + scale_exp)
    kind = "percent" if suffix == "%" else ("money" if currency else "number")
    if kind == "number" and not suffix and digits.isdigit() and len(digits) == 4:
        kind = "year" if 1900 <= whole <= 2100 and not negative else kind
    return FormattedNumber(text, value, precision, kind, currency)


def texts_over(alphabet: list[str], max_size: int = 20) -> st.SearchStrategy[str]:
    """Short texts made of the given pieces (characters or words): dense in the punctuation and
    digit patterns a reader must get right, small enough for a backtracking reference regex."""
    return st.lists(st.sampled_from(alphabet), max_size=max_size).map("".join)


def two_year_table(rows: dict[str, tuple[Decimal, Decimal]], layout: str) -> str:
    """A "(in millions)" table of items by 2019 and 2018 in ``layout`` ("markdown", "pipes", or
    tabs), for the gated-vs-full speed-path properties (tests/test_speed_paths_speed40/41)."""
    if layout == "markdown":
        lines = ["| Item | 2019 | 2018 |", "|---|---|---|"]
        lines += [f"| {k} | {a:,} | {b:,} |" for k, (a, b) in rows.items()]
    elif layout == "pipes":
        lines = ["Item | 2019 | 2018"] + [f"{k} | {a:,} | {b:,}" for k, (a, b) in rows.items()]
    else:
        lines = ["Item\t2019\t2018"] + [f"{k}\t{a:,}\t{b:,}" for k, (a, b) in rows.items()]
    return "(in millions)\n" + "\n".join(lines)
