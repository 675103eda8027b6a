"""Lights Out of any game, solved exactly: fewest presses proven, K states, any graph.

    >>> import numpy as np, lightsout
    >>> answer = lightsout.solve(np.ones((5, 5), dtype=int))
    >>> answer.fewest, answer.proven
    (15, True)

Every answer comes from the `lightsout` crate's one solver, the command line's own.
"""

from ._lightsout import Answer, GodsNumber, gods_number, nullity, quiet_patterns
from ._lightsout import PyGame as Game
from ._lightsout import solve as _solve

import numpy as _np

__all__ = [
    "Answer",
    "Game",
    "GodsNumber",
    "from_networkx",
    "gods_number",
    "nullity",
    "quiet_patterns",
    "solve",
]


def solve(board, *, game=None, target="off", states=2, search_time=60.0):
    """The presses that bring `board` to `target` ("off", "on" or a state), the fewest
    when proven within `search_time` seconds: an `Answer` with `presses` (an array of
    the board's shape), `fewest`, `proven`, `lower_bound`, `solvable`.

    `game`: None (the classic game of the board's shape), a built-in game's name, or a
    `Game` (`Game.grid`, `Game.graph6`, `from_networkx`)."""
    array = _np.asarray(board)
    if array.ndim == 1:
        array = array.reshape(1, -1)
    if array.ndim != 2:
        raise ValueError(f"board: a 2-D array of states, found {array.ndim} dimensions")
    return _solve(
        _np.ascontiguousarray(array, dtype=_np.int64),
        game=game,
        target=target,
        states=states,
        search_time=search_time,
    )


def from_networkx(graph, *, rule="plus", states=2):
    """The game on a networkx graph: a light and a button a node (in `graph.nodes`
    order); `rule` "plus" (a press changes its node and its neighbours) or "ring"."""
    nodes = list(graph.nodes)
    index = {node: i for i, node in enumerate(nodes)}
    edges = [(index[u], index[v]) for u, v in graph.edges]
    return Game.from_edges(len(nodes), edges, rule=rule, states=states)
