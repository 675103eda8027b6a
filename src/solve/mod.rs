//! The solvers: first-row enumeration and linear algebra for 5x5, and the general
//! R x C solver over GF(2). No I/O and no tables.

pub(crate) mod algebra;
mod bytes;
mod chase;
pub(crate) mod dense;
pub(crate) mod first_row;
mod game;
pub(crate) mod general;
mod linear;
mod plus;
mod poly;
mod residue;
pub(crate) mod ring;
mod search;
mod small;
pub(crate) mod states;

pub use search::progress::{Keeper, Kept, SearchProgress};

pub use game::{GameSolveError, GameSolver, GameWorkspace, CHASE_LIGHTS, DENSE_LIGHTS};
pub use general::{
    EmptyShape, Solution, Solver, Target, Workspace, SEARCH_BUDGET, SIGNATURE_CELLS,
};
pub use poly::nullity;
pub use search::fewest::{Search, Skipped};
pub use states::census::{Census, CensusError, CENSUS_LANES, CENSUS_STEPS};
pub use states::{
    StateAnswer, StateSearch, StatesError, StatesSolver, TooManyStateUnknowns, STATE_CHASE_LIGHTS,
    STATE_DENSE_LIGHTS,
};
