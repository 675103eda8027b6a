//! Solvers that work without a table: first-row enumeration for 5x5, and the general
//! R x C solver over GF(2).

pub mod algebra;
pub mod bits;
pub mod first_row;
pub mod general;
pub mod linear;
pub mod stream;

pub use bits::Board;
pub use general::{EmptyShape, Solution, Solver, Target, Workspace};
