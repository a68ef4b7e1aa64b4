"""The page's JavaScript: ES modules with explicit imports, checked by ESLint, its pure parts
(the line shown, the move list's rows, the tens ledger, cards as text) tested by Node's own
test runner on payloads the package makes, and joined into one module for the page."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from mendikot_replay.pmn.deal_form import DealForm, defaults_after
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.session.payload import deal_view, form_view
from mendikot_replay.views.html import bundle_modules, viewer_js

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "mendikot_replay" / "views" / "static"
SAMPLES = ROOT / "sample_games"


def node() -> str:
    found = shutil.which("node")
    assert found, "Node.js is not installed: ./dev.sh test installs it"
    return found


def test_the_page_code_passes_the_linter() -> None:
    eslint = ROOT / "node_modules" / ".bin" / "eslint"
    assert eslint.exists(), "ESLint is not installed: ./dev.sh test installs it (npm ci)"
    run = subprocess.run(
        [
            str(eslint),
            "--max-warnings=0",
            "mendikot_replay/views/static",
            "mendikot_replay/views/site",
            "tests/js",
            "tests/c",
            "tests/pyodide",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_pure_parts_pass_node_s_tests(tmp_path: Path) -> None:
    for sample in ("worked-example", "drawn-trump", "two-packs"):
        for record in read_deals(SAMPLES / f"{sample}.pmn"):
            view = deal_view(record)
            (tmp_path / f"{sample}-{record.index}.json").write_text(
                json.dumps(view, ensure_ascii=False), encoding="utf-8"
            )
    # the recorder's first page: a new deal's set-up, carried over from the worked example
    form = form_view(
        DealForm(defaults_after(next(iter(read_deals(SAMPLES / "worked-example.pmn")))))
    )
    (tmp_path / "recorder-form.json").write_text(json.dumps(form), encoding="utf-8")
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.js"))
    assert tests
    run = subprocess.run(
        [node(), "--test", *tests],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "MR_PAYLOADS": str(tmp_path)},
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "# fail 0" in run.stdout and "# pass 0" not in run.stdout


def test_each_module_loads_alone_as_an_es_module() -> None:
    """Every import names an export (Node links them): the modules are real ES modules."""
    names = sorted(p.name for p in STATIC.glob("*.js"))
    code = (
        "".join(f"await import({json.dumps((STATIC / name).as_uri())});\n" for name in names)
        + "console.log('loaded');\n"
    )
    run = subprocess.run(
        [node(), "--input-type=module", "-e", code], capture_output=True, text=True, cwd=ROOT
    )
    assert run.returncode == 0 and run.stdout.strip() == "loaded", run.stderr


def test_the_page_gets_one_module_with_no_import_left() -> None:
    js = viewer_js()
    assert "\nimport " not in js and not js.startswith("import ")
    for name in ("mountPage", "mountStatic"):
        assert f"export function {name}(" in js
    # anywidget's render is the default export's only: a named one too is deprecated there
    assert "export default { render };" in js and "export function render(" not in js
    run = subprocess.run([node(), "--check", "--input-type=module"], input=js, text=True)
    assert run.returncode == 0


def modules(**files: str) -> dict[str, str]:
    return {f"{name}.js": text for name, text in files.items()}


def test_the_join_puts_each_module_after_what_it_imports() -> None:
    joined = bundle_modules(
        modules(
            viewer='import { b } from "./b.js";\nexport function render() { return b(); }\n',
            b='import { a } from "./a.js";\nexport function b() { return a(); }\n',
            a="export function a() { return 1; }\n",
        )
    )
    assert joined.index("function a()") < joined.index("function b()") < joined.index("render")
    assert "export function a" not in joined and "export function render" in joined


@pytest.mark.parametrize(
    ("files", "why"),
    [
        (
            modules(viewer='import { c } from "./a.js";\n', a="export function a() {}\n"),
            "imports c from a.js",
        ),
        (modules(viewer="export function render() {}\n", a="function a() {}\n"), "a.js"),
        (
            modules(
                viewer='import { a } from "./a.js";\nfunction twice() {}\n',
                a="export function a() {}\nfunction twice() {}\n",
            ),
            "twice is declared by both",
        ),
        (modules(viewer='import { a } from "./gone.js";\n'), "gone.js"),
    ],
)
def test_the_join_refuses_what_one_scope_cannot_hold(files: dict[str, str], why: str) -> None:
    with pytest.raises(RuntimeError, match=why):
        bundle_modules(files)
