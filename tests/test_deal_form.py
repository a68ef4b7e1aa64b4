"""The recorder's set-up defaults (``pmn/deal_form.py``): a deal recorded into a file is
dated today whatever the file's last deal says; the deal after one keeps its date."""

from __future__ import annotations

import datetime
import shutil
from pathlib import Path

import pytest

from mendikot_replay.core.rules import Scoring
from mendikot_replay.pmn.deal_form import (
    DealForm,
    checked_answers,
    defaults_after,
    defaults_from_file,
    entry_from_answers,
    questions,
)
from mendikot_replay.pmn.entry import DealEntry, EntryError
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


def test_a_match_asks_its_scoring_and_the_next_deal_carries_it_with_the_house_rules() -> None:
    """The set-up asks the match register's profile only for a deal of a match; the next deal
    of the match offers the same profile and house rules, and two rotations that contradict
    each other are refused at the house-rules question."""
    keys = [q.key for q in questions({}, {})]
    assert "scoring" not in keys
    asked = {q.key: q for q in questions({}, {"match": "thu"})}
    assert asked["scoring"].default == "plain" and "tens" in asked["scoring"].choices
    answers = checked_answers(
        {},
        {
            "match": "thu",
            "scoring": "graded",
            "variant": "partner-deals, must-trump",
            "dealer": "B",
        },
    )
    entry = entry_from_answers(answers, {})
    assert entry.tags["Scoring"] == "graded" and entry.tags["Variant"] == "must-trump,partner-deals"
    rules = entry.rules
    assert rules.scoring is Scoring.GRADED and rules.partner_deals and rules.must_trump
    sample = next(iter(read_deals(ROOT / "sample_games" / "match-thursday-club.pmn")))
    carried = defaults_after(sample)
    assert carried["scoring"] == "plain" and carried["match"] == "thu-26"
    with pytest.raises(
        EntryError, match=r"House rules \(.*\): partner-deals and dealer-stays cannot"
    ):
        checked_answers({}, {"variant": "partner-deals,dealer-stays", "dealer": "B"})
    with pytest.raises(EntryError, match="unknown house rule 'no-revoke'"):
        DealEntry.new(variant=["no-revoke"])


def test_the_house_rules_question_offers_the_rules_of_the_trump_and_capture_answered() -> None:
    """The set-up's house rules follow the answers before them: a closed trump's rules only
    with a closed trump (a version's only with that version), and a flag of another method
    is refused with the rules' own reason; under Closed, version B, holder-may-ask is kept."""
    drawn = {q.key: q for q in questions({}, {"method": "Drawn"})}
    assert "hidden-trumps" not in drawn["variant"].choices
    assert "tie-half-first" in drawn["variant"].choices
    closed_a = {q.key: q for q in questions({}, {"method": "Closed", "reveal": "A"})}
    assert {"hidden-trumps", "count-from-reveal"} <= set(closed_a["variant"].choices)
    assert "holder-may-ask" not in closed_a["variant"].choices
    with pytest.raises(
        EntryError, match="holder-may-ask is a rule of the closed trump's version B"
    ):
        checked_answers(
            {}, {"method": "Closed", "reveal": "A", "variant": "holder-may-ask", "dealer": "B"}
        )
    answers = checked_answers(
        {},
        {
            "method": "Closed",
            "reveal": "B",
            "variant": "holder-may-ask,hidden-trumps",
            "dealer": "B",
        },
    )
    rules = entry_from_answers(answers, {}).rules
    assert rules.holder_may_ask and rules.hidden_trumps and not rules.trump_card_in_hand


def test_a_new_file_asks_the_dealer_and_names_an_untitled_deal_by_its_day(
    tmp_path: Path,
) -> None:
    """No deal before it: nothing tells who deals, so the dealer is asked (no seat offered
    as if it were known); a deal whose occasion is left empty is named by its day. After a
    deal, the next dealer is the rules' (here the worked example's D keeps the deal)."""
    form = DealForm.for_file(tmp_path / "new.pmn")
    asked = {q.key: q for q in questions(form.defaults, {})}
    assert asked["dealer"].default == ""
    with pytest.raises(EntryError, match=r"Dealer: not answered: one of A, B, C or D"):
        form.entry({})
    entry = form.entry({"dealer": "C", "event": "", "date": "2026.12.07"})
    assert entry.tags["Event"] == "Deals of 2026.12.07" and entry.tags["Dealer"] == "C"
    (last,) = read_deals(WORKED)
    assert last.setup is not None and last.timeline is not None
    result = last.timeline.result
    assert result is not None
    after = defaults_after(last)
    assert after["dealer"] == last.setup.rules.next_dealer("D", result)
