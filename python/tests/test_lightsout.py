"""The Python package against the command line's answers and published values."""

import json
import shutil
import subprocess

import numpy as np
import pytest

import lightsout


def test_the_classic_all_on_board_takes_15_presses_proven():
    answer = lightsout.solve(np.ones((5, 5), dtype=int))
    assert (answer.fewest, answer.proven, answer.lower_bound) == (15, True, 15)
    assert answer.presses is not None
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
    # The goal of issue 52; its 2^40 solutions are compared within a minute (about
    # 10 s on two cores; the default, the command line's 2 s, is not enough).
    answer = lightsout.solve(np.ones((61, 61)), search_time=60)
    assert (answer.fewest, answer.proven) == (1629, True)


def test_an_answer_not_proven_says_so_and_how_to_ask_for_more():
    # Issue 72: Python's default search is the command line's (one board, one answer
    # at both); an answer the search did not prove says it, and what proves it.
    answer = lightsout.solve(np.ones((61, 61)), search_budget=1)
    assert answer.solvable and not answer.proven
    assert answer.fewest is not None and answer.lower_bound is not None
    assert answer.lower_bound <= answer.fewest
    assert repr(answer) == (
        f"lightsout.Answer({answer.fewest} presses, not proven the fewest; at least "
        f"{answer.lower_bound}; a larger search_time or search_budget may prove it)"
    )


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
    # 16 buttons: every board enumerated, as `census` does (32 of 4,096 need 7).
    god = lightsout.gods_number(4, 4)
    assert (god.value, god.proven, god.method) == (7, True, "enumerate")
    assert god.histogram is not None
    assert sum(god.histogram) == 4096 and god.histogram[7] == 32
    # The classes' search, named: a hardest board, which needs exactly that.
    god = lightsout.gods_number(4, 4, method="classes")
    assert (god.value, god.proven, god.method) == (7, True, "classes")
    hardest = lightsout.solve(god.hardest)
    assert hardest.fewest == 7


def test_gods_number_past_nullity_ten_names_the_subcode_that_bounds_it():
    # Issue 66: 19 x 19 (nullity 16): the congruences bound it by 180, a subcode of
    # dimension 14 by less; its words are quiet patterns.
    god = lightsout.gods_number(19, 19, search_time=20)
    assert not god.proven and god.upper_bound < 180
    assert god.subcode is not None and god.subcode.shape == (14, 19, 19)
    for word in god.subcode:
        assert word.any() and not _pressed(word).any()
    assert lightsout.gods_number(4, 4, method="classes").subcode is None


def test_gods_number_of_any_k_is_the_command_lines_census():
    # Issue 64: `gods_number` reads its keywords into the library's census request, so
    # it enumerates games of more states as `census` does, and refuses what `census`
    # refuses, in the same sentence.
    out = subprocess.run(
        ["lightsout", "census", "--rows", "3", "--cols", "3", "--states", "3", "--format", "json"],
        capture_output=True, text=True, check=True,
    )
    census = json.loads(out.stdout)
    god = lightsout.gods_number(3, 3, states=3)
    assert (god.value, god.proven, god.method) == (census["gods_number"], True, "enumerate")
    assert god.histogram == [int(n) for n in census["histogram"]]
    with pytest.raises(ValueError) as refused:
        lightsout.gods_number(3, 3, states=3, method="classes")
    assert str(refused.value) == (
        "method=classes finds God's number of two-state games; this one has 3 states: "
        "method=enumerate"
    )
    with pytest.raises(ValueError, match="method: expected auto, enumerate or classes, found `all`"):
        lightsout.gods_number(3, 3, method="all")


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
    assert answer.solvable and answer.presses is not None and answer.presses.max() <= 2


