"""The house, suite and flat numbers of an address argument.

``update_address(address1="12 Elm Street", address2="Suite 419")`` after the user wrote "Suite
491, 12 Elm Street" passed: a short free-text argument's plain integers are not read (in a body
they are years, counts, street numbers the agent may know), so the transposed suite number went
unchecked. An argument whose name says it holds an address line (``address``, ``address1``,
``street``, ``line1``, ``apt``, ``suite``, ``house``, ``building``...; not ``email_address`` or
``ip_address``) is short and acted on: each number in it ("12", "419", "12b") must be one the
context shows, like an identifier. "5th Avenue" holds no number (an ordinal), and a longer text
(a note) is not an address line.
"""

from __future__ import annotations

import re

from crossfoot.agents._keys import arg_name

__all__ = ["address_numbers"]

# ("line" alone only numbered or after an address word: "line1", "address_line", not
# "subject_line" nor "order_line")
_NAME = re.compile(
    r"(?:^|_)(?:address|addr|street|apt|apartment|suite|house|building|flat)(?:_?\d)?$"
    r"|(?:^|_)(?:(?:address|addr|street)_?)?line_?\d$|(?:^|_)(?:address|addr|street)_?line$"
    r"|^(?:address|addr|street)(?:_?line)?(?:_?\d)?(?:_|$)"
)
_NOT = ("email", "mail", "ip", "mac", "wallet", "web", "url", "ipv")
# (a comma or a dot after ends the number, "apt 12b, 445 maple drive", "apt 7.", unless a digit
# follows: "1,200", "4.5")
_NUMBER = re.compile(r"(?<![\w.,/#-])(\d{1,5}[a-z]?)(?![\w/-]|[.,]\d)")
_MAX = 100  # characters of an address line


def address_numbers(path: str, low: str) -> list[str]:
    """The numbers (lower-case, a letter kept: "12b") of a lower-cased address-line argument, or
    ``[]`` when the argument names no address line.

    >>> address_numbers("update.address2", "suite 419"), address_numbers("x.address1", "12b elm st")
    (['419'], ['12b'])
    >>> address_numbers("x.line1", "suite 491, 12 elm st."), address_numbers("x.address", "lot 4.5")
    (['491', '12'], [])
    >>> address_numbers("m.subject_line", "part 2")
    []
    >>> address_numbers("u.billing_address_line", "apt 2")
    ['2']
    >>> address_numbers("u.email_address", "7 a"), address_numbers("x.street", "5th avenue")
    ([], [])
    """
    if len(low) > _MAX:
        return []
    name = arg_name(path)
    if _NAME.search(name) is None or any(w in name.split("_") for w in _NOT):
        return []
    return _NUMBER.findall(low)
