"""The one-way data flow of docs/architecture.md, checked on the real import graph."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mendikot_replay"

VOCABULARY = {"errors", "cards", "seats", "rules"}
ENGINE = {"engine", "result", "match", "timeline"}
FORMAT = {"pmn_tags", "pmn_reader", "pmn_writer", "check", "record", "commands", "editing"}
VIEWS = {"report", "show", "cli"}


def package_imports(module: str) -> set[str]:
    """The package's own modules that ``module`` imports (at any place in the file)."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found.update(alias.name for alias in node.names)
            elif node.module and node.module.startswith("mendikot_replay."):
                found.add(node.module.split(".")[1])
    return found


def test_engine_knows_no_file_format_and_no_view() -> None:
    for module in VOCABULARY | ENGINE:
        imported = package_imports(module)
        assert imported <= VOCABULARY | ENGINE, f"{module} imports {imported - VOCABULARY - ENGINE}"


def test_vocabulary_depends_on_nothing_above_it() -> None:
    for module in VOCABULARY:
        assert package_imports(module) <= VOCABULARY, module


def test_reader_and_writer_know_no_view() -> None:
    for module in FORMAT:
        if (PACKAGE / f"{module}.py").exists():
            imported = package_imports(module)
            assert not imported & VIEWS, f"{module} imports a view: {imported & VIEWS}"


def test_every_module_is_in_the_architecture_page() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"`(\w+)\.py`", page))
    modules = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    assert modules <= documented, f"undocumented modules: {sorted(modules - documented)}"
    assert documented <= modules, f"documented but missing: {sorted(documented - modules)}"
