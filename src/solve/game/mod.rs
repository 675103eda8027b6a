//! One solver for every game, and the one place that chooses how to solve it: the
//! polynomial chase ([`Solver`]) for the classic `plus` rule on a plane board, the
//! general chase ([`Chase`]) for every other grid game, dense elimination ([`Dense`])
//! for button maps (and as the cross-check of the others), arithmetic mod K for more
//! than two states. The two-state engines answer through the same
//! [`Solution`](super::Solution) and search the fewest presses through the same kernel
//! search ([`answer`]).

use super::engines::chase::Chase;
use super::engines::dense::Dense;
use super::engines::plane::{Solver, SIGNATURE_CELLS};
use super::engines::states::StatesSolver;
use super::search::kernel::{Kernel, SearchLimits};
use crate::board::Board;
use crate::rules::Game;

mod answer;
mod nearest;
pub use answer::{GameWorkspace, NotTwoStates};
pub use nearest::{Nearest, NEAREST_CLASSES, NEAREST_LIGHTS};

/// The most lights a game solved by dense elimination may have: its reduced matrix
/// takes `lights * (buttons + lights)` bits (16,384 lights: 64 MiB).
pub const DENSE_LIGHTS: usize = 1 << 14;

/// The most lights a grid game solved by the general chase may have (about 10 bytes
/// a light while it runs).
pub const CHASE_LIGHTS: usize = 1 << 24;

/// Why a game cannot be solved here.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GameSolveError {
    /// Too large for the chase.
    #[error(transparent)]
    Unknowns(#[from] super::engines::chase::TooManyUnknowns),
    /// A grid game too large for the general chase.
    #[error(
        "a {rows} x {cols} board has {} lights; grid games other than the classic plus \
         rule on a plane board take at most {CHASE_LIGHTS} lights",
        rows * cols
    )]
    TooManyLights {
        /// Rows of the board.
        rows: usize,
        /// Columns of the board.
        cols: usize,
    },
    /// A game of more than two states too large for its method.
    #[error(transparent)]
    States(#[from] super::engines::states::StatesError),
    /// Too large for dense elimination.
    #[error(
        "this game has {lights} lights (and {buttons} buttons); games other than the \
         grid games are solved by dense elimination, which takes at most {DENSE_LIGHTS} \
         lights and buttons"
    )]
    TooLarge {
        /// Lights of the game.
        lights: usize,
        /// Buttons of the game.
        buttons: usize,
    },
}

/// The engine of the classic game (plus on a plane board, two states), as `--stats`
/// names it.
pub const CLASSIC_ENGINE: &str = "light chasing with polynomial arithmetic";

/// How a [`GameSolver`] solves its game.
#[derive(Debug, Clone)]
enum Method {
    /// The classic rule on a plane board: light chasing and polynomial arithmetic
    /// (`engines::plane`).
    Plane(Box<Solver>),
    /// Any other grid game: the general chase and a reduced boundary system
    /// (`engines::chase`).
    GridChase(Box<Chase>),
    /// Gauss-Jordan elimination of the whole press matrix.
    Dense(Box<Dense>),
    /// Lights of more than two states: arithmetic mod K.
    States(Box<StatesSolver>),
}

/// A game and the method chosen for it.
#[derive(Debug, Clone)]
pub struct GameSolver {
    game: Game,
    method: Method,
    /// The search of the nearest solvable positions, made when first asked for.
    nearness: std::sync::OnceLock<Option<std::sync::Arc<nearest::Nearness>>>,
}

impl GameSolver {
    /// The solver for `game`, its method chosen from the game, searching the fewest
    /// presses within `budget` word operations a board.
    pub fn new(game: Game, budget: impl Into<SearchLimits>) -> Result<GameSolver, GameSolveError> {
        GameSolver::with_limits(game, budget, SIGNATURE_CELLS)
    }

    /// [`new`](Self::new), keeping the search's signatures (about `k + 32` bits a
    /// light, `k` the nullity) only for boards of at most `signature_cells` lights: a
    /// server lowers it to bound what one game may cost.
    pub fn with_limits(
        game: Game,
        budget: impl Into<SearchLimits>,
        signature_cells: usize,
    ) -> Result<GameSolver, GameSolveError> {
        let budget = budget.into();
        if game.states() > 2 {
            let states = StatesSolver::new(&game, budget.ops)?;
            return Ok(GameSolver {
                game,
                method: Method::States(Box::new(states)),
                nearness: Default::default(),
            });
        }
        match game.grid_rules() {
            Some(grid) if game.is_classic() => {
                let solver = Solver::with_limits(grid.rows, grid.cols, budget, signature_cells)
                    .expect("a game has at least one light");
                Ok(GameSolver {
                    game,
                    method: Method::Plane(Box::new(solver)),
                    nearness: Default::default(),
                })
            }
            Some(grid) => {
                if grid.rows * grid.cols > CHASE_LIGHTS {
                    let (rows, cols) = (grid.rows, grid.cols);
                    return Err(GameSolveError::TooManyLights { rows, cols });
                }
                let chase = Chase::new(grid, budget, signature_cells)?;
                Ok(GameSolver {
                    game,
                    method: Method::GridChase(Box::new(chase)),
                    nearness: Default::default(),
                })
            }
            None => GameSolver::by_elimination(game, budget),
        }
    }

