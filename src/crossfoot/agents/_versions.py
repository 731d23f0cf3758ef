"""Version and model numbers: "upgrade to version 10.15", "macOS 14.5", "the iPhone 15".

A number right after a word that names a version or a product line is part of a name, not an
amount. Read as an amount it went wrong both ways: an email body saying "please install version
10.16" after a tool showed "v10.16" was ``unsourced`` (10.16 is no amount the context gave), and
"upgrade to version 12.50" or "my iPhone 15" vouched for a refund of 12.50 or a price of 15.

- In free text an argument carries, such a number is read as a ``version``: found when the same
  dotted number stands in some source (``v10.16``, "version 10.16", ``10.16.2``, a JSON
  ``"version": "10.16"``), as a whole number, not inside a longer one.
- An argument named for a version (``version``, ``os_version``, ``target_version``,
  ``firmware``) holding a dotted number is a version too.
- In the context, a number written only after such a word does not vouch for an amount
  (:func:`name_numbers`): written elsewhere as well, it still does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from crossfoot.agents._keys import Hit, Seen, arg_name

__all__ = ["is_version_arg", "name_numbers", "version_hit", "versions"]

# The words before a version or model number (lower case, a space or nothing between).
_WORDS = (
    "version|ver\\.|release|build|firmware|patch|macos|os x|ios|ipados|watchos|android|windows|"
    "ubuntu|debian|fedora|python|node|java|php|chrome|firefox|iphone|ipad|pixel|galaxy s|"
    "galaxy note|playstation|xbox|model"
)
_NAMED = re.compile(
    rf"\b(?P<word>{_WORDS}) ?v?(?P<num>\d+(?:\.\d+)*)(?![\w%]|[.,]\d)", re.IGNORECASE
)
# The words' stems for a gate over the case-blind pattern: lower case ("Release", "iPhone") and
# capitals ("RELEASE 10.16", "IPHONE 15"), and the "OS" of "macOS"/"iOS".
_STEMS = ("ersion", "elease", "uild", "irmware", "atch", "os", "ndroid", "indows", "buntu",
          "ebian", "edora", "ython", "ode", "ava", "php", "hrome", "irefox", "phone", "pad",
          "ixel", "alaxy", "tation", "box", "odel")  # fmt: skip
_CAPS = (*(s.upper() for s in _STEMS), "Phone", "Pad", "Box")  # (never in a lower-case text)
_SHORT = 60  # characters of an argument that names a thing rather than tells about it
# Words that are verbs too ("Build 2 more shelves", "Release 3 held orders", "Patch 2 leaks"):
# a version after them is dotted or written with its "v" ("build 10.16", "release v2").
_VERBS = frozenset(("build", "release", "patch"))
_ARG = re.compile(r"(?:^|_)(?:version|firmware|os_version|build)$")
_DOTTED = re.compile(r"v?\d+(?:\.\d+)+")


def versions(text: str) -> Iterator[tuple[int, int, str, bool]]:
    """(start, end, number, checked) of each version or model number in ``text`` (the span is
    the number). In a long text (an email body) one is checked only from 10 up ("version
    10.16"): below, it was never read (a decimal up to 10, a plain integer) and is often what
    the agent knows itself ("Python 3.11", "Windows 11"); a short text ("iPhone 16 Pro", "macOS
    14.5") names the product it is about.

    >>> body = "Hi team, please install version 10.16 on the Windows 11 laptops, not v2; $12.50."
    >>> [(n, c) for _, _, n, c in versions(body)]
    [('10.16', True), ('11', False)]
    >>> [(n, c) for _, _, n, c in versions("iPhone 16 Pro")]
    [('16', True)]
    >>> [(n, c) for _, _, n, c in versions("Build 2 more shelves; build 10.16, release v3")]
    [('10.16', True), ('3', True)]
    """
    if not any(w in text for w in _STEMS) and (text.islower() or not any(w in text for w in _CAPS)):
        return
    short = len(text) <= _SHORT
    for m in _NAMED.finditer(text):
        number = m["num"]
        major, _, rest = number.partition(".")
        if not rest and m["word"].lower() in _VERBS and "v" not in m[0][len(m["word"]) :]:
            continue  # a count after a verb
        checked = short or (bool(rest) and int(major[:6]) >= 10)
        yield m.start("num"), m.end("num"), number, checked


def is_version_arg(path: str, raw: object) -> bool:
    """Whether an argument is a version by its name and value (``os_version="14.5"``).

    >>> is_version_arg("upgrade.target_version", "14.5"), is_version_arg("pay.amount", "14.5")
    (True, False)
    """
    if not isinstance(raw, str) or _DOTTED.fullmatch(raw.strip()) is None:
        return False
    return _ARG.search(arg_name(path)) is not None


def version_hit(sources: list[Seen], number: str) -> Hit | None:
    """The first source (not the agent's own words) writing ``number`` as a whole number: not
    inside a longer one (``110.16``, ``10.161``), a further part after it allowed (``10.16.2``)."""
    number = number.lower().lstrip("v")
    for i, s in enumerate(sources):
        if s.channel == "assistant":
            continue
        text = s.text
        at = text.find(number)
        while at != -1:
            end = at + len(number)
            before = text[at - 1] if at else " "
            after = text[end : end + 2]
            if not (before.isdigit() or before == ".") and not (
                after[:1].isdigit()
                or (after[:1] in ",." and after[1:2].isdigit() and "." not in number)
            ):
                return Hit((i,), "a version", frozenset((s.label,)))
            at = text.find(number, at + 1)
    return None


def name_numbers(low: str) -> set[str]:
    """The numbers a (lower-case) text writes only after a version or model word, as written:
    "the iphone 15 for $900" gives 15; "iphone 15 ... 15 dollars" nothing.

    >>> sorted(name_numbers("upgrade to version 12.50 on the iphone 15, order 15 units"))
    ['12.50']
    """
    counts: dict[str, int] = {}
    for _, _, number, _ in versions(low):
        counts[number] = counts.get(number, 0) + 1
    return {n for n, k in counts.items() if low.count(n) == k}
