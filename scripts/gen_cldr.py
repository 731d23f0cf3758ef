"""Generate the CLDR tables the number reader needs at run time, from Babel.

    python scripts/gen_cldr.py              # writes numbers/cldr.json and model/cldr_locales.json
    python scripts/gen_cldr.py --check      # exit 1 when the checked-in tables are stale

Babel is a development dependency only (the ``dev`` and ``bench`` extras): the core reads the
generated tables, which record the Babel and CLDR versions they came from (JSON package data,
read by ``crossfoot/numbers/cldr.py`` and ``crossfoot/model/locale.py``). Two tables:

- ``crossfoot/numbers/cldr.json`` (read with the reader): every currency symbol CLDR lists,
  with the codes it can stand for; the ISO codes; the scale words that mean one power of ten in
  every locale.
- ``crossfoot/model/cldr_locales.json`` (read on the first ``locale=``, by
  :mod:`crossfoot.model.locale`, which the options validator uses): per locale, the decimal and
  group symbols, the grouping sizes, which currency an ambiguous symbol means there ("$" is AUD
  in en_AU), and the compact scale words ("Mio.", "млн", "万", "elfu" before the number).

A locale whose entry equals what its parent resolves to is left out (the reader falls back by
dropping the last subtag), which keeps the table small.
"""

from __future__ import annotations

import argparse
import collections
import difflib
import json
import sys
import unicodedata
from pathlib import Path
from typing import Any

import babel
from babel import Locale
from babel.core import get_cldr_version
from babel.localedata import locale_identifiers
from babel.numbers import list_currencies, parse_pattern

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "crossfoot"
OUTPUTS = {
    "symbols": PACKAGE / "numbers" / "cldr.json",
    "locales": PACKAGE / "model" / "cldr_locales.json",
}

#: Local signs that CLDR's standard symbols leave out but text uses (CLDR's narrow symbols and
#: the words written after amounts in Korean, Japanese and Russian text).
SUPPLEMENT: dict[str, tuple[str, ...]] = {
    "₨": ("INR", "LKR", "MUR", "NPR", "PKR", "SCR"),
    "Rs.": ("INR", "LKR", "MUR", "NPR", "PKR", "SCR"),
    "₵": ("GHS",),
    "원": ("KRW",),
    "円": ("JPY",),
    "руб.": ("RUB",),
    "руб": ("RUB",),
    "lei": ("RON",),
    "ден": ("MKD",),
}

#: ISO codes that are also English words: read after or before a number only with a locale
#: ("TOP 10" is not ten Tongan paʻanga).
WORD_CODES = frozenset({"ALL", "AMD", "TOP"})

#: Symbols of at most two ASCII letters that are read without a locale all the same: they are
#: common before or after amounts and rare as words.
SHORT_SAFE = frozenset({"kr", "kr.", "Rs", "Rs.", "Rp"})
#: ASCII words that English text uses next to numbers in another sense (units, English plurals
#: of the short scale): not read as a currency or a scale word without a locale.
ENGLISH = frozenset(
    {
        "den",
        "kg.",
        "mile",
        "mille",
        "billions",
        "trillions",
        "millions",
        "thousands",
        "bil.",
        "bln.",
    }
)

# Bidirectional marks CLDR puts around signs and symbols; the reader treats them as spaces.
_MARKS = "\u200e\u200f\u061c"
_SPACES = " \u00a0\u202f\u2009"


def _clean(affix: str) -> str:
    """An affix as the reader compares it: marks and outer spaces dropped, inner spaces single,
    case folded."""
    text = "".join(" " if ch in _MARKS or ch in _SPACES else ch for ch in affix)
    return " ".join(text.split()).casefold()


def _symbol(text: str) -> str:
    """A symbol as the reader compares it: marks dropped, spaces single, case kept."""
    text = "".join(" " if ch in _MARKS or ch in _SPACES else ch for ch in text)
    return " ".join(text.split())


def _is_safe_symbol(symbol: str) -> bool:
    """Whether a symbol can be read without a locale: not a run of one or two ASCII letters,
    which English text is full of ("5 K", "R5", "5 Ft" is five feet), nor an English word."""
    if not symbol.isascii() or "$" in symbol or symbol in SHORT_SAFE:
        return True
    letters = symbol.replace(".", "").replace(" ", "")
    return len(letters) >= 3 and letters.isalpha() and symbol.casefold() not in ENGLISH


def _is_safe_word(word: str) -> bool:
    """Whether a scale word can be read without a locale: a non-ASCII word, or an ASCII one of
    four letters or more (three with a dot, or several words) that is not English."""
    if not word.isascii():
        return True
    if word in ENGLISH:
        return False
    letters = word.replace(".", "").replace(" ", "")
    return len(letters) >= 4 or " " in word or (word.endswith(".") and len(letters) >= 3)


