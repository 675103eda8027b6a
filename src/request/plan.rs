//! A checked `solve` request as a plan that runs: it owns the game's solver (made by
//! the library within the door's limits, or handed over by a door's cache through
//! [`Solvers`]), the goal and the search, and it answers a board ([`Plan::json`]) or a
//! stream of boards ([`Plan::stream`]). A door asks, and writes what it gets: it makes
//! no solver and calls no engine (regex-automata's `meta::Regex` owns its strategy; a
//! caller asks, and gets one `Match`).

use super::limits::Limits;
use super::{Checked, Refusal};
use crate::board::Board;
use crate::rules::Game;
use crate::solve::{GameSolveError, GameSolver, Nearest, SearchLimits, Target};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Where a plan's solver comes from: made for it (a door's [`Limits`]), or a door's
/// cache of solvers (the server's, by shape and budget; the static page's last one).
pub trait Solvers {
    /// The solver of `game` whose searches take `search`.
    fn solver(&self, game: Game, search: SearchLimits) -> Result<Arc<GameSolver>, GameSolveError>;
}

impl Solvers for Limits {
    fn solver(&self, game: Game, search: SearchLimits) -> Result<Arc<GameSolver>, GameSolveError> {
        Limits::solver(self, game, search).map(Arc::new)
    }
}

/// How a plan's stream writes its answers.
#[derive(Debug, Clone, Copy)]
pub struct Written {
    /// Text or JSON lines.
    pub format: crate::stream::AnswerFormat,
    /// Flush after every answer (a terminal, a pipe read as it comes).
    pub line_buffered: bool,
    /// The time its searches may take together (its reading never counted); boards
    /// reached after it are answered without a search. `None`: no bound.
    pub search_time: Option<std::time::Duration>,
}

/// A checked `solve` request that runs: its solver, its goal.
#[derive(Debug, Clone)]
pub struct Plan {
    solver: Arc<GameSolver>,
    goal: u8,
}

impl Checked {
    /// The plan of this request, its solver from `solvers` (a door's [`Limits`], or
    /// its cache): what a board's answer and a stream are asked of.
    pub fn plan(self, solvers: &dyn Solvers) -> Result<Plan, Refusal> {
        let solver = solvers
            .solver(self.game, self.search)
            .map_err(|e| Refusal::bad(e.to_string()))?;
        Ok(Plan {
            solver,
            goal: self.goal,
        })
    }
}

impl Plan {
    /// The game it answers.
    pub fn game(&self) -> &Game {
        self.solver.game()
    }

    /// The state every light is brought to.
    pub fn goal(&self) -> u8 {
        self.goal
    }

    /// One board's answer (a state a light) as every JSON answer gives it: the
    /// presses, the fewest, whether proven, a lower bound; when unsolvable, the nearest
    /// solvable board. `search` false: the presses found without a search for the
    /// fewest (proven only when they are).
    pub fn json(&self, board: &[u8], search: bool) -> serde_json::Value {
        self.of_states(board, search).json()
    }

    /// The same plan toward the other end, every light on for off and off for any
    /// other goal (a game played toward off, then on), its solver shared.
    pub fn flipped(&self) -> Plan {
        let on = self.game().states() - 1;
        Plan {
            solver: Arc::clone(&self.solver),
            goal: if self.goal == 0 { on } else { 0 },
        }
    }

    /// What draws puzzles of the plan's game (boards of a proven fewest presses), its
    /// solver shared.
    pub fn puzzles(&self) -> crate::puzzles::PuzzleMaker<Arc<GameSolver>> {
        crate::puzzles::PuzzleMaker::new(Arc::clone(&self.solver))
    }

    /// The solver it asks (for what a door reports of it: its engine, its search's
    /// progress and cost; never to answer with).
    pub fn solver(&self) -> &GameSolver {
        &self.solver
    }

