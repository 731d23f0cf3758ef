"""trace_fresh.py: its modes draw what they say (the same rows and answer; the same rows and a
new answer; the same answer over new rows; new rows and answer; new labels), and a short run
prints every mode and step."""

from __future__ import annotations

import pytest

import trace_fresh


@pytest.mark.parametrize("answer", [trace_fresh.timing_answer, trace_fresh.one_cell])
def test_modes_draw_the_rows_and_answers_they_name(answer: object) -> None:
    streams = trace_fresh._streams(2, 3, 6, answer)  # type: ignore[arg-type]
    repeat, same, rows_only, fresh, named = (streams[m] for m in trace_fresh._MODES)
    assert len({(t, id(r)) for t, r in repeat}) == 1  # one answer, one rows object
    assert len({id(r) for _, r in same}) == 1 and same[0][1] is repeat[0][1]
    assert len({t for t, _ in same}) == 6  # a new answer text every call, over the same rows
    assert {t for t, _ in rows_only} == {repeat[0][0]}  # the same answer...
    assert len({repr(r) for _, r in rows_only}) == 6  # ...over rows of new content
    assert all(r[0]["revenue"] == repeat[0][1][0]["revenue"] for _, r in rows_only)
    assert len({repr(r) for _, r in fresh}) == 6  # new content every call
    labels = [tuple(r["name"] for r in rows) for _, rows in named]
    assert len(set(labels)) == 6 and all("item" not in " ".join(x) for x in labels)
    for text, rows in [*fresh, *named]:
        assert f"{rows[0]['revenue']:,}" in text  # the answer states the first row's cell


def test_short_run_prints_every_mode_and_step(capsys: pytest.CaptureFixture[str]) -> None:
    assert trace_fresh.main(["--sizes", "2x3", "--traces", "23", "--answer", "one"]) == 0
    out = capsys.readouterr().out
    for line in [*trace_fresh._MODES, *(name for _, _, name in trace_fresh._STEPS)]:
        assert line in out
