"""The short cuts of round 24 (issue 19, speed30: ``check()`` per pot-tatqa answer) against the
readings they skip:

- ``ratio_sides._forms``: a question holding none of a form's words (in any case) skips that
  form's search; hypothesis questions of ratio and share phrasings, other words, every case and
  the characters that fold to ASCII letters, against every form tried. Each gate word is the
  only one of a question that some form reads: a word left out is caught.
- ``restated_result._change_of_two`` with its tests in another order (the cheap ones first):
  every claim of hypothesis answers (two figures, then a change or a mean of them, in several
  wordings) judged by it and by the order of main, which must agree.
- ``rowtokens.tokens`` kept per text: the kept tokens equal a fresh reading, and a caller
  changing its list changes no later answer.
- ``engine._rules_of``: the rules of the modules asked, in the order of the rule list.
- ``operation_words.may_operate``: ``OPERATION`` matches only where a word or sign of the gate is;
  hypothesis sentences of every operation word's forms, signs and fold characters. Each gate
  word is the only one of some match: a word left out is caught.
"""

from __future__ import annotations

import importlib
import re
from decimal import Decimal

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.engine import _RERUN_MODULES, _rules_of
from crossfoot.language import operation_words, rowfocus, rowtokens
from crossfoot.language.prevsentence import change_before, same_currency
from crossfoot.language.rowfocus import previous_sentence
from crossfoot.model.context import ClaimContext, Verdict, mentions_between
from crossfoot.rules import rules

ratio_mod = importlib.import_module("crossfoot.language.ratio_sides")
restated_mod = importlib.import_module("crossfoot.rules.restated_result")

# ----------------------------------------------------------------------------- ratio_sides

_RATIO_PIECES = st.sampled_from(
    ["What", "what", "WHAT", "was", "is", "the", "ratio", "RATIO", "Ratio", "of", "to", "over",
     "as", "a", "an", "percentage", "Percent", "proportion", "share", "SHARE", "fraction",
     "portion", "%", "in", "2019", "total", "revenue", "service", "debt-to-equity", "liability",
     "made up by", "accounted for by", "between", "and", "?", ",", "-", "ra\u0131io",
     "\u017fhare", "\u0130", "p\u00e9rcent", "ratios", "shares"]
)  # fmt: skip


def _every_form(question: str) -> tuple[str, str] | None:
    """ratio_sides as main reads it: every form searched."""
    for form in ratio_mod._FORMS:
        m = form.search(question)
        if m is not None:
            a, b = (ratio_mod._ARTICLE.sub("", m.group(k).strip()) for k in ("a", "b"))
            if a and b:
                return a, b
    return None


# One question per gate word, read by a form only through that word.
_ONLY = [
    "What was the ratio of debt to equity in 2019?",
    "What was the debt to equity ratio?",
    "Service revenue as a percentage of total revenue?",
    "Service revenue as a percent of total revenue?",
    "Service revenue as a portion of total revenue?",
    "What share of total revenue was service revenue?",
    "What fraction of total revenue was service revenue?",
    "Service revenue as a % of total revenue?",
]


@settings(max_examples=50, deadline=None)
@given(st.lists(_RATIO_PIECES, max_size=14).map(" ".join))
@example("What was the ratio of licence revenue to service revenue in 2021?")
@example("What proportion of total revenue is made up by service revenue?")
@example("service revenue as a \u017fhare of total revenue")
def test_ratio_forms_gate_is_exact(question: str) -> None:
    assert ratio_mod.ratio_sides.__wrapped__(question) == _every_form(question)


def test_ratio_gate_words_each_needed() -> None:
    for question in _ONLY:
        assert _every_form(question) is not None, question
        low = question.lower()
        held = [w for w in ratio_mod._SHARE_WORDS if w in low]
        assert len(held) == 1, (question, held)  # the only word that opens a form
        assert ratio_mod.ratio_sides.__wrapped__(question) == _every_form(question)


# ----------------------------------------------------------------------------- _change_of_two


