"""The labels' figures indexed once per tuple of labels (issue 19, speed21:
``crossfoot.language.labelquote``): ``quoted_in_label`` with the index (a tuple of labels, as the
engine hands them) gives the evidence the plain loop over every label gives (a list), and an
index that loses a label is caught."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import crossfoot.language.labelquote as labelquote
from crossfoot.language.labelquote import quoted_in_label
from crossfoot.numbers.extract import extract
from deep import examples

_LABEL_WORDS = ["more", "than", "less", "due", "in", "years", "year", "after", "over",
                "under", "within", "item", "net", "of", "tax", "Total", "Q", "FY", "to", "-",
                "and"]  # fmt: skip
_LABEL_FIGURES = ["1", "2", "5", "2-5", "1,400", "2.5", "2019", "12", "$2", "3"]
_LABEL = st.lists(st.sampled_from(_LABEL_WORDS + _LABEL_FIGURES), min_size=1, max_size=5).map(
    " ".join
)
_ANSWER = st.lists(st.sampled_from([*_LABEL_WORDS, *_LABEL_FIGURES, "were", "$1,400", "was"]),
                   min_size=1, max_size=12).map(" ".join)  # fmt: skip


def _label_verdicts(text: str, labels: list[str]) -> tuple[list[object], list[object]]:
    """Each figure's label evidence with the index (a tuple of labels) and without it (a list:
    every label read, as before round 14)."""
    as_tuple = tuple(labels)
    found = extract(text)
    indexed = [quoted_in_label(text, m, as_tuple) for m in found]
    plain = [quoted_in_label(text, m, list(labels)) for m in found]
    return indexed, plain


@settings(
    max_examples=examples(300, 400), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(_ANSWER, st.lists(_LABEL, max_size=8))
@example("leases due in more than 5 years were $1,400", ["Within 1 year", "More than 5 years"])
@example("due in 2-5 years", ["2-5 Years", "More than 5 years", "2-5 Years"])
def test_label_index_gives_the_plain_loops_evidence(text: str, labels: list[str]) -> None:
    indexed, plain = _label_verdicts(text, labels)
    assert indexed == plain


def test_a_broken_label_index_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """An index that keeps only the first label of a figure loses the second label's quote."""
    real = labelquote._index
    monkeypatch.setattr(
        labelquote, "_index", lambda labels: {k: v[:1] for k, v in real(labels).items()}
    )
    labelquote._INDEXES.clear()
    text = "leases due in more than 5 years were $1,400"
    indexed, plain = _label_verdicts(text, ["5 Star Fund", "More than 5 years"])
    assert plain[0] is not None and indexed[0] is None
    labelquote._INDEXES.clear()
