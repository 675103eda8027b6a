//! `import lightsout`: the solver of the `lightsout` crate for Python, numpy arrays in
//! and out. Every answer comes from the crate's one solver (`GameSolver`), so it is the
//! command line's answer: the same presses, the same proofs, the same words of refusal.
//!
//! Long work runs on a thread of its own with the GIL released; the caller's thread
//! waits on it and checks for signals every 50 ms, so Ctrl-C stops the wait at once,
//! and the searches of `solve` and `gods_number` with it (other work is short).

use lightsout::rules::graph::{nauty_line, Graph, Neighbourhood};
use lightsout::rules::{builtin, Game, Rule, Topology};
use lightsout::{GameSolver, SearchLimits};
use numpy::ndarray::{Array2, Array3};
use numpy::{IntoPyArray, PyArray2, PyArray3, PyReadonlyArray2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// A game: lights of K states and buttons (any grid, built-in game or graph).
#[pyclass(module = "lightsout", frozen)]
#[derive(Clone)]
struct PyGame {
    game: Game,
}

fn refused(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

fn topology_of(name: &str) -> PyResult<Topology> {
    Topology::ALL
        .into_iter()
        .find(|t| t.name() == name)
        .ok_or_else(|| {
            refused(format!(
                "topology: expected plane, cylinder, torus or projective, found `{name}`"
            ))
        })
}

fn neighbourhood_of(rule: &str) -> PyResult<Neighbourhood> {
    match rule {
        "plus" => Ok(Neighbourhood::Closed),
        "ring" => Ok(Neighbourhood::Open),
        other => Err(refused(format!(
            "rule {other}: a graph's game is `plus` (a press changes its vertex and its \
             neighbours) or `ring` (the neighbours only)"
        ))),
    }
}

#[pymethods]
impl PyGame {
    /// The `rows x cols` grid game: `topology` plane, cylinder, torus or projective,
    /// `rule` a named rule (plus, cross, box, ...) or a literal matrix, `states` K.
    #[staticmethod]
    #[pyo3(signature = (rows, cols, *, topology = "plane", rule = "plus", states = 2))]
    fn grid(rows: usize, cols: usize, topology: &str, rule: &str, states: u8) -> PyResult<Self> {
        let rule = Rule::parse(rule).map_err(refused)?;
        let game = Game::grid(rows, cols, topology_of(topology)?, rule, states).map_err(refused)?;
        Ok(PyGame { game })
    }

    /// A built-in game by name (`merlin`, `cube`, `orbix`, `xl25`, `2000`, ...).
    #[staticmethod]
    fn named(name: &str) -> PyResult<Self> {
        let found = builtin::find(name).ok_or_else(|| {
            let known: Vec<&str> = builtin::GAMES.iter().map(|g| g.name).collect();
            refused(format!(
                "game: expected a built-in game ({}), found `{name}`",
                known.join(", ")
            ))
        })?;
        Ok(PyGame { game: found.game() })
    }

    /// The game on a graph given as one graph6, sparse6 or digraph6 line.
    #[staticmethod]
    #[pyo3(signature = (line, *, rule = "plus", states = 2))]
    fn graph6(line: &str, rule: &str, states: u8) -> PyResult<Self> {
        let graph = nauty_line(line.trim().as_bytes(), 1).map_err(refused)?;
        let game = graph
            .game(neighbourhood_of(rule)?, states)
            .map_err(refused)?;
        Ok(PyGame { game })
    }

    /// The game on a graph of `vertices` vertices `0..vertices` and `edges` pairs.
    #[staticmethod]
    #[pyo3(signature = (vertices, edges, *, rule = "plus", states = 2))]
    fn from_edges(
        vertices: usize,
        edges: Vec<(usize, usize)>,
        rule: &str,
        states: u8,
    ) -> PyResult<Self> {
        let mut reach = vec![Vec::new(); vertices];
        for (u, v) in edges {
            if u >= vertices || v >= vertices {
                return Err(refused(format!(
                    "edge ({u}, {v}): a graph of {vertices} vertices numbers them 0..{}",
                    vertices.saturating_sub(1)
                )));
            }
            reach[u].push(v as u32);
            reach[v].push(u as u32);
        }
        for r in &mut reach {
            r.sort_unstable();
            r.dedup();
        }
        let graph = Graph {
            vertices,
            reach,
            directed: false,
        };
        let game = graph
            .game(neighbourhood_of(rule)?, states)
            .map_err(refused)?;
        Ok(PyGame { game })
    }

    /// Lights of the game.
    #[getter]
    fn lights(&self) -> usize {
        self.game.lights()
    }

    /// Buttons of the game.
    #[getter]
    fn buttons(&self) -> usize {
        self.game.buttons()
    }

    /// States a light has (K).
    #[getter]
    fn states(&self) -> u8 {
        self.game.states()
    }

    /// The board's shape: rows and columns of a grid, one row for any other game.
    #[getter]
    fn shape(&self) -> (usize, usize) {
        match self.game.grid_rules() {
            Some(g) => (g.rows, g.cols),
            None => (1, self.game.lights()),
        }
    }

    fn __repr__(&self) -> String {
        let (rows, cols) = self.shape();
        format!(
            "lightsout.Game({} lights, {} buttons, {} states, shape {rows} x {cols})",
            self.game.lights(),
            self.game.buttons(),
            self.game.states()
        )
    }
}

/// Runs `work` on a thread of its own, the GIL released, checking for signals every
/// 50 ms: Ctrl-C raises `KeyboardInterrupt` at once.
fn detached<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> PyResult<T> {
    stoppable(py, None, work)
}

/// [`detached`], raising `stop` when a signal ends the wait, so that a search that
/// reads it stops too rather than running on to its deadline unseen.
fn stoppable<T: Send + 'static>(
    py: Python<'_>,
    stop: Option<Arc<AtomicBool>>,
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("lightsout".into())
        .spawn(move || {
            let _ = tx.send(work());
        })
        .map_err(refused)?;
    let mut rx = Some(rx);
    loop {
        let waiting = rx.take().expect("the receiver is back");
        let (got, back) = py.detach(move || {
            let got = waiting.recv_timeout(Duration::from_millis(50));
            (got, waiting)
        });
        rx = Some(back);
        match got {
            Ok(done) => return done.map_err(refused),
            // Ctrl-C (or any signal handler that raises) ends the wait.
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(raised) = py.check_signals() {
                    if let Some(stop) = &stop {
                        stop.store(true, Ordering::Relaxed);
                    }
                    return Err(raised);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(refused("the solver's thread stopped without an answer"))
            }
        }
    }
}

/// A board's cells, row by row, 0/1.
fn cells_of(board: &lightsout::Board, out: &mut Vec<u8>) {
    for r in 0..board.rows() {
        out.extend((0..board.cols()).map(|c| u8::from(board.get(r, c))));
    }
}

/// One board's answer.
#[pyclass(module = "lightsout", frozen, get_all)]
struct Answer {
    /// Whether any presses reach the target.
    solvable: bool,
    /// Each button's count, an array of the board's shape (`None` when unsolvable).
    presses: Option<Py<PyArray2<u8>>>,
    /// The presses' total.
    fewest: Option<u64>,
    /// Whether no presses reach the target with fewer (every solution compared).
    proven: Option<bool>,
    /// A proven lower bound on the fewest presses (the count itself when proven).
    lower_bound: Option<u64>,
}

#[pymethods]
impl Answer {
    fn __repr__(&self) -> String {
        match (self.fewest, self.proven, self.lower_bound) {
            (Some(f), Some(true), _) => format!("lightsout.Answer(fewest={f}, proven)"),
            (Some(f), _, Some(b)) => {
                format!("lightsout.Answer({f} presses, not proven the fewest; at least {b})")
            }
            _ => "lightsout.Answer(no solution)".into(),
        }
    }
}

/// The game a call names: a `Game`, a built-in name, or None (the classic grid game of
/// the board's shape).
fn game_arg(game: Option<&Bound<'_, PyAny>>, shape: (usize, usize), states: u8) -> PyResult<Game> {
    match game {
        None => {
            let rule = Rule::parse("plus").map_err(refused)?;
            Game::grid(shape.0, shape.1, Topology::Plane, rule, states).map_err(refused)
        }
        Some(g) => {
            if let Ok(game) = g.extract::<PyRef<PyGame>>() {
                return Ok(game.game.clone());
            }
            let name: String = g
                .extract()
                .map_err(|_| refused("game: a lightsout.Game, a built-in game's name, or None"))?;
            Ok(PyGame::named(&name)?.game)
        }
    }
}

/// The goal state from `target`: "off" (0), "on" (K - 1), or a state.
fn goal_of(target: &Bound<'_, PyAny>, states: u8) -> PyResult<u8> {
    if let Ok(word) = target.extract::<String>() {
        return match word.as_str() {
            "off" => Ok(0),
            "on" => Ok(states - 1),
            other => Err(refused(format!(
                "target: expected off, on or a state 0..{}, found `{other}`",
                states - 1
            ))),
        };
    }
    let d: i64 = target.extract()?;
    u8::try_from(d)
        .ok()
        .filter(|&d| d < states)
        .ok_or_else(|| refused(format!("target: a state 0..{}, found {d}", states - 1)))
}

/// The presses that bring `board` (a 2-D array of states; one row for a game that is
/// not a grid) to `target` ("off", "on" or a state), the fewest when the search proves
/// it within `search_time` seconds. Ctrl-C raises KeyboardInterrupt and stops the
/// search.
#[pyfunction]
#[pyo3(signature = (board, *, game = None, target = None, states = 2, search_time = 60.0))]
fn solve(
    py: Python<'_>,
    board: PyReadonlyArray2<'_, i64>,
    game: Option<&Bound<'_, PyAny>>,
    target: Option<&Bound<'_, PyAny>>,
    states: u8,
    search_time: f64,
) -> PyResult<Answer> {
    let view = board.as_array();
    let (rows, cols) = view.dim();
    let game = game_arg(game, (rows, cols), states)?;
    let k = game.states();
    let expected = match game.grid_rules() {
        Some(g) => (g.rows, g.cols),
        None => (1, game.lights()),
    };
    if (rows, cols) != expected && rows * cols != game.lights() {
        return Err(refused(format!(
            "board: a {rows} x {cols} array, but the game's boards are {} x {}",
            expected.0, expected.1
        )));
    }
    let mut lights = Vec::with_capacity(rows * cols);
    for (i, &v) in view.iter().enumerate() {
        let cell = u8::try_from(v).ok().filter(|&s| s < k).ok_or_else(|| {
            refused(format!(
                "board: light {} (row {}, column {}) is {v}; a state is 0..{}",
                i + 1,
                i / cols + 1,
                i % cols + 1,
                k - 1
            ))
        })?;
        lights.push(cell);
    }
    let goal = match target {
        None => 0,
        Some(t) => goal_of(t, k)?,
    };
    let time = Duration::try_from_secs_f64(search_time).map_err(|_| {
        refused(format!(
            "search_time: {search_time} is not a number of seconds"
        ))
    })?;
    let limits = SearchLimits {
        ops: lightsout::SEARCH_BUDGET,
        time: Some(time),
        shares: 1,
    };
    // Ctrl-C raises KeyboardInterrupt and stops the search (its cores freed at once).
    let stop = Arc::new(AtomicBool::new(false));
    let stopping = stop.clone();
    let (answer, press_shape) = stoppable(py, Some(stop), move || {
        let solver = GameSolver::new(game, limits).map_err(|e| e.to_string())?;
        if let Some(progress) = solver.progress() {
            progress.stop_when(stopping);
        }
        let goals = vec![goal; lights.len()];
        let answer = solver.solve_states(&lights, &goals, true);
        Ok((answer, solver.presses_shape()))
    })?;
    Ok(match answer {
        None => Answer {
            solvable: false,
            presses: None,
            fewest: None,
            proven: None,
            lower_bound: None,
        },
        Some(a) => {
            let presses = Array2::from_shape_vec(press_shape, a.presses).map_err(refused)?;
            Answer {
                solvable: true,
                presses: Some(presses.into_pyarray(py).unbind()),
                fewest: Some(a.total),
                proven: Some(a.proven_minimal),
                lower_bound: Some(a.lower_bound),
            }
        }
    })
}

/// The game of a call that names a shape: `game`, else the grid game of `rows x cols`.
fn shaped_game(
    rows: Option<usize>,
    cols: Option<usize>,
    game: Option<&Bound<'_, PyAny>>,
    topology: &str,
    rule: &str,
    states: u8,
) -> PyResult<Game> {
    match (game, rows, cols) {
        (Some(g), _, _) => game_arg(Some(g), (1, 1), states),
        (None, Some(r), Some(c)) => Ok(PyGame::grid(r, c, topology, rule, states)?.game),
        _ => Err(refused("give rows and cols, or game")),
    }
}

/// The nullity: how many independent quiet patterns (presses that change nothing) the
/// game has; each solvable board has K^nullity solutions (prime K).
#[pyfunction]
#[pyo3(signature = (rows = None, cols = None, *, game = None, topology = "plane", rule = "plus", states = 2))]
fn nullity(
    py: Python<'_>,
    rows: Option<usize>,
    cols: Option<usize>,
    game: Option<&Bound<'_, PyAny>>,
    topology: &str,
    rule: &str,
    states: u8,
) -> PyResult<usize> {
    let game = shaped_game(rows, cols, game, topology, rule, states)?;
    detached(py, move || {
        let solver = GameSolver::new(game, 0u64).map_err(|e| e.to_string())?;
        Ok(solver.nullity())
    })
}

/// A basis of the quiet patterns (presses that change nothing) as an array of shape
/// (k, rows, cols): 0/1 for two states; for K states generators of them, each a count
/// a button (`0..K`), as `lightsout nullity --states K --patterns` prints them.
#[pyfunction]
#[pyo3(signature = (rows = None, cols = None, *, game = None, topology = "plane", rule = "plus", states = 2))]
fn quiet_patterns<'py>(
    py: Python<'py>,
    rows: Option<usize>,
    cols: Option<usize>,
    game: Option<&Bound<'py, PyAny>>,
    topology: &str,
    rule: &str,
    states: u8,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let game = shaped_game(rows, cols, game, topology, rule, states)?;
    let (k, shape, cells) = detached(py, move || {
        let solver = GameSolver::new(game, 0u64).map_err(|e| e.to_string())?;
        let shape = solver.presses_shape();
        let mut cells = Vec::new();
        let k = if solver.game().states() == 2 {
            let patterns = solver.quiet_patterns();
            for p in &patterns {
                cells_of(p, &mut cells);
            }
            patterns.len()
        } else {
            let generators = solver.quiet_patterns_of_states().ok_or_else(|| {
                "the quiet patterns of this game are too large to keep (more than 2^28 bytes)"
                    .to_string()
            })?;
            for (pattern, _) in &generators {
                cells.extend_from_slice(pattern);
            }
            generators.len()
        };
        Ok((k, shape, cells))
    })?;
    let array = Array3::from_shape_vec((k, shape.0, shape.1), cells).map_err(refused)?;
    Ok(array.into_pyarray(py))
}

