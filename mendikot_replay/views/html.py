"""Deals as self-contained HTML: a static, script-free view that scripts enhance into the
stepping viewer.

Notebook outputs travel: to nbconvert HTML, to code-hosting sites that render notebooks
(and strip every script and style), to a class by e-mail. So the HTML of a deal first says
everything without any script — the start hands, every trick with its winner, the tens
ledger, the result and the annotations, as plain tables and lists — and then carries the
viewer (:func:`~.assets.viewer_js`, inlined: no network, no CDN) and the deal's payload
(:func:`mendikot_replay.session.payload.deal_view`), which mount the stepping viewer over the
static view wherever scripts run.

Every piece of user text (names, events, comments) is escaped here or, in the browser,
inserted as text; JSON inside ``<script>`` has ``<``, ``>`` and ``&`` escaped so that no
comment can close the script element. Each name and comment also sits in a ``<bdi>``, its
text wrapped by :func:`~.user_text.isolate` too (for a page whose sanitizer drops the
element but keeps its text), so that a right-to-left override in a name cannot mirror the
sentence around it. The output is deterministic: the same record gives the same bytes
(element keys are a hash of the payload, not random ids).

With ``analyse=True`` the double-dummy solver's values are computed here, in Python, for
every step with few enough tricks left (:func:`~.payload.analysis_view`) and embedded in
the payload (``"analysis"``): the page has no kernel to ask, so its "analyse" toggle reads
them from there. Positions too early to solve cost a few bytes each.

>>> from mendikot_replay.pmn.reader import read_string
>>> text = '''[Event "Demo <b>"]
... [TrumpMethod "None"]
... [Hands "A:T... B:A... C:.2.. D:..2."]
... [Start "trick 13; tens 2-1; tricks 6-6"]
... [Play "A"]
... 13. A: TS AS 2H 2D
... '''
>>> fragment = deal_html(read_string(text)[0])
>>> "Demo &lt;b&gt;" in fragment, "<b>" in fragment, "http" in fragment
(True, False, False)
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Iterable, Sequence
from typing import Final

from ..core.cards import Suit
from ..pmn.record import DealRecord
from ..pmn.user_text import isolate, pieces
from ..session.payload import JSON, analysis_view, deal_view
from ..solver.search import Solver
from ..text import page_words, say, say_list, template
from .assets import viewer_css, viewer_js


def _sign(letter: str) -> str:
    """A suit's sign from its letter (``H`` → ``♥``; ``?`` for anything else)."""
    try:
        return Suit.parse(letter).symbol
    except ValueError:
        return "?"


def _suit(letter: str) -> str:
    """A suit's sign and word, as a sentence shows it (``♥ hearts``)."""
    return f"{_sign(letter)} {Suit.parse(letter).word}"


