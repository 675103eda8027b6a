//! Solvers that work without a table.

pub mod first_row;
