"""A deal as the JSON payload the browser viewer steps through.

The notebook widget, the static HTML of ``_repr_html_`` and the shared page of
``mendikot-replay html`` all draw the same thing: one payload made here from the record and
the replays of its lines (``record.timeline`` for the main line, ``record.replay(line)`` for
each variation), never by driving the engine. Stepping then happens in the browser with no
kernel: every state the viewer can show (hands, table, trump, counts, the tens ledger,
annotations, the legal cards) is precomputed once per card of the play tree, so a step is a
look-up, not a replay. A deal is 53 small snapshots and a couple of kilobytes for each card
of a variation, so the payload stays around a hundred kilobytes.

The payload is plain JSON (strings, numbers, lists, dicts) and deterministic: the same record
always gives the same payload, so the HTML built from it is byte-for-byte reproducible (for
diffs, caches and tests). Cards are written as in PMN (``"TH"``), seats as letters, teams as
``"AC"``/``"BD"``. User text (names, comments) is carried verbatim; escaping is the job of
whoever renders it. Where a sentence made here quotes user text (a name in a step's
``text``, the tag values of the ``subtitle``), the quoted piece is wrapped by
:func:`~.user_text.isolate` (FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE), so that a
right-to-left override in a name cannot mirror the rest of the sentence; the viewer turns
each such piece into a ``<bdi>``.

>>> from mendikot_replay.pmn.reader import read_string
>>> text = '''[Dealer "D"]
... [TrumpMethod "None"]
... [Hands "A:T... B:A... C:.2.. D:..2."]
... [Start "trick 13; tens 2-1; tricks 6-6"]
... [Play "A"]
... 13. A: TS { the last ten } AS 2H 2D
... '''
>>> view = deal_view(read_string(text)[0])
>>> len(view["steps"]), view["steps"][1]["table"], view["steps"][4]["winner"]
(5, [['A', 'TS']], 'B')
>>> [entry["where"] for entry in view["steps"][4]["ledger"] if entry["card"] == "TS"]
['captured']
>>> view["result"]["tag"], view["points"][0]["kind"]
('BD win', 'comment')
"""

from __future__ import annotations

from typing import Any, Final

from ..core.cards import sort_cards
from ..core.engine import PlayEvent, TenFate
from ..core.result import DealResult
from ..core.rules import FLAG_NEEDS, FLAG_TEXT, VARIANT_FLAGS, Capture, Reveal, Scoring, TrumpMethod
from ..core.seats import TABLE_SIZES, Seat, seats, team_label, team_of
from ..core.timeline import Snapshot, Timeline
from ..pmn.commands import COMMAND, without_commands
from ..pmn.deal_form import PLAYER_COUNTS, DealForm, decks
from ..pmn.entry import DealEntry
from ..pmn.record import NAG_GLYPHS, NAG_MEANINGS, DealRecord, PlayNode
from ..pmn.user_text import isolate
from ..pmn.visit import Line, tree_lines
from ..solver import search as solver_module
from ..solver.search import Move, Solver, solvable_tricks, tricks_left, value_text
from ..text import say

#: Version of the payload shape: the front end refuses a payload of another major version.
VIEW_VERSION: Final = 2

_TITLE_TAGS: Final = ("Event", "Site", "Date", "Round")

JSON = dict[str, Any]


def deal_view(record: DealRecord) -> JSON:
    """The payload of one deal (schema in the module docstring of ``viewer.js`` and in
    docs/architecture.md): everything the viewer shows at every card of the play tree.

    A record whose tags give no playable deal, or whose replay stops at an illegal card,
    still gets a payload: ``error`` says why, and ``steps`` holds what could be replayed
    (possibly nothing), so the viewer shows the problem rather than failing.
    """
    return board_view(record)[0]


