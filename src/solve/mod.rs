//! The solvers: first-row enumeration and linear algebra for 5x5, and the general
//! R x C solver over GF(2). No I/O and no tables.

pub(crate) mod algebra;
mod blocks;
mod bytes;
mod chase;
mod checkpoint;
pub(crate) mod dense;
mod fewest;
pub(crate) mod first_row;
mod game;
pub(crate) mod general;
mod kernel;
mod linear;
mod local;
mod plus;
mod poly;
mod progress;
#[cfg(target_arch = "x86_64")]
mod registers;
mod residue;
pub(crate) mod ring;
mod rows;
mod small;
pub(crate) mod states;
mod symmetry;
mod walsh;
mod word;

pub use progress::{Keeper, Kept, SearchProgress};

pub use fewest::{Search, Skipped};
pub use game::{GameSolveError, GameSolver, GameWorkspace, CHASE_LIGHTS, DENSE_LIGHTS};
pub use general::{
    EmptyShape, Solution, Solver, Target, Workspace, SEARCH_BUDGET, SIGNATURE_CELLS,
};
pub use poly::nullity;
pub use states::census::{Census, CensusError, CENSUS_LANES, CENSUS_STEPS};
pub use states::{
    StateAnswer, StateSearch, StatesError, StatesSolver, TooManyStateUnknowns, STATE_CHASE_LIGHTS,
    STATE_DENSE_LIGHTS,
};
