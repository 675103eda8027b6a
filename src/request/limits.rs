//! The limits of every door, in one table: how large a board and a game a request
//! through each may ask for, and how much search one board may take. The checks read
//! them from here, `--help` and the OpenAPI document print them from here
//! ([`DOORS`]), and a door names none of them itself.

/// What a request through one door may ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The most lights of a board of the classic game to solve (the plus rule on a
    /// plane, two states: its engine lists no presses, so its boards may be largest).
    pub classic_lights: u64,
    /// The most lights of a board of any other game to solve.
    pub game_lights: u64,
    /// The most press entries of a game to solve (each button's pattern, added up):
    /// what building and solving it reads.
    pub entries: u64,
    /// The most lights of a game played a board at a time (its solver kept for the
    /// next press; a puzzle's draws each solve a board): any game, the classic too.
    pub play_lights: u64,
    /// The most press entries of a game played (`/v1/game` lists every one).
    pub play_entries: u64,
    /// The most lights of a board drawn to play, a button a light (the terminal's
    /// `play`; the page's, whose sides are at most its square root).
    pub play_drawn: u64,
    /// The word operations the coach's search of a position played may take (the
    /// terminal's and the page's: an answer a press).
    pub play_budget: u64,
    /// The most vertices of a graph given as text.
    pub graph_vertices: u64,
    /// The most word operations one board's search for the fewest may take.
    pub search_budget: u64,
    /// The most lights of a board whose solver keeps its solutions' signatures (the
    /// search's table: a quiet pattern a bit, up to 8 bytes a light; a solver kept for
    /// a shape holds them).
    pub signature_lights: u64,
    /// The word operations each board a puzzle draws may take when the request gives
    /// none: a puzzle is given with its fewest proven.
    pub puzzle_budget: u64,
    /// The time a board's search for the fewest takes when the request gives neither
    /// a time nor a budget; `None`: the budget alone bounds it.
    pub search_time: Option<std::time::Duration>,
    /// How the door writes a setting's name in a sentence (`--rule`, `rule`).
    pub names: Names,
}

/// How a door writes a setting's name: the command line's flags, or the library's
/// words (a query string's keys, a JSON body's, Python's keywords).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Names {
    /// `--search-budget`.
    Flags,
    /// `search_budget`.
    Words,
}

impl Names {
    /// The setting of the library's word `word` (`search_budget`) as the door writes it.
    pub fn of(self, word: &str) -> String {
        match self {
            Names::Flags => format!("--{}", word.replace('_', "-")),
            Names::Words => word.to_string(),
        }
    }

    /// The setting `word` given `value`, as the door writes it (`--method table`,
    /// `method=table`).
    pub fn set(self, word: &str, value: &str) -> String {
        match self {
            Names::Flags => format!("{} {value}", self.of(word)),
            Names::Words => format!("{word}={value}"),
        }
    }
}

/// The command line (the library's own limits: a board's bits and its game's entries
/// in memory, nothing else shares the process).
pub const COMMAND_LINE: Limits = Limits {
    classic_lights: 1 << 30,
    game_lights: crate::solve::CHASE_LIGHTS as u64,
    entries: crate::rules::MAX_PRESS_ENTRIES,
    play_lights: crate::solve::CHASE_LIGHTS as u64,
    play_entries: crate::rules::MAX_PRESS_ENTRIES,
    play_drawn: 1 << 16,
    play_budget: crate::solve::SEARCH_BUDGET << 3,
    graph_vertices: crate::rules::graph::MAX_VERTICES as u64,
    search_budget: u64::MAX,
    signature_lights: crate::solve::SIGNATURE_CELLS as u64,
    puzzle_budget: crate::solve::SEARCH_BUDGET << 3,
    search_time: Some(std::time::Duration::from_secs(2)),
    names: Names::Flags,
};

