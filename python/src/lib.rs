//! `import lightsout`: the solver of the `lightsout` crate for Python, numpy arrays in
//! and out. Every answer comes from the crate's one solver (`GameSolver`), so it is the
//! command line's answer: the same presses, the same proofs, the same words of refusal.
//!
//! Long work runs on a thread of its own with the GIL released; the caller's thread
//! waits on it and checks for signals every 50 ms, so Ctrl-C stops the wait at once,
//! and the searches of `solve` and `gods_number` with it (other work is short).

use lightsout::request::limits::PYTHON;
use lightsout::request::{self, Goal, Lights};
use lightsout::rules::graph::{nauty_line, Graph};
use lightsout::rules::{Game, Topology};
use numpy::ndarray::{Array2, Array3};
use numpy::{IntoPyArray, PyArray2, PyArray3, PyReadonlyArray2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// A game: lights of K states and buttons (any grid, built-in game or graph).
#[pyclass(module = "lightsout", name = "Game", frozen)]
#[derive(Clone)]
struct PyGame {
    game: Game,
}

fn refused(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

fn topology_of(name: &str) -> PyResult<Topology> {
    request::topology_of(name).map_err(refused)
}

/// `states` as K, 2 to 255, read by the library (a `ValueError`, never an overflow).
fn states_of(states: i64) -> PyResult<u8> {
    request::states_of(&states.to_string()).map_err(refused)
}

/// `search_budget` as word operations: a whole number from 0, in the command line's
/// words.
fn budget_of(search_budget: &Bound<'_, PyAny>) -> PyResult<u64> {
    search_budget.extract::<u64>().map_err(|_| {
        let found = search_budget.repr().map_or("?".into(), |r| r.to_string());
        refused(format!(
            "search_budget: expected a number of word operations, 0 or more, found {found}"
        ))
    })
}

/// `search_time` as a duration, in the command line's words.
fn seconds_of(search_time: f64) -> PyResult<Duration> {
    Duration::try_from_secs_f64(search_time).map_err(|_| {
        refused(format!(
            "search_time: expected a number of seconds, 0 or more, found {search_time:?}"
        ))
    })
}

#[pymethods]
impl PyGame {
    /// The `rows x cols` grid game: `topology` plane, cylinder, torus or projective,
    /// `rule` a named rule (plus, cross, box, ...) or a literal matrix, `states` K.
    #[staticmethod]
    #[pyo3(signature = (rows, cols, *, topology = "plane", rule = "plus", states = 2))]
    fn grid(rows: usize, cols: usize, topology: &str, rule: &str, states: i64) -> PyResult<Self> {
        let states = states_of(states)?;
        let topology = topology_of(topology)?;
        let game = request::grid_game((rows, cols), topology, rule, states).map_err(refused)?;
        Ok(PyGame { game })
    }

    /// A built-in game by name (`merlin`, `cube`, `orbix`, `xl25`, `2000`, ...).
    #[staticmethod]
    fn named(name: &str) -> PyResult<Self> {
        let found = request::builtin_of(name).map_err(refused)?;
        Ok(PyGame { game: found.game() })
    }

    /// The game on a graph given as one graph6, sparse6 or digraph6 line.
    #[staticmethod]
    #[pyo3(signature = (line, *, rule = "plus", states = 2))]
    fn graph6(line: &str, rule: &str, states: i64) -> PyResult<Self> {
        let states = states_of(states)?;
        let graph = nauty_line(line.trim().as_bytes(), 1).map_err(refused)?;
        let game = graph
            .game(request::neighbourhood_of(rule).map_err(refused)?, states)
            .map_err(refused)?;
        Ok(PyGame { game })
    }

    /// The game on a graph of `vertices` vertices `0..vertices` and `edges` pairs
    /// (arcs when `directed`: a press changes the vertices its arcs point to); an edge
    /// given twice is one edge, as in the command line's edge lists.
    #[staticmethod]
    #[pyo3(signature = (vertices, edges, *, rule = "plus", states = 2, directed = false))]
    fn from_edges(
        vertices: usize,
        edges: Vec<(u64, u64)>,
        rule: &str,
        states: i64,
        directed: bool,
    ) -> PyResult<Self> {
        let states = states_of(states)?;
        let graph = Graph::of_edges(vertices, &edges, directed).map_err(refused)?;
        let game = graph
            .game(request::neighbourhood_of(rule).map_err(refused)?, states)
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
    stoppable(py, move |_| work())
}

/// [`detached`], handing `work` a flag raised when a signal ends the wait, so that a
/// search that reads it stops too rather than running on to its deadline unseen.
fn stoppable<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> Result<T, String> + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let stopping = Arc::clone(&stop);
    std::thread::Builder::new()
        .name("lightsout".into())
        .spawn(move || {
            let _ = tx.send(work(stopping));
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
                    stop.store(true, Ordering::Relaxed);
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
    /// When unsolvable: the nearest board that can be solved (`None` past the library's
    /// limits for it, or when solvable).
    nearest: Option<Py<Nearest>>,
}

/// The nearest board that can be solved: the fewest lights changed, proven.
#[pyclass(module = "lightsout", frozen, get_all)]
struct Nearest {
    /// Its lights, an array of the board's shape.
    board: Py<PyArray2<u8>>,
    /// The lights it changes.
    changed: u64,
    /// Whether no solvable board is nearer (for two states past 2^16 classes of
    /// boards, a near one: proven when one light away).
    proven: bool,
}

#[pymethods]
impl Nearest {
    fn __repr__(&self) -> String {
        let s = if self.changed == 1 { "" } else { "s" };
        let proven = if self.proven { ", proven" } else { "" };
        format!(
            "lightsout.Nearest({} light{s} changed{proven})",
            self.changed
        )
    }
}

#[pymethods]
impl Answer {
    fn __repr__(&self) -> String {
        match (self.fewest, self.proven, self.lower_bound) {
            (Some(f), Some(true), _) => format!("lightsout.Answer(fewest={f}, proven)"),
            (Some(f), _, Some(b)) => {
                format!(
                    "lightsout.Answer({f} presses, not proven the fewest; at least {b}; a \
                     larger search_time or search_budget may prove it)"
                )
            }
            _ => "lightsout.Answer(no solution)".into(),
        }
    }
}

/// What `game=` names: a `Game` as made, or a built-in game by its name.
enum Named {
    Made(Game),
    Builtin(&'static lightsout::rules::builtin::Builtin),
}

impl Named {
    fn of(game: &Bound<'_, PyAny>) -> PyResult<Named> {
        if let Ok(game) = game.extract::<PyRef<PyGame>>() {
            return Ok(Named::Made(game.game.clone()));
        }
        let name: String = game
            .extract()
            .map_err(|_| refused("game: a lightsout.Game, a built-in game's name, or None"))?;
        Ok(Named::Builtin(request::builtin_of(&name).map_err(refused)?))
    }

    /// The request's source. `states=` beside it goes into the same request, so it is
    /// used as the command line's `--game NAME --states K` uses it (or refused in its
    /// words), never dropped.
    fn source(&self) -> request::Source<'_> {
        match self {
            Named::Made(game) => request::Source::Made(game),
            Named::Builtin(builtin) => request::Source::Builtin(builtin),
        }
    }

    /// The game, with `states` when given, as the library's request makes it.
    fn game(&self, states: Option<u8>) -> PyResult<Game> {
        let choice = request::Choice {
            source: Some(self.source()),
            topology: Topology::Plane,
            rule: "plus",
            states,
        };
        choice
            .game(None, &|name| PYTHON.names.of(name))
            .map_err(refused)
    }
}

/// `states=` when given: K, 2 to 255, read by the library.
fn states_given(states: Option<i64>) -> PyResult<Option<u8>> {
    states.map(states_of).transpose()
}

/// The goal `target` gives: "off", "on", or a state (a number, or its digits as
/// text, as the command line's `--target 1`), read by the library (and checked against
/// the game's states there).
fn goal_word(target: &Bound<'_, PyAny>) -> PyResult<Goal> {
    let text = match target.extract::<String>() {
        Ok(word) => word,
        // A number as its digits (a negative one is refused as its text); a bool is no
        // state.
        Err(_) if target.is_instance_of::<pyo3::types::PyBool>() => format!("{target}"),
        Err(_) => match target.extract::<i128>() {
            Ok(n) => n.to_string(),
            Err(_) => target.repr().map_or("?".into(), |r| r.to_string()),
        },
    };
    Goal::parse(&text).map_err(refused)
}

/// A light's value as numpy holds it: its state when it is a whole number from 0,
/// and how it reads in a message.
trait Light: numpy::Element + Copy {
    fn state(self) -> Option<u64>;
    fn shown(self) -> String;
}

macro_rules! whole_lights {
    ($($t:ty),*) => {$(
        impl Light for $t {
            fn state(self) -> Option<u64> {
                u64::try_from(self).ok()
            }
            fn shown(self) -> String {
                self.to_string()
            }
        }
    )*};
}
whole_lights!(u8, i8, u16, i16, u32, i32, u64, i64);

impl Light for bool {
    fn state(self) -> Option<u64> {
        Some(u64::from(self))
    }
    fn shown(self) -> String {
        self.to_string()
    }
}

macro_rules! float_lights {
    ($($t:ty),*) => {$(
        impl Light for $t {
            fn state(self) -> Option<u64> {
                // 0.0, 1.0, ...: whole numbers; 0.7, NaN, infinities: none.
                let v = f64::from(self);
                (v.is_finite() && v.fract() == 0.0 && (0.0..1.8e19).contains(&v))
                    .then(|| v as u64)
            }
            fn shown(self) -> String {
                format!("{self:?}")
            }
        }
    )*};
}
float_lights!(f32, f64);

/// Each light of `view` (rows x cols), checked to be a state below `k`, handed to `put`
/// as (index, state) in row order; the first that is not, refused with where it is.
fn each_light<T: Light>(
    view: numpy::ndarray::ArrayView2<'_, T>,
    k: u8,
    mut put: impl FnMut(usize, u8),
) -> PyResult<()> {
    let cols = view.ncols();
    for ((r, c), &v) in view.indexed_iter() {
        match v.state().filter(|&s| s < u64::from(k)) {
            Some(s) => put(r * cols + c, s as u8),
            None => {
                let found = v.shown();
                return Err(refused(request::light_refused(
                    k,
                    (r + 1, c + 1),
                    cols,
                    &found,
                )));
            }
        }
    }
    Ok(())
}

/// Calls `$then` with the board's view in its own element type (bool, the integers,
/// f32, f64): no copy into a wider type.
macro_rules! with_view {
    ($board:expr, |$view:ident| $then:expr) => {{
        let board = $board;
        if let Ok(a) = board.extract::<PyReadonlyArray2<'_, bool>>() {
            let $view = a.as_array();
            $then
        } else if let Ok(a) = board.extract::<PyReadonlyArray2<'_, u8>>() {
            let $view = a.as_array();
            $then
        } else if let Ok(a) = board.extract::<PyReadonlyArray2<'_, i64>>() {
            let $view = a.as_array();
            $then
        } else if let Ok(a) = board.extract::<PyReadonlyArray2<'_, i8>>() {
            let $view = a.as_array();
            $then
        } else if let Ok(a) = board.extract::<PyReadonlyArray2<'_, u16>>() {
            let $view = a.as_array();
            $then
        } else if let Ok(a) = board.extract::<PyReadonlyArray2<'_, i16>>() {
            let $view = a.as_array();
            $then
        } else if let Ok(a) = board.extract::<PyReadonlyArray2<'_, u32>>() {
            let $view = a.as_array();
            $then
        } else if let Ok(a) = board.extract::<PyReadonlyArray2<'_, i32>>() {
            let $view = a.as_array();
            $then
        } else if let Ok(a) = board.extract::<PyReadonlyArray2<'_, u64>>() {
            let $view = a.as_array();
            $then
        } else if let Ok(a) = board.extract::<PyReadonlyArray2<'_, f64>>() {
            let $view = a.as_array();
            $then
        } else if let Ok(a) = board.extract::<PyReadonlyArray2<'_, f32>>() {
            let $view = a.as_array();
            $then
        } else {
            Err(refused(
                "board: expected a 2-D array of states (bool, integers, or floats that are \
                 whole numbers)",
            ))
        }
    }};
}

