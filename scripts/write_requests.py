"""Write the command list and the options as JSON for the page: views/static/requests.json.

The file is made from :func:`mendikot_replay.session.commands.describe` and kept in the
repository (the page reads it with no Python at hand); ``tests/test_commands.py`` fails when
it differs from the list, and this script writes it again::

    .venv/bin/python scripts/write_requests.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mendikot_replay.session.commands import describe  # noqa: E402

TARGET = ROOT / "mendikot_replay" / "views" / "static" / "requests.json"


def text() -> str:
    """The file's text: the list as indented JSON, keys in the list's order."""
    return json.dumps(describe(), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    TARGET.write_text(text(), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
