"""Numbers in source prose and in odd table cells, read through :mod:`crossfoot.numbers.extract`.

Part of source loading (:mod:`crossfoot.sources.load`): the prose pass makes a
:class:`~crossfoot.model.types.SourceValue` of every number in a source's text outside its tables
(with a short label, the year the sentence plainly states, an upper-end value for a range and an "as
written" alias for a number with a scale word); the cell readers parse a record field string or a
table cell that is not exactly one number. :mod:`crossfoot.numbers.extract` is imported lazily: it
is the heaviest stage.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import replace
from decimal import Decimal
from types import ModuleType

from crossfoot.language.readings import by_to, counts_not_years
from crossfoot.language.years import OPENING_DATE, OTHER_PERIOD, PERIOD_ENDED
from crossfoot.model.types import Mention, SourceValue
from crossfoot.numbers.article_fractions import is_article_fraction
from crossfoot.numbers.locale import READING_LOCALE
from crossfoot.sources.tables import CellNumber
from crossfoot.sources.text_gates import may_say_respectively

# The label suffix of a prose range's high end ("5 to 40 years": 40 is "... (upper end)"); rules
# that quote a source range read it (rules.direct).
UPPER_END = "(upper end)"


def _extract_module() -> ModuleType:
    # Imported on first use, not at import time: the number reader is the heaviest stage.
    from crossfoot.numbers import extract

    return extract


def _parse_number_string(text: str) -> CellNumber | None:
    module = _extract_module()
    mention: Mention | None = module.parse_number_string(text, locale=READING_LOCALE.get())
    return _cell_from_mention(mention) if mention is not None else None


def _cell_from_mention(m: Mention) -> CellNumber:
    own_scale = m.scale != 1 or m.scale_word is not None
    return CellNumber(m.value, m.precision, m.kind, m.currency, own_scale, False)


def _cell_fallback(cell: str) -> list[CellNumber]:
    """Numbers in a cell that is not exactly one number ("1,234 (a)", "27% ( 27 % )"): each
    distinct magnitude once."""
    module = _extract_module()
    locale = READING_LOCALE.get()
    single: Mention | None = module.parse_number_string(cell, locale=locale)
    if single is not None:
        return [_cell_from_mention(single)]
    out: list[CellNumber] = []
    seen: set[Decimal] = set()
    for m in module.extract(cell, locale=locale):
        # A cell that restates its number ("-3000 ( 3000 )") keeps the first, signed, reading.
        if m.claim and m.kind != "year" and abs(m.value) not in seen:
            seen.add(abs(m.value))
            out.append(_cell_from_mention(m))
    return out


def _segments(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, str]]:
    """The parts of the text outside the tables, with their offsets, so the prose pass does not
    read table numbers a second time."""
    parts: list[tuple[int, str]] = []
    pos = 0
    for start, end in [*spans, (len(text), len(text))]:
        if text[pos:start].strip():
            parts.append((pos, text[pos:start]))
        pos = end
    return parts


def _context(text: str, start: int, end: int) -> str:
    """A short label for a prose number: the few words before it (back to the sentence start or
    the previous number, so the label never names another number's year) and the number itself."""
    lo = max(0, start - 40)
    before = text[lo:start]
    cut = max(before.rfind(". "), before.rfind("\n"), before.rfind(";"))
    digit = _LAST_DIGIT_TOKEN.search(before)
    if digit is not None:
        cut = max(cut, digit.end() - 1)
    if cut >= 0:
        before = before[cut + 1 :]
    elif lo > 0 and " " in before:
        before = before[before.index(" ") + 1 :]
    return " ".join(f"{before}{text[start:end]}".split())


_LAST_DIGIT_TOKEN = re.compile(r"\S*\d\S*(?!.*\d)", re.S)
# ("december 31 , 2015": text tokenized by a PDF extractor spaces its commas)
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\s*,?\s*"
# Between a number and the year right after it: "$2.9bn in 2023", "$5m at December 31, 2019",
# "12% for fiscal 2024".
_YEAR_AFTER = re.compile(
    rf"\s*,?\s*(?:in|for|during|at|as\s+of|as\s+at|by|of|on)?\s*(?:the\s+)?"
    # "at the end of fiscal 2022", "as of the end of 2022"
    rf"(?:end\s+of\s+(?:the\s+)?)?"
    # "for the fiscal year ended June 30, 2022", "the twelve months ending", "the quarter ended"
    rf"(?:{PERIOD_ENDED}|(?:fiscal|calendar)(?:\s+year)?\s*|fy\s*|year\s+(?:ended\s+)?)?"
    rf"(?:{_MONTH})?",
    re.I,
)
# Sentence ends: ". " before a capital (not "Dec. 31"), a spaced " . " (tokenized text), ";", a
# line break.
# (One character class first, the rest asked behind it: the engine skips to the next of those
# characters in C, where a look-ahead first was tried at every character.)
_SENTENCE_END = re.compile(r"[.!?;\n](?:(?<=[.!?])(?=\s+[A-Z\[(\"'])|(?<=\s\.)(?=\s)|(?<=[;\n]))")


def _prose_years(text: str, mentions: Sequence[Mention]) -> dict[int, int]:
    """The year of each prose number (by index in ``mentions``) when the sentence says it plainly:
    a year right after the number ("$2.9bn in 2023"), else the only year before it in the sentence
    with no other number in between ("In 2024, revenue was $3.2bn"); in a "respectively" sentence,
    by position between a list of figures and a list of as many years (:func:`_respective`)."""
    years: dict[int, int] = {}
    bounds = [0, *(m.end() for m in _SENTENCE_END.finditer(text)), len(text) + 1]
    sentence_of: list[int] = []
    b = 0
    for m in mentions:
        while bounds[b + 1] <= m.start:
            b += 1
        sentence_of.append(b)
    paired, respectively = _respective(text, mentions, sentence_of, bounds)
    years.update(paired)
    # The years and the last figure of the sentence so far, kept as the loop walks it (a look
    # back at every earlier figure made a long sentence quadratic).
    sent_years: set[int] = set()
    last: int | None = None
    opening: int | None = None  # the sentence's opening year ("In 2021, ..."), by index
    current = -1
    for i, m in enumerate(mentions):
        sent = sentence_of[i]
        if sent != current:
            current, sent_years, last, opening = sent, set(), None, None
        year = _year_of(text, mentions, i, sentence_of, bounds, respectively, sent_years, last)
        if (
            year is None
            and opening is not None
            and len(sent_years) == 1
            and m.kind != "year"
            and sent not in respectively  # paired by position, if at all (_respective)
        ):
            year = _opening_year(text, mentions, opening, i)
        if year is not None and i not in paired:
            years[i] = year
        if m.claim:
            if m.kind == "year":
                sent_years.add(int(m.value))
                if last is None and OPENING_DATE.fullmatch(text, bounds[sent], m.start):
                    opening = i
            last = i
    return years


def _opening_year(text: str, mentions: Sequence[Mention], opening: int, i: int) -> int | None:
    """The opening year of the sentence for its later figure ``mentions[i]``: an opening date
    ("In 2021, revenue was $5.2 million and costs were $3.1 million") frames the whole sentence,
    not only its first figure, unless words between them set the figure against another period.

    >>> from crossfoot.numbers.extract import extract
    >>> t = "In 2021, revenue was $5.2 million and costs were $3.1 million."
    >>> ms = extract(t)
    >>> _opening_year(t, ms, 0, 2)
    2021
    >>> t = "In 2021, revenue was $5.2 million, up from $4.8 million."
    >>> _opening_year(t, extract(t), 0, 2) is None
    True
    """
    year = mentions[opening]
    if OTHER_PERIOD.search(text, year.end, mentions[i].start):
        return None
    return int(year.value)


def _year_of(
    text: str,
    mentions: Sequence[Mention],
    i: int,
    sentence_of: list[int],
    bounds: list[int],
    respectively: set[int],
    sent_years: set[int],
    last: int | None,
) -> int | None:
    """The year of ``mentions[i]`` (see :func:`_prose_years`), given the years of the claims
    before it in its sentence and the last of them."""
    m = mentions[i]
    if m.kind == "year" or not m.claim:
        return None
    sent = sentence_of[i]
    if sent in respectively:
        return None  # paired by position, if at all (_respective)
    nxt = mentions[i + 1] if i + 1 < len(mentions) else None
    if (
        nxt is not None
        and nxt.kind != "year"
        and i + 2 < len(mentions)
        and mentions[i + 2].kind == "year"
        and sentence_of[i + 2] == sent
    ):
        # "for the twelve months ended June 30, 2022": the period's count is no figure between
        # the number and its year (_YEAR_AFTER lets no other digits through)
        nxt = mentions[i + 2]
    if (
        nxt is not None
        and nxt.kind == "year"
        and sentence_of[i + 1] == sent
        and _YEAR_AFTER.fullmatch(text, m.end, nxt.start)
    ):
        return int(nxt.value)
    if len(sent_years) == 1 and last is not None and mentions[last].kind == "year":
        after = _year_follows(text, mentions, i, sentence_of)
        if after is not None:  # "acquired in 2018, contributed $25.7 million during fiscal 2019"
            return after
        return next(iter(sent_years))
    # "the repayments of $2.0 billion of senior notes during fiscal 2019": its own year, a few
    # words on (before any other figure, no clause between)
    return _year_follows(text, mentions, i, sentence_of)


# Between the items of a list of figures: "1.8, 1.9, and 2.0 million", "$3 and $4 billion".
_LIST_GAP = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)$")


