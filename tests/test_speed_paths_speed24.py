"""The short cuts of round 15 (issue 19, speed24) against the readings they skip:

- ``labelquote._digits``: a figure written as digits, commas and points (with a "$" before or a
  "%" after) is its own one token, so the token reader is skipped; hypothesis texts of digits,
  marks, letters and spaces against ``_digits_read``, and a short cut that keeps the commas is
  caught;
- ``sources.rows_label_match.label_search``: an ASCII row label found in an ASCII text by string
  search, every split of a separator run tried, in place of compiling the label's case-blind
  pattern (0.1-0.3 ms a new label); hypothesis labels and texts of words, cases, separators,
  digits and non-ASCII letters against the pattern, and a search that does not give back
  separators is caught;
- ``trace_checks._named_column``: the words of the evidence's columns are read only when the
  figure's noun or clause names a measured column, each column once; hypothesis claims against
  the plain reading of round 14 (every operand's column words, read first), and a short cut
  that forgets a column's words is caught.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import crossfoot.front.trace_checks as trace_checks
import crossfoot.language.labelquote as labelquote
from crossfoot.front.trace_checks import _clause
from crossfoot.front.trace_keep import column_words
from crossfoot.language.labelquote import _digits_read
from crossfoot.model.types import Claim, Evidence, Mention, Sentence, SourceValue
from crossfoot.sources import rows_label_match
from deep import examples

# ----------------------------------------------------------------------------- labelquote


@settings(max_examples=examples(300, 1500), deadline=None)
@given(st.text(alphabet="0123456789,.$%MmkB -x(", max_size=12))
@example("51,109")
@example("$4.21")
@example("323.3%")
@example("$4.21M")
@example("1,,2")
@example(",5")
@example("5.")
@example("$$5")
@example("5%%")
@example("$")
@example("")
def test_digits_short_cut_reads_what_the_tokens_read(text: str) -> None:
    assert labelquote._digits(text) == _digits_read(text)


def test_digits_short_cut_keeping_commas_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above fails for a short cut that forgets to drop the commas."""
    real = labelquote._digits

    def broken(text: str) -> str:
        return text if text[:1].isdigit() and "," in text else real(text)

    monkeypatch.setattr(labelquote, "_digits", broken)
    with pytest.raises(AssertionError):
        test_digits_short_cut_reads_what_the_tokens_read()


# ----------------------------------------------------------------------------- _named_column

_WORDS = ["revenue", "revenues", "orders", "Orders", "cost", "the", "in", "of", "total", "item",
          "rose", "was", "and", "had", "stores", "margin", "units", ",", ";"]  # fmt: skip
_COLUMNS = ["revenue", "orders", "cost_2024", "stores", "units sold", "Margin %", "item"]


def _named_column_plain(
    text: str, c: Claim, start: int, row_ids: frozenset[str], measured: frozenset[str]
) -> str:
    """``_named_column`` as it read before round 15 (every operand's column words first)."""
    ev = c.evidence
    if not c.passed or ev is None or not ev.operands:
        return ""
    if not all(o.source_id in row_ids and o.column is not None for o in ev.operands):
        return ""
    used = frozenset().union(*(column_words(o.column or "") for o in ev.operands))
    m = trace_checks._NOUN_AFTER.match(text[c.mention.end : c.mention.end + 60])
    if m is not None:
        word = m.group(1).lower().rstrip("s")
        if word in measured:
            return "" if word in used else m.group(1)
    clause = _clause(text, start, c.mention.start)
    before = [w for w in trace_checks._WORD.findall(clause) if w.lower().rstrip("s") in measured]
    if before and not any(w.lower().rstrip("s") in used for w in before):
        return before[-1]
    return ""


@st.composite
def _claims(draw: st.DrawFn) -> tuple[str, Claim, int, frozenset[str], frozenset[str]]:
    head = " ".join(draw(st.lists(st.sampled_from(_WORDS), max_size=8)))
    tail = " ".join(draw(st.lists(st.sampled_from(_WORDS), max_size=6)))
    figure = "51,109"
    text = f"{head} {figure} {tail}".strip()
    at = text.index(figure)
    mention = Mention(figure, at, at + len(figure), Decimal(51109), "number", Decimal("0.5"))
    sources = draw(st.lists(st.sampled_from(["rows", "other"]), min_size=1, max_size=4))
    columns = draw(
        st.lists(st.one_of(st.none(), st.sampled_from(_COLUMNS)), min_size=0, max_size=4)
    )
    operands = tuple(
        SourceValue(Decimal(1), s, column=col) for s, col in zip(sources, columns, strict=False)
    )
    status = draw(st.sampled_from(["supported_exact", "unsupported"]))
    evidence = draw(st.sampled_from([None, Evidence("direct", "cell", "x", operands)]))
    claim = Claim(mention, Sentence(0, 0, len(text), text), status, evidence)  # type: ignore[arg-type]
    start = draw(st.integers(0, at))
    nouns = ["revenue", "order", "cost", "store", "unit", "margin"]
    measured = frozenset(draw(st.lists(st.sampled_from(nouns), max_size=4)))
    return text, claim, start, frozenset({"rows"}), measured