def board_view(record: DealRecord) -> tuple[JSON, list[PlayNode | None]]:
    """:func:`deal_view`, and the card of the tree each step stands for (``None`` for
    step 0, the start): a board that is told "play after step 7" finds its node here.

    Steps are numbered as python-chess numbers nothing and lichess numbers paths: by a
    plain index, the **node id** — 0 is the start, 1 … n the main line in order (so a deal
    without variations reads as before), then the variations' cards depth first. Each step
    knows its ``parent`` and ``children`` (the first continues its line; the others are the
    alternatives to that first child), ``main`` and ``depth`` (how many variations deep),
    and the ``legal`` cards of the player to move (``asks``: those that may also ask for
    the closed trump). A variation card the engine cannot play, and every card after it, is
    a ``dead_ends`` entry instead of a step: the move list shows it, nobody can stand on it.
    """
    setup = record.setup
    timeline = record.timeline
    players = setup.rules.players if setup is not None else _players_from_tags(record)
    table_seats = seats(players)
    names = {s: _name(record, s) for s in table_seats}
    view: JSON = {
        "version": VIEW_VERSION,
        "title": _title(record),
        "subtitle": _subtitle(record),
        "players": players,
        "all_tens": setup.rules.all_tens if setup is not None else 4,
        "seats": list(table_seats),
        "names": names,
        "teams": {s: team_of(s) for s in table_seats},
        "team_labels": {"AC": team_label("AC", players), "BD": team_label("BD", players)},
        "dealer": setup.dealer if setup is not None else None,
        "first_leader": setup.first_leader if setup is not None else None,
        "rules": setup.rules.describe() if setup is not None else None,
        "trump_method": setup.rules.trump_method.value if setup is not None else None,
        "reveal": (
            setup.rules.reveal.value
            if setup is not None and setup.rules.trump_method is TrumpMethod.CLOSED
            else None
        ),
        "capture": setup.rules.capture.value if setup is not None else Capture.TRICK.value,
        "flags": list(setup.rules.flags) if setup is not None else [],
        "position": bool(setup is not None and setup.start is not None),
        "first_trick": setup.start.trick if setup is not None and setup.start else 1,
        "total_tricks": setup.rules.tricks_per_deal if setup is not None else 0,
        "deal_comments": [without_commands(c) for c in record.comments],
        "nag_names": {str(n): NAG_MEANINGS[n] for n in _OBSERVATION_NAGS},
        "error": _first_error(record, timeline),
        "warnings": [p.message for p in record.warnings],
        "start_hands": {},
        "steps": [],
        "main_line": [],
        "dead_ends": [],
        "tricks": [],
        "points": [],
        "ten_steps": [],
        "note_steps": [],
        "trick_ends": [],
        "result": None,
    }
    if setup is None or timeline is None or not len(timeline):
        view["start_hands"] = {s: None for s in table_seats}
        return view, [None]
    tree = _Tree(record, names, players)
    lines = tree_lines(record)
    main = tree.add_line(timeline, lines.cards, 0, None, 0)
    main_steps = tree.steps[: len(main) + 1]
    tree.add_variations(main, lines.inner)
    steps = tree.steps
    view["start_hands"] = steps[0]["hands"]
    view["steps"] = steps
    view["main_line"] = list(range(len(main) + 1))
    view["dead_ends"] = tree.dead_ends
    view["tricks"] = _tricks(timeline)
    view["points"] = _points(main_steps)
    view["note_steps"] = sorted({p["step"] for p in view["points"]})
    view["ten_steps"] = _ten_steps(main_steps)
    view["trick_ends"] = [k for k, s in enumerate(main_steps) if s["winner"] is not None]
    view["result"] = main_steps[-1]["result"]
    return view, tree.nodes