    /// A stream of boards in the input format (a count line, then boards) answered to
    /// `output` as `how` says; `report` hears of each board's answer.
    pub fn stream(
        &self,
        how: Written,
        input: impl std::io::Read,
        output: impl std::io::Write,
        report: &mut dyn FnMut(u64, crate::stream::Answered),
    ) -> Result<crate::stream::SolveSummary, crate::stream::StreamError> {
        let options = crate::stream::StatesOptions {
            goal: self.goal,
            format: how.format,
            line_buffered: how.line_buffered,
            search_time: how.search_time,
        };
        let solver = || Arc::clone(&self.solver);
        crate::stream::solve_boards_stream(self.game(), solver, options, input, output, report)
    }
}

impl Plan {
    /// `explain`: boards in the input format, each drawn with its answer (text to
    /// `text`, or a PNG a board to what `picture` opens); the boards drawn.
    pub fn explain(
        &self,
        drawing: crate::stream::Drawing,
        input: impl std::io::Read,
        text: impl std::io::Write,
        picture: &mut crate::stream::PictureSink,
    ) -> Result<u64, crate::stream::StreamError> {
        match self.two_states() {
            Some(target) => crate::stream::explain_game_stream(
                &self.solver,
                target,
                drawing,
                input,
                text,
                picture,
            ),
            None => crate::stream::explain_states_stream(
                &self.solver,
                self.goal,
                drawing,
                input,
                text,
                picture,
            ),
        }
    }

    /// `check`: each answer (in `solve`'s format) pressed on its board by the game's
    /// rules, the board after it written to `output`, `report` told each verdict; a
    /// `no solution` checked by the plan's solver.
    pub fn check(
        &self,
        boards: impl std::io::Read,
        answers: impl std::io::Read,
        output: impl std::io::Write,
        report: &mut dyn FnMut(u64, crate::stream::CheckVerdict),
    ) -> Result<crate::stream::CheckSummary, crate::stream::StreamError> {
        match self.two_states() {
            Some(target) => {
                crate::stream::check_stream(&self.solver, target, boards, answers, output, report)
            }
            None => crate::stream::check_states_stream(
                &self.solver,
                self.goal,
                boards,
                answers,
                output,
                report,
            ),
        }
    }

    /// A two-state game's goal as its bits' target; `None` for more states.
    fn two_states(&self) -> Option<Target> {
        (self.game().states() == 2).then_some(match self.goal {
            0 => Target::Off,
            _ => Target::On,
        })
    }
}

/// A board as a door hands it to a plan: two states as bits (set where a light is not
/// the goal: an 8000 x 8000 board in 8 MB), or a state a light.
#[derive(Debug, Clone)]
pub enum Lights {
    /// Two states: a bit a light, set where it differs from the goal.
    Bits(Board),
    /// A state a light, row by row.
    States(Vec<u8>),
}

/// One board's answer, as every door writes it (the JSON answers, Python's `Answer`):
/// the presses (a count a button) and their total, whether that is proven the fewest,
/// a proven lower bound; when no presses reach the goal, the nearest solvable board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardAnswer {
    /// States a light has.
    pub states: u8,
    /// The state every light is brought to.
    pub goal: u8,
    /// Each button's count, row by row in [`BoardAnswer::shape`] (`None`: unsolvable).
    pub presses: Option<Vec<u8>>,
    /// The presses' rows and columns (a grid's; one row for any other game).
    pub shape: (usize, usize),
    /// The presses' total.
    pub fewest: Option<u64>,
    /// Whether no presses reach the goal with fewer: every solution was compared.
    pub proven: Option<bool>,
    /// A proven lower bound on the fewest (the count itself when proven).
    pub lower_bound: Option<u64>,
    /// When unsolvable, the nearest board that can be solved, where the game finds one.
    pub nearest: Option<Nearest>,
    /// The board's rows and columns (of the nearest board's lights).
    pub board_shape: (usize, usize),
}

