"""The analysis board from Python: the play tree in the payload, trying cards, keeping and
throwing away lines, annotating anywhere, and saving — the page's requests included."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mendikot_replay as mr
from mendikot_replay.pmn.editing import EditError
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.tree import delete, play, promote
from mendikot_replay.pmn.writer import write_deal
from mendikot_replay.session.board import Board, BoardError
from mendikot_replay.session.payload import board_view
from mendikot_replay.solver.search import Solver

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
ENDGAMES = SAMPLES / "endgame-cover-or-duck.pmn"
FILES = sorted(SAMPLES.glob("*.pmn"))


def _cards(nodes: list[Any]) -> list[str]:
    return [str(n.card) for n in nodes]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_card_of_the_tree_has_a_consistent_step(path: Path) -> None:
    """Every variation of every sample is in the payload, each step the position the
    engine reaches along its own line (hands, legal cards), linked to its parent."""
    for record in read_deals(path):
        view, nodes = board_view(record)
        steps = view["steps"]
        assert len(steps) == len(nodes)
        # every card of the tree is a step or part of a dead end
        cards = sum(1 for _ in record.walk())
        assert len(nodes) - 1 + sum(len(d["cards"]) for d in view["dead_ends"]) == cards
        for k, (step, node) in enumerate(zip(steps, nodes, strict=True)):
            assert step["id"] == k
            game = record.game_at(node)
            hands = {s: {str(c) for c in h} for s, h in game.hands.items() if h is not None}
            assert {s: set(h) for s, h in step["hands"].items() if h is not None} == hands
            assert step["legal"] == [str(c) for c in game.legal_cards()]
            assert step["to_play"] == game.to_play
            for child in step["children"]:
                assert steps[child]["parent"] == k
                assert steps[child]["ply"] == step["ply"] + 1
                played = steps[child]["card"]
                # a legal card, or one played with an ask (the holder's face-down card under
                # holder-may-ask is playable only so)
                assert played["card"] in (step["asks"] if played["asked"] else step["legal"])
            if node is not None:
                assert step["main"] == record.is_mainline(node)
                assert (step["depth"] == 0) == step["main"]
                assert nodes[step["parent"]] is node.parent
                # children in the tree's order: the line's own card first
                siblings = node.parent.variations if node.parent else record.variations
                order = steps[step["parent"]]["children"].index(k)
                assert siblings.index(node) == order


def test_a_variation_that_cannot_be_replayed_is_a_dead_end() -> None:
    record = read_string(
        '[Dealer "D"]\n[TrumpMethod "None"]\n[Start "trick 12; tens 2-1; tricks 5-6"]\n'
        '[Hands "A:T2... B:A..3. C:.2..3 D:..2.4"]\n[Play "A"]\n'
        "12. A: TS AS ( 3D 2H ) 2H 2D\n"
    )[0]
    view, nodes = board_view(record)
    assert len(nodes) == 5  # the start and the main line: the variation's 3D is a revoke
    (dead,) = view["dead_ends"]
    assert dead["after"] == 1 and dead["cards"] == ["3D", "2H"]
    assert "3D" in dead["error"]


def test_the_tree_grows_only_with_legal_cards() -> None:
    record = next(iter(read_deals(ENDGAMES)))
    before = write_deal(record)
    with pytest.raises(mr.IllegalPlay, match="not in A's hand"):
        play(record, record.mainline()[1], "AS")
    assert write_deal(record) == before
    # the recorded card is the line itself: nothing is added
    main = record.mainline()
    assert play(record, main[0], str(main[1].card)) is main[1]
    assert write_deal(record) == before


def test_promote_keeps_the_old_main_line_as_a_variation() -> None:
    record = next(iter(read_deals(ENDGAMES)))  # B's 5S is on the table: C covers or ducks
    old_main = _cards(record.mainline())
    alternative = record.variations[1]  # the file's "duck with the nine"
    duck = _cards([alternative, *iter_line(alternative)])
    assert promote(record, alternative)
    assert _cards(record.mainline()) == duck
    assert _cards(record.variations) == [duck[0], old_main[0]]
    # the record is replayed along its new main line, with no new problem
    assert record.timeline is not None and len(record.timeline) == len(duck) + 1
    assert not record.errors
    assert promote(record, record.variations[1])
    assert _cards(record.mainline()) == old_main
    assert delete(record, record.variations[1]) is None  # it branched off at the start
    assert _cards(record.variations) == [old_main[0]]
    with pytest.raises(EditError, match="main line"):
        delete(record, record.mainline()[2])


def iter_line(node: Any) -> list[Any]:
    out = []
    while node.variations:
        node = node.variations[0]
        out.append(node)
    return out


def test_the_board_walks_a_variation_and_back() -> None:
    board = Board(next(iter(read_deals(ENDGAMES))))
    main = board.record.mainline()
    board.go(1)
    other = next(c for c in board.view["steps"][1]["legal"] if c != str(main[1].card))
    board.play(other)
    assert board.cards == [str(main[0].card), other] and not board.at_main_line
    new = board.view["steps"][board.path[2]]
    assert new["parent"] == 1 and new["card"]["card"] == other and new["depth"] == 1
    assert board.view["steps"][1]["children"] == [2, board.path[2]]
    board.back().back()
    assert board.step == 0 and board.cards == []
    board.go(2)  # stepping on again stays in the variation shown
    assert board.cards[-1] == other
    board.go_to(main[3])  # a card of the main line: the line shown is the main line again
    assert board.path == board.view["main_line"] and board.step == 4
    with pytest.raises(BoardError, match="not a line"):
        board.follow([0, 2, 1], 1)
    assert board.path == board.view["main_line"]


def test_best_and_play_out_keep_the_outcome() -> None:
    board = Board(next(iter(read_deals(ENDGAMES))), solver=Solver("outcome"))
    start = board.game()
    value = Solver("outcome").solve(start).value
    board.play_out()
    assert board.game().finished
    final = board.view["steps"][board.path[-1]]["result"]
    assert final is not None
    assert Solver("outcome").solve(board.game()).value == value


def test_best_refuses_where_the_solver_does_not_reach() -> None:
    board = Board(next(iter(read_deals(SAMPLES / "worked-example.pmn"))), max_tricks=3)
    with pytest.raises(BoardError, match="too early for the solver: 13 tricks"):
        board.best()
    board.go(len(board.line))
    with pytest.raises(BoardError, match="over"):
        board.best()


def _copy(tmp_path: Path, name: str = "endgame-cover-or-duck.pmn") -> Path:
    target = tmp_path / name
    shutil.copyfile(SAMPLES / name, target)
    return target


def _deal_texts(path: Path) -> list[bytes]:
    return [d.raw or b"" for d in read_deals(path)]


def _page(viewer: mr.Viewer) -> Callable[..., None]:
    """What the page sends: a request as the browser's ``model.send`` delivers it."""

    def send(**content: Any) -> None:
        viewer._on_message(viewer, content, None)

    return send