def entry_view(entry: DealEntry) -> JSON:
    """The payload of a deal being dealt (:class:`~.entry.DealEntry`): the header a deal's
    payload has (title, seats, names, teams, rules), no steps yet, and ``entry`` — the
    ``pack`` of cards not dealt, each seat's ``hands`` so far, the ``selected`` seat the
    next card goes to, the hand sizes and what the trump still needs."""
    view, _ = board_view(DealRecord(entry.tags))
    rules = entry.rules
    view["rules"] = rules.describe()
    view["trump_method"] = rules.trump_method.value
    view["capture"] = rules.capture.value
    view["total_tricks"] = rules.tricks_per_deal
    view["dealer"] = entry.tags.get("Dealer")
    closed = rules.trump_method is TrumpMethod.CLOSED
    view["reveal"] = rules.reveal.value if closed else None
    needs: str | None = None
    if entry.complete:
        try:
            entry.record()
        except ValueError as missing:
            needs = str(missing)
    view["entry"] = {
        "pack": [str(c) for c in entry.pack],
        "hands": {s: [str(c) for c in sort_cards(entry.hands[s])] for s in entry.seats},
        "selected": entry.selected,
        "hand_size": entry.hand_size,
        "complete": entry.complete,
        "first_leader": entry.first_leader,
        "trump": entry.tags.get("Trump"),
        "trump_card": entry.tags.get("TrumpCard"),
        "closed_holder": entry.closed_holder if closed else None,
        "needs": needs,
    }
    return view


def form_view(form: DealForm, file: str = "") -> JSON:
    """The payload of a new deal's set-up (:class:`~.deal_form.DealForm`): ``form`` has
    the ``answers`` it starts with (the file's last deal carried over, today's date), and
    what the answers may be — the seats and decks for each number of players, the trump
    methods, the closed trump's versions, the captures and the house rules — so that the
    page redraws the form as the players' number or the method change, with no round trip;
    Python reads the answers again when the form is sent (:meth:`DealForm.entry`)."""
    counts = PLAYER_COUNTS
    return {
        "version": VIEW_VERSION,
        "title": "A new deal",
        "subtitle": "",
        "form": {
            "file": file,
            "answers": form.answers(),
            "players": list(counts),
            "seats": {n: list(seats(int(n))) for n in counts},
            "decks": {n: list(decks(int(n))) for n in counts},
            "methods": [m.value for m in TrumpMethod],
            "reveals": [r.value for r in Reveal],
            "captures": [c.value for c in Capture],
            "flags": list(VARIANT_FLAGS),
            "flagNeeds": FLAG_NEEDS,
            "flagText": dict(FLAG_TEXT),
            "scorings": [s.value for s in Scoring],
        },
    }


#: The Mendikot observation NAGs a board offers by name.
_OBSERVATION_NAGS: Final = tuple(range(20, 30))


