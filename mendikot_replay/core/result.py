"""Who wins a deal, and who deals next (docs/rules.md, "Who wins the deal" and "Next dealer").

Both answers depend on the house rules, so the functions here are private to ``core``: a
caller asks :class:`~.rules.Rules` (``Rules.result``, ``Rules.next_dealer``), the one home of
each rule, and cannot leave a flag out (``tests/test_architecture.py`` checks that no module
outside ``core/result.py`` and ``core/rules.py`` calls them).

>>> r = _deal_result(tens=(3, 1), tricks=(5, 8), total_tricks=13)
>>> r.tag, r.reason
('AC win', '3 tens')
>>> _deal_result(tens=(2, 2), tricks=(6, 6), total_tricks=12).tag
'tie'
>>> _next_dealer("D", r, players=4), _next_dealer("C", r, players=4)  # D lost: deals again
('D', 'D')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ..text import say
from .seats import Seat, Team, next_seat, other_team, team_index, team_label, team_of

ResultKind = Literal["win", "mendikot", "whitewash", "tie"]
RESULT_KINDS: tuple[ResultKind, ...] = ("win", "mendikot", "whitewash", "tie")


@dataclass(frozen=True, slots=True)
class DealResult:
    """The outcome of a finished deal.

    ``winner`` is ``None`` only for a tie. ``tens`` and ``tricks`` are AC's and BD's.
    """

    winner: Team | None
    kind: ResultKind
    tens: tuple[int, int]
    tricks: tuple[int, int]
    reason: str
    """Why, in a teacher's words: "3 tens", "2-2 tens and 7 of 13 tricks", "all 13 tricks"."""

    @property
    def tag(self) -> str:
        """The PMN ``Result`` value: ``AC win``, ``BD mendikot``, ``tie``…"""
        return "tie" if self.winner is None else f"{self.winner} {self.kind}"

    @property
    def loser(self) -> Team | None:
        return None if self.winner is None else other_team(self.winner)

    def to_json(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "kind": self.kind,
            "tens": list(self.tens),
            "tricks": list(self.tricks),
        }


def _deal_result(
    tens: tuple[int, int],
    tricks: tuple[int, int],
    total_tricks: int,
    *,
    split_winner: Team | None = None,
    half_first: Team | None = None,
    players: int = 4,
    all_tens: int = 4,
) -> DealResult:
    """Decide a finished deal from the tens and tricks each team took.

    Three or four tens win outright; at 2–2 the team with more than half the tricks wins,
    and an equal split (possible only with an even number of tricks) is a tie. Under the
    ``split-tens-non-dealer`` house rule a 2–2 goes to ``split_winner``, the side that did
    not deal, whatever the tricks:

    >>> _deal_result((2, 2), (8, 5), 13, split_winner="BD").reason
    '2-2 tens: B/D did not deal'

    Under ``tie-half-first`` an equal split goes to ``half_first``, the side that reached
    half the tricks first (``players`` names the sides in the reasons: ``A/C/E`` at six):

    >>> _deal_result((2, 2), (4, 4), 8, half_first="BD").tag
    'BD win'

    Two packs (``all_tens=8``): five tens or more win, all eight is a mendikot, 4-4 goes to
    the tricks:

    >>> [_deal_result(t, (5, 5), 10, all_tens=8).reason for t in ((5, 3), (8, 0), (4, 4))]
    ['5 tens', 'all 8 tens', '4-4 tens and tricks split 5-5']
    """
    half = all_tens // 2
    teams: tuple[Team, Team] = ("AC", "BD")
    for winner in teams:
        i = team_index(winner)
        if tricks[i] == total_tricks:
            return DealResult(
                winner, "whitewash", tens, tricks, say("reason.whitewash", tricks=total_tricks)
            )
        if tens[i] == all_tens:
            return DealResult(
                winner, "mendikot", tens, tricks, say("reason.mendikot", tens=all_tens)
            )
        if tens[i] > half:
            return DealResult(winner, "win", tens, tricks, say("reason.tens", tens=tens[i]))
    split = say("reason.split", half=half)
    if split_winner is not None:
        side = team_label(split_winner, players)
        return DealResult(
            split_winner, "win", tens, tricks, say("reason.split_dealer", split=split, side=side)
        )
    for team in teams:
        i = team_index(team)
        if 2 * tricks[i] > total_tricks:
            return DealResult(
                team,
                "win",
                tens,
                tricks,
                say("reason.split_tricks", split=split, won=tricks[i], tricks=total_tricks),
            )
    if half_first is not None:
        side = team_label(half_first, players)
        return DealResult(
            half_first,
            "win",
            tens,
            tricks,
            say("reason.split_first", split=split, ac=tricks[0], bd=tricks[1], side=side),
        )
    return DealResult(
        None, "tie", tens, tricks, say("reason.split_tie", split=split, ac=tricks[0], bd=tricks[1])
    )


def _next_dealer(
    dealer: Seat,
    result: DealResult,
    players: int = 4,
    *,
    partner_deals: bool = False,
    dealer_stays: bool = False,
) -> Seat:
    """Who deals the next deal of the match.

    The dealer's team lost: the same dealer again, unless the loss was a whitewash, when the
    dealer's partner (the next partner in play order) deals. The dealer's team won: the deal
    passes to the dealer's right (the next seat in play order). A tie: the same dealer.
    Two house rules (``Variant`` flags) change the loss: ``partner_deals``, the partner
    deals after any loss; ``dealer_stays``, the same dealer deals after any loss, a
    whitewash too.

    >>> lost = _deal_result(tens=(3, 1), tricks=(6, 7), total_tricks=13)  # B/D dealt, lost
    >>> _next_dealer("B", lost), _next_dealer("B", lost, partner_deals=True)
    ('B', 'D')
    >>> whitewash = _deal_result(tens=(4, 0), tricks=(13, 0), total_tricks=13)
    >>> _next_dealer("B", whitewash), _next_dealer("B", whitewash, dealer_stays=True)
    ('D', 'B')
    """
    if result.winner is None:
        return dealer
    if result.winner == team_of(dealer):
        return next_seat(dealer, players)
    if dealer_stays:
        return dealer
    if partner_deals or result.kind == "whitewash":
        return next_seat(dealer, players, 2)
    return dealer


_RESULT_TAG = re.compile(r"^(AC|BD)\s+(win|mendikot|whitewash)$|^tie$|^\*$", re.IGNORECASE)


def parse_result_tag(value: str) -> tuple[Team | None, ResultKind | None] | None:
    """Read a PMN ``Result`` value leniently (any case, any spacing): ``(team, kind)``,
    ``(None, 'tie')``, ``(None, None)`` for ``*`` (unfinished), or ``None`` when it is not
    a result at all.

    >>> parse_result_tag("ac  WIN"), parse_result_tag("Tie"), parse_result_tag("AC lose")
    (('AC', 'win'), (None, 'tie'), None)
    """
    text = value.strip()
    match = _RESULT_TAG.match(text)
    if not match:
        return None
    if text == "*":
        return None, None
    if text.lower() == "tie":
        return None, "tie"
    return match.group(1).upper(), match.group(2).lower()  # type: ignore[return-value]
