"""Hypothesis strategies for hostile input to every front door.

Every strategy draws a *case*: plain JSON data (so a failing case can be saved as is in
``tests/fuzz/crashes/`` and replayed), turned into the Python objects a front door takes by
:func:`tests.fuzz.doors.build`. Values JSON cannot hold are tagged: ``{"$float": "inf"}``,
``{"$decimal": "1.5"}``, ``{"$int": "1e400"}`` (a huge int), a policy preset
(``{"$policy": "STRICT"}``), and row shapes that are objects (``{"$shape": "dataframe" | "cursor"
| "tuples", ...}``).

The strategies mix the well formed (so deep code is reached) with the hostile: long repetitions,
digit runs of every length, Unicode digits and spaces, empty and ragged tables, infinite and
non-numeric cells, options of every type, and transcripts with parts mutated, dropped or moved.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st
from tests.strategies import formatted_numbers

__all__ = [
    "answers",
    "check_options",
    "events",
    "hostile_cells",
    "numbers",
    "rows",
    "sources",
    "trace_options",
    "transcripts",
]

Json = Any

# -- answers ----------------------------------------------------------------------------------

_WORDS = (
    "Revenue rose fell grew to from in the a net loss profit of about roughly nearly over "
    "million billion bn m k thousand lakh crore percent % pp points bps basis total sum average "
    "than more less was were and or but while share ratio up down increase decrease margin "
    "compared with versus vs. per each twice half one two twelve twenty hundred Q3 FY2024 H1 "
    "Chapter Note Total step rank top #1 ( ) [ ] { } . , ; : = + - − – — × x * / ^ $ € £ ¥ ₹ USD "
    "EUR ' ’ \" ` | ~ ≈ > < >= ≤ ! ?"
).split()

# Pieces that once broke something somewhere, or plausibly could: digit runs with punctuation,
# chains of operators, Unicode digits, exponent forms, spaced thousands, dates and ranges.
_HOSTILE = (
    "1-1-1-=",
    "12.5 + ",
    "1.1.1.",
    "Chapter 1....",
    "Total 1----",
    "(((1)))",
    "$-$-$",
    "1,,2,,3",
    "1'000'000",
    "$120'999'000",
    ".615",
    "0.0000",
    "-0",
    "1e308",
    "9e-400",
    "inf",
    "NaN",
    "٩٩٩",
    "१२३",
    "１２３",
    "𝟗𝟗",
    "²³",
    "1\u00a0000",
    "1\u202f000",
    "12\u200b34",
    "2024-05-15",
    "5/15/2024",
    "3-5",
    "(1,234)",
    "$ (45.6)",
    "[R1]",
    "[1, 2]",
    "[S99]",
    "`SELECT 5`",
    "| a | 1 |\n|---|---|\n| b | 2 |",
    "\n\n",
    "\t",
    "\r\n",
    "\x00",
    "\ud7ff",
)


@st.composite
def numbers(draw: st.DrawFn) -> str:
    """A number as an answer writes it: well formed, a digit run of any length, or hostile."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(formatted_numbers()).text
    if kind == 1:
        digits = "".join(draw(st.lists(st.sampled_from("0123456789"), min_size=1, max_size=80)))
        sep = draw(st.sampled_from(["", ",", ".", "-", "'", " "]))
        if sep and len(digits) > 3:
            cut = draw(st.integers(1, len(digits) - 1))
            digits = digits[:cut] + sep + digits[cut:]
        return digits
    if kind == 2:
        return draw(st.sampled_from(_HOSTILE))
    return str(draw(st.integers(-(10**12), 10**12)))


_pieces = st.one_of(
    st.sampled_from(_WORDS),
    numbers(),
    st.text(max_size=6),
)