class _Tree:
    """The steps of a play tree, made line by line: each line is one replay, each
    variation replayed from the start of the deal to its end — a deal is short, so a
    replay costs about a millisecond, and the snapshots come from the same
    :class:`~.timeline.Timeline` every other view reads (with its ``choices``: the legal
    cards a board offers)."""

    def __init__(self, record: DealRecord, names: dict[Seat, str], players: int) -> None:
        assert record.setup is not None
        self.record = record
        self.setup = record.setup
        self.names = names
        self.players = players
        self.steps: list[JSON] = []
        self.nodes: list[PlayNode | None] = []
        self.ids: dict[int, int] = {}
        """Node id by ``id()`` of its :class:`PlayNode` (nodes are not hashable by value)."""
        self.dead_ends: list[JSON] = []

    def add_line(
        self,
        timeline: Timeline,
        line: list[PlayNode],
        first: int,
        parent: int | None,
        depth: int,
    ) -> list[PlayNode]:
        """Steps for ``line[first:]`` (the cards after ``parent``), read from ``timeline``
        (the replay of ``line``; the main line's is replayed again to learn the legal cards
        too); at ``first == 0`` also the start (id 0). Returns the cards that got a step:
        those the replay reached."""
        reached = line[: len(timeline) - 1]
        stopped = timeline.error if timeline.error_ply == len(reached) else None
        if timeline.choices is None:  # the record's own: replayed again for the choices
            timeline = self.record.replay(reached, choices=True)
        if first == 0 and parent is None:
            parent = self._add(timeline, 0, None, None, depth)
        for k in range(first, len(reached)):
            parent = self._add(timeline, k + 1, reached[k], parent, depth)
        if len(reached) < len(line) and parent is not None:
            rest = line[len(reached) :]
            error = stopped
            if error is None and rest[0].card is None:
                error = "an unknown card (--) cannot be replayed"
            self.dead_ends.append(
                {
                    "after": parent,
                    "cards": [str(n.card) if n.card is not None else "--" for n in rest],
                    "error": error or "the replay stops here",
                }
            )
        return reached

    def add_variations(self, line: list[PlayNode], variations: list[Line]) -> None:
        """Every variation of ``variations`` that replaces a card of ``line`` the replay
        reached (``line`` holds those cards, from the first of the deal), each after the
        ones before it, and the variations inside each after it: depth first."""
        for variation in variations:
            k = variation.branch
            if k >= len(line):
                continue  # it replaces a card after the line's dead end: no one can reach it
            whole = line[:k] + variation.cards
            known = next((i for i, n in enumerate(whole) if n.card is None), len(whole))
            timeline = self.record.replay(whole[:known], choices=True)
            parent = self.ids[id(line[k - 1])] if k else 0
            depth = self.steps[parent]["depth"] + 1
            reached = self.add_line(timeline, whole, k, parent, depth)
            self.add_variations(reached, variation.inner)

    def _add(
        self,
        timeline: Timeline,
        k: int,
        node: PlayNode | None,
        parent: int | None,
        depth: int,
    ) -> int:
        step = _step(timeline, k, node, self.names, self.players)
        number = len(self.steps)
        assert timeline.choices is not None
        legal, asks = timeline.choices[k]
        step.update(
            id=number,
            parent=parent,
            children=[],
            main=depth == 0,
            depth=depth,
            legal=[str(c) for c in legal],
            asks=[str(c) for c in asks],
        )
        if node is None:
            step["notes"]["own"] = _own(self.record.comments)
        self.steps.append(step)
        self.nodes.append(node)
        if node is not None:
            self.ids[id(node)] = number
        if parent is not None:
            self.steps[parent]["children"].append(number)
        return number


def _own(comments: list[str]) -> list[JSON]:
    """The comments a person may edit or delete, by their place in the list (the text
    without its ``[%…]`` commands, which the board keeps as they are)."""
    out: list[JSON] = []
    for index, comment in enumerate(comments):
        text = without_commands(comment)
        if text:
            out.append({"index": index, "text": text})
    return out


# -- header --------------------------------------------------------------------------------


def _players_from_tags(record: DealRecord) -> int:
    try:
        value = int(record.tags.get("Players", "4"))
    except ValueError:
        return 4
    return value if value in TABLE_SIZES else 4


def _name(record: DealRecord, seat: Seat) -> str:
    name = record.tags.get(seat, "").strip()
    return "" if name == "?" else name


def _title(record: DealRecord) -> str:
    tags = record.tags
    event = tags.get("Event", "").strip()
    if event and event != "?":
        return event
    return say("deal.numbered", index=record.index) if record.index is not None else say("deal.one")


def deal_choice(record: DealRecord) -> str:
    """A deal as a list of a file's deals names it, for choosing one: its number, its event
    and its own deal number (``3. Thursday club · deal 3``)."""
    deal = record.tags.get("Deal", "").strip()
    text = _title(record)
    if deal not in ("", "?"):
        text = say("deal.with_deal", title=text, deal=isolate(deal))
    return say("deal.choice", index=record.index, deal=text) if record.index is not None else text


