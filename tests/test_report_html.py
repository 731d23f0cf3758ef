"""The HTML report in a real headless Chromium (Debian's chromium and chromium-driver, installed by
``make test-deps``): every figure highlighted with its status, counts that match the reports,
evidence on hover, filters that work, and nothing fetched from anywhere.

A screenshot of the page (with one figure's evidence open) is saved as a test artifact under
``.cache/artifacts/`` and its path printed.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crossfoot import check
from crossfoot.cli.cases import load_cases, run_case
from crossfoot.report import html

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / ".cache" / "artifacts"
pytestmark = pytest.mark.browser
CHROME_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1280,1600",
)


def example_items() -> tuple[list[dict[str, Any]], list[Any]]:
    """The bundled example cases, checked, as report items; and their reports."""
    items, reports = [], []
    for case in load_cases(ROOT / "examples" / "cases.jsonl"):
        result = run_case(case)
        texts = html.source_texts(case.sources) if case.sources is not None else {}
        items.append(
            html.answer_item(
                result.report,
                case.name,
                sources=texts,
                expect=case.expect,
                error=result.error,
                question=case.question,
            )
        )
        reports.append(result.report)
    return items, reports


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    chromium, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if not (chromium and driver_path):
        if os.environ.get("CI"):
            pytest.fail("chromium and chromedriver are missing: run `make test-deps`")
        pytest.skip("chromium and chromedriver are missing: run `make test-deps`")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="crossfoot-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (*CHROME_FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def page_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Any]]:
    items, reports = example_items()
    path = html.write_html(tmp_path_factory.mktemp("report") / "r.html", items, "examples")
    return path, reports


@pytest.fixture
def page(browser: Any, page_file: tuple[Path, list[Any]]) -> tuple[Any, list[Any]]:
    """The examples' page, freshly loaded: each test starts with no filter and nothing pinned."""
    path, reports = page_file
    browser.get(path.as_uri())
    return browser, reports


