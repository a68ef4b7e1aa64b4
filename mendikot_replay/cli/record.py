"""``mendikot-replay record FILE``: type a deal in — from a score sheet, or as it is played —
checked at every card, and append it to ``FILE``.

The recorder asks, in order: the tags (event, site, date, match, players, deck, dealer, trump
method, closed-trump version, capture, house variants, the players' names — Enter keeps the
value in brackets, taken from the file's last deal where it has one), each hand (checked at
once: a card dealt twice, a wrong size, a card not in the deck), the trump where its method
needs one before the play, and then each trick on one line, ``4S TS 5S 7S`` from the leader
or ``C:4S D:TS A:5S B:7S`` with seats. A trick is taken whole or not at all: the rules
engine checks its cards one by one, and the first it refuses is named with the engine's
reason. After each trick the recorder says who won it and keeps a ledger of the tens.

Nothing typed is lost on a mistake. Every answer is kept and the state is made again from
the answers (:class:`~..pmn.entry.DealEntry` for the hands, :func:`~..pmn.tree.play` for
the cards), so ``undo`` can always go back one step — the last trick, hand or answer — and
the step is asked again with what was typed. ``end`` (or the end of the input) saves the
deal as it stands (``Result "*"`` when unfinished) with :func:`~..pmn.editing.save_deal`,
which appends it and leaves every other byte of the file as it was.

On a terminal the answers are read with prompt_toolkit when it is installed (line editing,
history, completion of the legal cards, a status bar); otherwise, and always when the
input is piped, plain lines are read, the prompts still printed and each answer echoed
after its prompt, so a transcript reads like the session.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Final, Protocol, TextIO

from ..core.cards import Card, parse_hand
from ..core.engine import Game, IllegalPlay
from ..core.rules import Capture, TrumpMethod
from ..core.seats import Seat, Team, seats, team_label, team_of
from ..core.timeline import Snapshot
from ..errors import MendikotError, TextError
from ..pmn.deal_form import (
    Question,
    defaults_after,
    defaults_from_file,
    entry_from_answers,
    questions,
)
from ..pmn.entry import DealEntry, EntryError
from ..pmn.record import GLYPH_NAGS, DealRecord
from ..pmn.syntax import checked_text
from ..pmn.tags import parse_hands
from ..pmn.user_text import visible
from ..pmn.writer import write_deal
from ..session.board import Board
from ..session.payload import fate_words
from ..session.session import Session
from ..views.paint import Painter
from .common import EXIT_OK, EXIT_PROBLEMS, UsageError, add_force, optional, use_color
from .typed import CARD_TOKEN, TypedCard, TypedTrick, hand_cards, read_card, read_suit, split_trick

__all__ = ["Console", "PlainConsole", "PromptConsole", "Recorder", "add_parser", "record_deals"]

COMMANDS: Final = ("undo", "show", "end", "quit", "help")

HELP: Final = """\
Enter alone keeps the value in [brackets]; - leaves a text (or the variants) empty.
Commands, at any prompt:
  undo   go back one step (the last trick, hand or answer) and type it again
  show   the hands and the score so far
  end    save the deal as it stands and stop (the end of the input does the same)
  quit   stop without saving
A hand, suits in the order S.H.D.C: AJ86532.42.A4.Q9 (10 for T is fine), or the four
  suits apart (AJ86532 42 A4 Q9, - for a void), or card by card (AS JS 8S ...); or every
  hand at once as PMN writes them: A:... B:... C:...