/// Python: the command line's limits, its default search time too (the same board
/// gets the same answer at both), the settings its keywords.
pub const PYTHON: Limits = Limits {
    names: Names::Words,
    ..COMMAND_LINE
};

/// The server: a body's classic boards to `--max-lights` (this is its default), any
/// other game's solver made for the request; the routes of one board (`GET
/// /v1/solve`, `/v1/game`, a game's puzzles) keep their solver
/// for the next press, and `/v1/game` lists every entry (about 12 bytes of JSON each).
pub const SERVER: Limits = Limits {
    classic_lights: 1 << 22,
    game_lights: 1 << 20,
    entries: 1 << 24,
    play_lights: 1 << 14,
    play_entries: 1 << 20,
    play_drawn: 64 * 64,
    play_budget: crate::solve::SEARCH_BUDGET << 3,
    graph_vertices: 4096,
    search_budget: 1 << 32,
    signature_lights: 1 << 20,
    puzzle_budget: crate::solve::SEARCH_BUDGET,
    search_time: None,
    names: Names::Words,
};

/// The static page: the player's own machine solves a board as large as a server's
/// body of any game takes, and plays games as the server's page does.
pub const STATIC_PAGE: Limits = Limits {
    classic_lights: 1 << 20,
    signature_lights: crate::solve::SIGNATURE_CELLS as u64,
    ..SERVER
};

/// The most bytes of a URL's path and query (the server's HTTP layer, hyper, answers a
/// longer one 414 before any route; the static page refuses it alike): a board given
/// by `GET /v1/solve` has at most about this many lights.
pub const URL_BYTES: usize = 65_534;

/// The refusal of a URL past [`URL_BYTES`] (414), in every door's words.
pub fn url_too_long() -> String {
    format!(
        "the URL is longer than {} bytes, the most a URL takes here (a larger board goes \
         in a body: POST /v1/solve)",
        crate::text::thousands(URL_BYTES as u64)
    )
}

/// Every door's limits, by name: printed by `lightsout serve --help` and the OpenAPI
/// document (`x-limits`).
pub const DOORS: [(&str, Limits); 4] = [
    ("command line", COMMAND_LINE),
    ("python", PYTHON),
    ("server", SERVER),
    ("static page", STATIC_PAGE),
];

impl Limits {
    /// A game drawn to play a button a light (the terminal's `play`), when within the
    /// door's limits: each button on its light, at most [`Limits::play_drawn`] lights.
    pub fn drawn(&self, game: &crate::rules::Game) -> Result<(), super::Refusal> {
        let (buttons, lights) = (game.buttons(), game.lights());
        if buttons != lights {
            return Err(super::Refusal::bad(format!(
                "a game is played with each button on its light, and this game has {} for \
                 {}; `solve` and `check` take it",
                crate::text::plural(buttons as u64, "button", "buttons"),
                crate::text::plural(lights as u64, "light", "lights"),
            )));
        }
        if lights as u64 > self.play_drawn {
            return Err(super::Refusal::too_large(format!(
                "this game has {} lights; a game drawn to play has at most {}",
                crate::text::thousands(lights as u64),
                crate::text::thousands(self.play_drawn)
            )));
        }
        Ok(())
    }

    /// A board's search budget when the request gives none: the library's, within the
    /// door's limit.
    pub fn budget(&self) -> u64 {
        crate::solve::SEARCH_BUDGET.min(self.search_budget)
    }

    /// The solver of `game` through this door, searching within `search`: its method
    /// chosen by the library, its search's signatures kept for boards within the
    /// door's `signature_lights`. Every door makes its solvers here.
    pub fn solver(
        &self,
        game: crate::rules::Game,
        search: impl Into<crate::solve::SearchLimits>,
    ) -> Result<crate::solve::GameSolver, crate::solve::GameSolveError> {
        let signatures = usize::try_from(self.signature_lights).unwrap_or(usize::MAX);
        crate::solve::GameSolver::with_limits(game, search, signatures)
    }