/// The presses that bring `board` (a 2-D array of states; one row for a game that is
/// not a grid) to `target` ("off", "on" or a state), the fewest when the search proves
/// it within `search_time` seconds (None: the command line's 2 s). Ctrl-C raises
/// KeyboardInterrupt and stops the search.
#[pyfunction]
#[pyo3(signature = (board, *, game = None, target = None, states = None, search_time = None, search_budget = None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    game: Option<&Bound<'_, PyAny>>,
    target: Option<&Bound<'_, PyAny>>,
    states: Option<i64>,
    search_time: Option<f64>,
    search_budget: Option<&Bound<'_, PyAny>>,
) -> PyResult<Answer> {
    // A board as text (`0110/1001`, as a query string's `board=`), or an array.
    let text = board.extract::<String>().ok();
    let (rows, cols) = board_shape(board, text.as_deref())?;
    // The keywords as the library's request, checked within Python's limits.
    let named = game.map(Named::of).transpose()?;
    let asked = request::Solve {
        choice: request::Choice {
            source: named.as_ref().map(Named::source),
            topology: Topology::Plane,
            rule: "plus",
            states: states_given(states)?,
        },
        rows: Some(rows as u64),
        cols: Some(cols as u64),
        goal: target.map_or(Ok(Goal::Off), goal_word)?,
        search_budget: search_budget.map(budget_of).transpose()?,
        search_time: search_time.map(seconds_of).transpose()?,
        boards: request::Boards::Text,
        kept: None,
    };
    let checked = asked.check(&request::limits::PYTHON).map_err(refused)?;
    let lights = lights_of(board, text.as_deref(), (rows, cols), &checked)?;
    // The plan answers; Ctrl-C raises KeyboardInterrupt and stops its search at once.
    let answer = stoppable(py, move |stop| {
        let plan = checked.plan(&PYTHON).map_err(|e| e.to_string())?;
        plan.stop_when(stop);
        plan.answer(&lights, true).map_err(|e| e.to_string())
    })?;
    Answer::of(py, answer)
}