def test_states_beside_a_game_are_used_never_dropped():
    # Hardening seven, item 2: `states=` beside a game was dropped. As the command line's
    # `--game merlin --states 3`: Merlin's all-on board of three states takes 13 presses
    # (two states: 5), its God's number is 18 (census --game merlin --states 3); a Game
    # of 3 states asked with states=5 is the game of 5 states (`solve --states 5`: 16).
    assert lightsout.solve("111111111", game="merlin").fewest == 5
    assert lightsout.solve("111111111", game="merlin", states=3).fewest == 13
    assert lightsout.gods_number(game="merlin", states=3).value == 18
    grid = lightsout.Game.grid(4, 4, states=3)
    assert lightsout.solve(np.full((4, 4), 1), game=grid, states=5).fewest == 16
    assert lightsout.solve(np.full((4, 4), 1), game=grid).fewest == lightsout.solve(
        np.full((4, 4), 1), states=3
    ).fewest
    assert lightsout.quiet_patterns(game="merlin", states=3).shape[0] == lightsout.nullity(
        game="merlin", states=3
    )


def test_errors_are_exceptions_with_the_command_lines_words():
    # `lightsout solve --rows 2 --cols 2 --states 3` on `0 2 / 1 5`: "expected light 2 of
    # 2: a state 0..2 in row 2 of board 1, found `5`".
    with pytest.raises(ValueError, match="expected `0` or `1` for light 2 of 2 in row 1 of board 1, found `2`"):
        lightsout.solve(np.array([[0, 2], [1, 1]]))
    with pytest.raises(ValueError, match="expected light 2 of 2: a state 0..2 in row 2 of board 1, found `5`"):
        lightsout.solve(np.array([[0, 2], [1, 5]]), states=3)
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
    assert answer.presses is not None
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
        # The 5 x 5 of three states: 3^22 patterns enumerated, minutes of work.
        ("", "lightsout.gods_number(5, 5, states=3)"),
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
    # Ctrl-C as KeyboardInterrupt even where the runner was started with SIGINT ignored
    # (a script's background job), which Python would otherwise keep.
    script.write_text(
        "import signal, time, lightsout\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
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


def test_floats_are_read_only_when_whole_and_never_truncated():
    # Hardening six: 0.7 was read as 0 (fewest 0, "proven"), b + 0.999 as b, NaN as a
    # huge negative number, a complex board with a warning only.
    with pytest.raises(ValueError, match=r"`0` or `1` for light 1 of 3 in row 1 of board 1, found `0.7`"):
        lightsout.solve(np.full((3, 3), 0.7))
    board = np.array([[1, 0, 1], [0, 1, 0], [1, 0, 1]])
    with pytest.raises(ValueError, match="found `1.999`"):
        lightsout.solve(board + 0.999)
    with pytest.raises(ValueError, match="found `NaN`"):
        lightsout.solve(np.where(board == 1, np.nan, 0.0))
    with pytest.raises(ValueError, match="found `inf`"):
        lightsout.solve(np.where(board == 1, np.inf, 0.0))
    with pytest.raises(ValueError, match="complex"):
        lightsout.solve(board + 0j)
    with pytest.raises(ValueError, match="found `-1`"):
        lightsout.solve(-board)
    # Whole floats (of any width), bools and every integer type, in either byte
    # order, read as the integers they are.
    want = lightsout.solve(board)
    for same in [
        board.astype(float),
        board.astype(np.float32),
        board.astype(np.float16),
        board.astype(bool),
        board.astype(np.uint8),
        board.astype(np.int16),
        board.astype(">i8"),
        board.astype(">f8"),
        np.asfortranarray(board),
        np.repeat(board, 2, axis=1)[:, ::2],
    ]:
        got = lightsout.solve(same)
        assert (got.fewest, got.proven) == (want.fewest, want.proven), same.dtype
        assert got.presses is not None and want.presses is not None
        assert np.array_equal(got.presses, want.presses)


def test_arguments_are_refused_with_value_errors_in_the_command_lines_words():
    board = np.ones((3, 3), dtype=int)
    # `--target 1`, as the command line takes it.
    assert lightsout.solve(board, target="1").fewest == lightsout.solve(board, target=1).fewest
    assert lightsout.solve(board, target="on").fewest == 0
    with pytest.raises(ValueError, match=r"target: expected `off`, `on` or a state \(a number 0..K-1\), found `up`"):
        lightsout.solve(board, target="up")
    # The command line's `--target 2` on a two-state game, word for word after the field.
    past = "target: expected `off`, `on` or a state 0..1 (lights have 2 states), found `2`"
    twos: "list[str | int]" = ["2", 2]
    for two in twos:
        with pytest.raises(ValueError) as refused:
            lightsout.solve(board, target=two)
        assert str(refused.value) == past
    for k in [256, -1, 1, 0]:
        with pytest.raises(ValueError, match=f"states: expected a number of states K from 2 to 255, found `{k}`"):
            lightsout.solve(board, states=k)
        with pytest.raises(ValueError, match="from 2 to 255"):
            lightsout.Game.grid(3, 3, states=k)
    with pytest.raises(ValueError) as refused:
        lightsout.solve(board, search_time=1e300)
    assert "1e300" in str(refused.value) and len(str(refused.value)) < 120


def test_a_directed_networkx_graph_is_a_directed_game_and_a_multigraph_is_read():
    nx = pytest.importorskip("networkx")
    # The path 0 -> 1 -> 2 as arcs: board 100 takes 3 presses, as digraph6 `&BP?` does
    # at the command line (`lightsout solve --game FILE`, FILE holding `&BP?`).
    directed = lightsout.from_networkx(nx.DiGraph([(0, 1), (1, 2)]))
    assert lightsout.solve(np.array([[1, 0, 0]]), game=directed).fewest == 3
    undirected = lightsout.from_networkx(nx.Graph([(0, 1), (1, 2)]))
    assert lightsout.solve(np.array([[1, 0, 0]]), game=undirected).fewest == 2
    # Parallel edges are one edge, as an edge list's repeated lines are.
    multi = lightsout.from_networkx(nx.MultiGraph([(0, 1), (0, 1), (1, 2)]))
    assert lightsout.nullity(game=multi) == lightsout.nullity(game=undirected)
    assert lightsout.solve(np.array([[1, 0, 0]]), game=multi).fewest == 2
    with pytest.raises(ValueError, match=r"edge 1 \(0, 5\): expected vertices 0 to 2"):
        lightsout.Game.from_edges(3, [(0, 5)])


def test_a_large_bool_board_is_read_into_bits():
    # An 8000 x 8000 bool array (61 MiB) peaked at 730 MB when it was copied to int64;
    # read into the board's bits, the whole call stays under 250 MiB.
    import sys

    script = (
        "import numpy as np, resource, lightsout\n"
        # All on: solvable on every board (Sutner's theorem).
        "board = np.ones((8000, 8000), dtype=bool)\n"
        "answer = lightsout.solve(board, search_time=0)\n"
        "assert answer.solvable and answer.presses.shape == (8000, 8000)\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    peak_kib = int(out.stdout.split()[-1])
    assert peak_kib < 250 * 1024, f"peak {peak_kib / 1024:.0f} MiB"


def test_a_board_as_text_is_read_as_the_command_line_and_the_api_read_it():
    # Issue 64: Python refused `"0110/1001"`, which the command line and the API take.
    want = lightsout.solve(np.array([[0, 1, 1, 0], [1, 0, 0, 1]]))
    for text in ["0110/1001", ["0110", "1001"], ".##./#..#", "0 1 1 0/1 0 0 1"]:
        got = lightsout.solve(text)
        assert (got.fewest, got.proven) == (want.fewest, want.proven), text
        assert got.presses is not None and want.presses is not None
        assert np.array_equal(got.presses, want.presses), text
    # A run of every light, for a game of that shape (the 25-character run of 5 x 5).
    run = "0110010010100101001000110"
    game = lightsout.Game.grid(5, 5)
    rows = [run[i : i + 5] for i in range(0, 25, 5)]
    assert lightsout.solve(run, game=game).fewest == lightsout.solve(rows).fewest
    with pytest.raises(ValueError, match="board: .*found the end of the line after 1 light"):
        lightsout.solve("01/1")


def _doors():
    """The table of requests every door answers alike (tests/data/doors.json)."""
    import json
    import pathlib

    return json.loads((pathlib.Path(__file__).parents[2] / "tests/data/doors.json").read_text())


def _asked(case):
    """A request of the table through Python: its game, then its board as text."""
    settings = {k: case[k] for k in ("topology", "rule") if k in case}
    if "states" in case:
        settings["states"] = int(case["states"])
    game = lightsout.Game.grid(case["rows"], case["cols"], **settings)
    return lightsout.solve("/".join(case["board"]), game=game, target=case.get("target", "off"))


def test_every_request_of_the_table_gets_the_answer_every_door_gives():
    # Issue 64: the same request gets the same answer at every door (the command line,
    # GET, both bodies: tests/it/doors.rs, which holds each to breadth-first search).
    for case in _doors()["good"]:
        want = case["answer"]
        got = _asked(case)
        assert got.solvable == want["solvable"], case
        if got.solvable:
            assert (got.fewest, got.proven) == (want["fewest"], want["proven"]), case
            rows = ["".join(str(v) for v in row) for row in got.presses]
            assert rows == want["presses"], case
        # An unsolvable board's nearest solvable one, as every door gives it.
        if "nearest" in want:
            rows = ["".join(str(v) for v in row) for row in got.nearest.board]
            near = want["nearest"]
            assert (rows, got.nearest.changed, got.nearest.proven) == (near["board"], near["changed"], near["proven"]), case
        else:
            assert got.nearest is None, case
        # As an array of numbers too.
        numbers = np.array([[int(c) for c in row] for row in case["board"]], dtype=np.uint8)
        settings = {k: case[k] for k in ("topology", "rule")}
        game = lightsout.Game.grid(case["rows"], case["cols"], states=case["states"], **settings)
        again = lightsout.solve(numbers, game=game, target=case["target"])
        assert (again.solvable, again.fewest) == (got.solvable, got.fewest), case


def test_every_bad_request_of_the_table_is_refused_in_the_command_lines_sentence():
    for case in _doors()["bad"]:
        with pytest.raises(ValueError) as refused:
            _asked(case)
        assert ": " + case["sentence"] in str(refused.value), (case, str(refused.value))


def test_games_are_made_by_the_library_with_every_doors_checks_and_words():
    # Issue 64: Python made its games itself; now through the library, it meets the
    # command line's and the server's checks and sentences.
    with pytest.raises(ValueError, match="grid games other than the classic plus rule"):
        lightsout.Game.grid(5000, 5000, topology="torus")
    with pytest.raises(ValueError, match=r"rule: expected `plus` .* or `ring` .* for a graph's game, found `box`"):
        lightsout.Game.graph6("IheA@GUAo", rule="box")
    with pytest.raises(ValueError, match=r"game: expected a built-in game \(cube, .*found `merln`"):
        lightsout.Game.named("merln")


def test_the_search_keywords_go_through_the_command_lines_one_check():
    # Issue 64: Python's keywords fill the library's request and its one check says
    # what the command line's says, in Python's names (`search_budget`, not
    # `--search-budget`): a time for a game searched by word operations is refused.
    game = lightsout.Game.grid(2, 2, states=3)
    with pytest.raises(ValueError) as refused:
        lightsout.solve("01/12", game=game, search_time=1)
    assert str(refused.value) == (
        "search_time bounds the search of two-state text boards; a game of 3 states "
        "searches by word operations: give search_budget OPS instead"
    )
    # Two presses of the corner made it: one more brings it off.
    answer = lightsout.solve("22/20", game=game, search_budget=10**6)
    assert (answer.fewest, answer.proven) == (1, True)
    with pytest.raises(ValueError, match="search_budget: expected a number of word operations"):
        lightsout.solve("01/12", game=game, search_budget=-1)
    # A budget for two states bounds the search by word operations alone.
    ones = lightsout.solve("11111/11111/11111/11111/11111", search_budget=10**6)
    assert (ones.fewest, ones.proven) == (15, True)


def test_the_classic_nullity_is_counted_by_polynomials_as_the_command_line_counts_it():
    # Issue 64: `nullity` reads its keywords into the library's request: the classic
    # game's count by polynomials at any shape (a 100,000 x 7 board has 700,000 lights,
    # past no solver's limit but slow to build), the command line's answer and refusal.
    out = subprocess.run(
        ["lightsout", "nullity", "--rows", "100000", "--cols", "7"],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout == f"nullity {lightsout.nullity(100000, 7)}\n"
    assert lightsout.nullity(4, 4) == 4 and lightsout.nullity(6, 6, topology="torus") == 8
    refused = subprocess.run(
        ["lightsout", "nullity", "--rows", "200000", "--cols", "200000"],
        capture_output=True, text=True,
    )
    assert refused.returncode == 2
    with pytest.raises(ValueError) as python:
        lightsout.nullity(200000, 200000)
    assert str(python.value) in refused.stderr


def test_ragged_rows_and_a_time_with_a_budget_are_refused_in_the_librarys_words():
    # Hardening seven, item 10: a ragged list of rows got numpy's "setting an array
    # element with a sequence"; search_time with search_budget was taken (the command
    # line refuses the two together). Both now get the library's sentence.
    with pytest.raises(ValueError, match=r"expected `0` or `1` for light 3 of 3 in row 2 of board 1, found the end of the line after 2 lights"):
        lightsout.solve([[1, 0, 1], [0, 1], [1, 1, 1]])
    with pytest.raises(ValueError, match=r"expected the end of row 2 of board 1 after its 2 lights, found `1`"):
        lightsout.solve([[1, 0], [0, 1, 1]])
    with pytest.raises(ValueError, match=r"search_time and search_budget do not go together"):
        lightsout.solve([[1, 0], [0, 1]], search_time=1, search_budget=5)
    # Rows of one length are still an array, answered.
    assert lightsout.solve([[1, 0], [0, 1]]).fewest == 2


def test_the_package_ships_its_types_and_names_its_classes_as_python_sees_them():
    # Issue 72, item 6: no stubs (an editor completed nothing on an `Answer`) and the
    # class printed as `PyGame`. The stubs and py.typed are installed with the package
    # (mypy checks the tests and the guide's examples against them in python/test.sh).
    import importlib.resources

    files = importlib.resources.files("lightsout")
    assert (files / "py.typed").is_file()
    assert (files / "_lightsout.pyi").is_file()
    for name in ["Game", "Answer", "Nearest", "GodsNumber"]:
        cls = getattr(lightsout, name)
        assert (cls.__name__, cls.__module__) == (name, "lightsout"), cls
    assert repr(lightsout.Game.grid(2, 2)).startswith("lightsout.Game(")


def test_a_bounds_file_is_proven_again_and_a_forged_one_refused_naming_its_line():
    # Issue 74: the 5 x 5's God's number, 15, as a results file holds it (the all-on
    # board needs 15; the span of the two quiet patterns covers every pattern within 15),
    # proven again as `lightsout census --verify FILE` proves it.
    quiet = ["01110", "10101", "11011", "10101", "01110", "10101", "10101", "00000", "10101", "10101"]
    text = "\n".join(["# the 5 x 5", "15 15"] + ["11111"] * 5 + quiet) + "\n"
    assert lightsout.verify_bounds(text) == (15, 15)
    forged = text.replace("\n15 15\n", "\n14 15\n")
    with pytest.raises(ValueError, match=r"^line 2: the lower bound says 14, and the board of line 3 needs 15"):
        lightsout.verify_bounds(forged)
    with pytest.raises(ValueError, match=r"^line 8: not a subcode's basis: word 1"):
        lightsout.verify_bounds(text.replace("01110", "01111", 1))
