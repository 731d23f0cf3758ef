"""Arithmetic an agent legitimately does over the values it was shown, looked at on a miss only.

An amount argument found nowhere verbatim may still be a column total of one tool result, the sum
or difference of two values seen, a unit price times a stated quantity, or a stated percentage
of a found amount. Everything here is built lazily, on the first miss, and cached per source:
column totals, numbers as Decimals, and ~1 %-wide log-scale buckets for tolerance windows, so a
look-up touches a few dozen values however much the agent has seen.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from decimal import Decimal

from crossfoot.agents._chains import chain_values
from crossfoot.agents._count_words import stated_counts
from crossfoot.agents._derive_orders import order_totals, result_rates
from crossfoot.agents._fx import converted, source_rates
from crossfoot.agents._keys import Keys, Seen, bucket, dec_key, fmt, num_key
from crossfoot.agents._percent_only import note_shares
from crossfoot.agents._picked import Pick, picked
from crossfoot.agents._tied import tied

__all__ = ["Derivations"]

# Keys of a structured result under which a number is an amount of money, not a count or a code.
_MONEY_KEY = re.compile(
    r"price|amount|fare|cost|fee|total|balance|charge|refund|pay|paid|rent|salary|tax|"
    r"budget|deposit|credit|debit|fund|sum|value|money|spent|owed?|due|tip|discount|pending|"
    r"outstanding|remaining|principal|interest|premium"
)
# Keys under which a structured result states a count, and lists whose length is a count.
_COUNT_KEY = re.compile(
    r"^(?:num|number|n|count)_|count$|quantity|^qty|nights|rooms|guests|passengers|"
    r"travel+ers|tickets|seats|adults|children|people|persons|units|pieces|bag"
)
_NOT_COUNT = re.compile(r"price|amount|fare|cost|fee|balance|charge|refund|pay|rent|tax|rate|value")
_COUNTABLE = re.compile(
    r"passengers|travel+ers|guests|people|persons|rooms|tickets|seats|items|nights|adults|"
    r"children|members|participants|attendees"
)
_CURRENCY = "$€£¥₹+"
_SUM_TIMES_MAX = 10  # people a per-person total is multiplied by, at most
_CENT = Decimal("0.01")
_PAIR_CAP = 400  # numbers per source that take part in pair arithmetic
_DERIVE_SOURCES = 60  # most recent sources searched for arithmetic operands
_JSON_CAP = 300_000  # characters of a source parsed as JSON for column totals


class Derivations:
    """The arithmetic search over a context store's sources and number indexes.

    >>> from crossfoot.agents._context import ContextStore
    >>> store = ContextStore()
    >>> _ = store.add("tool", '{"legs": [{"price": 523}, {"price": 501}]}', tool="res")
    >>> store.derive(Decimal("1024"))
    ('total of price over 2 rows', (0,))
    """

    def __init__(self, sources: list[Seen], numbers: Keys, percents: Keys) -> None:
        self.sources = sources
        self.numbers = numbers
        self.percents = percents
        self._buckets: dict[int, list[Decimal]] = {}
        self._bucketed = 0  # sources already placed in buckets
        self._in_buckets: set[str] = set()
        self._operands: set[str] = set()  # numbers that may be the operand of a two-value sum
        self._operands_upto = 0  # sources already added to _operands
        self._rates: dict[int, frozenset[Decimal]] = {}  # a structured result's rates (percent)
        self._chains: dict[int, tuple[tuple[Decimal, str], ...]] = {}  # chains written, by source
        self._picks: dict[int, dict[str, list[Pick]]] = {}  # sums of some rows (agents._picked)
        self._tied: dict[int, dict[str, str]] = {}  # totals of lines a user tied (agents._tied)
        self._fx: dict[int, frozenset[Decimal]] = {}  # rates of exchange, by source (agents._fx)
        # Numbers written only as percentages ("a 20% tip"): no operand of a sum, a product or
        # a split, and no count (agents._percent_only).
        self.shares: set[str] = set()
        self._word_counts: set[int] = set()  # counts the user wrote in words ("three ways")
        self._words_upto = 0  # sources already read for them

    def note_shares(self, low: str, numbers: set[str], percents: set[str]) -> None:
        """Read one source's percentages into :attr:`shares`, before its numbers are indexed."""
        if percents or self.shares:
            note_shares(self.shares, self.numbers.first, low, numbers, percents)

    def near(self, lo: Decimal, hi: Decimal) -> list[Decimal]:
        """Numbers seen within ``[lo, hi]`` (log-scale buckets, built lazily)."""
        self._fill_buckets()
        out: list[Decimal] = []
        if hi <= 0:
            return out
        lo = max(lo, Decimal("1e-9"))
        # One bucket of slack each side: bucket() changes formula outside a float's range.
        for b in range(bucket(lo) - 1, bucket(hi) + 2):
            out.extend(v for v in self._buckets.get(b, ()) if lo <= v <= hi)
        return out

    def _fill_buckets(self) -> None:
        if self._bucketed == len(self.sources):
            return
        seen_values: set[str] = set().union(*(s.numbers for s in self.sources[self._bucketed :]))
        for key in seen_values - self._in_buckets:
            v = Decimal(key)
            if v > 0:
                self._buckets.setdefault(bucket(v), []).append(v)
        self._in_buckets |= seen_values
        self._bucketed = len(self.sources)

    def derive(
        self,
        target: Decimal,
        quantities: Iterable[int] = (),
        tolerance: Decimal = Decimal("0.005"),
        *,
        loose: bool = False,
    ) -> tuple[str, tuple[int, ...]] | None:
        """The formula and sources of the first legitimate derivation of ``target``, or None."""
        target = abs(target)
        recent = [i for i in range(len(self.sources) - 1, -1, -1) if self.sources[i].vouched]
        recent = recent[:_DERIVE_SOURCES]
        # Column totals of JSON tool results (the sum of all item prices of an order).
        key = dec_key(target)
        for i in recent:
            formula = self._totals(i).get(key)
            if formula is not None:
                return formula, (i,)
        return (
            self._chained(target, recent, tolerance)  # a chain written out, before any search
            or self._pair(target, recent, loose)
            or picked(target, recent, self._picks, self.sources, _json_of)
            or tied(target, self.sources, self._tied)
            or self._times(target, quantities, tolerance)
            or self._percent_of(target, tolerance)
            or self._percent_and_fee(target, tolerance)
            or self._sum_times(target, quantities, recent, loose)
            or self._split(target, quantities, tolerance)
            or self._percent_of_total(target, recent, tolerance)
            or self._with_rate(target, recent, tolerance)
            or self._converted(target, recent, tolerance)
        )

    def _converted(
        self, target: Decimal, recent: list[int], tolerance: Decimal
    ) -> tuple[str, tuple[int, ...]] | None:
        # A found amount at a rate of exchange a source gave: 250 at 0.9213 is 230.33.
        rates: dict[Decimal, int] = {}
        for i in recent:
            got = self._fx.get(i)
            if got is None:
                got = self._fx[i] = source_rates(self.sources[i], _json_of(self.sources[i]))
            for r in got:
                rates.setdefault(r, i)
        if not rates:
            return None
        ok, shares = self._operand_keys(), self.shares

        def usable(key: str) -> bool:
            return key in ok and key not in shares

        return converted(target, rates, self.near, self.numbers.first, usable, tolerance)

    def _chained(
        self, target: Decimal, recent: list[int], tolerance: Decimal
    ) -> tuple[str, tuple[int, ...]] | None:
        # A chain a user or a tool wrote out without its result: "(300+300)x4" (agents._chains).
        for i in recent:
            chains = self._chains.get(i)
            if chains is None:
                src = self.sources[i]
                got = chain_values(src.text) if src.channel != "assistant" else ()
                chains = self._chains[i] = tuple(got)
            for value, written in chains:
                if abs(value - target) <= tolerance:
                    return written, (i,)
        return None

    def _with_rate(
        self, target: Decimal, recent: list[int], tolerance: Decimal
    ) -> tuple[str, tuple[int, ...]] | None:
        # An amount of one structured result with that result's own rate added or taken off
        # ("price": 89.99 beside "tax_rate": 0.08 is refunded as 97.19): _derive_orders.
        for i in recent:
            rates = self._rates.get(i)
            if rates is None:
                found: set[Decimal] = set()
                data = _json_of(self.sources[i])
                if data is not None:
                    result_rates(data, found)
                rates = self._rates[i] = frozenset(found)
            if not rates:
                continue
            amounts = [*(Decimal(k) for k in self._totals(i)), *self._sorted_numbers(i)]
            for r in sorted(rates):
                for a in amounts:
                    for share, how in ((100 + r, "plus"), (100 - r, "less")):
                        if abs(a * share / 100 - target) <= tolerance:
                            return f"{fmt(a)} {how} the result's rate of {fmt(r)}%", (i,)
        return None

    def _percent_of_total(
        self, target: Decimal, recent: list[int], tolerance: Decimal
    ) -> tuple[str, tuple[int, ...]] | None:
        # A stated percentage of a result's column total: "10% off the total" of an order's
        # item prices is refunded as 10% of their sum.
        for p_key, p_src in self.percents.first.items():
            p = Decimal(str(p_key))
            if not 0 < p < 100:
                continue
            for i in recent:
                for key, formula in self._totals(i).items():
                    total = Decimal(key)
                    if abs(total * p / 100 - target) <= tolerance:
                        return f"{fmt(p)}% of {fmt(total)} ({formula})", (i, p_src)
        return None

    def _pair(
        self, target: Decimal, recent: list[int], loose: bool
    ) -> tuple[str, tuple[int, ...]] | None:
        # Sum or difference of two values seen (the two legs of a trip, a balance after a charge).
        # For an argument, a number of a structured result is an operand only under a money-named
        # key (price, amount, balance...): a search result is full of seat counts and codes, and
        # a fare plus any of them vouches for a wrong payment (a fare + 14 seats). Numbers in
        # text results and those the user typed all count. The agent's prose (``loose``, checked
        # loosely anyway) may pair any two values seen.
        first = self.numbers.first
        budget = 20_000
        operands = first if loose else self._operand_keys()
        for i in recent:
            nums = self._sorted_numbers(i)
            budget -= len(nums)
            if budget < 0:
                break
            money = None if loose else self._money(i)
            shares = () if loose else self.shares
            for a in nums:
                if a <= 10 or (money is not None and dec_key(a) not in money):
                    continue
                if shares and dec_key(a) in shares:
                    continue
                for b, sign in ((target - a, "+"), (a - target, "−")):
                    if b <= 0 or (b <= 10 and b == b.to_integral_value()):
                        continue  # a count up to 10 is no operand: it would match almost anything
                    bkey = dec_key(b)
                    if bkey in operands and bkey in first and bkey not in shares:
                        return f"{fmt(a)} {sign} {fmt(b)}", (i, first[bkey])
        return None

    def _times(
        self, target: Decimal, quantities: Iterable[int], tolerance: Decimal
    ) -> tuple[str, tuple[int, ...]] | None:
        # A unit price times a stated quantity (a user's count, a list length in the call).
        first = self.numbers.first
        qs = self._stated_counts(quantities)
        for q in qs:
            for a in self.near((target - tolerance) / q, (target + tolerance) / q):
                src = first.get(dec_key(a)) if dec_key(a) not in self.shares else None
                if src is not None and abs(a * q - target) <= tolerance:
                    return f"{fmt(a)} × {q}", (src,)
        return None

    def _sum_times(
        self, target: Decimal, quantities: Iterable[int], recent: list[int], loose: bool
    ) -> tuple[str, tuple[int, ...]] | None:
        # A per-person total times the people: (two fares, or a column total) x a stated count
        # of at most 10 ("$1,024 a passenger, $3,072 for the three of you"). The per-person
        # figure must divide out exactly, in cents.
        for q in self._stated_counts(quantities):
            if q > _SUM_TIMES_MAX:
                break
            each = target / q
            if each.adjusted() > 12 or each != each.quantize(_CENT):
                continue  # no per-person figure in cents (or one beyond any price)
            key = dec_key(each)
            for i in recent:
                formula = self._totals(i).get(key)
                if formula is not None:
                    return f"({formula}) × {q}", (i,)
            got = self._pair(each, recent, loose)
            if got is not None:
                return f"({got[0]}) × {q}", got[1]
        return None

    def _stated_counts(self, quantities: Iterable[int]) -> list[int]:
        """Counts from 2 to 100 stated by the call (list lengths), the user, or a tool."""
        qs = {q for q in quantities if 2 <= q <= 100}
        for n in self.numbers.chans.get("user", ()):
            if n in self.shares:
                continue  # "a 20% tip" states no count of 20
            if isinstance(n, str) and len(n) <= 3 and n.isdecimal() and 2 <= int(n) <= 100:
                qs.add(int(n))
        for i in range(self._words_upto, len(self.sources)):  # "split it three ways"
            if self.sources[i].channel == "user":
                self._word_counts |= stated_counts(self.sources[i].text)
        self._words_upto = len(self.sources)
        qs.update(q for q in self._word_counts if q <= 100)
        # Counts a tool stated: three passengers on a reservation, "nights": 3.
        for i in range(len(self.sources) - 1, max(-1, len(self.sources) - 1 - _DERIVE_SOURCES), -1):
            qs |= self._counts(i)
        return sorted(qs)

    def _percent_of(
        self, target: Decimal, tolerance: Decimal
    ) -> tuple[str, tuple[int, ...]] | None:
        # A stated percentage of a found amount, or the amount less or plus it: "a 15% discount
        # on $240" is charged as $204, "$240 plus 8.25% tax" as $259.80.
        first = self.numbers.first
        for p_key in self.percents.first:
            p = Decimal(str(p_key))
            if p <= 0:
                continue
            for share, how in (
                (p, "{p}% of {a}"),
                (100 - p, "{a} less {p}%"),
                (100 + p, "{a} plus {p}%"),
            ):
                if share <= 0:
                    continue
                base = target * 100 / share
                window = tolerance * 100 / share
                for a in self.near(base - window, base + window):
                    src = first.get(dec_key(a))
                    if src is not None and abs(a * share / 100 - target) <= tolerance:
                        shown = how.format(p=fmt(p), a=fmt(a))
                        return shown, (src, self.percents.first[p_key])
        return None

    def _split(
        self, target: Decimal, quantities: Iterable[int], tolerance: Decimal
    ) -> tuple[str, tuple[int, ...]] | None:
        # A found amount split evenly by a stated count ("split the $240 bill between 3 cards"):
        # each share is rounded to the cent, so the shares times the count may miss by a cent
        # or two.
        first = self.numbers.first
        for q in self._stated_counts(quantities):
            if q > _SUM_TIMES_MAX:
                break
            window = tolerance * q
            for a in self.near(target * q - window, target * q + window):
                src = first.get(dec_key(a)) if dec_key(a) not in self.shares else None
                if src is not None and abs(a / q - target) <= tolerance:
                    return f"{fmt(a)} / {q}", (src,)
        return None

    def _percent_and_fee(
        self, target: Decimal, tolerance: Decimal
    ) -> tuple[str, tuple[int, ...]] | None:
        # A stated percentage of a found amount plus or minus an amount the user typed ("19.5 %
        # of what we paid + a fee of 5.29"). Only the user's own figures are added: they are few,
        # and a tool result's numbers would make almost any amount reachable.
        if not self.percents.first:
            return None
        for b_key in self.numbers.chans.get("user", ()):
            if not isinstance(b_key, str) or "." not in b_key or b_key in self.shares:
                continue  # a fee is written with cents; whole numbers are counts and years
            b = Decimal(b_key)
            for rest, sign in ((target - b, "+"), (target + b, "−")):
                got = self._percent_of(rest, tolerance) if rest > 0 else None
                if got is not None:
                    return f"{got[0]} {sign} {fmt(b)}", (*got[1], self.numbers.first[b_key])
        return None

    def _counts(self, i: int) -> frozenset[int]:
        """The counts a structured tool result states (2 to 100): numbers under a count-named
        key ("nights", "quantity", "num_guests") and the lengths of lists of countable things
        ("passengers", "rooms", "tickets")."""
        seen = self.sources[i]
        if seen.counts is None:
            out: set[int] = set()
            data = _json_of(seen) if seen.vouched else None
            if isinstance(data, (dict, list)):
                _count_values(data, out, 0)
            seen.counts = frozenset(n for n in out if 2 <= n <= 100)
        return seen.counts

    def _money(self, i: int) -> frozenset[str] | None:
        """The numbers under a money-named key of a structured result, or None (text: all)."""
        seen = self.sources[i]
        if not seen.money_read:
            seen.money_read = True
            data = _json_of(seen)
            if isinstance(data, (dict, list)):
                out: set[str] = set()
                _money_values(data, False, out, 0)
                seen.money = frozenset(out)
        return seen.money

    def _operand_keys(self) -> set[str]:
        """Numbers that may be the second operand of a sum: every number of a text source or a
        user message, the money-keyed ones of a structured result (built incrementally)."""
        for i in range(self._operands_upto, len(self.sources)):
            seen = self.sources[i]
            if not seen.vouched or not seen.numbers:
                continue
            money = self._money(i)
            self._operands.update(seen.numbers if money is None else money)
        self._operands_upto = len(self.sources)
        return self._operands

    def _sorted_numbers(self, i: int) -> list[Decimal]:
        """A source's numbers, largest first (a stable order makes explanations reproducible),
        at most ``_PAIR_CAP`` of them."""
        seen = self.sources[i]
        if seen.ordered is None:
            seen.ordered = sorted((Decimal(k) for k in seen.numbers), reverse=True)[:_PAIR_CAP]
        return seen.ordered

    def _totals(self, i: int) -> dict[str, str]:
        seen = self.sources[i]
        if seen.derived is not None:
            return seen.derived
        totals: dict[str, str] = {}
        data = _json_of(seen)
        if data is not None:
            _column_totals(data, totals, 0)
            order_totals(data, totals)
        seen.derived = totals
        return totals