def _year_follows(
    text: str, mentions: Sequence[Mention], i: int, sentence_of: list[int]
) -> int | None:
    """The year following ``mentions[i]`` in its sentence, before any other figure, when a short
    run of words with no comma or bracket leads to it: the figure's own year rather than the
    one before it ("from 1,501 at June 30, 2018 to 1,620 at June 30, 2019"; "acquired in
    2018, contributed $25.7 million to net sales during fiscal 2019"); else None ("in June
    2024 we issued $750.0 million of notes (the 2031 Notes)" keeps 2024)."""
    for j in range(i + 1, len(mentions)):
        nxt = mentions[j]
        if sentence_of[j] != sentence_of[i]:
            return None
        if nxt.kind == "year":
            gap = _DATE_TAIL.sub("", text[mentions[i].end : nxt.start])
            near = len(gap) <= 60 and not _CLAUSE_BREAK.search(gap)
            return int(nxt.value) if near else None
        if nxt.claim:
            return None
    return None


_DATE_TAIL = re.compile(rf"(?i){_MONTH}$")
_CLAUSE_BREAK = re.compile(r"(?i)[,;:()]|\b(?:from|than|versus|vs|compared|prior|previous)\b")


# Between two years of a list, each written with its own period word: "fiscal 2019 and fiscal
# 2018", "December 31, 2019 and December 31, 2018", "FY 2019 and FY 2018" (a year list of
# "respectively" pairs its years with a list of figures by position).
_YEAR_LIST_GAP = re.compile(
    r"(?i)\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)(?:(?:the\s+)?(?:fiscal|calendar)"
    r"(?:\s+years?)?\s*|fy\s*|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
    r"\s+\d{1,2}\s*,?\s*)?$"
)