A trick, from the leader on: 4S TS 5S 7S, or with seats: C:4S D:TS A:5S B:7S.
  ^T before a card: that player asks for the closed trump (version B); ! ? !! ?? !? ?!
  after a card mark it."""


# -- reading answers -------------------------------------------------------------------------
Suggest = Callable[[str], Sequence[str]]
"""Given the text of the line before the word being typed, the words that may come next
(for completion on a terminal)."""


class Console(Protocol):
    """Where the recorder's answers come from. :meth:`ask` shows ``prompt`` and returns the
    line typed, without its line ending; it raises :class:`EOFError` at the end of the
    input, and may raise :class:`KeyboardInterrupt` (Ctrl-C)."""

    def ask(
        self,
        prompt: str,
        *,
        prefill: str = "",
        suggest: Suggest | None = None,
        status: str | None = None,
    ) -> str: ...


class PlainConsole:
    """Plain lines from ``source`` (standard input, piped or not). The prompt is written to
    ``out`` and, with ``echo`` (the input is not a terminal, so nothing showed what was
    typed), so is each answer after it. ``prefill`` (the text to edit again) cannot be put
    in a plain line: the recorder's message quotes it instead."""

    def __init__(self, source: TextIO, out: TextIO, *, echo: bool) -> None:
        self.source = source
        self.out = out
        self.echo = echo

    def ask(
        self,
        prompt: str,
        *,
        prefill: str = "",
        suggest: Suggest | None = None,
        status: str | None = None,
    ) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self._line()
        if not line:
            if self.echo:
                self.out.write("\n")
            raise EOFError
        text = line.rstrip("\r\n")
        if self.echo:  # what was piped in, shown: its control characters made visible
            self.out.write(visible(text) + "\n")
        return text

    def _line(self) -> str:
        """One line of the input. Bytes are read and decoded here, keeping a byte that is
        not UTF-8 as a lone surrogate (``surrogateescape``), whatever the locale: the
        recorder then refuses that answer with a message, where a strict decoder would have
        raised out of the whole deal."""
        raw = getattr(self.source, "buffer", None)
        if raw is None:
            return self.source.readline()
        return bytes(raw.readline()).decode("utf-8", "surrogateescape")


class PromptConsole:
    """Answers read with prompt_toolkit: line editing and history, the text of a step undone
    put back in the line (a refused answer is not: the answer typed again would be added to
    it), completion (Tab, or as one types) of what may come next, and a status
    bar. ``session`` is a ``prompt_toolkit.PromptSession`` (tests give one on a pipe)."""

    def __init__(self, session: Any) -> None:
        self.session = session

    def ask(
        self,
        prompt: str,
        *,
        prefill: str = "",
        suggest: Suggest | None = None,
        status: str | None = None,
    ) -> str:
        completer = _completer(suggest) if suggest is not None else None
        # prompt() keeps the last question's value of an argument given as None: set them on
        # the session, so that a question with no status bar (or no completion) has none,
        # not the one before it ("Record another deal?" under the last trick's counts)
        self.session.completer = completer
        self.session.bottom_toolbar = status
        text: str = self.session.prompt(
            prompt,
            default=prefill,
            complete_while_typing=completer is not None,
        )
        return text


def _completer(suggest: Suggest) -> Any:
    """A prompt_toolkit completer offering ``suggest``'s words for the word before the
    cursor (a seat prefix ``C:`` or an ask ``^T`` typed before a card is kept)."""
    from prompt_toolkit.completion import CompleteEvent, Completer, Completion
    from prompt_toolkit.document import Document

    class _Words(Completer):
        def get_completions(
            self, document: Document, complete_event: CompleteEvent
        ) -> Iterable[Completion]:
            word = document.get_word_before_cursor(WORD=True)
            before = document.text_before_cursor[: len(document.text_before_cursor) - len(word)]
            prefix = re.match(r"(?:[A-La-l]:)?(?:\^[Tt])?", word)
            lead = prefix.group() if prefix else ""
            rest = word[len(lead) :].upper()
            for option in suggest(before):
                if option.upper().startswith(rest):
                    yield Completion(lead + option, start_position=-len(word))

    return _Words()


def terminal_console(source: TextIO, out: TextIO) -> Console | None:
    """A :class:`PromptConsole` when ``source`` and ``out`` are both a terminal and
    prompt_toolkit is installed; otherwise ``None`` (plain lines are read)."""
    if not (_isatty(source) and _isatty(out)) or optional("prompt_toolkit") is None:
        return None
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory

    return PromptConsole(PromptSession(history=InMemoryHistory()))


