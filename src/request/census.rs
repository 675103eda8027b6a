//! `census` asked (God's number of a game), through any door: the request
//! ([`Census`]: the game's settings, the shape, the method, the search's time, whether
//! the proof is split in parts) and its one check ([`Census::check`]: the method
//! chosen, every board enumerated or the signature classes searched, and what each
//! takes, in the door's names). The command line's `census` fills it from its flags,
//! Python's `gods_number` from its keywords.

use super::limits::Limits;
use super::{Choice, Field, Refusal};
use crate::rules::Game;
use std::time::Duration;

/// How God's number is found, as a request names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CensusMethod {
    /// `enumerate` up to [`ENUMERATED_BUTTONS`] buttons or for more than two states,
    /// else `classes`.
    Auto,
    /// Every board, its whole distribution (any K).
    Enumerate,
    /// The signature classes of the quiet patterns (two states).
    Classes,
}

impl CensusMethod {
    /// `auto`, `enumerate` or `classes`, as every door reads `method`.
    pub fn parse(text: &str) -> Result<CensusMethod, Refusal> {
        match text {
            "auto" => Ok(CensusMethod::Auto),
            "enumerate" => Ok(CensusMethod::Enumerate),
            "classes" => Ok(CensusMethod::Classes),
            other => Err(Refusal::of(
                Field::Method,
                format!("expected auto, enumerate or classes, found `{other}`"),
            )),
        }
    }
}

/// `auto` enumerates the boards of two-state games of at most this many buttons.
pub const ENUMERATED_BUTTONS: usize = 30;

/// The classes' search time when none is given: five minutes.
pub const CENSUS_TIME: Duration = Duration::from_secs(300);

/// `census` asked, through any door.
#[derive(Clone, Copy)]
pub struct Census<'a> {
    /// The game's settings.
    pub choice: Choice<'a>,
    /// The board's rows, when given.
    pub rows: Option<u64>,
    /// The board's columns, when given.
    pub cols: Option<u64>,
    /// The method, when named.
    pub method: Option<CensusMethod>,
    /// How long the classes' search may take, when given.
    pub search_time: Option<Duration>,
    /// Whether the proof is split in parts (the command line's `--beyond`), which only
    /// the classes' search is.
    pub split: bool,
}

/// How a checked census finds God's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counting {
    /// Every board enumerated: the whole distribution, proven.
    Enumerate,
    /// The signature classes searched within `search_time`: bounds, or the value.
    Classes {
        /// How long the search may take.
        search_time: Duration,
    },
}

/// A `census` request checked.
#[derive(Debug)]
pub struct CensusChecked {
    /// The game.
    pub game: Game,
    /// How God's number is found.
    pub counting: Counting,
}

impl Census<'_> {
    /// The request checked within a door's limits, each refusal in its names.
    pub fn check(&self, limits: &Limits) -> Result<CensusChecked, Refusal> {
        let n = |word: &str| limits.names.of(word);
        let game = super::game_within(&self.choice, self.rows.zip(self.cols), limits)?;
        let classes = match self.method.unwrap_or(CensusMethod::Auto) {
            CensusMethod::Classes => true,
            CensusMethod::Enumerate => false,
            CensusMethod::Auto => game.states() == 2 && game.buttons() > ENUMERATED_BUTTONS,
        };
        if self.split && !classes {
            return Err(Refusal::bad(format!(
                "{} splits the search of {} (two states, more than {ENUMERATED_BUTTONS} \
                 buttons, or {})",
                n("beyond"),
                limits.names.set("method", "classes"),
                limits.names.set("method", "classes")
            )));
        }
        if classes && game.states() != 2 {
            return Err(Refusal::bad(format!(
                "{} finds God's number of two-state games; this one has {} states: {}",
                limits.names.set("method", "classes"),
                game.states(),
                limits.names.set("method", "enumerate")
            )));
        }
        let counting = match classes {
            true => Counting::Classes {
                search_time: self.search_time.unwrap_or(CENSUS_TIME),
            },
            false => Counting::Enumerate,
        };
        Ok(CensusChecked { game, counting })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::limits::{COMMAND_LINE, PYTHON};
    use crate::rules::Topology;

    fn grid(rows: u64, states: Option<u8>, method: Option<CensusMethod>) -> Census<'static> {
        Census {
            choice: Choice {
                source: None,
                topology: Topology::Plane,
                rule: "plus",
                states,
            },
            rows: Some(rows),
            cols: Some(rows),
            method,
            search_time: None,
            split: false,
        }
    }

    #[test]
    fn one_check_chooses_the_census_method_at_every_door() {
        let counting = |c: Census| c.check(&PYTHON).map(|c| c.counting);
        // 5 x 5: 25 buttons, enumerated; 6 x 6: 36, the classes for five minutes.
        assert_eq!(counting(grid(5, None, None)), Ok(Counting::Enumerate));
        assert_eq!(
            counting(grid(6, None, None)),
            Ok(Counting::Classes {
                search_time: CENSUS_TIME
            })
        );
        // More states: enumerated, whatever the buttons; the classes refused.
        assert_eq!(counting(grid(6, Some(3), None)), Ok(Counting::Enumerate));
        let refused = grid(3, Some(3), Some(CensusMethod::Classes))
            .check(&PYTHON)
            .unwrap_err();
        assert_eq!(
            refused.sentence,
            "method=classes finds God's number of two-state games; this one has 3 states: \
             method=enumerate"
        );
        let refused = grid(3, Some(3), Some(CensusMethod::Classes))
            .check(&COMMAND_LINE)
            .unwrap_err();
        assert!(
            refused.sentence.starts_with("--method classes finds"),
            "{refused}"
        );
        let split = Census {
            split: true,
            ..grid(5, None, None)
        };
        assert!(split
            .check(&COMMAND_LINE)
            .unwrap_err()
            .sentence
            .starts_with("--beyond splits the search of --method classes"));
        assert_eq!(
            CensusMethod::parse("all").unwrap_err().to_string(),
            "method: expected auto, enumerate or classes, found `all`"
        );
    }
}
