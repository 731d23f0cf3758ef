"""A card the user named by its last digits, and a call that pays with another.

"Please use my credit card ending in 7334" names one record of the user's payment methods by an
attribute: its last four digits. Records that write them (a profile's ``{"id":
"credit_card_9074831", "brand": "visa", "last_four": "7334"}``, a ``"masked": "**** 7334"``, a
``"card_number"``) tie each payment id to its ending. A call that pays (an argument whose name
holds ``payment`` or ``card``, or is a bare ``method``: not ``shipping_method``) is
``unrequested_item`` when the user stated endings, none of the call's payment values is a record
with one of them (nor an id whose own digits end with one), and a payment value is either a
record shown with another ending ("it ends in 9725") or an id shown in a result whose ending was
never shown (the message names the card that ends as the user said, when one was shown): the
agent never saw which card that is, so the id it passes (the card a reservation was paid with
last time) is a guess. An ending is a card's when the words before it name a card ("my Visa
ending in") or nothing ("the one ending in", with a card word near), not another thing ("my
order number ends in 4455; charge my card").

It stays quiet when a payment value is a record shown with no last digits at all (a gift card,
a certificate: the user named a card, not it), when any payment value of the call has the
ending, and when the user stated no ending. On tau-bench airline two failed runs paid an upgrade
with the card of the reservation's payment history after the user asked for "my credit card
ending in 7334" and the agent never read the profile; no successful run is flagged.

>>> sorted(stated_endings("Use my Visa ending in 7334, or the card that ends with 0042."))
['0042', '7334']
>>> sorted(stated_endings("My card's last four digits are 5521. Not 'order 7334'."))
['5521']
>>> sorted(stated_endings("Pay the invoice for the year ending in 2024."))
[]
>>> last_digits({"id": "credit_card_1", "last_four": "7334"}), last_digits({"masked": "**** 0042"})
('7334', '0042')
>>> last_digits({"id": "gift_card_1", "amount": 120})
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Protocol

from crossfoot.agents._findings import Finding

if TYPE_CHECKING:
    from crossfoot.agents._policy import AgentPolicy

__all__ = [
    "CARD_KEYS",
    "card_findings",
    "card_messages",
    "compact",
    "last_digits",
    "method_record",
    "stated_endings",
]

# "ending in 7334", "ends with 7334", "last four digits are 7334", "last 4: 7334", "**** 7334"
_STATED = re.compile(
    r"\b(?:ending|ends?)(?:\s+(?:in|with))?\s*:?\s*(?:\*+\s*|x+\s*)?(\d{4})\b"
    r"|\blast\s+(?:four|4)(?:\s+digits)?(?:\s+(?:are|is|of))?\s*:?\s*(\d{4})\b"
    r"|(?:\*{4}|[•·]{4}|\bx{4})\s?(\d{4})\b",
    re.IGNORECASE,
)
_GATE = ("end", "End", "END", "last", "Last", "LAST", "****", "••••", "xxxx", "XXXX")
_DIGITS = re.compile(r"\d")
_LAST_NAMES = frozenset(
    "lastfour last4 lastfourdigits last4digits lastdigits cardlast4 cardlastfour ending "
    "endingin endswith".split()
)


# The field names :func:`last_digits` reads, as results write them: a gate before it (a record's
# keys against this set is one C-level test; most records are no card)
CARD_KEYS = frozenset(
    """last_four last4 last_4 lastFour LastFour lastfour last_four_digits lastFourDigits
    last4digits last_digits lastDigits card_last4 cardLast4 card_last_four ending ending_in
    ends_with masked masked_number maskedNumber masked_pan maskedPan mask card_number
    cardNumber card_no pan number""".split()
)


def stated_endings(text: str) -> frozenset[str]:
    """The last four digits of a card a message names ("ending in 7334", "last four digits are
    7334", "**** 7334"): a card word ("card", "visa", "debit"...) within 30 characters before
    the phrase or 20 after it, so "the year ending in 2024" names no card."""
    if not any(g in text for g in _GATE):
        return frozenset()
    out = set()
    for m in _STATED.finditer(text):
        if m.group(3) is None and not _of_a_card(text, m.start()):
            continue
        near = text[max(0, m.start() - 30) : m.end() + 20].lower()
        if any(w in near for w in _CARD_WORDS):
            out.add(m.group(1) or m.group(2) or m.group(3))
    return frozenset(out)


_CARD_WORDS = ("card", "visa", "mastercard", "amex", "discover", "debit", "credit", "****", "••••")
# Words before "ending in" that name nothing themselves: the card word may stand after the phrase
_POINTERS = frozenset("one that which it its the this mine my is was are and or".split())
_WORD = re.compile(r"[a-z]+|[^a-z\s']")  # (an apostrophe splits no clause: "card's")


def _of_a_card(text: str, start: int) -> bool:
    """Whether the phrase at ``start`` ("ending in", "last four digits") can describe a card: the
    words just before it name one ("my Visa ending in", "the card I added ending in"), or name
    nothing ("the one ending in", a sentence that starts with it); not another thing ("my order
    number ends in 4455; charge my card", "my phone ending in 5521").

    >>> _of_a_card("my card number ends in 1", 23), _of_a_card("the one ending in 1", 8)
    (True, True)
    >>> _of_a_card("my order number ends in 1", 16)
    False
    """
    words = _WORD.findall(text[max(0, start - 30) : start].lower())
    for i in range(len(words) - 1, -1, -1):
        if not words[i].isalpha():
            words = words[i + 1 :]  # (the phrase's own clause)
            break
    if any(w in _CARD_WORDS or w in _BRANDS for w in words[-4:]):
        return True
    return not words or words[-1] in _POINTERS


_BRANDS = frozenset(("cards", "visas", "mc", "amex", "discover", "debit", "credit"))


@lru_cache(maxsize=1024)
def _digits_field(key: str) -> int:
    """2 for a field of a card's last digits (``last_four``, ``last4``), 1 for a field that
    writes a card number, masked or whole (``masked``, ``card_number``), 0 for any other."""
    low = key.lower().replace("_", "").replace("-", "")
    if low in _LAST_NAMES:
        return 2
    if "mask" in low or low in ("cardnumber", "cardno", "pan", "number"):
        return 1
    return 0


def last_digits(record: Mapping[object, object]) -> str | None:
    """The last four digits of the card ``record`` describes, or None.

    >>> last_digits({"card_number": "4111 1111 1111 1234"}), last_digits({"number": "12"})
    ('1234', None)
    """
    for k, v in record.items():
        if not isinstance(v, (str, int)) or isinstance(v, bool):
            continue
        kind = _digits_field(str(k))
        if kind == 0:
            continue
        digits = "".join(_DIGITS.findall(str(v)))
        if kind == 2 and 2 <= len(digits) <= 6:
            return digits[-4:]
        if kind == 1 and len(digits) >= 4 and (len(digits) >= 12 or not str(v).isdigit()):
            return digits[-4:]
    return None


def _paying(key: str) -> bool:
    """Whether an argument names a means of payment: ``payment_method_id``, ``card_id``, a bare
    ``method`` / ``method_id``; not another kind of method (``shipping_method``, ``auth_method``).

    >>> [_paying(k) for k in ("payment_id", "gift_card", "method_id", "shipping_method")]
    [True, True, True, False]
    """
    low = key.lower()
    if "payment" in low or "card" in low:
        return True
    return "method" in low and _SEPARATORS.sub("", low) in _BARE_METHOD


_BARE_METHOD = frozenset(("method", "methods", "methodid", "methodids"))


def _payment_values(args: Mapping[str, object], path: str = "") -> list[tuple[str, str]]:
    """(path, id) of the string values of a call's payment arguments, nested ones too (a
    booking's ``payment_methods[0].payment_id``)."""
    out: list[tuple[str, str]] = []
    for k, v in list(args.items())[:50]:
        p = f"{path}.{k}" if path else str(k)
        if type(v) is str:
            if _paying(str(k)) and _DIGITS.search(v) and len(v) <= 80:
                out.append((p, v))
        elif isinstance(v, Mapping):
            out += _payment_values(v, p)
        elif type(v) is list:
            for i, x in enumerate(v[:20]):
                q = f"{p}[{i}]" if len(v) > 1 else p
                if isinstance(x, Mapping):
                    out += _payment_values(x, q)
                elif type(x) is str and _paying(str(k)) and _DIGITS.search(x):
                    out.append((q, x))
    return out


def method_record(own: Iterable[str], record: Mapping[object, object]) -> bool:
    """Whether a record whose identifying fields are ``own`` is a means of payment's own record
    (``{"payment_method_id": "gift_card_3", "source": "gift_card", "balance": 40}``), not a
    payment made with one (a history's ``{"payment_id": ..., "amount": 50}``) nor another
    record that names one (an order: its ``order_id`` is no payment field).

    >>> method_record(["payment_method_id"], {"payment_method_id": "g_3", "balance": 40})
    True
    >>> method_record(["payment_id"], {"payment_id": "c_1", "amount": 50})
    False
    >>> method_record(["order_id", "payment_id"], {"order_id": "#1", "payment_id": "c_1"})
    False
    """
    if not all(_paying(k) for k in own):
        return False
    return not any(w in str(k).lower() for k in record for w in _PAID)


# Fields of a payment made, not of the means it was made with
_PAID = ("amount", "total", "paid", "charge", "price", "refund")


def compact(value: str) -> str:
    """The lookup key of a payment id: lower case, without dashes, underscores, "#" or spaces.

    >>> compact("Card-4410287"), compact("card_4410287")
    ('card4410287', 'card4410287')
    """
    return _SEPARATORS.sub("", value.lower())


_SEPARATORS = re.compile(r"[\s_#-]+")


def card_messages(
    endings: frozenset[str],
    cards: Mapping[str, str | None],
    args: object,
    shown: Callable[[str], bool] = lambda _v: True,
    names: Mapping[str, str] | None = None,
) -> list[tuple[str, str]]:
    """(path, message) of each payment value of ``args`` that is not the card the user named
    by its ``endings``; ``cards`` maps an id's lookup key (:func:`compact`) to the last digits
    its record showed (None: a record with no card digits), ``names`` a lookup key to the id as
    the record wrote it. An id in no such record is flagged only when ``shown`` (a structured
    result wrote it: a made-up id is ``unsourced``, and a card read from prose or YAML has no
    record here).

    >>> cards, said = {"creditcard1": "9725", "giftcard2": None}, frozenset({"7334"})
    >>> card_messages(said, cards, {"payment_id": "credit_card_1"})[0][1]
    'payment_id=credit_card_1 ends in 9725, but the user named the card ending in 7334'
    >>> card_messages(said, cards, {"payment_id": "gift_card_2"})
    []
    >>> card_messages(said, cards, {"payment_id": "credit_card_3"})[0][1].split("; ")[1]
    'its last digits were never shown to the agent'
    >>> card_messages(said, {"card9": "7334"}, {"payment_id": "c_3"})[0][1].split("; ")[1]
    'the card ending in 7334 is card9'
    >>> names = {"card9": "Card-9"}
    >>> card_messages(said, {"card9": "7334"}, {"payment_id": "c_3"}, names=names)[0][1][-6:]
    'Card-9'
    """
    if not endings or not isinstance(args, Mapping):
        return []
    values = _payment_values(args)
    if not values:
        return []
    named = sorted(endings)
    out = []
    for _path, v in values:
        key = compact(v)
        if key in cards:
            got = cards[key]
            if got is None or got in endings:
                return []  # (a gift card, or the card named)
        if any(key.endswith(e) for e in endings):
            return []
    names = names or {}
    matching = sorted(names.get(k, k) for k, e in cards.items() if e in endings)
    for path, v in values:
        key = compact(v)
        if key not in cards and not shown(v):
            continue
        said = f"the user named the card ending in {' or '.join(named)}"
        if key in cards:
            out.append((path, f"{path}={v} ends in {cards[key]}, but {said}"))
        elif matching:
            out.append(
                (path, f"{path}={v}: {said}; the card ending in {named[0]} is {matching[0]}")
            )
        else:
            out.append((path, f"{path}={v}: {said}; its last digits were never shown to the agent"))
    return out


class _CardIndex(Protocol):
    """What :func:`card_findings` reads of an ``agents._coherence.RecordIndex``."""

    card_names: dict[str, str]

    def cards(self) -> dict[str, str | None]: ...

    def shown(self, value: str) -> bool: ...


def card_findings(
    endings: frozenset[str],
    index: _CardIndex,
    tool: str,
    step: int,
    args: object,
    policy: AgentPolicy,
) -> list[Finding]:
    """``unrequested_item`` findings of a call that pays with another card than the one the user
    named by its last digits (arguments not ignored by ``policy``)."""
    out = []
    cards = index.cards()
    for path, message in card_messages(endings, cards, args, index.shown, index.card_names):
        where = f"{tool}.{path}"
        if not policy.ignored(where):
            action = policy.unrequested_action
            out.append(Finding("unrequested_item", action, step, where, f"{tool}.{message}"))
    return out
