"""Write the text layer's template, ``mendikot_replay/text/locale/mendikot.pot``, with Babel.

The messages' source is :data:`mendikot_replay.text.messages.MESSAGES` (identifier →
English); the template holds each with its identifier as ``msgctxt``, which is what a
language's ``.po`` translates (``pybabel init -D mendikot -i mendikot.pot -d locale -l hi``
starts one, ``pybabel update`` keeps it in step, ``pybabel compile`` makes the ``.mo`` the
package reads). ``tests/test_text.py`` fails when the template is stale::

    .venv/bin/python scripts/messages.py           # write it
    .venv/bin/python scripts/messages.py --check   # exit 1 if it is stale
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mendikot_replay.text import DOMAIN, LOCALE  # noqa: E402
from mendikot_replay.text.messages import MESSAGES, PLURALS  # noqa: E402

TEMPLATE = LOCALE / f"{DOMAIN}.pot"

_DATED = (
    '"POT-Creation-Date',
    '"PO-Revision-Date',
    "# Copyright",
    "# FIRST AUTHOR",
    '"Generated-By',
)
"""Header lines that change with the day or Babel's version, left out: the same messages
give the same bytes."""


def template_text() -> str:
    """The template's text: every message, in the catalog's order, no dates (so that the
    same messages give the same bytes)."""
    catalog = Catalog(project="mendikot-replay", domain=DOMAIN, fuzzy=False)
    for identifier, english in MESSAGES.items():
        catalog.add(english, context=identifier)
    for identifier, forms in PLURALS.items():
        catalog.add(forms, context=identifier)
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False)
    lines = [
        line for line in out.getvalue().decode("utf-8").splitlines() if not line.startswith(_DATED)
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is stale")
    args = parser.parse_args(argv)
    text = template_text()
    now = TEMPLATE.read_text(encoding="utf-8") if TEMPLATE.exists() else None
    if now == text:
        return 0
    if args.check:
        print(f"stale: {TEMPLATE.relative_to(ROOT)} (run scripts/messages.py)")
        return 1
    TEMPLATE.write_text(text, encoding="utf-8")
    print(f"wrote {TEMPLATE.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