def _isatty(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class _Undo(Exception):
    """``undo``: go back one step."""


class _End(Exception):
    """``end``, or the end of the input: save what there is."""


class _Quit(Exception):
    """``quit``, or Ctrl-C twice: stop without saving."""


class _Refused(Exception):
    """A trick that is not taken; the message says which card and why."""


# -- the recorder ----------------------------------------------------------------------------
@dataclass
class Recorder:
    """One deal typed in: the answers so far (``answers`` for the tags, ``hands`` as typed,
    ``trump``, ``tricks``), from which the deal is made again after each change, so that a
    step taken back is exactly the state before it. :meth:`run` asks until the deal is
    finished, ended or quit, and returns the record to save (``None``: nothing to save)."""

    console: Console
    out: TextIO
    defaults: dict[str, str] = field(default_factory=dict)
    paint: Painter = field(default_factory=lambda: Painter(False))
    answers: dict[str, str] = field(default_factory=dict)
    hands: list[str] = field(default_factory=list)
    trump: str | None = None
    tricks: list[TypedTrick] = field(default_factory=list)
    session: Session | None = None
    """The deal as the board holds it: dealt, then played, through the same
    :class:`~.session.Session` the notebook's board drives."""
    _interrupted: bool = field(default=False, init=False)

    @property
    def record(self) -> DealRecord | None:
        """The deal once its hands and trump are settled (``None`` before)."""
        session = self.session
        return session.record if session is not None and session.dealt else None

    # -- talking -----------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def read(
        self,
        prompt: str,
        *,
        prefill: str = "",
        suggest: Suggest | None = None,
        status: str | None = None,
    ) -> str:
        """One answer; the commands are handled here (``help``, ``show``) or raised
        (``undo``, ``end``, ``quit``). Ctrl-C once says how to stop; twice, stops."""
        while True:
            try:
                text = self.console.ask(prompt, prefill=prefill, suggest=suggest, status=status)
            except EOFError:
                raise _End from None
            except KeyboardInterrupt:
                if self._interrupted:
                    raise _Quit from None
                self._interrupted = True
                self.say("(Ctrl-C again leaves without saving; end saves the deal as it is)")
                continue
            self._interrupted = False
            try:
                checked_text(text, "that answer")
            except TextError:
                self.say(
                    "Not taken: that answer holds bytes that are not UTF-8 text (a file or "
                    "terminal in another encoding?). Type it again."
                )
                continue
            command = text.strip().lower()
            if command == "help":
                self.say(HELP)
            elif command == "show":
                self.show()
            elif command == "undo":
                raise _Undo
            elif command == "end" and self.record is None:
                self.say("Nothing can be saved before the hands and the trump: go on, or quit.")
            elif command == "end":
                raise _End
            elif command == "quit":
                raise _Quit
            else:
                return text.strip()

    def who(self, seat: Seat) -> str:
        name = self.answers.get(f"name {seat}", "")
        return f"{seat} ({visible(name)})" if name else seat

    # -- the whole deal ----------------------------------------------------------------
    def run(self) -> DealRecord | None:
        stages: tuple[Callable[[bool], bool], ...] = (
            self._ask_tags,
            self._ask_hands,
            self._ask_trump,
            self._ask_play,
        )
        stage, backward = 0, False
        try:
            while stage < len(stages):
                if stages[stage](backward):
                    stage, backward = stage + 1, False
                else:
                    stage, backward = stage - 1, True
        except _End:  # end, or the end of the input
            if self.record is None:
                self._nothing_saved("the input ended before the hands and the trump")
                return None
            return self.record
        except _Quit:
            self._nothing_saved("quit")
            return None
        return self.record

    def _nothing_saved(self, why: str) -> None:
        self.say(f"Nothing saved ({why}).")
        hands = self._hands_text()
        if hands:
            self.say(f"The hands typed: {hands}")
        if self.tricks:
            self.say("The tricks typed:")
            for trick in self.tricks:
                self.say(f"  {visible(trick.text)}")

    # -- the tags ----------------------------------------------------------------------
    def questions(self) -> list[Question]:
        """The tag questions for the answers so far (the deck, the names and the closed
        trump's version depend on earlier answers)."""
        return questions(self.defaults, self.answers)

    def _ask_tags(self, backward: bool) -> bool:
        self.session = None
        index = len(self.questions()) - 1 if backward else 0
        if not backward:
            self.say("A new deal (help: how to answer; undo: back one step).")
        while True:
            questions = self.questions()
            if index >= len(questions):
                return True
            question = questions[index]
            try:
                self.answers[question.key] = self._ask_question(question)
            except _Undo:
                if index == 0:
                    self.say("Nothing to undo: this is the first question.")
                else:
                    index -= 1
                continue
            index += 1

    def _ask_question(self, question: Question) -> str:
        default = question.default
        kept = self.answers.get(question.key)
        if kept == "" and question.optional:  # asked again after undo: left empty
            default = ""
        elif kept:  # asked again after undo: the answer given, if it still fits
            with contextlib.suppress(ValueError):
                default = question.parse(kept)
        choices = f" ({', '.join(question.choices)})" if 1 < len(question.choices) < 9 else ""
        if question.key == "variant":
            choices = ""
        shown = f" [{visible(default)}]" if default else ""
        words = question.choices

        def suggest(before: str) -> Sequence[str]:
            return words if not before.strip() else ()

        while True:
            text = self.read(f"{question.label}{choices}{shown}: ", suggest=suggest)
            if not text:
                text = default
            elif text == "-" and question.optional:
                text = ""
            elif text == "-":
                self.say(f"{question.label}: this one needs an answer")
                continue
            if not text and question.optional:
                return ""
            try:
                return question.parse(text)
            except ValueError as exc:
                self.say(f"{question.label}: {exc}")

    # -- the hands ---------------------------------------------------------------------
    def _bare_entry(self) -> DealEntry:
        """The deal the answers describe, no card dealt yet (each answer was accepted)."""
        return entry_from_answers(self.answers, self.defaults)

    def _session(self, *, trump: bool = False, tricks: bool = False) -> Session:
        """The deal made again from the answers — the hands typed, and with ``trump`` and
        ``tricks`` those too — on a board session, each step as a page's tap would make it;
        so a step taken back is exactly the state before it."""
        session = Session(self._bare_entry())
        for typed in self.hands:
            session.dealing(partial(self._deal_next, typed))
        if trump and self.trump is not None and session.entry is not None:
            chosen = self.trump
            session.dealing(lambda e: self._set_trump(e, chosen))
        if tricks:
            for trick in self.tricks:
                self._commit(session, trick)
        return session

    def _hands_text(self) -> str | None:
        """The hands dealt so far, as PMN writes them (``None``: no deal under way)."""
        session = self.session
        if session is None:
            return None
        if session.entry is not None:
            return session.entry.hands_text() if self.hands else None
        return session.record.tags.get("Hands")

    def _deal_next(self, text: str, entry: DealEntry) -> None:
        """Deal one typed answer to the seat the entry has selected."""
        self._deal(entry, text, entry.selected)

    def _deal(self, entry: DealEntry, text: str, seat: Seat) -> None:
        """Deal one typed hand (or several, ``A:… B:…``) into ``entry``; checked whole
        (:class:`EntryError` with what is wrong), a hand of the wrong size included."""
        size = entry.hand_size
        twins = entry.rules.packs == 2
        if ":" in text:
            try:
                given = parse_hands(text, twins=twins)
            except ValueError as exc:
                raise EntryError(f"cannot read the hands: {exc}") from None
            for who, hand in given.items():
                if hand is None:
                    raise EntryError(f"{who}: the recorder needs every card: give the hand")
                if len(hand) != size and who in entry.seats:
                    raise EntryError(_size_message(who, len(hand), size))
            entry.paste(text)
            return
        try:
            cards = hand_cards(text, twins)
            held = len(parse_hand(cards, twins=twins)) if isinstance(cards, str) else len(cards)
        except ValueError as exc:
            raise EntryError(f"{seat}: {exc}") from None
        if held != size:  # refused before anything is dealt
            raise EntryError(_size_message(seat, held, size))
        entry.deal(seat, cards)

    def _ask_hands(self, backward: bool) -> bool:
        prefill = ""
        if backward:
            if not self.hands:
                return False
            prefill = self.hands.pop()
        while True:
            self.session = session = self._session()
            entry = session.entry
            if entry is None or entry.complete:
                self._show_hands(session)
                return True
            seat = entry.selected
            short = [s for s in entry.seats if len(entry.hands[s]) < entry.hand_size]
            last = f"; {short[-1]} gets the cards left" if len(short) == 2 else ""
            prompt = f"Hand of {self.who(seat)}, {entry.hand_size} cards S.H.D.C{last}: "
            try:
                text = self.read(prompt, prefill=prefill)
            except _Undo:
                if not self.hands:
                    return False
                prefill = self.hands.pop()
                self.say(f"Type the hand again (it was {prefill}).")
                continue
            prefill = ""
            if not text:
                continue
            try:
                session.dealing(partial(self._deal, text=text, seat=seat))
            except EntryError as exc:
                # the line is cleared for the hand typed again; the message quotes it
                self.say(f"Not dealt: {exc}. Type the hand again (it was {visible(text)}).")
                continue
            self.hands.append(text)

    def _show_hands(self, session: Session) -> None:
        self.say("The hands:")
        for seat, hand in _hands_of(session):
            self.say(f"  {self.who(seat):<14} {self.paint.hand(hand)}")

    # -- the trump ---------------------------------------------------------------------
    def _ask_trump(self, backward: bool) -> bool:
        self.session = session = self._session()
        method = self._bare_entry().rules.trump_method
        if method in (TrumpMethod.CUT, TrumpMethod.NONE):
            if not backward:
                self.say(
                    "No trump: a deal without one."
                    if method is TrumpMethod.NONE
                    else "Cut trump: the first card of a player who cannot follow names it."
                )
            return not backward
        entry = session.entry
        assert entry is not None  # every hand is dealt, the trump still to come
        if method is TrumpMethod.CLOSED:
            holder = entry.closed_holder
            self.say(f"{self.who(holder)} holds {self.paint.hand(entry.hands[holder])}")
            prompt = f"The card {holder} lays face down"
        elif method is TrumpMethod.FACE_UP:
            prompt = "The card turned face up (or its suit)"
        else:
            prompt = "Trump suit (S, H, D, C; or the card drawn)"
        while True:
            shown = f" [{self.trump}]" if self.trump else ""
            try:
                text = self.read(f"{prompt}{shown}: ") or (self.trump or "")
            except _Undo:
                return False
            if not text:
                continue
            self.session = session = self._session()
            try:
                session.dealing(partial(self._set_trump, text=text))
            except EntryError as exc:
                self.say(f"{exc}.")
                continue
            if not session.dealt:  # a check the reader makes, told by the session
                self.say(session.state["notice"].get("text", "The trump is not settled."))
                continue
            self.trump = text
            return True

    @staticmethod
    def _set_trump(entry: DealEntry, text: str) -> None:
        if entry.rules.trump_method is TrumpMethod.CLOSED:
            entry.set_trump(card=text)
            return
        suit = read_suit(text)
        if suit is not None:
            entry.set_trump(suit=suit.letter)
            return
        try:
            card = Card.parse(text)
        except ValueError:
            raise EntryError(
                f"{text!r} is neither a suit (S, H, D, C) nor a card (like 8S)"
            ) from None
        entry.set_trump(card=card)

    # -- the play ----------------------------------------------------------------------
    def _ask_play(self, backward: bool) -> bool:
        self.session = session = self._session(trump=True, tricks=True)
        record = session.record
        prefill = ""
        if not self.tricks:
            first = record.timeline[0].to_play if record.timeline else None
            self.say(f"The play: one trick a line, from the leader on ({first} leads).")
        while True:
            snap = self.snapshot()
            if snap.to_play is None:  # all the tricks are played
                return True
            game = record.game_at(record.end())
            number, leader = game.trick, game.to_play
            assert leader is not None
            prompt = f"Trick {number}, {self.who(leader)} leads: "
            try:
                text = self.read(
                    prompt,
                    prefill=prefill,
                    suggest=lambda before: self._next_cards(before),
                    status=self._status(snap, leader, number),
                )
            except _Undo:
                if not self.tricks:
                    self.session = None
                    return False
                taken = self.tricks.pop()
                for _ in taken.cards:  # the board's Undo, a card at a time
                    session.on_board(Board.take_back)
                prefill = taken.text
                self.say(
                    f"Trick {number - 1} taken back: type it again (it was {visible(taken.text)})."
                )
                continue
            prefill = ""
            if not text:
                continue
            try:
                trick = self._check_trick(game, text)
            except _Refused as exc:
                # cleared, not put back: a trick typed again whole would be added to it
                self.say(f"Not taken: {visible(str(exc))}. Type the trick again.")
                continue
            self._commit(session, trick)
            self.tricks.append(trick)
            self._report(number)

    def snapshot(self) -> Snapshot:
        assert self.record is not None and self.record.timeline is not None
        timeline = self.record.timeline
        return timeline[len(timeline) - 1]

    def _check_trick(self, game: Game, text: str) -> TypedTrick:
        """The trick ``text`` as the engine plays it on ``game`` (a game of its own, so
        nothing of the record changes), or :class:`_Refused` at the first card that fails."""
        try:
            number, tokens = split_trick(text)
        except ValueError as exc:
            raise _Refused(str(exc)) from None
        trick = game.trick
        if number is not None and number != trick:
            raise _Refused(f"this is trick {trick}, not trick {number}")
        players = game.players
        cards: list[TypedCard] = []
        for k, token in enumerate(tokens):
            if k >= players:
                raise _Refused(f"a trick has {players} cards, not {len(tokens)}")
            found = CARD_TOKEN.fullmatch(token)
            if found is None or found.group("card") == "--":
                raise _Refused(f"card {k + 1}: {token!r} is not a card (write it like 4S or TS)")
            try:
                card = read_card(found.group("card"))
            except ValueError as exc:
                raise _Refused(f"card {k + 1}: {exc}") from None
            seat = game.to_play
            assert seat is not None
            given = found.group("seat")
            if given is not None and given.upper() != seat:
                raise _Refused(self._wrong_seat(game, k, seat, given.upper(), token))
            ask = found.group("ask") is not None
            try:
                game.play(card, ask_reveal=ask)
            except IllegalPlay as exc:
                raise _Refused(f"card {k + 1} ({token}): {exc}") from None
            cards.append(TypedCard(given, card, ask, found.group("glyph"), token))
        if len(cards) < players:
            missing = game.to_play
            raise _Refused(
                f"a trick has {players} cards: {len(cards)} given ({missing} has not played)"
            )
        return TypedTrick(text, tuple(cards))

    def _wrong_seat(self, game: Game, k: int, seat: Seat, given: Seat, token: str) -> str:
        assert self.record is not None and self.record.setup is not None
        if k == 0:
            trick = game.trick
            if trick == 1:
                dealer = self.record.setup.dealer
                why = f"the player after the dealer, {dealer}"
            else:
                why = f"who won trick {trick - 1}"
            return f"wrong leader ({token}): {seat} leads trick {trick} ({why}), not {given}"
        before = game.table[-1].seat
        return f"seat out of order ({token}): {seat} plays after {before}, not {given}"

    @staticmethod
    def _commit(session: Session, trick: TypedTrick) -> None:
        """Play a trick checked already on the board, card by card, as taps would."""
        for typed in trick.cards:
            session.on_board(partial(Board.play, card=typed.card, ask=typed.ask))
            if typed.glyph in GLYPH_NAGS:
                session.on_board(partial(Board.glyph, glyph=typed.glyph))

    def _next_cards(self, before: str) -> list[str]:
        """For completion: the cards the next player may play after the cards typed
        (and the commands, on an empty line)."""
        if self.record is None:
            return []
        try:
            _, tokens = split_trick(before)
            game = self.record.game_at(self.record.end())
            for token in tokens:
                found = CARD_TOKEN.fullmatch(token)
                if found is None:
                    return []
                game.play(Card.parse(found.group("card")), ask_reveal=bool(found.group("ask")))
        except (ValueError, IllegalPlay):
            return []
        if len(tokens) >= game.players:
            return []  # the trick is complete: nothing more on this line
        commands = list(COMMANDS) if not before.strip() else []
        return [str(c) for c in game.legal_cards()] + commands

    # -- telling the story -------------------------------------------------------------
    def _players(self) -> int:
        assert self.record is not None and self.record.setup is not None
        return self.record.setup.rules.players

    def _report(self, number: int) -> None:
        """Who won the trick just taken, what happened in it, and the ledger."""
        assert self.record is not None and self.record.timeline is not None
        timeline = self.record.timeline
        players = self._players()
        events = timeline.events[-players:]
        snap = self.snapshot()
        winner = snap.trick_winner
        assert winner is not None
        cards = " ".join(self.paint.card(e.card) for e in events)
        side = team_label(team_of(winner), players)
        self.say(
            f"Trick {number}: {events[0].seat} led {cards} → {self.who(winner)} wins for {side}"
        )
        for event in events:
            suit = timeline[event.ply + 1].trump.suit
            sign = suit.symbol if suit is not None else "?"
            if event.revealed and event.asked:
                self.say(f"  {event.seat} cannot follow and asks for the closed trump: {sign}")
            elif event.revealed and not event.followed:
                self.say(f"  {event.seat} cannot follow: the closed trump is turned up: {sign}")
            elif event.revealed:
                self.say(f"  {event.seat} plays the face-down card: {sign} is trump")
            if event.named:
                self.say(
                    f"  {event.seat} cannot follow: {self.paint.card(event.card)} names {sign}"
                )
        last = events[-1]
        if last.collected is not None and self.record.setup is not None:
            taken = last.collected[0]
            if self.record.setup.rules.capture is Capture.DEHLA:
                if taken:
                    self.say(f"  {winner} collects the pile for {side}: {taken} trick(s)")
                else:
                    self.say(f"  the trick goes to the pile ({snap.pile[0]} trick(s) there)")
        for fate in snap.ten_fates:
            if fate.where == "captured" and fate.trick == number:
                self.say(f"  {self.paint.card(fate.card)} {fate_words(fate, players)}")
        self.say(f"  {self._ledger(snap)}")
        if snap.result is not None:
            result = snap.result
            self.say(
                f"The deal is over: {result.tag} ({result.reason}; tens "
                f"{result.tens[0]}-{result.tens[1]}, tricks {result.tricks[0]}-{result.tricks[1]})"
            )

    def _ledger(self, snap: Snapshot) -> str:
        players = self._players()
        parts = []
        teams: tuple[Team, Team] = ("AC", "BD")
        for i, team in enumerate(teams):
            tens = sorted(
                (f for f in snap.ten_fates if f.where == "captured" and f.team == team),
                key=lambda f: f.trick or 0,
            )
            cards = " ".join(self.paint.card(f.card) for f in tens)
            parts.append(
                f"{team_label(team, players)} {snap.tens[i]}" + (f" ({cards})" if cards else "")
            )
        text = "Tens " + ", ".join(parts)
        ac, bd = team_label("AC", players), team_label("BD", players)
        text += f" · tricks {ac} {snap.tricks[0]}, {bd} {snap.tricks[1]}"
        pile, pile_tens = snap.pile
        if pile:
            with_tens = (
                " with " + " ".join(self.paint.card(t) for t in pile_tens) if pile_tens else ""
            )
            text += f" · pile: {pile} trick(s){with_tens}"
        return text

    def _status(self, snap: Snapshot, leader: Seat, number: int) -> str:
        return (
            f"{self.who(leader)} leads trick {number} · tens {snap.tens[0]}-{snap.tens[1]}, "
            f"tricks {snap.tricks[0]}-{snap.tricks[1]} (A/C first) · undo · show · end · quit"
        )

    def show(self) -> None:
        """``show``: the hands as they stand, and the score."""
        if self.record is not None and self.record.timeline is not None:
            snap = self.snapshot()
            self.say(f"After trick {len(self.tricks)}:" if self.tricks else "Before the play:")
            for seat, hand in snap.hands:
                self.say(f"  {self.who(seat):<14} {self.paint.hand(hand or ())}")
            self.say(f"  {self._ledger(snap)}")
            return
        if self.session is not None:
            self.say("The hands so far:")
            for seat, held in _hands_of(self.session):
                self.say(f"  {self.who(seat):<14} {self.paint.hand(held)} ({len(held)})")
            return
        for key, value in self.answers.items():
            self.say(f"  {key}: {value or '-'}")


