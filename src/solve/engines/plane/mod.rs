//! The R x C solver: light chasing made symbolic, then the top row by polynomial
//! arithmetic.
//!
//! Pressing the top row with `f` forces every later press (a light left on in row `r`
//! can only be turned off from row `r + 1`), and what is left below the last row is
//! `p_R(T) f + c`, where `T` is what a row of presses does to its own row and `c` is
//! what a chase with no top-row presses leaves. Solving `p_R(T) f = c` is arithmetic
//! modulo `T`'s characteristic polynomial ([`residue`]): `O(C^2 / 64)` word
//! operations, so a board costs two chases (`O(R C / 64)`) and that. The board is
//! transposed when it is wider than tall, so the rows chased are the shorter side.
//! Gauss-Jordan elimination of the C x C matrix of `p_R(T)` ([`crate::solve::linear`],
//! `O(C^3 / 64)`) solves the same system: `Solver::by_elimination` keeps it as the
//! independent cross-check.
//!
//! For boards of at most 64 lights the whole pipeline (chase, top row, chase) is one
//! linear map of the board, so it is tabulated per byte of the board: a board then costs
//! a few table lookups (`SmallMap`), with exactly the answers of the general path.
//!
//! Solutions differ by the quiet patterns (press sets that change nothing), one per
//! dimension of the null space. When `2^k` of them are few enough to walk (in
//! Gray-code order, one XOR and popcount of the board per step), the answer is proven
//! minimal.

mod answer;
mod plus;
pub(crate) mod poly;
mod residue;
mod small;

use crate::board::{board_words, words_for, Board};
pub use crate::rules::Target;
use crate::solve::linear::{press_matrix, EliminatedTopRow};
pub use crate::solve::search::kernel::Solution;
use crate::solve::search::kernel::{gray_steps, Kernel, SearchLimits};
use crate::solve::search::signatures::{Search, Skipped};
use plus::chase;
use residue::ShapePolynomials;
use small::{flatten, unflatten, SmallMap};

/// The default per-board budget of the minimum search, in word operations: the walk
/// over the `2^k` solutions runs when `2^k * R * words` is at most this. About 2^24
/// XOR-and-popcount steps: milliseconds a board, so a stream of boards stays fast.
pub const SEARCH_BUDGET: u64 = 1 << 24;

/// Why a shape cannot be solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("a board needs at least one row and one column, not {rows} x {cols}")]
pub struct EmptyShape {
    /// Rows asked for.
    pub rows: usize,
    /// Columns asked for.
    pub cols: usize,
}

/// Everything about one shape that does not depend on the board.
#[derive(Debug, Clone)]
pub struct Solver {
    rows: usize,
    cols: usize,
    /// Solve the transpose (when the board is wider than tall).
    transposed: bool,
    /// Rows and columns of the board actually chased.
    work_rows: usize,
    work_cols: usize,
    system: TopRow,
    /// The dimension of the quiet patterns.
    nullity: usize,
    /// The quiet patterns (chased, in the working orientation) and how the fewest
    /// presses are looked for among them.
    kernel: Kernel,
    /// The per-board search budget, in word operations.
    budget: u64,
    /// The tabulated map, for boards of at most 64 lights.
    small: Option<SmallMap>,
}

/// Boards of more lights than this get no signatures (and so no transform or local
/// search) by default: a quiet pattern a signature bit would cost too much memory.
pub const SIGNATURE_CELLS: usize = 1 << 22;

/// How the top row is found from what a chase leaves: both solve the same system.
#[derive(Debug, Clone)]
enum TopRow {
    /// Polynomial arithmetic, `O(C^2 / 64)` a board ([`super::residue`]).
    Polynomials(Box<ShapePolynomials>),
    /// Gauss-Jordan elimination of the C x C press matrix, `O(C^3 / 64)` once a shape:
    /// the independent cross-check.
    Elimination(EliminatedTopRow),
}

impl TopRow {
    fn nullity(&self) -> usize {
        match self {
            TopRow::Polynomials(r) => r.nullity(),
            TopRow::Elimination(r) => r.size() - r.rank(),
        }
    }

