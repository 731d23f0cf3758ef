"""Numbers as the world writes them: decimal commas, grouping, currencies of every CLDR locale,
Unicode digits, units, times of day, scientific notation, fractions and sign words.

Vectors in ``tests/vectors/locale.json``: extraction results, and for each behaviour a passing
answer with its failing twin through ``check``. A bounded hypothesis property formats random
Decimals with Babel for random locales and reads them back (``benchmarks/locales.py`` runs the
same round-trip over every locale and reports the rates).
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crossfoot import Checker, check, extract
from crossfoot.model.types import Mention

_VECTORS = json.loads((Path(__file__).parent / "vectors" / "locale.json").read_text("utf-8"))
_CASES = [
    pytest.param(case, id=f"{group}-{i}")
    for group, cases in _VECTORS["groups"].items()
    for i, case in enumerate(cases)
]
_TWINS = [pytest.param(t, id=t["name"]) for t in _VECTORS["twins"]]


def _field(m: Mention, name: str) -> Any:
    value = getattr(m, name)
    return str(value) if isinstance(value, Decimal) else value


def _want(expected: dict[str, Any]) -> dict[str, Any]:
    return {k: (str(Decimal(v)) if k in ("value", "precision", "high") and v else v)
            for k, v in expected.items()}  # fmt: skip


@pytest.mark.parametrize("case", _CASES)
def test_vectors(case: dict[str, Any]) -> None:
    found = extract(case["text"], locale=case.get("locale"))
    got = [
        {k: _field(m, k) for k in want} for m, want in zip(found, case["expected"], strict=False)
    ]
    want = [_want(w) for w in case["expected"]]
    assert (got, len(found)) == (want, len(want)), [(m.text, str(m.value)) for m in found]
    for m in found:
        assert case["text"][m.start : m.end] == m.text


def test_every_bullet_has_vectors() -> None:
    groups = _VECTORS["groups"]
    assert set(groups) >= {
        "decimal_comma", "grouping", "currencies", "unicode_digits", "long_numbers", "units",
        "times", "scientific", "fractions", "signs",
    }  # fmt: skip
    assert all(len(cases) >= 2 for cases in groups.values())
    assert len(_TWINS) >= 15


@pytest.mark.parametrize("twin", _TWINS)
def test_twins(twin: dict[str, Any]) -> None:
    locale = twin.get("locale")
    good = check(twin["answer"], twin["sources"], locale=locale)
    assert good.passed, good.explain()
    if "warning" in twin:
        assert any(twin["warning"] in w for w in good.warnings), good.warnings
    if twin["twin"] is not None:
        bad = check(twin["twin"], twin.get("twin_sources", twin["sources"]), locale=locale)
        assert not bad.passed, bad.explain()


# -- the option -------------------------------------------------------------------------------


def test_locale_names_are_forgiving_about_spelling() -> None:
    for name in ("de_DE", "de-DE", "de", "DE_de", "de_AT"):
        assert [m.value for m in extract("1.234", locale=name)] == [Decimal(1234)], name


@pytest.mark.parametrize("bad", ["xx_YY", "", "german"])
def test_unknown_locale_is_a_clear_error(bad: str) -> None:
    with pytest.raises(ValueError, match="locale"):
        extract("1.234", locale=bad)


def test_locale_must_be_a_string() -> None:
    with pytest.raises(TypeError, match="locale"):
        extract("1.234", locale=5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="locale"):
        check("1.234", ["1234"], locale=5)


def test_checker_reads_sources_in_its_locale() -> None:
    checker = Checker(["Umsatz: 1.234,5 Mio. €"], locale="de_DE")
    assert checker.check("Der Umsatz lag bei 1.234,5 Mio. €.").passed
    assert not checker.check("Der Umsatz lag bei 1.243,5 Mio. €.").passed


def test_a_call_may_override_the_checkers_locale() -> None:
    checker = Checker(["Total: 1234"])
    assert checker.check("Total 1.234", locale="de_DE").passed
    assert not checker.check("Total 1.234").passed


def test_an_overriding_locale_reads_the_sources_again() -> None:
    # "1.234" in the source is a thousand only when the source is read again in de_DE.
    checker = Checker(["Total: 1.234"])
    assert checker.check("Total 1234", locale="de_DE").passed
    assert not checker.check("Total 1234").passed


# -- round-trip through Babel ------------------------------------------------------------------

# Babel is in the dev extra, pinned (pyproject.toml): missing or another version is an error here,
# never a skip, so every run tests the tables against the Babel that wrote them.
import babel  # noqa: E402
from babel import Locale  # noqa: E402
from babel.localedata import locale_identifiers  # noqa: E402
from babel.numbers import format_currency, format_decimal, format_percent  # noqa: E402

_LOCALES = sorted(i for i in locale_identifiers() if i != "root")


@settings(max_examples=150, deadline=None)
@given(
    locale=st.sampled_from(_LOCALES),
    whole=st.integers(min_value=0, max_value=10**9),
    cents=st.integers(min_value=0, max_value=99),
    negative=st.booleans(),
    formatter=st.sampled_from(["decimal", "currency", "percent"]),
)
def test_babel_round_trip(
    locale: str, whole: int, cents: int, negative: bool, formatter: str
) -> None:
    value = Decimal(whole) + Decimal(cents) / 100
    value = -value if negative else value
    loc = Locale.parse(locale)
    if formatter == "decimal":
        text, kind = format_decimal(value, locale=loc), "number"
    elif formatter == "currency":
        text, kind = format_currency(value, "EUR", locale=loc), "money"
    else:
        value = Decimal(whole if not negative else -whole)
        text, kind = format_percent(value / 100, locale=loc), "percent"
    found = extract(text, locale=locale)
    assert len(found) == 1, (text, [(m.text, str(m.value)) for m in found])
    (m,) = found
    assert m.value == value, text
    assert m.kind == kind or (m.kind == "year" and kind == "number"), text
    if formatter == "currency":
        assert m.currency in ("€", "EUR"), text


# -- issue 17: number reading must fail closed --------------------------------------------------


def test_non_ascii_digits_are_claims_not_invisible() -> None:
    report = check("revenue was $٩٩٩ million", ["Revenue: $998 million"])
    assert [c.mention.value for c in report.claims] == [Decimal(999_000_000)]
    assert not report.passed


def test_numbers_over_64_digits_are_reported_not_dropped() -> None:
    huge = "9" * 65
    report = check(f"We paid ${huge}.", [f"We paid ${huge}."])
    (claim,) = report.claims
    assert claim.status == "unsupported" and "64 digits" in claim.message
    assert claim.mention.unreadable and claim.mention.text == f"${huge}"
    assert not extract("9" * 64)[0].unreadable


def test_apostrophe_groups_are_read_whole() -> None:
    (m,) = extract("$120'999'000")
    assert (m.value, m.currency, m.text) == (Decimal(120_999_000), "$", "$120'999'000")


def test_every_decimal_digit_of_every_script_reads_with_its_value() -> None:
    import sys
    import unicodedata

    wrong = []
    for cp in range(128, sys.maxunicode + 1):
        ch = chr(cp)
        value = unicodedata.decimal(ch, None)
        if value is None:
            continue
        found = extract(f"total {ch}{ch} units")
        if [m.value for m in found] != [Decimal(11 * value)]:
            wrong.append((hex(cp), [m.text for m in found]))
    assert wrong == []


# -- the command line ---------------------------------------------------------------------------


def test_cli_check_reads_in_the_locale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from crossfoot.cli.app import main

    sources = tmp_path / "sources.json"
    sources.write_text(json.dumps(["Kunden: 1.234"]), "utf-8")
    assert (
        main(["check", "Es waren 1.234 Kunden.", "--sources", str(sources), "--locale", "de"]) == 0
    )
    assert (
        main(["check", "Es waren 1.243 Kunden.", "--sources", str(sources), "--locale", "de"]) == 1
    )
    assert main(["check", "1.234", "--sources", str(sources), "--locale", "xx_YY"]) == 2
    assert "--locale" in capsys.readouterr().err


def test_cli_trace_reads_cells_in_the_locale(tmp_path: Path) -> None:
    from crossfoot.cli.app import main

    rows = tmp_path / "rows.json"
    rows.write_text(json.dumps([{"region": "Nord", "umsatz": "1.234,5"}]), "utf-8")
    assert main(["trace", "Der Umsatz war 1.234,5.", "--rows", str(rows), "--locale", "de"]) == 0
    assert main(["trace", "Der Umsatz war 1.243,5.", "--rows", str(rows), "--locale", "de"]) == 1


def test_the_dev_and_bench_extras_pin_the_babel_that_wrote_the_tables() -> None:
    import re

    from crossfoot.numbers import cldr

    root = Path(__file__).resolve().parents[1]
    # Read as text (tomllib is 3.11+): every Babel requirement in pyproject.toml (the dev and the
    # bench extra) is the exact version the checked-in tables record.
    specs = re.findall(r'"babel\s*([=<>!~][^"]*)?"', (root / "pyproject.toml").read_text("utf-8"))
    assert specs == [f"=={cldr.BABEL_VERSION}"] * 2
    big = json.loads((root / "src/crossfoot/model/cldr_locales.json").read_text("utf-8"))
    assert big["babel_version"] == cldr.BABEL_VERSION
    assert babel.__version__ == cldr.BABEL_VERSION, (
        f"Babel {babel.__version__} installed; the project pins babel=={cldr.BABEL_VERSION}: "
        "make test-deps"
    )


def test_checked_in_cldr_tables_are_what_the_generator_writes() -> None:
    import importlib.util

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("gen_cldr", root / "scripts" / "gen_cldr.py")
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    small, big = gen.render(gen.build())
    assert (root / "src/crossfoot/numbers/cldr.json").read_text("utf-8") == small
    assert (root / "src/crossfoot/model/cldr_locales.json").read_text("utf-8") == big


def test_sources_reused_across_checks_are_read_in_each_calls_locale() -> None:
    # check() keeps recently read plain-string sources (front.check._load): the locale is part
    # of the key, or the second call would reuse the first one's reading of "1.234".
    sources = ["Kunden: 1.234"]
    assert check("Es waren 1234 Kunden.", sources, locale="de_DE").passed
    assert not check("Es waren 1234 Kunden.", sources).passed
    assert check("Es waren 1234 Kunden.", sources, locale="de_DE").passed


def test_a_mention_made_no_claim_keeps_its_unit_and_unreadable_marks() -> None:
    from dataclasses import replace

    from crossfoot.language.claims import _with_claim

    for m in (extract("25kg")[0], extract("$" + "9" * 70)[0]):
        assert (m.unit, m.unreadable) != (None, False)
        assert _with_claim(m, False) == replace(m, claim=False)
