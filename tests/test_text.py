"""The text layer: every sentence from one catalog, English the source; in the
pseudo-language every message is marked, so that English left unmarked was made elsewhere."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.session.payload import deal_view
from mendikot_replay.text import PSEUDO, current_language, language, say, say_n
from mendikot_replay.text.messages import MESSAGES
from mendikot_replay.views.terminal import render_deal

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
OPEN, CLOSE = "\u27e6", "\u27e7"
FSI, PDI = "\u2068", "\u2069"

CARD = re.compile(r"(?:10|[2-9TJQKA])[SHDC\u2660\u2665\u2666\u2663]")
TEAM = re.compile(r"\b[A-L](?:/[A-L])+\b")


def unmarked(text: str, allowed: set[str]) -> list[str]:
    """The words of ``text`` outside every ⟦…⟧ mark: what the text layer did not make.
    Cards, seats, teams, numbers and the words of ``allowed`` (user text: names, comments,
    tag values) do not count."""
    while True:
        inner = re.sub(rf"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", text)
        if inner == text:
            break
        text = inner
    text = re.sub(rf"{FSI}[^{PDI}]*{PDI}", " ", text)
    text = TEAM.sub(" ", CARD.sub(" ", text))
    words = re.findall(r"[^\W\d_]{2,}", text)
    return [w for w in words if w not in allowed]


def user_words(record: Any) -> set[str]:
    """The words of a record's own text: its tag values (and the tag names PMN gives) and
    every comment of the deal and of its cards."""
    texts = [*record.tags.values(), *record.tags.keys(), *record.comments]
    for node in record.walk():
        texts += [*node.comments, *node.starting_comments]
    return set(re.findall(r"[^\W\d_]{2,}", " ".join(texts)))


def samples() -> list[Path]:
    return sorted(SAMPLES.glob("*.pmn"))


def test_english_is_the_source() -> None:
    assert say("suit.hearts") == "hearts"
    assert say("step.to_play", who="A") == "A to play"
    assert current_language() == "en"


def test_an_unknown_message_is_an_error_not_a_silent_english() -> None:
    with pytest.raises(KeyError):
        say("no.such.message")


def test_the_pseudo_language_marks_every_message_and_keeps_its_values() -> None:
    with language(PSEUDO):
        assert say("step.to_play", who="A") == f"{OPEN}A to play{CLOSE}"
        assert current_language() == PSEUDO
    assert current_language() == "en"


def test_a_language_is_the_thread_s_own() -> None:
    seen: list[str] = []
    with language(PSEUDO):
        worker = threading.Thread(target=lambda: seen.append(say("suit.clubs")))
        worker.start()
        worker.join()
    assert seen == ["clubs"]


def test_a_language_with_no_catalog_falls_back_to_english() -> None:
    with language("xx"):
        assert say("suit.spades") == "spades"


def test_every_message_fills_its_placeholders_from_named_values() -> None:
    for identifier, english in MESSAGES.items():
        names = re.findall(r"\{(\w*)\}", english)
        assert all(names), f"{identifier}: a positional placeholder"
        assert say(identifier, **{n: "x" for n in names}) == english.format(
            **{n: "x" for n in names}
        )


def test_plural_forms_are_chosen_by_number() -> None:
    assert say_n("show.pile_tricks", 1) == "1 trick in the pile"
    assert say_n("show.pile_tricks", 3) == "3 tricks in the pile"
    with language(PSEUDO):
        assert say_n("show.pile_tricks", 3) == f"{OPEN}3 tricks in the pile{CLOSE}"


def test_the_template_is_current() -> None:
    """locale/mendikot.pot holds every message (scripts/messages.py writes it)."""
    run = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "messages.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_unmarked_finder_finds_english_outside_the_marks() -> None:
    assert unmarked(f"{OPEN}Trick 1{CLOSE}: A leads", set()) == ["leads"]
    assert unmarked(f"{OPEN}{OPEN}x{CLOSE} wins{CLOSE} 10\u2665 A/C", set()) == []


@pytest.mark.parametrize("path", samples(), ids=lambda p: p.stem)
def test_the_board_s_sentences_are_all_the_text_layer_s(path: Path) -> None:
    """Every sentence of the payload a board shows (the step, where each ten is, the
    result, the rules) is made by the text layer: in the pseudo-language none has an
    unmarked word."""
    with language(PSEUDO):
        records = list(read_deals(path))
        for record in records:
            view = deal_view(record)
            allowed = set(re.findall(r"[^\W\d_]{2,}", " ".join(record.tags.values())))
            texts = [view["rules"] or ""]
            for step in view["steps"]:
                texts.append(step["text"])
                texts += [ten["text"] for ten in step["ledger"]]
                if step["result"]:
                    texts.append(step["result"]["text"])
            for text in texts:
                assert not unmarked(text, allowed), f"{path.name}: {text!r}"


@pytest.mark.parametrize("path", samples(), ids=lambda p: p.stem)
def test_show_says_only_the_text_layer_s_words(path: Path) -> None:
    """``mendikot-replay show``'s replay in the pseudo-language: every word is marked, but
    for the deal's own text (names, comments, tag values)."""
    with language(PSEUDO):
        for record in read_deals(path):
            allowed = user_words(record)
            for line in render_deal(record).splitlines():
                assert not unmarked(line, allowed), f"{path.name}: {line!r}"