def _runs(
    text: str, mentions: Sequence[Mention], picked: list[int], gaps: re.Pattern[str] = _LIST_GAP
) -> list[list[int]]:
    """``picked`` (indexes into ``mentions``, in order) cut into lists: items next to each other
    with only a list gap between them ("$7.3 million , $4.9 million and $3.0 million")."""
    runs: list[list[int]] = []
    for i in picked:
        if runs and runs[-1][-1] == i - 1:
            gap = text[mentions[i - 1].end : mentions[i].start]
            if gaps.fullmatch(" " + gap):
                runs[-1].append(i)
                continue
        runs.append([i])
    return runs


def _respective(
    text: str, mentions: Sequence[Mention], sentence_of: list[int], bounds: list[int]
) -> tuple[dict[int, int], set[int]]:
    """The years of the figures of "respectively" sentences, paired by position, and the
    sentences that say "respectively" (their figures take no year otherwise): "rent expense
    was $231 million, $205 million and $210 million for 2012, 2011 and 2010, respectively"; "as
    of December 31, 2015 and 2014 ... $37.8 million and $34.4 million, respectively". A list of
    figures takes the years of the one list of as many distinct years in its sentence (two or
    more); with none, or two such lists, its figures keep no year.

    >>> from crossfoot.numbers.extract import extract
    >>> t = "During 2015 and 2014, interest income was $22.8 and $27.4, respectively."
    >>> ms = extract(t)
    >>> paired, sentences = _respective(t, ms, [0] * len(ms), [0, len(t) + 1])
    >>> {ms[i].text: y for i, y in paired.items()}, sentences
    ({'$22.8': 2015, '$27.4': 2014}, {0})
    """
    out: dict[int, int] = {}
    said: set[int] = set()
    by_sentence: dict[int, list[int]] = {}
    for i, m in enumerate(mentions):
        if m.claim:
            by_sentence.setdefault(sentence_of[i], []).append(i)
    said_anywhere = may_say_respectively(text)
    for sent, members in by_sentence.items():
        if not said_anywhere or not _RESPECTIVELY.search(text, bounds[sent], bounds[sent + 1]):
            continue
        said.add(sent)
        years = [i for i in members if mentions[i].kind == "year"]
        year_runs = _runs(text, mentions, years, _YEAR_LIST_GAP)
        year_runs = [r for r in year_runs if len({mentions[i].value for i in r}) == len(r) > 1]
        figures = [i for i in members if mentions[i].kind != "year"]
        for run in _runs(text, mentions, figures):
            matching = [r for r in year_runs if len(r) == len(run)]
            if len(matching) == 1:
                out.update(
                    (i, int(mentions[y].value)) for i, y in zip(run, matching[0], strict=True)
                )
    for sent, members in by_sentence.items():
        if sent not in said:
            out.update(_listed_years(text, mentions, members))
    return out, said