def _subtitle(record: DealRecord) -> str:
    tags = record.tags
    parts = [
        isolate(tags[n].strip())
        for n in _TITLE_TAGS[1:]
        if tags.get(n, "?").strip() not in ("", "?")
    ]
    if "Match" in tags:
        parts.append(say("deal.match", match=isolate(tags["Match"].strip())))
    if "Deal" in tags:
        parts.append(say("deal.deal", deal=isolate(tags["Deal"].strip())))
    return " · ".join(parts)


def _first_error(record: DealRecord, timeline: Timeline | None) -> str | None:
    if record.errors:
        problem = record.errors[0]
        if problem.line is None:
            return problem.message
        col = f", col {problem.col}" if problem.col is not None else ""
        return f"line {problem.line}{col}: {problem.message}"
    if record.setup is None:
        return "the tags do not give a playable deal"
    if timeline is not None and timeline.error is not None:
        return timeline.error
    return None


# -- one step ------------------------------------------------------------------------------


def _step(
    timeline: Timeline, k: int, node: PlayNode | None, names: dict[Seat, str], players: int
) -> JSON:
    snap = timeline[k]
    event = snap.event
    return {
        "ply": snap.ply,
        "trick": snap.trick,
        "leader": snap.leader,
        "to_play": snap.to_play,
        "hands": {
            seat: ([str(c) for c in sort_cards(cards)] if cards is not None else None)
            for seat, cards in snap.hands
        },
        "table": [[seat, str(c)] for seat, c in snap.table],
        "winner": snap.trick_winner,
        "trump": _trump(snap),
        "tricks": list(snap.tricks),
        "tens": list(snap.tens),
        "pile": {"tricks": snap.pile[0], "tens": [str(c) for c in snap.pile[1]]},
        "streak": [snap.streak[0], snap.streak[1]],
        "ledger": _ledger(snap.ten_fates, players, names),
        "card": _card(event, node),
        "collected": _collected(event),
        "notes": _notes(node),
        "result": _result(snap.result, players),
        "text": _describe(snap, names, players, timeline),
    }


def _trump(snap: Snapshot) -> JSON:
    view = snap.trump
    return {
        "status": view.status,
        "suit": view.suit.letter if view.suit is not None else None,
        "card": str(view.card) if view.card is not None else None,
        "holder": view.holder,
        "since": view.since,
    }


def _card(event: PlayEvent | None, node: PlayNode | None) -> JSON | None:
    if event is None:
        return None
    return {
        "seat": event.seat,
        "card": str(event.card),
        "position": event.position,
        "followed": event.followed,
        "trump": event.is_trump,
        "revealed": event.revealed,
        "named": event.named,
        "asked": event.asked,
        "revoke": event.revoke,
        "glyph": node.glyph() if node is not None else None,
    }


def _collected(event: PlayEvent | None) -> JSON | None:
    """What the winner's team took at this trick end (several tricks at once under Dehla,
    or none when the trick goes to the pile)."""
    if event is None or event.trick_winner is None or event.collected is None:
        return None
    count, tens = event.collected
    return {
        "seat": event.trick_winner,
        "team": team_of(event.trick_winner),
        "tricks": count,
        "tens": [str(t) for t in tens],
    }


def _ledger(
    fates: tuple[TenFate, ...], players: int, names: dict[Seat, str] | None = None
) -> list[JSON]:
    """The tens in a fixed order (spades, hearts, diamonds, clubs; with two packs each ten
    twice, side by side), so that an entry stays in its place while the viewer steps and
    only its status changes: the order the engine keeps them in
    (:meth:`~.core.engine.Game.tens_fates`)."""
    out: list[JSON] = []
    for fate in fates:
        out.append(
            {
                "card": str(fate.card),
                "where": fate.where,
                "holder": fate.holder,
                "seat": fate.seat,
                "team": fate.team,
                "trick": fate.trick,
                "played_in": fate.played_in,
                "text": fate_words(fate, players, names),
            }
        )
    return out