@st.composite
def answers(draw: st.DrawFn, max_pieces: int = 40) -> str:
    """An answer: words, numbers and hostile pieces, some of them repeated many times."""
    parts = draw(st.lists(_pieces, max_size=max_pieces))
    if parts and draw(st.booleans()):
        i = draw(st.integers(0, len(parts) - 1))
        parts[i] = parts[i] * draw(st.integers(2, 300))
    return draw(st.sampled_from([" ", "", " ", "\n"])).join(parts)


# -- cells, sources and rows ------------------------------------------------------------------

_SPECIAL_FLOATS = ("inf", "-inf", "nan", "1e308", "-1e308", "5e-324", "-0.0")

hostile_cells: st.SearchStrategy[Json] = st.one_of(
    st.integers(-(10**15), 10**15),
    st.floats(allow_nan=False, allow_infinity=False, width=64),
    st.sampled_from(_SPECIAL_FLOATS).map(lambda f: {"$float": f}),
    st.sampled_from(["1e400", "-1e400", "9" * 400]).map(lambda i: {"$int": i}),
    st.sampled_from(["1.5", "1E+999", "-0", "NaN", "Infinity", "sNaN"]).map(
        lambda d: {"$decimal": d}
    ),
    numbers(),
    st.sampled_from(["", "-", "—", "n/a", "None", "true", "$", "%", "2024", "FY2023"]),
    st.booleans(),
    st.none(),
    st.text(max_size=12),
)
"""A cell or field value: numbers of every type and size, numeric and non-numeric strings."""

_names = st.one_of(
    st.sampled_from(
        [
            "",
            "region",
            "year",
            "revenue",
            "revenue_2024",
            "margin_pct",
            "count",
            "id",
            "a.b",
            "2023",
        ]
    ),
    st.text(max_size=8),
)


def _table(cells: st.SearchStrategy[Json]) -> st.SearchStrategy[Json]:
    """A list of lists: rectangular, ragged, empty, or with empty rows."""
    return st.one_of(
        st.integers(0, 4).flatmap(
            lambda w: st.lists(st.lists(cells, min_size=w, max_size=w), max_size=5)
        ),
        st.lists(st.lists(cells, max_size=4), max_size=5),
        st.sampled_from([[], [[]], [[], []], [[""]], [["", "2024"]]]),
    )


_prose = st.one_of(answers(max_pieces=25), st.sampled_from(["", "(in millions)", "in billions"]))

_record: st.SearchStrategy[Json] = st.fixed_dictionaries(
    {
        "id": st.one_of(
            st.sampled_from(["R1", "R2", "S1", "doc 4", "report-2024"]), st.text(max_size=4)
        )
    },
    optional={
        "text": _prose,
        "title": st.one_of(st.none(), st.sampled_from(["Results (in millions)", "($000)"])),
        "fields": st.one_of(
            st.dictionaries(_names, hostile_cells, max_size=5),
            st.lists(hostile_cells, max_size=2),
        ),
        "table": _table(hostile_cells),
        "tables": st.lists(_table(hostile_cells), max_size=3),
    },
)

sources: st.SearchStrategy[Json] = st.one_of(
    _prose,
    st.lists(st.one_of(_prose, _record), max_size=4),
    st.dictionaries(st.sampled_from(["R1", "R2", "a", ""]), st.one_of(_prose, _record), max_size=3),
    st.sampled_from(
        [None, 5, [], {}, [None], [5], [{}], [{"id": ""}], [{"id": "R1"}, {"id": "R1"}]]
    ),
)
"""Every shape ``check`` accepts (strings, lists, id mappings, records with fields and tables),
and some it must refuse."""

_row_dicts = st.lists(st.dictionaries(_names, hostile_cells, max_size=4), max_size=6)