/// The rows and columns of a board given as `text`, else as an array.
fn board_shape(board: &Bound<'_, PyAny>, text: Option<&str>) -> PyResult<(usize, usize)> {
    let refusal = || refused("board: expected a 2-D array of states");
    match (text, board.getattr("shape")) {
        (Some(text), _) => Ok(request::board_shape(text)),
        (None, Ok(shape)) => shape.extract::<(usize, usize)>().map_err(|_| refusal()),
        (None, Err(_)) => Err(refusal()),
    }
}

/// A board as the plan takes it, checked against the game's shape: text as a query
/// string's `board=` is read; an array in its own type, two states straight into bits
/// (an 8000 x 8000 bool array takes 8 MB here, not a byte or eight a light).
fn lights_of(
    board: &Bound<'_, PyAny>,
    text: Option<&str>,
    (rows, cols): (usize, usize),
    checked: &request::Checked,
) -> PyResult<Lights> {
    let (game, goal) = (&checked.game, checked.goal);
    let k = game.states();
    let expected = match game.grid_rules() {
        Some(g) => (g.rows, g.cols),
        None => (1, game.lights()),
    };
    if (rows, cols) != expected && rows.checked_mul(cols) != Some(game.lights()) {
        return Err(refused(format!(
            "board: a {rows} x {cols} array, but the game's boards are {} x {}",
            expected.0, expected.1
        )));
    }
    // Read in the array's own type: two states straight into the board's bits (an
    // 8000 x 8000 bool array takes 8 MB here, not a byte or eight a light).
    if let Some(text) = text {
        return Ok(Lights::States(
            request::board_param(text, game).map_err(refused)?,
        ));
    }
    with_view!(board, |view| {
        match k {
            2 => {
                let (r, c) = expected;
                let mut bits = lightsout::Board::new(r, c);
                each_light(view, k, |i, s| {
                    if s != goal {
                        bits.set(i / c, i % c, true)
                    }
                })?;
                Ok(Lights::Bits(bits))
            }
            _ => {
                let mut states = Vec::with_capacity(rows * cols);
                each_light(view, k, |_, s| states.push(s))?;
                Ok(Lights::States(states))
            }
        }
    })
}

