"""Build what the page ships from its sources: the command list as JSON and the one module.

- ``mendikot_replay/views/static/requests.json``: the session's command list and options
  (:func:`mendikot_replay.session.commands.describe`), which the page's requests follow;
- ``mendikot_replay/views/static/messages.js``: the English of the text layer's messages
  (:data:`mendikot_replay.text.messages.MESSAGES`), the source of the page's own words;
- ``mendikot_replay/views/static/bundle/viewer.js``: the page's ES modules
  (``static/*.js``, entry ``viewer.js``) bundled by esbuild (pinned in ``package-lock.json``)
  into one module — what anywidget's ``_esm``, the HTML pages and the static site load.

All three are kept in the repository, so that the package needs no Node.js to run; the tests fail
when one differs from what this script makes (``tests/test_page_code.py``,
``tests/test_commands.py``). Run it after changing a page module or a command::

    .venv/bin/python scripts/build_page.py          # write both
    .venv/bin/python scripts/build_page.py --check  # exit 1 if one is stale
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mendikot_replay.session.commands import describe  # noqa: E402
from mendikot_replay.text.messages import MESSAGES, PLURALS  # noqa: E402

STATIC = ROOT / "mendikot_replay" / "views" / "static"
REQUESTS = STATIC / "requests.json"
MESSAGES_JS = STATIC / "messages.js"
BUNDLE = STATIC / "bundle" / "viewer.js"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"

ESBUILD_FLAGS = (
    "--bundle",
    "--format=esm",
    "--charset=utf8",
    "--legal-comments=none",
    "--log-level=warning",
)
"""One readable module (not minified: a teacher may read it), deterministic for the same
sources, with nothing fetched at run time."""


def requests_text() -> str:
    """requests.json's text: the command list as indented JSON, in the list's order."""
    return json.dumps(describe(), indent=1, ensure_ascii=False) + "\n"


def messages_text() -> str:
    """messages.js's text: the English of every message of the text layer (the page's own
    words come from the one catalog), and the two forms of each message with a number, as
    an ES module (which Node's tests and esbuild both import as it is)."""
    catalog = {"messages": dict(MESSAGES), "plurals": {k: list(v) for k, v in PLURALS.items()}}
    body = json.dumps(catalog, indent=0, ensure_ascii=False, sort_keys=True)
    return (
        "// Written by scripts/build_page.py from mendikot_replay/text/messages.py: the English\n"
        "// of the text layer's messages, for the page's own words (words.js). Do not edit.\n"
        f"export default {body};\n"
    )


def bundle_text() -> str:
    """The page's one module, as esbuild bundles it from ``static/viewer.js``."""
    if not ESBUILD.exists():
        raise SystemExit("esbuild is missing: run npm ci (./dev.sh setup does)")
    node = shutil.which("node")
    if node is None:
        raise SystemExit("Node.js is missing: ./dev.sh setup installs it")
    run = subprocess.run(
        [str(ESBUILD), str(STATIC / "viewer.js"), *ESBUILD_FLAGS],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    if run.returncode != 0:
        raise SystemExit(f"esbuild failed:\n{run.stderr}")
    return run.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether they are stale")
    args = parser.parse_args(argv)
    stale: list[Path] = []

    def keep(path: Path, text: str) -> None:
        if path.exists() and path.read_text(encoding="utf-8") == text:
            return
        stale.append(path.relative_to(ROOT))
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")

    keep(REQUESTS, requests_text())
    keep(MESSAGES_JS, messages_text())
    keep(BUNDLE, bundle_text())  # last: it bundles the two above
    for path in stale:
        print(f"stale: {path} (run scripts/build_page.py)" if args.check else f"wrote {path}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
