//! What a request asks, read and answered the same through every door (the command
//! line, the server's routes, the static page's WebAssembly, Python): the game chosen
//! from its settings (`choice.rs`, which the command line's flags read through too), a
//! request's parameters read (`params.rs`), the game it names within a door's limits
//! (`game.rs`), and the answers as JSON (`answers.rs`: the games, a game's buttons and
//! drawing, a puzzle, a board's fewest).

mod answers;
mod asked;
mod census;
mod choice;
mod game;
mod goal;
pub mod limits;
mod nullity;
mod params;
mod plan;
mod puzzles;
mod query;
mod refusal;
mod results;

/// The shape a board typed as text brings (its `/` rows), as every door reads it.
pub use crate::stream::board_shape;
/// A grid game's shape, topology and rule, as `/v1/game` and `/v1/games` give them.
pub use crate::stream::grid_json;
pub use answers::{catalogue, classic_presses_of, contest_game, game_json, FACTS_BUTTONS};
pub use asked::{Boards, Checked, Solve, SolveAsked};
pub use census::{Census, CensusChecked, CensusMethod, Counting, CENSUS_TIME, ENUMERATED_BUTTONS};
pub use choice::{
    builtin_of, grid_game, neighbourhood_of, parse_states, states_of, topology_named, topology_of,
    Choice, Source,
};
pub use game::{
    budget_within, game_asked, game_or_classic, game_within, play_params, played_game,
    played_game_of, GameAsked, GAME_CONFLICTS, GAME_PARAMS,
};
pub use goal::Goal;
pub use nullity::{counted_json, Nullity, NullityChecked, NULLITY_SIDE};
pub use params::{board_of, board_param, light_refused, shape_given, shape_of, Params};
pub use plan::{BoardAnswer, Lights, Plan, Solvers, Written};
pub use puzzles::{made, puzzle, puzzle_json, Puzzles, PuzzlesChecked};
pub use query::{Query, QueryChecked, QueryMethod, CONTEST_STEPS, MOST_STEPS};
pub use refusal::{Field, Refusal};
pub use results::{read_bounds, reprove_bounds, BoundsFile, Reproven};
