"""Case strategies, one per front door, built from :mod:`tests.fuzz.strategies`.

Shared by the hypothesis tests (``test_fuzz_doors.py``) and the atheris targets
(``atheris_targets.py``), which drive the same strategies from the fuzzer's bytes.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st
from tests.fuzz.doors import build
from tests.fuzz.strategies import (
    answers,
    check_options,
    events,
    hostile_cells,
    rows,
    sources,
    trace_options,
    transcripts,
)

__all__ = ["CASES"]

Json = Any

_question = st.one_of(st.none(), answers(max_pieces=8))

check_case = st.fixed_dictionaries(
    {
        "door": st.just("check"),
        "output": answers(),
        "sources": sources,
        "options": check_options,
        "question": _question,
    }
)

checker_case = st.fixed_dictionaries(
    {
        "door": st.just("checker"),
        "sources": sources,
        "options": check_options,
        "outputs": st.lists(answers(max_pieces=20), min_size=1, max_size=3),
        "overrides": check_options,
    }
)

trace_case = st.one_of(
    st.fixed_dictionaries(
        {"door": st.just("trace"), "text": answers(), "rows": rows, "options": trace_options}
    ),
    st.fixed_dictionaries(
        {
            "door": st.just("trace"),
            "text": answers(),
            "results": st.one_of(
                st.lists(st.one_of(rows, answers(max_pieces=10)), max_size=3),
                st.dictionaries(st.sampled_from(["sales", "stores", "Q1", ""]), rows, max_size=3),
            ),
            "options": trace_options,
        }
    ),
)

extract_case = st.fixed_dictionaries(
    {"door": st.just("extract"), "text": answers(max_pieces=60)},
    # extract's bound: small ones are passed often, and values of every type sometimes
    optional={"max_numbers": st.one_of(st.none(), st.integers(0, 30), st.integers(-2, 10**6))},
)

_policy = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {},
        optional={
            "source_rules": st.dictionaries(
                st.sampled_from(["refund.amount", "pay.*", "x"]),
                st.lists(st.sampled_from(["user", "tool", "system", "bogus"]), max_size=2),
                max_size=2,
            ),
            "max_tool_calls": st.one_of(st.integers(-1, 5), hostile_cells),
            "ignore": st.lists(st.sampled_from(["refund.note", "get_order.*"]), max_size=2),
            "reference_date": st.sampled_from(["2024-05-15", "bogus", ""]),
        },
    ),
)

monitor_case = st.fixed_dictionaries(
    {"door": st.just("monitor"), "events": events, "policy": _policy}
)

_tools = st.one_of(
    st.none(),
    st.just(
        [
            {
                "type": "function",
                "function": {
                    "name": "refund",
                    "parameters": {
                        "type": "object",
                        "properties": {"amount": {"type": "number"}},
                    },
                },
            }
        ]
    ),
    st.lists(hostile_cells, max_size=2),
)

check_run_case = st.fixed_dictionaries(
    {
        "door": st.just("check_run"),
        "messages": transcripts(),
        "policy": _policy,
        "system": st.one_of(st.none(), answers(max_pieces=5), st.lists(hostile_cells, max_size=2)),
        "tools": _tools,
        "on_unknown": st.sampled_from(["raise", "warn", "ignore"]),
    }
)


def _dump(value: Json) -> str:
    return json.dumps(build(value), default=str)


@st.composite
def cli_case(draw: st.DrawFn) -> Json:
    """``crossfoot check | trace | run | eval`` on files of every kind, flags valid and not."""
    command = draw(st.sampled_from(["check", "trace", "run", "eval"]))
    if command == "check":
        files = {"answer.txt": draw(answers()), "sources.json": _dump(draw(sources))}
        argv = ["check", "--output", "{dir}/answer.txt", "--sources", "{dir}/sources.json"]
        argv += draw(
            st.lists(
                st.sampled_from(["--require-citations", "--strict", "--no-derived", "--json"]),
                max_size=2,
                unique=True,
            )
        )
    elif command == "trace":
        rows_text = draw(
            st.one_of(
                rows.map(_dump),
                st.sampled_from(["region,revenue\nEU,5\n", "a,b\n1\n", "", "{", "\ufeffa\n1\n"]),
            )
        )
        name = draw(st.sampled_from(["rows.json", "rows.csv"]))
        files = {name: rows_text}
        argv = ["trace", draw(answers(max_pieces=15)), "--rows", "{dir}/" + name]
        flag = draw(st.sampled_from(["", "--tolerance", "--derivations", "--max-rows", "--key"]))
        if flag:
            argv += [flag, draw(st.sampled_from(["0.01", "-1", "bogus", "all", "5", "nan"]))]
    elif command == "run":
        files = {"t.json": _dump(draw(transcripts()))}
        argv = ["run", "{dir}/t.json"]
        argv += draw(st.sampled_from([[], ["--json"], ["--on-unknown", "warn"]]))
    else:
        lines = draw(
            st.lists(
                st.one_of(
                    st.fixed_dictionaries(
                        {"output": answers(max_pieces=10), "sources": sources},
                        optional={"expect": st.sampled_from(["pass", "fail", "bogus", 5])},
                    ).map(_dump),
                    st.sampled_from(["", "{", "[]", "5"]),
                ),
                max_size=3,
            )
        )
        files = {"cases.jsonl": "\n".join(lines)}
        argv = ["eval", "{dir}/cases.jsonl"]
    return {"door": "cli", "files": files, "argv": argv}


#: One strategy per front door, by the door's name in :data:`tests.fuzz.doors.DOORS`.
CASES: dict[str, st.SearchStrategy[Json]] = {
    "check": check_case,
    "checker": checker_case,
    "trace": trace_case,
    "extract": extract_case,
    "monitor": monitor_case,
    "check_run": check_run_case,
    "cli": cli_case(),
}
