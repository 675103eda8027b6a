//! A checked `solve` request as a plan that runs: it owns the game's solver (made by
//! the library within the door's limits, or handed over by a door's cache through
//! [`Solvers`]), the goal and the search, and it answers a board ([`Plan::json`]) or a
//! stream of boards ([`Plan::stream`]). A door asks, and writes what it gets: it makes
//! no solver and calls no engine (regex-automata's `meta::Regex` owns its strategy; a
//! caller asks, and gets one `Match`).

use super::limits::Limits;
use super::{Checked, Refusal};
use crate::rules::Game;
use crate::solve::{GameSolveError, GameSolver, SearchLimits};
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
        super::answer_json(&self.solver, board, self.goal, search)
    }

    /// A stream of boards in the input format (a count line, then boards) answered to
    /// `output` in `format`, each board's search within what is left of `search_time`
    /// (the time answering them spends); `report` hears of each board's answer.
    pub fn stream(
        &self,
        (format, search_time): (crate::stream::AnswerFormat, Option<std::time::Duration>),
        input: impl std::io::Read,
        output: impl std::io::Write,
        report: &mut dyn FnMut(u64, crate::stream::Answered<'_>),
    ) -> Result<crate::stream::SolveSummary, crate::stream::StreamError> {
        let options = crate::stream::StatesOptions {
            goal: self.goal,
            format,
            line_buffered: false,
            search_time,
        };
        let solver = || Arc::clone(&self.solver);
        crate::stream::solve_boards_stream(self.game(), solver, options, input, output, report)
    }
}
