"""One self-contained HTML file for a set of checked answers (and agent runs).

No server and nothing fetched: the styles, the script and the chart are inline, so the file opens
from disk, from a CI artifact or from an e-mail. Every figure of every answer is highlighted by
status; hovering, focusing or clicking it shows the evidence formula and the source cell or
sentence it was found in. A filter bar shows or hides answers by the statuses of their figures,
and the head of the page counts answers and figures per status, with a small bar chart.

>>> from crossfoot import check
>>> report = check("Revenue was $3.2bn [R1].", [{"id": "R1", "fields": {"revenue": 3214000000}}])
>>> page = render_html([answer_item(report, name="q1")])
>>> page.count('class="fig s-supported_rounded"')
1
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crossfoot.model.types import STATUSES, SourceValue, format_decimal
from crossfoot.report._page import CSS as _CSS
from crossfoot.report._page import JS as _JS

if TYPE_CHECKING:
    from crossfoot.report.result import Report

__all__ = ["answer_item", "render_html", "run_item", "source_texts", "write_html"]

RUN_STATUSES = ("found", "wrong_source", "unsourced")
# Answers with no figure (or whose check raised) still need a chip to be filtered by.
NONE, ERROR = "no_figures", "error"
ORDER = (*STATUSES, *RUN_STATUSES, NONE, ERROR)
COLOURS = {
    "supported_exact": "#1a7f37",
    "supported_rounded": "#4d9f3a",
    "derived": "#0969da",
    "contradicted": "#bc4c00",
    "wrong_record": "#8250df",
    "wrong_row": "#a0529f",
    "arithmetic_error": "#cf222e",
    "unsupported": "#d1242f",
    "uncited": "#9a6700",
    "unknown_citation": "#6e7781",
    "off_question": "#953800",
    "unit_unstated": "#7d4e00",
    "found": "#1a7f37",
    "wrong_source": "#bc4c00",
    "unsourced": "#d1242f",
    NONE: "#8c959f",
    ERROR: "#57606a",
}


def source_texts(sources: Any) -> dict[str, str]:
    """Source id -> text, read from sources as ``check`` takes them, to quote the sentence a
    figure was found in (strings are ``S1``, ``S2``... by position).

    >>> source_texts(["Sales were 12.", {"id": "R1", "text": "Margin 4%."}])
    {'S1': 'Sales were 12.', 'R1': 'Margin 4%.'}
    """
    if isinstance(sources, str):
        sources = [sources]
    out: dict[str, str] = {}
    if isinstance(sources, Mapping):
        if isinstance(sources.get("id"), str):  # one record
            sources = [sources]
        else:
            for key, body in sources.items():
                text = body.get("text") if isinstance(body, Mapping) else body
                if isinstance(key, str) and isinstance(text, str):
                    out[key] = text
            return out
    if isinstance(sources, Sequence):
        for position, item in enumerate(sources, start=1):
            if isinstance(item, str):
                out[f"S{position}"] = item
            elif isinstance(item, Mapping) and isinstance(item.get("text"), str):
                out[str(item.get("id"))] = item["text"]
    return out


def answer_item(
    report: Report | Mapping[str, Any] | None,
    name: str = "answer",
    *,
    sources: Mapping[str, str] | None = None,
    expect: str | None = None,
    error: str = "",
    question: str | None = None,
    text: str | None = None,
) -> dict[str, Any]:
    """A checked answer as the page shows it: the ``Report`` of ``check`` or ``trace`` (or None
    when the check raised ``error``), with the source texts for quoting sentences. A report
    already turned into ``Report.to_dict()`` (a batch worker's result) works too, given the
    answer's ``text``; its evidence names source cells but quotes no sentence."""
    if isinstance(report, Mapping):
        return _item_from_dict(report, name, text or "", expect, error, question)
    texts = dict(sources or {})
    claims = []
    for claim in report.claims if report is not None else ():
        ev = claim.evidence
        operands = [_operand(o, texts) for o in (ev.operands if ev is not None else ())]
        claims.append(
            {
                "text": claim.mention.text,
                "start": claim.mention.start,
                "end": claim.mention.end,
                "status": claim.status,
                "passed": claim.passed,
                "formula": ev.formula if ev is not None else "",
                "note": ev.note if ev is not None else "",
                "message": claim.message,
                "operands": operands,
            }
        )
    return {
        "kind": "answer",
        "name": name,
        "text": report.text if report is not None else (text or ""),
        "passed": bool(report.passed) if report is not None else None,
        "expect": expect,
        "error": error,
        "question": question,
        "claims": claims,
        "issues": list(report.issues) if report is not None else [],
    }


def _item_from_dict(
    report: Mapping[str, Any],
    name: str,
    text: str,
    expect: str | None,
    error: str,
    question: str | None,
) -> dict[str, Any]:
    claims = []
    for claim in report["claims"]:
        ev = claim.get("evidence") or {}
        operands = [
            {
                "where": f"[{o['source']}] {o.get('label') or 'value'}"
                + (f" (scaled by {o['unit_header']!r})" if o.get("unit_header") else ""),
                "value": format_decimal(Decimal(o["value"])),
                "sentence": "",
            }
            for o in ev.get("operands", ())
        ]
        claims.append(
            {
                "text": claim["text"],
                "start": claim["start"],
                "end": claim["end"],
                "status": claim["status"],
                "passed": claim["passed"],
                "formula": ev.get("formula", ""),
                "note": ev.get("note", ""),
                "message": claim.get("message", ""),
                "operands": operands,
            }
        )
    return {
        "kind": "answer",
        "name": name,
        "text": text,
        "passed": bool(report["passed"]),
        "expect": expect,
        "error": error,
        "question": question,
        "claims": claims,
        "issues": list(report.get("issues", ())),
    }


def run_item(report: Any, name: str = "run", *, expect: str | None = None) -> dict[str, Any]:
    """An agent run (a ``RunReport`` of ``check_run``): every tool-call value and finding.

    >>> from crossfoot.agents import RunMonitor
    >>> m = RunMonitor()
    >>> m.user("Cancel order ORD-5521")
    >>> _ = m.before_call("cancel", {"order_id": "ORD-5521"})
    >>> [c["status"] for c in run_item(m.report(), "run 1")["checks"]]
    ['found']
    """
    data = report.to_dict()
    return {
        "kind": "run",
        "name": name,
        "passed": bool(data["ok"]),
        "action": data["action"],
        "expect": expect,
        "checks": data["checks"],
        "findings": data["findings"],
    }


def _operand(value: SourceValue, texts: Mapping[str, str]) -> dict[str, Any]:
    where = [f"[{value.source_id}]", value.label or value.field or "value"]
    if value.unit_header:
        where.append(f"(scaled by {value.unit_header!r})")
    out = {"where": " ".join(where), "value": format_decimal(value.value), "sentence": ""}
    text = texts.get(value.source_id)
    if text and value.span is not None and value.row is None:
        out["sentence"] = _sentence(text, *value.span)
    return out


def _sentence(text: str, start: int, end: int, limit: int = 240) -> str:
    """The sentence (or line) of ``text`` around ``start:end``, the figure in [[ ]]."""
    stop = text.rfind(". ", 0, start)
    left = max(stop + 2 if stop >= 0 else 0, text.rfind("\n", 0, start) + 1)
    stops = [i for i in (text.find(". ", end), text.find("\n", end)) if i >= 0]
    right = min(stops) + 1 if stops else len(text)
    left = max(left, start - limit // 2)
    right = min(right, end + limit // 2)
    return text[left:start] + "[[" + text[start:end] + "]]" + text[end:right].rstrip()


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _quote(sentence: str) -> str:
    head, _, rest = sentence.partition("[[")
    figure, _, tail = rest.partition("]]")
    return f"{_esc(head)}<b>{_esc(figure)}</b>{_esc(tail)}"


def _tip(claim: Mapping[str, Any]) -> str:
    verdict = "passes" if claim["passed"] else "fails"
    parts = [f'<span class="tip-status">{_esc(claim["status"])} · {verdict}</span>']
    if claim["formula"]:
        parts.append(f'<span class="tip-formula">{_esc(claim["formula"])}</span>')
    if claim["message"] and (not claim["passed"] or not claim["formula"]):
        parts.append(f'<span class="tip-message">{_esc(claim["message"])}</span>')
    for op in claim["operands"]:
        cell = f'<span class="tip-source">{_esc(op["where"])} = {_esc(op["value"])}</span>'
        if f"{op['where']} = {op['value']}" == claim["formula"]:
            cell = ""  # a direct match: the formula already names the source cell
        if op["sentence"]:
            cell += f'<q class="tip-sentence">{_quote(op["sentence"])}</q>'
        parts.append(cell)
    if claim["note"]:
        parts.append(f'<span class="tip-note">{_esc(claim["note"])}</span>')
    return '<span class="tip" role="tooltip">' + "".join(parts) + "</span>"


def _marked_text(text: str, claims: Sequence[Mapping[str, Any]]) -> str:
    """The answer with each figure wrapped in a highlighted, focusable mark."""
    out, at = [], 0
    for i, claim in enumerate(sorted(claims, key=lambda c: (c["start"], c["end"]))):
        start, end = claim["start"], claim["end"]
        if start < at or end > len(text):  # overlapping or out of range: listed, not marked
            continue
        out.append(_esc(text[at:start]))
        status = _esc(claim["status"])
        out.append(
            f'<mark class="fig s-{status}" data-status="{status}" data-claim="{i}" tabindex="0">'
            f'<span class="num">{_esc(text[start:end])}</span>{_tip(claim)}</mark>'
        )
        at = end
    out.append(_esc(text[at:]))
    return "".join(out)


def _statuses(item: Mapping[str, Any]) -> list[str]:
    if item.get("error"):
        return [ERROR]
    if item["kind"] == "run":
        found = [c["status"] for c in item["checks"]]
    else:
        found = [c["status"] for c in item["claims"]]
    return sorted(set(found), key=ORDER.index) or [NONE]


def _got(item: Mapping[str, Any]) -> str:
    return "error" if item.get("error") else "pass" if item.get("passed") else "fail"


def _mismatch(item: Mapping[str, Any]) -> bool:
    return bool(item.get("expect")) and item["expect"] != _got(item)


def _badge(item: Mapping[str, Any]) -> str:
    got = _got(item)
    label = {"pass": "PASS", "fail": "FAIL", "error": "ERROR"}[got]
    if item["kind"] == "run" and got != "error":
        label = str(item["action"]).upper()  # allow, warn, confirm or block
    tone = {"allow": "pass", "warn": "warn"}.get(str(item.get("action")), got)
    badge = f'<span class="badge {tone if item["kind"] == "run" else got}">{label}</span>'
    if item.get("expect"):
        ok = not _mismatch(item)
        badge += (
            f'<span class="badge {"expected" if ok else "mismatch"}">'
            f"{'as expected' if ok else 'MISMATCH'} (expected {_esc(item['expect'])})</span>"
        )
    return badge


def _answer_body(item: Mapping[str, Any]) -> str:
    parts = []
    if item.get("question"):
        parts.append(f'<p class="question">Q: {_esc(item["question"])}</p>')
    if item.get("error"):
        parts.append(f'<p class="error">{_esc(item["error"])}</p>')
        return "".join(parts)
    parts.append(f'<p class="text">{_marked_text(item["text"], item["claims"])}</p>')
    rows = [
        f'<tr class="s-{_esc(c["status"])}"><td><span class="dot"></span>{_esc(c["status"])}'
        f"</td><td>{_esc(c['text'])}</td>"
        f"<td>{_esc(c['formula'] if c['passed'] or not c['message'] else c['message'])}</td></tr>"
        for c in item["claims"]
    ]
    if rows:
        parts.append('<table class="claims">' + "".join(rows) + "</table>")
    parts += [f'<p class="issue">issue: {_esc(i)}</p>' for i in item["issues"]]
    return "".join(parts)


def _run_body(item: Mapping[str, Any]) -> str:
    rows = [
        f'<tr class="s-{_esc(c["status"])}"><td><span class="dot"></span>{_esc(c["status"])}'
        f'</td><td>[{_esc(c["step"])}] {_esc(c["where"])}</td><td><mark class="fig '
        f's-{_esc(c["status"])}" data-status="{_esc(c["status"])}" tabindex="0">'
        f'<span class="num">{_esc(c["value"])}</span><span class="tip" role="tooltip">'
        f"{_esc(c['source'] or 'not in context')}</span></mark></td></tr>"
        for c in item["checks"]
    ]
    findings = [
        f'<p class="finding">[{_esc(f["step"])}] {_esc(f["severity"])} {_esc(f["type"])}: '
        f"{_esc(f['message'])}</p>"
        for f in item["findings"]
        if f["severity"] != "info"
    ]
    return '<table class="claims">' + "".join(rows) + "</table>" + "".join(findings)


def _article(index: int, item: Mapping[str, Any]) -> str:
    statuses = " ".join(_statuses(item))
    mismatch = _mismatch(item)
    body = _run_body(item) if item["kind"] == "run" else _answer_body(item)
    return (
        f'<article class="item" id="item-{index}" data-statuses="{statuses}" '
        f'data-mismatch="{str(mismatch).lower()}"><h2>{_esc(item["name"])} {_badge(item)}</h2>'
        f"{body}</article>"
    )


def _counts(items: Sequence[Mapping[str, Any]]) -> Counter[str]:
    tally: Counter[str] = Counter()
    for item in items:
        if item.get("error"):
            tally[ERROR] += 1
        elif item["kind"] == "run":
            tally.update(c["status"] for c in item["checks"])
        else:
            tally.update(c["status"] for c in item["claims"])
            if not item["claims"]:
                tally[NONE] += 1
    return tally


def _chart(tally: Counter[str]) -> str:
    """Horizontal bars, one per status present, scaled to the largest count."""
    shown = [s for s in ORDER if tally[s]]
    if not shown:
        return ""
    top = max(tally[s] for s in shown)
    bar_h, gap, label_w, bar_w = 16, 6, 150, 260
    height = len(shown) * (bar_h + gap)
    rows = []
    for i, status in enumerate(shown):
        y = i * (bar_h + gap)
        width = max(2, round(bar_w * tally[status] / top))
        rows.append(
            f'<g class="bar" data-status="{status}"><text x="{label_w - 6}" y="{y + 12}" '
            f'text-anchor="end">{status}</text><rect x="{label_w}" y="{y}" width="{width}" '
            f'height="{bar_h}" fill="{COLOURS[status]}"></rect><text x="{label_w + width + 4}" '
            f'y="{y + 12}">{tally[status]}</text></g>'
        )
    width = label_w + bar_w + 50
    return (
        f'<svg class="chart" role="img" aria-label="figures per status" width="{width}"'
        f' height="{height}" viewBox="0 0 {width} {height}">{"".join(rows)}</svg>'
    )


def _summary(items: Sequence[Mapping[str, Any]], tally: Counter[str]) -> str:
    passed = sum(1 for i in items if i.get("passed") and not i.get("error"))
    noun = "runs" if items and all(i["kind"] == "run" for i in items) else "answers"
    lines = [
        f'<p id="totals"><b class="n-items">{len(items)}</b> {noun} checked · '
        f'<b class="n-passed">{passed}</b> passed · '
        f'<b class="n-failed">{len(items) - passed}</b> failed'
    ]
    expected = [i for i in items if i.get("expect")]
    if expected:
        mismatches = sum(1 for i in items if _mismatch(i))
        lines.append(f' · <b class="n-mismatch">{mismatches}</b> not as expected')
    lines.append("</p>")
    chips = "".join(
        f'<button type="button" class="chip" data-status="{s}" aria-pressed="true">'
        f'<span class="dot" style="background:{COLOURS[s]}"></span>{s} '
        f'<span class="n">{tally[s]}</span></button>'
        for s in ORDER
        if tally[s]
    )
    if expected:
        chips += (
            '<label class="only"><input type="checkbox" id="only-mismatch"> only cases not as '
            "expected</label>"
        )
    return "".join(lines) + f'<div id="filters">{chips}</div>' + _chart(tally)


def render_html(
    items: Iterable[Mapping[str, Any]], title: str = "crossfoot report", by: str = "crossfoot"
) -> str:
    """The page for ``items`` (from :func:`answer_item` and :func:`run_item`), as a string;
    ``by`` names what made it (the CLI passes ``crossfoot <version>``). The page holds no date,
    so the same items give the same bytes."""
    items = list(items)
    tally = _counts(items)
    palette = "".join(f".s-{s}{{--c:{c}}}" for s, c in COLOURS.items())
    articles = "".join(_article(i, item) for i, item in enumerate(items))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_esc(title)}</title><style>{_CSS}{palette}</style></head><body>"
        f'<header><h1>{_esc(title)}</h1><p class="by">{_esc(by)}: '
        "hover, focus or click a figure for its evidence</p>"
        f"{_summary(items, tally)}</header><main>{articles}</main>"
        f"<script>{_JS}</script></body></html>\n"
    )


def write_html(
    path: str | Path,
    items: Iterable[Mapping[str, Any]],
    title: str = "crossfoot report",
    by: str = "crossfoot",
) -> Path:
    """Write the page to ``path`` (UTF-8) and return the path.

    >>> import tempfile, pathlib
    >>> from crossfoot import check
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "r.html"
    >>> report = check("We sold 12 units.", ["12 units sold."])
    >>> write_html(target, [answer_item(report, "q1")]).read_text().count('class="fig ')
    1
    """
    target = Path(path)
    target.write_text(render_html(items, title, by), encoding="utf-8")
    return target
