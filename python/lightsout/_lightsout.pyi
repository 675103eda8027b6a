"""Types of the compiled extension (`python/src/lib.rs`): what an editor and mypy see."""

from typing import Any, Literal, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

Target = Union[str, int]

class Game:
    """A game: lights of K states and buttons (any grid, built-in game or graph)."""

    @staticmethod
    def grid(
        rows: int, cols: int, *, topology: str = "plane", rule: str = "plus", states: int = 2
    ) -> "Game": ...
    @staticmethod
    def named(name: str) -> "Game": ...
    @staticmethod
    def graph6(line: str, *, rule: str = "plus", states: int = 2) -> "Game": ...
    @staticmethod
    def from_edges(
        vertices: int,
        edges: Sequence[Tuple[int, int]],
        *,
        rule: str = "plus",
        states: int = 2,
        directed: bool = False,
    ) -> "Game": ...
    @property
    def lights(self) -> int: ...
    @property
    def buttons(self) -> int: ...
    @property
    def states(self) -> int: ...
    @property
    def shape(self) -> Tuple[int, int]: ...

class Nearest:
    """The nearest board that can be solved: the fewest lights changed."""

    @property
    def board(self) -> npt.NDArray[np.uint8]: ...
    @property
    def changed(self) -> int: ...
    @property
    def proven(self) -> bool: ...

class Answer:
    """One board's answer."""

    @property
    def solvable(self) -> bool: ...
    @property
    def presses(self) -> Optional[npt.NDArray[np.uint8]]: ...
    @property
    def fewest(self) -> Optional[int]: ...
    @property
    def proven(self) -> Optional[bool]: ...
    @property
    def lower_bound(self) -> Optional[int]: ...
    @property
    def nearest(self) -> Optional[Nearest]: ...

class GodsNumber:
    """God's number: the most presses any solvable board needs."""

    @property
    def value(self) -> Optional[int]: ...
    @property
    def proven(self) -> bool: ...
    @property
    def lower_bound(self) -> int: ...
    @property
    def upper_bound(self) -> int: ...
    @property
    def hardest(self) -> Optional[npt.NDArray[np.uint8]]: ...
    @property
    def histogram(self) -> Optional[list[int]]: ...
    @property
    def method(self) -> str: ...
    @property
    def subcode(self) -> Optional[npt.NDArray[np.uint8]]: ...

def solve(
    board: Any,
    *,
    game: Union[Game, str, None] = None,
    target: Optional[Target] = None,
    states: Optional[int] = None,
    search_time: Optional[float] = None,
    search_budget: Optional[int] = None,
) -> Answer: ...
def nullity(
    rows: Optional[int] = None,
    cols: Optional[int] = None,
    *,
    game: Union[Game, str, None] = None,
    topology: str = "plane",
    rule: str = "plus",
    states: Optional[int] = None,
) -> int: ...
def quiet_patterns(
    rows: Optional[int] = None,
    cols: Optional[int] = None,
    *,
    game: Union[Game, str, None] = None,
    topology: str = "plane",
    rule: str = "plus",
    states: Optional[int] = None,
) -> npt.NDArray[np.uint8]: ...
def gods_number(
    rows: Optional[int] = None,
    cols: Optional[int] = None,
    *,
    game: Union[Game, str, None] = None,
    topology: str = "plane",
    rule: str = "plus",
    states: Optional[int] = None,
    method: str = "auto",
    search_time: Optional[float] = None,
) -> GodsNumber: ...

def verify_bounds(text: str, *, search_time: Optional[float] = None) -> Tuple[int, int]:
    """A results file of God's number's bounds proven again from its lines: (lower, upper),
    or ValueError naming the line that does not hold."""
    ...