rows: st.SearchStrategy[Json] = st.one_of(
    _row_dicts,
    _table(hostile_cells),
    st.fixed_dictionaries({"columns": st.lists(_names, max_size=4), "rows": _table(hostile_cells)}),
    st.fixed_dictionaries({"columns": st.lists(_names, max_size=4), "data": _table(hostile_cells)}),
    st.dictionaries(_names, st.lists(hostile_cells, max_size=5), max_size=4),
    st.fixed_dictionaries(
        {"data": _row_dicts, "meta": st.dictionaries(_names, hostile_cells, max_size=3)}
    ),
    st.fixed_dictionaries(
        {"$shape": st.sampled_from(["dataframe", "cursor", "tuples"]), "rows": _row_dicts}
    ),
    st.lists(
        st.dictionaries(_names, st.dictionaries(_names, hostile_cells, max_size=2), max_size=3),
        max_size=4,
    ),
    st.sampled_from([None, 5, "prose 5", [[]], [{}], [1, 2], [[1], {"a": 1}], {"rows": 5}]),
)
"""Every shape ``trace`` reads (dicts, lists with or without a header, columns/rows, column
oriented, API responses, DataFrames, cursors, tuples, nested objects), and some it must refuse."""


# -- options ----------------------------------------------------------------------------------

