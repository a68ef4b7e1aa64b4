"""The rule options a deal is played under (docs/rules.md), with their defaults.

A :class:`Rules` value is everything the engine needs to know about a table's house rules;
it is plain data so that records, the replay and the solver can share it. The names of the
options are those of PMN's tags, so a log is replayed by the rules it was played under.

>>> Rules(players=6).deck, Rules(players=6).tricks_per_deal
(48, 8)
>>> Rules(trump_method=TrumpMethod.CLOSED).describe()
'4 players, 52 cards, closed trump (version A), tricks taken at once'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, TypedDict, cast

from ..text import say
from .cards import deck_problem, packs
from .result import DealResult, _deal_result, _next_dealer
from .seats import TABLE_SIZES, TABLE_SIZES_TEXT, Seat, Team, next_seat, other_team, team_of


class TrumpMethod(enum.Enum):
    """How the trump suit is chosen (PMN ``TrumpMethod``)."""

    DRAWN = "Drawn"
    FACE_UP = "FaceUp"
    CLOSED = "Closed"
    CUT = "Cut"
    NONE = "None"

    @property
    def description(self) -> str:
        """The method as a teacher says it ("closed trump"), in the language in force."""
        return say(f"rules.method.{self.value}")


class Reveal(enum.Enum):
    """The two versions of closed trump (PMN ``Reveal``)."""

    A = "A"
    """The card is turned up automatically the moment anyone cannot follow suit."""
    B = "B"
    """A void player may ask for the reveal, and must then trump if able."""


class Capture(enum.Enum):
    """How tricks reach a team (PMN ``Capture``)."""

    TRICK = "Trick"
    """Mendikot: the winner's team takes each trick at once."""
    DEHLA = "Dehla"
    """Dehla Pakad: tricks pile up until one player wins two in a row."""


class Scoring(enum.Enum):
    """The match register profile (PMN ``Scoring``; docs/rules.md, "Match scoring")."""

    PLAIN = "plain"
    """A point a deal won."""
    BONUS = "bonus"
    """A win 1, a mendikot 2, a whitewash 4."""
    GRADED = "graded"
    """A win 1, a mendikot 2, a whitewash 3."""
    TENS = "tens"
    """Each team scores the tens it took, deal after deal, toward the match's total (Dehla
    Pakad's register: a deal lost 1-3 still counts its one ten)."""


#: House-rule flags PMN's ``Variant`` tag may name, each a boolean field of :class:`Rules`.
VARIANT_FLAGS: Final = (
    "must-trump",
    "bonus-aces",
    "partner-deals",
    "dealer-stays",
    "split-tens-non-dealer",
    "streak-goes-on",
    "lead-after-holder",
    "holder-may-ask",
    "trump-card-in-hand",
    "count-from-reveal",
    "reveal-if-trumping",
    "hidden-trumps",
    "tie-half-first",
    "match-tie-break",
)

_FLAG_FIELDS: Final = {flag: flag.replace("-", "_") for flag in VARIANT_FLAGS}


class _FlagText(Mapping[str, str]):
    """Each flag as a teacher says it, in the language in force: the rules' one-line
    description (:meth:`Rules.describe`) and the recorder's label beside the flag's name."""

    def __getitem__(self, flag: str) -> str:
        if flag not in VARIANT_FLAGS:
            raise KeyError(flag)
        return say(f"flag.{flag}")

    def __iter__(self) -> Iterator[str]:
        return iter(VARIANT_FLAGS)

    def __len__(self) -> int:
        return len(VARIANT_FLAGS)


FLAG_TEXT: Final[Mapping[str, str]] = _FlagText()


class FlagOptions(TypedDict):
    """The :class:`Rules` fields the ``Variant`` flags set (``Rules(**options)``)."""

    must_trump: bool
    bonus_aces: bool
    partner_deals: bool
    dealer_stays: bool
    split_tens_non_dealer: bool
    streak_goes_on: bool
    lead_after_holder: bool
    holder_may_ask: bool
    trump_card_in_hand: bool
    count_from_reveal: bool
    reveal_if_trumping: bool
    hidden_trumps: bool
    tie_half_first: bool
    match_tie_break: bool


def flag_options(flags: Iterable[str]) -> FlagOptions:
    """The :class:`Rules` fields a ``Variant`` tag's flags turn on (every known flag, on or
    off): the one reading of the flags for the reader, the recorder and the commands.

    >>> flag_options(["partner-deals"])["partner_deals"], flag_options([])["must_trump"]
    (True, False)
    """
    given = set(flags)
    return cast(FlagOptions, {name: flag in given for flag, name in _FLAG_FIELDS.items()})


