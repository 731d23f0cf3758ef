"""Round 10 (speed13, issue 19): the wrong-row reading and the alignment's re-runs do less per
claim, and answer as the plain readings they replace.

- ``language.rowtokens.tokens``: each word's tokens kept in one dict (its spelling out, its one
  token or none), against the plain per-word reading;
- ``language.rowtables.rows_named_by``: the labels a sentence names, with a subset test in C
  before the glued-label reading, against the plain set of present tokens;
- ``rules._named.value_fits``: the question's filter of a re-run reads ``Named.misnamed`` once
  per (source, table, row, column), against the plain filter.

Each is compared with the plain reading on hypothesis inputs made of the pieces that matter; a
deliberately broken fast path is found by the same property (``hypothesis.find``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

from crossfoot.language import rowtokens
from crossfoot.language.asked import Ask, read_question
from crossfoot.language.rowtables import LabelTable, _score, rows_named_by
from crossfoot.language.rowtokens import _SPELLED, _WORD, _token, acronym, tokens
from crossfoot.model.types import SourceValue
from crossfoot.rules._named import Named, value_fits, value_years
from crossfoot.sources.load import load_sources

_SETTINGS = settings(
    max_examples=200, database=None, deadline=None, suppress_health_check=list(HealthCheck)
)
_FIND = settings(max_examples=2000, database=None, phases=[Phase.generate])

# --- language.rowtokens.tokens --------------------------------------------------------------


def _plain_tokens(text: str) -> list[str]:
    """The per-word reading tokens() kept before this round (the reference)."""
    out: list[str] = []
    for w in _WORD.findall(text.lower().replace(" & ", " and ")):
        spelled = _SPELLED.get(w)
        if spelled is not None:
            out.extend(spelled)
            continue
        t = _token(w)
        if t is not None:
            out.append(t)
    return out


_WORDS = [
    "Net",
    "sales",
    "Sales",
    "revenues",
    "the",
    "of",
    "and",
    "&",
    " & ",
    "R&D",
    "r&d",
    "SG&A",
    "pp&e",
    "EPS",
    "capex",
    "COGS",
    "company's",
    "'s",
    "companies",
    "boxes",
    "class",
    "status",
    "2019",
    "fy2019",
    "a",
    "I",
    "total",
    "expenses",
    "dividends1",
    "ſ",
    "İ",
    "K",
    " ",
    ", ",
    "(in millions)",
]
_TEXTS = st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=3)), max_size=14).map(
    " ".join
)


@_SETTINGS
@given(_TEXTS)
def test_tokens_equal_the_plain_reading(text: str) -> None:
    assert tokens(text) == _plain_tokens(text)
    assert tokens(text) == _plain_tokens(text)  # (the second time from the kept words)


def test_tokens_spell_out_abbreviations_after_import() -> None:
    # The memo is emptied after the "&" lines are added to _SPELLED: no word read before then
    # keeps a stale reading.
    assert tokens("R&D and SG&A rose; diluted EPS") == [
        "research",
        "development",
        "selling",
        "general",
        "administrative",
        "rose",
        "diluted",
        "earning",
        "share",
    ]


def test_a_memo_that_forgets_the_spelled_words_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(w: str) -> tuple[str, ...]:
        t = _token(w)  # (no look-up in _SPELLED)
        return () if t is None else (t,)

    rowtokens._WORD_TOKENS.clear()  # (the broken reading keeps nothing there)
    monkeypatch.setattr(rowtokens, "_word_tokens", broken)
    witness = find(_TEXTS, lambda t: tokens(t) != _plain_tokens(t), settings=_FIND)
    assert tokens(witness) != _plain_tokens(witness)


# --- language.rowtables.rows_named_by -------------------------------------------------------


def _plain_rows_named_by(table: LabelTable, words: set[str], glued: str = "") -> dict[str, float]:
    """rows_named_by as it read before this round (the reference)."""
    named: dict[str, float] = {}
    for label, toks in table.rows.items():
        req = table.req[label]
        present = frozenset(t for t in req if t in words or (len(t) >= 10 and t in glued))
        if req and present == req:
            named[label] = _score(toks, words)
        elif req and acronym(label) in words:
            named[label] = 1.0
    best = max(named.values(), default=0.0)
    return {
        a: sa
        for a, sa in named.items()
        if sa == best and not any(table.rows[a] < table.rows[b] for b in named if b != a)
    }


_LABEL_WORDS = [
    "net",
    "total",
    "sales",
    "cost",
    "revenue",
    "operating",
    "income",
    "research",
    "development",
    "selling",
    "general",
    "administrative",
    "totalassets",
    "shareholders",
    "equity",
    "other",
    "2019",
]


def _table(labels: Sequence[str]) -> LabelTable:
    rows = {label: rowtokens.label_tokens(label) for label in labels}
    req = {label: rowtokens.required_tokens(label) for label in rows}
    return LabelTable(rows, req, (), frozenset(), False)


_LABELS = st.lists(
    st.lists(st.sampled_from(_LABEL_WORDS), min_size=1, max_size=4).map(" ".join),
    min_size=1,
    max_size=6,
    unique=True,
)
_SAID = st.lists(st.sampled_from([*_LABEL_WORDS, "r&d", "sg&a", "the", "of"]), max_size=8)


@st.composite
def _cases(draw: st.DrawFn) -> tuple[LabelTable, set[str], str]:
    table = _table(draw(_LABELS))
    said = draw(_SAID)
    words = set(tokens(" ".join(said)))
    glued = draw(st.sampled_from(["", "".join(said), "totalassetsandshareholdersequity"]))
    return table, words, glued


@_SETTINGS
@given(_cases())
def test_rows_named_by_equals_the_plain_reading(case: tuple[LabelTable, set[str], str]) -> None:
    table, words, glued = case
    assert rows_named_by(table, words, glued) == _plain_rows_named_by(table, words, glued)
    assert rows_named_by(table, words) == _plain_rows_named_by(table, words)


def test_a_reading_without_glued_labels_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from crossfoot.language import rowtables

    monkeypatch.setattr(rowtables, "_present", lambda req, words, glued: req <= words)
    find(
        _cases(),
        lambda c: rows_named_by(*c) != _plain_rows_named_by(*c),
        settings=_FIND,
    )


# --- rules._named.value_fits ----------------------------------------------------------------

_TABLES = [
    "| | 2019 | 2018 |\n|---|---|---|\n| Net sales | 1,200 | 1,100 |\n"
    "| Cost of sales | 700 | 650 |\n| Operating income | 500 | 450 |\n\n(in millions)",
    "| | Fiscal 2020 | Fiscal 2019 | Change |\n|---|---|---|---|\n| Revenue | 90 | 80 | 10 |\n"
    "| Research and development | 30 | 25 | 5 |\n| Total | 120 | 105 | 15 |",
    "| | 1 to 3 years | 3 to 5 years | Total |\n|---|---|---|---|\n"
    "| Operating leases | 12 | 9 | 21 |\n| Finance leases | 4 | 2 | 6 |",
]
_QUESTION_WORDS = [
    "What",
    "was",
    "the",
    "change",
    "average",
    "net sales",
    "cost of sales",
    "revenue",
    "operating income",
    "research and development",
    "operating leases",
    "3 to 5 years",
    "in",
    "2019",
    "2018",
    "2020",
    "from",
    "to",
    "?",
]


def _plain_fits(ask: Ask, named: Named, change_base: bool) -> Callable[[SourceValue], bool]:
    years = ask.years
    if change_base:
        years = years | {y - 1 for y in years}
    # one year's level asked: no change column is a value of that year (rules._named.value_fits)
    level = len(ask.years) == 1 and ask.op not in ("change", "percent_change")
    change = re.compile(r"(?i)\bchange|\bincrease|\bdecrease|\bvs\b|\bvariance\b")

    def fits(v: SourceValue) -> bool:
        ys = value_years(v)
        if years and ys and not ys & years:
            return False
        if level and v.column and change.search(v.column):
            return False
        return named.misnamed(v) is None

    return fits


@_SETTINGS
@given(
    st.lists(st.sampled_from(_QUESTION_WORDS), min_size=1, max_size=10).map(" ".join),
    st.sets(st.sampled_from(range(len(_TABLES))), min_size=1),
    st.booleans(),
)
def test_the_question_filter_equals_the_plain_one(
    question: str, tables: set[int], change_base: bool
) -> None:
    values = load_sources([_TABLES[i] for i in sorted(tables)]).index(None).values
    ask = read_question(question)
    named = Named(ask, values)
    fast, plain = value_fits(ask, named, change_base), _plain_fits(ask, named, change_base)
    # twice over: the second pass reads the kept answers
    assert [fast(v) for v in values * 2] == [plain(v) for v in values * 2]


def test_a_filter_kept_by_row_only_is_caught() -> None:
    values = load_sources(_TABLES).index(None).values

    def by_row(ask: Ask, named: Named) -> Callable[[SourceValue], bool]:
        kept: dict[tuple[str, int | None, str | None], bool] = {}
        plain = _plain_fits(ask, named, False)

        def fits(v: SourceValue) -> bool:
            key = (v.source_id, v.table, v.row)  # (the column left out)
            if key not in kept:
                kept[key] = plain(v)
            return kept[key]

        return fits

    def differs(question: str) -> bool:
        ask = read_question(question)
        named = Named(ask, values)
        broken, plain = by_row(ask, named), _plain_fits(ask, named, False)
        return [broken(v) for v in values] != [plain(v) for v in values]

    questions = st.lists(st.sampled_from(_QUESTION_WORDS), min_size=1, max_size=10).map(" ".join)
    assert differs(find(questions, differs, settings=_FIND))


# --- rules._named.Named._meant --------------------------------------------------------------

_MEANT_LABELS = st.frozensets(
    st.sampled_from(
        [
            "Balance at March 31, 2018",
            "Balance at March 31, 2019",
            "2019",
            "2018",
            "Net sales",
            "3 to 5 years",
            "1 to 3 years",
            "Total",
        ]
    ),
    min_size=1,
)


def _plain_meant(question: str, labels: frozenset[str]) -> str:
    asked = set(re.findall(r"\d+", question))
    return max(
        sorted(labels),
        key=lambda label: (len(asked.intersection(re.findall(r"\d+", label))), len(label)),
    )


@_SETTINGS
@given(
    st.lists(st.sampled_from(_QUESTION_WORDS), min_size=1, max_size=8).map(" ".join),
    st.lists(_MEANT_LABELS, min_size=1, max_size=6),
)
def test_the_label_meant_equals_the_plain_one(
    question: str, label_sets: list[frozenset[str]]
) -> None:
    named = Named(read_question(question), load_sources(_TABLES[:1]).index(None).values)
    for labels in label_sets * 2:  # (the second time from the kept answers)
        assert named._meant(labels) == _plain_meant(question, labels)


def test_a_meant_memo_kept_by_size_is_caught() -> None:
    def differs(case: tuple[str, list[frozenset[str]]]) -> bool:
        question, label_sets = case
        kept: dict[int, str] = {}
        for labels in label_sets:
            got = kept.setdefault(len(labels), _plain_meant(question, labels))  # (by size)
            if got != _plain_meant(question, labels):
                return True
        return False

    questions = st.lists(st.sampled_from(_QUESTION_WORDS), min_size=1, max_size=8).map(" ".join)
    case = find(
        st.tuples(questions, st.lists(_MEANT_LABELS, min_size=2, max_size=6)),
        differs,
        settings=_FIND,
    )
    assert differs(case)