_any_value = st.one_of(
    st.booleans(),
    st.integers(-5, 10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(
        ["all", "default", "none", "bogus", "sum,ratio", "", "0.01", "STRICT", "lenient"]
    ),
    st.none(),
    st.lists(st.sampled_from(["sum", "ratio", "cell", "bogus", "share"]), max_size=3),
)

_bool = st.booleans()
_tolerance = st.one_of(st.none(), st.sampled_from([0, 0.01, 0.05, "0.02", 1]))
_kinds = st.one_of(
    st.sampled_from(["all", "sum,ratio", "cell"]),
    st.frozensets(st.sampled_from(["sum", "difference", "ratio", "percent_change", "cagr"])),
)

_valid_check = st.fixed_dictionaries(
    {},
    optional={
        "require_citations": _bool,
        "allow_rounding": _bool,
        "allow_derived": _bool,
        "check_table_rows": _bool,
        "max_derivation_operands": st.integers(0, 40),
        "max_claims": st.integers(0, 50),
        "max_source_numbers": st.one_of(st.none(), st.integers(0, 50)),
        "rel_tolerance": _tolerance,
        "abs_tolerance": _tolerance,
        "derivations": _kinds,
    },
)

_hostile_check = st.dictionaries(
    st.sampled_from(
        [
            "require_citations",
            "allow_rounding",
            "allow_derived",
            "check_table_rows",
            "max_derivation_operands",
            "max_sum_operands",
            "max_claims",
            "max_source_numbers",
            "rel_tolerance",
            "abs_tolerance",
            "derivations",
            "colour",
        ]
    ),
    _any_value,
    max_size=3,
)

# Valid options three times in four, so most cases get past option checking to the engine.
check_options = st.one_of(_valid_check, _valid_check, _valid_check, _hostile_check)
"""Keyword options for ``check``/``Checker``: valid ones mostly; sometimes valid names with
values of every type, or a typo."""

_valid_trace = st.fixed_dictionaries(
    {},
    optional={
        "rel_tolerance": _tolerance,
        "abs_tolerance": _tolerance,
        "ignore_below": st.sampled_from([0, 1, 10]),
        "ignore_years": _bool,
        "unmatched_percent": st.sampled_from(["flag", "pass"]),
        "max_rows": st.integers(0, 20),
        "derivations": _kinds,
        "parse_strings": _bool,
        "approximate": _bool,
        "max_claims": st.integers(0, 50),
        "max_source_numbers": st.one_of(st.none(), st.integers(0, 50)),
        "policy": st.sampled_from(["STRICT", "LENIENT", "DEFAULT"]).map(lambda n: {"$policy": n}),
        "key": st.sampled_from(["region", "id", "year"]),
    },
)

_hostile_trace = st.dictionaries(
    st.sampled_from(
        [
            "rel_tolerance",
            "abs_tolerance",
            "ignore_below",
            "ignore_years",
            "unmatched_percent",
            "max_rows",
            "derivations",
            "parse_strings",
            "approximate",
            "max_source_numbers",
            "policy",
            "key",
            "tolerance",
        ]
    ),
    st.one_of(_any_value, st.sampled_from(["flag", "pass", "region", 5])),
    max_size=3,
)

trace_options = st.one_of(_valid_trace, _valid_trace, _valid_trace, _hostile_trace)
"""Keyword options for ``trace`` (policy fields, ``policy=``, ``key=``): valid ones mostly,
sometimes of every type."""


# -- transcripts ------------------------------------------------------------------------------

_ids = st.one_of(
    st.sampled_from(["ORD-88213", "ORD-88231", "INV-20931", "5521873", "c1"]), numbers()
)
_args = st.one_of(
    st.dictionaries(
        st.sampled_from(["order_id", "amount", "to", "id", "items"]),
        st.one_of(_ids, hostile_cells),
        max_size=3,
    ),
    st.sampled_from(['{"order_id": "ORD-88231"}', "{bad", "[]", "null", "", "5"]),
    hostile_cells,
)
_text = answers(max_pieces=15)


def _call_args_json(a: Json) -> Json:
    return a if isinstance(a, str) else {"$json": a}


@st.composite
def _message(draw: st.DrawFn) -> Json:
    """One message of a known format, well formed."""
    t, tool, cid, args = (
        draw(_text),
        draw(st.sampled_from(["refund", "pay", "get_order"])),
        draw(_ids),
        draw(_args),
    )
    fmt = draw(st.integers(0, 9))
    if fmt == 0:  # OpenAI chat
        return draw(
            st.sampled_from(
                [
                    {"role": "user", "content": t},
                    {"role": "system", "content": [{"type": "text", "text": t}]},
                    {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {
                                "id": cid,
                                "type": "function",
                                "function": {"name": tool, "arguments": _call_args_json(args)},
                            }
                        ],
                    },
                    {"role": "tool", "tool_call_id": cid, "content": t},
                    {
                        "role": "assistant",
                        "function_call": {"name": tool, "arguments": _call_args_json(args)},
                    },
                ]
            )
        )
    if fmt == 1:  # Responses
        return draw(
            st.sampled_from(
                [
                    {
                        "type": "message",
                        "role": "user",
                        "content": [{"type": "input_text", "text": t}],
                    },
                    {
                        "type": "function_call",
                        "call_id": cid,
                        "name": tool,
                        "arguments": _call_args_json(args),
                    },
                    {"type": "function_call_output", "call_id": cid, "output": t},
                    {"type": "reasoning", "id": "rs", "summary": []},
                ]
            )
        )
    if fmt == 2:  # Anthropic
        return draw(
            st.sampled_from(
                [
                    {"role": "user", "content": [{"type": "text", "text": t}]},
                    {
                        "role": "assistant",
                        "content": [{"type": "tool_use", "id": cid, "name": tool, "input": args}],
                    },
                    {
                        "role": "user",
                        "content": [
                            {
                                "type": "tool_result",
                                "tool_use_id": cid,
                                "content": t,
                                "is_error": draw(st.booleans()),
                            }
                        ],
                    },
                ]
            )
        )
    if fmt == 3:  # Gemini
        return draw(
            st.sampled_from(
                [
                    {"role": "user", "parts": [{"text": t}]},
                    {"role": "model", "parts": [{"functionCall": {"name": tool, "args": args}}]},
                    {
                        "role": "user",
                        "parts": [{"functionResponse": {"name": tool, "response": {"out": t}}}],
                    },
                ]
            )
        )
    if fmt == 4:  # Bedrock
        return draw(
            st.sampled_from(
                [
                    {"role": "user", "content": [{"text": t}]},
                    {
                        "role": "assistant",
                        "content": [{"toolUse": {"toolUseId": cid, "name": tool, "input": args}}],
                    },
                    {
                        "role": "user",
                        "content": [{"toolResult": {"toolUseId": cid, "content": [{"text": t}]}}],
                    },
                ]
            )
        )
    if fmt == 5:  # LangChain dicts
        return draw(
            st.sampled_from(
                [
                    {"type": "human", "data": {"content": t, "type": "human"}},
                    {
                        "type": "ai",
                        "data": {
                            "content": "",
                            "type": "ai",
                            "tool_calls": [
                                {"name": tool, "args": args, "id": cid, "type": "tool_call"}
                            ],
                        },
                    },
                    {"type": "tool", "data": {"content": t, "type": "tool", "tool_call_id": cid}},
                    {
                        "lc": 1,
                        "type": "constructor",
                        "id": ["langchain", "schema", "messages", "HumanMessage"],
                        "kwargs": {"content": t, "type": "human"},
                    },
                ]
            )
        )
    if fmt == 6:  # tau2
        return draw(
            st.sampled_from(
                [
                    {
                        "role": "assistant",
                        "content": None,
                        "tool_calls": [
                            {"id": cid, "name": tool, "arguments": args, "requestor": "assistant"}
                        ],
                    },
                    {
                        "role": "tool",
                        "id": cid,
                        "content": t,
                        "requestor": "assistant",
                        "error": False,
                    },
                ]
            )
        )
    if fmt == 7:  # AgentDojo
        return draw(
            st.sampled_from(
                [
                    {
                        "role": "assistant",
                        "content": [{"type": "text", "content": t}],
                        "tool_calls": [{"function": tool, "args": args, "id": cid}],
                    },
                    {
                        "role": "tool",
                        "content": [{"type": "text", "content": t}],
                        "tool_call": {"function": tool, "args": args, "id": cid},
                        "tool_call_id": cid,
                        "error": None,
                    },
                ]
            )
        )
    if fmt == 8:
        return {
            "role": draw(st.sampled_from(["user", "assistant", "developer", "function", "model"])),
            "content": t,
        }
    return draw(hostile_cells)


