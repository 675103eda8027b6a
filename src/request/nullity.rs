//! `nullity` asked (how many independent quiet patterns a game has), through any door:
//! the request ([`Nullity`]: the game's settings, the shape, whether the patterns are
//! wanted) and its one check ([`Nullity::check`]): the classic game's count by
//! polynomials alone (any shape whose shorter side is at most [`NULLITY_SIDE`], no
//! solver built), any other game's, or the patterns, by the game's solver. The command
//! line's `nullity` and Python's `nullity` read into it.

use super::limits::Limits;
use super::{Choice, Refusal};
use crate::rules::Game;

/// The longest shorter side whose nullity is counted by polynomials (2^17): their time
/// grows as the square of that side (about 1.5 s there).
pub const NULLITY_SIDE: u64 = 1 << 17;

/// `nullity` asked, through any door.
#[derive(Clone, Copy)]
pub struct Nullity<'a> {
    /// The game's settings.
    pub choice: Choice<'a>,
    /// The board's rows, when given.
    pub rows: Option<u64>,
    /// The board's columns, when given.
    pub cols: Option<u64>,
    /// Whether the quiet patterns are wanted, not only their count.
    pub patterns: bool,
}

/// How a checked nullity is found.
#[derive(Debug)]
pub enum NullityChecked {
    /// The classic game's count, by polynomials over GF(2).
    Polynomials {
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// By the game's solver (its patterns too).
    Solver(Game),
}

impl Nullity<'_> {
    /// The request checked within a door's limits, each refusal in its names.
    pub fn check(&self, limits: &Limits) -> Result<NullityChecked, Refusal> {
        let shape = self.rows.zip(self.cols);
        let Some((rows, cols)) = shape.filter(|_| self.choice.classic()) else {
            return super::game_within(&self.choice, shape, limits).map(NullityChecked::Solver);
        };
        if self.patterns {
            return super::game_within(&self.choice, shape, limits).map(NullityChecked::Solver);
        }
        if rows.min(cols) > NULLITY_SIDE {
            return Err(Refusal::too_large(format!(
                "a {rows} x {cols} board: the nullity takes boards whose shorter side is at \
                 most {} (its time grows as the square of that side: about 1.5 s there)",
                crate::text::thousands(NULLITY_SIDE)
            )));
        }
        let side = |n: u64| usize::try_from(n).map_err(|_| Refusal::too_large("past memory"));
        Ok(NullityChecked::Polynomials {
            rows: side(rows)?,
            cols: side(cols)?,
        })
    }
}

/// The classic game's count by polynomials as one JSON object: the game it answers (as
/// every game's line), its nullity and its solutions to each solvable board.
pub fn counted_json(rows: usize, cols: usize) -> Result<serde_json::Value, Refusal> {
    let game = Game::classic(rows, cols).map_err(|e| Refusal::bad(e.to_string()))?;
    let nullity = crate::solve::nullity(rows, cols);
    let mut line = crate::stream::game_json(&game);
    line.insert("nullity".into(), nullity.into());
    let solutions = crate::solve::two_state_solutions(nullity);
    line.insert("solutions".into(), crate::stream::count_json(&solutions));
    Ok(serde_json::Value::Object(line))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::request::limits::{COMMAND_LINE, PYTHON};
    use crate::rules::Topology;

    #[test]
    fn the_classic_count_is_by_polynomials_at_every_door_and_any_other_by_its_solver() {
        let classic = Nullity {
            choice: Choice {
                source: None,
                topology: Topology::Plane,
                rule: "plus",
                states: None,
            },
            rows: Some(100_000),
            cols: Some(3),
            patterns: false,
        };
        // Past every solver's lights, counted at once.
        assert!(matches!(
            classic.check(&PYTHON),
            Ok(NullityChecked::Polynomials {
                rows: 100_000,
                cols: 3
            })
        ));
        let wide = Nullity {
            rows: Some(NULLITY_SIDE + 1),
            cols: Some(NULLITY_SIDE + 1),
            ..classic
        };
        assert!(wide
            .check(&COMMAND_LINE)
            .unwrap_err()
            .sentence
            .contains("whose shorter side is at most 131,072"));
        let torus = Nullity {
            choice: Choice {
                topology: Topology::Torus,
                ..classic.choice
            },
            rows: Some(6),
            cols: Some(6),
            ..classic
        };
        match torus.check(&PYTHON) {
            Ok(NullityChecked::Solver(game)) => assert_eq!(game.lights(), 36),
            other => panic!("{other:?}"),
        }
        // The classic game's patterns are the solver's, held to the door's limits.
        let patterns = Nullity {
            patterns: true,
            ..classic
        };
        assert!(matches!(
            patterns.check(&PYTHON),
            Ok(NullityChecked::Solver(_))
        ));
        let past = Nullity {
            rows: Some(1 << 16),
            cols: Some(1 << 15),
            ..patterns
        };
        let refused = past.check(&PYTHON).unwrap_err();
        assert_eq!(refused.status, 413, "{refused}");
    }
}
