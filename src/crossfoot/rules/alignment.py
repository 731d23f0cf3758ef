"""Answer-question alignment: the final figure must answer the question that was asked.

"What was the 2019 revenue?" answered with the 2018 cell passes every other check: the figure is in
the data. It answers another question. With ``question=`` the engine reads what the question asks
(:mod:`crossfoot.language.asked`) and checks the answer's *final figures* against it:

- **year**: a figure from a table cell or record field of a year the question does not ask about
  (a derivation needs one operand of an asked year; the others may be its base);
- **row or column**: a cell whose table has a row (or column) the question names, when the cell's
  own is not one of them;
- **operation**: a percentage where the question asks for the change ("What was the change in
  revenue?" is an amount), an amount where it asks for a percentage change, a single cell or a sum
  where it asks for an average, a single cell where it asks for a total of several years.

The final figures are those after an answer marker ("Answer:", "The answer is"); without one, the
answer is off the question only when none of its figures fits, and then its last sentence's
figures are the ones flagged. Before a figure is flagged the engine looks for another reading that
fits: the same value in an asked year or named row (tables repeat values), or a derivation over
the fitting values only. Nothing fits: the figure is ``off_question``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache

from crossfoot.language.asked import Ask
from crossfoot.language.rowtokens import required_tokens, tokens
from crossfoot.language.years import period
from crossfoot.model.context import Verdict
from crossfoot.model.types import PASSING_STATUSES, Claim, Evidence, SourceValue
from crossfoot.numbers.extract import extract

__all__ = ["Fit", "Named", "Rerun", "align_answer", "final_figures", "misfit", "value_fits"]

# Re-run the rules for the claim at an index with the scope cut to the values a predicate keeps;
# the flag says whether direct matches may answer (an average is never one cell); the claims are
# the answer's figures as judged so far (earlier ones may serve as steps).
Rerun = Callable[[int, Callable[[SourceValue], bool], bool, Sequence[Claim]], "Verdict | None"]

# "Answer: 12.5%", "The answer is 12.5%", "**Final answer:**": what follows is the final figure.
_MARKER = re.compile(
    r"(?im)^[ \t*#>_-]*(?:final[ \t]+)?answer(?:[ \t]|\*)*[:：]"
    r"|\bthe[ \t]+(?:final[ \t]+)?answer[ \t]+is\b"
)
# Labels that are periods ("2019", "Dec 31, 2019", "Q3", "FY19"): years are judged on their own.
_PERIODISH = re.compile(
    r"(?i)(?<!\d)(?:19|20)\d\d(?!\d)|\bfy\s*'?\d\d\b|\bq[1-4]\b|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b"
)
# A fiscal year that ends early in January-March is usually named for the year before.
_EARLY = re.compile(r"(?i)\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?)\b")
_PERCENTISH = re.compile(r"(?i)%|percent|\brate\b|margin|ratio|yield")
_AVERAGE_LABEL = re.compile(r"(?i)average|\bmean\b|\bper\b")
_TOTAL_LABEL = re.compile(r"(?i)\btotal|\bsum\b|combined")
_CHANGE_KINDS = frozenset({"percent_change", "share", "ratio"})
_AMOUNT_KINDS = frozenset({"money", "number"})


@dataclass(frozen=True, slots=True)
class Fit:
    """Why a figure does not fit the question (``why``: year, row or op), in words."""

    why: str
    message: str


def final_figures(text: str, claims: Sequence[Claim]) -> tuple[tuple[Claim, ...], bool]:
    """The claims that give the answer, and whether an answer marker says so.

    >>> final_figures("Sales were 5. Answer: 5", [])
    ((), False)
    """
    marks = list(_MARKER.finditer(text))
    if marks:
        at = marks[-1].end()
        after = tuple(c for c in claims if c.mention.start >= at)
        if after:
            return after, True
    return tuple(claims), False


def marker_end(text: str) -> int | None:
    """Where the last answer marker of ``text`` ends, or None without one."""
    marks = list(_MARKER.finditer(text))
    return marks[-1].end() if marks else None


def value_years(v: SourceValue) -> frozenset[int]:
    """The years a table cell or record field belongs to (empty for prose: unknown)."""
    if v.table is None and v.field is None:
        return frozenset()
    p = period(v)
    if p is None:
        return frozenset()
    names = " ".join(x for x in (v.label, v.row, v.column, v.field) if x)
    if _EARLY.search(names):
        return frozenset({p[0], p[0] - 1})
    return frozenset({p[0]})


def years_fit(ask: Ask, operands: Sequence[SourceValue]) -> bool:
    """A single value must be of an asked year; a derivation needs one operand of one."""
    if not ask.years:
        return True
    per = [ys for v in operands if (ys := value_years(v))]
    if not per:
        return True
    if len(operands) > 1:
        return any(ys & ask.years for ys in per)
    return all(ys & ask.years for ys in per)


class Named:
    """The rows and columns the question names, per table of the sources (read once)."""

    __slots__ = ("_ask", "_asked", "_keeps", "_lines", "_tables", "_values", "_words")

    def __init__(self, ask: Ask, values: Sequence[SourceValue]) -> None:
        self._ask = ask
        self._values = values
        self._keeps: list[Callable[[SourceValue], bool]] | None = None
        self._words = frozenset(tokens(ask.text))
        self._asked = _figures_of(ask.text)  # the question's numbers (no years)
        rows: dict[tuple[str, int], set[str]] = {}
        cols: dict[tuple[str, int], set[str]] = {}
        for v in values:
            if v.table is None:
                continue
            key = (v.source_id, v.table)
            if v.row:
                rows.setdefault(key, set()).add(v.row)
            if v.column:
                cols.setdefault(key, set()).add(v.column)
        self._tables = {
            key: (self._named(rows.get(key, set())), self._named(cols.get(key, set())))
            for key in rows.keys() | cols.keys()
        }
        # values with a year per (source, table, row index): read only when an average asks
        self._lines: dict[tuple[str, int, int | None], set[int]] | None = None

    def _named(self, labels: set[str]) -> frozenset[str]:
        named: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {}
        for label in labels:
            own = _own_words(label)
            req = required_tokens(own) if own else frozenset()
            if req and req <= self._words:  # (names_row, with the question read once)
                phrase = tuple(dict.fromkeys(t for t in tokens(own) if t in req))
                named[label] = (req, phrase)
            elif _figures_of(label) & self._asked:  # "due in 3 to 5 years": by its numbers
                named[label] = (frozenset(), ())
        # "cost of sales" names "Cost of sales", not also "Net sales": a label whose words all
        # stand inside a fuller label's phrase is not named on its own.
        words = tokens(self._ask.text)
        return frozenset(
            label
            for label, (req, _) in named.items()
            if not any(
                req < other and _inside(req, phrase, words) for other, phrase in named.values()
            )
        )

    def firm(self, label: str) -> bool:
        """The question names ``label`` by two words or more, or by a capitalised name."""
        req = required_tokens(_own_words(label))
        if len(req) >= 2:
            return True
        names = {
            w.lower().removesuffix("'s") for w in re.findall(r"\b[A-Z][\w'&-]*", self._ask.text)
        }
        return bool(req & {t.removesuffix("s") for t in names} or req & names)

    def keeps(self) -> list[Callable[[SourceValue], bool]]:
        """The value filters a figure is judged again with, made once per answer: the asked
        years, then (for a change, an average or a ratio of one year) the year before too."""
        if self._keeps is None:
            ask = self._ask
            self._keeps = [value_fits(ask, self, False)]
            if len(ask.years) == 1 and ask.op in ("change", "percent_change", "average", "ratio"):
                self._keeps.append(value_fits(ask, self, True))
        return self._keeps

    def any_named(self) -> bool:
        """Whether the question names some row or column of the sources' tables."""
        return any(rows or cols for rows, cols in self._tables.values())

    def names(self, v: SourceValue, axis: str) -> bool:
        """Whether the question names ``v``'s row (``axis`` "row") or column."""
        if v.table is None:
            return False
        named_rows, named_cols = self._tables.get(
            (v.source_id, v.table), (frozenset(), frozenset())
        )
        return (v.row in named_rows) if axis == "row" else (v.column in named_cols)

    def misnamed(self, v: SourceValue) -> str | None:
        """The label the question names instead of ``v``'s own row or column, or None."""
        if v.table is None:
            return None
        named_rows, named_cols = self._tables.get(
            (v.source_id, v.table), (frozenset(), frozenset())
        )
        for mine, named in ((v.row, named_rows), (v.column, named_cols)):
            if not mine or not named or mine in named:
                continue
            figures = _figures_of(mine)
            if figures and any(_figures_of(label) & self._asked for label in named):
                # "between 3 to 5 years" names the column "3 to 5 years": "1 to 3 years" is not it
                if not figures & self._asked:
                    return sorted(named, key=len)[-1]
                continue
            req = required_tokens(_own_words(mine))
            # "2019", "Other": nothing to disagree with; a label the question half names
            # ("net tangible assets acquired as of ...") may be the one it means.
            # (fully named but inside a fuller named label: "sales" of "cost of sales")
            if req and (req <= self._words or len(req & self._words) * 2 < len(req)):
                return sorted(named, key=len)[-1]
        return None

    def years_in_row(self, v: SourceValue) -> int:
        """How many values of ``v``'s table row have a year."""
        if self._lines is None:
            self._lines = {}
            for x in self._values:
                if x.table is not None and period(x) is not None:
                    self._lines.setdefault((x.source_id, x.table, x.row_index), set()).add(
                        x.col_index or 0
                    )
        return len(self._lines.get((v.source_id, v.table or 0, v.row_index), ()))