impl BoardAnswer {
    /// The answer as every JSON answer writes it (`solve --format json`, the API's
    /// routes and bodies, the static page): one schema.
    pub fn json(&self) -> serde_json::Value {
        use crate::stream::{count_rows, goal_word, JsonAnswer, NearestJson};
        let k = self.states;
        let json = JsonAnswer {
            states: k,
            target: goal_word(self.goal, k),
            solvable: self.presses.is_some(),
            presses: self
                .presses
                .as_ref()
                .map(|p| count_rows(p, self.shape.1, k)),
            fewest: self.fewest,
            proven: self.proven,
            lower_bound: self.lower_bound,
            nearest: self.nearest.as_ref().map(|n| NearestJson {
                board: count_rows(&n.board, self.board_shape.1, k),
                changed: n.changed,
                proven: n.proven,
            }),
        };
        serde_json::to_value(json).expect("an answer serialises")
    }
}

impl Plan {
    /// Stops the search of a board once `flag` is raised (Python's Ctrl-C): the best
    /// found by then is its answer.
    pub fn stop_when(&self, flag: Arc<AtomicBool>) {
        if let Some(progress) = self.solver.progress() {
            progress.stop_when(flag);
        }
    }

    /// One board's answer: the presses, the fewest when the search proves it (`search`
    /// false: the presses found without a search, proven only when they are), and when
    /// none reach the goal the nearest solvable board. A board of bits for a game of
    /// more than two states is refused.
    pub fn answer(&self, board: &Lights, search: bool) -> Result<BoardAnswer, Refusal> {
        let states = match board {
            Lights::States(states) => return Ok(self.of_states(states, search)),
            Lights::Bits(bits) => bits,
        };
        let solver = &self.solver;
        let (rows, cols) = solver.presses_shape();
        let mut ws = solver.workspace();
        let solved = solver
            .solve_with(states, Target::Off, &mut ws, search)
            .map_err(|e| Refusal::bad(e.to_string()))?
            .map(|s| {
                let presses = (0..rows * cols)
                    .map(|i| u8::from(s.presses.get(i / cols, i % cols)))
                    .collect();
                (
                    presses,
                    s.presses.count_ones(),
                    s.proven_minimal,
                    s.lower_bound,
                )
            });
        // A light of the board: its bit (differs from the goal) and the goal.
        let lights = || {
            states
                .cells()
                .iter()
                .map(|&b| b ^ self.goal)
                .collect::<Vec<u8>>()
        };
        Ok(self.answered(solved, lights))
    }

    /// One board of a state a light answered (never refused): [`Plan::answer`] of
    /// [`Lights::States`] without the copy.
    pub fn answer_states(&self, states: &[u8], search: bool) -> BoardAnswer {
        self.of_states(states, search)
    }

    /// A board of a state a light answered (never refused).
    fn of_states(&self, states: &[u8], search: bool) -> BoardAnswer {
        let goals = vec![self.goal; states.len()];
        let solved = self
            .solver
            .solve_states(states, &goals, search)
            .map(|a| (a.presses, a.total, a.proven_minimal, a.lower_bound));
        self.answered(solved, || states.to_vec())
    }

    /// The one answer of what the engine found (presses, total, proven, lower bound),
    /// the nearest solvable board looked for (from `lights`, a state each) when none.
    fn answered(
        &self,
        solved: Option<(Vec<u8>, u64, bool, u64)>,
        lights: impl FnOnce() -> Vec<u8>,
    ) -> BoardAnswer {
        let solver = &self.solver;
        let nearest = match (&solved, solver.finds_nearest()) {
            (None, true) => solver.nearest_solvable(&lights(), self.goal),
            _ => None,
        };
        let (presses, fewest, proven, lower_bound) = match solved {
            Some((presses, total, proven, lower)) => {
                (Some(presses), Some(total), Some(proven), Some(lower))
            }
            None => (None, None, None, None),
        };
        BoardAnswer {
            states: solver.game().states(),
            goal: self.goal,
            presses,
            shape: solver.presses_shape(),
            fewest,
            proven,
            lower_bound,
            nearest,
            board_shape: solver.board_shape(),
        }
    }
}