def fate_words(fate: TenFate, players: int = 4, names: dict[Seat, str] | None = None) -> str:
    """Where a ten is, in a sentence: "captured by Divya for B/D in trick 4" — a seat by
    its player's name when ``names`` has one (isolated: see :func:`~.user_text.isolate`),
    else by its letter ("captured by C for A/C in trick 3")."""

    def who(seat: Seat | None) -> str:
        if seat is None:
            return say("seat.unknown")
        name = names.get(seat, "") if names else ""
        return isolate(name) if name else seat

    played = (
        say("fate.played", who=who(fate.holder), trick=fate.played_in)
        if fate.holder is not None and fate.played_in is not None
        else None
    )
    if fate.where == "captured":
        side = team_label(fate.team, players) if fate.team else say("seat.unknown")
        pile = fate.played_in is not None and fate.trick != fate.played_in
        taken = say(
            "fate.captured_pile" if pile else "fate.captured",
            who=who(fate.seat),
            side=side,
            trick=fate.trick,
        )
        return say("fate.and_played", taken=taken, played=played) if played else taken
    if fate.where == "hand":
        return say("fate.hand", who=who(fate.holder)) if fate.holder else say("fate.unknown_hand")
    if fate.where == "table":
        return say("fate.table_played", played=played) if played else say("fate.table")
    if fate.where == "pile":
        return say("fate.pile_played", played=played) if played else say("fate.pile")
    if fate.team:
        return say("fate.before_by", side=team_label(fate.team, players))
    return say("fate.before")


def _notes(node: PlayNode | None) -> JSON:
    """The annotations of the card that led to a step."""
    if node is None:
        return {"comments": [], "glyph": None, "nags": [], "points": [], "commands": [], "own": []}
    comments: list[str] = []
    points: list[JSON] = []
    commands: list[JSON] = []
    for comment in (*node.starting_comments, *node.comments):
        text = without_commands(comment)  # the commands are shown as badges
        if text:
            comments.append(text)
        for name, args in COMMAND.findall(comment):
            if name == "point":
                words = args.split()
                if words:
                    points.append({"kind": words[0], "args": words[1:]})
            else:
                commands.append({"name": name, "args": args.strip()})
    glyph = node.glyph()
    glyph_nag = next((n for n in node.nags if n in NAG_GLYPHS), None)
    nags = [
        {"nag": n, "text": NAG_MEANINGS.get(n, "")}
        for n in node.nags
        if n != glyph_nag  # the glyph already stands for it
    ]
    return {
        "comments": comments,
        "glyph": glyph,
        "nags": nags,
        "points": points,
        "commands": commands,
        "variations": _variations(node),
        "own": _own(node.comments),
    }


def _variations(node: PlayNode) -> list[str]:
    """The alternatives to this card that the annotator wrote, as card lists."""
    siblings = node.parent.variations if node.parent is not None else []
    if not siblings or siblings[0] is not node:
        return []
    out: list[str] = []
    for alternative in siblings[1:]:
        cards: list[str] = []
        walk: PlayNode | None = alternative
        while walk is not None and len(cards) < 16:
            cards.append(str(walk.card) if walk.card is not None else "--")
            walk = walk.next()
        out.append(" ".join(cards) + (" …" if walk is not None else ""))
    return out


def _result(result: DealResult | None, players: int) -> JSON | None:
    if result is None:
        return None
    return {
        "winner": result.winner,
        "kind": result.kind,
        "tag": result.tag,
        "tens": list(result.tens),
        "tricks": list(result.tricks),
        "reason": result.reason,
        "text": result_words(result, players),
    }


def result_words(result: DealResult, players: int = 4) -> str:
    """The banner: who won, how, and the deciding reason."""
    if result.winner is None:
        return say("result.tie", reason=result.reason)
    side = team_label(result.winner, players)
    return say(f"result.{result.kind}", side=side, reason=result.reason)