# The period words of a label ("As of February 28, 2019", "Fiscal", "Year Ended") are judged
# as years; what is left names the row or column ("Without ASC 606 Adoption").
_PERIOD_WORDS = re.compile(
    r"(?i)(?<!\d)(?:19|20)\d\d(?!\d)|\bfy\s*'?\d\d\b|\bq[1-4]\b|\b\d{1,2}(?:st|nd|rd|th)?\b|"
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|"
    r"\b(?:as\s+of|as\s+at|years?|ended|ending|fiscal|quarters?|months?|weeks?|period)\b"
)


_OPTIONAL_WORDS = frozenset({"net", "total"})


def _inside(req: frozenset[str], fuller: tuple[str, ...], words: list[str]) -> bool:
    """Whether every occurrence of ``req``'s words in ``words`` lies within an occurrence of the
    fuller label's phrase ("sales" of "cost of sales", but not the second "vested" of
    "non-vested shares vested", nor the "revenue" of "% of net revenue for cost of revenue")."""
    seq = [w for w in words if w not in _OPTIONAL_WORDS]
    n = len(fuller)
    covered: set[int] = set()
    for j in range(len(seq) - n + 1):
        if tuple(seq[j : j + n]) == fuller:
            covered.update(range(j, j + n))
    return all(i in covered for i, w in enumerate(seq) if w in req)


