"""The rows a claim's sentence (or the one before it) names, for the derivation rules.

:func:`focus_group` narrows a group of source values to the cells of the rows the sentence names,
so a large scope can still be searched for a change of one row; :func:`states_a_cell` tells when a
claim reads as the value of one row in one year, so a derivation landing on it is a coincidence.
Also home of the look-back to the previous sentence shared with
:mod:`crossfoot.language.prevsentence`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from crossfoot.language.base_side import beside_year
from crossfoot.language.operation_words import OPERATION as _OPERATION
from crossfoot.language.operation_words import may_operate as _may_operate
from crossfoot.language.order import number_year, number_year_date
from crossfoot.language.prior_year import prior_year
from crossfoot.language.rowsynonyms import other_names
from crossfoot.language.rowtokens import label_tokens, required_tokens, tokens, ways_to_name
from crossfoot.language.rowvocab import row_words
from crossfoot.language.rowwords import only_row_words
from crossfoot.language.section_line import names_section_line
from crossfoot.language.years import field_stem
from crossfoot.model.context import ClaimContext
from crossfoot.model.index import ValueIndex
from crossfoot.model.types import SourceValue

__all__ = ["focus_group", "focus_text", "is_filler", "previous_sentence", "states_a_cell"]


def _year(ctx: ClaimContext) -> int | None:
    s = ctx.sentence
    return number_year(ctx.text, s.start, s.end, ctx.mentions, ctx.position)


def _year_date(ctx: ClaimContext) -> tuple[int | None, tuple[int, int, int] | None]:
    """``_year(ctx)`` and the full date it ends, if one (:func:`number_year_date`)."""
    s = ctx.sentence
    prior = prior_year(ctx.text, s.start, s.end, ctx.mentions, ctx.position)
    if prior is not None:
        return prior, None  # "$3.8 million the year before" of 2024: a 2023 figure
    return number_year_date(ctx.text, s.start, s.end, ctx.mentions, ctx.position)


# The sentence before the claim's own may name the row ("What was the change in Appliances?
# The answer is -94 million."): look back to the previous sentence end, at most this far.
_LOOKBACK = 300
_SENTENCE_END = re.compile(r"[.?!](?:\s|$)|\n")

# A sentence of courtesy or framing names nothing ("Sure! Based on the table above, here is the
# calculation.", a "Final answer" heading): the look-back passes over it to the sentence before.
_FILLER_WORDS = frozenset(
    """sure certainly course absolutely great okay ok alright yes of happy glad to help here
    here's heres is are the a an calculation calculations answer answers final based on in table
    tables above below data context information provided given let let's lets me us i i'll we
    we'll will can you your question step steps by result results solution following this that
    it it's from according looking at using see show shown work working out how as follows
    summary short brief""".split()
)
_WORD = re.compile(r"[a-z']+")


def is_filler(sentence: str) -> bool:
    """Whether ``sentence`` only frames the answer: no digit, and every word one of courtesy or
    framing.

    >>> is_filler("Sure! Based on the table above, here is the calculation.")
    True
    >>> is_filler("Final answer")
    True
    >>> is_filler("What was the change in Appliances?"), is_filler("Here is the 2019 figure.")
    (False, False)
    """
    if any(ch.isdigit() for ch in sentence):
        return False
    words = _WORD.findall(sentence.lower())
    return bool(words) and all(w in _FILLER_WORDS for w in words)


def previous_sentence(text: str, start: int) -> tuple[int, int]:
    """The span of the sentence before the one starting at ``start`` (at most ``_LOOKBACK``
    back), passing over sentences that only frame the answer (:func:`is_filler`): its end is
    ``start`` unless framing stood between them.

    >>> t = "What was X? Sure! Here is the calculation. X was 5."
    >>> t[slice(*previous_sentence(t, t.index("X was")))]
    'What was X? '
    """
    global _PREVIOUS
    kept = _PREVIOUS
    if kept[0] is text:
        span = kept[1].get(start)
        if span is not None:
            return span
    else:
        kept = (text, {})
    span = read_previous_sentence(text, start)
    kept[1][start] = span
    _PREVIOUS = kept  # (after the span is in: another thread reads a complete memo)
    return span


# The text previous_sentence read last (by identity: the answer every rule of it reads) and the
# span before each sentence start it was asked: ~15 us a reading, and the rules of an answer ask
# for the same sentence's again (45 % of the calls; tests/test_speed_paths_speed30.py).
_PREVIOUS: tuple[str, dict[int, tuple[int, int]]] = ("", {})


def read_previous_sentence(text: str, start: int) -> tuple[int, int]:
    """:func:`previous_sentence` read afresh."""
    lo = max(0, start - _LOOKBACK)
    end = start
    while True:
        before = text[lo:end].rstrip().rstrip(".?!")
        ends = [e.end() for e in _SENTENCE_END.finditer(before)]
        begin = lo + (ends[-1] if ends else 0)
        if begin >= end or begin == lo or not is_filler(text[begin:end]):
            return begin, end
        end = begin


_REQ_CACHE: dict[str, frozenset[str]] = {}


def _cached_required(label: str) -> frozenset[str]:
    req = _REQ_CACHE.get(label)
    if req is None:
        if len(_REQ_CACHE) > 4096:
            _REQ_CACHE.clear()
        req = _REQ_CACHE[label] = required_tokens(label)
    return req


_TOTAL_ONLY = frozenset({"total"})


def _focus_required(label: str) -> frozenset[str]:
    """The tokens that name a row for the derivation focus: a bare "Total" row (too generic to
    name alone, so it requires nothing) is named by "total" ("the change of total goodwill" is
    the Total row's change)."""
    req = _cached_required(label)
    if not req and label_tokens(label) == _TOTAL_ONLY:
        return _TOTAL_ONLY
    return req


_GENERIC_MEMO: dict[tuple[str, str], bool] = {}


def _quoted_generic(label: str, text: str) -> bool:
    """Whether ``text`` names a row of generic words ("Other", "Total Other", "Others") by its
    label as the table writes it, capital included, inside a sentence ("the change in Total
    Other", "between trade names and Other intangible assets"): a sentence's first word is
    capitalised anyway, and "other" in lower case is a word, not the row.

    >>> _quoted_generic("Others", "What was the change in the Others?")
    True
    >>> _quoted_generic("Other", "Other costs rose."), _quoted_generic("Other", "other costs")
    (False, False)
    """
    key = (label, text)
    hit = _GENERIC_MEMO.get(key)
    if hit is None:
        if len(_GENERIC_MEMO) > 4096:
            _GENERIC_MEMO.clear()
        own = label.rpartition(":")[2].strip().rstrip(" .")
        hit = False
        if own[:1].isupper() and label_tokens(own):
            for m in re.finditer(rf"(?<![\w-]){re.escape(own)}(?![\w-])", text):
                before = text[: m.start()].rstrip()
                if before and before[-1] not in ".?!:\n\"'":
                    hit = True
                    break
        _GENERIC_MEMO[key] = hit
    return hit


def focus_text(ctx: ClaimContext) -> str:
    """The claim's sentence with the sentence before it (which may be the question), and the
    user's question when the engine judges a final figure in its light (rules.alignment)."""
    s = ctx.sentence
    asked = ctx.notes.get("question")  # set when a final figure is judged again in its light
    # Every claim of a sentence has the same focus, and several rules read it: made once per
    # answer (the memo is kept with the answer's text; a new text starts it afresh).
    memo = ctx.shared.get("rowfocus.focus_text")
    if type(memo) is not tuple or memo[0] is not ctx.text:
        memo = ctx.shared["rowfocus.focus_text"] = (ctx.text, {})
    key = (s.start, s.end, asked if isinstance(asked, str) else None)
    made: str | None = memo[1].get(key)
    if made is None:
        # the previous sentence, framing between them passed over (its words are no wording)
        start, end = previous_sentence(ctx.text, s.start)
        made = (
            ctx.text[start:end]
            + ctx.text[s.start : s.end]
            + (f" {asked}" if isinstance(asked, str) else "")
        )
        memo[1][key] = made
    return made


_QUALIFIER = re.compile(r"\s*\([^()]*\)")


@lru_cache(maxsize=8192)
def unqualified(label: str) -> frozenset[str] | None:
    """The words that name ``label`` without its parenthesised qualifier, when those are two
    content words or more ("operating margin" for *Operating margin (as percentage of net
    revenues)*); None for a label without one, or whose own words are too few to name it.

    >>> sorted(unqualified("Operating margin (as percentage of net revenues)"))
    ['margin', 'operating']
    >>> unqualified("Net income (loss)") is None, unqualified("Revenue") is None
    (True, True)
    """
    own = label.rpartition(":")[2]
    if "(" not in own:
        return None
    bare = required_tokens(_QUALIFIER.sub(" ", own))
    return bare if len(bare) >= 2 and bare != required_tokens(own) else None


@lru_cache(maxsize=8192)
def _section_of(label: str, row: str) -> str:
    """The section a cell's row sits in, from the cell's label ("Purchase obligations" for
    *Purchase obligations: Inventory purchase commitments / Total*); "" for no section."""
    head, sep, _ = label.partition(row)
    head = head.rstrip()
    return head.removesuffix(":") if sep and head.endswith(":") else ""


def _total_of(toks: list[str], section: frozenset[str]) -> bool:
    """Whether ``toks`` name the total of ``section`` ("total revenues" for *Revenue:*): the
    word "total" right before the section's words.

    >>> _total_of(["change", "total", "net", "revenue"], frozenset({"revenue"}))
    True
    >>> _total_of(["revenue", "total"], frozenset({"revenue"}))
    False
    """
    n = len(section)
    return any(t == "total" and section <= set(toks[i + 1 : i + 2 + n]) for i, t in enumerate(toks))


def _section_rows(
    values: Iterable[SourceValue], picked: list[SourceValue], toks: list[str]
) -> list[SourceValue]:
    """The cells of the sections ``toks`` name whose rows none of them names by their own
    words: a section stands for its rows ("purchase obligations as a percentage of total
    contractual obligations" over the rows under *Purchase obligations:*). A section some of
    whose rows are named is narrowed to those. "Total revenue" over a table whose *Revenue:*
    heading is followed, after its rows, by a bare *Total* row names that row (picked), not
    the section's rows as well."""

    def key(v: SourceValue) -> tuple[str, int | None, str]:
        return (v.source_id, v.table, _section_of(v.label, v.row or ""))

    words = set(toks)
    direct = {key(v) for v in picked if v.row}
    totals = {
        (v.source_id, v.table)
        for v in picked
        if v.row and not key(v)[2] and label_tokens(v.row) == _TOTAL_ONLY
    }
    # "cost of revenue" names the row *Cost of revenue*, whose words hold the heading
    # *Revenue:*: the heading's words are that row's, not a name of the section
    holds: dict[tuple[str, int | None], list[frozenset[str]]] = {}
    for v in picked:
        if v.row:
            holds.setdefault((v.source_id, v.table), []).append(_cached_required(v.row))
    chosen = {id(v) for v in picked}
    named: dict[tuple[str, int | None, str], list[SourceValue]] = {}
    for v in values:
        if v.row is None or v.table is None or id(v) in chosen:
            continue
        k = key(v)
        if k[2] and k not in direct and (sec := _cached_required(k[2])) and sec <= words:
            if (k[:2] in totals and _total_of(toks, sec)) or any(
                sec < own for own in holds.get(k[:2], ())
            ):
                continue
            named.setdefault(k, []).append(v)
    # "cost of revenue" names *Cost of revenue:*, not also *Revenue:* (the most specific one)
    words_of = {k: _cached_required(k[2]) for k in named}
    return [
        v
        for k, cells in named.items()
        if not any(o[:2] == k[:2] and words_of[k] < words_of[o] for o in named)
        for v in cells
    ]


def _by_other_name(label: str, words: set[str]) -> bool:
    """Whether ``words`` name ``label`` by the abbreviation it defines, or by its words without
    it ("PSP" or "performance share plan" for *Performance Share Plan ('PSP')*)."""
    ways = ways_to_name(label)
    if len(ways) > 1 and any(w <= words for w in ways):
        return True
    bare = unqualified(label)
    return bare is not None and bare <= words


def focus_group(ctx: ClaimContext, group: ValueIndex, *, whole: bool = False) -> ValueIndex | None:
    """The cells of ``group`` in table rows the claim's sentence (or the one before) names.

    A scope too large to search whole (``max_derivation_operands``) is still searched within
    the rows the answer names: a change of "Appliances" between two years needs only that row.
    None when no row is named, or when every value is in a named row (unless ``whole``: then
    ``group`` itself).

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import Mention, Sentence
    >>> from crossfoot.model.context import Scope
    >>> from crossfoot.model.options import Options
    >>> vals = [SourceValue(Decimal(v), "S", row=r, table=0) for v, r in
    ...         [(680, "Appliances"), (774, "Appliances"), (993, "Data and devices")]]
    >>> text = "Appliances fell by 94."
    >>> m = Mention("94", 19, 21, Decimal(94), "number", Decimal("0.5"))
    >>> g = ValueIndex(vals)
    >>> ctx = ClaimContext(m, Sentence(0, 0, len(text), text), text, (m,), 0,
    ...     Scope((), False, g, (g,)), Options())
    >>> [int(v.value) for v in focus_group(ctx, g)]
    [680, 774]
    """
    # Every claim of a sentence asks for the same focus: made once per answer, and the same
    # index object each time (the derivation search keeps per-group data keyed by it).
    memo: dict[tuple[int, int, int, bool], tuple[ValueIndex, ValueIndex | None]]
    memo = ctx.shared.setdefault("rowmatch.focus", {})  # type: ignore[assignment]
    key = (id(group), ctx.sentence.start, ctx.sentence.end, whole)
    hit = memo.get(key)
    if hit is not None and hit[0] is group:
        return hit[1]
    text = focus_text(ctx)
    toks = tokens(text)
    words = set(toks)
    picked = _picked(group, text, words, whole)
    # "sales" for *Revenue*, "EBITDA" for *EBITA* (language.rowsynonyms): a second look, kept
    # when it names more rows ("investor relations over the overall operating cost")
    other = other_names(words, row_words(group), toks)
    if other is not None:
        more = _picked(group, text, other, whole)
        if len({v.row for v in more}) > len({v.row for v in picked}):
            picked, toks = more, [*toks, *(other - words)]
    picked.extend(_section_rows(group.values, picked, toks))
    found: ValueIndex | None
    if not picked:
        found = None
    elif len(picked) == len(group):
        found = group if whole else None
    else:
        found = ValueIndex(picked)
    memo[key] = (group, found)  # the group is held, so its id() is not reused meanwhile
    return found


def _picked(group: ValueIndex, text: str, words: set[str], whole: bool) -> list[SourceValue]:
    """The values of ``group`` in the rows (or record series) ``words`` name (focus_group)."""
    picked = []
    for sv in group.values:
        if sv.row is not None and sv.table is not None:
            req = _focus_required(sv.row)
            if not req and (_quoted_generic(sv.row, text) or names_section_line(sv, text)):
                picked.append(sv)
                continue
        elif whole and sv.field is not None:
            # a record's series ("ridership_2022", "ridership_2023") is named by its stem: the
            # exact search of a coarse figure ("fell by 1.4 million") looks there too
            stem = field_stem(sv)
            req = _cached_required(stem) if stem else frozenset()
        else:
            continue
        if req and (req <= words or (sv.row is not None and _by_other_name(sv.row, words))):
            picked.append(sv)
    return picked


def states_a_cell(ctx: ClaimContext, amount: bool) -> bool:
    """Whether the claim reads as the value of a table row in a year ("The Adjusted EBITDA in 2019
    is $34.4 million"): its sentence names the row, the year has a cell of the claim's class
    (``amount`` or percent) in that row, and no operation word appears (nor a minus written
    on the figure where the row's cell of that year is positive: "South -343 in 2023" is a
    change). Such a figure is that cell or wrong; a derivation that happens to land on it is a
    coincidence.
    """
    s = ctx.sentence
    # The sentence's words and the scope's cells are the same for every claim of the sentence
    # over one scope: kept per answer for each (sentence, scope), and below for each (sentence,
    # scope, class). (The scope is part of the key: engine._elsewhere judges a sentence again
    # over the records it does not cite, whose rows may own its operation word.)
    index = ctx.scope.index
    memo: dict[tuple[int, int, int], tuple[ValueIndex, frozenset[str] | None]]
    memo = ctx.shared.setdefault("rowmatch.cell_words", {})  # type: ignore[assignment]
    span = (id(index), s.start, s.end)
    kept = memo.get(span)
    if kept is not None and kept[0] is index:
        words = kept[1]
    else:
        sentence = ctx.text[s.start : s.end]
        words = frozenset(tokens(sentence))
        values = ctx.scope.index.values
        if (
            _may_operate(sentence)
            and _OPERATION.search(sentence)
            and (len(values) > 256 or not only_row_words(_OPERATION, sentence, words, values))
        ) or beside_year(sentence):  # ("$52M above the 2022 figure": a gap, language.base_side)
            # an operation word that is no named row's own ("Total revenue"; a large scope is
            # not scanned for the rows' words)
            words = None
        memo[span] = (index, words)  # the index is held, so its id() is not reused meanwhile
    if words is None:
        return False  # an operation word
    # The years of the scope's cells in rows the sentence names, of the claim's class: made once
    # per sentence (in a large scope only once a claim of it states a year: a scan costs more),
    # then a claim needs the number's year (a costly read) only if there are any.
    found: dict[tuple[int, int, int, bool], tuple[ValueIndex, frozenset[int], frozenset[int]]]
    found = ctx.shared.setdefault("rowmatch.states_a_cell", {})  # type: ignore[assignment]
    key = (id(index), s.start, s.end, amount)
    hit = found.get(key)
    year = None
    if hit is None or hit[0] is not index:
        if len(index) > 256:  # a scan costs more than the year: only when a year is stated
            year = _year(ctx)
            if year is None:
                return False
        hit = (index, *_years_of_named_rows(index.values, amount, words))
        found[key] = hit  # the index is held, so its id() is not reused meanwhile
    if not hit[1]:
        return False
    year = _year(ctx) if year is None else year
    if year not in hit[1]:
        return False
    # "South -343 in 2023" over a row of positive cells: a minus written on the figure states a
    # change as plainly as "+343" (an operation sign above) does; a level written so is a cell
    # of its own sign ("net change in cash of -16 thousand"), which stays a cell.
    return not (_minus_written(ctx) and year not in hit[2])


def _minus_written(ctx: ClaimContext) -> bool:
    m = ctx.mention
    return m.negative and m.text.lstrip().startswith(("-", "−"))  # (not "" in "-−": True)


def _years_of_named_rows(
    values: Iterable[SourceValue], amount: bool, words: frozenset[str]
) -> tuple[frozenset[int], frozenset[int]]:
    """The years of one cell of a named row, and those of them where such a cell is negative."""
    columns: dict[tuple[str, int | None, int | None, int], set[int | None]] = {}
    negative: set[int] = set()
    for sv in values:
        if sv.year is None or sv.row is None or sv.table is None:
            continue
        if (sv.kind == "percent") == amount:
            continue
        req = _cached_required(sv.row)
        if not req and sv.column:  # a table of years down its rows: the column is the line
            req = _cached_required(sv.column)
        if req and req <= words:
            key = (sv.source_id, sv.table, sv.row_index, sv.year)
            columns.setdefault(key, set()).add(sv.col_index)
            if sv.value < 0:
                negative.add(sv.year)
    # A year whose named row has a cell in several columns ("Q1 2025" ... "Q4 2025") names no
    # one cell: "new customers totaled 1,335 in 2025" is the year's sum of its quarters.
    years = frozenset(key[3] for key, cols in columns.items() if len(cols) == 1)
    return years, frozenset(negative)
