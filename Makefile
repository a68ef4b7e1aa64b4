# Thin wrappers around ./dev.sh, which does the real set-up work (and needs no make).
.PHONY: demo present test setup bench lint
demo:
	./dev.sh demo
present:
	./dev.sh present
test:
	./dev.sh test
setup:
	./dev.sh setup
bench: setup
	.venv/bin/python benchmarks/bench_read.py
lint: setup
	.venv/bin/ruff check . && .venv/bin/ruff format --check . && .venv/bin/mypy
