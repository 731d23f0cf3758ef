"""What kind of quantity a source value is, for the derivation rules.

Its operand class (amount, percent, ratio), the quantity its names say (money, count, rate), and
whether two values are the same item or may be combined (unit view, currency). Split from
:mod:`crossfoot.rules._derive_shared`; both are used by the derivation rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from crossfoot.model.types import SourceValue


def operand_class(v: SourceValue) -> str | None:
    """``"amount"``, ``"percent"`` or ``"ratio"``: values combine only within one class.
    ``None`` for values that never feed a derivation (years, aliases with ``operand=False``).
    """
    if not v.operand or v.kind == "year":
        return None
    if v.kind == "percent":
        return "percent"
    if v.kind == "ratio":
        return "ratio"
    if v.kind in ("money", "number"):
        return "percent" if _percent_named(v.field, v.column, v.row, v.label) else "amount"
    return None  # pp / bps source values are themselves changes


@lru_cache(maxsize=65536)
def _percent_named(*names: str | None) -> bool:
    # ("%", "percent" or "pct"; tested without a generator: each cell of a new row label is a
    # new key here)
    text = " ".join(filter(None, names)).lower()
    if "%" in text:
        # a percentage written in a label ("5.25% notes due 2025", "( 4.07 % )") names the
        # item, not its unit (sources.table_header.PERCENT_LABEL); "2019 %" heads percents
        text = _FIGURE_PERCENT.sub(" ", text)
    return "%" in text or "percent" in text or "pct" in text


# A percentage written as a figure, not a year before the sign ("2019 %" heads a column).
_FIGURE_PERCENT = re.compile(r"(?<![\d.])(?!(?:19|20)\d\d\s?%)\d[\d,]*(?:\.\d+)?\s?%")


# Words that say what a value measures. Only values whose words say so are told apart: a value
# with no such word (a segment "Sensors" in a table in millions) goes with any other.
_MONEY_WORDS = re.compile(
    r"(?i)[$€£¥₹]|\b(?:usd|eur|gbp|revenues?|sales|income|costs?|prices?|profits?|expenses?|"
    r"cash|assets?|liabilit\w*|earnings|spend\w*|fees?|payments?|salar\w*|wages?|"
    # "Accounts payable" / "Trade receivables" are money, whatever "accounts" counts elsewhere
    r"payables?|receivables?)\b"
)


_COUNT_WORDS = re.compile(
    r"(?i)\b(?:orders|units|customers|employees|staff|headcount|stores|offices|branches|"
    r"respondents|users|visits|visitors|sessions|transactions|vehicles|subscribers|members|"
    r"tickets|signups|shipments|accounts|patients|students|number\s+of)\b"
)


# ("average" only leading a label: "Average score", not "Dow Jones Transportation Average")
_RATE_WORDS = re.compile(
    r"(?i)%|\b(?:rate|ratio|score|per|margin|percent\w*|yield|multiple)\b|"
    r"(?:^|\|)\s*(?:average|avg|mean)\b"
)


@lru_cache(maxsize=65536)
def _quantity(names: str, currency: bool) -> str | None:
    if _RATE_WORDS.search(names):
        return "rate"
    if currency or _MONEY_WORDS.search(names):
        return "money"
    if _COUNT_WORDS.search(names):
        return "count"
    return None


def quantity(v: SourceValue) -> str | None:
    """What a value measures, when its words say: "money", "count" or "rate" (an average, a
    ratio, a score: never added to an amount), else None."""
    names = "|".join(n for n in (v.field, v.row, v.column) if n).replace("_", " ")
    return _quantity(names, v.currency is not None or v.kind == "money")


def is_nil(v: SourceValue) -> bool:
    """A table's dash read as zero (sources.table_read: an exact 0): an operand of a mean ("the
    average of 2018 and 2019" over "16,451 | —"), never a term of a sum or a difference, where
    it would only restate the other operand."""
    return v.precision == 0 and v.value == 0 and v.table is not None


def same_kind(x: SourceValue, y: SourceValue) -> bool:
    """Whether a sum or difference of ``x`` and ``y`` adds like to like: money to money, a count
    to a count, never revenue to orders or respondents to an average score. The kind of quantity
    counts, not the column: two quarters' revenue, two age bands' respondents do add up."""
    qx, qy = quantity(x), quantity(y)
    return qx is None or qy is None or qx == qy


def views_compatible(a: SourceValue, b: SourceValue) -> bool:
    """A scaled ("true") value never combines with an unscaled ("written") one."""
    return a.view == "both" or b.view == "both" or a.view == b.view


def currency_ok(a: str | None, b: str | None) -> bool:
    if a is None or b is None or a == b:
        return True
    # "$" stands for any dollar currency; explicit codes must agree.
    return (a == "$" and b.endswith("D")) or (b == "$" and a.endswith("D"))


def same_item(a: SourceValue, b: SourceValue) -> bool:
    """The same source cell or field (possibly in two views)."""
    if a is b:
        return True
    return (
        a.source_id == b.source_id
        and a.field == b.field
        and a.table == b.table
        and a.row_index == b.row_index
        and a.col_index == b.col_index
        and a.span == b.span
        and (a.field is not None or a.row_index is not None or a.span is not None)
    )


def label(v: SourceValue, with_source: bool = False) -> str:
    """The operand's name in evidence: field name, or the loader's "row / column" label."""
    name = v.label or v.field or (f"{v.row} / {v.column}" if v.row or v.column else "value")
    return f"[{v.source_id}] {name}" if with_source else name


def written_amount_grids(values: Iterable[SourceValue]) -> list[list[SourceValue]]:
    """The nonzero amount cells as written of each table, by table (in first-seen order): the
    grid rules that read a table's rows and columns together start from (``signed_quotient``,
    ``named_base``)."""
    grids: dict[tuple[str, int], list[SourceValue]] = {}
    for v in values:
        if v.table is None or v.row_index is None or v.col_index is None:
            continue
        if v.view == "true" or v.value == 0 or operand_class(v) != "amount":
            continue
        grids.setdefault((v.source_id, v.table), []).append(v)
    return list(grids.values())