impl Answer {
    /// The library's one answer as numpy arrays.
    fn of(py: Python<'_>, answer: request::BoardAnswer) -> PyResult<Answer> {
        let presses = answer
            .presses
            .map(|cells| Array2::from_shape_vec(answer.shape, cells).map_err(refused))
            .transpose()?
            .map(|a| a.into_pyarray(py).unbind());
        let nearest = answer
            .nearest
            .map(|n| -> PyResult<Py<Nearest>> {
                let board = Array2::from_shape_vec(answer.board_shape, n.board).map_err(refused)?;
                let board = board.into_pyarray(py).unbind();
                Py::new(
                    py,
                    Nearest {
                        board,
                        changed: n.changed,
                        proven: n.proven,
                    },
                )
            })
            .transpose()?;
        Ok(Answer {
            solvable: presses.is_some(),
            presses,
            fewest: answer.fewest,
            proven: answer.proven,
            lower_bound: answer.lower_bound,
            nearest,
        })
    }
}

/// The game of a call that names a shape: `game` (with `states` when given), else the
/// grid game of `rows x cols` (of `states`, 2 when not given).
fn shaped_game(
    rows: Option<usize>,
    cols: Option<usize>,
    game: Option<&Bound<'_, PyAny>>,
    topology: &str,
    rule: &str,
    states: Option<i64>,
) -> PyResult<Game> {
    match (game, rows, cols) {
        (Some(g), _, _) => Named::of(g)?.game(states_given(states)?),
        (None, Some(r), Some(c)) => {
            Ok(PyGame::grid(r, c, topology, rule, states.unwrap_or(2))?.game)
        }
        _ => Err(refused("give rows and cols, or game")),
    }
}

