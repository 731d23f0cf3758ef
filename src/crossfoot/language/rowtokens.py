"""Row-label tokens: the words of a label or a sentence that say which table row is meant.

Labels and sentences are reduced to content tokens (lowercase, plurals folded, stop words dropped),
so "sales, net" and "net sales" are one label. A sentence *names* a row when it holds every token
the row requires ("net" and "total" may be left out). Used by :mod:`crossfoot.language.rowmatch` and
:mod:`crossfoot.language.rowfocus`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from functools import lru_cache
from typing import TypeVar

from crossfoot.language.rowsynonyms import names_in_other_words
from crossfoot.language.week_labels import week_words
from crossfoot.numbers.words import NUMBER_WORDS

__all__ = [
    "LABELS_KEPT",
    "OPTIONAL",
    "SAME_FORMS",
    "acronym",
    "count_of_whole",
    "counted",
    "fullest_named",
    "label_reading",
    "label_tokens",
    "names_row",
    "noun_at",
    "required_tokens",
    "root",
    "tokens",
    "ways_to_name",
]

_STOP = frozenset(
    """a an the of and or in on at to for from by with as its it our their his her this that these
    those was were is are be been being has have had which who than then also per vs versus into
    over under during year years fiscal ended ending end as all amount amounts value
    values company companys we us i s total net""".split()
)
# Tokens a sentence may leave out and still name the row ("sales" names "Net sales"): one list
# (rules._named, rules.off_question_optional, rules.calc_year_means, language.rowmatch, rowtables).
OPTIONAL = frozenset({"total", "net"})
#: How many row labels each per-label reading keeps (here, ``rules._named``, ``labelquote``): a
#: trace reads a large result set's labels twice (the verify and its narrowed re-check) and the
#: next answer on it reads them again; a cache smaller than the labels keeps none of them (a
#: scan longer than an LRU evicts every entry before its reuse: 20,000 rows read "the highest"
#: in 1.9 s, 0.5 s of it the re-check's labels read again; docs/speed.md, round 42, trace58).
LABELS_KEPT = 32768
# Words too generic to name a row on their own ("Other", "Total").
_GENERIC = frozenset({"other", "total", "net", "all", "item", "items"})
_WORD = re.compile(r"[a-z][a-z0-9'&]*|\d+")
# (a unit note may name its currency: "($ in thousands)", "(€ in millions)", "(in $ millions)")
# Footnote marks and unit notes: "(a)", "(1)", "(note 4)", "(in millions)", and a scale alone
# ("($ millions)", "(thousands)", "('000s)", "(Rs. lakh)", "(₹ crore)"): a unit says how a row
# is counted, not what it is.
_CUR = r"(?:[$€£¥₹]\s*|rs\.?\s*|inr\s*)?"
_NOTE = re.compile(
    r"\(\s*(?:[a-z]|\d{1,2}|note \d+|" + _CUR + r"in [a-z$€£¥₹ ]+"
    r"|" + _CUR + r"(?:thousands?|millions?|billions?|lakhs?|lacs?|crores?|mn|bn|mm|'?000'?s?))"
    r"\s*\)|\*+|:$"
)


@lru_cache(maxsize=16384)  # a word at a time: a table's labels and answers repeat words
def _singular(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def tokens(text: str) -> list[str]:
    """Content tokens of ``text``: lowercase, singular, no stop words, no numbers.

    >>> tokens("Sales, net (in millions) of the Americas")
    ['sale', 'net', 'million', 'america']
    """
    got = _TEXT_TOKENS.get(text)
    if got is not None:
        return list(got)  # (a new list: callers may change theirs)
    out: list[str] = []
    memo = _WORD_TOKENS
    low = text.lower().replace(" & ", " and ")
    if low.isascii():
        # The runs of word characters, cut in C (_WORD.findall costs ~0.5 us a word): no word
        # crosses a run's end, and a run's words are its own findall (_run_tokens).
        pieces = low.encode("ascii").translate(_RUN_BYTES).decode("ascii").split()
    else:
        pieces = _WORD.findall(low)
    for w in pieces:
        got = memo.get(w)
        if got is None:
            got = _run_tokens(w)
        out += got
    if len(text) <= 2000:  # (a bound on what the memo holds: 512 texts, ~1 MB)
        if len(_TEXT_TOKENS) >= 512:
            _TEXT_TOKENS.clear()
        _TEXT_TOKENS[text] = tuple(out)
    return out


# Each text's tokens, by value: the rules of one answer read the same sentence, clause and
# label again (a third of the calls; tests/test_speed_paths_speed30.py), each a fresh slice.
_TEXT_TOKENS: dict[str, tuple[str, ...]] = {}
# Each word's tokens (its spelling out, its one token, or none), one look-up a word: tokens()
# reads labels and sentences several times per answer (tests/test_speed_paths_speed13.py).
# Also each run of word characters that is not one word ("2019s", "'s"): its words' tokens.
_WORD_TOKENS: dict[str, tuple[str, ...]] = {}
# Every byte but a word character of _WORD ([a-z0-9'&]) read as a space.
_RUN_BYTES = bytes(
    c if chr(c) in "abcdefghijklmnopqrstuvwxyz0123456789'&" else 32 for c in range(256)
)


def _run_tokens(run: str) -> tuple[str, ...]:
    """The tokens of a run of ``[a-z0-9'&]`` (or of a word of _WORD): one word when it opens
    with a letter (the run is then all of it) or is all digits, else its words' tokens
    (tests/test_speed_paths_speed23.py)."""
    if "a" <= run[0] <= "z" or run.isdigit():
        return _word_tokens(run)
    got = tuple(t for w in _WORD.findall(run) for t in _word_tokens(w))
    if len(_WORD_TOKENS) >= 16384:
        _WORD_TOKENS.clear()
    _WORD_TOKENS[run] = got
    return got


def _word_tokens(w: str) -> tuple[str, ...]:
    spelled = _SPELLED.get(w) or week_words(w)  # ("W2" is "week 2": language.week_labels)
    if spelled is None:
        t = _token(w)
        spelled = () if t is None else (t,)
    if len(_WORD_TOKENS) >= 16384:
        _WORD_TOKENS.clear()
    _WORD_TOKENS[w] = spelled
    return spelled


# Abbreviations of financial statement lines, read as the words they stand for ("diluted EPS"
# names "Diluted earnings per share"). Those the initials rule cannot make are listed here; the
# "&" abbreviations of _AMPERSAND_LINES are added below as :func:`acronym` makes them.
_SPELLED: dict[str, tuple[str, ...]] = {
    "eps": ("earning", "share"),
    "capex": ("capital", "expenditure"),
    "cogs": ("cost", "good", "sold"),
    "wk": ("week",),  # ("Wk 3" is "week 3"; glued "Wk3": language.week_labels)
}
# Statement lines a sentence names by their "&" abbreviation without the label at hand ("R&D
# rose" names "Research and development expense"; "SG&A" names "Selling, general and
# administrative expenses"): spelled out for every reader of tokens, in sentences and labels.
_AMPERSAND_LINES = (
    "research and development",
    "selling, general and administrative",
    "general and administrative",
    "property, plant and equipment",
    "depreciation and amortization",
)


@lru_cache(maxsize=16384)  # like _singular: one look-up per word instead of five steps
def _token(word: str) -> str | None:
    """The content token of one lowercase word, or None for a stop word or a lone letter."""
    w = word.strip("'&")
    if w.endswith("'s"):
        w = w[:-2]
    w = _singular(w)
    if (len(w) < 2 and not w.isdigit()) or (w in _STOP and w not in OPTIONAL):
        return None
    return w


# A footnote digit glued to a label's word: "Shareholder distributions - dividends1".
_GLUED_NOTE = re.compile(r"(?<=[a-z]{3})\d{1,2}\b")


@lru_cache(maxsize=LABELS_KEPT)  # every cell of a row carries its label: tokenize each label once
def label_tokens(label: str) -> frozenset[str]:
    """Tokens of a row label, without footnote marks and unit notes."""
    return frozenset(tokens(_GLUED_NOTE.sub("", _NOTE.sub(" ", label.lower().strip()))))


@lru_cache(maxsize=LABELS_KEPT)
def required_tokens(label: str) -> frozenset[str]:
    """Tokens a sentence must contain to name the row ``label``.

    A section prefix ("Liabilities: Accounts payable") may be left out, and so may "net" and
    "total"; a label of numbers and generic words only ("2020", "Other") names nothing.

    >>> sorted(required_tokens("Liabilities: Accounts payable, net"))
    ['account', 'payable']
    """
    _head, sep, tail = label.rpartition(":")
    own = tail if sep and label_tokens(tail) else label
    return _required(label_tokens(own))


_K = TypeVar("_K")


def fullest_named(named: Iterable[tuple[_K, str]], said: AbstractSet[str]) -> list[_K]:
    """The keys of ``named`` (a key and its label each) whose label ``said`` names (it holds
    every required token), the fullest labels only: "services revenue" names *Services
    revenue*, not *Total revenue*. A key given twice keeps its last label that is named.

    >>> named = [("total", "Total revenue"), ("services", "Services revenue"), ("cost", "Cost")]
    >>> fullest_named(named, frozenset(tokens("Services revenue grew")))
    ['services']
    """
    sized: dict[_K, int] = {}
    for key, label in named:
        req = required_tokens(label)
        if req and req <= said:
            sized[key] = len(req)
    most = max(sized.values(), default=0)
    return [k for k, n in sized.items() if n == most]


def _required(label: frozenset[str]) -> frozenset[str]:
    req = label - OPTIONAL
    # A label of numbers and generic words only ("2020", "Other", "Total") names nothing
    # (a plain loop: the first content word ends it).
    for t in req:
        if not (t.isdigit() or t in _GENERIC):
            return req
    return frozenset()


@lru_cache(maxsize=LABELS_KEPT)
def acronym(label: str) -> str | None:
    """The "&" abbreviation of a label of two to four content words, as a token: "r&d" for
    *Research and development*, "sg&a" for *Selling, general and administrative*, "pp&e" for
    *Property, plant and equipment, net* ("net" and "total" left out). None for other labels.

    >>> acronym("Research and development"), acronym("Property, plant and equipment, net")
    ('r&d', 'pp&e')
    >>> acronym("Revenue") is None
    True
    """
    _head, sep, tail = label.rpartition(":")
    return _initials(tokens(tail if sep and tokens(tail) else label))


def _initials(toks: list[str]) -> str | None:
    """:func:`acronym` of a label's tokens."""
    words = [t for t in toks if t not in OPTIONAL]
    if not 2 <= len(words) <= 4 or not all(w[0].isalpha() for w in words):
        return None
    return "".join(w[0] for w in words[:-1]) + "&" + words[-1][0]


#: Whether :func:`label_reading` reads a plain label's tokens once (speed only; the tests switch
#: it off to compare with the three readings it stands for).
FAST_READING = [True]
# What either note pattern of label_tokens (_NOTE, _GLUED_NOTE) or a section prefix needs: a
# "(", a "*", a ":" or a digit. A label without any is its lowercase, read as it stands.
_NOTE_CHARS = re.compile(r"[(*:\d]")


@lru_cache(maxsize=LABELS_KEPT)
def label_reading(label: str) -> tuple[frozenset[str], frozenset[str], str | None]:
    """``(label_tokens(label), required_tokens(label), acronym(label))``, read at once.

    A table's row labels are read once per new table, and a query result names new entities
    (customers, products, campaigns) all the time: a label with no "(", "*", ":" or digit
    ("Cedar Fox", most of them) has no note or section to take out, so its tokens are read
    once, in place of three readings each with its own pattern runs and its own kept entry
    (tests/test_speed_paths_speed25.py proves the two equal).

    >>> toks, req, short = label_reading("Research and development")
    >>> sorted(toks), sorted(req), short
    (['development', 'research'], ['development', 'research'], 'r&d')
    """
    low = label.lower().strip()
    if not FAST_READING[0] or _NOTE_CHARS.search(low) is not None:
        return label_tokens(label), required_tokens(label), acronym(label)
    words = tokens(low)
    toks = frozenset(words)
    return toks, _required(toks), _initials(words)


# One reader of "&" abbreviations: the listed lines' short forms are the initials acronym() reads
# from a label ("r&d", "sg&a", "g&a", "pp&e", "d&a").
_SPELLED.update((str(acronym(line)), tuple(tokens(line))) for line in _AMPERSAND_LINES)
_WORD_TOKENS.clear()  # (words read above, before _SPELLED was complete)


def names_row(label: str, text: str) -> bool:
    """Whether ``text`` names the row ``label`` in full (optional "net"/"total" aside), or by
    its "&" abbreviation ("R&D" names *Research and development*).

    >>> names_row("Sales, net", "net sales rose"), names_row("Operating income", "operating profit")
    (True, False)
    >>> names_row("Adjusted EBITA margin", "the adjusted EBITDA margin")
    True
    >>> names_row("Research and development", "R&D rose")
    True
    """
    req = required_tokens(label)
    if not req:
        return False
    said = tokens(text)
    words = set(said)
    if req <= words or acronym(label) in words or any(w <= words for w in ways_to_name(label)):
        return True
    return names_in_other_words(req, words, said)  # "operating profit" (language.rowsynonyms)


# A label that defines its abbreviation: "Performance Share Plan ('PSP')", "Original Equipment
# Manufacturers ("OEM")". A text names the row by the abbreviation alone ("PSP payments") or by
# the words alone, as the report's own prose does once it has defined it.
_DEFINED = re.compile(r"\(\s*[\u2018\u201c'\"]?([A-Z][A-Za-z0-9&]{1,7})[\u2019\u201d'\"]?\s*\)")


def _abbreviates(short: str, before: str) -> bool:
    """Whether ``short`` abbreviates the words ``before`` it: two capitals or more, the first
    word's initial first, every letter in order among theirs ("PSP" of *Performance Share
    Plan*; not "MWh" of *Total energy consumption*, a unit)."""
    words = re.findall(r"[A-Za-z]+", before)
    letters = [c.lower() for c in short if c.isalpha()]
    if sum(c.isupper() for c in short) < 2 or not words or letters[0] != words[0][0].lower():
        return False
    pool = iter("".join(words).lower())
    return all(c in pool for c in letters)


@lru_cache(maxsize=LABELS_KEPT)
def ways_to_name(label: str) -> tuple[frozenset[str], ...]:
    """The sets of words a text may name ``label`` by: its required words; for a label that
    defines an abbreviation (two capitals or more in parentheses), the abbreviation alone or
    the words without it.

    >>> [sorted(w) for w in ways_to_name("Performance Share Plan ('PSP')")]
    [['psp'], ['performance', 'plan', 'share']]
    >>> [sorted(w) for w in ways_to_name("Cost of sales (1)")]
    [['cost', 'sale']]
    >>> [sorted(w) for w in ways_to_name("Total energy consumption (MWh)")]
    [['consumption', 'energy', 'mwh']]
    """
    req = required_tokens(label)
    defined = _DEFINED.search(label) if req else None
    if defined is None or not _abbreviates(defined.group(1), label[: defined.start()]):
        return (req,) if req else ()
    short = frozenset(tokens(defined.group(1)))
    words = required_tokens(label[: defined.start()] + " " + label[defined.end() :])
    return tuple(w for w in (short, words) if w and not short & words) or (req,)


# The words of a qualifier that are no spelling of each other: "male" and "men" name one
# column, "female" and "women" another (tokens are already singular: "man"/"men" both occur).
_SAME_AS = {
    "man": "male",
    "men": "male",
    "male": "male",
    "woman": "female",
    "women": "female",
    "female": "female",
}
#: The other forms of each of those words ("male": "man", "men"), for a reader that matches
#: words, not roots (rules._named).
SAME_FORMS: dict[str, frozenset[str]] = {
    w: frozenset(x for x, r in _SAME_AS.items() if r == root) - {w} for w, root in _SAME_AS.items()
}
# Endings that make an adjective of a noun, longest first: "European" / "Europe", "Canadian" /
# "Canada", "Japanese" / "Japan", "commercial" / "commerce", "western" / "west", "regional" /
# "region", "domestic" (its own root).
_ADJECTIVE_ENDINGS = ("ian", "ial", "ese", "ean", "ern", "an", "al", "ish", "ic")


@lru_cache(maxsize=8192)
def root(token: str) -> str:
    """The shared root of a token's noun and adjective forms (on singular tokens), so a word of
    a sentence and a column label meet in any of them: "european" and "europe", "asian" and
    "asia", "male" and "men", "products" and "product" (:func:`tokens` folds plurals).

    >>> [root(t) for t in ("european", "europe", "asian", "asia", "men", "male", "canadian")]
    ['europ', 'europ', 'asi', 'asi', 'male', 'male', 'canad']
    >>> root("domestic") == root("domestic"), root("female") == root("male")
    (True, False)
    """
    same = _SAME_AS.get(token)
    if same is not None:
        return same
    for ending in _ADJECTIVE_ENDINGS:
        if token.endswith(ending) and len(token) - len(ending) >= 3:
            token = token[: -len(ending)]
            break
    if len(token) > 3 and token[-1] in "aey":
        token = token[:-1]
    return token


# The words right after a count that say what it counts, up to a verb, preposition, scale or
# punctuation ("915 male full-time employees were", "1,240 stores in 2022").
_COUNTED = re.compile(
    r"(?i)\s+((?:(?!(?:was|were|is|are|had|has|have|in|at|for|of|and|or|to|by|from|than|with|"
    r"during|as|on|the|a|an|million|billion|thousand|hundred|percent|times|which|that|who|per|"
    r"each|more|less|fewer|over|under|compared|versus|vs)\b)[a-z][a-z-]*(?:\s+|(?=[.,;:)]|$))){1,4})"
)


def counted(text: str, start: int, hi: int) -> str:
    """The words after a count at ``start`` (up to ``hi``) that name what it counts, or "".

    >>> t = "There were 915 male full-time employees in 2022."
    >>> counted(t, 14, len(t))
    'male full-time employees '
    """
    found = _COUNTED.match(text, start, hi)
    return found.group(1) if found is not None else ""


# "2 of the stores", "two of the four regions", "three of our 12 plants": a count of some of a
# whole, its noun after "of the" and the whole's own count
_NUMBER = rf"(?:\d[\d,]*|{'|'.join(sorted(NUMBER_WORDS, key=len, reverse=True))})"
_OF = r"[ \t]+of[ \t]+(?:the|these|those|our|its|their|all)[ \t]+"
_OF_THE = re.compile(rf"(?i){_OF}(?:{_NUMBER}[ \t]+)?")
_PART_BEFORE = re.compile(rf"(?i)\b{_NUMBER}{_OF}\Z")


def noun_at(text: str, end: int) -> int:
    """Where the noun a count ending at ``end`` counts begins: past "of the" and the whole's count
    ("2 of the 3 stores"), else ``end``.

    >>> t = "Two of the four regions grew."
    >>> t[noun_at(t, 3):]
    'regions grew.'
    """
    found = _OF_THE.match(text, end)
    return found.end() if found is not None else end


def count_of_whole(text: str, start: int) -> bool:
    """Whether the number at ``start`` counts the whole that a count before it takes a part of
    ("four" in "two of the four regions"), not the part.

    >>> t = "Two of the four regions grew."
    >>> count_of_whole(t, t.index("four")), count_of_whole(t, 0)
    (True, False)
    """
    return part_before(text, start) is not None


def part_before(text: str, start: int) -> int | None:
    """Where the count of the part begins before the whole's count at ``start`` ("Two" of
    "Two of the four regions"), or None when none stands there.

    >>> t = "Two of the four regions grew."
    >>> part_before(t, t.index("four")), part_before(t, 0)
    (0, None)
    """
    found = _PART_BEFORE.search(text, max(0, start - 40), start)
    return found.start() if found is not None else None
