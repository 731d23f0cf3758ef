"""A computed final figure rounded the wrong way: an exact half written toward zero.

"Trade receivables were $11,190 and $9,661. The average is $10,425." The average is 10,425.5
exactly; at the written precision it lies halfway between $10,425 and $10,426, and rounding
(half away from zero, the convention of financial statements and of ``answer_decimals``) gives
$10,426. Writing the nearer-zero figure truncates the answer's own result. For
:func:`crossfoot.rules.alignment.align_answer`, a *final figure* that passes and whose value the
answer computes (a calculation it shows: the "steps" and "arithmetic" rules) is
``off_question`` when its computed value lies exactly half a unit of its last written digit
farther from zero than the figure. A value read from the sources is not judged (it says what the
source says), nor a value the search derives for a bare figure (another rounding may meet it),
nor a figure that rounds to nearest.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from crossfoot.model.types import Claim, Evidence
from crossfoot.rules._shown import SHOWN

__all__ = ["half_down", "judged_finals"]

# Evidence kinds that read a value rather than compute one.
_READS = frozenset({"cell", "exact", "rounded", "restatement", "label", "range"})


def half_down(c: Claim, base: Evidence) -> str | None:
    """Why ``c`` rounds its computed value ``base.result`` the wrong way, or None.

    >>> from decimal import Decimal
    >>> from crossfoot.model.types import Sentence
    >>> from crossfoot.numbers.extract import extract
    >>> ev = Evidence("steps", "average", "", result=Decimal("10425.5"))
    >>> claim = lambda text: Claim(extract(text)[0], Sentence(0, 0, 8, ""), "derived", ev)
    >>> half_down(claim("$10,425"), ev)
    'the computed value is 10425.5; rounded, it is 10426, not 10425'
    >>> half_down(claim("$10,426"), ev) is None
    True
    """
    m = c.mention
    if base.rule not in SHOWN or base.kind in _READS or base.result is None:
        return None
    if m.precision <= 0 or m.high is not None:
        return None
    exact, written = abs(base.result), abs(m.value)
    if exact - written != m.precision:
        return None
    # (in the unit the figure is written in: "$244,800 thousand" is 244,800.5 thousand)
    unit = m.scale
    return (
        f"the computed value is {(exact / unit).normalize():f}; rounded, it is "
        f"{((written + 2 * m.precision) / unit).normalize():f}, not {m.written.normalize():f}"
    )


def judged_finals(
    finals: Sequence[Claim],
    underlying: Callable[[Claim], Evidence | None],
    judge: Callable[[Claim, Evidence], str | None],
) -> dict[int, str]:
    """The passing final figures ``judge`` finds wrong against their underlying evidence, by
    ``id``, with why (shared by the readings of a final figure's last digit: :func:`half_down`,
    ``rules.answer_round.cut_short``).

    >>> judged_finals([], lambda c: None, half_down)
    {}
    """
    out: dict[int, str] = {}
    for c in finals:
        base = underlying(c) if c.passed else None
        why = judge(c, base) if base is not None else None
        if why is not None:
            out[id(c)] = why
    return out