@lru_cache(maxsize=8192)  # a table's labels repeat across answers
def _figures_of(text: str) -> frozenset[tuple[Decimal, Decimal | None]]:
    """The numbers a label or question writes, no years: ``(value, high)`` for ranges too."""
    return frozenset((m.value, m.high) for m in extract(text) if m.kind != "year")


@lru_cache(maxsize=8192)
def _own_words(label: str) -> str:
    """A label without its period words: what it names besides a date."""
    return _PERIOD_WORDS.sub(" ", label)


def value_fits(ask: Ask, named: Named, change_base: bool) -> Callable[[SourceValue], bool]:
    """Whether a source value may serve a figure that fits the question: of an asked year (or
    the year before one, as the base of a change) and in a named row and column."""
    years = ask.years
    if change_base:
        years = years | {y - 1 for y in years}

    def fits(v: SourceValue) -> bool:
        ys = value_years(v)
        if years and ys and not ys & years:
            return False
        return named.misnamed(v) is None

    return fits


def _underlying(claims: Sequence[Claim], c: Claim) -> Evidence | None:
    """A restatement's original evidence (same operands and result), else the claim's own."""
    ev = c.evidence
    for _ in range(4):  # restatements of restatements are rare; bounded anyway
        if ev is None or ev.kind != "restatement":
            return ev
        prior = [
            p.evidence
            for p in claims
            if p.mention.start < c.mention.start
            and p.passed
            and p.evidence is not None
            and p.evidence.kind != "restatement"
            and p.evidence.operands == ev.operands
            and p.evidence.result == ev.result
        ]
        if not prior:
            return ev
        ev = prior[-1]
    return ev