def unknown_flag(flags: Iterable[str]) -> str | None:
    """Why ``flags`` cannot be read, or ``None``: the first flag PMN's ``Variant`` does not
    know, with the flags it knows. The one wording of the reader, the recorder and the
    commands.

    >>> unknown_flag(["must-trump", "no-revoke"])[:38]
    "unknown house rule 'no-revoke' (known:"
    """
    for flag in flags:
        if flag not in VARIANT_FLAGS:
            return f"unknown house rule {flag!r} (known: {', '.join(VARIANT_FLAGS)})"
    return None


#: The settings a house-rule flag holds under (PMN tag values by the recorder's field names:
#: ``method`` for ``TrumpMethod``, ``reveal``, ``capture``); a flag not named holds under any.
FLAG_NEEDS: Final[dict[str, dict[str, str]]] = {
    "streak-goes-on": {"capture": "Dehla"},
    "lead-after-holder": {"method": "Closed"},
    "holder-may-ask": {"method": "Closed", "reveal": "B"},
    "trump-card-in-hand": {"method": "Closed"},
    "count-from-reveal": {"method": "Closed", "reveal": "A"},
    "reveal-if-trumping": {"method": "Closed", "reveal": "A"},
    "hidden-trumps": {"method": "Closed"},
}

_NEEDS_TEXT: Final = {
    ("capture",): 'Dehla capture (Capture "Dehla")',
    ("method",): 'the closed trump (TrumpMethod "Closed")',
    ("method", "reveal"): "the closed trump's version {reveal} "
    '(TrumpMethod "Closed", Reveal "{reveal}")',
}


def flag_conflicts(
    flags: Iterable[str], method: TrumpMethod, reveal: Reveal, capture: Capture
) -> list[tuple[tuple[str, ...], str]]:
    """The house-rule flags that cannot hold under these settings, each with why: a flag of
    one trump method or capture under another (:data:`FLAG_NEEDS`), or two flags that
    exclude each other. The one check of the combinations: :class:`Rules` refuses them, and
    the reader reports each at the ``Variant`` tag and drops the flags named (so that the
    deal still reads).

    >>> flag_conflicts(["hidden-trumps"], TrumpMethod.DRAWN, Reveal.A, Capture.TRICK)
    [(('hidden-trumps',), 'hidden-trumps is a rule of the closed trump (TrumpMethod "Closed")')]
    """
    given = set(flags)
    closed = method is TrumpMethod.CLOSED
    settings = {"method": method.value, "reveal": reveal.value, "capture": capture.value}
    out: list[tuple[tuple[str, ...], str]] = []
    for flag, needs in FLAG_NEEDS.items():
        if flag in given and any(settings[k] != v for k, v in needs.items()):
            where = _NEEDS_TEXT[tuple(needs)].format(**needs)
            out.append(((flag,), f"{flag} is a rule of {where}"))
    if {"partner-deals", "dealer-stays"} <= given:
        out.append(
            (
                ("partner-deals", "dealer-stays"),
                "partner-deals and dealer-stays cannot both hold: after a loss the deal "
                "goes to the dealer's partner, or it stays",
            )
        )
    if {"count-from-reveal", "hidden-trumps"} <= given and closed:
        out.append(
            (
                ("count-from-reveal",),
                "count-from-reveal cannot hold with hidden-trumps: the hidden suit is trumps "
                "from the first card, so no card of it is played before it counts",
            )
        )
    return out


def variant_problem(
    flags: Iterable[str],
    method: TrumpMethod = TrumpMethod.DRAWN,
    reveal: Reveal = Reveal.A,
    capture: Capture = Capture.TRICK,
) -> str | None:
    """Why a set of house rules cannot hold, or ``None``: the first unknown flag
    (:func:`unknown_flag`), else the first combination these settings refuse
    (:func:`flag_conflicts`). The one check, and the one sentence, of the recorder's form,
    ``DealEntry``, ``simulate --variant`` and :meth:`Rules.with_variant`; the reader reports
    each problem with the same two functions, at its ``Variant`` tag.

    >>> variant_problem(["must-trump"]) is None
    True
    >>> variant_problem(["partner-deals", "dealer-stays"])[:45]
    'partner-deals and dealer-stays cannot both ho'
    """
    flags = list(flags)
    why = unknown_flag(flags)
    if why is not None:
        return why
    conflicts = flag_conflicts(flags, method, reveal, capture)
    return conflicts[0][1] if conflicts else None


