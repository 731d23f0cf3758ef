"""``check`` and ``Checker``: the answer-against-sources front door."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from crossfoot.engine import verify
from crossfoot.language.markup import span_back, unmark
from crossfoot.model.memo import evict_oldest
from crossfoot.model.options import Options, make_options
from crossfoot.report.result import Report
from crossfoot.sources.load import SourceSet, load_sources

__all__ = ["Checker", "check"]


# Sources read by check(), by content: a batch of logged answers, or a data set of several
# questions per document, checks many answers against the same passages, and reading them
# (tables, prose numbers) is most of a check. Only lists of plain strings (hashable, compared
# by value) of bounded size are kept, the oldest first out; keyed with the locale they were read
# in ("1.234" is a thousand in de_DE).
_LOADED: dict[tuple[str | None, int | None, tuple[str, ...]], SourceSet] = {}
_LOADED_MAX = 16
_LOADED_CHARS = 500_000


def _load(sources: Any, options: Options) -> SourceSet:
    """:func:`load_sources` with the options' locale and bound on the numbers read, reused for a
    list of plain strings read recently with the same two."""
    locale, most = options.locale, options.max_source_numbers
    plain = type(sources) in (list, tuple) and sources and all(type(s) is str for s in sources)
    if not plain:
        return load_sources(sources, locale=locale, max_numbers=most)
    texts = tuple(sources)
    key = (locale, most, texts)
    made = _LOADED.get(key)
    if made is None:
        given = texts if type(sources) is tuple else sources
        made = load_sources(given, locale=locale, max_numbers=most)
        if sum(map(len, texts)) <= _LOADED_CHARS:
            evict_oldest(_LOADED, _LOADED_MAX)
            _LOADED[key] = made
    return made


class Checker:
    """Index sources once, check many answers against them.

    >>> checker = Checker([{"id": "R1", "fields": {"units": 12400}}], require_citations=True)
    >>> checker.check("We shipped 12,400 units [R1].").passed
    True
    """

    __slots__ = ("_given", "options", "sources")

    def __init__(self, sources: Any, **options: Any) -> None:
        self.options = make_options(**options)
        self._given = sources
        self.sources: SourceSet = _load(sources, self.options)

    def check(self, output: str, *, question: str | None = None, **overrides: Any) -> Report:
        """Check one answer; ``overrides`` change options for this call only (a ``locale`` or a
        ``max_source_numbers`` other than the checker's reads the sources again with it);
        ``question`` is what the user asked (see :func:`check`)."""
        opts = make_options(self.options, **overrides) if overrides else self.options
        sources = self.sources
        mine = self.options
        if opts.locale != mine.locale or opts.max_source_numbers != mine.max_source_numbers:
            sources = _load(self._given, opts)

        def recheck(text: str) -> Report:
            return _verify_unmarked(text, sources, opts, question, None)

        return _verify_unmarked(output, sources, opts, question, recheck)


def _verify_unmarked(
    output: str, sources: SourceSet, opts: Options, question: str | None, recheck: Any
) -> Report:
    """:func:`verify` of the answer without its markdown and LaTeX markup (a bold or LaTeX
    figure is read as the figure), with every claim and sentence at its span in ``output``."""
    unmarked = unmark(output) if isinstance(output, str) else None  # (verify says what is wrong)
    if unmarked is None:
        return verify(output, sources, opts, recheck=recheck, question=question)
    plain, back = unmarked
    report = verify(plain, sources, opts, recheck=recheck, question=question)
    return as_written(report, output, back)


def as_written(report: Report, output: str, back: list[int]) -> Report:
    """``report`` of the unmarked answer with every claim and sentence at its span in
    ``output``, the answer as written (``back`` is the map
    :func:`~crossfoot.language.markup.unmark` returns)."""
    claims = []
    for c in report.claims:
        m, s = c.mention, c.sentence
        m0, m1 = span_back(back, m.start, m.end)
        s0, s1 = span_back(back, s.start, s.end)
        mention = replace(m, start=m0, end=m1, text=output[m0:m1])
        claims.append(
            replace(c, mention=mention, sentence=replace(s, start=s0, end=s1, text=output[s0:s1]))
        )
    return replace(report, text=output, claims=tuple(claims))


def check(output: str, sources: Any, *, question: str | None = None, **options: Any) -> Report:
    """Check every number in ``output`` against ``sources``; fail closed.

    ``sources`` is a list of plain strings (ids ``S1``, ``S2``… by position) and/or records
    ``{"id", "text", "fields"}``. Options: ``require_citations``, ``allow_rounding``,
    ``allow_derived``, ``check_table_rows``, ``max_derivation_operands``, ``max_claims`` (figures
    checked per answer; more fail it), ``max_source_numbers`` (numbers read from the source texts,
    all together; past it the rest is not read, and the report's warnings say so), ``locale``
    (how the answer and the sources write numbers: ``"de_DE"`` reads "1.234" as a thousand; see
    docs/locale.md), each validated (``OptionError`` names a bad one). ``question``, the user's
    question, lets an answer quote a bar from it ("more than $5M") without a source.

    >>> sources = [{"id": "R1", "fields": {"revenue_2023": 2_870_000_000,
    ...                                   "revenue_2024": 3_214_000_000}}]
    >>> check("Revenue grew 12% to $3.2bn [R1].", sources).passed
    True
    >>> check("Revenue was above $3bn [R1].", sources, question="Was revenue above $3bn?").passed
    True
    >>> check("Es waren 1.234 Kunden.", ["Kunden: 1.234"], locale="de_DE").passed
    True
    """
    return Checker(sources, **options).check(output, question=question)