def currency_tables() -> tuple[dict[str, tuple[str, ...]], dict[str, dict[str, str]]]:
    """(symbol -> codes across CLDR, locale -> {symbol: code} for ambiguous symbols)."""
    codes_of: dict[str, set[str]] = collections.defaultdict(set)
    per_locale: dict[str, dict[str, str]] = {}
    for ident in locale_identifiers():
        loc = Locale.parse(ident)
        mine = {}
        for code, raw in loc.currency_symbols.items():
            symbol = _symbol(raw.replace("\u200b", ""))
            if symbol == code or not symbol:
                continue
            codes_of[symbol].add(code)
            mine[symbol] = code
        per_locale[ident] = mine
    for symbol, codes in SUPPLEMENT.items():
        codes_of[symbol].update(codes)
    symbols = {s: tuple(sorted(c)) for s, c in sorted(codes_of.items())}
    # What a locale settles: the code of a symbol several currencies share ("$"), and the short
    # ASCII symbols read only with a locale ("Ft", "K", "R").
    settled = {s for s, c in symbols.items() if len(c) > 1 or not _is_safe_symbol(s)}
    local: dict[str, dict[str, str]] = {}
    for ident, mine in per_locale.items():
        # A symbol several codes share in one locale settles nothing there: keep the first.
        seen: dict[str, str] = {}
        for symbol, code in sorted(mine.items(), key=lambda kv: kv[1]):
            if symbol in settled:
                seen.setdefault(symbol, code)
        local[ident] = dict(sorted(seen.items()))
    return symbols, local


def compact_words(loc: Locale) -> tuple[dict[str, int], dict[str, int]]:
    """(suffix -> exponent, prefix -> exponent) of the locale's short and long compact patterns."""
    after: dict[str, int] = {}
    before: dict[str, int] = {}
    for kind in ("short", "long"):
        for forms in loc.compact_decimal_formats[kind].values():
            for magnitude, pattern in sorted(forms.items(), key=lambda kv: int(kv[0])):
                parsed = parse_pattern(pattern)
                if parsed.pattern == "0" or "0" not in parsed.pattern:
                    continue
                # Zeros of the positive pattern only ("elfu 0;elfu -0" has one).
                zeros = parsed.pattern.split(";")[0].count("0")
                divisor = int(magnitude) // 10 ** (zeros - 1)
                exp = len(str(divisor)) - 1
                for affix, table in ((parsed.suffix[0], after), (parsed.prefix[0], before)):
                    word = _clean(affix.replace("'.'", "."))
                    if word and not word.startswith("-"):
                        table.setdefault(word, exp)  # the smallest magnitude wins a clash
    return dict(sorted(after.items())), dict(sorted(before.items()))


def global_scales(
    per_locale: dict[str, tuple[dict[str, int], dict[str, int]]],
) -> tuple[dict[str, int], dict[str, int]]:
    """(after, before): scale words that mean one power of ten in every locale (either side)
    and can be read without a locale (:func:`_is_safe_word`)."""
    exps: dict[str, set[int]] = collections.defaultdict(set)
    sides: dict[str, set[str]] = collections.defaultdict(set)
    for after, before in per_locale.values():
        for side, table in (("after", after), ("before", before)):
            for word, exp in table.items():
                exps[word].add(exp)
                sides[word].add(side)
    out: dict[str, dict[str, int]] = {"after": {}, "before": {}}
    for word, found in sorted(exps.items()):
        if len(found) != 1 or not _is_safe_word(word):
            continue
        if any(unicodedata.category(ch).startswith("N") for ch in word):
            continue
        for side in sides[word]:
            out[side][word] = next(iter(found))
    return out["after"], out["before"]


def locale_entry(loc: Locale, symbols_idx: int, compact_idx: int) -> tuple[Any, ...]:
    latn = loc.number_symbols.get("latn", {})
    decimal = latn.get("decimal", ".")
    group = latn.get("group", ",")
    primary, secondary = loc.decimal_formats[None].grouping
    if primary > 100:  # "0.######": no grouping at all
        primary = secondary = 3
    elif secondary > 100:  # one group separator only ("1234567'890"): 0 stands for none
        secondary = 0
    negative = loc.currency_formats["standard"].pattern.split(";")
    trailing_minus = len(negative) > 1 and negative[1].rstrip().endswith("-")
    return (decimal, group, primary, secondary, trailing_minus, symbols_idx, compact_idx)


def _parent(ident: str) -> str | None:
    parts = ident.split("_")
    return "_".join(parts[:-1]) if len(parts) > 1 else None