    /// The solver for `game` by dense elimination, whatever the game: the independent
    /// method every other is held to.
    pub fn by_elimination(
        game: Game,
        budget: impl Into<SearchLimits>,
    ) -> Result<GameSolver, GameSolveError> {
        let budget = budget.into();
        if game.states() > 2 {
            let states = StatesSolver::by_elimination(&game, budget.ops)?;
            return Ok(GameSolver {
                game,
                method: Method::States(Box::new(states)),
                nearness: Default::default(),
            });
        }
        let (lights, buttons) = (game.lights(), game.buttons());
        if lights > DENSE_LIGHTS || buttons > DENSE_LIGHTS {
            return Err(GameSolveError::TooLarge { lights, buttons });
        }
        let dense = Dense::new(&game, budget, SIGNATURE_CELLS);
        Ok(GameSolver {
            game,
            method: Method::Dense(Box::new(dense)),
            nearness: Default::default(),
        })
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The method chosen, in words.
    pub fn method(&self) -> &'static str {
        match &self.method {
            Method::Plane(_) => CLASSIC_ENGINE,
            Method::GridChase(_) => "light chasing for any rule, and elimination of its boundary",
            Method::Dense(_) => "dense Gauss-Jordan elimination",
            Method::States(s) => s.method(),
        }
    }

    /// The dimension of the kernel: each solvable board has `2^nullity` solutions
    /// (for K states see [`StatesSolver::nullity`]).
    pub fn nullity(&self) -> usize {
        match &self.method {
            Method::Plane(s) => s.nullity(),
            Method::GridChase(c) => c.nullity(),
            Method::Dense(d) => d.nullity(),
            Method::States(s) => s.nullity(),
        }
    }

    /// The number of solutions of each solvable board (the press patterns that change
    /// nothing), in decimal: `2^nullity` for two states.
    pub fn solutions(&self) -> String {
        match &self.method {
            Method::States(s) => s.solutions(),
            _ => two_state_solutions(self.nullity()),
        }
    }

    /// The quiet patterns as a group, when K is not prime (`Z_2^2 x Z_4^2`); `None` for
    /// prime K, where they are a vector space of [`nullity`](Self::nullity) dimensions.
    pub fn kernel_group(&self) -> Option<String> {
        match &self.method {
            Method::States(s) if !s.prime_states() => Some(s.kernel_group()),
            _ => None,
        }
    }

    /// Generators of the quiet patterns of a game of more than two states, one count
    /// a button, each with its order (`None` for two states, whose patterns are
    /// [`quiet_patterns`](Self::quiet_patterns), or when they are too large to keep:
    /// more than 2^28 bytes).
    pub fn quiet_patterns_of_states(&self) -> Option<Vec<(Vec<u8>, u32)>> {
        match &self.method {
            Method::States(s) => s.quiet_patterns(),
            _ => None,
        }
    }

    /// The census of the game: the fewest presses of every board, by enumerating the
    /// press patterns (any number of states), progress reported as `(done, total)`.
    pub fn census(
        &self,
        progress: &(dyn Fn(u64, u64) -> bool + Sync),
    ) -> Result<crate::solve::Census, crate::solve::CensusError> {
        match &self.method {
            Method::States(s) => s.census(progress),
            // Two-state games enumerate by the same arithmetic, mod 2.
            _ => StatesSolver::new(&self.game, 0)
                .map_err(|e| crate::solve::CensusError::Unsupported(e.to_string()))?
                .census(progress),
        }
    }

    /// The fewest-presses search of a two-state engine, written once for all of them
    /// (`None` for lights of more states, which search their own way).
    fn kernel(&self) -> Option<&Kernel> {
        match &self.method {
            Method::Plane(s) => Some(s.kernel()),
            Method::GridChase(c) => Some(c.kernel()),
            Method::Dense(d) => Some(d.kernel()),
            Method::States(_) => None,
        }
    }

    /// The proving search's time a board, estimated in seconds from its cost (`None`
    /// when beyond counting, or for lights of more than two states).
    pub fn search_seconds(&self) -> Option<f64> {
        self.kernel().and_then(Kernel::seconds)
    }

