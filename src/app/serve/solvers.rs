//! Solvers of the classic game held per shape: a shape's solver is made once (on the blocking pool, when
//! its first board has arrived) and kept while the cache's memory allows, most
//! recently used last.

use lightsout::request::limits::Limits;
use lightsout::GameSolver;
use std::sync::{Arc, Mutex};

/// A cached solver, its shape (rows, columns) and its search budget.
type Entry = ((usize, usize, u64), Arc<GameSolver>);

/// The cache of solvers by shape.
pub(crate) struct Solvers {
    /// The most bytes the cached solvers may hold together.
    capacity: usize,
    /// The server's limits: its solvers keep signatures for boards of at most
    /// `signature_lights` (a quiet pattern a bit, nullity up to 64, is then at most
    /// 8 MiB a shape).
    limits: Limits,
    cached: Mutex<Vec<Entry>>,
}

impl Solvers {
    pub(crate) fn new(capacity: usize, limits: &Limits) -> Solvers {
        Solvers {
            capacity,
            limits: *limits,
            cached: Mutex::new(Vec::new()),
        }
    }

    /// The solver for `game`, the classic game of some shape, searching within
    /// `budget` word operations, made when not held.
    pub(crate) fn get(&self, game: &lightsout::rules::Game, budget: u64) -> Arc<GameSolver> {
        let grid = game.grid_rules().expect("the classic game is a grid game");
        let key = (grid.rows, grid.cols, budget);
        {
            let mut cached = self.cached.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(at) = cached.iter().position(|(k, _)| *k == key) {
                let hit = cached.remove(at);
                let solver = hit.1.clone();
                cached.push(hit);
                metrics::counter!("lightsout_solver_cache_hits_total").increment(1);
                return solver;
            }
        }
        let solver = Arc::new(
            self.limits
                .solver(game.clone(), budget)
                .expect("the classic game has a solver for every shape"),
        );
        let size = solver.memory_bytes();
        if size <= self.capacity {
            let mut cached = self.cached.lock().unwrap_or_else(|e| e.into_inner());
            if !cached.iter().any(|(k, _)| *k == key) {
                cached.push((key, solver.clone()));
            }
            let mut total: usize = cached.iter().map(|(_, s)| s.memory_bytes()).sum();
            while total > self.capacity {
                let (_, evicted) = cached.remove(0);
                total -= evicted.memory_bytes();
            }
        }
        solver
    }
}

/// Solvers of games (any flags) held for the page's presses: at most
/// [`GAME_SOLVERS`] of them, each of a game within the server's play limit, most
/// recently used last.
pub(crate) struct GameSolvers {
    limits: Limits,
    cached: Mutex<Vec<(u64, Arc<lightsout::GameSolver>)>>,
}

/// Game solvers kept at once.
const GAME_SOLVERS: usize = 16;

impl GameSolvers {
    pub(crate) fn new(limits: &Limits) -> GameSolvers {
        GameSolvers {
            limits: *limits,
            cached: Mutex::new(Vec::new()),
        }
    }

    /// The solver of `game` searching within `budget`, made when not held.
    pub(crate) fn get(
        &self,
        game: lightsout::rules::Game,
        budget: u64,
    ) -> Result<Arc<lightsout::GameSolver>, lightsout::GameSolveError> {
        {
            let mut cached = self.cached.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(at) = cached
                .iter()
                .position(|(b, s)| *b == budget && *s.game() == game)
            {
                let hit = cached.remove(at);
                let solver = hit.1.clone();
                cached.push(hit);
                return Ok(solver);
            }
        }
        let solver = Arc::new(self.limits.solver(game, budget)?);
        let mut cached = self.cached.lock().unwrap_or_else(|e| e.into_inner());
        cached.push((budget, solver.clone()));
        if cached.len() > GAME_SOLVERS {
            cached.remove(0);
        }
        Ok(solver)
    }
}

/// The solver of one board's game (`GET /v1/solve`, either body): the classic game's
/// from the cache by shape and budget, a game the page plays from the cache of games,
/// any larger one made for the request.
impl lightsout::request::Solvers for super::State {
    fn solver(
        &self,
        game: lightsout::rules::Game,
        search: lightsout::SearchLimits,
    ) -> Result<Arc<GameSolver>, lightsout::GameSolveError> {
        if game.is_classic() && search.time.is_none() {
            Ok(self.solvers.get(&game, search.ops))
        } else if game.lights() as u64 <= self.limits.play_lights && search.time.is_none() {
            self.game_solvers.get(game, search.ops)
        } else {
            self.limits.solver(game, search).map(Arc::new)
        }
    }
}