def test_the_page_plays_annotates_and_saves(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    before = _deal_texts(path)
    viewer = mr.replay(path, deal=2)
    send = _page(viewer)
    assert viewer.board and viewer.file == path.name and not viewer.dirty
    # an illegal card: the engine's reason on the board, nothing changed
    send(do="play", at=0, card="AS")
    assert viewer.notice["kind"] == "error" and "AS" in viewer.notice["text"]
    assert not viewer.dirty and viewer.path == viewer.data["main_line"]
    # another card: a variation, shown, with the ledger of its own line
    legal = viewer.data["steps"][0]["legal"]
    recorded = viewer.data["steps"][1]["card"]["card"]
    other = next(c for c in legal if c != recorded)
    send(do="play", at=0, card=other)
    shown = viewer.data["steps"][viewer.path[viewer.step]]
    assert viewer.step == 1 and shown["card"]["card"] == other and not shown["main"]
    assert viewer.dirty and viewer.line == [other]
    # a request about the tree as it was before that card (two quick clicks) is refused
    stale = viewer.data["revision"] - 1
    size = len(viewer.data["steps"])
    send(do="play", at=1, card=legal[-1], revision=stale)
    assert viewer.notice["kind"] == "error" and "just changed" in viewer.notice["text"]
    assert len(viewer.data["steps"]) == size and viewer.line == [other]
    send(do="comment", at=viewer.path[1], text="what if?", index=None)
    send(do="glyph", at=viewer.path[1], glyph="?!")
    send(do="nag", at=viewer.path[1], nag=25, on=True)
    own = viewer.data["steps"][viewer.path[1]]["notes"]["own"]
    assert own == [{"index": 0, "text": "what if?"}]
    send(do="comment", at=viewer.path[1], text="what if, indeed?", index=0)
    send(do="save")
    assert viewer.notice["kind"] == "saved" and not viewer.dirty
    after = _deal_texts(path)
    assert after[0] == before[0] and after[2:] == before[2:]  # the other deals: byte for byte
    saved = list(read_deals(path))[1]
    assert not saved.errors
    node = next(n for n in saved.variations if str(n.card) == other)
    assert node.comments == ["what if, indeed?"] and node.glyph() == "?!" and 25 in node.nags
    main_before = _cards(list(read_string(before[1].decode())[0].mainline()))
    assert _cards(saved.mainline()) == main_before


def test_a_save_after_changes_elsewhere_in_the_file_says_so(tmp_path: Path) -> None:
    """Someone changed another deal of the file: the deal is found again and saved, the
    other change kept — and the board says what happened."""
    path = _copy(tmp_path)
    viewer = mr.replay(path, deal=2)
    send = _page(viewer)
    send(do="comment", at=0, text="checked in class")
    someone = path.read_bytes().replace(b"Cover with the king", b"Cover, or not,", 1)
    path.write_bytes(someone)
    send(do="save")
    assert viewer.notice["kind"] == "saved" and "changed" in viewer.notice["text"]
    text = path.read_text(encoding="utf-8")
    assert "Cover, or not," in text and "checked in class" in text


def test_a_file_changed_on_disk_is_never_overwritten(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    viewer = mr.replay(path, deal=1)
    send = _page(viewer)
    send(do="comment", at=0, text="a note on the deal")
    someone = path.read_bytes().replace(b"Cover with the king", b"Cover, or not,", 1)
    path.write_bytes(someone)
    send(do="save")
    assert viewer.notice["kind"] == "conflict"
    assert viewer.notice["actions"] == ["reload", "save_as"]
    assert path.read_bytes() == someone and viewer.dirty
    send(do="save_as", path="mine.pmn")
    assert viewer.notice["kind"] == "saved" and viewer.dirty
    (copy,) = read_deals(tmp_path / "mine.pmn")
    assert "a note on the deal" in copy.comments
    send(do="reload")
    assert not viewer.dirty and "a note on the deal" not in viewer.record.comments
    assert "Cover, or not," in " ".join(viewer.record.comments)


def test_python_calls_raise_and_show(tmp_path: Path) -> None:
    path = _copy(tmp_path)
    viewer = mr.replay(path, deal=1)
    with pytest.raises(mr.IllegalPlay):
        viewer.play("AS")
    assert viewer.notice["kind"] == "error" and not viewer.dirty
    viewer.go(2).promote()  # the main line already: nothing moves, nothing to save
    assert not viewer.dirty and viewer.step == 2
    viewer.go(0).play("9S")  # C ducks: the file's own variation, entered (nothing new)
    assert viewer.line == ["9S"] and not viewer.dirty
    steps = viewer.data["steps"]
    here = steps[viewer.path[1]]
    tried = {steps[child]["card"]["card"] for child in here["children"]}
    new = next(c for c in here["legal"] if c not in tried)
    viewer.play(new)  # D tries another card: a variation inside the variation
    assert viewer.line == ["9S", new] and viewer.dirty
    assert viewer.data["steps"][viewer.path[2]]["depth"] == 2
    viewer.best().best()
    assert len(viewer.line) == 4
    viewer.back()
    assert len(viewer.line) == 3
    viewer.promote()
    assert viewer._board.at_main_line
    assert _cards(viewer.record.mainline())[:2] == ["9S", new]
    viewer.save()
    assert not viewer.dirty
    saved = next(iter(read_deals(path)))
    assert _cards(saved.mainline())[:2] == ["9S", new]
    assert "KS" in _cards(saved.variations)


OPS = st.lists(
    st.one_of(
        st.tuples(st.just("play"), st.integers(0, 12)),
        st.tuples(st.just("back"), st.just(0)),
        st.tuples(st.just("go"), st.integers(0, 20)),
        st.tuples(st.just("promote"), st.just(0)),
        st.tuples(st.just("delete"), st.just(0)),
        st.tuples(st.just("comment"), st.integers(0, 3)),
        st.tuples(st.just("glyph"), st.integers(0, 6)),
    ),
    max_size=25,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=OPS, deal=st.integers(1, 4))
def test_any_session_saves_a_file_that_reads_back(
    tmp_path: Path, ops: list[tuple[str, int]], deal: int
) -> None:
    """Whatever a person does on the board — plays, backs, promotions, deletions,
    comments — the saved file reads back without errors, the other deals are byte for
    byte as they were, and the main line is as it was unless a promotion was made (or
    the line went on from its end)."""
    path = tmp_path / f"session-{deal}.pmn"
    shutil.copyfile(ENDGAMES, path)
    before = _deal_texts(path)
    viewer = mr.replay(path, deal=deal)
    main = _cards(viewer.record.mainline())
    promoted = False
    for op, n in ops:
        steps = viewer.data["steps"]
        here = steps[viewer.path[viewer.step]]
        if op == "play" and here["legal"]:
            viewer.play(here["legal"][n % len(here["legal"])])
        elif op == "back":
            viewer.back()
        elif op == "go":
            viewer.go(n)
        elif op == "promote":
            promoted |= viewer._board.node is not None and not viewer._board.at_main_line
            viewer.promote()
        elif op == "delete" and not viewer._board.at_main_line:
            viewer.delete_variation()
        elif op == "comment":
            viewer.comment(f"note {n} {{with braces}} and \\ backslash")
        elif op == "glyph" and viewer.node is not None:
            viewer.glyph(["!", "?", "!!", "??", "!?", "?!", None][n])
    viewer.save()
    after = read_deals(path)
    deals = list(after)
    assert [d.raw for i, d in enumerate(deals) if i != deal - 1] == [
        t for i, t in enumerate(before) if i != deal - 1
    ]
    saved = deals[deal - 1]
    assert not saved.errors, saved.errors
    if not promoted:
        assert _cards(saved.mainline())[: len(main)] == main
    assert write_deal(saved) == write_deal(viewer.record)


def test_the_script_free_view_lists_the_variations() -> None:
    """Where scripts cannot run (a code-hosting site's preview), the file's variations are
    still read: where each branches off, its cards, its comments and its result."""
    from mendikot_replay.views.html import static_view

    record = next(iter(read_deals(ENDGAMES)))
    html = static_view(board_view(record)[0])
    listed = html[html.index("<h4>Variations</h4>") : html.index("<h4>Annotations</h4>")]
    assert 'trick 10, instead of C <span class="mr-s-S">K♠</span>' in listed
    assert "Ducking lets D win cheaply" in listed and "<strong>BD win</strong>" in listed
    # the main line's own end is still what the summary reports
    assert "A/C win" in html[html.index("mr-s-ledger") :]