/// God's number: the most presses any solvable board needs.
#[pyclass(module = "lightsout", frozen, get_all)]
struct GodsNumber {
    /// The value, when proven (else None: see the bounds).
    value: Option<u64>,
    /// Whether the bounds met.
    proven: bool,
    /// A board needs this many (the hardest found).
    lower_bound: u64,
    /// No board needs more.
    upper_bound: u64,
    /// A hardest board found, as an array of the board's shape.
    hardest: Py<PyArray2<u8>>,
}

#[pymethods]
impl GodsNumber {
    fn __repr__(&self) -> String {
        match self.value {
            Some(v) => format!("lightsout.GodsNumber({v}, proven)"),
            None => format!(
                "lightsout.GodsNumber({}..{})",
                self.lower_bound, self.upper_bound
            ),
        }
    }
}

/// God's number of a two-state game, proven when the search meets its bounds within
/// `search_time` seconds (5 minutes, as the command line's `census`; the bounds
/// otherwise). Ctrl-C raises KeyboardInterrupt and stops the search.
#[pyfunction]
#[pyo3(signature = (rows = None, cols = None, *, game = None, topology = "plane", rule = "plus", search_time = 300.0))]
fn gods_number(
    py: Python<'_>,
    rows: Option<usize>,
    cols: Option<usize>,
    game: Option<&Bound<'_, PyAny>>,
    topology: &str,
    rule: &str,
    search_time: f64,
) -> PyResult<GodsNumber> {
    let game = shaped_game(rows, cols, game, topology, rule, 2)?;
    let time = Duration::try_from_secs_f64(search_time).map_err(|_| {
        refused(format!(
            "search_time: {search_time} is not a number of seconds"
        ))
    })?;
    // Ctrl-C raises KeyboardInterrupt and stops the search (its cores freed at once).
    let stop = Arc::new(AtomicBool::new(false));
    let deadline = lightsout::Deadline::after(time).or_when(stop.clone());
    let (lower, upper, shape, cells) = stoppable(py, Some(stop), move || {
        let solver = GameSolver::new(game, lightsout::SEARCH_BUDGET).map_err(|e| e.to_string())?;
        let god = lightsout::gods_number_until(&solver, deadline).map_err(|e| e.to_string())?;
        let shape = (god.hardest.rows(), god.hardest.cols());
        let mut cells = Vec::new();
        cells_of(&god.hardest, &mut cells);
        Ok((god.lower, god.upper, shape, cells))
    })?;
    let hardest = Array2::from_shape_vec(shape, cells).map_err(refused)?;
    Ok(GodsNumber {
        value: (lower == upper).then_some(lower),
        proven: lower == upper,
        lower_bound: lower,
        upper_bound: upper,
        hardest: hardest.into_pyarray(py).unbind(),
    })
}

#[pymodule]
fn _lightsout(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<Answer>()?;
    m.add_class::<GodsNumber>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(nullity, m)?)?;
    m.add_function(wrap_pyfunction!(quiet_patterns, m)?)?;
    m.add_function(wrap_pyfunction!(gods_number, m)?)?;
    Ok(())
}
