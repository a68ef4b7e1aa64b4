"""Type stub of the compiled double-dummy core (``core/module.c`` over the plain C interface
``core/ddcore.h``); see :mod:`.solver`."""

from collections.abc import Sequence

State = tuple[
    Sequence[Sequence[int]],  # per seat: four rank masks (bit rank-2), hand order
    int,  # leader's seat index
    Sequence[tuple[int, int, bool]],  # table: suit, rank - 2, counts as trump
    int,  # trump suit index, -1 for none
    bool,  # cut trump not named yet
    tuple[int, int],  # tricks taken, AC and BD
    tuple[int, int],  # tens taken, AC and BD
    int,  # Dehla: tricks in the pile
    int,  # Dehla: tens in the pile
    int,  # Dehla: streak seat index, -1 for none
    # closed trump face down: holder, suit, rank - 2, version B
    tuple[int, int, int, bool] | None,
]

class Core:
    nodes: int
    """Positions searched so far."""
    trick_nodes: int
    """Of those, the ones at the start of a trick: what DDS counts as nodes."""
    expanded: int
    """Of those, the ones neither the bounds nor the table settled: their cards were tried."""
    def __init__(
        self,
        players: int,
        total_tricks: int,
        dehla: bool,
        must_trump: bool,
        objective: int,
        table_bits: int = 20,
        split: int = -1,
        streak: bool = False,
        closed: int = 0,
        tie: bool = False,
    ) -> None:
        """``split``: the side that wins when the tens split 2-2 (0 A/C, 1 B/D: the house
        rule ``split-tens-non-dealer``), or -1 for the tricks to decide. ``streak``: under
        Dehla capture a run goes on after a take (``streak-goes-on``). ``closed``: the
        closed trump's house rules as ``MR_CLOSED_*`` bits (ddcore.h; ``search.closed_bits``).
        ``tie``: an even split of the tricks at tens 2-2 goes to the side that reached half
        first (``tie-half-first``)."""
    def search(self, state: State, alpha: int, beta: int) -> int: ...
    def value(self, state: State, guess: int = 0) -> int: ...
    def score(self, state: State) -> list[tuple[int, int, int, int]]:
        """Every legal move: (suit, rank - 2, ask (version B: 1 when the card asks for
        the face-down trump), value)."""
    def children(
        self, state: State, alpha: int, beta: int, asks: bool = True
    ) -> list[tuple[int, int, int, int]]:
        """Every legal move (asks left out unless ``asks``) with the fail-soft value of a
        null-window search over (alpha, beta) of the position after it."""
    def clear(self) -> None: ...