def _two_columns() -> tuple[str, Claim, int, frozenset[str], frozenset[str]]:
    """A sum of a revenue and an orders cell tied to orders: no conflict."""
    text = "orders were 51,109 in total"
    at = text.index("51,109")
    mention = Mention("51,109", at, at + 6, Decimal(51109), "number", Decimal("0.5"))
    ops = (SourceValue(Decimal(1), "rows", column="revenue"),
           SourceValue(Decimal(1), "rows", column="orders"))  # fmt: skip
    claim = Claim(mention, Sentence(0, 0, len(text), text), "supported_exact",
                  Evidence("derive", "sum", "x", ops))  # fmt: skip
    return text, claim, 0, frozenset({"rows"}), frozenset({"order", "revenue"})


@settings(
    max_examples=examples(300, 1500), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(_claims())
@example(_two_columns())
def test_named_column_reads_what_the_plain_reading_reads(
    case: tuple[str, Claim, int, frozenset[str], frozenset[str]],
) -> None:
    text, claim, start, row_ids, measured = case
    assert trace_checks._named_column(text, claim, start, row_ids, measured) == _named_column_plain(
        text, claim, start, row_ids, measured
    )


def test_named_column_forgetting_a_column_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``_used`` that reads only the first of two columns names a column the evidence used."""
    monkeypatch.setattr(trace_checks, "_used", lambda columns: column_words(next(iter(columns))))
    args = _two_columns()
    assert _named_column_plain(*args) == ""
    assert trace_checks._named_column(*args) == "orders"
    with pytest.raises(AssertionError):
        test_named_column_reads_what_the_plain_reading_reads()


# ----------------------------------------------------------------------------- row labels

_LABEL_PARTS = ["north", "North", "AMERICA", "eu", "EUR", "-", "--", "_", " ", "  ", "\t",
                "2023", "12023", "q3", "Q3", "'s", ".", "Asia-Pacific", "asia", "pacific",
                "a", "k", "é", "K", "\x1c", "\n", "(", ")", "&"]  # fmt: skip
_LABEL_TEXT = st.lists(st.sampled_from(_LABEL_PARTS), max_size=9).map("".join)


def _pattern_says(label: str, text: str) -> bool:
    return rows_label_match.label_pattern(label).search(text) is not None


@settings(
    max_examples=examples(300, 3000), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(_LABEL_TEXT, _LABEL_TEXT)
@example("North America", "North-America's revenue")
@example("North America", "north__ -america")
@example("EU", "EUR 5")
@example("A -B", "a - -b")
@example("A -B", "a -b")
@example("A -B", "a-b")
@example("-5", "x -5 y")
@example("2023", "12023")
@example("  ", "x")
@example("Kelvin", "\u212aelvin")
def test_label_search_finds_what_the_pattern_finds(label: str, text: str) -> None:
    want = _pattern_says(label, text)
    assert rows_label_match.label_search(label, text) == want
    assert rows_label_match.label_search(label, text, text.lower()) == want


def test_label_search_without_the_split_runs_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search that takes the whole separator run before the next word (no giving back, as the
    pattern's backtracking does) misses "a - -b" for the label "A -B"."""

    def greedy(words: tuple[str, ...], k: int, pos: int, low: str) -> bool:
        if k == len(words):
            return pos >= len(low) or low[pos] not in rows_label_match._ALNUM
        end = pos
        while end < len(low) and low[end] in rows_label_match._SEPARATOR:
            end += 1
        return (
            end > pos
            and low.startswith(words[k], end)
            and greedy(words, k + 1, end + len(words[k]), low)
        )

    monkeypatch.setattr(rows_label_match, "_rest", greedy)
    with pytest.raises(AssertionError):
        test_label_search_finds_what_the_pattern_finds()
