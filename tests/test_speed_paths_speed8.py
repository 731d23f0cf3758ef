"""The word gates in front of case-insensitive patterns (issue 19, speed8: ``model.wordgate``)
answer as the patterns do.

A gate says "no match" without running its pattern when the text holds none of its words. Each
gated pattern of the package is found by walking its modules, and: every string hypothesis draws
from the pattern itself (``from_regex``: the pattern's words in any case, with anything around
them) opens the gate; the gated ``search``/``match``/``finditer`` equal the pattern's at random
positions; a gate with a word left out is caught by the same property; and the characters
``re`` folds onto ASCII letters are all known (every code point checked).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import sys

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st

import crossfoot
from crossfoot.model.wordgate import FOLDS_TO_ASCII, WordGated
from deep import examples

_SKIP = (".cli", "__main__", ".integrations")


def _gated() -> dict[str, WordGated]:
    """Every WordGated the package's modules hold, by ``module.name``."""
    for info in pkgutil.walk_packages(crossfoot.__path__, "crossfoot."):
        if not any(s in info.name for s in _SKIP):
            importlib.import_module(info.name)
    found: dict[str, WordGated] = {}
    for name, module in sorted(sys.modules.items()):
        if name.startswith("crossfoot."):
            for attr, value in vars(module).items():
                if isinstance(value, WordGated) and value not in found.values():
                    found[f"{name}.{attr}"] = value
    return found


GATED = _gated()
_SETTINGS = settings(
    max_examples=examples(60, 150),
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)


def test_the_package_gates_its_costly_word_patterns() -> None:
    """(else the properties below would prove nothing)"""
    names = {k.rsplit(".", 1)[-1] for k in GATED}
    assert {"_EXTREME", "_RESPECTIVELY", "_CHANGE", "WHICH_YEAR", "_BARE"} <= names
    assert len(GATED) >= 15


def test_only_four_non_ascii_characters_fold_onto_ascii_letters() -> None:
    letters = re.compile(r"(?i)[a-z]")
    folding = {chr(c) for c in range(128, sys.maxunicode + 1) if letters.fullmatch(chr(c))}
    assert folding == set(FOLDS_TO_ASCII)
    # a literal letter of a pattern folds as the class does: every character whose case forms
    # hold an ASCII letter, against every letter
    near = [
        chr(c)
        for c in range(128, sys.maxunicode + 1)
        if any(x.isascii() for x in chr(c).lower() + chr(c).upper() + chr(c).casefold())
    ]
    for a in "abcdefghijklmnopqrstuvwxyz":
        literal = re.compile(f"(?i){a}")
        assert {c for c in near if literal.fullmatch(c)} <= set(FOLDS_TO_ASCII), a


