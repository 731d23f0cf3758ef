"""The public surface is curated: this test pins it."""

from __future__ import annotations

import crossfoot

EXPECTED = [
    "CaseFileError",
    "Checker",
    "Claim",
    "CrossfootError",
    "DEFAULT",
    "Evidence",
    "FAILING_STATUSES",
    "InputTooLarge",
    "LENIENT",
    "Mention",
    "OptionError",
    "Options",
    "PASSING_STATUSES",
    "Policy",
    "Report",
    "RowsError",
    "STATUSES",
    "STRICT",
    "Sentence",
    "Source",
    "SourceError",
    "SourceSet",
    "SourceValue",
    "UnrecognizedMessage",
    "__version__",
    "check",
    "extract",
    "load_sources",
    "trace",
]


def test_all_is_pinned() -> None:
    assert sorted(crossfoot.__all__) == sorted(EXPECTED)


def test_every_public_name_resolves() -> None:
    for name in crossfoot.__all__:
        assert getattr(crossfoot, name) is not None


def test_statuses_match_the_documented_table() -> None:
    assert crossfoot.STATUSES == (
        "supported_exact",
        "supported_rounded",
        "derived",
        "contradicted",
        "wrong_record",
        "wrong_row",
        "off_question",
        "arithmetic_error",
        "unit_unstated",
        "unsupported",
        "uncited",
        "unknown_citation",
    )
    assert crossfoot.PASSING_STATUSES | crossfoot.FAILING_STATUSES == set(crossfoot.STATUSES)