def _describe(snap: Snapshot, names: dict[Seat, str], players: int, timeline: Timeline) -> str:
    """One sentence for the step (the screen reader's live region reads it); each name in
    it isolated, so that its direction stays inside its brackets."""

    def who(seat: Seat) -> str:
        name = names.get(seat)
        return say("seat.named", seat=seat, name=isolate(name)) if name else seat

    event = snap.event
    if event is None:
        start = timeline.setup.start
        turn = say("step.to_play", who=who(snap.to_play)) if snap.to_play else say("step.over")
        if start is not None:
            return say("step.position", trick=start.trick, turn=turn)
        return say("step.start", turn=turn)
    verb = "step.lead" if event.position == 0 else "step.play"
    text = say(verb, trick=event.trick, who=who(event.seat), card=event.card.name)
    suit = snap.trump.suit.word if snap.trump.suit else say("seat.unknown")
    if event.revealed:
        text = say("step.revealed", sentence=text, suit=suit)
    if event.named:
        text = say("step.named", sentence=text, suit=suit)
    if event.revoke:
        text = say("step.revoke", sentence=text)
    text = say("step.end", sentence=text)
    if snap.trick_winner is not None:
        side = team_label(team_of(snap.trick_winner), players)
        text = say("step.won", sentence=text, who=who(snap.trick_winner), side=side)
    if snap.result is not None:
        text = say("step.result", sentence=text, result=result_words(snap.result, players))
    return text


# -- whole deal ----------------------------------------------------------------------------


def _tricks(timeline: Timeline) -> list[JSON]:
    """Every trick with its winner and the steps it spans (the static list and the trick
    navigation read it)."""
    out: list[JSON] = []
    for summary in timeline.tricks():
        first = summary.first_ply + 1 if summary.first_ply >= 0 else 0
        last = summary.first_ply + len(summary.cards)
        out.append(
            {
                "number": summary.number,
                "leader": summary.leader,
                "cards": [[seat, str(c)] for seat, c in summary.cards],
                "winner": summary.winner,
                "first_step": first,
                "last_step": last,
            }
        )
    return out


def _points(steps: list[JSON]) -> list[JSON]:
    """Every annotation of the deal in play order, one entry per item, for the jump list."""
    out: list[JSON] = []
    for k, step in enumerate(steps):
        card = step["card"]
        if card is None:
            continue
        notes = step["notes"]
        base = {"step": k, "seat": card["seat"], "card": card["card"]}
        if notes["glyph"]:
            out.append({**base, "kind": "glyph", "text": notes["glyph"]})
        for point in notes["points"]:
            out.append({**base, "kind": point["kind"], "text": " ".join(point["args"])})
        for nag in notes["nags"]:
            out.append({**base, "kind": "nag", "text": f"${nag['nag']} {nag['text']}".strip()})
        for comment in notes["comments"]:
            out.append({**base, "kind": "comment", "text": comment})
    return out


def _ten_steps(steps: list[JSON]) -> list[int]:
    """Steps at which some ten moves (played, captured, sent to the pile)."""
    out: list[int] = []
    for k in range(1, len(steps)):
        before = [(e["where"], e["team"]) for e in steps[k - 1]["ledger"]]
        after = [(e["where"], e["team"]) for e in steps[k]["ledger"]]
        if before != after:
            out.append(k)
    return out


# -- double-dummy values for the "analyse" toggle -----------------------------------------

# The solver's default limit, re-exported: the viewer solves what the commands solve.
PURE_PYTHON_MAX_TRICKS = solver_module.PURE_PYTHON_MAX_TRICKS
default_max_tricks = solver_module.default_max_tricks


