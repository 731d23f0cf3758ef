"""The optional model judge, with a fake Anthropic client (the network is never used)."""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import sys
from types import SimpleNamespace
from typing import Any

import pytest
from _support import CONTEXT, HALLUCINATED, docs_example

from crossfoot.integrations import judge as adapter
from crossfoot.integrations.judge import JudgeError, judge
from crossfoot.model.errors import CrossfootError

VERDICT = {
    "verdict": "ungrounded",
    "score": 0.5,
    "unsupported": ["13,900"],
    "reason": "13,900 is not in the source.",
}


class FakeClient:
    """Stands in for ``anthropic.Anthropic()``: records the request, replies with fixed text."""

    def __init__(self, reply: str) -> None:
        self.reply = reply
        self.calls: list[dict[str, Any]] = []
        self.messages = self

    def create(self, **request: Any) -> SimpleNamespace:
        self.calls.append(request)
        return SimpleNamespace(content=[SimpleNamespace(type="text", text=self.reply)])


def test_verdict_is_parsed_and_request_carries_everything() -> None:
    client = FakeClient(json.dumps(VERDICT))
    verdict = judge("Units?", HALLUCINATED, CONTEXT, model="claude-test", client=client)
    assert verdict == VERDICT
    (request,) = client.calls
    assert request["model"] == "claude-test"
    prompt = request["messages"][0]["content"]
    assert HALLUCINATED in prompt and CONTEXT[0] in prompt and "Units?" in prompt
    assert "JSON" in request["system"]


def test_fenced_json_is_accepted() -> None:
    assert judge("q", "a", ["s"], client=FakeClient("```json\n" + json.dumps(VERDICT) + "\n```"))


@pytest.mark.parametrize(
    "reply",
    [
        "The answer looks grounded.",
        json.dumps({**VERDICT, "extra": 1}),
        json.dumps({**VERDICT, "verdict": "maybe"}),
        json.dumps({**VERDICT, "score": 1.5}),
        json.dumps({**VERDICT, "score": True}),
        json.dumps(["grounded"]),
    ],
)
def test_anything_but_a_strict_verdict_raises(reply: str) -> None:
    with pytest.raises(JudgeError, match="crossfoot judge"):
        judge("q", "a", ["s"], client=FakeClient(reply))


def test_missing_api_key_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(CrossfootError, match="ANTHROPIC_API_KEY is not set"):
        judge("q", "a", ["s"])


def test_missing_sdk_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    monkeypatch.setitem(sys.modules, "anthropic", None)  # makes `import anthropic` fail
    wanted = r'install the "judge" extra \(pip install -e "\.\[judge\]"'
    with pytest.raises(ImportError, match=wanted):
        judge("q", "a", ["s"])


def test_docs_example_with_sdk_client_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    import anthropic

    fake = FakeClient(json.dumps(VERDICT))
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key")
    monkeypatch.setattr(anthropic, "Anthropic", lambda: fake)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(docs_example("judge_example.py"), "judge_example.py", "exec"), {})
    assert out.getvalue().strip() == "ungrounded ['13,900']"
    assert fake.calls[0]["model"].startswith("claude")


def test_docstring_examples_cannot_run_here() -> None:
    # The judge's examples call Anthropic's API (the network and ANTHROPIC_API_KEY), which no test
    # may use: each is marked +SKIP, and the docs example above runs with the client replaced.
    examples = [e for t in doctest.DocTestFinder().find(adapter) for e in t.examples]
    assert len(examples) == 2
    assert all(e.options.get(doctest.SKIP) for e in examples)
