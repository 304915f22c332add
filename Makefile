# The two commands of the README: `make run` (main job on the sample data) and `make test`.
SHELL := /bin/bash
VENV := .venv
PY := $(VENV)/bin/python
OUT ?= out
export PREFECT_HOME ?= $(CURDIR)/.prefect
export PREFECT_SERVER_ALLOW_EPHEMERAL_MODE := true
export DO_NOT_TRACK := 1
export OMP_THREAD_LIMIT := 1
# Python's default whatever the shell says: compiled modules are kept in __pycache__ (ignored by
# git), so the processes the suite starts and pytest's rewritten test modules are compiled once,
# not again by every process (each pytest worker collects 7 s of CPU faster the second time).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: setup run test test-thorough lint bench screenshots clean help

help:  ## list the targets
	@grep -E '^[a-z-]+:.*##' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-11s %s\n", $$1, $$2}'

setup:  ## build .venv and install what is missing (tesseract via apt-get when root)
	@bash scripts/bootstrap.sh

run: setup  ## the main job: bundled sample scans in, result workbook out (in ./out)
	@# Exit code 1 means "published, but readings wait for review": the expected sample outcome.
	$(VENV)/bin/bridgescan run sample_data --out $(OUT) || [ $$? -eq 1 ]

test: setup  ## the test suite (what CI runs)
	$(PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder

test-thorough: setup  ## the test suite with ten times the property tests' random draws
	HYPOTHESIS_PROFILE=thorough $(PY) -m pytest -n 2 --dist loadfile --no-loadscope-reorder

lint: setup  ## ruff lint + format check, mypy strict on scoring/
	$(VENV)/bin/ruff check . && $(VENV)/bin/ruff format --check . && $(VENV)/bin/mypy

bench: setup  ## the benchmarks (benchmarks/README.md); not part of the tests
	$(PY) benchmarks/run_all.py

screenshots: run  ## the README's pictures of the site and the console (docs/images/), from `make run`
	$(PY) -m scripts.screenshots $(OUT) --to docs/images
	$(PY) -m scripts.club_screenshots --to docs/images

clean:  ## remove outputs and caches (keeps .venv)
	rm -rf $(OUT) .pytest_cache .ruff_cache .mypy_cache .prefect
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
