//! The state every light should end in, as every door reads it (`--target`,
//! `target=`, a JSON body's query, Python's `target=`): `off`, `on` (the last state,
//! K - 1), or a state; checked against the game's K in one place, in one sentence.

use super::{Field, Refusal};
use crate::rules::Target;

/// The goal a request gives, before the game's states are known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Every light off (state 0).
    Off,
    /// Every light on: the last state, K - 1.
    On,
    /// Every light at this state (checked against K by [`Goal::state`]).
    State(u64),
}

impl Goal {
    /// `off`, `on`, or a state's digits.
    pub fn parse(text: &str) -> Result<Goal, Refusal> {
        match text {
            "off" => Ok(Goal::Off),
            "on" => Ok(Goal::On),
            digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                // Past u64 is past every K: the state's check says so.
                Ok(Goal::State(digits.parse().unwrap_or(u64::MAX)))
            }
            other => Err(Refusal::of(
                Field::Target,
                format!("expected `off`, `on` or a state (a number 0..K-1), found `{other}`"),
            )),
        }
    }

    /// The state of a game of `k` states: `on` is `k - 1`; a state must be below `k`.
    pub fn state(self, k: u8) -> Result<u8, Refusal> {
        match self {
            Goal::Off => Ok(0),
            Goal::On => Ok(k.saturating_sub(1)),
            Goal::State(d) if d < u64::from(k) => Ok(d as u8),
            Goal::State(d) => Err(Refusal::of(
                Field::Target,
                format!(
                    "expected `off`, `on` or a state 0..{} (lights have {k} states), found `{}`",
                    k.saturating_sub(1),
                    if d == u64::MAX {
                        "a number past 2^64".to_string()
                    } else {
                        d.to_string()
                    }
                ),
            )),
        }
    }

    /// The target of a two-state game.
    pub fn target(self) -> Result<Target, Refusal> {
        Ok(match self.state(2)? {
            0 => Target::Off,
            _ => Target::On,
        })
    }
}

impl std::str::FromStr for Goal {
    type Err = Refusal;
    fn from_str(text: &str) -> Result<Goal, Refusal> {
        Goal::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_door_reads_a_goal_the_same_and_says_the_same_when_it_is_past_k() {
        assert_eq!(Goal::parse("on").unwrap().state(3), Ok(2));
        assert_eq!(Goal::parse("off").unwrap().state(7), Ok(0));
        assert_eq!(Goal::parse("4").unwrap().state(5), Ok(4));
        assert_eq!(Goal::parse("1").unwrap().target(), Ok(Target::On));
        let past = Goal::parse("5").unwrap().state(3).unwrap_err();
        assert_eq!(
            past.to_string(),
            "target: expected `off`, `on` or a state 0..2 (lights have 3 states), found `5`"
        );
        assert_eq!(
            past.flagged(),
            "--target: expected `off`, `on` or a state 0..2 (lights have 3 states), found `5`"
        );
        let huge = Goal::parse("99999999999999999999")
            .unwrap()
            .state(2)
            .unwrap_err();
        assert!(
            huge.sentence.ends_with("found `a number past 2^64`"),
            "{huge}"
        );
        for bad in ["up", "", "-1", "1.5", " on"] {
            let refused = Goal::parse(bad).unwrap_err();
            assert_eq!(refused.field, Some(Field::Target));
            assert!(
                refused.sentence.ends_with(&format!("found `{bad}`")),
                "{refused}"
            );
        }
    }
}
