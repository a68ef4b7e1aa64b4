"""``mendikot-replay record``: a deal typed in on standard input, checked at every card.

The deal typed is the worked example of docs/format.md (``sample_games/worked-example.pmn``):
what the recorder saves must be exactly that deal as a person would write it, without its
annotations. Mistakes are typed on purpose — a card dealt twice, a hand of the wrong size,
a card not held, a revoke, a wrong leader, a seat out of order — and each must be reported
with the engine's (or the entry's) words while everything typed before it is kept: the
file saved in the end is the same deal.
"""

from __future__ import annotations

import datetime
import io
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mendikot_replay.cli import record as recorder
from mendikot_replay.cli.app import main
from mendikot_replay.core.cards import format_hand
from mendikot_replay.core.rules import Capture, Reveal, Rules, TrumpMethod
from mendikot_replay.core.seats import seats
from mendikot_replay.players.generate import random_deal
from mendikot_replay.pmn import deal_form
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.record import DealRecord

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_games" / "worked-example.pmn"

TAGS = [
    "Thursday club",  # Event
    "Pune",  # Site
    "2026.11.19",  # Date
    "thu-19",  # Match
    "3",  # Deal
    "plain",  # Scoring (asked in a match)
    "4",  # Players
    "52",  # Deck
    "D",  # Dealer
    "Drawn",  # TrumpMethod
    "Trick",  # Capture
    "-",  # Variant: none
    "Asha",
    "Bilal",
    "Chetan",
    "Divya",
]
HANDS = ["A63.T9853.T63.95", "Q2.K.KQJ42.KQT43", "JT5.AQJ7.A75.762"]  # D's fills itself
TRUMP = ["S"]
TRICKS = [
    "TH KH AH 2H",
    "JS 8S 3S QS",
    "QD AD 8D TD",
    "5S 7S 6S 2S",
    "4S AS 4C TS",
    "5C 3C 2C 8C",
    "6H 3H QC 7H",
    "QH 4H 5H KD",
    "7C AC 9C TC",
    "9D 3D 2D 5D",
    "9S 6D 4D JH",
    "JC 9H KC 6C",
    "JD 7D KS 8H",
]
DEAL = TAGS + HANDS + TRUMP + TRICKS


def expected_text() -> str:
    """The worked example as typed from a score sheet: its comments and its glyph and NAG
    left out, every other byte the same."""
    text = SAMPLE.read_text(encoding="utf-8")
    text = re.sub(r" \{[^}]*\}", "", text)
    return text.replace("TD! $21", "TD")


