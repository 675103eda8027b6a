//! The solvers: first-row enumeration and linear algebra for 5x5, and the general
//! R x C solver over GF(2). No I/O and no tables.

pub mod clock;
pub(crate) mod engines;
mod game;
mod god;
mod linear;
mod search;

pub use search::kernel::SearchLimits;
pub use search::progress::{Change, Keeper, Kept, SearchProgress, Shares};

pub use engines::plane::poly::nullity;
pub use engines::plane::{
    EmptyShape, Solution, Solver, Target, Workspace, SEARCH_BUDGET, SIGNATURE_CELLS,
};
pub use engines::states::census::{Census, CensusError, CENSUS_LANES, CENSUS_STEPS};
pub use engines::states::{
    StateAnswer, StateSearch, StatesError, StatesSolver, TooManyStateUnknowns, STATE_CHASE_LIGHTS,
    STATE_DENSE_LIGHTS,
};
pub use game::{
    two_state_solutions, GameSolveError, GameSolver, GameWorkspace, Nearest, NotTwoStates,
    CHASE_LIGHTS, CLASSIC_ENGINE, DENSE_LIGHTS, NEAREST_CLASSES, NEAREST_LIGHTS,
};
pub use god::{
    gods_number, gods_number_merged, gods_number_part, gods_number_plan, gods_number_until,
    subcode_radius, GodError, GodsNumber, Merged, MissingPart, PartOutcome, PartRun, PlanRun,
    Subcode, GOD_NULLITY,
};
pub use search::signatures::{Search, Skipped};