def payload_json(payload: JSON) -> str:
    """The payload as JSON that is safe inside a ``<script>`` element: sorted keys (so the
    bytes are deterministic) and ``<``, ``>``, ``&`` written as ``\\u`` escapes."""
    text = json.dumps(payload, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def payload_key(payload_text: str) -> str:
    """A short, deterministic key for a deal's elements: a hash of its payload."""
    return "mr" + hashlib.sha256(payload_text.encode("utf-8")).hexdigest()[:12]


def _payload(record: DealRecord, analyse: bool, max_tricks: int | None) -> JSON:
    payload = deal_view(record)
    if analyse:
        payload["analysis"] = analysis_view(record, max_tricks, Solver("outcome"))
    return payload


def _words_block() -> str:
    """The page's words in the language in force, once per page or fragment (the viewer of
    every deal in it reads them; English needs none: the viewer has the source)."""
    words = page_words()
    return (
        f'<script type="application/json" data-mr-words>{payload_json(words)}</script>'
        if words
        else ""
    )


def deal_html(record: DealRecord, *, analyse: bool = False, max_tricks: int | None = None) -> str:
    """An HTML fragment for one deal (what ``_repr_html_`` shows in a notebook): the static
    view, the payload, and a module script that mounts the stepping viewer over it (with
    ``analyse``, the solver's values too: see the module docstring)."""
    payload = _payload(record, analyse, max_tricks)
    text = payload_json(payload)
    key = payload_key(text)
    return (
        f'<div class="mr-embed" id="{key}" data-mr-embed="{key}">'
        f"<style>{viewer_css()}</style>"
        f"{_deal_block(payload, text, key)}{_words_block()}"
        f'<script type="module">{_module(key)}</script>'
        "</div>"
    )


def page_html(
    records: Iterable[DealRecord],
    title: str | None = None,
    *,
    analyse: bool = False,
    max_tricks: int | None = None,
) -> str:
    """A whole self-contained page (no network): every deal's static view and stepping
    viewer, and a deal selector when there are several. Opens in any browser from a file.
    ``analyse`` embeds the solver's values for positions with at most ``max_tricks`` tricks
    left (default :func:`~.solver.search.default_max_tricks`); the page opens with them shown."""
    title = title if title is not None else say("page.title")
    blocks: list[str] = []
    labels: list[str] = []
    for number, record in enumerate(records, 1):
        payload = _payload(record, analyse, max_tricks)
        text = payload_json(payload)
        key = f"{payload_key(text)}-{number}"
        blocks.append(
            f'<section class="mr-embed mr-deal" id="deal-{number}" data-mr-embed="{key}" '
            f'data-mr-deal="{number}">{_deal_block(payload, text, key)}</section>'
        )
        result = payload["result"]
        named = isolate(payload["title"])
        labels.append(
            say("deal.label_result", index=number, title=named, result=result["tag"])
            if result
            else say("deal.label", index=number, title=named)
        )
    selector = ""
    if len(blocks) > 1:
        options = "".join(
            f'<option value="{i}">{_esc(label)}</option>' for i, label in enumerate(labels, 1)
        )
        links = "".join(
            f'<li><a href="#deal-{i}">{_esc(label)}</a></li>' for i, label in enumerate(labels, 1)
        )
        selector = (
            f'<nav class="mr-deals" data-testid="mr-deals" aria-label="{_esc(say("page.deals"))}">'
            f"<ol>{links}</ol>"
            '<div class="mr-dealpicker" hidden>'
            '<button type="button" data-testid="mr-prev-deal" '
            f'aria-label="{_esc(say("page.previous_deal"))}">'
            f"{_esc(say('page.deal_back'))}</button> "
            f'<select data-testid="mr-deal-select" aria-label="{_esc(say("page.deal"))}">'
            f"{options}</select> "
            '<button type="button" data-testid="mr-next-deal" '
            f'aria-label="{_esc(say("page.next_deal"))}">{_esc(say("page.deal_on"))}</button>'
            "</div></nav>"
        )
    body = "".join(blocks) or f"<p>{_esc(say('page.no_deal'))}</p>"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_esc(title)}</title>\n"
        f"<style>{viewer_css()}{_PAGE_CSS}</style>\n"
        "</head>\n<body>\n"
        f"<h1>{_esc(title)}</h1>\n{selector}\n<main>{body}</main>\n"
        f"{_words_block()}"
        f'<script type="module">{_page_module()}</script>\n'
        "</body>\n</html>\n"
    )


_PAGE_CSS: Final = """
body { margin: 1em auto; max-width: 80em; padding: 0 1em; background: #fff; color: #1b1b1b;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
h1 { font-size: 1.4em; }
.mr-deal { margin: 0 0 1.5em; }
.mr-dealpicker { margin: 0 0 0.8em; display: flex; gap: 0.4em; align-items: center; }
.mr-dealpicker select, .mr-dealpicker button { font: inherit; }
.mr-js .mr-deals ol { display: none; }
/* Printed, the page is a handout: every deal's hands and trick list (the script-free view,
   shown again), one deal a page, and no buttons, sliders or deal picker. */
@media print {
  body { max-width: none; margin: 0; }
  .mr-host, .mr-dealpicker, button, select, input, .mr-js .mr-deals { display: none !important; }
  .mr-deal[hidden], [data-mr-static][hidden] { display: block !important; }
  .mr-deal { break-before: page; }
  .mr-deal:first-of-type { break-before: auto; }
  .mr-s-hands, .mr-s-tricks { break-inside: avoid; }
}
"""


