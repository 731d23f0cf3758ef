"""The coincidence estimate (crossfoot.report.coincidence) and the precision requirement it guards:
on a 12-row x 5-column table of random values, fewer than 5 % of randomly drawn wrong figures
stated to 3 significant figures pass with all derivations on.
"""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from crossfoot import check
from crossfoot.model.types import Claim, Mention, Sentence
from crossfoot.report.coincidence import estimate, perturb
from speed import ROWS, YEARS, money3, sig3
from speed import table as random_table


def true_answer(rng: random.Random, values: list[list[int]], n: int = 2) -> str:
    """True claims stated to 3 significant figures: % change, cell, share, gap."""
    parts = []
    for _ in range(n):
        r, r2 = rng.sample(range(len(ROWS)), 2)
        c = rng.randrange(4)
        year = YEARS[c + 1]
        a, b, other = values[r][c], values[r][c + 1], values[r2][c + 1]
        name, name2 = ROWS[r], ROWS[r2].lower()
        parts.append(f"{name} changed by {sig3((b - a) / a * 100)}% in {year} [R1].")
        parts.append(f"{name} was {money3(b)} in {year} [R1].")
        if b < other:
            parts.append(f"In {year}, {name.lower()} was {sig3(b / other * 100)}% of {name2} [R1].")
        gap = money3(abs(b - other))
        parts.append(f"In {year}, the gap between {name.lower()} and {name2} was {gap} [R1].")
    return " ".join(parts)


@pytest.mark.parametrize("limit", [30, 60], ids=["default-limit", "table-fully-searched"])
def test_wrong_figures_rarely_pass_on_a_random_table(limit: int) -> None:
    # limit=30 is the default: the 60-value table is then not searched for derivations at all.
    # limit=60 searches it with every derivation kind: the real test of the rules' precision.
    rng = random.Random(2024)
    rates, grounded = [], []
    for trial in range(3):
        record, values = random_table(rng)
        report = check(true_answer(rng, values), [record], max_derivation_operands=limit)
        grounded.append(report.score)
        rates.append(report.coincidence(draws=40, seed=trial))
    assert sum(rates) / len(rates) < 0.05, rates
    if limit == 60:
        # the true derivations themselves are found when the table is searched
        assert sum(grounded) / len(grounded) > 0.8, grounded


def test_estimate_is_zero_without_passing_claims() -> None:
    report = check("Revenue was $9.99bn [R1].", [{"id": "R1", "fields": {"revenue": 3214000000}}])
    assert not report.claims[0].passed
    assert report.coincidence(draws=10) == 0.0


def test_estimate_counts_lucky_matches() -> None:
    # A record whose values are every integer 100..130 (31 values, above the default limit, so
    # only direct matches count): any wrong whole number in that range passes by luck.
    fields = {f"v{i}": 100 + i for i in range(31)}
    report = check("The count was 115 [R1].", [{"id": "R1", "fields": fields}])
    assert report.claims[0].passed
    rate = estimate(report, lambda t: check(t, [{"id": "R1", "fields": fields}]), draws=40, seed=1)
    # moves of 5-60 %: 109.25..184 up, 46..109.25 down; only 106..130 except 115 lie in the data
    assert 0.05 < rate < 0.6


def _claim(text: str, value: str, kind: str, precision: str) -> Claim:
    m = Mention(text, 0, len(text), Decimal(value), kind, Decimal(precision))  # type: ignore[arg-type]
    return Claim(m, Sentence(0, 0, len(text), text), "supported_exact")


@pytest.mark.parametrize(
    ("text", "value", "kind", "precision"),
    [
        ("12.3%", "12.3", "percent", "0.05"),
        ("$3.21bn", "3210000000", "money", "5000000"),
        ("(97,150)", "-97150", "number", "0.5"),
        ("2.8:1", "2.8", "ratio", "0.05"),
        ("1,850", "1850", "number", "0.5"),
    ],
)
def test_perturbed_figures_keep_their_shape_and_leave_the_window(
    text: str, value: str, kind: str, precision: str
) -> None:
    claim = _claim(text, value, kind, precision)
    rng = random.Random(0)
    for _ in range(30):
        wrong = perturb(text, claim, rng)
        assert wrong is not None and wrong != text
        prefix = text[: next(i for i, ch in enumerate(text) if ch.isdigit())]
        assert wrong.startswith(prefix)
        digits = wrong[len(prefix) :]
        core = digits.split(":")[0].rstrip("%bn)")
        new = Decimal(core.replace(",", ""))
        unit = Decimal(1) if kind != "money" else Decimal(10**9)
        old, window = abs(Decimal(value)) / unit, Decimal(precision) / unit
        # outside the claim's own window, and moved at most 60 % (plus rounding at its digits)
        assert window < abs(new - old) < old * Decimal("0.65")