# Between a list of figures and the list of years right after it: "$12.1 million, $9.0 million
# and $5.7 million in the years ended May 31, 2010, 2009 and 2008", "... for fiscal 2012, 2011".
_LIST_YEARS_GAP = re.compile(
    rf"\s*,?\s*(?:in|for|during|as\s+of|at)\s+(?:the\s+)?(?:(?:fiscal|calendar)\s+)?"
    rf"(?:(?:years?|periods?|quarters?)\s+(?:ended|ending)\s+)?(?:{_MONTH})?(?:fiscal\s+|fy\s*)?",
    re.I,
)


def _listed_years(
    text: str, mentions: Sequence[Mention], members: list[int]
) -> Iterator[tuple[int, int]]:
    """Figures of a sentence without "respectively" paired by position with the list of as many
    distinct years written right after them: "$12.1 million, $9.0 million and $5.7 million in the
    years ended May 31, 2010, 2009 and 2008" gives $9.0 million 2009, not the 2010 the year right
    after a lone figure would give.

    >>> from crossfoot.numbers.extract import extract
    >>> t = "Rent was $231 million, $205 million and $210 million in 2012, 2011 and 2010."
    >>> ms = extract(t)
    >>> {ms[i].text: y for i, y in _listed_years(t, ms, list(range(len(ms))))}
    {'$231 million': 2012, '$205 million': 2011, '$210 million': 2010}
    """
    years = [i for i in members if mentions[i].kind == "year"]
    by_start = {r[0]: r for r in _runs(text, mentions, years, _YEAR_LIST_GAP)}
    figures = [i for i in members if mentions[i].kind != "year"]
    for run in _runs(text, mentions, figures):
        listed = by_start.get(run[-1] + 1)
        if (
            listed is not None
            and len(listed) == len(run) > 1
            and len({mentions[y].value for y in listed}) == len(listed)
            and _LIST_YEARS_GAP.fullmatch(text, mentions[run[-1]].end, mentions[listed[0]].start)
        ):
            yield from ((i, int(mentions[y].value)) for i, y in zip(run, listed, strict=True))


_RESPECTIVELY = re.compile(r"(?i)\brespectively\b")


