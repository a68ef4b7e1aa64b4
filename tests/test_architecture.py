"""The one-way data flow of docs/architecture.md, checked on the real import graph.

The package is made of layers, lowest first; a module imports (at module level and inside
functions alike) only from its own layer and the layers before it. The one exception is a
display hook named ``_repr_*``, which may import a view lazily, as python-chess's
``Board._repr_svg_`` does. There are no import cycles between modules.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "mendikot_replay"

#: The layers, lowest first: the top-level modules, then one sub-package each.
LAYERS = [
    "errors",
    "text",
    "core",
    "pmn",
    "solver",
    "players",
    "analysis",
    "session",
    "views",
    "corpus",
    "cli",
]
#: Top-level modules outside the layers: the public face and ``python -m``.
FACES = {"__init__", "__main__"}


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (``pmn.reader``; ``core`` for an
    ``__init__``)."""
    out: dict[str, Path] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__" and len(parts) > 1:
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def layer(module: str) -> int:
    return LAYERS.index(module.split(".")[0])


def imports(module: str, path: Path) -> list[tuple[str, int, str | None]]:
    """The package's modules ``module`` imports: ``(target, line, enclosing function)``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module.split(".")[:-1] if path.name != "__init__.py" else module.split(".")
    if module == "__init__":
        package = []
    known = modules()
    found: list[tuple[str, int, str | None]] = []

    def resolve(base: list[str], name: str) -> str | None:
        dotted = ".".join([*base, name]) if name else ".".join(base)
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    def visit(node: ast.AST, function: str | None) -> None:
        for child in ast.iter_child_nodes(node):
            name = function
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = child.name
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package[: len(package) - (child.level - 1)]
                elif child.module and child.module.startswith("mendikot_replay"):
                    base = []
                else:
                    continue
                head = (child.module or "").removeprefix("mendikot_replay").lstrip(".")
                prefix = [*base, *head.split(".")] if head else base
                for alias in child.names:
                    target = resolve(prefix, alias.name) or resolve(prefix, "")
                    if target:
                        found.append((target, child.lineno, name))
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name.startswith("mendikot_replay."):
                        target = resolve(alias.name.split(".")[1:], "")
                        if target:
                            found.append((target, child.lineno, name))
            visit(child, name)

    visit(tree, None)
    return found


def test_the_package_is_the_layers_and_nothing_else() -> None:
    tops = {
        path.relative_to(PACKAGE).parts[0].removesuffix(".py") for path in PACKAGE.rglob("*.py")
    }
    assert tops == set(LAYERS) | FACES


def test_every_import_goes_down_the_layers() -> None:
    wrong = []
    for module, path in modules().items():
        if module in FACES:
            continue
        for target, line, function in imports(module, path):
            if target in FACES:
                wrong.append(f"{module}:{line} imports the public face ({target})")
                continue
            if layer(target) <= layer(module):
                continue
            if (
                function is not None
                and function.startswith("_repr_")
                and target.startswith("views")
            ):
                continue  # a display hook showing itself through a view, lazily
            wrong.append(f"{module}:{line} ({function or 'module level'}) imports {target}")
    assert not wrong, "\n".join(wrong)


def test_no_import_cycles() -> None:
    graph = {
        module: {t for t, _, f in imports(module, path) if not (f or "").startswith("_repr_")}
        for module, path in modules().items()
    }
    graph = {m: {t for t in targets if t != m and t in graph} for m, targets in graph.items()}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}

    def walk(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if nxt in FACES or node in FACES:
                continue
            if state.get(nxt) == 1:
                cycles.append([*trail[trail.index(nxt) :], nxt])
            elif nxt not in state:
                walk(nxt, [*trail, nxt])
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            walk(module, [module])
    assert not cycles, cycles


def test_the_rule_catches_an_upward_import(tmp_path: Path) -> None:
    """The checker itself can fail: an engine importing a view is reported."""
    fake = tmp_path / "engine.py"
    fake.write_text("from ..views.svg import snapshot_svg\n", encoding="utf-8")
    assert [t for t, _, _ in imports("core.engine", fake)] == ["views.svg"]


def test_every_module_is_in_the_architecture_page() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    # the module column of the page's table: | layer | `pmn/reader.py` | what it holds |
    documented = set(re.findall(r"^\|[^|\n]*\| `([\w/]+)\.py` \|", page, re.M))
    actual = {
        str(path.relative_to(PACKAGE).with_suffix(""))
        for path in PACKAGE.rglob("*.py")
        if path.name != "__init__.py"
    }
    assert actual <= documented, f"undocumented modules: {sorted(actual - documented)}"
    assert documented <= actual, f"documented but missing: {sorted(documented - actual)}"


# -- each rule has one home --------------------------------------------------------------------
#: The rule-dependent functions that a house rule changes, and the only modules that may use
#: them: everyone else asks the deal's ``Rules`` (``Rules.result``, ``Rules.next_dealer``),
#: so no caller can leave a flag out.
RULE_FUNCTIONS: dict[str, set[str]] = {
    "_deal_result": {"core/result.py", "core/rules.py"},
    "_next_dealer": {"core/result.py", "core/rules.py"},
}


def rule_function_uses(path: Path) -> list[tuple[str, int]]:
    """Where ``path`` names one of :data:`RULE_FUNCTIONS` (imported, called or passed on)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [(a.name, node.lineno) for a in node.names if a.name in RULE_FUNCTIONS]
        elif isinstance(node, ast.Name) and node.id in RULE_FUNCTIONS:
            found.append((node.id, node.lineno))
        elif isinstance(node, ast.Attribute) and node.attr in RULE_FUNCTIONS:
            found.append((node.attr, node.lineno))
    return found


def test_rule_dependent_functions_are_used_only_in_their_home() -> None:
    """The result of a deal and the next dealer depend on house rules: outside ``core``'s
    result and rules modules (the package, the scripts, the benchmarks and the tests alike)
    they come from ``Rules``, which passes every flag on."""
    wrong = []
    for folder in ("mendikot_replay", "scripts", "benchmarks", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = str(path.relative_to(PACKAGE)) if path.is_relative_to(PACKAGE) else ""
            for name, line in rule_function_uses(path):
                if where not in RULE_FUNCTIONS[name] and path != Path(__file__):
                    wrong.append(f"{path.relative_to(ROOT)}:{line} uses {name}")
    assert not wrong, "\n".join(wrong)


def test_the_one_home_check_catches_a_bare_call(tmp_path: Path) -> None:
    """The checker itself can fail: a view computing the next dealer without the rules."""
    fake = tmp_path / "report.py"
    fake.write_text(
        "from ..core.result import _next_dealer\nnext_one = _next_dealer('A', result)\n",
        encoding="utf-8",
    )
    assert rule_function_uses(fake) == [("_next_dealer", 1), ("_next_dealer", 2)]


def test_every_module_holds_one_idea() -> None:
    """No module of the package is over 1,000 lines, and the session, the object every
    front end drives, reads in one sitting (under 400)."""
    sizes = {
        name: len(path.read_text(encoding="utf-8").splitlines()) for name, path in modules().items()
    }
    large = {name: n for name, n in sizes.items() if n > 1000}
    assert not large, f"modules over 1,000 lines: {large}"
    assert sizes["session.session"] < 400