def _same(a: re.Match[str] | None, b: re.Match[str] | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.span() == b.span() and a.groups() == b.groups()


@pytest.mark.parametrize("name", sorted(GATED))
def test_every_match_holds_one_of_the_words(name: str) -> None:
    gate = GATED[name]

    @_SETTINGS
    @given(st.from_regex(gate.pattern), st.integers(-3, 40), st.integers(-3, 200))
    def prop(text: str, pos: int, endpos: int) -> None:
        assert gate.pattern.search(text) is not None
        assert not gate.absent(text)
        assert _same(gate.search(text, pos, endpos), gate.pattern.search(text, pos, endpos))
        assert _same(gate.match(text, pos, endpos), gate.pattern.match(text, pos, endpos))
        got = [m.span() for m in gate.finditer(text, pos, endpos)]
        assert got == [m.span() for m in gate.pattern.finditer(text, pos, endpos)]
        assert gate.sub("<>", text) == gate.pattern.sub("<>", text)

    prop()


_WORDS = st.sampled_from(
    ["most", "Than", "RESPECTIVELY", "each", "fy19", "change", "loss", "year", "how many", "of all"]
)
_PIECES = st.one_of(_WORDS, st.text(max_size=6), st.sampled_from(list(FOLDS_TO_ASCII + " .,İ")))


@pytest.mark.parametrize("name", sorted(GATED))
def test_any_text_reads_as_the_pattern(name: str) -> None:
    gate = GATED[name]

    @_SETTINGS
    @given(st.lists(_PIECES, max_size=12).map("".join), st.integers(0, 30), st.integers(0, 80))
    def prop(text: str, pos: int, endpos: int) -> None:
        assert _same(gate.search(text), gate.pattern.search(text))
        assert _same(gate.search(text, pos, endpos), gate.pattern.search(text, pos, endpos))

    prop()


class _LowerOnly(WordGated):
    """A broken gate: trusts the lowered text alone."""

    def absent(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> bool:
        low = text[max(pos, 0) : max(endpos, 0)].lower()
        return not any(w in low for w in self.words)


@pytest.mark.parametrize("text", ["It was the LEA\u017fT in 2019.", "the \u212aEY figure, largest"])
def test_a_folding_character_runs_the_pattern(text: str) -> None:
    """ "ſ" matches "s" and the Kelvin sign "k" under IGNORECASE: "LEAſT" is a match the lowered
    text does not show, and a gate without the fold test misses it."""
    gate = GATED["crossfoot.rules.which_period._EXTREME"]
    assert _same(gate.search(text), gate.pattern.search(text))
    assert gate.pattern.search("It was the LEA\u017fT in 2019.") is not None
    broken = _LowerOnly(gate.pattern, gate.words)
    assert broken.search("It was the LEA\u017fT in 2019.") is None


@pytest.mark.parametrize(
    "name", ["rules.which_period._EXTREME", "rules.change_signs._ASKS_DOWN", "language.asked._BACK"]
)
def test_a_gate_missing_a_word_is_caught(name: str) -> None:
    gate = GATED[f"crossfoot.{name}"]
    for dropped in gate.words:
        broken = WordGated(gate.pattern, tuple(w for w in gate.words if w != dropped))
        # other words may cover every match of a word ("least" holds no other word, "larg"
        # none): a word is needed when some match holds it alone
        if not any(w in dropped for w in broken.words):
            found = find(
                st.from_regex(gate.pattern),
                lambda t, b=broken: b.absent(t),  # type: ignore[misc]
                # (no shrinking: any match the broken gate misses proves the point, and shrinking
                # one costs seconds per word)
                settings=settings(max_examples=3000, database=None, phases=[Phase.generate]),
            )
            assert gate.pattern.search(found) is not None


def test_words_must_be_lower_case_letters() -> None:
    with pytest.raises(ValueError, match="lower-case ASCII"):
        WordGated(re.compile("x"), ("Most",))
    with pytest.raises(ValueError, match="lower-case ASCII"):
        WordGated(re.compile("x"), ())


# --- language.markup: an answer with dollar amounts and no markup is not scanned twice --------

_MARKUP_PIECES = st.one_of(
    st.sampled_from(["$", "$", "$$", "**", "__", "\\", "#", "# ", "\\(", "\\]", " ", "\n", "\t"]),
    st.sampled_from(["5", "44.1", "\u00b2", "\u0665", "\u2003", "x", "million", ".", "!", "%"]),
    st.text(max_size=3),
)


def _markup_texts() -> st.SearchStrategy[str]:
    return st.lists(_MARKUP_PIECES, max_size=14).map("".join)


@_SETTINGS
@given(_markup_texts())
def test_unmark_with_its_gate_reads_as_without(text: str) -> None:
    from crossfoot.language import markup

    assert markup.unmark(text) == markup._unmark(text)
    if markup._unmark(text) is not None:
        assert markup.may_hold_markup(text)


@pytest.mark.parametrize(
    "text", ["$x$\u00b2 million", "$$5", "a **b**", "see \\(x\\)", "### Answer\n5", "$5.5$m"]
)
def test_unmark_gate_fixed_cases(text: str) -> None:
    from crossfoot.language import markup

    assert markup.unmark(text) is not None
    assert markup.unmark(text) == markup._unmark(text)


def _broken_markup_gates() -> list[object]:
    from crossfoot.language import markup

    def isdigit(text: str) -> bool:  # "\d" is isdecimal: "²" after a closing "$" is no digit
        j = text.find("$", 1)
        while j >= 0:
            b, a = text[j - 1], text[j + 1 : j + 2]
            if not b.isspace() and b != "\\" and not a.isdigit() and a != "$":
                return True
            j = text.find("$", j + 1)
        return "**" in text or "__" in text or "\\" in text or "#" in text or "$$" in text

    def no_double(text: str) -> bool:  # "$$" left to the "$" loop
        return markup.may_hold_markup(text.replace("$$", "  "))

    def no_hash(text: str) -> bool:
        return markup.may_hold_markup(text.replace("#", " "))

    return [isdigit, no_double, no_hash]


@pytest.mark.parametrize(
    ("broken", "witness"),
    list(zip(_broken_markup_gates(), ["$x$\u00b2 million", "$$5", "### Answer\n5"], strict=True)),
    ids=["isdigit", "no_double", "no_hash"],
)
def test_a_broken_markup_gate_is_caught(broken: object, witness: str) -> None:
    """Each broken gate misses markup the patterns remove (a fixed case: cannot go flaky)."""
    from crossfoot.language import markup

    assert markup._unmark(witness) is not None
    assert markup.may_hold_markup(witness)
    assert not broken(witness)  # type: ignore[operator]