def analysis_entry(
    record: DealRecord,
    k: int,
    solver: Solver,
    max_tricks: int | None = None,
    *,
    node: PlayNode | None = None,
) -> JSON:
    """The solver's word on step ``k`` (the position after ``k`` cards of the main line;
    with ``node``, the position right after that card of the tree, a variation's too),
    as the viewer draws it: the position's value and the value of every legal card of the
    player to move, each marked ``keeps`` when it keeps the best outcome open to that
    player's side (the position's value) — green in the viewer — or not (red); and, when
    the record plays on, the card it plays and whether that card was a mistake.

    ``status`` is ``"solved"`` (``"over"`` at the end of the deal: the value is the result),
    ``"too-early"`` (more than ``max_tricks`` tricks left: the solver would take too long,
    nothing is searched) or ``"unavailable"`` (``reason`` says why: an unknown hand, a
    record that cannot be replayed). Values are outcome integers from A/C's side
    (:func:`~.solver.value_text`); ``solver`` is reused from step to step, so a deal costs
    little more than its first position.
    """
    entry = failed_entry(k, None, max_tricks)
    limit: int = entry["max_tricks"]
    try:
        game = record.game_at(node) if node is not None else record.position(k)
        entry["tricks_left"] = left = tricks_left(game)
        entry["to_play"] = game.to_play
        entry["max_tricks"] = limit = solvable_tricks(game, limit)
        if left > limit:
            entry["status"] = "too-early"
            return entry
        solution = solver.solve(game)
    except ValueError as problem:  # an unknown hand or card, a replay that stops
        entry["reason"] = str(problem)
        return entry
    best = solution.value
    entry["status"] = "over" if game.finished else "solved"
    entry["value"] = best
    entry["text"] = value_text(best)
    entry["cards"] = {
        str(card): {"value": v, "text": value_text(v), "keeps": v == best}
        for card, v in solution.cards.items()
    }
    entry["moves"] = {str(move): v for move, v in solution.moves.items()}
    best_move = solution.best_move
    entry["best"] = str(best_move) if best_move is not None else None
    # The card the record plays next here: the main line's next card, or the first child.
    if node is not None:
        following = node.next()
    else:
        line = record.mainline()
        following = line[k] if k < len(line) else None
    if following is not None and following.card is not None and following.card in solution.cards:
        # The move as recorded (under version B, with or without the ask for the trump).
        after = solution.moves.get(Move(following.card, following.reveal_request))
        value = solution.cards[following.card] if after is None else after
        better = solution.best_move if value != best else None
        entry["played"] = {
            "card": str(following.card),
            "asked": following.reveal_request,
            "seat": game.to_play,
            "value": value,
            "text": value_text(value),
            "keeps": value == best,
            "better": str(better.card) if better is not None else None,
            "better_asks": better is not None and better.ask,
        }
    return entry


def failed_entry(k: int, reason: str | None, max_tricks: int | None = None) -> JSON:
    """An ``"unavailable"`` entry for step ``k``: no value, ``reason`` says why."""
    return {
        "step": k,
        "status": "unavailable",
        "tricks_left": None,
        "max_tricks": default_max_tricks() if max_tricks is None else max_tricks,
        "to_play": None,
        "value": None,
        "text": None,
        "cards": {},
        "moves": {},
        "best": None,
        "played": None,
        "reason": reason,
    }


def analysis_view(
    record: DealRecord, max_tricks: int | None = None, solver: Solver | None = None
) -> dict[str, JSON]:
    """:func:`analysis_entry` for every step of the deal (variations too), keyed by the
    step's node id as a string (JSON keys are strings): what the static page embeds, so
    that its "analyse" toggle works with no kernel. Steps with too many tricks left cost
    nothing."""
    solver = solver if solver is not None else Solver("outcome")
    _, nodes = board_view(record)
    if record.timeline is None or not len(record.timeline):
        return {}
    return {
        str(k): analysis_entry(record, k, solver, max_tricks, node=node)
        for k, node in enumerate(nodes)
    }


__all__ = [
    "PURE_PYTHON_MAX_TRICKS",
    "VIEW_VERSION",
    "analysis_entry",
    "analysis_view",
    "board_view",
    "deal_view",
    "default_max_tricks",
    "entry_view",
    "failed_entry",
    "fate_words",
    "form_view",
    "result_words",
]
