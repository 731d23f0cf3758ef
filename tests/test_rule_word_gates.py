"""``may_say`` gates: a rule whose patterns need a word skips the answers that never hold it.

The gate searches the whole answer (once per answer) and the question a claim is judged with;
the rule reads a slice of the answer with the question appended (``focus_text``). The property:
whenever the rule's own patterns match such a text, the gate's pattern matches the answer or the
question, so the gate never changes a verdict.
"""

from __future__ import annotations

from importlib import import_module

from hypothesis import given
from hypothesis import strategies as st

# the modules (crossfoot.rules re-exports each rule function under its module's name)
scale_rule = import_module("crossfoot.rules.asked_scale")
average_rule = import_module("crossfoot.rules.average_change")

_WORDS = [
    "average", "Average", "mean", "demeaned", "averages", "change", "difference", "in",
    "thousands", "millions", "billion", "divided", "by", "/", "times", "×", "*", "1000", "1,000",
    "10,000", "1,0001", "multiplied", "the", "2019", "$", "12.5", ".", "?", "\n",
]  # fmt: skip
_texts = st.lists(st.sampled_from(_WORDS), max_size=14).map(" ".join)
_joins = st.lists(st.sampled_from(_WORDS), max_size=14).map("".join)  # words run together too


@given(st.one_of(_texts, _joins), st.one_of(st.none(), _texts), st.data())
def test_a_match_in_any_focus_text_is_seen_by_the_gate(
    answer: str, question: str | None, data: st.DataObject
) -> None:
    i = data.draw(st.integers(0, len(answer)))
    j = data.draw(st.integers(i, len(answer)))
    focus = answer[i:j] + (f" {question}" if question is not None else "")
    whole = [answer] + ([question] if question is not None else [])
    if average_rule._AVERAGE.search(focus):
        assert any(average_rule._MAY_AVERAGE.search(t) for t in whole)
    if scale_rule._factors(focus):
        assert any(scale_rule._MAY_ASK.search(t) for t in whole)


def test_the_gates_pass_the_words_they_guard() -> None:
    # the failing twin of the property: a gate that is too narrow is caught here too
    assert average_rule._MAY_AVERAGE.search("the mean change")
    assert scale_rule._factors("in millions") and scale_rule._MAY_ASK.search("in millions")
    assert scale_rule._factors("divided by 1,000") and scale_rule._MAY_ASK.search("by 1,000")
    assert not scale_rule._MAY_ASK.search("sales rose 12% to $4.2bn")
