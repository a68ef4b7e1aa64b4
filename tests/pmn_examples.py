"""PMN texts and a record comparison shared by the reader and writer tests."""

from __future__ import annotations

from pathlib import Path

from mendikot_replay.pmn.record import DealRecord, PlayNode
from mendikot_replay.pmn.tags import canonical_value

#: docs/format.md's example, verbatim: a canonical file (readers must accept it as is).
FORMAT_EXAMPLE = """\
% PMN 1.0
[Event "Thursday club"]
[Site "Pune"]
[Date "2026.11.19"]
[Match "thu-19"]
[Deal "3"]
[A "Asha"]
[B "Bilal"]
[C "Chetan"]
[D "Divya"]
[Dealer "D"]
[TrumpMethod "Drawn"]
[Trump "S"]
[Hands "A:A63.T9853.T63.95 B:Q2.K.KQJ42.KQT43 C:JT5.AQJ7.A75.762 D:K9874.642.98.AJ8"]
[Result "AC win"]
[Tens "3-1"]
[Tricks "5-8"]
[Play "A"]
1. A: TH KH AH { C's ace takes the ten for A/C [%point ten-captured TH C] } 2H
2. C: JS 8S 3S QS
3. B: QD AD 8D TD! $21 { A drops the ten under partner's ace }
4. C: 5S 7S 6S 2S
5. D: 4S AS 4C TS
6. A: 5C 3C 2C 8C
7. D: 6H 3H QC 7H
8. C: QH 4H 5H KD
9. C: 7C AC 9C TC
10. D: 9D 3D 2D 5D
11. D: 9S 6D 4D JH
12. D: JC 9H KC 6C
13. B: JD 7D KS 8H
"""

#: docs/format.md's position example, verbatim (not canonical: Start comes before Hands).
POSITION_EXAMPLE = """\
[Event "Endgame: cover or duck?"]
[TrumpMethod "Drawn"]
[Trump "H"]
[Start "trick 10; tens 1-0; tricks 7-2"]
[Hands "A:..A98.T B:A..T2. C:K9..5.A D:QT.K8.."]
[Play "B"]
10. B: 5S
"""

#: The same deal as FORMAT_EXAMPLE's play, written as a sloppy human would (tags out of
#: order, several on a line, lower case, ``10``, Unicode suits, odd spacing, no header).
DEAL_TAGS = (
    '[Dealer "D"] [TrumpMethod "Drawn"] [Trump "S"]\n'
    '[Hands "A:A63.T9853.T63.95 B:Q2.K.KQJ42.KQT43 C:JT5.AQJ7.A75.762 D:K9874.642.98.AJ8"]\n'
    '[Play "A"]\n'
)
MAIN_TRICKS = [
    "1. A: TH KH AH 2H",
    "2. C: JS 8S 3S QS",
    "3. B: QD AD 8D TD",
    "4. C: 5S 7S 6S 2S",
    "5. D: 4S AS 4C TS",
    "6. A: 5C 3C 2C 8C",
    "7. D: 6H 3H QC 7H",
    "8. C: QH 4H 5H KD",
    "9. C: 7C AC 9C TC",
    "10. D: 9D 3D 2D 5D",
    "11. D: 9S 6D 4D JH",
    "12. D: JC 9H KC 6C",
    "13. B: JD 7D KS 8H",
]


def deal(*tricks: str, tags: str = DEAL_TAGS) -> str:
    """A deal of the example's hands with the given play lines."""
    return tags + "\n".join(tricks) + "\n"


def record_shape(record: DealRecord) -> object:
    """Everything a record *says* (tags by meaning, comments, the play tree with its
    annotations), without what the reader or replay derive (places, seats, markers)."""

    def node(n: PlayNode) -> object:
        return (
            None if n.card is None else str(n.card),
            n.reveal_request,
            n.revoke,
            tuple(n.nags),
            tuple(n.comments),
            tuple(n.starting_comments),
            tuple(node(child) for child in n.variations),
        )

    return (
        {name: canonical_value(name, value) for name, value in record.tags.items()},
        tuple(record.comments),
        record.unfinished,
        tuple(node(child) for child in record.variations),
    )


# The first sample endgame with C ducking (its variation as the main line): C's nine of
# spades lets D win cheaply and keep the lead, and B/D take the three tens left; with the
# king C wins the trick, A throws the ten of clubs on it, and A/C have their two tens and
# eight tricks (sample_games/endgame-cover-or-duck.pmn, deal 1). The solver, the analysis
# and the viewer's analyse toggle all judge it.
DUCK = """[Event "duck"]
[TrumpMethod "Drawn"]
[Trump "H"]
[Hands "A:..A98.T B:A..T2. C:K9..5.A D:QT.K8.."]
[Start "trick 10; tens 1-0; tricks 7-2"]
[Play "B"]
10. B: 5S 9S QS 8D
11. D: 8H 9D 2D KS
12. D: KH AD AS 5D
13. D: TS TC TD AC
"""

# DUCK where the solver cannot go: an illegal card (D's 7D is not held), and D's hand unknown.
DUCK_BROKEN = DUCK.replace("QS 8D", "QS 7D").replace('"duck"', '"broken"')
DUCK_UNKNOWN = DUCK.replace("D:QT.K8..", "D:-").replace('"duck"', '"unknown hand"')


def games_file(folder: Path, *deals: str) -> Path:
    """``folder/games.pmn`` holding ``deals``: a user's file of several deals for a test."""
    path = folder / "games.pmn"
    path.write_text("\n".join(deals), encoding="utf-8")
    return path