def _say(message: str, **values: object) -> str:
    """A message as HTML: its words escaped, its values put in as given (each already HTML:
    escaped text, a card's span)."""
    return _esc(template(message)).format(**values)


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _user(text: str) -> str:
    """User text as HTML: escaped, isolated, in a ``<bdi>`` (see the module docstring)."""
    return f"<bdi>{_esc(isolate(text))}</bdi>"


def _sentence(text: str) -> str:
    """A payload sentence as HTML: its words escaped, each user text it quotes in a
    ``<bdi>`` (the viewer's ``sentence`` does the same in the browser)."""
    return "".join(
        f"<bdi>{_esc(piece)}</bdi>" if quoted else _esc(piece) for piece, quoted in pieces(text)
    )


# -- the scripts ---------------------------------------------------------------------------


def _module(key: str) -> str:
    """The module script of a fragment: the viewer, then mount every copy of this deal's
    block that is not mounted yet (the same deal may be shown twice in a notebook)."""
    return f"{viewer_js()}\nmountAll('[data-mr-embed=\"{key}\"]');\n"


def _page_module() -> str:
    """The page's module script: the viewer, then every deal and the deal selector."""
    return f"{viewer_js()}\nmountPage();\n"


# -- the static view -----------------------------------------------------------------------


def _deal_block(payload: JSON, text: str, key: str) -> str:
    return (
        f'<div class="mr-static" data-mr-static="{key}">{static_view(payload)}</div>'
        f'<script type="application/json" data-mr-payload="{key}">{text}</script>'
    )


def _card(card: str) -> str:
    """A card as text with its suit sign, and a class for colour where styles survive."""
    if len(card) != 2:
        return "--"
    rank = "10" if card[0] == "T" else card[0]
    return f'<span class="mr-s-{_esc(card[1])}">{_esc(rank)}{_sign(card[1])}</span>'


def _holding(cards: Sequence[str], suit: str) -> str:
    ranks = ["10" if c[0] == "T" else c[0] for c in cards if c[1] == suit]
    return " ".join(ranks) if ranks else "—"


def _seat_name(payload: JSON, seat: str) -> str:
    """The seat and its player, like ``A (Asha)``, as HTML: the name in a ``<bdi>``."""
    name = payload["names"].get(seat) or ""
    return f"{_esc(seat)} ({_user(name)})" if name else _esc(seat)


def static_view(payload: JSON) -> str:
    """The script-free view of a deal, as HTML (all user text escaped): heading, rules,
    trump, start hands, every trick with its winner, annotations, tens ledger, result."""
    out: list[str] = [
        f'<h3 class="mr-s-title">{_user(payload["title"])}</h3>',
    ]
    if payload["subtitle"]:
        out.append(f"<p>{_esc(payload['subtitle'])}</p>")
    facts = []
    if payload["rules"]:
        facts.append(_esc(payload["rules"]))
    if payload["dealer"]:
        facts.append(_esc(say("page.dealer", dealer=payload["dealer"])))
    if facts:
        out.append(f"<p>{' · '.join(facts)}</p>")
    teams = payload["team_labels"]
    players = say_list(
        [
            _say("page.player", seat=_seat_name(payload, s), side=_esc(teams[payload["teams"][s]]))
            for s in payload["seats"]
        ]
    )
    out.append(f"<p><strong>{_esc(say('page.players'))}</strong> {players}</p>")
    if payload["error"]:
        problem = _esc(say("page.problem"))
        out.append(f'<p class="mr-error"><strong>{problem}</strong> {_esc(payload["error"])}</p>')
    for comment in payload["deal_comments"]:
        out.append(f"<p><em>{_user(comment)}</em></p>")
    steps: list[JSON] = payload["steps"]
    if not steps:
        out.append(f"<p>{_esc(say('page.nothing'))}</p>")
        return "\n".join(out)
    start = steps[0]
    final = steps[payload["main_line"][-1]]  # the main line's end (variations come after)
    trump = _esc(say("page.trump"))
    out.append(f"<p><strong>{trump}</strong> {_trump_words(payload, start, final)}</p>")
    if payload["position"]:
        table = " ".join(f"{_esc(s)}:{_card(c)}" for s, c in start["table"])
        counts = _esc(
            say(
                "page.position_counts",
                ac_tricks=start["tricks"][0],
                bd_tricks=start["tricks"][1],
                ac_tens=start["tens"][0],
                bd_tens=start["tens"][1],
                first=teams["AC"],
            )
        )
        if table:
            counts = _say("page.position_table", counts=counts, cards=table)
        position = _esc(say("page.position", trick=payload["first_trick"]))
        out.append(f"<p><strong>{position}</strong> {counts}</p>")
    out.append(_hands_table(payload))
    out.append(_tricks_table(payload))
    out.append(_ledger_table(payload, final))
    out.append(_result_line(payload, final))
    out.append(_variations_list(payload))
    out.append(_notes_list(payload))
    out.append(_analysis_lines(payload))
    return "\n".join(out)