def visible_html(page: str) -> list[str]:
    """The text a person reads on an HTML page: its text (the text nodes in a row: a
    sentence may hold a card's element) and its labels (aria-label, title), with what a
    <bdi> holds (user text) and scripts and styles left out."""
    from html.parser import HTMLParser

    texts: list[str] = []

    class Reader(HTMLParser):
        skip = 0

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag in ("bdi", "script", "style"):
                self.skip += 1

        def handle_endtag(self, tag: str) -> None:
            if tag in ("bdi", "script", "style"):
                self.skip -= 1

        def handle_data(self, data: str) -> None:
            if not self.skip and data.strip():
                texts.append(data)

    labels: list[str] = []

    class Labels(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            labels.extend(v for k, v in attrs if k in ("aria-label", "title") and v)

    Reader().feed(page)
    Labels().feed(page)
    return [" ".join(t for t in texts if t not in labels), *labels]


@pytest.mark.parametrize("path", samples(), ids=lambda p: p.stem)
def test_the_script_free_page_says_only_the_text_layer_s_words(path: Path) -> None:
    """``mendikot-replay html``'s page before its script runs (what a reader without
    scripts, or a notebook on a code-hosting site, sees): every word is marked in the
    pseudo-language, but for the deal's own text."""
    from mendikot_replay.views.html import page_html

    with language(PSEUDO):
        records = list(read_deals(path))
        page = page_html(records)
    allowed: set[str] = set()
    for record in records:
        allowed |= user_words(record)
    for text in visible_html(page):
        assert not unmarked(text, allowed), f"{path.name}: {text!r}"


@pytest.mark.parametrize("path", samples(), ids=lambda p: p.stem)
def test_the_picture_says_only_the_text_layer_s_words(path: Path) -> None:
    """``mendikot-replay diagram``'s picture at the start, a middle card and the end: its
    text (and its title for screen readers) all marked in the pseudo-language, but for the
    deal's own names."""
    from mendikot_replay.views.svg import snapshot_svg

    with language(PSEUDO):
        for record in read_deals(path):
            timeline = record.timeline
            if timeline is None or not len(timeline):
                continue
            allowed = user_words(record)
            for k in sorted({0, len(timeline) // 2, len(timeline) - 1}):
                picture = snapshot_svg(timeline, k, tags=record.tags)
                for text in visible_html(picture):
                    assert not unmarked(text, allowed), f"{path.name} step {k}: {text!r}"


def test_a_session_gives_its_page_the_words_of_its_language() -> None:
    """The session's ``words``: nothing for English (the page has the source), every
    message in the language in force otherwise, each with a number as its two forms."""
    from mendikot_replay.session.session import Session

    assert Session(SAMPLES / "tie.pmn").state["words"] == {}
    with language(PSEUDO):
        words = Session(SAMPLES / "tie.pmn").state["words"]
    assert words["$lang"] == PSEUDO
    assert words["suit.hearts"] == f"{OPEN}hearts{CLOSE}"
    assert words["show.pile_tricks"] == [
        f"{OPEN}{{count}} trick in the pile{CLOSE}",
        f"{OPEN}{{count}} tricks in the pile{CLOSE}",
    ]
    assert set(MESSAGES) <= set(words)


def test_a_page_of_many_deals_carries_its_words_once() -> None:
    """The page's words go once on a page, not once in every deal's payload."""
    from mendikot_replay.views.html import page_html

    with language(PSEUDO):
        page = page_html(read_deals(SAMPLES / "match-thursday-club.pmn"))
    assert page.count('<script type="application/json" data-mr-words>') == 1
    english = page_html(read_deals(SAMPLES / "match-thursday-club.pmn"))
    assert english.count('<script type="application/json" data-mr-words>') == 0


def test_a_list_is_joined_by_the_language() -> None:
    from mendikot_replay.text import say_list

    assert say_list([]) == "" and say_list(["a"]) == "a" and say_list(["a", "b", "c"]) == "a, b, c"
    with language(PSEUDO):
        assert say_list(["a", "b"]) == f"{OPEN}a, b{CLOSE}"