def _list_scales(text: str, mentions: Sequence[Mention]) -> dict[int, Mention]:
    """The plain figures of a list whose scale word stands on its last item only ("employees
    purchased 1.8, 1.9, and 2.0 million shares"), each mapped to that last item: the scale is
    the list's, so "1.8" is 1.8 million.

    >>> from crossfoot.numbers.extract import extract
    >>> text = "purchased 1.8 , 1.9 , and 2.0 million shares at $ 64.20 and $ 66.64"
    >>> ms = extract(text)
    >>> {ms[i].text: end.text for i, end in _list_scales(text, ms).items()}
    {'1.8': '2.0 million', '1.9': '2.0 million'}
    """
    out: dict[int, Mention] = {}
    run: list[int] = []
    for i, m in enumerate(mentions):
        if run:
            prev = mentions[run[-1]]
            if m.start < prev.end or not _LIST_GAP.fullmatch(" " + text[prev.end : m.start]):
                run = []
        plain = m.claim and m.scale == 1 and m.scale_word is None and m.high is None
        if plain and m.kind in ("number", "money"):
            run.append(i)
            continue
        if run and m.claim and m.scale != 1 and m.scale_word and m.high is None:
            for j in run:
                if mentions[j].kind == m.kind and mentions[j].currency == m.currency:
                    out[j] = m
        run = []
    return out


def _levels(
    read: Sequence[Mention], split: Sequence[Mention], years: dict[int, int]
) -> dict[int, int]:
    """Where the label of each level split from a range starts (its change's start), by index in
    ``split``. A year read for one of the two is both's, as it was the range's ("rose by 12 to
    340 in 2024", "In 2024, ... rose by 12 to 340"): ``years`` is updated."""
    starts = {m.end: m.start for m in read if m.high is not None}
    out: dict[int, int] = {}
    for i in range(1, len(split)):
        m, change = split[i], split[i - 1]
        if m.high is None and starts.get(m.end, m.start) == change.start < m.start:
            out[i] = change.start
            if (i in years) != (i - 1 in years):  # the range's year is both ends'
                years[i - 1] = years[i] = years.get(i, years.get(i - 1, 0))
    return out


def _prose_values(sid: str, text: str, offset: int, issues: list[str]) -> list[SourceValue]:
    """Values of the numbers in a piece of prose starting at ``offset`` in the source text."""
    module = _extract_module()
    values: list[SourceValue] = []
    # "We shipped 1987 vehicles": read as the answer reads it (a count, not a year), or the
    # same sentence would fail against itself.
    read = counts_not_years(text, module.extract(text, locale=READING_LOCALE.get()))
    # "rose by $12 million to $340 million": a change and the level it reached, as the answer's
    # reader reads them (language.readings.by_to), not a range of the two
    mentions = by_to(text, read)
    years = _prose_years(text, mentions)
    levels = _levels(read, mentions, years)
    listed = _list_scales(text, mentions)
    for i, m in enumerate(mentions):
        if not m.claim or m.kind == "year":
            continue
        end = listed.get(i)
        if end is not None:
            # read as the list's last item is: scaled, with the digits as written an alias
            m = replace(
                m,
                value=m.value * end.scale,
                precision=m.precision * end.scale,
                scale=end.scale,
                scale_word=end.scale_word,
                written=abs(m.value),
            )
        # a level's label holds its change's words ("revenue rose by $12 million to $340
        # million"), as the range's did: the subject stays named
        label = _context(text, levels.get(i, m.start), m.end)
        span = (offset + m.start, offset + m.end)
        year = years.get(i)
        values.append(
            SourceValue(
                value=m.value,
                source_id=sid,
                kind=m.kind,
                label=label,
                year=year,
                span=span,
                precision=m.precision,
                currency=m.currency,
                # "about half of output": matched as written, never an operand of arithmetic
                operand=not is_article_fraction(m.text),
            )
        )
        if m.high is not None:
            values.append(
                SourceValue(
                    value=m.high,
                    source_id=sid,
                    kind=m.kind,
                    label=f"{label} {UPPER_END}",
                    year=year,
                    span=span,
                    precision=m.precision,
                    currency=m.currency,
                )
            )
        if m.scale != 1 and m.written:
            # "$2.2 billion" also matches a bare "2.2" (a calculation that drops the unit), but an
            # alias never feeds a derivation: it is the same number, not a second one.
            written = -m.written if m.negative else m.written
            values.append(
                SourceValue(
                    value=written,
                    source_id=sid,
                    kind=m.kind,
                    label=f"{label} (as written)",
                    year=year,
                    span=span,
                    view="written",
                    operand=False,
                    precision=m.precision / m.scale,
                    currency=m.currency,
                )
            )
    return values
