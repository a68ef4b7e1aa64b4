"""Loading a benchmark script for its test, or one of ``scripts/`` for the tests that share
it: ``benchmarks`` and ``scripts`` are folders of scripts, not packages (so that ``python
benchmarks/bench_read.py`` works from a fresh checkout), so each is imported by its path."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
SCRIPTS = ROOT / "scripts"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/NAME.py`` as a module (registered first: dataclasses look their module
    up while being built)."""
    return _load(f"_bench_{name}", BENCHMARKS / f"{name}.py")


def load_script(name: str) -> ModuleType:
    """``scripts/NAME.py`` as a module (loaded once)."""
    known = sys.modules.get(f"_script_{name}")
    return known if known is not None else _load(f"_script_{name}", SCRIPTS / f"{name}.py")


def _load(module_name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
