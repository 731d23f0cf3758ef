"""The Report every front door returns (``check``, ``Checker.check``, ``trace``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from crossfoot.model._fastinit import fast_init
from crossfoot.model.types import STATUSES, Claim, format_decimal

if TYPE_CHECKING:
    from crossfoot.model.options import Options

__all__ = ["Report"]


@fast_init
@dataclass(frozen=True, slots=True)
class Report:
    """The verdict on one answer.

    ``passed`` (alias ``ok``) is True when every claim passes and there is no issue (an unknown
    citation is an issue). An answer with no numbers passes with ``score`` 1.0.

    >>> from crossfoot import check
    >>> r = check("Revenue was $3.2bn [R1].", [{"id": "R1", "fields": {"revenue": 3214000000}}])
    >>> r.passed, r.score, r.claims[0].status
    (True, 1.0, 'supported_rounded')
    """

    text: str
    claims: tuple[Claim, ...]
    issues: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    options: Options | None = field(default=None, repr=False, compare=False)
    _recheck: Callable[[str], Report] | None = field(default=None, repr=False, compare=False)

    @property
    def passed(self) -> bool:
        return not self.issues and all(c.passed for c in self.claims)

    @property
    def ok(self) -> bool:
        return self.passed

    def __bool__(self) -> bool:
        return self.passed

    @property
    def checked(self) -> int:
        """How many numbers were checked."""
        return len(self.claims)

    @property
    def score(self) -> float:
        """Share of claims that pass (1.0 when there is none)."""
        if not self.claims:
            return 1.0
        return sum(c.passed for c in self.claims) / len(self.claims)

    @property
    def failed(self) -> tuple[Claim, ...]:
        return tuple(c for c in self.claims if not c.passed)

    @property
    def ungrounded(self) -> list[str]:
        """The failing figures as written in the answer."""
        return [c.text for c in self.claims if not c.passed]

    def counts(self) -> dict[str, int]:
        """Claims per status."""
        tally: Counter[str] = Counter(c.status for c in self.claims)
        return {s: tally[s] for s in STATUSES if tally[s]}

    def summary(self) -> str:
        """One line per claim (``[status] text - evidence``) and a closing verdict line."""
        lines = [c.describe() for c in self.claims]
        lines += [f"issue: {i}" for i in self.issues]
        lines += [f"warning: {w}" for w in self.warnings]
        verdict = "PASS" if self.passed else "FAIL"
        lines.append(
            f"{verdict}: {sum(c.passed for c in self.claims)}/{len(self.claims)} numbers grounded"
            f" (score {self.score:.2f})"
        )
        return "\n".join(lines)

    def explain(self) -> str:
        """A checklist: a header, then ✓/✗ per figure with how it was (or was not) found."""
        bad = len(self.failed)
        head = "GROUNDED" if self.passed else "UNGROUNDED"
        lines = [f"{head} · {self.checked} checked · {bad} untraceable"]
        width = max((len(c.text) for c in self.claims), default=0)
        for c in self.claims:
            mark = "✓" if c.passed else "✗"
            kind = c.evidence.kind if c.evidence is not None else c.status
            detail = c.evidence.formula if c.evidence is not None else c.message
            if not c.passed and c.evidence is not None and c.message:
                detail = c.message
            lines.append(f"  {mark} {c.text.ljust(width)}  {kind:<16} {detail}")
        lines += [f"  ! {i}" for i in self.issues]
        return "\n".join(lines)

    def caveat(self, limit: int = 4) -> str:
        """A sentence a product can append to the answer; empty when everything is grounded.

        >>> from crossfoot import check
        >>> check("APAC averaged $71.", ["APAC: 1,930,000 revenue."]).caveat()
        'This figure could not be traced to the data: $71.'
        >>> check("APAC sold 12 units for $71.", ["APAC: 1,930,000 revenue."]).caveat()
        'These figures could not be traced to the data: 12, $71.'
        """
        figures = self.ungrounded
        if not figures and not self.issues:
            return ""
        if not figures:
            return "Some citations in this answer do not match any source."
        shown = ", ".join(figures[:limit])
        more = len(figures) - limit
        if more > 0:
            shown += f" and {more} more"
        noun = "This figure" if len(figures) == 1 else "These figures"
        return f"{noun} could not be traced to the data: {shown}."

    def coincidence(self, draws: int = 200, seed: int = 0) -> float:
        """Estimated chance that a wrong figure of the same shape would have passed by luck.

        Perturbs the passing figures of this answer, re-checks against the same sources and
        options, and returns the share of wrong figures that passed (0.0 with nothing to perturb).
        """
        if self._recheck is None:
            raise ValueError("this report was not produced by a checker; nothing to re-check")
        from crossfoot.report.coincidence import estimate

        return estimate(self, self._recheck, draws=draws, seed=seed)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe dict with stable keys."""
        return {
            "passed": self.passed,
            "score": self.score,
            "checked": self.checked,
            "counts": self.counts(),
            "ungrounded": self.ungrounded,
            "issues": list(self.issues),
            "warnings": list(self.warnings),
            "claims": [_claim_dict(c) for c in self.claims],
        }


def _claim_dict(c: Claim) -> dict[str, Any]:
    m = c.mention
    ev = c.evidence
    return {
        "text": m.text,
        "start": m.start,
        "end": m.end,
        "value": _num(m.value),
        "precision": _num(m.precision),
        "kind": m.kind,
        "currency": m.currency,
        "sentence": c.sentence.index,
        "cited": list(c.sentence.cited),
        "status": c.status,
        "passed": c.passed,
        "message": c.message,
        "evidence": None
        if ev is None
        else {
            "rule": ev.rule,
            "kind": ev.kind,
            "formula": ev.formula,
            "note": ev.note,
            "result": None if ev.result is None else _num(ev.result),
            "operands": [
                {
                    "source": o.source_id,
                    "label": o.label,
                    "value": _num(o.value),
                    "row": o.row,
                    "column": o.column,
                    "year": o.year,
                    "unit_header": o.unit_header,
                }
                for o in ev.operands
            ],
        },
    }


def _num(value: Decimal) -> str:
    """Decimals as plain strings: exact, and JSON has no decimal type."""
    return format_decimal(value).replace(",", "")
