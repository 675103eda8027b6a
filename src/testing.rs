//! Independent methods that only the tests use, kept apart from the product's API: each
//! answers what a product path answers by another road, so the two can be held to each
//! other. Nothing here is fast, and nothing in the product calls it.

use crate::solve::EmptyShape;

/// The engines behind [`GameSolver`](crate::GameSolver), each held by the tests to the
/// others and to dense elimination: the classic R x C chase (`Solver`), dense
/// elimination (`Dense`), arithmetic mod K (`StatesSolver`). The product asks only
/// `GameSolver`.
pub use crate::solve::engines::dense::{Answer as DenseAnswer, Dense};
pub use crate::solve::{Solver, StatesSolver, Workspace};

/// The engines' own results, as [`GameSolver::solve_with`](crate::GameSolver::solve_with)
/// and [`GameSolver::solve_states`](crate::GameSolver::solve_states) give them to the
/// tests that hold one engine to another: the product's doors never see them (a plan
/// answers with the one [`BoardAnswer`](crate::request::BoardAnswer); a stream tells
/// of each board with [`Answered`](crate::Answered)).
pub use crate::solve::{Solution, StateAnswer};

/// The R x C solver with its top row found by Gauss-Jordan elimination of the press
/// matrix (`O(C^3 / 64)` a shape) instead of the polynomial arithmetic of
/// [`Solver::new`]: the same nullity, solvability and answers by an independent
/// method (tests/it/cross_check.rs holds the two to each other).
///
/// # Errors
///
/// A shape without lights.
pub fn solver_by_elimination(rows: usize, cols: usize, budget: u64) -> Result<Solver, EmptyShape> {
    Solver::by_elimination(rows, cols, budget)
}