/// The nullity: how many independent quiet patterns (presses that change nothing) the
/// game has; each solvable board has K^nullity solutions (prime K). The classic game's
/// by polynomials alone, as the command line's `nullity` (any shape whose shorter side
/// is at most 2^17, no solver built); any other game's by its solver.
#[pyfunction]
#[pyo3(signature = (rows = None, cols = None, *, game = None, topology = "plane", rule = "plus", states = None))]
fn nullity(
    py: Python<'_>,
    rows: Option<usize>,
    cols: Option<usize>,
    game: Option<&Bound<'_, PyAny>>,
    topology: &str,
    rule: &str,
    states: Option<i64>,
) -> PyResult<usize> {
    let states = states_given(states)?;
    let named = match game {
        Some(g) => Some(Named::of(g)?),
        None if rows.is_none() || cols.is_none() => {
            return Err(refused("give rows and cols, or game"))
        }
        None => None,
    };
    let asked = request::Nullity {
        choice: request::Choice {
            source: named.as_ref().map(Named::source),
            topology: match named {
                Some(_) => Topology::Plane,
                None => topology_of(topology)?,
            },
            rule: if named.is_some() { "plus" } else { rule },
            states,
        },
        rows: rows.map(|r| r as u64),
        cols: cols.map(|c| c as u64),
        patterns: false,
    };
    let game = match asked.check(&PYTHON).map_err(refused)? {
        request::NullityChecked::Polynomials { rows, cols } => {
            return detached(py, move || Ok(lightsout::nullity(rows, cols)))
        }
        request::NullityChecked::Solver(game) => game,
    };
    detached(py, move || {
        let solver = PYTHON.solver(game, 0u64).map_err(|e| e.to_string())?;
        Ok(solver.nullity())
    })
}

