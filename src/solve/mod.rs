//! The solvers: first-row enumeration and linear algebra for 5x5, and the general
//! R x C solver over GF(2). No I/O and no tables.

pub mod algebra;
mod bytes;
mod fewest;
pub mod first_row;
pub mod general;
mod linear;
mod poly;
mod residue;

pub use fewest::{Search, Skipped};
pub use general::{
    EmptyShape, Solution, Solver, Target, Workspace, SEARCH_BUDGET, SIGNATURE_CELLS,
};
pub use poly::nullity;
