"""The year reading of round 22 (issue 19, speed28) against the path it replaced.

``language.order._year_mention`` reads the year a number of the answer is stated for. The scans
of the number's window that do not depend on the number (the dates written in numbers merged
with the mentions, whether a year is there, "respectively") are read once per window
(``language.yearscan.window_scan``), and each number's year once per answer's mentions (the row
check, the step and cell readings ask for the same claim's). Held here to the plain reading
(copied below) on hypothesis sentences of years, dates in words and in numbers, spans,
"respectively" lists and long sentences, for every number of them, asked twice, with the
mentions as a tuple (kept) and as a list (read afresh).
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crossfoot.language import order, yearscan
from crossfoot.model.context import WINDOW
from crossfoot.model.types import Mention
from crossfoot.numbers.extract import extract


def _plain(
    text: str, sent_start: int, sent_end: int, mentions: Sequence[Mention], i: int
) -> Mention | None:
    """``_year_mention`` as main had it (4b49eb4): every scan per number."""
    m = mentions[i]
    opened = sent_start >= m.start - WINDOW
    sent_start = max(sent_start, m.start - WINDOW)
    sent_end = min(sent_end, m.end + WINDOW)
    dated = yearscan._numeric_dates(text, sent_start, sent_end, mentions, i)
    if dated is not None:
        mentions, i = dated
    elif not any(
        mentions[k].kind == "year" for k in yearscan._starting_in(mentions, sent_start, sent_end)
    ):
        return None
    found = order._year_of(text, sent_start, sent_end, mentions, i)
    if found is None and opened and mentions[i].kind != "year":
        return order._opening_year(text, sent_start, sent_end, mentions, i)
    return found


_LEADS = [
    "",
    "In 2022, ",
    "In 2021 ",
    "As of 2024-12-31, ",
    "During fiscal 2019 ",
    "On 31.12.2023 ",
    "The ",
]
_SUBJECTS = ["revenue", "net sales", "the 2018 peer group", "costs", "Total assets"]
_VERBS = [" was ", " is ", " came to ", " rose to ", " fell 3% to "]
_FIGURES = ["$5m", "1,234", "12.5%", "$48.20", "0.6 years", "$(9.8) million"]
_TAILS = [
    "",
    " in 2019",
    " as of 2024-06-30",
    " on June 30, 2025",
    " for the twelve months ended June 30, 2022",
    " in 2018 and 2019, respectively",
    ", up from $4m in 2018",
    " the year before",
    " from 2018 to 2019",
    " on 31.12.2019",
    " versus 450 in 12/31/2020",
]
_PARTS = st.tuples(
    st.sampled_from(_LEADS),
    st.sampled_from(_SUBJECTS),
    st.sampled_from(_VERBS),
    st.sampled_from(_FIGURES),
    st.sampled_from(_TAILS),
)


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(_PARTS, min_size=1, max_size=4),
    st.sampled_from([" and ", "; ", ", while "]),
    st.integers(0, 500),
)
def test_year_reading_is_the_plain_reading(
    parts: list[tuple[str, ...]], glue: str, pad: int
) -> None:
    sentence = glue.join("".join(p) for p in parts)
    if pad > 300:  # a long sentence: each number read within its window
        sentence = "x " * pad + sentence + " y" * (pad // 2)
    text = "Figures. " + sentence + ". Next 2020 line 7."
    lo, hi = text.index(sentence), text.index(sentence) + len(sentence)
    mentions = tuple(extract(text))
    for i, m in enumerate(mentions):
        if not lo <= m.start < hi:
            continue  # (a number of another sentence: not read for this one)
        want = _plain(text, lo, hi, mentions, i)
        assert order._year_mention(text, lo, hi, mentions, i) == want
        assert order._year_mention(text, lo, hi, mentions, i) == want  # (kept)
        assert order._year_mention(text, lo, hi, list(mentions), i) == want  # (read afresh)
        # the same window opened at the number's window edge (a long sentence: its opening
        # year may then be read, as it may not from the sentence's start)
        edge = max(lo, m.start - WINDOW)
        assert order._year_mention(text, edge, hi, mentions, i) == _plain(
            text, edge, hi, mentions, i
        )
        assert order._year_mention(text, 0, len(text), mentions, i) == _plain(
            text, 0, len(text), mentions, i
        )


def test_a_kept_scan_is_not_read_for_other_mentions() -> None:
    """The same text and window with other mentions (a tuple equal in value, another object)
    is read afresh: a scan is kept by the id of its mentions, held while kept."""
    text = "Revenue was $5m as of 2024-12-31 and $4m in 2023."
    first = tuple(extract(text))
    scan = yearscan.window_scan(text, 0, len(text), first)
    second = tuple(extract(text))
    assert yearscan.window_scan(text, 0, len(text), second) is not scan
    assert yearscan.window_scan(text, 0, len(text), first) is scan
    bare = tuple(m for m in first if m.text != "2023")  # (no year mention: no has_year)
    assert yearscan.window_scan("Revenue was $5m and $4m.", 0, 24, bare).has_year is False


def test_one_window_opened_and_not() -> None:
    """One window read for a number of a long sentence from the sentence's start (its opening
    is out of the window: no opening year) and from the window's edge (the edge opens it): two
    readings of one window, kept apart."""
    head = "Our figures and notes follow here. "
    body = ("In 2022, revenue across the group's many regions" + " and markets" * 28).ljust(395)
    text = head + body + " was $6.0m."
    mentions = tuple(extract(text))
    i = next(k for k, m in enumerate(mentions) if m.text.startswith("$6.0"))
    edge = mentions[i].start - WINDOW
    assert text[edge:].startswith("In 2022")  # (the fixture: the window opens at the year)
    for lo in (0, edge, 0):
        want = _plain(text, lo, len(text), mentions, i)
        assert order._year_mention(text, lo, len(text), mentions, i) == want
    assert _plain(text, edge, len(text), mentions, i) is not None
    assert _plain(text, 0, len(text), mentions, i) is None