def build() -> dict[str, Any]:
    symbols, local = currency_tables()
    compact = {i: compact_words(Locale.parse(i)) for i in locale_identifiers()}
    symbol_maps: list[dict[str, str]] = []
    compact_maps: list[tuple[dict[str, int], dict[str, int]]] = []

    def index(table: list[Any], value: Any) -> int:
        if value not in table:
            table.append(value)
        return table.index(value)

    entries = {}
    for ident in sorted(locale_identifiers(), key=lambda i: (i.count("_"), i)):
        loc = Locale.parse(ident)
        entries[ident] = locale_entry(
            loc, index(symbol_maps, local[ident]), index(compact_maps, compact[ident])
        )
    # Leave out a locale its parent already describes (the reader drops subtags until found).
    kept = {}
    for ident, entry in entries.items():
        parent = _parent(ident)
        while parent is not None and parent not in kept:
            parent = _parent(parent)
        if parent is None or kept[parent] != entry:
            kept[ident] = entry
    # "zh_TW" and "sr_RS" name locales Babel files under a script ("zh_Hant_TW").
    aliases = {}
    for ident in entries:
        parts = ident.split("_")
        if len(parts) == 3 and len(parts[1]) == 4:
            short = f"{parts[0]}_{parts[2]}"
            try:
                meant = str(Locale.parse(short))
            except (babel.UnknownLocaleError, ValueError):
                continue
            if short not in entries and meant == ident:
                aliases[short] = ident
    return {
        "aliases": dict(sorted(aliases.items())),
        "symbols": symbols,
        "codes": tuple(sorted(list_currencies())),
        "safe": tuple(s for s in symbols if _is_safe_symbol(s)),
        "scales": global_scales(compact)[0],
        "scales_before": global_scales(compact)[1],
        "locales": kept,
        "symbol_maps": symbol_maps,
        "compact_maps": compact_maps,
    }


def render(data: dict[str, Any]) -> tuple[str, str]:
    """The two JSON tables, one entry a line so a Babel upgrade reads as a diff."""
    versions = {"babel_version": babel.__version__, "cldr_version": get_cldr_version()}
    small = {
        **versions,
        "about": "Currency symbols (and the codes each can name), the symbols read without a "
        "locale, ISO codes, codes that are English words, and scale words that mean one power "
        "of ten in every locale (after and before the number). Generated by scripts/gen_cldr.py.",
        "symbols": {k: list(v) for k, v in data["symbols"].items()},
        "safe_symbols": list(data["safe"]),
        "codes": list(data["codes"]),
        "word_codes": sorted(WORD_CODES),
        "scales": data["scales"],
        "scales_before": data["scales_before"],
    }
    big = {
        **versions,
        "about": "Per locale: [decimal, group, primary group size, secondary group size (0: "
        "none), trailing minus, index in symbol_maps, index in compact_maps]; a locale missing "
        "here is its parent's (drop the last subtag). aliases: language_territory without the "
        "script. symbol_maps: the code an ambiguous or short ASCII symbol names in a locale. "
        "compact_maps: [scale words after, before] -> exponent. Generated by scripts/gen_cldr.py.",
        "locales": {k: list(v) for k, v in data["locales"].items()},
        "aliases": data["aliases"],
        "symbol_maps": data["symbol_maps"],
        "compact_maps": [list(pair) for pair in data["compact_maps"]],
    }
    return _dump(small), _dump(big)


def _dump(table: dict[str, Any]) -> str:
    """JSON with one entry of each top-level table a line."""
    lines = ["{"]
    items = list(table.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if isinstance(value, dict) and value:
            lines.append(f"{json.dumps(key)}: {{")
            entries = list(value.items())
            for j, (k, v) in enumerate(entries):
                tail = "," if j < len(entries) - 1 else ""
                lines.append(f"  {json.dumps(k, ensure_ascii=False)}: {_compact(v)}{tail}")
            lines.append("}" + comma)
        elif isinstance(value, list) and value and isinstance(value[0], (dict, list)):
            lines.append(f"{json.dumps(key)}: [")
            for j, v in enumerate(value):
                tail = "," if j < len(value) - 1 else ""
                lines.append(f"  {_compact(v)}{tail}")
            lines.append("]" + comma)
        else:
            lines.append(f"{json.dumps(key)}: {_compact(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out-dir", type=Path, help="write both modules here instead")
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    small, big = render(build())
    stale = False
    for key, text in (("symbols", small), ("locales", big)):
        path = OUTPUTS[key] if args.out_dir is None else args.out_dir / OUTPUTS[key].name
        if args.check:
            old = path.read_text("utf-8") if path.exists() else ""
            if old != text:
                stale = True
                diff = difflib.unified_diff(old.splitlines(), text.splitlines(), lineterm="")
                print("\n".join(list(diff)[:40]))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
            print(f"wrote {path} ({len(text):,} bytes)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