def _op_misfit(ask: Ask, c: Claim, ev: Evidence, named: Named) -> str | None:
    """Why the figure's operation is not the asked one, in words, or None."""
    kind, ops, m = ev.kind, ev.operands, c.mention
    cell = ev.rule == "direct"
    labels = " ".join(x for v in ops for x in (v.label, v.row, v.column, v.field) if x)
    if ask.op == "change":
        # "What was the change in revenue?" is an amount: a percentage over amounts is not it.
        if (
            m.kind == "percent"
            and kind in _CHANGE_KINDS
            and not any(
                v.kind in ("percent", "pp", "bps") or _PERCENTISH.search(v.label or "") for v in ops
            )
        ):
            return "the question asks for the change, an amount; this figure is a percentage"
        return None
    if ask.op == "percent_change":
        if m.kind == "money":
            return "the question asks for a percentage change; this figure is an amount of money"
        return None
    if ask.op == "average":
        if kind in ("mean", "average") or (cell and _AVERAGE_LABEL.search(labels)):
            return None
        if kind == "written_calculation":
            if "/" in ev.formula or "÷" in ev.formula:
                return None
            return "the question asks for an average; the calculation divides by nothing"
        if cell and (ops[0].field is not None or named.years_in_row(ops[0]) >= 2):
            # (a row of one value: "the average size" describes the quantity, no operation)
            return f"the question asks for an average; this figure is one value ({ops[0].label})"
        if kind in ("sum", "difference", "percent_change"):
            return f"the question asks for an average; this figure is a {kind.replace('_', ' ')}"
        return None
    if ask.op in ("average", "sum") and kind in ("mean", "average", "sum") and len(ops) > 1:
        years = {y for v in ops for y in value_years(v)}
        if len(ask.years) >= 2 and len(years) == 1:
            return (
                f"the question asks about {_list(ask.years)}; this {kind} is of {_list(years)} only"
            )
        rows = {(v.source_id, v.table, v.row_index) for v in ops}
        if not ask.years and len(rows) == 1 and ops[0].table is not None:
            every = named.years_in_row(ops[0])
            if every > len(ops):
                return (
                    f"the question asks about every year of {ops[0].row}; this {kind} takes "
                    f"{len(ops)} of {every}"
                )
        return None
    if ask.plain and len(ask.years) == 1 and kind in ("difference", "percent_change"):
        years = {y for v in ops for y in value_years(v)}
        if len(years) >= 2:
            return f"the question asks for a figure of {_list(ask.years)}; this figure is a change"
        return None
    if ask.op == "sum" and cell and (ops[0].table is not None or ops[0].field is not None):
        if _TOTAL_LABEL.search(labels) and len({y for v in ops for y in value_years(v)}) != 1:
            return None
        return f"the question asks for a total; this figure is one value ({ops[0].label})"
    return None


def misfit(ask: Ask, c: Claim, claims: Sequence[Claim], named: Named) -> Fit | None:
    """Why ``c`` does not answer ``ask`` (year, row or operation), or None when it does."""
    ev = c.evidence
    if ev is None or ev.rule == "question":
        return None
    if not years_fit(ask, ev.operands):
        asked = ", ".join(str(y) for y in sorted(ask.years))
        where = "; ".join(f"{v.label or v.field} ({_years(v)})" for v in ev.operands[:2])
        return Fit("year", f"the question asks about {asked}; this figure comes from {where}")
    # A cell of another row, or a derivation all of whose operands are of other rows when the
    # question names its row firmly (a name written as one, "Oceania"; two words or more).
    others = [named.misnamed(v) for v in ev.operands]
    if ev.operands and all(others) and (len(others) == 1 or named.firm(str(others[0]))):
        where = "; ".join(v.label or v.field or "" for v in ev.operands[:2])
        return Fit("row", f"the question names {others[0]!r}; this figure comes from {where}")
    base = _underlying(claims, c)
    why = _op_misfit(ask, c, base, named) if base is not None else None
    return Fit("op", why) if why else None


def _list(years: Iterable[int]) -> str:
    return ", ".join(str(y) for y in sorted(years))


def _years(v: SourceValue) -> str:
    return "/".join(str(y) for y in sorted(value_years(v)))


def line_witness(ask: Ask, c: Claim, values: Sequence[SourceValue]) -> Evidence | None:
    """For an average or total asked and answered with one cell: the mean (or sum) of the cell's
    row or column that the figure states, over the asked years when the question names some."""
    ev = c.evidence
    if ask.op not in ("average", "sum") or ev is None or ev.rule != "direct" or not ev.operands:
        return None
    sv = ev.operands[0]
    if sv.table is None or not sv.value:
        return None
    m = c.mention
    scale = m.value / sv.value
    row = [v for v in values if _same_line(v, sv, "row_index")]
    col = [
        v for v in values if _same_line(v, sv, "col_index") and not _TOTAL_LABEL.search(v.row or "")
    ]
    for line in (row, col):
        picked = [v for v in line if value_years(v) & ask.years] if ask.years else []
        for group in (picked, line):
            if len(group) < 2:
                continue
            total = sum((v.value for v in group), Decimal(0))
            result = total / len(group) if ask.op == "average" else total
            if abs(abs(result * scale) - abs(m.value)) <= m.precision:
                word = "mean" if ask.op == "average" else "sum"
                formula = f"{word} of " + ", ".join(f"{v.label} ({v.value})" for v in group)
                return Evidence(
                    "question", "mean" if word == "mean" else "sum", formula, tuple(group), result
                )
    return None