    /// Top rows of a basis of the quiet patterns (made on demand: for a large nullity
    /// they are many).
    fn null_space(&self) -> Vec<Vec<u64>> {
        match self {
            TopRow::Polynomials(r) => r.null_space(),
            TopRow::Elimination(r) => r.null_space(),
        }
    }

    fn solve_linear(&self, residual: &[u64], top: &mut [u64]) -> u64 {
        match self {
            TopRow::Polynomials(r) => r.solve_linear(residual, top),
            TopRow::Elimination(r) => r.solve_linear(residual, top),
        }
    }
}

/// Reusable buffers, so a batch of boards allocates nothing per board.
#[derive(Debug, Clone)]
pub struct Workspace {
    lights: Board,
    presses: Board,
    best: Board,
    out: Board,
    residual: Vec<u64>,
    top: Vec<u64>,
}

impl Solver {
    /// Prepares a solver for `rows x cols` boards: the press matrix, its reduction and
    /// the quiet patterns, with the default [`SEARCH_BUDGET`].
    pub fn new(rows: usize, cols: usize) -> Result<Solver, EmptyShape> {
        Solver::with_search_budget(rows, cols, SEARCH_BUDGET)
    }

    /// [`new`](Self::new) with a per-board budget for the minimum search, in word
    /// operations (see [`search_cost`](Self::search_cost)): answers are proven minimal
    /// when the search fits it, and valid but unproven otherwise.
    pub fn with_search_budget(rows: usize, cols: usize, budget: u64) -> Result<Solver, EmptyShape> {
        Solver::build(rows, cols, budget.into(), false, SIGNATURE_CELLS)
    }

    /// [`with_search_budget`](Self::with_search_budget), keeping signatures (the
    /// memory of the transform and the local search: about `k + 32` bits a light, `k`
    /// the nullity) only for boards of at most `signature_cells` lights. A server
    /// lowers it to bound what one shape may cost.
    pub fn with_limits(
        rows: usize,
        cols: usize,
        budget: impl Into<SearchLimits>,
        signature_cells: usize,
    ) -> Result<Solver, EmptyShape> {
        Solver::build(rows, cols, budget.into(), false, signature_cells)
    }

    /// A solver that finds the top row by Gauss-Jordan elimination of the press matrix
    /// (`O(C^3 / 64)` for the shape) instead of polynomial arithmetic: the independent
    /// method the tests hold the fast one to. Same answers, same search.
    pub(crate) fn by_elimination(
        rows: usize,
        cols: usize,
        budget: u64,
    ) -> Result<Solver, EmptyShape> {
        Solver::build(rows, cols, budget.into(), true, SIGNATURE_CELLS)
    }

    fn build(
        rows: usize,
        cols: usize,
        limits: SearchLimits,
        eliminate: bool,
        signature_cells: usize,
    ) -> Result<Solver, EmptyShape> {
        if rows == 0 || cols == 0 {
            return Err(EmptyShape { rows, cols });
        }
        // Chase along the longer side: the polynomials' degree and the words per
        // chased row follow the shorter. (Boards of at most 64 lights are tabulated
        // either way.)
        let transposed = cols > rows;
        let (work_rows, work_cols) = if transposed {
            (cols, rows)
        } else {
            (rows, cols)
        };
        let system = if eliminate {
            TopRow::Elimination(EliminatedTopRow::new(
                &press_matrix(work_rows, work_cols),
                work_cols,
            ))
        } else {
            TopRow::Polynomials(Box::new(ShapePolynomials::new(work_rows, work_cols)))
        };
        let nullity = system.nullity();
        let mut solver = Solver {
            rows,
            cols,
            transposed,
            work_rows,
            work_cols,
            system,
            nullity,
            kernel: Kernel::new(0, 0, 0, 0u64, 0, Vec::new),
            budget: limits.ops,
            small: None,
        };
        let lights = rows.saturating_mul(cols);
        let step_words = board_words(work_rows, work_cols) as u64;
        // A press changes its light and its neighbours in the shape: 5 at most.
        let side = |n: usize| n.min(3) - 1;
        let cover = 1 + side(rows) + side(cols);
        solver.kernel = Kernel::new(nullity, lights, step_words, limits, signature_cells, || {
            solver
                .system
                .null_space()
                .iter()
                .map(|top| solver.chase_quiet(top))
                .collect()
        })
        .with_cover(cover);
        if rows * cols <= 64 {
            solver.small = Some(solver.small_map());
        }
        Ok(solver)
    }

