"""Fixtures for the benchmark tests: a data root in the shared-data layout, built from the small
made-up files in ``fixtures/`` (never from the real data sets)."""

from __future__ import annotations

import gzip
import json
import shutil
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))


@pytest.fixture(scope="session")
def data_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("data")
    (root / "pot-tatqa-llm-outputs").mkdir()
    with gzip.open(
        root / "pot-tatqa-llm-outputs/tatqa_dev_cot_text-davinci-002.jsonl.gz", "wb"
    ) as f:
        f.write((FIXTURES / "pot.jsonl").read_bytes())
    (root / "tatqa").mkdir()
    shutil.copy(FIXTURES / "tatqa_dataset_dev.json", root / "tatqa/tatqa_dataset_dev.json")
    # test_gold: the same context with its own ids
    ctx = json.loads((FIXTURES / "tatqa_dataset_dev.json").read_text())
    for q in ctx[0]["questions"]:
        q["uid"] += "-test"
    (root / "tatqa/tatqa_dataset_test_gold.json").write_text(json.dumps(ctx))
    (root / "convfinqa-pot").mkdir()
    shutil.copy(FIXTURES / "convfinqa_dev.json", root / "convfinqa-pot/convfinqa_dev.json")
    (root / "ragbench-finqa-interpdetect").mkdir()
    shutil.copy(
        FIXTURES / "interp.jsonl",
        root / "ragbench-finqa-interpdetect/test_qwen3-0.6b_w_labels.jsonl",
    )
    return root
