"""Each rule has one home: every output that names the next dealer (``validate --json``, the
pandas deals table, ``show``) follows the deal's own house rules, and explains it by them.

The worked example: D dealt, and A/C won with three tens, so D's side lost (no whitewash).
By the common rule D deals again; under ``partner-deals`` the partner, B; under
``dealer-stays`` D again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mendikot_replay.cli.app import main
from mendikot_replay.core.rules import FLAG_TEXT
from mendikot_replay.corpus.tables import deals_frame

EXAMPLE = Path(__file__).resolve().parent / "data" / "worked-example.pmn"

#: ``Variant`` flag (None: the common rule) → (next dealer, the reason ``show`` gives).
ROTATIONS = {
    None: ("D", "D's side lost: D deals again"),
    "partner-deals": ("B", "D's side lost: the dealer's partner deals (partner-deals)"),
    "dealer-stays": ("D", "D's side lost: D deals again"),
}


def _under(flag: str | None, folder: Path) -> Path:
    """The worked example with ``Variant`` set to ``flag`` (its result unchanged: the
    rotation flags change only who deals next)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    if flag is not None:
        text = text.replace('[Dealer "D"]', f'[Variant "{flag}"]\n[Dealer "D"]')
    path = folder / f"{flag or 'plain'}.pmn"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("flag", list(ROTATIONS))
def test_validate_json_names_the_next_dealer_by_the_deals_rules(
    flag: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", "--json", str(_under(flag, tmp_path))]) == 0
    (report,) = json.loads(capsys.readouterr().out)
    assert not report["errors"]
    assert report["result"]["tag"] == "AC win"
    assert report["next_dealer"] == ROTATIONS[flag][0]


@pytest.mark.parametrize("flag", list(ROTATIONS))
def test_the_deals_table_names_the_next_dealer_by_the_deals_rules(
    flag: str | None, tmp_path: Path
) -> None:
    frame = deals_frame(str(_under(flag, tmp_path)))
    assert list(frame["next_dealer"]) == [ROTATIONS[flag][0]]


@pytest.mark.parametrize("flag", list(ROTATIONS))
def test_show_names_and_explains_the_next_dealer_by_the_deals_rules(
    flag: str | None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", str(_under(flag, tmp_path))]) == 0
    out = capsys.readouterr().out
    following, reason = ROTATIONS[flag]
    assert f"Next dealer: {following} ({reason})" in out
    if flag is not None:
        assert FLAG_TEXT[flag] in out  # and its rules line names the house rule it follows
