//! The 5x5 grid's own answers: first-row enumeration (the cross-check of every table)
//! and the algebra (three byte-table lookups).

pub(crate) mod algebra;
pub(crate) mod first_row;
