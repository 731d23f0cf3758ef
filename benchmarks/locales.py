"""Numbers as CLDR writes them: does ``extract`` read back what Babel formatted?

For every locale Babel knows and each of four formatters (``format_decimal``, ``format_currency``
with the symbol and with the ISO code, ``format_percent``, ``format_compact_decimal`` short and
long), seeded random Decimals are formatted and read back with ``extract(text, locale=...)``, and
again without a locale. A case reads back when ``extract`` finds exactly one number with the
value the text shows, the currency (a symbol counts when it can name the code: "$" for AUD) and
the kind (``number``, ``money``, ``percent``; a bare integer 1900-2100 may read as a ``year``).

Without a locale only the *unambiguous* cases count, decided from CLDR, not from the reader:

- the digits: one "." or "," followed by exactly three digits ("1.234", "12,345") is a thousand
  in one locale and a decimal in another; group sizes other than 3 (and the Indian 3-2) may be a
  list of numbers ("1 23 45");
- a currency symbol of one or two ASCII letters ("K", "R", "Ft"; "kr", "Rs", "Rp" are kept), an
  ISO code that is an English word ("ALL", "TOP", "AMD");
- a scale word that means different powers of ten in different locales ("bn": 10^9 or 10^12),
  or a short ASCII one ("M", "mil", "Mn": three letters or fewer without a dot);
- a token English uses in another sense ("den", "kg.", "mile", "billions");
- a trailing minus ("1.234,50-").

Babel's own quirks are left out and counted: a compact pattern without a digit ("mille"), and
compact output whose digits are not the rounded value (Swahili prefix patterns).

    python benchmarks/locales.py                 # writes benchmarks/results/locales.{json,md}
    python benchmarks/locales.py --per 2 --locales de_DE fr_FR --show 20
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import re
import sys
import time
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import babel
from babel import Locale
from babel.core import get_cldr_version
from babel.localedata import locale_identifiers
from babel.numbers import (
    _get_compact_format,
    format_compact_decimal,
    format_currency,
    format_decimal,
    format_percent,
    get_currency_precision,
    get_territory_currencies,
    parse_pattern,
)

from crossfoot import extract

RESULTS = Path(__file__).resolve().parent / "results"
FORMATTERS = ("decimal", "currency_symbol", "currency_code", "percent", "compact")

_MARKS = "\u200e\u200f\u061c"
_SPACES = " \u00a0\u202f\u2009"
# The digits of a formatted number with every separator CLDR uses between them.
_NUMBER_RE = re.compile(r"[0-9](?:[0-9]|[.,'’⹁،٬٫ \u00a0\u202f\u2009](?=[0-9]))*")


@dataclass(frozen=True, slots=True)
class Case:
    locale: str
    formatter: str
    text: str
    value: Decimal
    currency: str | None  # the ISO code, for money
    kind: str
    unambiguous: bool


def _clean(affix: str) -> str:
    text = "".join(" " if ch in _MARKS or ch in _SPACES else ch for ch in affix)
    return " ".join(text.split()).casefold()


# -- what CLDR says about symbols and scale words, across every locale --------------------------


def cldr_facts() -> tuple[dict[str, set[str]], dict[str, set[int]]]:
    """(symbol -> codes, scale word -> exponents) over every locale."""
    codes: dict[str, set[str]] = collections.defaultdict(set)
    exps: dict[str, set[int]] = collections.defaultdict(set)
    for ident in locale_identifiers():
        loc = Locale.parse(ident)
        for code, symbol in loc.currency_symbols.items():
            codes[_clean(symbol)].add(code)
        for kind in ("short", "long"):
            for forms in loc.compact_decimal_formats[kind].values():
                for magnitude, pattern in forms.items():
                    p = parse_pattern(pattern)
                    if "0" not in p.pattern or p.pattern == "0":
                        continue
                    divisor = int(magnitude) // 10 ** (p.pattern.split(";")[0].count("0") - 1)
                    for affix in (p.prefix[0], p.suffix[0]):
                        word = _clean(affix.replace("'.'", "."))
                        if word and not word.startswith("-"):
                            exps[word].add(len(str(divisor)) - 1)
    return codes, exps


def _digits_ambiguous(number: str) -> bool:
    seps = [ch for ch in number if not ch.isdigit()]
    groups = re.split(r"[^0-9]", number)
    if len(seps) == 1 and seps[0] in ".," and len(groups[1]) == 3 and groups[0][:1] != "0":
        return len(groups[0]) <= 3
    if not seps:
        return False
    # Group sizes: every group after the first has three digits, or the Indian 2s then a 3.
    decimal_at = None
    if seps[-1] in ".,٫" and seps.count(seps[-1]) == 1 and (len(set(seps)) > 1 or seps[-1] == "٫"):
        decimal_at = len(groups) - 1
    whole = groups[:decimal_at] if decimal_at is not None else groups
    inner = [len(g) for g in whole[1:]]
    if not inner:
        return False
    return not (all(n == 3 for n in inner) or (inner[-1] == 3 and all(n == 2 for n in inner[:-1])))


# Tokens that English text uses next to numbers in another sense, and ISO codes that are English
# words: ambiguous without a locale, whatever CLDR says.
_ENGLISH = frozenset({"den", "kg.", "mile", "mille", "billions", "trillions", "millions",
                      "thousands", "bil.", "bln.", "all", "top", "amd"})  # fmt: skip
_SHORT_SYMBOLS = frozenset({"kr", "kr.", "rs", "rs.", "rp"})  # short, but plainly currencies


def _letters(word: str) -> str:
    return word.replace(".", "").replace(" ", "")


def _symbol_ambiguous(symbol: str) -> bool:
    """One or two ASCII letters ("K", "R", "Ft" is also feet), or an English word."""
    if symbol in _ENGLISH:
        return True
    if not symbol.isascii() or "$" in symbol or symbol in _SHORT_SYMBOLS:
        return False
    return len(_letters(symbol)) <= 2


def _word_ambiguous(word: str, exps: dict[str, set[int]]) -> bool:
    """A scale word CLDR gives several powers of ten ("bn": 10^9 or 10^12), a short ASCII word
    ("M", "mil", "Mn"), or an English word."""
    if len(exps.get(word, ())) > 1 or word in _ENGLISH:
        return True
    if not word.isascii():
        return False
    n = len(_letters(word))
    return not (n >= 4 or " " in word or (word.endswith(".") and n >= 3))


def unambiguous(
    text: str, formatter: str, facts: tuple[dict[str, set[str]], dict[str, set[int]]]
) -> bool:
    """Whether a formatted number means one thing without a locale (see the module docstring)."""
    _, exps = facts
    m = _NUMBER_RE.search(text)
    if m is None or _digits_ambiguous(m.group()):
        return False
    after = _clean(text[m.end() :])
    if after.startswith("-") or after.endswith(" -"):
        return False  # a trailing minus
    affix = _clean(text[: m.start()] + " " + text[m.end() :])
    affix = " ".join(affix.replace("%", " ").replace("٪", " ").strip("-−+ ").split())
    if not affix:
        return True
    if formatter.startswith("currency"):
        return not _symbol_ambiguous(affix)
    if formatter == "compact":
        return not _word_ambiguous(affix, exps)
    return True


# -- cases -----------------------------------------------------------------------------------


def _decimal(rng: random.Random, places: int, max_digits: int = 10) -> Decimal:
    digits = rng.randint(1, max_digits)
    whole = rng.randint(10 ** (digits - 1) if digits > 1 else 0, 10**digits - 1)
    frac = rng.randint(0, 10**places - 1) if places else 0
    value = Decimal(whole) + Decimal(frac).scaleb(-places)
    return -value if rng.random() < 0.25 else value


def make_cases(
    ident: str, per: int, seed: int, facts: Any
) -> tuple[list[Case], collections.Counter[str]]:
    loc = Locale.parse(ident)
    rng = random.Random(f"{seed}:{ident}")
    skipped: collections.Counter[str] = collections.Counter()
    out: list[Case] = []

    def add(formatter: str, text: str, value: Decimal, currency: str | None, kind: str) -> None:
        clear = unambiguous(text, formatter, facts)
        out.append(Case(ident, formatter, text, value, currency, kind, clear))

    territory_codes = get_territory_currencies(loc.territory) if loc.territory else []
    all_codes = sorted(loc.currency_symbols)
    for _ in range(per):
        value = _decimal(rng, rng.choice((0, 0, 1, 2, 3)))
        add("decimal", format_decimal(value, locale=loc), value, None, "number")

        code = (
            territory_codes[0] if territory_codes and rng.random() < 0.5 else rng.choice(all_codes)
        )
        places = get_currency_precision(code)
        amount = _decimal(rng, places, 9)
        add("currency_symbol", format_currency(amount, code, locale=loc), amount, code, "money")
        pattern = loc.currency_formats["standard"].pattern.replace("¤", "¤¤")
        text = format_currency(amount, code, format=pattern, locale=loc)
        add("currency_code", text, amount, code, "money")

        points = _decimal(rng, 0, 5)
        add("percent", format_percent(points / 100, locale=loc), points, None, "percent")

        mantissa = Decimal(rng.randint(1, 999))
        number = mantissa.scaleb(rng.randint(0, 12))
        number = -number if rng.random() < 0.2 else number
        kind = rng.choice(("short", "long"))
        text = format_compact_decimal(number, format_type=kind, locale=loc)
        rounded, pattern_used = _get_compact_format(
            number, loc.compact_decimal_formats[kind], loc, 0
        )
        if pattern_used is None or parse_pattern(pattern_used).pattern == "0":
            expected = number
        else:
            p = parse_pattern(pattern_used).pattern
            if "0" not in p:
                skipped["compact pattern without digits"] += 1
                continue
            magnitude = _magnitude(loc, kind, pattern_used)
            expected = rounded * (magnitude // 10 ** (p.split(";")[0].count("0") - 1))
        shown = _NUMBER_RE.search(text)
        if shown is None or re.sub(r"[^0-9]", "", shown.group()) != str(abs(int(rounded))):
            if pattern_used is not None and parse_pattern(pattern_used).pattern != "0":
                skipped["compact digits are not the rounded value (Babel)"] += 1
                continue
        add("compact", text, expected, None, "number")
    return out, skipped


def _magnitude(loc: Locale, kind: str, pattern: Any) -> int:
    for forms in loc.compact_decimal_formats[kind].values():
        for magnitude, p in forms.items():
            if p is pattern or p.pattern == pattern.pattern:
                return int(magnitude)
    raise LookupError(pattern)


# -- reading back ----------------------------------------------------------------------------


def _codes_of(currency: str | None, symbols: dict[str, set[str]]) -> set[str]:
    if currency is None:
        return set()
    legacy = {"€": {"EUR"}, "₹": {"INR"}}
    if currency in legacy:
        return legacy[currency]
    return symbols.get(_clean(currency), set()) | ({currency} if currency.isupper() else set())


def read_back(case: Case, locale: str | None, symbols: dict[str, set[str]]) -> tuple[bool, str]:
    try:
        found = extract(case.text, locale=locale) if locale else extract(case.text)
    except TypeError:
        if locale is None:
            raise
        found = extract(case.text)  # a reader without locale=: the "before" figure
    claims = [m for m in found]
    got = [(m.text, str(m.value), m.kind, m.currency) for m in claims]
    if len(claims) != 1:
        return False, f"{len(claims)} numbers {got}"
    m = claims[0]
    if m.value != case.value:
        return False, f"value {m.value} {got}"
    year_ok = m.kind == "year" and case.kind == "number" and m.value == m.value.to_integral()
    if m.kind != case.kind and not year_ok:
        return False, f"kind {m.kind} {got}"
    if case.currency is not None and case.currency not in _codes_of(m.currency, symbols):
        return False, f"currency {m.currency!r} {got}"
    if case.currency is None and m.currency is not None:
        return False, f"currency {m.currency!r} {got}"
    return True, ""


def run(args: argparse.Namespace) -> dict[str, Any]:
    facts = cldr_facts()
    locales = args.locales or sorted(i for i in locale_identifiers() if i != "root")
    tally: dict[str, collections.Counter[str]] = {
        mode: collections.Counter() for mode in ("locale", "no_locale")
    }
    failures: dict[str, list[dict[str, str]]] = collections.defaultdict(list)
    skipped: collections.Counter[str] = collections.Counter()
    per_locale_fail: collections.Counter[str] = collections.Counter()
    start = time.perf_counter()
    for ident in locales:
        cases, skips = make_cases(ident, args.per, args.seed, facts)
        skipped.update(skips)
        for case in cases:
            for mode, locale in (("locale", ident), ("no_locale", None)):
                if mode == "no_locale" and not case.unambiguous:
                    continue
                ok, why = read_back(case, locale, facts[0])
                tally[mode][case.formatter + (":ok" if ok else ":fail")] += 1
                if not ok:
                    per_locale_fail[f"{mode}:{ident}"] += 1
                    failures[mode].append(
                        {
                            "locale": ident,
                            "formatter": case.formatter,
                            "text": case.text,
                            "expected": f"{case.value} {case.kind} {case.currency or ''}".strip(),
                            "got": why,
                        }
                    )
    return {
        "babel": babel.__version__,
        "cldr": get_cldr_version(),
        "seed": args.seed,
        "per": args.per,
        "locales": len(locales),
        "seconds": round(time.perf_counter() - start, 1),
        "tally": {mode: dict(c) for mode, c in tally.items()},
        "skipped": dict(skipped),
        "failures": failures,
        "per_locale_failures": dict(per_locale_fail.most_common()),
        "command": " ".join(["python", "benchmarks/locales.py", *sys.argv[1:]]),
    }


def _rate(counter: dict[str, int], formatter: str | None = None) -> tuple[int, int]:
    names = FORMATTERS if formatter is None else (formatter,)
    ok = sum(counter.get(f"{f}:ok", 0) for f in names)
    fail = sum(counter.get(f"{f}:fail", 0) for f in names)
    return ok, ok + fail


def markdown(result: dict[str, Any], show: int) -> str:
    lines = [
        "# Babel round-trip: numbers as CLDR writes them",
        "",
        f"Babel {result['babel']} (CLDR {result['cldr']}), {result['locales']} locales, "
        f"{result['per']} values per formatter and locale, seed {result['seed']}; "
        f"{result['seconds']} s. Command: `{result['command']}`.",
        "",
        "| formatter | with `locale` | without (unambiguous cases) |",
        "|---|---|---|",
    ]
    for formatter in (*FORMATTERS, None):
        cells = []
        for mode in ("locale", "no_locale"):
            ok, total = _rate(result["tally"][mode], formatter)
            cells.append(f"{ok:,} / {total:,} ({100 * ok / max(1, total):.2f} %)")
        name = f"`{formatter}`" if formatter else "**all**"
        lines.append(f"| {name} | {cells[0]} | {cells[1]} |")
    if result["skipped"]:
        lines += ["", "Left out (Babel output that is not the value):", ""]
        lines += [f"- {why}: {n}" for why, n in result["skipped"].items()]
    for mode, title in (("locale", "with `locale`"), ("no_locale", "without a locale")):
        fails = result["failures"].get(mode, [])
        by_locale = collections.Counter(f["locale"] for f in fails)
        lines += ["", f"## Failures {title}: {len(fails)} in {len(by_locale)} locales", ""]
        if by_locale:
            lines.append(
                ", ".join(
                    f"`{loc}` {n}"
                    for loc, n in sorted(by_locale.items(), key=lambda kv: (-kv[1], kv[0]))
                )
            )
            lines += ["", "| locale | formatter | text | expected | got |", "|---|---|---|---|---|"]
            for f in fails[:show]:
                lines.append(
                    f"| {f['locale']} | {f['formatter']} | `{f['text']!r}` | {f['expected']} "
                    f"| {f['got'].replace('|', '/')} |"
                )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per", type=int, default=6, help="values per formatter and locale")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--locales", nargs="+", help="only these locales")
    parser.add_argument("--show", type=int, default=60, help="failures listed per mode")
    parser.add_argument("--out-dir", type=Path, default=RESULTS)
    parser.add_argument("--stem", default="locales")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    result = run(args)
    text = markdown(result, args.show)
    print(text[: text.find("## Failures")])
    if not args.no_write:
        args.out_dir.mkdir(parents=True, exist_ok=True)
        (args.out_dir / f"{args.stem}.json").write_text(
            json.dumps(result, indent=1, ensure_ascii=False)
        )
        (args.out_dir / f"{args.stem}.md").write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