def _hands_of(session: Session) -> list[tuple[Seat, list[Card]]]:
    """Every seat's hand as dealt on ``session`` (while dealing, or at the deal's start)."""
    entry = session.entry
    if entry is not None:
        return [(seat, sorted(entry.hands[seat])) for seat in entry.seats]
    setup = session.record.setup
    assert setup is not None
    return [(seat, sorted(setup.hands.get(seat) or ())) for seat in seats(setup.rules.players)]


def _size_message(seat: Seat, held: int, size: int) -> str:
    if held < size:
        return f"{seat}: {held} cards given, but a hand has {size}: {size - held} missing"
    return f"{seat}: {held} cards is too many: a hand has {size}"


# -- the command -----------------------------------------------------------------------------
def add_parser(commands: Any) -> None:
    """The ``record`` subcommand's options."""
    recorder = commands.add_parser(
        "record",
        help="type a deal in (from a score sheet), checked card by card, and append it",
        description="Type a deal in and append it to FILE (created if need be; its other "
        "deals are left as they are, byte for byte): the tags, each hand, the trump, then "
        "each trick on one line, 4S TS 5S 7S from the leader or C:4S D:TS A:5S B:7S with "
        "seats. Every card is checked as it is typed (not held, revoke, wrong leader); a "
        "trick is taken whole or not at all. Commands at any prompt: undo (back one step: "
        "the last trick, hand or answer), show, end (save the deal as it stands, Result "
        '"*" when unfinished; the end of the input does the same), quit, help. Answers '
        "can be piped on standard input, one a line.",
        epilog="Exit status: 0 every deal begun was saved, 1 one was not (or could not be "
        "written), 2 usage error.",
    )
    recorder.add_argument("file", metavar="FILE", help="the PMN file the deal is appended to")
    recorder.add_argument(
        "--plain",
        action="store_true",
        help="read plain lines even on a terminal (no line editing or completion)",
    )
    recorder.add_argument(
        "--no-color",
        "--no-colour",
        dest="no_color",
        action="store_true",
        help="no ANSI colour even on a terminal (colour is never used when piped)",
    )
    add_force(recorder)
    recorder.set_defaults(handler=_record)


