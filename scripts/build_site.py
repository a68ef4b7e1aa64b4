"""Build the static site: the board in any browser, with no install and no server of ours.

    .venv/bin/python scripts/build_site.py [OUT]        (default: site/; ./dev.sh site)

Everything comes from the package registries, nothing is fetched when the site runs:

- ``pyodide/``: Pyodide's runtime (the npm package ``pyodide``, installed by ``npm ci``):
  ``pyodide.mjs``, ``pyodide.asm.mjs``, ``pyodide.asm.wasm``, ``python_stdlib.zip`` and its
  lock file with no package listed (the site loads none of Pyodide's);
- ``ddcore.wasm``: the solver core as WebAssembly (``scripts/build_wasm.py``);
- ``mendikot_replay.zip``: the package's Python and page files (no compiled module);
- ``viewer.mjs`` and ``viewer.css``: the board's page code, as the notebook widget has it;
- ``lab/``: the notebooks in JupyterLite (``scripts/build_lab.py``);
- ``index.html``, ``app.js``, ``worker.js``, ``site.css``: the site itself
  (``mendikot_replay/views/site/``); ``sw.js`` keeps every file after the first visit, so it
  opens offline, and ``manifest.webmanifest`` (with ``icon.svg``) lets a phone add it to
  its home screen;
- ``games/``: the sample deals (``sample_games/*.pmn``), opened by ``?file=games/NAME.pmn``;
  the front page lists :data:`SAMPLES`, each opened in a tap.

Serve the folder with any static web server (``python -m http.server -d site``).
"""

from __future__ import annotations

import hashlib
import html
import json
import shutil
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mendikot_replay.pmn.reader import read_deals  # noqa: E402
from mendikot_replay.views.assets import viewer_css, viewer_js  # noqa: E402

PACKAGE = ROOT / "mendikot_replay"
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# kept by the service worker as the worker fetches them (the rest when it installs)
LATER = ("mendikot_replay.zip", "ddcore.wasm")
SHIPPED = (".py", ".js", ".css", ".j2", ".json", ".typed", ".pyi")
SAMPLES = (
    ("worked-example.pmn", "A worked example", "one deal, card by card, its comments saying why"),
    (
        "endgame-cover-or-duck.pmn",
        "Endgames: cover or duck?",
        "the last tricks with the tens at stake: what would you play?",
    ),
    (
        "match-thursday-club.pmn",
        "A match: the Thursday club",
        "a club evening played to 5 points, the deal passing on",
    ),
    (
        "match-house-rules.pmn",
        "House rules",
        "the partner deals when the dealer's side loses; graded points",
    ),
    (
        "closed-house-rules.pmn",
        "The closed trump",
        "the face-down trump card: who may ask for it, and what then",
    ),
    ("two-packs.pmn", "Two packs", "ten and twelve players, every card twice: eight tens"),
    (
        "dehla-pakad.pmn",
        "Dehla Pakad",
        "the northern game: tricks pile up, two in a row take the pile",
    ),
)
"""The front page's sample deals (file of ``sample_games/``, title, what it shows): one of
each kind a newcomer looks for, each opened in a tap."""


def package_zip(out: Path) -> None:
    """The package's own files, as Pyodide unpacks them into site-packages."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(PACKAGE.rglob("*")):
            if path.is_file() and path.suffix in SHIPPED and "__pycache__" not in path.parts:
                archive.write(path, path.relative_to(ROOT).as_posix())


def build(out: Path) -> Path:
    if not (PYODIDE / "pyodide.mjs").exists():
        raise SystemExit("Pyodide's runtime is missing: npm ci (./dev.sh site runs it)")
    sys.path.insert(0, str(ROOT / "scripts"))
    from build_lab import build_lab
    from build_wasm import build_core

    if out.exists():
        shutil.rmtree(out)
    (out / "pyodide").mkdir(parents=True)
    for name in RUNTIME:
        shutil.copy2(PYODIDE / name, out / "pyodide" / name)
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {}  # nothing of Pyodide's own is loaded: nothing to fetch
    (out / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    build_core(out / "ddcore.wasm")
    package_zip(out / "mendikot_replay.zip")
    (out / "viewer.mjs").write_text(viewer_js(), encoding="utf-8")
    (out / "viewer.css").write_text(viewer_css(), encoding="utf-8")
    for page in sorted((PACKAGE / "views" / "site").iterdir()):
        if page.name != "lab-sw.js":  # the notebooks' part: build_lab puts it in lab/
            shutil.copy2(page, out / page.name)
    samples(out)
    build_lab(out / "lab", out / "ddcore.wasm")
    service_worker(out)
    return out


def samples(out: Path) -> None:
    """The sample deals in ``games/``, and the front page's list of them in ``index.html``
    (written into the page, so that it shows before Python has started)."""
    games = out / "games"
    games.mkdir()
    for game in sorted((ROOT / "sample_games").glob("*.pmn")):  # not the corpus
        shutil.copy2(game, games / game.name)
    items = []
    for name, title, shows in SAMPLES:
        deals = read_deals(games / name, check=False)
        try:
            count = sum(1 for _ in deals)
        finally:
            deals.close()
        file = f"games/{name}"
        items.append(
            f'<li><a class="site-sample" data-testid="mr-sample" href="?file={html.escape(file)}"'
            f' data-file="{html.escape(file)}"><strong>{html.escape(title)}</strong>'
            f" <span>{html.escape(shows)}</span>"
            f" <small>{count} deal{'' if count == 1 else 's'}</small></a></li>"
        )
    page = out / "index.html"
    text = page.read_text(encoding="utf-8")
    if "<!-- @@SAMPLES@@ -->" not in text:
        raise SystemExit("index.html has no place for the samples (<!-- @@SAMPLES@@ -->)")
    page.write_text(text.replace("<!-- @@SAMPLES@@ -->", "\n".join(items)), encoding="utf-8")


def service_worker(out: Path) -> None:
    """sw.js with the site's files listed and a version that changes with their bytes."""
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    # the app's files; the notebooks (lab/) are JupyterLite's, with a service worker of its own
    files = [f for f in files if f != "sw.js" and not f.startswith("lab/")]
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    text = (out / "sw.js").read_text(encoding="utf-8")
    text = text.replace('"@@VERSION@@"', json.dumps(f"mendikot-{digest.hexdigest()[:16]}"))
    later = [f for f in files if f.startswith("pyodide/") or f in LATER]
    first = [f for f in files if f not in later]
    text = text.replace('"@@FILES@@"', json.dumps("\n".join(["./", *first])))
    text = text.replace('"@@LATER@@"', json.dumps("\n".join(later)))
    (out / "sw.js").write_text(text, encoding="utf-8")


def main(argv: list[str]) -> int:
    out = build(Path(argv[0]) if argv else ROOT / "site")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"{out}: the site, {size / 1e6:.1f} MB; serve it with python -m http.server -d {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