    /// A board of the classic game of `rows x cols`, when within the door's limit.
    pub fn classic_board(&self, rows: u64, cols: u64) -> Result<(), super::Refusal> {
        let lights = rows.checked_mul(cols);
        match lights.is_some_and(|n| n <= self.classic_lights) {
            true => Ok(()),
            false => Err(super::Refusal::too_large(format!(
                "a {rows} x {cols} board has {} lights; the most this solver takes is {}",
                lights.map_or("more than 2^64".to_string(), crate::text::thousands),
                crate::text::thousands(self.classic_lights)
            ))),
        }
    }

    /// The limits as JSON (`search_budget` null when there is none; `search_time`, a
    /// board's default, in seconds, null when the budget alone bounds it).
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "classic_lights": self.classic_lights,
            "game_lights": self.game_lights,
            "entries": self.entries,
            "play_lights": self.play_lights,
            "play_entries": self.play_entries,
            "play_drawn": self.play_drawn,
            "play_budget": self.play_budget,
            "graph_vertices": self.graph_vertices,
            "signature_lights": self.signature_lights,
            "search_budget": (self.search_budget < u64::MAX).then_some(self.search_budget),
            "search_time": self.search_time.map(|t| t.as_secs_f64()),
            "puzzle_budget": self.puzzle_budget,
            "url_bytes": URL_BYTES,
        })
    }
}

/// Every door's limits as one JSON object, by door.
pub fn doors_json() -> serde_json::Value {
    let doors: serde_json::Map<String, serde_json::Value> = DOORS
        .iter()
        .map(|(name, limits)| (name.replace(' ', "_"), limits.json()))
        .collect();
    serde_json::Value::Object(doors)
}

/// Every door's limits as lines for people (`lightsout serve --help`): powers of two
/// as `2^k`.
pub fn doors_text() -> String {
    let n = |v: u64| match v {
        u64::MAX => "any".to_string(),
        v if v.is_power_of_two() => format!("2^{}", v.trailing_zeros()),
        v => crate::text::thousands(v),
    };
    let mut text = String::new();
    for (name, l) in DOORS {
        text.push_str(&format!(
            "  {name}: classic boards {} lights, other games {} ({} press entries);\n    a \
             game played {} ({}), drawn {}, its coach {}; graphs {} vertices;\n    a \
             board's search budget {}{}; a puzzle's {}\n",
            n(l.classic_lights),
            n(l.game_lights),
            n(l.entries),
            n(l.play_lights),
            n(l.play_entries),
            n(l.play_drawn),
            n(l.play_budget),
            n(l.graph_vertices),
            n(l.search_budget),
            l.search_time.map_or(String::new(), |t| format!(
                ", its time {} s by default",
                t.as_secs()
            )),
            n(l.puzzle_budget),
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{map, Game};

    #[test]
    fn a_game_drawn_to_play_has_a_button_on_each_light_within_the_doors_row() {
        let drawn = |game: &Game, limits: &Limits| limits.drawn(game).map_err(|r| r.sentence);
        let classic = Game::classic(64, 64).unwrap();
        assert_eq!(drawn(&classic, &SERVER), Ok(()));
        let wide = Game::classic(64, 65).unwrap();
        assert_eq!(
            drawn(&wide, &SERVER),
            Err("this game has 4,160 lights; a game drawn to play has at most 4,096".into())
        );
        assert_eq!(drawn(&wide, &COMMAND_LINE), Ok(()));
        let big = Game::classic(256, 257).unwrap();
        assert!(drawn(&big, &COMMAND_LINE).is_err());
        // A map with more buttons than lights is solved, never played.
        let three = map::parse("lights 2\n1\n2\n1 2\n").unwrap();
        assert_eq!(
            drawn(&three, &COMMAND_LINE),
            Err(
                "a game is played with each button on its light, and this game has 3 \
                 buttons for 2 lights; `solve` and `check` take it"
                    .into()
            )
        );
    }
}