def _check_target(path: str) -> None:
    """Refuse, before a card is typed, a FILE the deal could not be saved to."""
    if path == "-":
        raise UsageError("record appends to a file: give its name, not -")
    if os.path.isdir(path):
        raise UsageError(f"{path}: is a directory, not a PMN file")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise UsageError(f"{path}: the directory {parent} does not exist")


def _record(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    path: str = args.file
    _check_target(path)
    source = sys.stdin
    console = None if args.plain else terminal_console(source, out)
    if console is None:
        console = PlainConsole(source, out, echo=not _isatty(source))
    color = use_color(args.no_color, out)
    return record_deals(path, console, out, force=args.force, color=color)


def record_deals(
    path: str, console: Console, out: TextIO, *, force: bool = False, color: bool = False
) -> int:
    """Record deals into the file at ``path`` until the user stops: each is appended as
    soon as it is finished or ended, and then another is offered. Returns the exit
    status: ``0`` when every deal begun was saved."""
    defaults = defaults_from_file(path)
    paint = Painter(color)
    while True:
        recorder = Recorder(console, out, defaults, paint)
        record = recorder.run()
        if record is None:
            return EXIT_PROBLEMS
        if not _save(path, recorder, force=force):
            return EXIT_PROBLEMS
        defaults = defaults_after(record)
        try:
            again = recorder.read("Record another deal? (y/N): ").lower()
        except (_End, _Quit, _Undo):
            again = ""
        if again not in ("y", "yes"):
            return EXIT_OK


def _save(path: str, recorder: Recorder, *, force: bool) -> bool:
    """Append the deal (the session's first save: its result tags set from the play);
    when the file cannot be written, offer another, and in the end print the deal rather
    than lose it."""
    session = recorder.session
    assert session is not None and session.dealt
    target = path
    while True:
        try:
            session.file.save_to = Path(target).resolve()
            session.save(force=force)
        except (MendikotError, OSError) as exc:
            recorder.say(f"Not saved: {visible(str(exc))}")
            try:
                target = recorder.read("Save to another file (Enter: print the deal here): ")
            except (_End, _Quit, _Undo):
                target = ""
            if target:
                continue
            recorder.say(write_deal(session.record))
            return False
        record = session.record
        result = record.tags.get("Result", "*")
        how = "unfinished" if result == "*" else f"{result}, tens {record.tags.get('Tens')}"
        recorder.say(f"Saved as deal {session.file.index} of {visible(target)} ({how}).")
        return True