def _change_of_two_main(ctx: ClaimContext) -> Verdict | None:
    """restated_result._change_of_two in main's order of tests (round 23)."""
    m, s = ctx.mention, ctx.sentence
    if m.kind not in ("money", "number") or restated_mod._in_calculation(ctx):
        return None
    own = {w for w in rowtokens.tokens(ctx.text[s.start : m.start]) if not w.isdigit()}
    mean = bool(own & restated_mod._MEAN)
    if not mean and not change_before(ctx.text, s.start, m.start):
        return None
    if any(x.kind != "year" for x in mentions_between(ctx, s.start, m.start)):
        return None
    start, end = previous_sentence(ctx.text, s.start)
    prev = ctx.text[start:end]
    if not prev.strip() or prev.rstrip().endswith("?"):
        return None
    figures = [x for x in mentions_between(ctx, start, end) if x.kind != "year"]
    if len(figures) != 2 or any(
        x.kind != m.kind or not same_currency(x.currency, m.currency) or x.high is not None
        for x in figures
    ):
        return None
    return _TAIL(ctx)


_TAIL = restated_mod._change_of_two  # (past its early exits both run the same code)

_SENTENCE_1 = st.sampled_from(
    ["Revenue in 2019 is $3,574 million and in 2018 is $3,497 million.",
     "Costs were 240 and 200.", "Sales were $5.2m in 2019 and $4.8m in 2018.",
     "The total was 12 and 10 = 22.", "What was it?", "Revenue was $90 million.",
     "Sales were 240 and 200 and 100.", "Sales were 240 and 20%.", "Here is the answer."]
)  # fmt: skip
_SENTENCE_2 = st.sampled_from(
    ["The net change is $77 million.", "The change is $70 million.", "So the change is 40.",
     "The average is 220.", "The mean of the two is 5.", "Thus the increase was 30.",
     "The change in cost is 40.", "Also, the difference is 40.", "Revenue rose from 200 to 40.",
     "The change is 240 - 200 = 40.", "The change is 30 + 10 = 40.",
     "The decrease in 2019 was $0.4m.",
     "The increase was driven by $5 million.", "Answer: 40", "In 2019, the change was 40."]
)  # fmt: skip


@settings(max_examples=50, deadline=None)
@given(_SENTENCE_1, _SENTENCE_2, st.sampled_from([" ", "\n", " Sure! "]))
@example("Revenue in 2019 is $3,574 million and in 2018 is $3,497 million.",
         "The net change is $68 million.", " ")  # fmt: skip
@example("Costs were 240 and 200.", "The change is 30 + 10 = 40.", " ")
def test_change_of_two_order_is_exact(first: str, second: str, glue: str) -> None:
    table = '[["", "2019", "2018"], ["Revenue", "3,574", "3,497"], ["Costs", "240", "200"]]'
    seen: list[tuple[object, object]] = []

    def both(ctx: ClaimContext) -> Verdict | None:
        fast, slow = _TAIL(ctx), _change_of_two_main(ctx)
        seen.append((fast, slow))
        return fast

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(restated_mod, "_change_of_two", both)
        check(first + glue + second, [table])
    for fast, slow in seen:
        assert fast == slow


def test_change_of_two_still_flags() -> None:
    table = '[["", "2019", "2018"], ["Revenue", "3,574", "3,497"]]'
    text = (
        "Revenue in 2019 is $3,574 million and in 2018 is $3,497 million. "
        "The net change is $68 million."
    )
    assert check(text, [table]).claims[-1].status == "arithmetic_error"


# ----------------------------------------------------------------------------- tokens kept


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(["Net", "sales", "of", "the", "Americas", "R&D", " & ", "2019s",
                                 "'s", "(in millions)", ",", "EPS", "caf\u00e9", " "]),
                max_size=12).map(" ".join))  # fmt: skip
def test_tokens_kept_equal_fresh(text: str) -> None:
    rowtokens._TEXT_TOKENS.clear()
    fresh = rowtokens.tokens(text)
    again = rowtokens.tokens(text)
    assert again == fresh and again is not fresh
    again.append("changed")  # a caller's list is its own
    assert rowtokens.tokens(text) == fresh


def test_tokens_long_text_not_kept() -> None:
    rowtokens._TEXT_TOKENS.clear()
    long = "net sales " * 300
    assert rowtokens.tokens(long) == rowtokens.tokens("net sales ") * 300
    assert long not in rowtokens._TEXT_TOKENS


# ----------------------------------------------------------------------------- _rules_of