def _trump_words(payload: JSON, start: JSON, final: JSON) -> str:
    first, last = start["trump"], final["trump"]
    status = first["status"]
    if status == "none":
        return _esc(say("page.trump.none"))
    if status == "hidden":
        closed = _esc(say("page.trump.closed", holder=first["holder"] or "?"))
        if last["status"] == "revealed" and last["suit"]:
            sign, word = _sign(last["suit"]), Suit.parse(last["suit"]).word
            return _say(
                "page.trump.turned_up",
                closed=closed,
                card=last["since"] + 1,
                sign=sign,
                suit=_esc(word),
            )
        return _say("page.trump.never_revealed", closed=closed)
    if status == "unnamed":
        if last["status"] == "named" and last["suit"]:
            sign, word = _sign(last["suit"]), Suit.parse(last["suit"]).word
            at = last["since"] + 1
            return _say(
                "page.trump.cut_named", at=at, card=_card(last["card"]), sign=sign, suit=_esc(word)
            )
        return _esc(say("page.trump.cut_never"))
    suit = first["suit"]
    if not suit:
        return "?"
    sign, word = _sign(suit), _esc(Suit.parse(suit).word)
    if first["card"]:
        return _say("page.trump.known_card", sign=sign, suit=word, card=_card(first["card"]))
    return _say("page.trump.known", sign=sign, suit=word)


