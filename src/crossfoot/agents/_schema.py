"""Tool schemas: what a tool's declaration says about its arguments.

Reads OpenAI function tools (``{"type": "function", "function": {...}}``), bare function objects
(``{"name", "parameters"}``) and Anthropic tools (``{"name", "input_schema"}``). From each
parameter it keeps:

* ``format: email | date | date-time | uri`` -> the kind of the value
* ``enum``, ``const`` and ``default`` values -> skipped (the schema is their source)
* an id example in a description (``such as '#W0000000'``) or a ``pattern`` (``^#W\\d{7}$``) -> a
  format that lets digits a user typed count as that identifier.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from crossfoot.agents._context import id_format
from crossfoot.agents._parts import as_mapping
from crossfoot.model.errors import CrossfootError

__all__ = ["SchemaError", "ToolSchema", "read_tools", "tool_schemas"]

_QUOTED = re.compile(r"[`'\"“]([^`'\"”\s]{3,40})[`'\"”]")
_PATTERN = re.compile(r"^\^?([A-Za-z#]*)(?:\\d|\[0-9\])\{(\d+)\}([A-Za-z]*)\$?$")


class SchemaError(CrossfootError, ValueError):
    """A tool schema of a shape that cannot be read. The message names the tool and field."""


@dataclass(frozen=True, slots=True)
class ToolSchema:
    """What one tool's schema says about its arguments (paths without the tool name)."""

    name: str
    skip: Mapping[str, frozenset[str]] = field(default_factory=dict)  # enum/const/default values
    kinds: Mapping[str, str] = field(default_factory=dict)  # path -> email/date/uri
    formats: frozenset[tuple[str, int, str]] = frozenset()  # id shapes from examples/patterns


def read_tools(tools: Iterable[Any] | None) -> dict[str, ToolSchema]:
    """Schemas by tool name.

    >>> tools = [{"type": "function", "function": {"name": "get_order", "parameters": {
    ...     "type": "object", "properties": {"order_id": {"type": "string",
    ...     "description": "The order id, such as '#W0000000'."}}}}}]
    >>> read_tools(tools)["get_order"].formats
    frozenset({('w', 7, '')})
    """
    out: dict[str, ToolSchema] = {}
    if tools is None:
        return out
    if isinstance(tools, Mapping):
        tools = [tools]
    for i, tool in enumerate(tools):
        if not isinstance(tool, Mapping):
            raise SchemaError(f"tools[{i}]: expected a tool object, got {type(tool).__name__}")
        fn = tool.get("function", tool)
        if not isinstance(fn, Mapping):
            raise SchemaError(f"tools[{i}].function: expected an object, got {type(fn).__name__}")
        name = fn.get("name")
        if not isinstance(name, str) or not name:
            raise SchemaError(
                f"tools[{i}]: expected a 'name' string (OpenAI or Anthropic tool format)"
            )
        params = fn.get("parameters", fn.get("input_schema", {})) or {}
        if not isinstance(params, Mapping):
            raise SchemaError(f"tools[{i}] ({name}).parameters: expected a JSON schema object")
        skip: dict[str, frozenset[str]] = {}
        kinds: dict[str, str] = {}
        formats: set[tuple[str, int, str]] = set()
        _learn(str(fn.get("description", "")), formats)
        _props(name, params, skip, kinds, formats, 0)
        out[name] = ToolSchema(name, skip, kinds, frozenset(formats))
    return out


def _props(
    path: str,
    schema: Mapping[str, Any],
    skip: dict[str, frozenset[str]],
    kinds: dict[str, str],
    formats: set[tuple[str, int, str]],
    depth: int,
) -> None:
    if depth > 16:
        return
    listed: set[str] = set()
    for key in ("enum",):
        values = schema.get(key)
        if isinstance(values, list):
            listed.update(_text(v) for v in values)
    for key in ("const", "default"):
        if key in schema:
            listed.add(_text(schema[key]))
    if listed:
        skip[path] = frozenset(listed)
    fmt = schema.get("format")
    if fmt in ("email", "idn-email"):
        kinds[path] = "email"
    elif fmt in ("date", "date-time"):
        kinds[path] = "date"
    elif fmt in ("uri", "url", "iri"):
        kinds[path] = "url"
    _learn(str(schema.get("description", "")), formats)
    pattern = schema.get("pattern")
    if isinstance(pattern, str):
        m = _PATTERN.match(pattern)
        if m:
            prefix = m[1].lower().replace("#", "")
            if prefix or m[3]:
                formats.add((prefix, int(m[2]), m[3].lower()))
    props = schema.get("properties")
    if isinstance(props, Mapping):
        for k, sub in props.items():
            if isinstance(sub, Mapping):
                _props(f"{path}.{k}", sub, skip, kinds, formats, depth + 1)
    items = schema.get("items")
    if isinstance(items, Mapping):
        _props(path, items, skip, kinds, formats, depth + 1)
    for key in ("anyOf", "oneOf", "allOf"):
        alts = schema.get(key)
        if isinstance(alts, list):
            for alt in alts:
                if isinstance(alt, Mapping):
                    _props(path, alt, skip, kinds, formats, depth + 1)


def _learn(description: str, formats: set[tuple[str, int, str]]) -> None:
    for m in _QUOTED.finditer(description):
        fmt = id_format(m[1])
        if fmt is not None:
            formats.add(fmt)


def _text(value: object) -> str:
    return value if isinstance(value, str) else str(value)


def tool_schemas(tools: Iterable[Any] | None) -> list[dict[str, Any]] | None:
    """Tool declarations of any provider as OpenAI function tools (what RunMonitor reads).

    Gemini ``functionDeclarations`` and Bedrock ``toolSpec`` (with ``inputSchema.json``) are
    unwrapped; OpenAI and Anthropic tools pass through unchanged.

    >>> tool_schemas([{"toolSpec": {"name": "f", "inputSchema": {"json": {"type": "object"}}}}])
    [{'name': 'f', 'description': '', 'parameters': {'type': 'object'}}]
    """
    if tools is None:
        return None
    if isinstance(tools, Mapping):
        tools = [tools]
    out: list[dict[str, Any]] = []
    for raw in tools:
        tool = as_mapping(raw)
        if tool is None:
            out.append(raw)  # let RunMonitor name what is wrong with it
            continue
        decls = tool.get("functionDeclarations", tool.get("function_declarations"))
        spec = tool.get("toolSpec")
        if isinstance(decls, list):
            for d in decls:
                d = as_mapping(d) or {}
                params = d.get("parameters", d.get("parametersJsonSchema", {})) or {}
                out.append(
                    {
                        "name": d.get("name"),
                        "description": d.get("description", ""),
                        "parameters": params,
                    }
                )
        elif isinstance(spec, Mapping):
            schema = spec.get("inputSchema", {})
            params = schema.get("json", schema) if isinstance(schema, Mapping) else {}
            out.append(
                {
                    "name": spec.get("name"),
                    "description": spec.get("description", ""),
                    "parameters": params,
                }
            )
        elif tool.get("type") == "function" and "name" in tool and "function" not in tool:
            # Responses API tools are flat: {"type": "function", "name", "parameters"}
            out.append({k: v for k, v in tool.items() if k != "type"})
        else:
            out.append(dict(tool))
    return out
