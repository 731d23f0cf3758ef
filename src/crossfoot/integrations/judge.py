"""Optional model judge: ask a Claude model whether an answer's numbers follow from the sources.

Use it beside the deterministic check, for what ``check`` cannot decide (wording, figures written
as words). The core never imports this module. Needs the ``judge`` extra (``pip install -e
".[judge]"`` in a clone) and ``ANTHROPIC_API_KEY`` (or a ``client=`` with the SDK's
``messages.create``).

>>> judge("Units?", "We shipped 12,400 units.", ["Acme shipped 12,400 units."])  # doctest: +SKIP
{'verdict': 'grounded', 'score': 1.0, 'unsupported': [], 'reason': '...'}
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any

from crossfoot.integrations import require
from crossfoot.model.errors import CrossfootError

__all__ = ["DEFAULT_MODEL", "JudgeError", "judge"]

DEFAULT_MODEL = "claude-sonnet-4-5"

_SYSTEM = (
    "You check numbers in an answer against the sources it was given. Reply with one JSON object"
    ' and nothing else: {"verdict": "grounded" | "ungrounded", "score": <0..1 share of numbers'
    ' supported>, "unsupported": [<each unsupported number as written>], "reason": <one sentence>}.'
    " A number is supported when a source states it, or it follows by simple arithmetic"
    " (change, percent change, sum, share) from source values, at the precision written."
)


class JudgeError(CrossfootError, RuntimeError):
    """The judge could not run (no key) or replied with something that is not a verdict."""


def judge(
    question: str,
    answer: str,
    sources: Sequence[Any],
    *,
    model: str = DEFAULT_MODEL,
    client: Any = None,
    max_tokens: int = 1024,
) -> dict[str, Any]:
    """Return the model's verdict as a dict with exactly the keys verdict, score, unsupported,
    reason; raise ``JudgeError`` when the reply is not such an object.

    >>> judge("Q?", "12 units.", ["12 units."], client=my_fake_client)      # doctest: +SKIP
    """
    if client is None:
        if not os.environ.get("ANTHROPIC_API_KEY"):
            raise JudgeError(
                "crossfoot judge: ANTHROPIC_API_KEY is not set; set it or pass client=anthropic."
                "Anthropic(api_key=...)"
            )
        client = require("anthropic", "judge").Anthropic()
    reply = client.messages.create(
        model=model,
        max_tokens=max_tokens,
        system=_SYSTEM,
        messages=[{"role": "user", "content": _prompt(question, answer, sources)}],
    )
    text = "".join(getattr(block, "text", "") for block in getattr(reply, "content", []))
    return _verdict(text)


def _prompt(question: str, answer: str, sources: Sequence[Any]) -> str:
    parts = []
    for number, source in enumerate(sources, start=1):
        body = source if isinstance(source, str) else json.dumps(source, default=str)
        label = source.get("id", f"S{number}") if isinstance(source, dict) else f"S{number}"
        parts.append(f"<source id={label!r}>\n{body}\n</source>")
    return "\n".join(
        [*parts, f"<question>\n{question}\n</question>", f"<answer>\n{answer}\n</answer>"]
    )


def _verdict(text: str) -> dict[str, Any]:
    body = text.strip()
    if body.startswith("```"):  # models sometimes fence JSON despite the instruction
        body = body.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(body)
    except json.JSONDecodeError:
        raise JudgeError(f"crossfoot judge: reply is not JSON: {text[:200]!r}") from None
    expected = {"verdict", "score", "unsupported", "reason"}
    if not isinstance(data, dict) or set(data) != expected:
        got = sorted(data) if isinstance(data, dict) else type(data).__name__
        raise JudgeError(f"crossfoot judge: expected keys {sorted(expected)}, got {got}")
    score = data["score"]
    if (
        data["verdict"] not in ("grounded", "ungrounded")
        or isinstance(score, bool)
        or not isinstance(score, (int, float))
        or not 0 <= score <= 1
        or not isinstance(data["unsupported"], list)
        or not isinstance(data["reason"], str)
    ):
        raise JudgeError(f"crossfoot judge: malformed verdict {data!r}")
    return {**data, "score": float(score), "unsupported": [str(u) for u in data["unsupported"]]}
