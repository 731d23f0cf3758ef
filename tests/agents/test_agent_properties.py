"""Properties of the monitor as a whole: what was shown is found in any written form it allows,
a value altered the way models get values wrong is not, and the verdict does not depend on
what surrounds a value."""

from __future__ import annotations

import json

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from crossfoot.agents import RunMonitor

_prefix = st.sampled_from(["ORD-", "#W", "INV", "res_", "K"])
_digits = st.integers(min_value=10_000, max_value=99_999_999).map(str)
_filler = st.text(alphabet=st.sampled_from(list("abc xyz,.:;!?'\"()[]{}")), max_size=40)


@settings(max_examples=150)
@given(_prefix, _digits, _filler, _filler, st.booleans())
def test_an_id_shown_in_any_surroundings_is_found(
    prefix: str, digits: str, before: str, after: str, as_json: bool
) -> None:
    value = prefix + digits
    m = RunMonitor()
    m.user("Please look into my account.")
    text = f"{before} {value} {after}"
    m.tool_result("lookup", json.dumps({"note": text, "id": value}) if as_json else text)
    d = m.before_call("act", {"ref": value})
    assert d.action == "allow", d.reason()
    # The same id in another case and with its separators dropped is the same id.
    written = value.lower().replace("-", "").replace("_", "").replace("#", "")
    assert m.before_call("act", {"ref": written}).action == "allow"


@settings(max_examples=150)
@given(_prefix, _digits, st.integers(min_value=0, max_value=7))
def test_a_changed_digit_is_not_found(prefix: str, digits: str, at: int) -> None:
    at = at % len(digits)
    changed = digits[:at] + str((int(digits[at]) + 1) % 10) + digits[at + 1 :]
    assume(changed != digits)
    m = RunMonitor()
    m.user("Please look into my account.")
    m.tool_result("lookup", {"id": prefix + digits, "note": "one order"})
    d = m.before_call("act", {"ref": prefix + changed})
    assert d.action == "warn" and d.checks[0].found is False, d.reason()


@settings(max_examples=150)
@given(
    st.decimals(min_value="10.01", max_value="99999.99", places=2),
    st.sampled_from(["{}", "${}", "USD {}", "{} USD"]),
)
def test_an_amount_shown_is_found_and_a_raised_one_is_not(amount: object, form: str) -> None:
    shown = f"{amount:,.2f}" if "$" in form else f"{amount}"
    m = RunMonitor()
    m.user("Refund my order, please.")
    m.tool_result("get_order", f"Order total: {form.format(shown)}")
    assert m.before_call("refund", {"amount": float(str(amount))}).action == "allow"
    raised = round(float(str(amount)) * 1.07, 2)
    assert m.before_call("refund", {"amount": raised}).action == "warn"
