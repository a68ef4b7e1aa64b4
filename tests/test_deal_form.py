"""The recorder's set-up defaults (``pmn/deal_form.py``): a deal recorded into a file is
dated today whatever the file's last deal says; the deal after one keeps its date."""

from __future__ import annotations

import datetime
import shutil
from pathlib import Path

from mendikot_replay.pmn.deal_form import defaults_after, defaults_from_file
from mendikot_replay.pmn.reader import read_deals

ROOT = Path(__file__).resolve().parent.parent
WORKED = ROOT / "sample_games" / "worked-example.pmn"


def test_a_deal_recorded_into_a_file_is_dated_today(tmp_path: Path) -> None:
    file = tmp_path / "club.pmn"
    shutil.copy2(WORKED, file)
    (last,) = read_deals(WORKED)
    today = datetime.date.today().strftime("%Y.%m.%d")
    assert last.tags["Date"] != today  # the file's deal was played another day
    defaults = defaults_from_file(str(file))
    assert defaults["date"] == today
    assert defaults["event"] == last.tags["Event"]  # the rest still from the last deal
    assert defaults_from_file(str(tmp_path / "new.pmn")) == {"date": today}


def test_the_next_deal_keeps_the_date_of_the_one_before() -> None:
    (last,) = read_deals(WORKED)
    assert defaults_after(last)["date"] == last.tags["Date"]