def _hands_table(payload: JSON) -> str:
    heading = _esc(
        say("page.hands_at", trick=payload["first_trick"])
        if payload["position"]
        else say("page.hands")
    )
    head = "".join(f'<th scope="col">{_sign(s)}</th>' for s in "SHDC")
    rows = []
    for seat in payload["seats"]:
        hand = payload["start_hands"].get(seat)
        team = payload["team_labels"][payload["teams"][seat]]
        if hand is None:
            cells = f'<td colspan="4">{_esc(say("page.unknown_hand"))}</td>'
        else:
            cells = "".join(f'<td class="mr-s-{s}">{_esc(_holding(hand, s))}</td>' for s in "SHDC")
        rows.append(
            f'<tr><th scope="row">{_seat_name(payload, seat)}</th><td>{_esc(team)}</td>{cells}</tr>'
        )
    return (
        f'<table class="mr-s-hands"><caption>{heading}</caption>'
        f'<thead><tr><th scope="col">{_esc(say("page.seat"))}</th>'
        f'<th scope="col">{_esc(say("page.team"))}</th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _tricks_table(payload: JSON) -> str:
    steps: list[JSON] = payload["steps"]
    teams = payload["team_labels"]
    rows = []
    for trick in payload["tricks"]:
        cards = []
        for j, (seat, card) in enumerate(trick["cards"]):
            at = trick["last_step"] - (len(trick["cards"]) - 1 - j)  # <= 0: before the record
            step = steps[at] if 0 < at < len(steps) else None
            mark = ""
            if step is not None and step["card"] is not None:
                if step["card"]["trump"]:
                    mark += "*"
                if step["notes"]["glyph"]:
                    mark += _esc(step["notes"]["glyph"])
            cards.append(f"{_esc(seat)}:{_card(card)}{mark}")
        winner = trick["winner"]
        won = (
            f"{_seat_name(payload, winner)} ({_esc(teams[payload['teams'][winner]])})"
            if winner
            else "—"
        )
        extra = ""
        if winner and payload["capture"] == "Dehla" and 0 <= trick["last_step"] < len(steps):
            collected = steps[trick["last_step"]]["collected"]
            if collected and collected["tricks"]:
                tens = " ".join(_card(t) for t in collected["tens"])
                message = "page.takes_pile_with" if tens else "page.takes_pile"
                extra = _say(message, count=collected["tricks"], tens=tens)
            elif collected:
                extra = _esc(say("page.to_pile"))
        rows.append(
            f"<tr><td>{trick['number']}</td><td>{_esc(trick['leader'])}</td>"
            f"<td>{' '.join(cards)}</td><td>{won}</td>"
            + (f"<td>{extra}</td>" if payload["capture"] == "Dehla" else "")
            + "</tr>"
        )
    pile = f'<th scope="col">{_esc(say("page.pile"))}</th>'
    heads = "".join(
        f'<th scope="col">{_esc(say(name))}</th>'
        for name in ("page.trick", "page.led_by", "page.cards", "page.winner")
    )
    return (
        f'<table class="mr-s-tricks"><caption>{_esc(say("page.tricks"))}</caption>'
        f"<thead><tr>{heads}{pile if payload['capture'] == 'Dehla' else ''}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _ledger_table(payload: JSON, final: JSON) -> str:
    rows = "".join(
        f'<tr><th scope="row">{_card(entry["card"])}</th>'
        f"<td>{_esc(say('ten.status.' + entry['where']))}</td>"
        f"<td>{_sentence(entry['text'])}</td></tr>"
        for entry in final["ledger"]
    )
    count = len(final["ledger"])
    word = say(f"page.tens.{count}") if count in (4, 8) else str(count)
    caption = _esc(say("page.tens_at_end", count=word))
    return f'<table class="mr-s-ledger"><caption>{caption}</caption><tbody>{rows}</tbody></table>'


def _result_line(payload: JSON, final: JSON) -> str:
    result = payload["result"]
    if result is None:
        return (
            f"<p><strong>{_esc(say('page.no_result'))}</strong> "
            f"{_esc(say('page.no_result_why'))}</p>"
        )
    counts = say(
        "page.result_counts",
        ac_tens=result["tens"][0],
        bd_tens=result["tens"][1],
        ac_tricks=result["tricks"][0],
        bd_tricks=result["tricks"][1],
        first=payload["team_labels"]["AC"],
    )
    banner = _esc(say("page.result", result=result["text"]))
    return f'<p class="mr-s-result"><strong>{banner}</strong> {_esc(counts)}</p>'


def _analysis_lines(payload: JSON) -> str:
    """The solver's findings for readers without scripts: where the analysis starts, the
    value there, and every card of the record that threw the outcome away."""
    analysis: dict[str, JSON] | None = payload.get("analysis")
    if not analysis:
        return ""
    solved = [analysis[str(k)] for k in payload["main_line"] if str(k) in analysis]
    solved = [e for e in solved if e["status"] in ("solved", "over")]
    if not solved:
        first = analysis.get("0", {})
        early = _esc(say("page.dd_early", tricks=first.get("max_tricks", "?")))
        return f"<p><strong>{_esc(say('page.dd'))}:</strong> {early}</p>"
    start = solved[0]
    items = []
    for entry in solved:
        played = entry["played"]
        if played is None or played["keeps"]:
            continue
        mistake = _say(
            "page.dd_mistake",
            card=entry["step"] + 1,
            seat=_esc(played["seat"]),
            played=_card(played["card"]),
            before=_esc(entry["text"]),
            after=_esc(played["text"]),
        )
        if played["better"]:
            mistake = _say("page.dd_better", mistake=mistake, card=_card(played["better"]))
        items.append(f"<li>{mistake}</li>")
    where = say("page.dd_card", card=start["step"]) if start["step"] else say("page.dd_start")
    mistakes = f"<p>{_esc(say('page.dd_clean'))}</p>"
    if items:
        mistakes = f'<ol class="mr-s-dd">{"".join(items)}</ol>'

    found = _say(
        "page.dd_from", where=_esc(where), tricks=start["tricks_left"], value=_esc(start["text"])
    )
    return f"<p><strong>{_esc(say('page.dd'))}</strong> {found}</p>{mistakes}"


def _variations_list(payload: JSON) -> str:
    """Every variation of the file, for readers without scripts: where it branches off,
    the card it replaces, its cards (tricks marked), and the result where it ends the deal
    — nested as the file nests them."""
    steps: list[JSON] = payload["steps"]

    def line(first: int) -> str:
        cards: list[str] = []
        nested: list[str] = []
        at: int | None = first
        while at is not None:
            step = steps[at]
            card = step["card"]
            cards.append(f"{_esc(card['seat'])} {_card(card['card'])}")
            if step["notes"]["glyph"]:
                cards[-1] += _esc(step["notes"]["glyph"])
            if step["winner"] is not None:
                won = say("page.wins_trick", seat=step["winner"], trick=step["trick"])
                cards[-1] += f" {_esc(won)}"
            cards.extend(f"“{_user(c)}”" for c in step["notes"]["comments"])
            nested.extend(branch(child) for child in step["children"][1:])
            at = step["children"][0] if step["children"] else None
            if at is None and step["result"] is not None:
                cards.append(f"<strong>{_esc(step['result']['tag'])}</strong>")
        inner = f"<ul>{''.join(nested)}</ul>" if nested else ""
        return " ".join(cards) + inner

    def branch(first: int) -> str:
        step = steps[first]
        parent = steps[step["parent"]]
        replaced = steps[parent["children"][0]]["card"]
        instead = _say(
            "page.instead",
            trick=step["trick"],
            seat=_esc(replaced["seat"]),
            card=_card(replaced["card"]),
            line=line(first),
        )
        return f"<li>{instead}</li>"

    items = [branch(child) for k in payload["main_line"] for child in steps[k]["children"][1:]]
    for dead in payload["dead_ends"]:
        cards = " ".join(_card(c) if c != "--" else "--" for c in dead["cards"])
        dead_end = _say("page.dead_end", card=dead["after"], cards=cards, error=_esc(dead["error"]))
        items.append(f"<li>{dead_end}</li>")
    if not items:
        return ""
    heading = _esc(say("page.variations"))
    return f'<h4>{heading}</h4><ul class="mr-s-variations">{"".join(items)}</ul>'


def _notes_list(payload: JSON) -> str:
    steps: list[JSON] = payload["steps"]
    items = []
    for k in payload["note_steps"]:
        step = steps[k]
        card = step["card"]
        notes = step["notes"]
        bits: list[str] = []
        if notes["glyph"]:
            bits.append(f"<strong>{_esc(notes['glyph'])}</strong>")
        bits.extend(f"${n['nag']} {_esc(n['text'])}" for n in notes["nags"])
        for point in notes["points"]:
            args = " ".join(point["args"])
            bits.append(f"[{_user(point['kind'])}" + (f" {_user(args)}]" if args else "]"))
        bits.extend(f"“{_user(c)}”" for c in notes["comments"])
        note = _say(
            "page.note",
            trick=step["trick"],
            card=k,
            seat=_esc(card["seat"]),
            played=_card(card["card"]),
            notes="; ".join(bits),
        )
        items.append(f"<li>{note}</li>")
    if not items:
        return ""
    heading = _esc(say("page.annotations"))
    return f'<h4>{heading}</h4><ol class="mr-s-notes">{"".join(items)}</ol>'


__all__ = [
    "deal_html",
    "page_html",
    "payload_json",
    "static_view",
    "viewer_css",
    "viewer_js",
]