def _json_of(seen: Seen) -> object:
    """A structured tool result parsed (None for text, or past the size cap)."""
    text = seen.text
    if seen.channel != "tool" or len(text) > _JSON_CAP or text.lstrip()[:1] not in ("{", "["):
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def _count_values(node: object, out: set[int], depth: int) -> None:
    if depth > 12:
        return
    if isinstance(node, dict):
        for k, v in node.items():
            key = str(k).lower()
            if isinstance(v, list) and _COUNTABLE.search(key) and len(v) >= 2:
                out.add(len(v))
            elif type(v) is int and _COUNT_KEY.search(key) and not _NOT_COUNT.search(key):
                out.add(v)
            _count_values(v, out, depth + 1)
    elif isinstance(node, list):
        for v in node:
            _count_values(v, out, depth + 1)


def _money_values(node: object, money: bool, out: set[str], depth: int) -> None:
    if depth > 12:
        return
    if isinstance(node, dict):
        for k, v in node.items():
            _money_values(v, money or _MONEY_KEY.search(str(k)) is not None, out, depth + 1)
    elif isinstance(node, list):
        for v in node:
            _money_values(v, money, out, depth + 1)
    elif money and isinstance(node, (int, float)) and not isinstance(node, bool):
        if node == node and abs(node) != float("inf"):  # JSON numbers only, never NaN
            out.add(dec_key(Decimal(repr(node))))
    elif money and isinstance(node, str):
        n = node.strip().lstrip(_CURRENCY).replace(",", "")
        if n.replace(".", "", 1).isdecimal():
            out.add(num_key(n))


def _column_totals(node: object, out: dict[str, str], depth: int) -> None:
    if depth > 12:
        return
    if isinstance(node, dict):
        for v in node.values():
            _column_totals(v, out, depth + 1)
        return
    if not isinstance(node, list):
        return
    nums = [n for n in node if isinstance(n, (int, float)) and not isinstance(n, bool)]
    if len(nums) >= 2:
        total = sum((Decimal(repr(n)) for n in nums), Decimal(0))
        out.setdefault(dec_key(total), f"total of a list of {len(nums)}")
    rows = [r for r in node if isinstance(r, dict)]
    if len(rows) >= 2:
        keys = {
            k
            for r in rows
            for k, v in r.items()
            if isinstance(v, (int, float)) and not isinstance(v, bool)
        }
        for k in keys:
            vals = [
                r[k]
                for r in rows
                if isinstance(r.get(k), (int, float)) and not isinstance(r.get(k), bool)
            ]
            if len(vals) >= 2:
                total = sum((Decimal(repr(v)) for v in vals), Decimal(0))
                out.setdefault(dec_key(total), f"total of {k} over {len(vals)} rows")
    for n in node:
        _column_totals(n, out, depth + 1)