    /// Tabulates the general path, one light at a time (it is linear in the board).
    fn small_map(&self) -> SmallMap {
        let mut ws = self.workspace();
        let mut unit = Board::new(self.rows, self.cols);
        let (mut presses, mut unsolvable) = (Vec::new(), Vec::new());
        for cell in 0..self.rows * self.cols {
            unit.set(cell / self.cols, cell % self.cols, true);
            unsolvable.push(self.particular(&unit, Target::Off, &mut ws));
            presses.push(flatten(self.oriented(&ws.presses, &mut ws.out)));
            unit.set(cell / self.cols, cell % self.cols, false);
        }
        let mut every = Board::new(self.rows, self.cols);
        every.invert();
        SmallMap::new(
            &presses,
            &unsolvable,
            flatten(&every),
            self.quiet_patterns().iter().map(flatten).collect(),
        )
    }

    fn chase_quiet(&self, top: &[u64]) -> Board {
        let mut pattern = Board::new(self.work_rows, self.work_cols);
        let mut residual = vec![0u64; top.len()];
        chase(None, false, top, &mut pattern, &mut residual);
        debug_assert!(
            residual.iter().all(|&w| w == 0),
            "a null vector leaves nothing"
        );
        pattern
    }

    /// About how many bytes this solver holds (its quiet patterns, signatures and
    /// tables): what a cache of solvers counts.
    pub fn memory_bytes(&self) -> usize {
        let searched = self.kernel.memory_bytes();
        let small = self.small.as_ref().map_or(0, SmallMap::memory_bytes);
        // The polynomials: a few of `work_cols` bits each.
        let polynomials = 8 * 64 * (self.work_cols / 64 + 2) * 8;
        std::mem::size_of::<Solver>() + searched + small + polynomials
    }

    /// Rows of the boards this solver takes.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the boards this solver takes.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The dimension `k` of the null space: each solvable board has `2^k` solutions,
    /// and `2^-k` of all boards are solvable.
    pub fn nullity(&self) -> usize {
        self.nullity
    }

    crate::solve::search::kernel::searched_by_kernel!();

    /// A basis of the quiet patterns: press sets that change no light.
    pub fn quiet_patterns(&self) -> Vec<Board> {
        let mut all = Vec::new();
        self.for_each_quiet_pattern(|pattern| {
            all.push(pattern.clone());
            Ok::<(), std::convert::Infallible>(())
        })
        .unwrap_or_else(|never| match never {});
        all
    }

    /// Calls `each` with every pattern of the basis of [`quiet_patterns`](Self::quiet_patterns)
    /// in turn, making each only when the one before is done: memory for one pattern
    /// (and the basis's top rows), whatever the nullity. Stops at the first error.
    pub fn for_each_quiet_pattern<E>(
        &self,
        mut each: impl FnMut(&Board) -> Result<(), E>,
    ) -> Result<(), E> {
        for top in self.system.null_space() {
            each(&self.orient(self.chase_quiet(&top)))?;
        }
        Ok(())
    }

    fn orient(&self, work: Board) -> Board {
        if self.transposed {
            work.transposed()
        } else {
            work
        }
    }

    /// Buffers for [`solve_with`](Self::solve_with).
    pub fn workspace(&self) -> Workspace {
        let words = words_for(self.work_cols);
        Workspace {
            lights: Board::new(self.work_rows, self.work_cols),
            presses: Board::new(self.work_rows, self.work_cols),
            best: Board::new(self.work_rows, self.work_cols),
            out: Board::new(self.rows, self.cols),
            residual: vec![0; words],
            top: vec![0; words],
        }
    }
}