def test_eval_report_from_the_cli_highlights_every_figure(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Done when: `crossfoot eval examples/cases.jsonl --report r.html` opens in Chromium with
    # every figure highlighted (the records of --json are the reference).
    from selenium.webdriver.common.by import By

    from crossfoot.cli import main

    out = tmp_path / "r.html"
    cases = str(ROOT / "examples" / "cases.jsonl")
    assert main(["eval", cases, "--report", str(out), "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    browser.get(out.as_uri())
    articles = browser.find_elements(By.CSS_SELECTOR, "article.item")
    assert len(articles) == len(records) == 49
    for article, record in zip(articles, records, strict=True):
        claims = sorted(record["report"]["claims"], key=lambda c: (c["start"], c["end"]))
        marks = article.find_elements(By.CSS_SELECTOR, "mark.fig")
        assert [m.get_attribute("data-status") for m in marks] == [c["status"] for c in claims]
        assert [m.find_element(By.CSS_SELECTOR, ".num").text for m in marks] == [
            c["text"] for c in claims
        ]
    total = sum(len(r["report"]["claims"]) for r in records)
    assert len(browser.find_elements(By.CSS_SELECTOR, "mark.fig")) == total > 0
    # "Only cases not as expected": every example case comes out as expected, so none is left.
    browser.find_element(By.ID, "only-mismatch").click()
    assert not [a for a in articles if a.is_displayed()]
    assert browser.find_element(By.CLASS_NAME, "n-mismatch").text == "0"


def test_run_report_marks_every_tool_call_value(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from selenium.webdriver.common.by import By

    from crossfoot.cli import main

    call = {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": "c1",
                "type": "function",
                "function": {"name": "refund", "arguments": '{"order_id": "ORD-88231"}'},
            }
        ],
    }
    runs = tmp_path / "runs.jsonl"
    runs.write_text(
        "\n".join(
            json.dumps({"messages": [{"role": "user", "content": f"Refund order {oid}"}, call]})
            for oid in ("ORD-88231", "ORD-88213")
        ),
        encoding="utf-8",
    )
    out = tmp_path / "runs.html"
    assert main(["run", str(runs), "--report", str(out)]) == 0
    capsys.readouterr()
    browser.get(out.as_uri())
    marks = browser.find_elements(By.CSS_SELECTOR, "mark.fig")
    assert [m.get_attribute("data-status") for m in marks] == ["found", "unsourced"]
    assert {m.find_element(By.CSS_SELECTOR, ".num").text for m in marks} == {"ORD-88231"}
    chips = {
        c.get_attribute("data-status"): c.find_element(By.CSS_SELECTOR, ".n").text
        for c in browser.find_elements(By.CSS_SELECTOR, "#filters .chip")
    }
    assert chips == {"found": "1", "unsourced": "1"}


def test_every_figure_is_highlighted_with_its_status(page: tuple[Any, list[Any]]) -> None:
    from selenium.webdriver.common.by import By

    driver, reports = page
    articles = driver.find_elements(By.CSS_SELECTOR, "article.item")
    assert len(articles) == len(reports)
    for article, report in zip(articles, reports, strict=True):
        marks = article.find_elements(By.CSS_SELECTOR, "mark.fig")
        expected = [(c.mention.text, c.status) for c in sorted(report.claims, key=lambda c: c.span)]
        got = [
            (m.find_element(By.CSS_SELECTOR, ".num").text, m.get_attribute("data-status"))
            for m in marks
        ]
        assert got == expected
        # The highlight is visible: a status colour under the figure, not the page background.
        for mark in marks:
            assert mark.value_of_css_property("border-bottom-style") == "solid"


def test_counts_and_chart_match_the_reports(page: tuple[Any, list[Any]]) -> None:
    from selenium.webdriver.common.by import By

    driver, reports = page
    tally = Counter(c.status for r in reports for c in r.claims)
    tally["no_figures"] = sum(1 for r in reports if not r.claims)
    chips = {
        c.get_attribute("data-status"): int(c.find_element(By.CSS_SELECTOR, ".n").text)
        for c in driver.find_elements(By.CSS_SELECTOR, "#filters .chip")
    }
    assert chips == {s: n for s, n in tally.items() if n}
    bars = {
        b.get_attribute("data-status"): int(b.find_elements(By.TAG_NAME, "text")[-1].text)
        for b in driver.find_elements(By.CSS_SELECTOR, "svg.chart g.bar")
    }
    assert bars == chips
    totals = driver.find_element(By.ID, "totals")
    passed = sum(1 for r in reports if r.passed)
    assert totals.find_element(By.CLASS_NAME, "n-items").text == str(len(reports))
    assert totals.find_element(By.CLASS_NAME, "n-passed").text == str(passed)
    assert totals.find_element(By.CLASS_NAME, "n-failed").text == str(len(reports) - passed)


def test_hover_shows_evidence_and_the_source_sentence(page: tuple[Any, list[Any]]) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    driver, _ = page
    article = driver.find_element(By.XPATH, "//article[h2[starts-with(., 'plain-string-source')]]")
    mark = article.find_element(By.CSS_SELECTOR, "mark.fig[data-status='supported_exact']")
    tip = mark.find_element(By.CSS_SELECTOR, ".tip")
    assert not tip.is_displayed()
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", mark)
    ActionChains(driver).move_to_element(mark).perform()
    assert tip.is_displayed()
    assert "supported_exact · passes" in tip.text
    # The sentence of the source the figure was found in, with the figure in bold.
    sentence = tip.find_element(By.CSS_SELECTOR, ".tip-sentence")
    assert "In FY2024 Acme shipped 12,400 units, up from 10,000 in FY2023." in sentence.text
    assert sentence.find_element(By.TAG_NAME, "b").text == "12,400"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / "report_html.png"
    driver.save_screenshot(str(shot))
    print(f"screenshot: {shot}")
    ActionChains(driver).move_by_offset(0, 400).perform()


def test_click_pins_a_failing_figures_evidence(page: tuple[Any, list[Any]]) -> None:
    from selenium.webdriver.common.by import By

    driver, _ = page
    mark = driver.find_element(By.CSS_SELECTOR, "mark.fig[data-status='wrong_record']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", mark)
    driver.execute_script("arguments[0].click()", mark)
    assert "pinned" in (mark.get_attribute("class") or "")
    tip = mark.find_element(By.CSS_SELECTOR, ".tip")
    assert tip.is_displayed() and "wrong_record · fails" in tip.text
    assert "[R2] employees_2024 = 1,850" in tip.text


def test_status_filter_shows_only_answers_with_that_status(page: tuple[Any, list[Any]]) -> None:
    from selenium.webdriver.common.by import By

    driver, reports = page
    chips = driver.find_elements(By.CSS_SELECTOR, "#filters .chip")
    for chip in chips:
        if chip.get_attribute("data-status") != "unsupported":
            chip.click()
    visible = [a for a in driver.find_elements(By.CSS_SELECTOR, "article.item") if a.is_displayed()]
    expected = [r for r in reports if any(c.status == "unsupported" for c in r.claims)]
    assert len(visible) == len(expected) > 0
    for chip in chips:
        if chip.get_attribute("aria-pressed") == "false":
            chip.click()
    shown = driver.find_elements(By.CSS_SELECTOR, "article.item")
    assert all(a.is_displayed() for a in shown)


def test_an_item_from_a_report_dict_shows_the_same_figures() -> None:
    # What a batch worker hands back is Report.to_dict(): the page is the same, less the quotes.
    report = check(
        "Revenue grew 12% to $3.5bn [R1].",
        [{"id": "R1", "fields": {"revenue_2023": 2_870_000_000, "revenue_2024": 3_214_000_000}}],
    )
    from_report = html.answer_item(report, "a")
    from_dict = html.answer_item(report.to_dict(), "a", text=report.text)
    assert from_dict == from_report
    page = html.render_html([from_dict])
    assert page.count('<mark class="fig s-') == len(report.claims) == 2