    /// Lets a board whose own proof, its symmetries counted (a board that some of the
    /// shape's reflections and rotations leave as it is), is estimated within `limit`
    /// be proven, though the search budget does not cover every board's, and bounds
    /// the search past every proof by it (games of two states).
    pub fn allow_search_time(&mut self, limit: std::time::Duration) {
        let kernel = match &mut self.method {
            Method::Plane(s) => s.kernel_mut(),
            Method::GridChase(c) => c.kernel_mut(),
            Method::Dense(d) => d.kernel_mut(),
            Method::States(_) => return,
        };
        kernel.allow_board_seconds(limit.as_secs_f64());
    }

    /// Whether some board's answer may be proven the fewest: every board's is, or a
    /// symmetric board's may be (games of two states).
    pub fn may_prove(&self) -> bool {
        self.kernel().is_some_and(Kernel::may_prove)
    }

    /// Whether each board's answer is proven the fewest (its search fits the budget).
    pub fn proves_minimal(&self) -> bool {
        self.kernel().is_some_and(Kernel::proves)
    }

    /// How far the search of the board in hand has gone, for a progress bar on
    /// another thread (games of two states; `None` for more).
    pub fn progress(&self) -> Option<std::sync::Arc<super::SearchProgress>> {
        self.kernel().map(Kernel::progress)
    }

    /// Word operations of the search a board (`None` past 2^64).
    pub fn search_cost(&self) -> Option<u64> {
        match &self.method {
            Method::States(s) => s.search_cost(),
            _ => self.kernel().and_then(Kernel::cost),
        }
    }

    /// The shape of a board: rows and columns for a grid game, one row of lights for
    /// any other.
    pub fn board_shape(&self) -> (usize, usize) {
        match self.game.grid_rules() {
            Some(grid) => (grid.rows, grid.cols),
            None => (1, self.game.lights()),
        }
    }

    /// The shape of a press pattern: the board's for a grid game, one row of buttons
    /// for any other.
    pub fn presses_shape(&self) -> (usize, usize) {
        match self.game.grid_rules() {
            Some(grid) => (grid.rows, grid.cols),
            None => (1, self.game.buttons()),
        }
    }

    /// A basis of the quiet patterns (press patterns that change nothing), each of
    /// [`presses_shape`](Self::presses_shape); empty for more than two states (see
    /// [`StatesSolver::quiet_patterns`]).
    pub fn quiet_patterns(&self) -> Vec<Board> {
        match &self.method {
            Method::States(_) => Vec::new(),
            Method::Plane(s) => s.quiet_patterns(),
            Method::GridChase(c) => c.quiet_patterns(),
            Method::Dense(d) => d
                .quiet_patterns()
                .iter()
                .map(|flat| self.shaped(flat))
                .collect(),
        }
    }

    /// Calls `each` with each pattern of a basis of the quiet patterns, in the order of
    /// [`quiet_patterns`](Self::quiet_patterns); the classic game's are made one at a
    /// time (memory: one pattern, whatever the board), the others' all at once.
    pub fn for_each_quiet_pattern<E>(
        &self,
        each: impl FnMut(&Board) -> Result<(), E>,
    ) -> Result<(), E> {
        match &self.method {
            Method::Plane(s) => s.for_each_quiet_pattern(each),
            _ => self.quiet_patterns().iter().try_for_each(each),
        }
    }

    /// The nearest board to `lights` from which every light can reach `goal`: the
    /// fewest lights changed, proven (a search over the classes of boards); past
    /// [`NEAREST_CLASSES`] classes, for two states, a near one (proven when one light
    /// away). `None` when `lights` can already reach it, past [`NEAREST_LIGHTS`]
    /// lights, or past the classes for more states.
    pub fn nearest_solvable(&self, lights: &[u8], goal: u8) -> Option<Nearest> {
        self.nearness()?.nearest(lights, goal)
    }

    /// Whether [`nearest_solvable`](Self::nearest_solvable) finds boards for this game
    /// (so a caller writes a board out as states only when it will be read).
    pub fn finds_nearest(&self) -> bool {
        self.nearness().is_some()
    }

    /// The search of the nearest solvable positions, made when first asked for.
    fn nearness(&self) -> Option<&nearest::Nearness> {
        self.nearness
            .get_or_init(|| nearest::Nearness::of(self).map(std::sync::Arc::new))
            .as_deref()
    }

    /// The bytes the solver holds, about (what a cache of solvers weighs).
    pub fn memory_bytes(&self) -> usize {
        let held = match &self.method {
            Method::Plane(s) => return s.memory_bytes(),
            Method::States(_) => 0,
            Method::GridChase(_) | Method::Dense(_) => {
                self.kernel().map_or(0, Kernel::memory_bytes) + self.game.lights() / 4
            }
        };
        std::mem::size_of::<GameSolver>() + held
    }
}

/// The solutions of a solvable board of a two-state game of nullity `k`: `2^k`, its
/// digits below 2^128.
pub fn two_state_solutions(k: usize) -> String {
    match 1u128.checked_shl(k as u32) {
        Some(n) if k < 128 => n.to_string(),
        _ => format!("2^{k}"),
    }
}
