"""The Python package against the command line's answers and published values."""

import shutil
import subprocess

import numpy as np
import pytest

import lightsout


def test_the_classic_all_on_board_takes_15_presses_proven():
    answer = lightsout.solve(np.ones((5, 5), dtype=int))
    assert (answer.fewest, answer.proven, answer.lower_bound) == (15, True, 15)
    assert answer.presses.shape == (5, 5)
    assert int(answer.presses.sum()) == 15


def test_presses_solve_the_board_they_answer():
    rng = np.random.default_rng(7)
    for shape in [(3, 3), (4, 6), (9, 9), (20, 13)]:
        presses = rng.integers(0, 2, size=shape)
        game = lightsout.Game.grid(*shape)
        board = _pressed(presses)
        answer = lightsout.solve(board, game=game)
        assert answer.solvable
        assert np.array_equal(_pressed(answer.presses), board)
        assert answer.fewest <= presses.sum()


def _pressed(presses, states=2):
    """Lights after `presses` on the classic plus rule, from all off (mod K)."""
    p = np.asarray(presses, dtype=int)
    lit = p.copy()
    lit[1:, :] += p[:-1, :]
    lit[:-1, :] += p[1:, :]
    lit[:, 1:] += p[:, :-1]
    lit[:, :-1] += p[:, 1:]
    return lit % states


def test_the_61_by_61_all_on_board_is_proven_1629():
    # The goal of issue 52; its 2^40 solutions are compared within the default time.
    answer = lightsout.solve(np.ones((61, 61)))
    assert (answer.fewest, answer.proven) == (1629, True)


def test_nullity_quiet_patterns_and_gods_number():
    assert lightsout.nullity(5, 5) == 2
    assert lightsout.nullity(4, 4) == 4
    quiet = lightsout.quiet_patterns(5, 5)
    assert quiet.shape == (2, 5, 5)
    for pattern in quiet:
        assert not _pressed(pattern).any()
    # Three states: Lights Out 2000's three generators (nullity 3, as the CLI counts),
    # each pressed once changing nothing (mod 3).
    lo2000 = lightsout.Game.named("2000")
    generators = lightsout.quiet_patterns(game=lo2000)
    assert generators.shape == (3, 5, 5)
    assert generators.max() <= 2 and generators.any()
    for pattern in generators:
        assert not _pressed(pattern, states=3).any()
    god = lightsout.gods_number(4, 4)
    assert (god.value, god.proven) == (7, True)
    hardest = lightsout.solve(god.hardest)
    assert hardest.fewest == 7


def test_games_by_name_graph6_and_networkx():
    merlin = lightsout.Game.named("merlin")
    assert merlin.lights == 9
    # The Petersen graph (graph6 `IheA@GUAo`): sigma+ nullity as the CLI counts it.
    petersen = lightsout.Game.graph6("IheA@GUAo")
    assert petersen.lights == 10
    nx = pytest.importorskip("networkx")
    same = lightsout.from_networkx(nx.petersen_graph())
    assert lightsout.nullity(game=same) == lightsout.nullity(game=petersen)
    three = lightsout.Game.named("2000")
    answer = lightsout.solve(np.full(three.shape, 1), game=three)
    assert answer.solvable and answer.presses.max() <= 2


def test_errors_are_exceptions_with_the_command_lines_words():
    with pytest.raises(ValueError, match="a state is 0..1"):
        lightsout.solve(np.array([[0, 2], [1, 1]]))
    with pytest.raises(ValueError, match="topology: expected plane"):
        lightsout.Game.grid(3, 3, topology="sphere")
    with pytest.raises(ValueError, match="expected a built-in game"):
        lightsout.Game.named("merln")


@pytest.mark.skipif(shutil.which("lightsout") is None, reason="the CLI is not on PATH")
def test_the_answer_is_the_command_lines():
    board = np.array([[1, 0, 1, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1], [1, 0, 0, 1]])
    text = "\n".join("".join(map(str, row)) for row in board) + "\n"
    out = subprocess.run(["lightsout", "solve"], input=text, capture_output=True, text=True, check=True)
    rows = [line.replace(" ", "") for line in out.stdout.splitlines()[1:]]
    answer = lightsout.solve(board)
    assert ["".join(map(str, r)) for r in answer.presses] == rows


RANDOM_61 = (
    "import numpy as np\n"
    "p = np.random.default_rng(1).integers(0, 2, (61, 61))\n"
    "board = p.copy()\n"
    "board[1:] ^= p[:-1]; board[:-1] ^= p[1:]; board[:, 1:] ^= p[:, :-1]; board[:, :-1] ^= p[:, 1:]\n"
)


@pytest.mark.parametrize(
    "setup, call",
    [
        # 19 x 19 (nullity 16): God's number is never proven.
        ("", "lightsout.gods_number(19, 19, search_time=600)"),
        # A random 61 x 61 board (nullity 40): about 30 s of proof on two cores.
        (RANDOM_61, "lightsout.solve(board, search_time=600)"),
    ],
)
def test_ctrl_c_stops_the_search_and_frees_its_cores(tmp_path, setup, call):
    # Ctrl-C raises KeyboardInterrupt, and the search stops with it rather than running
    # on unseen to its deadline (10 minutes here): the process spends almost no CPU
    # time once the exception is caught.
    import signal
    import sys
    import time

    script = tmp_path / "interrupted.py"
    script.write_text(
        "import time, lightsout\n"
        + setup
        + "try:\n"
        f"    {call}\n"
        "except KeyboardInterrupt:\n"
        "    time.sleep(0.5)\n"
        "    start = time.process_time()\n"
        "    time.sleep(2)\n"
        "    print('stopped', time.process_time() - start)\n"
    )
    child = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True
    )
    time.sleep(3)
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=60)
    assert out.startswith("stopped"), out
    # A search still running would spend about 2 s of CPU a core in those 2 s.
    assert float(out.split()[1]) < 0.3, out
