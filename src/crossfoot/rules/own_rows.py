"""A result found in a row the answer never names, when the answer's own figures give another.

An answer that works through a problem names its rows by their figures: "The total for 2018 is
$5,256 and the total for 2019 is $5,015. The percentage change is -4.57%." Its rows are those of
the cells its figures state (*Total*). When the result is not the step over those figures
(-4.59%), the derivation search may still find it elsewhere in the table: -4.57% is the change of
*Net* over the same two years. That reading is a coincidence: the answer never speaks of *Net*.

For every passing figure derived from table cells none of which is in a row the answer's earlier
figures state, in the columns those figures occupy, while its own sentence names none of those
rows, the figure is judged again over the answer's own rows only. A reading there replaces the
coincidental one; none: the figure is ``wrong_row``, and so is every later restatement of it.

>>> from crossfoot import check
>>> table = '[["", "2019", "2018"], ["Total", "5,015", "5,256"], ["Net", "3,882", "4,068"]]'
>>> text = "Total was $5,256 in 2018 and $5,015 in 2019. The percentage change is -4.57%."
>>> [c.status for c in check(text, [table]).claims]
['supported_exact', 'supported_exact', 'wrong_row']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from crossfoot.language.rowtokens import names_row
from crossfoot.model.context import Verdict
from crossfoot.model.types import PASSING_STATUSES, Claim, SourceValue

__all__ = ["own_rows"]

Rerun = Callable[[int, Callable[[SourceValue], bool], bool, Sequence[Claim]], "Verdict | None"]
_Row = tuple[str, int, int | None]


def _row(v: SourceValue) -> _Row:
    return (v.source_id, v.table or 0, v.row_index)


def _own_cells(claims: Sequence[Claim], before: int) -> list[SourceValue]:
    """The table cells the answer's passing figures before ``before`` state directly."""
    return [
        c.evidence.operands[0]
        for c in claims
        if c.mention.start < before
        and c.passed
        and c.evidence is not None
        and c.evidence.rule == "direct"
        and len(c.evidence.operands) == 1
        and c.evidence.operands[0].table is not None
    ]


def _elsewhere(text: str, c: Claim, own: Sequence[SourceValue]) -> set[_Row] | None:
    """The answer's own rows in the derivation's table when ``c`` is derived from other rows of
    it only, in columns the answer's figures occupy, and its sentence names none of them."""
    ev = c.evidence
    if ev is None or ev.rule != "derive" or len(ev.operands) < 2:
        return None
    ops = ev.operands
    table = (ops[0].source_id, ops[0].table)
    if any(v.table is None or (v.source_id, v.table) != table for v in ops):
        return None
    mine = [v for v in own if (v.source_id, v.table) == table]
    rows = {_row(v) for v in mine}
    if len(mine) < 2 or any(_row(v) in rows for v in ops):
        return None
    if not {v.col_index for v in ops} <= {v.col_index for v in mine}:
        return None
    sentence = text[c.sentence.start : c.sentence.end]
    if any(v.row and names_row(v.row, sentence) for v in ops):
        return None  # "Net income grew 10%": the sentence says which row it means
    if len({v.col_index for v in ops}) == 1:
        parts = sum(v.value for v in ops)
        if any(v.col_index == ops[0].col_index and v.value == parts for v in mine):
            return None  # the parts of a total the answer states: "$289 million over 3 segments"
    return rows


def own_rows(text: str, claims: Sequence[Claim], rerun: Rerun) -> list[Claim]:
    """The claims with coincidental derivations judged over the answer's own rows (see the
    module docstring)."""
    out = list(claims)
    keeps: list[Callable[[SourceValue], bool]] = []  # alive while the engine caches cuts by id
    for i, c in enumerate(claims):
        if c.evidence is None or c.evidence.rule != "derive":
            continue  # (what _elsewhere needs first: the earlier claims are scanned only then)
        own = _own_cells(out, c.mention.start)
        rows = _elsewhere(text, c, own)
        if rows is None:
            continue
        table = next(iter(rows))[:2]

        def keep(v: SourceValue, rows: set[_Row] = rows, table: tuple[str, int] = table) -> bool:
            return v.table is None or (v.source_id, v.table) != table or _row(v) in rows

        keeps.append(keep)
        verdict = rerun(i, keep, True, out)
        if verdict is not None and verdict.status in PASSING_STATUSES:
            out[i] = replace(c, status=verdict.status, evidence=verdict.evidence, message="")
            continue
        ev = c.evidence
        assert ev is not None  # (_elsewhere checked it)
        where = ", ".join(dict.fromkeys(v.row or v.label for v in ev.operands))
        named = ", ".join(dict.fromkeys(v.row or v.label for v in own))
        message = (
            f"this figure is found only in {where}, a row the answer does not speak of; "
            f"the answer's figures are of {named}"
        )
        for j in range(i, len(out)):
            later = out[j]
            if j == i or _restates(later, ev.operands, ev.result):
                out[j] = replace(later, status="wrong_row", message=message)
    return out


def _restates(c: Claim, operands: tuple[SourceValue, ...], result: object) -> bool:
    ev = c.evidence
    return (
        ev is not None
        and ev.kind == "restatement"
        and ev.operands == operands
        and ev.result == result
    )
