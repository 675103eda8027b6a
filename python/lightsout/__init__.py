"""Lights Out of any game, solved exactly: fewest presses proven, K states, any graph.

    >>> import numpy as np, lightsout
    >>> answer = lightsout.solve(np.ones((5, 5), dtype=int))
    >>> answer.fewest, answer.proven
    (15, True)

Every answer comes from the `lightsout` crate's one solver, the command line's own.
"""

from ._lightsout import Answer, Game, GodsNumber, Nearest, gods_number, nullity, quiet_patterns, verify_bounds
from ._lightsout import solve as _solve

from typing import Any as _Any, Optional as _Optional, Union as _Union

import numpy as _np

__all__ = [
    "Answer",
    "Game",
    "GodsNumber",
    "Nearest",
    "from_networkx",
    "gods_number",
    "nullity",
    "quiet_patterns",
    "solve",
    "verify_bounds",
]


def solve(
    board: _Any,
    *,
    game: _Union[Game, str, None] = None,
    target: _Union[str, int] = "off",
    states: _Optional[int] = None,
    search_time: _Optional[float] = None,
    search_budget: _Optional[int] = None,
) -> Answer:
    """The presses that bring `board` to `target` ("off", "on" or a state), the fewest
    when proven within the search: an `Answer` with `presses` (an array of the board's
    shape), `fewest`, `proven`, `lower_bound`, `solvable`.

    The search, as the command line's `solve`: `search_time` seconds (None: the
    command line's 2 s, so one board gets one answer at both) for a two-state board, or `search_budget`
    word operations (a game of more states searches by these alone; a `search_time`
    there is refused, as `--search-time` is).

    `board`: an array (or nested lists) of states: bool, integers, or floats that are
    whole numbers (0.0, 1.0); any other value (0.7, NaN, a complex number) is refused
    with the light it is at. Read in its own type, a two-state board straight into bits.
    Or text, as the command line and the API read a board: `"0110/1001"` (rows separated
    by `/`), a list of row strings, or a run of every light for a `game`.

    `game`: None (the classic game of the board's shape), a built-in game's name, or a
    `Game` (`Game.grid`, `Game.graph6`, `from_networkx`). `states`: K, the states of a
    light (None: the game's own, 2 for the classic game); beside a game it makes that
    game's lights of K states, as the command line's `--game NAME --states K` does."""
    return _solve(
        _board_array(board),
        game=game,
        target=target,
        states=states,
        search_time=search_time,
        search_budget=search_budget,
    )


def _board_array(board: _Any) -> _Any:
    """`board` as the extension reads it: text as it is (`"0110/1001"`, rows as a list of
    strings joined by `/`), else a 2-D array in its own element type when that is bool,
    an integer or a float, in this machine's byte order."""
    if isinstance(board, str):
        return board
    if isinstance(board, (list, tuple)) and board and all(isinstance(r, str) for r in board):
        return "/".join(board)
    if _ragged(board):
        # Rows of other lengths: read as text rows are, so a short or long row gets the
        # library's sentence (row, light, what was found), not numpy's.
        rows = [[str(int(v) if isinstance(v, bool) else v) for v in row] for row in board]
        gap = "" if all(len(c) == 1 for row in rows for c in row) else " "
        return "/".join(gap.join(row) for row in rows)
    array = _np.asarray(board)
    if array.ndim == 1:
        array = array.reshape(1, -1)
    if array.ndim != 2:
        raise ValueError(f"board: expected a 2-D array of states, found {array.ndim} dimensions")
    kind = array.dtype.kind
    if kind == "c":
        raise ValueError(
            f"board: expected states as whole numbers, found complex numbers ({array.dtype})"
        )
    if kind == "f" and array.dtype.itemsize < 4:
        array = array.astype(_np.float32)
    elif kind not in "biuf":
        raise ValueError(
            f"board: expected states as whole numbers (bool, integers, or floats that are "
            f"whole), found {array.dtype} values"
        )
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    return array


def _ragged(board: _Any) -> bool:
    """Whether `board` is a list of rows (lists, tuples or 1-D arrays) of more than one
    length."""
    if not isinstance(board, (list, tuple)) or not board:
        return False
    rows = [r for r in board if isinstance(r, (list, tuple)) or getattr(r, "ndim", None) == 1]
    return len(rows) == len(board) and len({len(r) for r in rows}) > 1


def from_networkx(graph: _Any, *, rule: str = "plus", states: int = 2) -> Game:
    """The game on a networkx graph: a light and a button a node (in `graph.nodes`
    order); `rule` "plus" (a press changes its node and its neighbours) or "ring". A
    directed graph is a directed game (a press changes the nodes its arcs point to), as
    digraph6 is at the command line; a multigraph's parallel edges are one edge, as an
    edge list's repeated edges are."""
    nodes = list(graph.nodes)
    index = {node: i for i, node in enumerate(nodes)}
    edges = [(index[u], index[v]) for u, v, *_ in graph.edges]
    return Game.from_edges(
        len(nodes), edges, rule=rule, states=states, directed=graph.is_directed()
    )
