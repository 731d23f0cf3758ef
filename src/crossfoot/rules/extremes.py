"""A row the answer calls the highest (or lowest) of a column must be it.

"West had the highest 2024 revenue at $2.2M": $2.2M is West's cell, and East's $5.0M is higher.
Each figure passes its own check; the ranking word is wrong. A superlative that ranks a row
among the others (``language.extremes``: "highest", "largest", "lowest", "fewest"; not "the
second highest", "one of the largest", "its highest since 2019") is held to the figure it
ranks: the first figure after it in its sentence, or else the last before it. When that figure
is one cell of a table whose row the sentence names, and the words right after the superlative
name the cell's column ("the highest 2024 revenue", "the fewest orders"; a second superlative
of the sentence may lean on the first's: "and West the lowest"), the cell must be the greatest
(or least) of its column: every other row of the same table, column and kind, total and average
lines aside, at least three rows in all, none negative (is the largest loss the most
negative?). If another row goes past it, the figure becomes ``contradicted`` and names that
row. Anything less certain is left alone: a derived figure, a row not named, words that name
no column ("which is the largest", "the greatest amount": in financial answers these rank a
row's own years, ``rules.which_period``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from crossfoot.language.best_worst import PERIOD_NOUNS, best_worst, lower_is_better
from crossfoot.language.extremes import ASIDE as _ASIDE
from crossfoot.language.extremes import ROW_NOUNS, extremes, may_rank, ordinals, peaks
from crossfoot.language.period_columns import row_period
from crossfoot.language.years import YEAR_LABEL as _YEAR_ROW
from crossfoot.model.types import Claim, SourceValue, format_decimal, kind_family
from crossfoot.rules._growth_rank import growth_misranked
from crossfoot.rules.row_months import named_month
from crossfoot.sources.rows_label_match import label_search

__all__ = ["ranked_rows", "same_noun"]

_WORDS = re.compile(r"[a-z]{3,}")
# ("the strongest month": a series' rows); cut of a final "s" as the sentence's words are
# ("business" and "businesses" read "busine", "businesse")
_NOUNS = frozenset(
    w.rstrip("s") for n in ROW_NOUNS | PERIOD_NOUNS for w in (n, f"{n}es" if n[-1] == "s" else n)
)
_NAMING = re.compile(r"[^($,;.]*")  # the words after a superlative, up to its figure or comma
# A period shorter than a year the sentence names ("highest in Q4", "Widgets' strongest quarter"):
# the superlative ranks the row's own periods, not its column.
# ("half" only of a year, "may" only as a month: "over half of sales", "Cloud may remain" name none)
_SUB_PERIOD = re.compile(
    r"(?i)\b(?:q[1-4]|h[12]|quarters?|months?|weeks?|(?:first|second|1st|2nd|back)[\s-]+half|"
    r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|(?:in|of|since|until|through)\s+may|"
    r"may\s+\d|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b"
)
_YEAR_FIRST = re.compile(r"(?i)\s*(?:fiscal\s+|fy\s*)?((?:19|20)\d\d)\s+[a-z]")
# The last words before a superlative, in its clause (not past a comma or colon).
_HEAD = re.compile(r"((?:\b[\w'-]+[^\w,;:]+){1,6})$")
# (a verb that ranks, as the message names the rank)
_ADJECTIVE = {"led": "highest", "peaked": "highest", "bottomed": "lowest", "bottomed out": "lowest"}


def ranked_rows(text: str, claims: list[Claim], values: Sequence[SourceValue]) -> list[Claim]:
    """The claims, with a figure a superlative misranks ``contradicted`` (module docstring)."""
    if not may_rank(text):
        return claims
    out = list(claims)
    done: set[int] = set()
    for s in {id(c.sentence): c.sentence for c in claims}.values():
        idx = [i for i, c in enumerate(claims) if c.sentence is s]
        said = ""  # the words of the sentence's last superlative ("and West the lowest" reuses)
        ranks = [(a, b, h, False, 1) for a, b, h in extremes(text, s.start, s.end)]
        seen = {r[0] for r in ranks}  # ("the best month": language.best_worst)
        ranks += [
            (a, b, h, False, 1) for a, b, h in best_worst(text, s.start, s.end) if a not in seen
        ]
        ranks += [(a, b, h, True, 1) for a, b, h in peaks(text, s.start, s.end)]
        ranks += [(a, b, h, False, n) for a, b, h, n in ordinals(text, s.start, s.end)]
        for start, end, high, over_time, place in sorted(ranks):
            words = _NAMING.match(text, end, s.end)
            said = words.group(0) if words and _WORDS.search(words.group(0)) else said
            after = [i for i in idx if claims[i].mention.start >= end]
            before = [i for i in idx if claims[i].mention.end <= start]
            i = after[0] if after else before[-1] if before else None
            if i is None or i in done:
                continue
            done.add(i)
            # the clause's words before it name the column too ("Churn was lowest in March")
            head = _HEAD.search(text, max(s.start, start - 60), start)
            found = _misranked(
                text[s.start : s.end],
                claims[i],
                values,
                text[start:end],
                high,
                said,
                head.group(1) if head else "",
                over_time,
                place,
            )
            if found is not None:
                c = claims[i]
                out[i] = Claim(c.mention, c.sentence, "contradicted", c.evidence, found)
    return out


_RATE_SAID = re.compile(r"(?i)\s*(?:[a-z]+[\s-]+){0,2}(?:rate|ratio|margin|yield)s?\b")


def _unrated_good_bad(word: str, after: str) -> bool:
    """Whether ``word`` is "best" or "worst" (not "biggest", "weakest") of anything but a rate
    where more is better: "the best conversion rate, at 6.0%" ranks the derived rate; "the best
    month, up 12%" and "the best churn rate" are not read (language.best_worst)."""
    if word.lower() not in ("best", "worst"):
        return False
    return _RATE_SAID.match(after) is None or lower_is_better(after)


