"""The counts-only views of round 38 print tags, never an item's text or numbers (read38c).

``cause_counts.py`` is the one view of the validation half a helper may read: a tag that carries
a year of a table, a row label or the answer's own calculation prints an item of that half.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

from cause_counts import _direct_reading
from conv_tags38b import _relation


def test_year_relation_names_no_year() -> None:
    assert _relation(2016, 2015) == "later"
    for a, b in ((2016, "none"), ("unfound", 2009), ("several", "none")):
        assert not re.search(r"\d", _relation(a, b)), (a, b)


def _hit(formula: str, status: str = "supported_exact") -> SimpleNamespace:
    ev = SimpleNamespace(formula=formula, operands=())
    return SimpleNamespace(evidence=ev, status=status)


def test_direct_reading_is_a_template() -> None:
    """rules.scaled writes the answer's calculation into its formula; rules.cell_words a row
    label: neither reaches the printed tag."""
    item = SimpleNamespace(sources=[])
    seen = {
        _direct_reading(_hit(f), item)
        for f in (
            "[T1] Revenue = 2,900,000 (read in millions, as every operand of '(2.9 - 2.1) / 2.1')",
            "[T1] Net loss = -5 (Net loss (gain))",
            "[T1] Revenue = 7,170 (cell scaled by 'in millions')",
            "[T1] Margin = 0.25 (as a percentage)",
            "[T1] Revenue = 7,170",
        )
    }
    assert seen == {
        "supported_exact; scaled; a cell; n/a",
        "supported_exact; another reading; a cell; n/a",
        "supported_exact; as a percentage; a cell; n/a",
        "supported_exact; plain; a cell; n/a",
    }


def test_off_question_template_drops_labels() -> None:
    """An off_question reason writes the question's or a row's words unquoted ("the amounts of
    Net income", "asks for one dividend"): the tag keeps the template's own words."""
    from conv_tags38b import _template

    assert _template("the question asks about the amounts of Net income; x") == (
        "the question asks about the amounts of"
    )
    assert _template("the question asks for one quarter, not the year") == (
        "the question asks for one"
    )