def record(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    path: Path,
    lines: list[str],
    *options: str,
) -> tuple[int, str, str]:
    """``mendikot-replay record PATH`` with ``lines`` on a piped standard input."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    code = main(["record", str(path), *options])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_a_whole_deal_typed_in_is_the_sample(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.pmn"
    code, out, err = record(monkeypatch, capsys, path, DEAL)
    assert code == 0, out + err
    assert path.read_text(encoding="utf-8") == expected_text()
    (deal,) = read_deals(path)
    assert deal.errors == [] and deal.warnings == []
    # The session says who won each trick and keeps the tens ledger; answers are echoed.
    assert "Trick 1: A led 10♥ K♥ A♥ 2♥ → C (Chetan) wins for A/C" in out
    assert "10♥ captured by C for A/C in trick 1" in out
    assert "Tens A/C 3 (10♥ 10♦ 10♠), B/D 1 (10♣) · tricks A/C 5, B/D 8" in out
    assert "The deal is over: AC win (3 tens" in out
    assert "Hand of A (Asha), 13 cards S.H.D.C: A63.T9853.T63.95\n" in out
    assert f"Saved as deal 1 of {path} (AC win, tens 3-1)." in out


def test_the_console_script_on_a_pipe(tmp_path: Path) -> None:
    """The real standard input, not a terminal: seats before the cards, ``10`` for ``T``,
    lower case, and all the hands pasted at once."""
    path = tmp_path / "club.pmn"
    table = "ABCD"
    tricks = []
    leaders = "ACBCDADCCDDDB"
    for leader, trick in zip(leaders, TRICKS, strict=True):
        start = table.index(leader)
        order = [table[(start + k) % 4] for k in range(4)]
        tricks.append(" ".join(f"{s}:{c}" for s, c in zip(order, trick.split(), strict=True)))
    tricks[0] = "1. A: 10h kh ah 2h"
    hands = ["A:A63.T9853.T63.95 B:Q2.K.KQJ42.KQT43 C:JT5.AQJ7.A75.762"]
    stdin = "".join(line + "\n" for line in TAGS + hands + TRUMP + tricks)
    done = subprocess.run(
        [sys.executable, "-m", "mendikot_replay", "record", str(path)],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert path.read_text(encoding="utf-8") == expected_text()


def test_mistakes_in_the_hands_are_reported_and_nothing_is_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.pmn"
    mistakes = [
        "Q2.K.KQJ42.KQT4",  # 12 cards
        "AQ2.K.KQJ42.KQT3",  # the ace of spades is A's
        "Q2.KJ.KQJ42.KQT43",  # 14 cards
        "Q2.K.KQJ42.KQT4X",  # not a card
        "",  # nothing: asked again
    ]
    lines = TAGS + HANDS[:1] + mistakes + HANDS[1:] + TRUMP + TRICKS
    code, out, err = record(monkeypatch, capsys, path, lines)
    assert code == 0, out + err
    assert "Not dealt: B: 12 cards given, but a hand has 13: 1 missing." in out
    assert "Not dealt: AS is already dealt, to A." in out
    assert "Not dealt: B: 14 cards is too many: a hand has 13." in out
    assert "Not dealt: B: not a rank: 'X'" in out
    assert path.read_text(encoding="utf-8") == expected_text()


def test_a_card_not_in_the_deck(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "six.pmn"
    lines = ["", "", "-", "", "6", "A", "None", "Trick", "-", *[""] * 6, "AKQJT98.2..", "quit"]
    code, out, _ = record(monkeypatch, capsys, path, lines)
    assert code == 1
    assert "Players (4, 6, 8, 10, 12) [4]: 6\nDealer (A, B, C, D, E, F): A" in out  # one deck
    assert "Not dealt: 2H is not in a 48-card deck." in out
    assert "Nothing saved (quit)." in out
    assert not path.exists()


def test_mistakes_in_the_play_name_the_card_and_take_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.pmn"
    trick1 = [
        "4S KH AH 2H",  # A holds no 4S
        "TH KH AH",  # one card short
        "TH KH AH 2H 9C",  # one too many
        "2. A: TH KH AH 2H",  # not trick 2
    ]
    trick2 = [
        "D:JS 8S 3S QS",  # C leads, having won trick 1
        "C:JS A:8S 3S QS",  # D plays after C
        "JS 8S 3S KD",  # B holds spades
        "JS 8S XS QS",  # not a card
    ]
    lines = TAGS + HANDS + TRUMP + trick1 + TRICKS[:1] + trick2 + TRICKS[1:]
    code, out, err = record(monkeypatch, capsys, path, lines)
    assert code == 0, out + err
    refusals = [line for line in out.splitlines() if line.startswith("Not taken: ")]
    assert refusals == [
        "Not taken: card 1 (4S): trick 1: A plays 4S, which is not in A's hand: D holds it. "
        "Type the trick again.",
        "Not taken: a trick has 4 cards: 3 given (D has not played). Type the trick again.",
        "Not taken: a trick has 4 cards, not 5. Type the trick again.",
        "Not taken: this is trick 1, not trick 2. Type the trick again.",
        "Not taken: wrong leader (D:JS): C leads trick 2 (who won trick 1), not D. "
        "Type the trick again.",
        "Not taken: seat out of order (A:8S): D plays after C, not A. Type the trick again.",
        "Not taken: card 4 (KD): trick 2: B plays KD while holding spades (revoke). "
        "Type the trick again.",
        "Not taken: card 3: 'XS' is not a card (write it like 4S, TS or 10S). "
        "Type the trick again.",
    ]
    assert path.read_text(encoding="utf-8") == expected_text()


def test_a_wrong_first_leader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.pmn"
    lines = [*TAGS, *HANDS, *TRUMP, "B:KH C:AH D:2H A:TH", *TRICKS]
    code, out, _ = record(monkeypatch, capsys, path, lines)
    assert code == 0
    assert (
        "Not taken: wrong leader (B:KH): A leads trick 1 (the player after the dealer, D), "
        "not B." in out
    )
    assert path.read_text(encoding="utf-8") == expected_text()


def test_undo_goes_back_one_step_at_every_stage(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.pmn"
    tags = [*TAGS[:8], "A", "undo", "undo", "", *TAGS[8:]]  # a wrong dealer, then back
    hands = [HANDS[0], "Q2.K.KQJ42.KQT43", "undo", "", HANDS[1], HANDS[2], "undo", HANDS[2]]
    tricks = [*TRICKS[:2], "undo", "undo", TRICKS[0], "undo", "undo"]
    lines = tags + hands + ["H", "undo", "S"] + tricks + ["undo", HANDS[2], ""] + TRICKS
    code, out, err = record(monkeypatch, capsys, path, lines)
    assert code == 0, out + err
    # Asked again with the answer given as the default: Enter keeps it.
    assert (
        "Dealer (A, B, C, D) [A]: undo\nDeck (52, 48, 32) [52]: \nDealer (A, B, C, D) [A]: D" in out
    )
    assert "Type the hand again (it was Q2.K.KQJ42.KQT43)." in out
    assert "Trick 2 taken back: type it again (it was JS 8S 3S QS)." in out
    assert "Trick 1 taken back: type it again (it was TH KH AH 2H)." in out
    trump = "Trump suit (S, H, D, C; or the card drawn)"
    assert f"{trump} [H]: S\n" in out and f"{trump} [S]: undo\n" in out
    assert f"{trump} [S]: \n" in out
    assert path.read_text(encoding="utf-8") == expected_text()


def test_an_unfinished_deal_is_saved_with_a_star(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.pmn"
    lines = [*DEAL[: -len(TRICKS) + 5], "end"]
    lines[lines.index("QD AD 8D TD")] = "QD AD 8D TD!"  # a glyph on the card
    code, out, err = record(monkeypatch, capsys, path, lines)
    assert code == 0, out + err
    assert f"Saved as deal 1 of {path} (unfinished)." in out
    text = path.read_text(encoding="utf-8")
    assert "3. B: QD AD 8D TD!\n" in text
    assert '[Result "*"]' in text and "[Tens " not in text and "[Tricks " not in text
    assert text.endswith("5. D: 4S AS 4C TS *\n")
    (deal,) = read_deals(path)
    assert deal.errors == [] and deal.unfinished and len(deal.mainline()) == 20


def test_the_end_of_the_input_saves_too_and_the_deal_goes_on_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.pmn"
    code, _, _ = record(monkeypatch, capsys, path, DEAL[:-1])  # no last trick, no "end"
    assert code == 0
    (deal,) = read_deals(path)
    assert deal.errors == [] and deal.unfinished and len(deal.mainline()) == 48


def test_nothing_saved_before_the_hands_says_what_was_typed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.pmn"
    code, out, _ = record(monkeypatch, capsys, path, [*TAGS, *HANDS[:2], "end"])
    assert code == 1
    assert "Nothing can be saved before the hands and the trump: go on, or quit." in out
    assert "Nothing saved (the input ended before the hands and the trump)." in out
    assert "The hands typed: A:A63.T9853.T63.95 B:Q2.K.KQJ42.KQT43 C:... D:..." in out
    assert not path.exists()


def test_appending_leaves_the_other_deals_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mixed.pmn"
    before = b"".join(
        (ROOT / "tests" / "data" / name).read_bytes() for name in ("lenient.pmn", "broken.pmn")
    )
    path.write_bytes(before)
    code, out, err = record(monkeypatch, capsys, path, DEAL)
    assert code == 0, out + err
    after = path.read_bytes()
    assert after.startswith(before)
    deals = list(read_deals(path))
    new = deals[-1]
    assert new.errors == [] and new.source is not None
    body = expected_text().split("\n", 1)[1]  # without the % PMN line
    assert after.endswith(body.encode())


def test_the_next_deal_takes_its_defaults_from_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.pmn"
    assert record(monkeypatch, capsys, path, DEAL)[0] == 0
    # The next deal: Enter for every tag, then "y" for a third deal in the same session.
    lines = [""] * 16 + HANDS + TRUMP + TRICKS + ["y"] + [""] * 16 + ["end"]
    code, out, err = record(monkeypatch, capsys, path, lines)
    assert code == 1, out + err  # the third deal was begun, not saved
    assert "Deal number in the match [4]: \n" in out
    assert "Dealer (A, B, C, D) [D]: \n" in out  # A/C won: D deals again
    assert "Deal number in the match [5]: \n" in out
    first, second = read_deals(path)
    assert second.errors == []
    assert "Match scoring (" in out and "[plain]: \n" in out  # carried from the match
    same = ("Event", "Site", "Match", "A", "B", "C", "D", "Dealer", "TrumpMethod")
    assert {t: second.tags[t] for t in same} == {t: first.tags[t] for t in same}
    assert second.tags["Deal"] == "4"
    # recorded today (the first deal was typed up with its own day)
    assert second.tags["Date"] == datetime.date.today().strftime("%Y.%m.%d")


def test_no_trump_and_closed_trump(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.pmn"
    none = [*TAGS[:9], "none", *TAGS[10:], *HANDS, *TRICKS]
    code, out, err = record(monkeypatch, capsys, path, none)
    assert code == 0, out + err
    assert "No trump: a deal without one." in out
    closed = [*TAGS[:9], "Closed", "B", *TAGS[10:], *HANDS, "KH", "3S"]
    closed += ["TH KH AH 2H", "JS 8S 3S QS", "JS 8S 6S QS", "QD AD 8D TD", "5S 7S AS 2S"]
    closed += ["^T9H KD QH 4H", "9H ^TKD QH 4H", "end"]
    code, out, err = record(monkeypatch, capsys, path, closed)
    assert code == 0, out + err
    assert "KH is not in A's hand: the holder sets aside a card of its own." in out
    assert (
        "card 3 (3S): trick 2: A plays 3S: that is the face-down trump card, which stays "
        "down until it is revealed or is the last card in the hand" in out
    )
    assert "card 1 (^T9H): trick 5: A plays 9H with ^T, but A set the trump aside" in out
    assert "B cannot follow and asks for the closed trump: ♠" in out
    first, second = read_deals(path)
    assert first.errors == [] and first.tags["TrumpMethod"] == "None"
    assert first.tags["Result"] == "AC win"
    assert second.errors == [] and second.tags["TrumpCard"] == "A:3S"
    assert second.tags["Reveal"] == "B" and second.mainline()[-3].reveal_request


def test_usage_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["record", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    assert main(["record", str(tmp_path / "no" / "such.pmn")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert main(["record", "-"]) == 2
    assert "give its name" in capsys.readouterr().err


def test_a_file_that_cannot_be_written_does_not_lose_the_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "locked.pmn"
    path.write_text("% PMN 1.0\n", encoding="utf-8")
    path.chmod(0o444)
    other = tmp_path / "other.pmn"
    code, out, _ = record(monkeypatch, capsys, path, [*DEAL, str(other)])
    assert code == 0
    assert "Not saved: cannot save" in out and "read-only" in out
    assert other.read_text(encoding="utf-8") == expected_text()
    # With nowhere else to go, the deal is printed.
    code, out, _ = record(monkeypatch, capsys, path, [*DEAL, ""])
    assert code == 1
    assert expected_text().split("\n", 1)[1] in out


# -- on a terminal: prompt_toolkit ----------------------------------------------------------
@pytest.mark.timeout(60)
def test_on_a_terminal_a_refused_line_is_cleared(tmp_path: Path) -> None:
    """Through prompt_toolkit (on a pipe standing for the keyboard): a refused trick is not
    put back in the line, so the trick typed again whole is taken as typed (put back, the
    new line would have been added to the refused one)."""
    pytest.importorskip("prompt_toolkit")
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    path = tmp_path / "club.pmn"
    keys = "".join(line + "\r" for line in TAGS + HANDS + TRUMP)
    keys += "TH KH AH 2C\r" + "TH KH AH 2H\r"  # 2C refused, the trick typed again
    keys += "".join(line + "\r" for line in TRICKS[1:])
    out = io.StringIO()
    with create_pipe_input() as keyboard:
        keyboard.send_text(keys + "n\r")
        keyboard.close()  # then the end of the input, should the keys run out
        session: PromptSession[str] = PromptSession(input=keyboard, output=DummyOutput())
        code = recorder.record_deals(str(path), recorder.PromptConsole(session), out)
    assert code == 0, out.getvalue()
    assert "Not taken: card 4 (2C): trick 1: D plays 2C, which is not in D's hand" in out.getvalue()
    assert path.read_text(encoding="utf-8") == expected_text()


@pytest.mark.timeout(60)
def test_on_a_terminal_the_status_bar_is_the_question_s_own(tmp_path: Path) -> None:
    """A question with no status bar shows none: "Record another deal?" does not keep the
    last trick's counts under it (prompt_toolkit keeps an argument given as None)."""
    pytest.importorskip("prompt_toolkit")
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    asked: list[tuple[str, object, object]] = []

    class Watched(PromptSession[str]):
        def prompt(self, message: object = None, **options: object) -> str:
            answer = super().prompt(message, **options)  # type: ignore[arg-type]
            # what the question was shown with: the session's values once it was asked
            asked.append((str(message), self.bottom_toolbar, self.completer))
            return answer

    keys = "".join(line + "\r" for line in TAGS + HANDS + TRUMP + TRICKS) + "n\r"
    with create_pipe_input() as keyboard:
        keyboard.send_text(keys)
        keyboard.close()
        session = Watched(input=keyboard, output=DummyOutput())
        code = recorder.record_deals(
            str(tmp_path / "club.pmn"), recorder.PromptConsole(session), io.StringIO()
        )
    assert code == 0
    tricks = [(bar, done) for prompt, bar, done in asked if prompt.startswith("Trick")]
    assert len(tricks) == 13 and all(bar and done for bar, done in tricks)
    assert asked[-1][0].startswith("Record another deal?")
    assert asked[-1][1:] == (None, None)


