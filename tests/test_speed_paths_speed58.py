"""The text-figure x cell pairing of round 42 (issue 19, speed58) against the loop it replaced.

``rules.table_chain_mixed._Operands`` binds a text figure to the cells of the lines its own
sentence names. It tested every cell for every text figure; now each line's words are tested
once per text figure and its cells taken in order. The operands (and the changes
``table_chain_unbound`` reads of them) are kept across answers by the identities of the scope's
index and sources. Random tables in three layouts beside random sentences give the same pairs
as the old loop; the same answers checked with the kept operands and with the memos emptied
give the same reports; another passage on the same table is read afresh.
"""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import check
from crossfoot.language.rowsynonyms import other_names
from crossfoot.language.rowtokens import required_tokens
from crossfoot.model.context import Scope
from crossfoot.rules import cross_source
from crossfoot.rules import table_chain_mixed as mixed
from crossfoot.rules import table_chain_text as text
from crossfoot.rules import table_chain_unbound as unbound
from crossfoot.rules._clause_row import clause, clause_rows, own_words
from crossfoot.rules._prose_subject import context_tokens, sentence_tokens
from crossfoot.sources.load import load_sources
from strategies import two_year_table

_ROWS = ("Revenue", "Cash and equivalents", "Capital expenditures", "Net sales", "Other")
_SAID = (
    "cash and equivalents was",
    "revenue grew to",
    "capital spending was",
    "net sales reached",
    "the company reported",
    "other income was",
)

_WORDS = ("revenue", "cash", "equivalent", "capital", "expenditure", "sale", "reported", "spending")


def _old_pairs(ops: mixed._Operands, scope: Scope) -> list[tuple[int, int]]:
    """The pairs of the loop of round 41 (every cell for every text figure), as ids."""
    own = own_words(ops.rows)
    out: list[tuple[int, int]] = []
    for p in ops.prose:
        src = scope.source(p.source_id)
        assert src is not None
        near = sentence_tokens(src.text, p.span)
        other = clause_rows(clause(src.text, p.span[0] if p.span else 0), ops.rows, own)
        wide = other_names(set(near)) or near
        out += [
            (id(p), id(c))
            for c in ops.cells
            if c.source_id != p.source_id
            and ops.words(c)
            and (ops.words(c) <= wide or ops.line[id(c)] in other)
        ]
    return out


def _scope(sources: list[str]) -> Scope:
    ss = load_sources(sources)
    return Scope(ss.sources, False, ss.index(None), ss.groups(None, False))


_amounts = st.decimals(min_value=Decimal("10.0"), max_value=Decimal("9999.9"), places=1)


@st.composite
def _documents(draw: Any) -> list[str]:
    rows = draw(st.lists(st.sampled_from(_ROWS), min_size=1, max_size=4, unique=True))
    table = two_year_table(
        {r: (draw(_amounts), draw(_amounts)) for r in rows},
        draw(st.sampled_from(("markdown", "pipes", "tabs"))),
    )
    said = draw(st.lists(st.sampled_from(_SAID), min_size=1, max_size=3))
    note = " ".join(
        f"In {draw(st.sampled_from(('2017', '2020')))}, {s} ${draw(_amounts):,} million."
        for s in said
    )
    return [table, note]


@settings(max_examples=40, deadline=None)
@given(_documents())
def test_pairs_as_the_old_loop(sources: list[str]) -> None:
    scope = _scope(sources)
    ops = mixed._Operands(scope)
    assert [(id(p), id(c)) for p, c in ops.by_sentence] == _old_pairs(ops, scope)


def _old_named(scope: Scope, words: frozenset[str]) -> tuple[list[int], list[int]]:
    """table_chain_text._named of round 41 (every value read for every claim), as ids."""
    cells, rows, prose = [], set(), []
    for v in scope.index.values:
        if not text._amount(v):
            continue
        if v.table is not None:
            need = required_tokens(v.row) if v.row else frozenset()
            if need and need <= words:
                cells.append(v)
                rows |= need
        elif v.span is not None:
            prose.append(v)
    if not cells or not prose or len(cells) > text._MAX or len(prose) > text._MAX:
        return [], []
    named = [v for v in prose if context_tokens(scope.source(v.source_id), v) & (words - rows)]
    return [id(v) for v in cells], [id(v) for v in named]


# At least three words: with fewer, 1-4 of 30 examples name a prose figure at all (the
# branch compared); with three, 7-9.
@settings(max_examples=30, deadline=None)
@given(_documents(), st.lists(st.sampled_from(_WORDS), min_size=3, max_size=6))
def test_named_as_the_old_scan(sources: list[str], words: list[str]) -> None:
    scope = _scope(sources)
    said = frozenset(words)
    cells, named = text._named(SimpleNamespace(scope=scope), said)  # type: ignore[arg-type]
    assert ([id(v) for v in cells], [id(v) for v in named]) == _old_named(scope, said)


def _empty_memos() -> None:
    mixed._KEPT.clear()
    unbound._KEPT.clear()
    text._KEPT.clear()
    cross_source._POOLS.clear()


_TABLE = two_year_table(
    {
        "Cash and equivalents": (Decimal("1116.5"), Decimal("859.3")),
        "Revenue": (Decimal("2457.1"), Decimal("2210.4")),
    },
    "pipes",
)
_NOTE = (
    "On February 13, 2020, cash and equivalents was $1,041.1 million. "
    "Revenue grew to $2,501.3 million."
)
_ASKED = (
    ("what is the net change?", "The answer is 181.8."),
    ("what is the net change?", "The answer is 204.6."),
    ("what is the percent change?", "The answer is -0.0675."),
    ("what is the percent change?", "The answer is 0.1316."),
    ("what was the sum?", "The answer is 3,542.4."),
)


def test_kept_operands_same_reports() -> None:
    _empty_memos()
    kept = [check(f"{q} {a}", [_TABLE, _NOTE], question=q).to_dict() for q, a in _ASKED]
    assert len(mixed._KEPT) == 1  # one scope, its operands built once for all five answers
    fresh = []
    for q, a in _ASKED:
        _empty_memos()
        fresh.append(check(f"{q} {a}", [_TABLE, _NOTE], question=q).to_dict())
    assert kept == fresh
    assert [c["status"] for r in kept for c in r["claims"]] == ["derived", "unsupported"] + [
        "derived"
    ] * 3


def test_another_passage_read_afresh() -> None:
    """Two passages on one table: the operands of the first are not the second's."""
    _empty_memos()
    q = "what is the net change?"
    other = _NOTE.replace("1,041.1", "1,300.0")
    first = check(f"{q} The answer is 181.8.", [_TABLE, _NOTE], question=q)
    second = check(f"{q} The answer is 181.8.", [_TABLE, other], question=q)
    assert first.passed and not second.passed