def _misranked(
    sentence: str,
    claim: Claim,
    values: Sequence[SourceValue],
    word: str,
    high: bool,
    after: str,
    head: str = "",
    over_time: bool = False,
    place: int = 1,
) -> str | None:
    """The message when the claim's cell is not its column's extreme, else None; ``after``:
    the words after the superlative, which must name the column ("the highest 2024 revenue"
    of a column "Revenue 2024"; not "which is the largest", "the greatest amount": those rank
    a row's years, rules.which_period), or else ``head``, the clause's words before it ("Churn
    was lowest in West"), unless the row is a year (rules._period_rank ranks those)."""
    ev = claim.evidence
    derived = claim.passed and place == 1 and not _unrated_good_bad(word, after)
    if derived and ev is not None and ev.kind != "cell":
        # ("grew fastest, up 12.2%")
        return growth_misranked(
            ev, values, _ADJECTIVE.get(word.lower(), word), high, sentence, after, head
        )
    if not claim.passed or ev is None or len(ev.operands) != 1:
        return None
    v = ev.operands[0]
    if v.table is None or v.row_index is None or not v.row or v.value < 0:
        return None
    if word.lower() in ("best", "worst") and lower_is_better(v.column):
        return None  # (the worst month for churn is its highest: not read)
    if over_time and not (
        _period_said(v, sentence) or (_YEAR_ROW.fullmatch(v.row.strip()) and v.row in sentence)
    ):
        return None  # "peaked" ranks periods: among rows only where each row is one
    if not label_search(v.row, sentence) and not _period_said(v, sentence):
        return None  # the sentence names no row: the ranking may be of something else
    if not _YEAR_ROW.fullmatch(v.row.strip()):  # (a year ranked by its subject: _period_rank)
        after = f"{after} {head}"
    named = {w.rstrip("s") for w in _WORDS.findall(after.lower())[:9]}
    if not same_noun(named, {w.rstrip("s") for w in _WORDS.findall((v.column or "").lower())}):
        # "the highest 2024 sales" of a column "2024": the year that modifies the noun names
        # it ("highest in 2024" may rank the row's own years: rules.which_period)
        year = _YEAR_FIRST.match(after) or _noun_year(after, head)
        if year is None or year[1] not in (v.column or "") or year[1] in v.row:
            # ("the most affected region": "most" before an adjective ranks no column)
            ranks = word.lower() not in ("most", "least")
            if not (ranks and named & _NOUNS and _column_said(v, sentence, values)):
                return None
    peers: dict[int, SourceValue] = {}
    long = _long_row(v)
    for w in values:
        if (
            w.source_id == v.source_id
            and w.table == v.table
            and w.col_index == v.col_index
            and w.view == v.view
            and w.row_index is not None
            and w.row_index != v.row_index
            and kind_family(w.kind) == kind_family(v.kind)
            and not _ASIDE.search(w.row or "")
            and (not long or (w.year == v.year and w.row != v.row))  # (the same year's rows)
        ):
            peers[w.row_index] = w
    if len(peers) < max(2, place - 1) or any(w.value < 0 for w in peers.values()):
        return None
    if place > 1:
        return _misplaced(v, list(peers.values()), _ADJECTIVE.get(word.lower(), word), high, place)
    top = max(peers.values(), key=lambda w: w.value if high else -w.value)
    if (top.value > v.value) if high else (top.value < v.value):
        return (
            f"{v.row} is not the {_ADJECTIVE.get(word.lower(), word)} of "
            f"{v.column or 'its column'}: {top.row} has "
            f"{format_decimal(top.value)} against {format_decimal(v.value)}"
        )
    return None


