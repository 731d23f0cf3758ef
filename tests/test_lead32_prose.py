"""Lead probes of round 32 over a passage: an amount per person divides by the people a passage
counts under another noun ("revenue per employee" over "employs 12,400 people")."""

from __future__ import annotations

import pytest

from crossfoot import check

ACME = (
    "Acme reported revenue of $4.2 billion for fiscal 2024, up from $3.8 billion a year earlier. "
    "The company employs 12,400 people across 31 countries."
)
FREEDONIA = "Freedonia had GDP of $41.0 billion in 2023 and 8.2 million residents."


@pytest.mark.parametrize(
    ("passage", "answer", "status"),
    [
        (ACME, "Revenue per employee was $338,710.", "derived"),
        (ACME, "Revenue per employee was about $339,000.", "derived"),
        (ACME, "Revenue per employee was about $393,000.", "unsupported"),
        (ACME, "Revenue per employee was $383,710.", "unsupported"),
        (FREEDONIA, "GDP per capita was $5,000 in 2023.", "derived"),
        (FREEDONIA, "GDP per capita was $5,500 in 2023.", "unsupported"),
        (FREEDONIA, "GDP per head was $5,000.", "derived"),
    ],
)
def test_amount_per_person(passage: str, answer: str, status: str) -> None:
    assert [c.status for c in check(answer, [passage]).claims] == [status]


def test_people_are_no_stores() -> None:
    # ("per store" does not divide by people)
    passage = "Acme had revenue of $4.2 billion and 12,400 people."
    assert [c.status for c in check("Revenue per store was $338,710.", [passage]).claims] == [
        "unsupported"
    ]
