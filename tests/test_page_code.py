"""The page's JavaScript: ES modules with explicit imports, checked by ESLint, its pure parts
(the line shown, the move list's rows, the tens ledger, cards as text) tested by Node's own
test runner on payloads the package makes, and bundled into one module for the page by
esbuild (pinned in package-lock.json)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from mendikot_replay.pmn.deal_form import DealForm, defaults_after
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.session.payload import deal_view, form_view
from mendikot_replay.views.assets import viewer_js

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
    for name in ("mountPage", "mountStatic", "mountAll"):
        # the HTML pages call them by name after the bundle, in the same module script
        assert f"\nfunction {name}(" in js
    # anywidget's render is the default export's only: a named one too is deprecated there
    assert "viewer_default as default" in js and "render as" not in js
    run = subprocess.run([node(), "--check", "--input-type=module"], input=js, text=True)
    assert run.returncode == 0


def test_the_shipped_bundle_is_esbuild_s_of_the_sources_as_they_are() -> None:
    """static/bundle/viewer.js and requests.json are what scripts/build_page.py makes of the
    sources now (a page module changed without building again fails here)."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_page.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_esbuild_is_pinned() -> None:
    """The bundler is one exact version, in package.json and package-lock.json alike."""
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    wanted = package["devDependencies"]["esbuild"]
    assert wanted[0].isdigit(), f"esbuild {wanted} is a range, not a version"
    assert lock["packages"]["node_modules/esbuild"]["version"] == wanted