def test_completion_offers_the_legal_cards(tmp_path: Path) -> None:
    pytest.importorskip("prompt_toolkit")
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    lines = iter([*TAGS, *HANDS, *TRUMP, TRICKS[0]])

    class Typist:
        def ask(self, prompt: str, **_: object) -> str:
            try:
                return next(lines)
            except StopIteration:
                raise EOFError from None

    rec = recorder.Recorder(Typist(), io.StringIO())
    assert rec.run() is not None
    c_holds = ["JS", "TS", "5S", "QH", "JH", "7H", "AD", "7D", "5D", "7C", "6C", "2C"]
    assert rec._next_cards("") == [*c_holds, *recorder.COMMANDS]
    assert rec._next_cards("JS ") == ["KS", "9S", "8S", "7S", "4S"]  # D must follow
    assert rec._next_cards("JS 8S 3S QS ") == []  # a whole trick
    assert rec._next_cards("JS XX ") == []
    completer = recorder._completer(rec._next_cards)
    offered = [c.text for c in completer.get_completions(Document("C:JS D:K"), CompleteEvent())]
    assert offered == ["D:KS"]


# -- every variant: random deals typed in ---------------------------------------------------
def typed_in(deal: DealRecord) -> list[str]:
    """What a person types to record ``deal`` (a generated deal: no names, no date)."""
    assert deal.setup is not None
    rules = deal.setup.rules
    table = seats(rules.players)
    answers = ["Random deal", "-", "-", "-", str(rules.players)]
    if len(deal_form.decks(rules.players)) > 1:
        answers.append(str(rules.deck))
    answers += [deal.tags["Dealer"], rules.trump_method.value]
    if rules.trump_method is TrumpMethod.CLOSED:
        answers.append(rules.reveal.value)
    answers += [rules.capture.value, deal.tags.get("Variant", "-")]
    answers += ["-"] * len(table)
    answers += [format_hand(deal.setup.hands[seat] or ()) for seat in table[:-1]]
    if "TrumpCard" in deal.tags:
        answers.append(deal.tags["TrumpCard"].split(":")[-1])
    elif "Trump" in deal.tags:
        answers.append(deal.tags["Trump"])
    line = deal.mainline()
    for start in range(0, len(line), rules.players):
        trick = line[start : start + rules.players]
        answers.append(" ".join(("^T" if n.reveal_request else "") + str(n.card) for n in trick))
    return answers