def test_rules_of_keeps_the_order() -> None:
    every = rules()
    for mods in (_RERUN_MODULES, _RERUN_MODULES[1:], ("direct", "derive", "multi", "rowsums")):
        want = tuple(r for r in every if r.__module__.rsplit(".", 1)[-1] in mods)
        assert want and _rules_of(every, mods) == want
        assert _rules_of(every, mods) == want  # (kept)


# ----------------------------------------------------------------------------- _may_operate

# A match of each word alternative of _OPERATION, in several forms.
_FORMS_WORDS = """change changed changes increase increased increases decrease decreased
decreases grew growth decline declined rose fell drop dropped drops slid climbed jumped reduced
shrank widened narrowed surged plunged soared tumbled slumped difference gap variance differed
differs more less higher lower total combined sum together altogether aggregate average mean
ratio proportion percentage share accounted represent represents representing times divided
multiplied multiple cagr compound compounded improved worsened expanded contracted"""
_OPERATION_FORMS = [
    *_FORMS_WORDS.split(),
    "net  of",
    *(f"{w} South by" for w in "outsold outsells outperformed exceeded surpassed trailed".split()),
    *(f"{w} South by" for w in "outpaced beat topped tops led leads trails".split()),
    "ahead of South by",
    "behind South by",
]

_OP_PIECES = st.sampled_from(
    [*_OPERATION_FORMS, *(w.upper() for w in _OPERATION_FORMS[:12]), "Revenue", "was", "in",
     "2019", "$5m", "the", "a", "=", "+", "\u00d7", "\u00f7", "/", "-", " - ", "\t-\n", "x-y",
     "\u017fum", "\u0130", "ratı", "\u212a", "caf\u00e9", ".", ","]
)  # fmt: skip


@settings(max_examples=50, deadline=None)
@given(st.lists(_OP_PIECES, max_size=10).map(" ".join))
@example("Revenue was $5m in 2019.")
@example("The \u017fum was 5")
def test_may_operate_is_exact(sentence: str) -> None:
    if operation_words.OPERATION.search(sentence) is not None:
        assert operation_words.may_operate(sentence)


def test_operation_gate_words_each_needed() -> None:
    words = operation_words.OPERATION_WORDS.words
    for form in _OPERATION_FORMS:
        sentence = f"Revenue {form} 5."
        assert operation_words.OPERATION.search(sentence) is not None, form
        assert operation_words.may_operate(sentence), form
    for w in words:  # each gate word is the only one of some form the pattern matches
        alone = [
            f
            for f in _OPERATION_FORMS
            if w in f.lower() and sum(v in f.lower() for v in words) == 1
        ]
        assert alone, w
    assert not operation_words.may_operate("Revenue was $5m in 2019.")
    assert re.search(r"\s-\s", "a - b") and operation_words.may_operate("a - b")


def test_states_a_cell_with_the_gate() -> None:
    # (states_a_cell still reads a stated cell with the gate in front of the search)
    t = '[["", "2019", "2018"], ["Adjusted EBITDA", "34.4", "30.1"]]'
    report = check("The Adjusted EBITDA in 2019 is 34.4.", [t])
    assert report.claims[-1].mention.value == Decimal("34.4")
    assert report.claims[-1].status == "supported_exact"


# ----------------------------------------------------------------------------- previous_sentence

_PREV_PIECES = st.sampled_from(
    ["What was X?", "Sure!", "Here is the calculation.", "X was 5.", "Answer: 5", "\n", " ",
     "  ", ".", "!", "?", "e.g.", "Revenue rose 5% in 2019.", "Thus", "the", "ok", "\u2009"]
)  # fmt: skip


@settings(max_examples=50, deadline=None)
@given(st.lists(_PREV_PIECES, max_size=16).map(" ".join), st.data())
def test_previous_sentence_kept_equals_fresh(text: str, data: st.DataObject) -> None:
    starts = data.draw(st.lists(st.integers(0, len(text)), max_size=6))
    other = "No. So! " + text  # another text between two asks of this one
    for start in [*starts, *starts]:
        assert rowfocus.previous_sentence(text, start) == rowfocus.read_previous_sentence(
            text, start
        )
        assert rowfocus.previous_sentence(other, start) == rowfocus.read_previous_sentence(
            other, start
        )