def _same_line(v: SourceValue, sv: SourceValue, axis: str) -> bool:
    return (
        v.source_id == sv.source_id
        and v.table == sv.table
        and getattr(v, axis) == getattr(sv, axis)
        and v.view == sv.view
    )


def off_question(c: Claim, fit: Fit) -> Claim:
    """``c`` as an ``off_question`` claim, keeping its evidence for the explanation."""
    return replace(c, status="off_question", message=fit.message)


def _refit(
    ask: Ask,
    i: int,
    c: Claim,
    claims: Sequence[Claim],
    named: Named,
    values: Sequence[SourceValue],
    rerun: Rerun,
) -> Claim | None:
    """Another reading of a misfit figure that does fit the question, or None."""
    witness = line_witness(ask, c, values)
    if witness is not None:
        return replace(c, status="derived", evidence=witness, message="")
    # the asked years alone first: a tie between two years resolves to the asked one
    for keep in named.keeps():
        for direct in (True, False):
            verdict = rerun(i, keep, direct, claims)
            if verdict is None or verdict.status not in PASSING_STATUSES:
                continue
            again = replace(c, status=verdict.status, evidence=verdict.evidence, message="")
            if misfit(ask, again, claims, named) is None:
                return again
    return None


def _in_question(
    ask: Ask, i: int, c: Claim, claims: Sequence[Claim], named: Named, rerun: Rerun
) -> Claim | None:
    """An unsupported final figure proved over the values the question names, or None."""
    verdict = rerun(i, named.keeps()[-1], True, claims)
    if verdict is None or verdict.status not in PASSING_STATUSES:
        return None
    found = replace(c, status=verdict.status, evidence=verdict.evidence, message="")
    return found if misfit(ask, found, claims, named) is None else None


def align_answer(
    ask: Ask,
    claims: Sequence[Claim],
    text: str,
    values: Sequence[SourceValue],
    rerun: Rerun,
) -> list[Claim]:
    """The claims with the final figures that answer another question made ``off_question``
    (and misfits that another reading fits given that reading's evidence)."""
    out = list(claims)
    finals, marked = final_figures(text, claims)
    final_ids = {id(c) for c in finals}
    judged: dict[int, Claim] = {}
    named = Named(ask, values)
    # Most answers fit: then nothing is judged again (the re-runs below are the costly part).
    fitting = [c.passed and misfit(ask, c, claims, named) is None for c in finals]
    # Each figure answers a part of a "respective" question, as after an answer marker.
    marked = marked or ask.several
    if all(fitting) or (not marked and any(fitting)):
        if not any(c.status == "unsupported" for c in finals) or not named.any_named():
            return out
    fits_any = False
    # Every figure in order when a final figure that does not fit stands on earlier figures
    # (a restatement or a step sees their refits); else the final figures only.
    earlier = any(
        not ok and c.evidence is not None and c.evidence.rule == "steps"
        for c, ok in zip(finals, fitting, strict=True)
    )
    for i, c in enumerate(claims):
        if not earlier and id(c) not in final_ids:
            continue
        if c.status == "unsupported" and id(c) in final_ids and named.any_named():
            # "The change was $530,000." answering "What was the change in Oceania's revenue?":
            # the question says which row the answer's bare figure is about.
            found = _in_question(ask, i, c, out, named, rerun)
            if found is not None:
                out[i] = c = found
        if not c.passed:
            continue
        fit = misfit(ask, c, out, named)
        final = id(c) in final_ids
        if fit is None:
            fits_any = fits_any or final
            continue
        better = _refit(ask, i, c, out, named, values, rerun)
        if better is not None:
            fits_any = fits_any or final
            out[i] = better
        elif final:
            judged[i] = off_question(c, fit)
    if not marked and fits_any:
        judged = {}
    elif not marked or ask.several:
        last = max((c.sentence.index for c in finals if c.passed), default=-1)
        judged = {i: c for i, c in judged.items() if c.sentence.index == last}
    for i, c in judged.items():
        out[i] = c
    return out
