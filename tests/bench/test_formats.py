"""benchmarks/formats.py: the same answers with their tables written in every format."""

from __future__ import annotations

import json
from pathlib import Path

import formats
from corpora.common import parse_table_json
from corpora.render import BENCH_FORMATS


def test_rendered_sources_rewrites_only_tables() -> None:
    table = '[["", "2019"], ["Sales", "1,200"]]'
    prose = "Sales [[rose]] to 1,200 in 2019."
    out = formats.rendered_sources([table, prose], "html")
    assert out[1] == prose
    assert out[0].startswith("<table>") and "1,200" in out[0]
    assert formats.rendered_sources([table, prose], "json") == [table, prose]
    assert parse_table_json(formats.rendered_sources([table], "csv")[0]) is None


def test_spread_ignores_missing_rates() -> None:
    assert formats.spread([None, None]) is None
    assert formats.spread([0.5, 0.25, None]) == 25.0


def test_end_to_end_on_fixtures(data_root: Path, tmp_path: Path) -> None:
    code = formats.main(
        [
            "--data-root",
            str(data_root),
            "--half",
            "all",
            "--out-dir",
            str(tmp_path),
            "--no-progress",
        ]
    )
    assert code == 0
    data = json.loads((tmp_path / "formats.json").read_text())
    corpora = data["results"]["all"]
    assert set(corpora) == set(formats.ADAPTERS)
    for name, block in corpora.items():
        assert list(block["formats"]) == list(BENCH_FORMATS), name
        # every format reads the fixture tables into the same values: the same verdicts
        json_rates = block["formats"]["json"]["rates"]
        for fmt, entry in block["formats"].items():
            assert entry["rates"] == json_rates, (name, fmt)
        assert all(s in (None, 0.0) for s in block["spread"].values()), name
    text = (tmp_path / "formats.md").read_text()
    assert "spread (points)" in text and "Every spread is at most 0.5 points." in text