def default_deck(players: int) -> int:
    """The deck a table plays unless its ``Deck`` says otherwise: 52 cards for four, 48 (no
    twos) for six or eight, and for the big tables two packs dealt evenly, as 52-Patta does:
    100 for ten (one two of each suit out) and 96 for twelve (all eight twos out).

    >>> [default_deck(n) for n in (4, 6, 8, 10, 12)]
    [52, 48, 48, 100, 96]
    """
    return {4: 52, 10: 100, 12: 96}.get(players, 48)


def deck_table_problem(size: int, players: int) -> str | None:
    """Why a deck of ``size`` cards cannot be played by ``players``, or ``None``: the one
    check of a deck for :class:`Rules`, the reader and the recorder's answers. PMN knows
    the deck (:func:`~.cards.deck_problem`); two packs are for ten or twelve players, and
    those tables play two packs; the deck deals out evenly.

    >>> deck_table_problem(100, 4)
    'a 100-card deck is two packs, played by 10 or 12 players, not 4'
    >>> deck_table_problem(52, 6)
    'a 52-card deck does not deal evenly to 6 players'
    """
    unknown = deck_problem(size)
    if unknown is not None:
        return unknown
    if packs(size) == 2 and players < 10:
        return f"a {size}-card deck is two packs, played by 10 or 12 players, not {players}"
    if packs(size) == 1 and players >= 10:
        return f"{players} players play two packs (Deck {default_deck(players)}), not {size} cards"
    if size % players:
        return f"a {size}-card deck does not deal evenly to {players} players"
    return None


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one deal. Every field has the docs/rules.md default."""

    players: int = 4
    deck: int = 0
    """Cards in the deck; ``0`` means the default for the table size (:func:`default_deck`:
    52, 48 for 6 or 8, two packs for 10 or 12)."""
    trump_method: TrumpMethod = TrumpMethod.DRAWN
    reveal: Reveal = Reveal.A
    capture: Capture = Capture.TRICK
    must_trump: bool = False
    bonus_aces: bool = False
    partner_deals: bool = False
    """When the dealer's team loses, the dealer's partner deals next (not only after a
    whitewash)."""
    dealer_stays: bool = False
    """When the dealer's team loses, the same dealer deals again, even after a whitewash."""
    split_tens_non_dealer: bool = False
    """Tens split 2-2: the side that did not deal wins, whatever the tricks (Dehla Pakad)."""
    streak_goes_on: bool = False
    """Dehla capture: after taking the pile, a player's run goes on, so winning the next trick
    too takes that one (today the run starts afresh after a take)."""
    lead_after_holder: bool = False
    """Closed trump: the player after the one who set the trump aside (the dealer's right)
    leads the first trick, not that player."""
    holder_may_ask: bool = False
    """Closed trump, version B: the player who set the trump aside may ask for it too, when
    out of the suit led (and must then trump, the face-down card included)."""
    trump_card_in_hand: bool = False
    """Closed trump: the face-down card stays in its holder's hand: it counts as a card of its
    suit for following, and the holder may play it at any time, which turns it up."""
    count_from_reveal: bool = False
    """Closed trump, version A: the trump counts from the revealing card on, so cards of its
    suit played earlier in that trick are not trumps."""
    reveal_if_trumping: bool = False
    """Closed trump, version A: the card is turned up only for a player out of the suit led who
    holds a trump, who must then play one; a void player without one plays any card."""
    hidden_trumps: bool = False
    """Closed trump: the face-down card's suit is trumps from the first card, unrevealed (its
    cards beat the suit led); the reveal only tells the table."""
    tie_half_first: bool = False
    """Tens 2-2 and the tricks split evenly (an even number of tricks a deal): the side that
    reached half the tricks first wins (otherwise a tie)."""
    match_tie_break: bool = False
    """A match level on points goes to the side with more whitewashes, then mendikots, then
    tens over the match, then deals won, then tricks (otherwise it is shared)."""
    scoring: Scoring = Scoring.PLAIN
    target: int | None = None
    extra_flags: tuple[str, ...] = field(default=())
    """Variant flags kept for the record but unknown to the engine (none are valid today)."""

    def __post_init__(self) -> None:
        if self.players not in TABLE_SIZES:
            raise ValueError(
                f"Mendikot is played by {TABLE_SIZES_TEXT} players, not {self.players}"
            )
        if self.deck == 0:
            object.__setattr__(self, "deck", default_deck(self.players))
        why = deck_table_problem(self.deck, self.players)
        if why is not None:
            raise ValueError(why)
        conflicts = flag_conflicts(self.flags, self.trump_method, self.reveal, self.capture)
        if conflicts:
            raise ValueError(conflicts[0][1])

    @classmethod
    def with_variant(cls, flags: Iterable[str], **fields: Any) -> Rules:
        """The rules of ``fields`` with the ``Variant`` flags ``flags`` turned on: a
        ``ValueError`` saying :func:`variant_problem`'s sentence when they cannot hold.

        >>> Rules.with_variant(["partner-deals"], players=6).flags
        ('partner-deals',)
        >>> Rules.with_variant(["no-revoke"])
        Traceback (most recent call last):
        ...
        ValueError: unknown house rule 'no-revoke' (known: must-trump, ...)
        """
        flags = list(flags)
        why = unknown_flag(flags)
        if why is not None:
            raise ValueError(why)
        return cls(**fields, **flag_options(flags))  # a conflict: the same sentence, raised

    def first_lead(self, dealer: Seat) -> Seat:
        """Who leads the first trick: the player to the dealer's right (who also draws or
        sets aside the trump), or, under ``lead-after-holder``, the player after that one.

        >>> closed = Rules(trump_method=TrumpMethod.CLOSED, lead_after_holder=True)
        >>> Rules().first_lead("D"), closed.first_lead("D")
        ('A', 'B')
        """
        after_chooser = 1 if self.lead_after_holder else 0
        return next_seat(self.trump_chooser(dealer), self.players, after_chooser)

    def trump_chooser(self, dealer: Seat) -> Seat:
        """Who draws the trump, or sets the closed trump aside: the player to the dealer's
        right (the next seat in play order), whatever the house rules."""
        return next_seat(dealer, self.players)

    def first_lead_reason(self, dealer: Seat) -> str:
        """Why :meth:`first_lead` leads, in a teacher's words.

        >>> closed = Rules(trump_method=TrumpMethod.CLOSED, lead_after_holder=True)
        >>> Rules().first_lead_reason("D"), closed.first_lead_reason("D")
        ('the player after the dealer D', 'the player after A, who holds the trump')
        """
        if self.lead_after_holder:
            return f"the player after {self.trump_chooser(dealer)}, who holds the trump"
        return f"the player after the dealer {dealer}"

    def result(
        self,
        tens: tuple[int, int],
        tricks: tuple[int, int],
        *,
        dealer: Seat | None = None,
        last_trick_winner: Seat | None = None,
        total_tricks: int | None = None,
    ) -> DealResult:
        """The result of a deal whose sides took ``tens`` and ``tricks`` (A/C's first), by
        these rules: more than half the tens (:attr:`all_tens`) win, all of them is a
        mendikot, every trick a whitewash; an even split of the tens goes to the tricks, or,
        under ``split-tens-non-dealer``, to the side that did not deal (``dealer``), and a
        level split of the tricks is a tie unless ``tie-half-first`` gives it to the side
        that reached half first (the side that did not take the last trick,
        ``last_trick_winner``). ``total_tricks`` defaults to a whole deal's.

        >>> Rules().result((2, 2), (7, 6)).reason
        '2-2 tens and 7 of 13 tricks'
        >>> Rules(split_tens_non_dealer=True).result((2, 2), (7, 6), dealer="A").tag
        'BD win'
        >>> Rules(players=6, tie_half_first=True).result((2, 2), (4, 4), last_trick_winner="B").tag
        'AC win'
        """
        return _deal_result(
            tens,
            tricks,
            self.tricks_per_deal if total_tricks is None else total_tricks,
            split_winner=self.split_winner(dealer),
            half_first=self.half_first(last_trick_winner),
            players=self.players,
            all_tens=self.all_tens,
        )

    def split_winner(self, dealer: Seat | None) -> Team | None:
        """Who wins if the tens split evenly, whatever the tricks: under
        ``split-tens-non-dealer`` the side that did not deal (``None``: the tricks decide, as
        usual, or no dealer is known)."""
        if not self.split_tens_non_dealer or dealer is None:
            return None
        return other_team(team_of(dealer))

    def half_first(self, last_trick_winner: Seat | None) -> Team | None:
        """Under ``tie-half-first``, once the deal is over: the side that reached half the
        tricks first, which is the side that did not take the last trick (its taker's count
        rose to half, or past it, only then); ``None`` otherwise."""
        if not self.tie_half_first or last_trick_winner is None:
            return None
        return other_team(team_of(last_trick_winner))

    def next_dealer(self, dealer: Seat, result: DealResult) -> Seat:
        """Who deals after ``dealer``'s deal ended in ``result``, by these rules' rotation:
        the dealer's side won, the deal passes to the right; it lost, the same dealer again
        (the partner after a whitewash), or under ``partner-deals`` the partner after any
        loss, under ``dealer-stays`` the same dealer after any loss; a tie, the same dealer.

        >>> lost = Rules().result((3, 1), (6, 7))  # B/D lost
        >>> Rules().next_dealer("B", lost), Rules(partner_deals=True).next_dealer("B", lost)
        ('B', 'D')
        """
        return _next_dealer(
            dealer,
            result,
            self.players,
            partner_deals=self.partner_deals,
            dealer_stays=self.dealer_stays,
        )

    def dealer_reason(self, dealer: Seat, result: DealResult) -> str:
        """Why :meth:`next_dealer` deals next, in a teacher's words, by these rules.

        >>> lost = Rules().result((3, 1), (6, 7))  # B/D lost
        >>> Rules().dealer_reason("B", lost)
        "B's side lost: B deals again"
        >>> Rules(partner_deals=True).dealer_reason("B", lost)
        "B's side lost: the dealer's partner deals (partner-deals)"
        """
        if result.winner is None:
            return say("dealer.tie")
        if result.winner == team_of(dealer):
            return say("dealer.won", dealer=dealer)
        following = self.next_dealer(dealer, result)
        whitewash = result.kind == "whitewash"
        lost = say("dealer.whitewashed" if whitewash else "dealer.lost", dealer=dealer)
        if following == dealer:
            if whitewash and self.dealer_stays:
                return say("dealer.again_flag", lost=lost, dealer=dealer, flag="dealer-stays")
            return say("dealer.again", lost=lost, dealer=dealer)
        if whitewash:
            return say("dealer.partner", lost=lost)
        return say("dealer.partner_flag", lost=lost, flag="partner-deals")

    @property
    def flags(self) -> tuple[str, ...]:
        """The ``Variant`` flags these rules turn on, in :data:`VARIANT_FLAGS` order."""
        return tuple(flag for flag, name in _FLAG_FIELDS.items() if getattr(self, name))

    @property
    def tricks_per_deal(self) -> int:
        return self.deck // self.players

    @property
    def default_deck(self) -> int:
        return default_deck(self.players)

    @property
    def packs(self) -> int:
        """1, or 2 for the big tables' decks (each card twice: :func:`~.cards.twin`)."""
        return packs(self.deck)

    @property
    def all_tens(self) -> int:
        """The tens in the deck: 4, or 8 with two packs (more than half of them win)."""
        return 4 * self.packs

    @property
    def even_tens(self) -> tuple[int, int]:
        """The even split of the tens, 2-2 (4-4 with two packs): from there the tricks
        decide the deal (:meth:`result`), unless ``split-tens-non-dealer`` gives it to the
        side that did not deal (:attr:`tricks_decide_even_tens`)."""
        half = self.all_tens // 2
        return (half, half)

    @property
    def tricks_decide_even_tens(self) -> bool:
        """Whether, at :attr:`even_tens`, the tricks decide (they do but under
        ``split-tens-non-dealer``): the race for tricks the annotator and the players see."""
        return not self.split_tens_non_dealer

    @property
    def tricks_to_win(self) -> int:
        """The tricks that win a deal whose tens split evenly: more than half of them.

        >>> Rules().tricks_to_win, Rules(players=6).tricks_to_win
        (7, 5)
        """
        return self.tricks_per_deal // 2 + 1

    @property
    def has_trump(self) -> bool:
        return self.trump_method is not TrumpMethod.NONE

    def describe(self) -> str:
        """One line a teacher can read out: the table, the deck and the trump method."""
        method = self.trump_method.description
        if self.trump_method is TrumpMethod.CLOSED:
            method = say("rules.closed_version", method=method, version=self.reveal.value)
        capture = say(
            "rules.capture.trick" if self.capture is Capture.TRICK else "rules.capture.dehla"
        )
        line = say(
            "rules.line", players=self.players, deck=self.deck, method=method, capture=capture
        )
        for flag in self.flags:
            line = say("rules.more", line=line, more=FLAG_TEXT[flag])
        return line