def _mutate(draw: st.DrawFn, value: Json, depth: int = 0) -> Json:
    """``value`` with one part changed: a key dropped or renamed, a value replaced by one of
    another type, a list turned into a dict or the other way round."""
    if isinstance(value, dict) and value and depth < 4:
        key = draw(st.sampled_from(sorted(value)))
        op = draw(st.integers(0, 4))
        out = dict(value)
        if op == 0:
            del out[key]
        elif op == 1:
            out[key + "s" if draw(st.booleans()) else "arguments"] = out.pop(key)
        elif op == 2:
            out[key] = draw(hostile_cells)
        elif op == 3:
            out[key] = [out[key]] if not isinstance(out[key], list) else {"0": out[key]}
        else:
            out[key] = _mutate(draw, out[key], depth + 1)
        return out
    if isinstance(value, list) and value and depth < 4:
        i = draw(st.integers(0, len(value) - 1))
        op = draw(st.integers(0, 2))
        if op == 0:
            return value[i] if isinstance(value[i], (dict, list)) else {"0": value[i]}
        out = list(value)
        out[i] = _mutate(draw, out[i], depth + 1) if op == 1 else draw(hostile_cells)
        return out
    return draw(hostile_cells)


@st.composite
def transcripts(draw: st.DrawFn) -> Json:
    """A list of messages of mixed formats; about half of them mutated."""
    messages = draw(st.lists(_message(), max_size=6))
    if messages and draw(st.booleans()):
        i = draw(st.integers(0, len(messages) - 1))
        messages[i] = _mutate(draw, messages[i])
    return messages


_event = st.one_of(
    st.tuples(st.sampled_from(["user", "system", "assistant"]), _text),
    st.tuples(
        st.just("tool_result"),
        st.sampled_from(["get_order", None, ""]),
        st.one_of(_text, hostile_cells, _args),
    ),
    st.tuples(st.just("before_call"), st.sampled_from(["refund", "pay"]), _args),
)

events = st.lists(_event, max_size=8)
"""RunMonitor events: ``[method, *args]`` in any order, results and arguments of any shape."""
