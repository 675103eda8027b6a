//! What a player's page asks of a game, answered the same through every door (the
//! server's routes, the static page's WebAssembly): the game chosen from its settings
//! (`choice.rs`, which the command line's flags read through too), a request's
//! parameters read (`params.rs`, `request.rs`), and the answers as JSON
//! (`answers.rs`: the games, a game's buttons and drawing, a puzzle, a board's fewest).

mod answers;
mod choice;
mod params;
mod request;

pub use answers::{
    answer_json, catalogue, game_json, grid_json, puzzle, FACTS_BUTTONS, PUZZLE_LIGHTS,
};
pub use choice::{parse_states, topology_named, Choice, Source};
pub use params::{board_of, board_param, goal_of, shape_given, shape_of, Params};
pub use request::{
    game_or_classic, play_params, played_game, played_game_of, requested_game, GAME_CONFLICTS,
    GAME_ENTRIES, GAME_PARAMS, PLAY_ENTRIES, PLAY_LIGHTS,
};

/// A request refused: the HTTP status it is answered with (400, or 413 for a request
/// past a limit) and what to do, in a person's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// 400 or 413.
    pub status: u16,
    /// What was expected, what was found, what to do.
    pub message: String,
}

impl Refusal {
    /// A bad request (400).
    pub fn bad(message: impl Into<String>) -> Refusal {
        Refusal {
            status: 400,
            message: message.into(),
        }
    }

    /// A request past a limit (413).
    pub fn too_large(message: impl Into<String>) -> Refusal {
        Refusal {
            status: 413,
            message: message.into(),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Refusal {}