# "the lowest sales in 2023": an article, a noun or two, then the year, which names a column of
# years ("sales were lowest in 2023", with no noun, ranks the row's own years: which_period).
_NOUN_YEAR = re.compile(r"(?i)\s*(?:[a-z]{3,}\s+){1,2}in\s+(?:fiscal\s+|fy\s*)?((?:19|20)\d\d)\b")


_THE = re.compile(r"(?i)\bthe\s+(?:(?:second|third|fourth|fifth|2nd|3rd|4th|5th)[\s-]+)?$")


def _noun_year(after: str, head: str) -> re.Match[str] | None:
    """The year of "the lowest sales in 2023" (``after`` the superlative, ``head`` before it,
    which must end in "the"), else None."""
    if not _THE.search(head):
        return None
    return _NOUN_YEAR.match(after)


_NTH = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def _misplaced(
    v: SourceValue, peers: list[SourceValue], word: str, high: bool, place: int
) -> str | None:
    """The message when ``v`` does not rank ``place``-th of its column ("the second largest"),
    else None; a tie may take any of the places it spans."""
    ahead = sorted(
        (w for w in peers if (w.value > v.value if high else w.value < v.value)),
        key=lambda w: -w.value if high else w.value,
    )
    tied = sum(w.value == v.value for w in peers)
    if len(ahead) + 1 <= place <= len(ahead) + 1 + tied:
        return None
    nth = _NTH.get(len(ahead) + 1, f"{len(ahead) + 1}th")
    said = f"{v.row} is not the {_NTH[place]} {word} of {v.column or 'its column'}"
    if not ahead:
        return f"{said}: it is the {word}, {format_decimal(v.value)}"
    rows = ", ".join(f"{w.row} {format_decimal(w.value)}" for w in ahead[:4])
    return f"{said}: it ranks {nth}, after {rows}, with {format_decimal(v.value)}"


def _column_said(v: SourceValue, sentence: str, values: Sequence[SourceValue]) -> bool:
    """Whether the sentence names the cell's column by the year it holds, and names no other
    year ("the largest region in 2023" of a cell of the 2023 column), or no year at all; or the
    column is the table's only one of figures and the sentence names no year."""
    said = {int(y) for y in _ANY_YEAR.findall(sentence)}
    if v.year is None or (said <= {v.year} and row_period(v) is not None):  # (a month's row)
        return not said and (
            _header_said(v, sentence)  # "the strongest month, with $118,000 in revenue"
            or all(
                w.col_index == v.col_index
                for w in values
                if w.source_id == v.source_id and w.table == v.table
            )
        )
    if str(v.year) in (v.column or "") or _long_row(v):
        # (no year said: the figure quoted with its rank is of its own column, "Cloud remained
        # the largest segment at $1.56 billion")
        return said == {v.year} or (not said and _SUB_PERIOD.search(sentence) is None)
    return False


def _header_said(v: SourceValue, sentence: str) -> bool:
    """Whether the sentence names the cell's column by every word of its header."""
    words = _WORDS.findall((v.column or "").lower().replace("_", " "))
    low = sentence.lower()
    return bool(words) and all(re.search(rf"\b{re.escape(w)}", low) for w in words)


def _long_row(v: SourceValue) -> bool:
    """Whether ``v`` is a row of a long result set (region, year, value): its year is a cell
    of its row, in neither its column's label nor its row's."""
    return (
        v.year is not None
        and str(v.year) not in (v.column or "")
        and not _YEAR_ROW.fullmatch((v.row or "").strip())
    )


_ANY_YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")


def _period_said(v: SourceValue, sentence: str) -> bool:
    """Whether the sentence names the one month or quarter of a row labelled by its period
    ("lowest in February" of a row "2024-02")."""
    own = row_period(v)  # (a column's period ranks its row's cells: rules._quarter_rank)
    if own is None:
        return False
    return any(p == own[1] and y in (None, own[0]) for y, p in named_month(sentence))


def same_noun(said: AbstractSet[str], column: AbstractSet[str]) -> bool:
    """Whether a word of the sentence names a word of the column, up to an ending ("churn"
    names "churned", "revenue" names "revenues"; both words cut of a final "s")."""
    return bool(said & column) or any(
        min(len(a), len(b)) >= 4
        and (a.startswith(b) or b.startswith(a))
        and abs(len(a) - len(b)) <= 3
        for a in said
        for b in column
    )
