# crossfoot: the two commands a new user needs are `make demo` and `make test`.
VENV ?= .venv
PYTHON ?= python3
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
EXTRAS ?= dev,deepeval,ragas,agents,bench,judge,spark,ray

.PHONY: demo test test-fast test-deep install test-deps browser-deps lint bench fuzz adversarial clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip

install: $(PY)
	$(PIP) install -q -e .

# Installs the package and runs the main job on the bundled (fictional) examples; the HTML report
# (every figure highlighted, its evidence on hover) opens from .cache/demo-report.html.
demo: install
	@mkdir -p .cache
	$(VENV)/bin/crossfoot eval examples/cases.jsonl -v --report .cache/demo-report.html
	@echo
	@echo "crossfoot check --output examples/answer.txt --sources examples/sources.json"
	@$(VENV)/bin/crossfoot check --output examples/answer.txt --sources examples/sources.json \
		|| echo "(exit code $$?: the answer cites the wrong record for one figure, as intended)"

# Everything the tests need: every extra, the pinned promptfoo CLI, and a headless browser.
# The spark extra's tests run Spark local[2]: they need a Java 17+ runtime (java on the PATH).
test-deps: $(PY) browser-deps
	$(PIP) install -q -e ".[$(EXTRAS)]"
	npm ci --prefix integrations/promptfoo --no-audit --no-fund --loglevel=error

# The HTML report is tested in Debian's Chromium and ChromeDriver, installed only when missing
# (as root, or through sudo when there is one; CI runs as root). Without them the browser test
# skips, except in CI, where it fails.
SUDO := $(shell [ "$$(id -u)" = 0 ] || command -v sudo)
browser-deps:
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
		echo "installing chromium and chromium-driver (apt-get)"; \
		{ $(SUDO) apt-get update -qq >/dev/null && \
		  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends \
			chromium chromium-driver >/dev/null; } || \
		echo "could not install them: the browser test skips here (and fails under CI=true)"; \
	fi

# Offline and quiet: no telemetry, no update checks, no .env loading by the frameworks.
export DEEPEVAL_TELEMETRY_OPT_OUT=1
export DEEPEVAL_DISABLE_DOTENV=1
export RAGAS_DO_NOT_TRACK=true
export PROMPTFOO_DISABLE_TELEMETRY=1
export PROMPTFOO_DISABLE_UPDATE=1

# Two workers: the suite is CPU-bound and CI machines have two cores.
test: test-deps
	$(PY) -m pytest -n 2

# The exhaustive sweeps in full (tests/deep.py): run after changing a reader a sweep guards.
test-deep: test-deps
	CROSSFOOT_DEEP_TESTS=1 $(PY) -m pytest -n 2

# The core only, with the dev extra: no framework adapter, benchmark, browser, or agent SDK
# objects (test_transcripts builds messages with the SDKs of the agents and bench extras).
test-fast: $(PY)
	$(PIP) install -q -e ".[dev]"
	$(PY) -m pytest tests --ignore=tests/integrations --ignore=tests/bench \
		--ignore=tests/agents/test_transcripts.py -m "not browser"

lint: $(PY)
	$(PY) -m ruff check src tests benchmarks examples
	$(PY) -m ruff format --check src
	$(PY) -m mypy
	$(VENV)/bin/lint-imports

bench: test-deps
	$(PY) benchmarks/run_all.py

# Atheris over every front door, FUZZ_SECONDS each (the issue-17 bar is 600); new crash cases
# land in tests/fuzz/crashes/ and fail the normal test run until fixed or marked.
FUZZ_SECONDS ?= 600
fuzz: test-deps
	$(PIP) install -q -e ".[fuzz]"
	$(PY) tests/fuzz/run_atheris.py --seconds $(FUZZ_SECONDS)

# Time and memory of every front door on adversarial input at 10 KB, 100 KB and 1 MB.
adversarial: install
	$(PY) benchmarks/adversarial.py --check

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .cache/fuzz