def test_random_deals_of_every_variant_typed_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "random.pmn"
    rng = random.Random(25)
    drawn, face_up, closed, cut, none = (
        TrumpMethod.DRAWN,
        TrumpMethod.FACE_UP,
        TrumpMethod.CLOSED,
        TrumpMethod.CUT,
        TrumpMethod.NONE,
    )
    dehla = Capture.DEHLA
    every = [
        Rules(trump_method=drawn),
        Rules(deck=48, trump_method=face_up, must_trump=True),
        Rules(deck=32, trump_method=closed, capture=dehla),
        Rules(players=6, trump_method=closed, reveal=Reveal.B),
        Rules(trump_method=closed, reveal=Reveal.B, must_trump=True),
        Rules(players=8, trump_method=cut, capture=dehla),
        Rules(players=8, deck=32, trump_method=none, bonus_aces=True),
        Rules(players=6, trump_method=drawn, capture=dehla, must_trump=True),
        Rules(trump_method=cut),
        Rules(players=10, trump_method=drawn),  # two packs: every card twice
        Rules(players=12, trump_method=closed, reveal=Reveal.B, tie_half_first=True),
    ]
    made = [random_deal(rng, rules, ask_chance=0.5) for rules in every for _ in range(2)]
    assert any(n.reveal_request for deal in made for n in deal.mainline())
    for deal in made:
        code, out, err = record(monkeypatch, capsys, path, typed_in(deal))
        assert code == 0, out + err
    for deal, saved in zip(made, read_deals(path), strict=True):
        assert saved.errors == [] and saved.setup is not None and deal.setup is not None
        assert saved.setup == deal.setup
        for tag in ("Hands", "Result", "Tens", "Tricks", "Dealer", "Trump", "TrumpCard"):
            assert saved.tags.get(tag) == deal.tags.get(tag), tag
        plays = [(n.card, n.reveal_request) for n in saved.mainline()]
        assert plays == [(n.card, n.reveal_request) for n in deal.mainline()]