/// A basis of the quiet patterns (presses that change nothing) as an array of shape
/// (k, rows, cols): 0/1 for two states; for K states generators of them, each a count
/// a button (`0..K`), as `lightsout nullity --states K --patterns` prints them.
#[pyfunction]
#[pyo3(signature = (rows = None, cols = None, *, game = None, topology = "plane", rule = "plus", states = None))]
fn quiet_patterns<'py>(
    py: Python<'py>,
    rows: Option<usize>,
    cols: Option<usize>,
    game: Option<&Bound<'py, PyAny>>,
    topology: &str,
    rule: &str,
    states: Option<i64>,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let game = shaped_game(rows, cols, game, topology, rule, states)?;
    let (k, shape, cells) = detached(py, move || {
        let solver = PYTHON.solver(game, 0u64).map_err(|e| e.to_string())?;
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
    /// A hardest board found, as an array of the board's shape (the classes' search;
    /// None when every board was enumerated: see `histogram`).
    hardest: Option<Py<PyArray2<u8>>>,
    /// When every board was enumerated: `histogram[n]`, the boards whose fewest
    /// presses are n (else None).
    histogram: Option<Vec<u64>>,
    /// How it was found: "enumerate" (every board) or "classes" (the signature
    /// classes' search), as the command line's `census --method`.
    method: &'static str,
    /// Where a subcode gave the upper bound (nullity past 10): its words, an array
    /// (dimension, rows, cols) of quiet patterns, none farther than `upper_bound`
    /// from any press pattern (else None), as `census --format json`'s `subcode`.
    subcode: Option<Py<PyArray3<u8>>>,
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

/// A results file of God's number's bounds (`docs/results/gods-number-19.txt`, its
/// text) proven again from its own lines, as `lightsout census --verify FILE` proves
/// it: its board solved and its fewest presses proven (the lower bound), its subcode's
/// words checked quiet and independent and their covering radius proven within
/// `search_time` seconds (None: 5 minutes; the upper bound). Returns `(lower, upper)`;
/// a file that does not hold raises ValueError naming its line. Ctrl-C raises
/// KeyboardInterrupt and stops the work.
#[pyfunction]
#[pyo3(signature = (text, *, search_time = None))]
fn verify_bounds(py: Python<'_>, text: String, search_time: Option<f64>) -> PyResult<(u64, u64)> {
    let file = request::read_bounds(&text).map_err(refused)?;
    let time = search_time.map(seconds_of).transpose()?;
    let time = time.unwrap_or(request::CENSUS_TIME);
    let held = stoppable(py, move |stop| {
        let deadline = lightsout::Deadline::after(time).or_when(stop);
        request::reprove_bounds(&file, &deadline).map_err(|r| r.sentence)
    })?;
    Ok((held.lower, held.upper))
}

/// God's number of a game, as the command line's `census` finds it (the library's one
/// check chooses the method): every board enumerated (games of more than two states,
/// or of at most 30 buttons; `method="enumerate"`), or the signature classes searched
/// (`method="classes"`, two states) for `search_time` seconds (None: 5 minutes), proven
/// when the search meets its bounds. Ctrl-C raises KeyboardInterrupt and stops the
/// work.
#[pyfunction]
#[pyo3(signature = (rows = None, cols = None, *, game = None, topology = "plane", rule = "plus", states = None, method = "auto", search_time = None))]
#[allow(clippy::too_many_arguments)]
fn gods_number(
    py: Python<'_>,
    rows: Option<usize>,
    cols: Option<usize>,
    game: Option<&Bound<'_, PyAny>>,
    topology: &str,
    rule: &str,
    states: Option<i64>,
    method: &str,
    search_time: Option<f64>,
) -> PyResult<GodsNumber> {
    use request::{Census, CensusMethod, Choice, Counting, Source};
    let made = shaped_game(rows, cols, game, topology, rule, states)?;
    let asked = Census {
        choice: Choice {
            source: Some(Source::Made(&made)),
            topology: Topology::Plane,
            rule: "plus",
            states: None,
        },
        rows: None,
        cols: None,
        method: Some(CensusMethod::parse(method).map_err(refused)?),
        search_time: search_time.map(seconds_of).transpose()?,
        split: false,
    };
    let checked = asked.check(&PYTHON).map_err(refused)?;
    let game = checked.game;
    // Ctrl-C raises KeyboardInterrupt and stops the work (its cores freed at once).
    let time = match checked.counting {
        Counting::Classes { search_time } => search_time,
        Counting::Enumerate => {
            let histogram = stoppable(py, move |stopping| {
                let solver = PYTHON.solver(game, 0u64).map_err(|e| e.to_string())?;
                let census = solver
                    .census(&|_, _| !stopping.load(Ordering::Relaxed))
                    .map_err(|e| e.to_string())?;
                Ok(census.histogram)
            })?;
            let value = histogram.iter().rposition(|&n| n > 0).unwrap_or(0) as u64;
            return Ok(GodsNumber {
                value: Some(value),
                proven: true,
                lower_bound: value,
                upper_bound: value,
                hardest: None,
                histogram: Some(histogram),
                method: "enumerate",
                subcode: None,
            });
        }
    };
    let (lower, upper, shape, cells, words) = stoppable(py, move |stop| {
        let deadline = lightsout::Deadline::after(time).or_when(stop);
        let solver = PYTHON
            .solver(game, PYTHON.budget())
            .map_err(|e| e.to_string())?;
        let god = lightsout::gods_number_until(&solver, deadline).map_err(|e| e.to_string())?;
        let shape = (god.hardest.rows(), god.hardest.cols());
        let mut cells = Vec::new();
        cells_of(&god.hardest, &mut cells);
        let words = god.subcode.map(|sub| {
            let mut words = Vec::new();
            for word in &sub.basis {
                cells_of(word, &mut words);
            }
            (sub.basis.len(), (shape.0, shape.1), words)
        });
        Ok((god.lower, god.upper, shape, cells, words))
    })?;
    let hardest = Array2::from_shape_vec(shape, cells).map_err(refused)?;
    let subcode = match words {
        Some((k, (rows, cols), words)) => {
            let array = Array3::from_shape_vec((k, rows, cols), words).map_err(refused)?;
            Some(array.into_pyarray(py).unbind())
        }
        None => None,
    };
    Ok(GodsNumber {
        value: (lower == upper).then_some(lower),
        proven: lower == upper,
        lower_bound: lower,
        upper_bound: upper,
        hardest: Some(hardest.into_pyarray(py).unbind()),
        histogram: None,
        method: "classes",
        subcode,
    })
}

#[pymodule]
fn _lightsout(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<Answer>()?;
    m.add_class::<Nearest>()?;
    m.add_class::<GodsNumber>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(nullity, m)?)?;
    m.add_function(wrap_pyfunction!(quiet_patterns, m)?)?;
    m.add_function(wrap_pyfunction!(gods_number, m)?)?;
    m.add_function(wrap_pyfunction!(verify_bounds, m)?)?;
    Ok(())
}
