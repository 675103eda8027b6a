//! `solve` asked through a query string (`GET /v1/solve`, the query of a text or JSON
//! body, the static page): read once ([`SolveAsked::read`]), checked once within the
//! door's limits ([`SolveAsked::check`], or [`SolveAsked::check_played`] for a game
//! played a board at a time): the game made, the goal resolved against its states,
//! the search budget. A door reads its fields and calls these; it builds no game and
//! resolves no goal itself.

use super::limits::Limits;
use super::{Goal, Params, Refusal};
use crate::rules::Game;

/// A `solve` request read from its query string, before its board is seen.
pub struct SolveAsked<'p> {
    params: &'p Params,
    /// The board's shape when the request gives it (`rows` and `cols`, a board's `/`
    /// rows, a game that brings its own); `None`: the first board gives it.
    shape: Option<(usize, usize)>,
    goal: Goal,
}

/// A `solve` request checked: its game (made once), the state every light must reach,
/// and the search budget of each board.
#[derive(Debug)]
pub struct Checked {
    /// The game.
    pub game: Game,
    /// The goal, a state of the game's lights.
    pub goal: u8,
    /// Word operations a board's search may take.
    pub budget: u64,
}

impl<'p> SolveAsked<'p> {
    /// The request's fields read: its shape when given, its target (`off` when none).
    pub fn read(params: &'p Params) -> Result<SolveAsked<'p>, Refusal> {
        let goal = params.get("target").map_or(Ok(Goal::Off), Goal::parse)?;
        Ok(SolveAsked {
            params,
            shape: super::shape_given(params)?,
            goal,
        })
    }

    /// The shape the request gives, if it does.
    pub fn shape(&self) -> Option<(usize, usize)> {
        self.shape
    }

    /// The request with its shape read from its first board.
    pub fn with_shape(self, shape: (usize, usize)) -> SolveAsked<'p> {
        SolveAsked {
            shape: Some(shape),
            ..self
        }
    }

    /// The request's shape, required: one missing is named with `example`.
    pub fn shaped(self, example: &str) -> Result<SolveAsked<'p>, Refusal> {
        match self.shape {
            Some(_) => Ok(self),
            None => super::shape_of(self.params, example).map(|shape| self.with_shape(shape)),
        }
    }

    /// The states a light has, as far as the fields tell before the game is made
    /// (`states`, else 2): what a body's first board is read with.
    pub fn states(&self) -> Result<u8, Refusal> {
        self.params.get("states").map_or(Ok(2), super::states_of)
    }

    /// Checked for a body of boards: the game of the request's settings within the
    /// door's limits (its classic boards to `classic_lights`), the goal, the budget.
    pub fn check(&self, limits: &Limits) -> Result<Checked, Refusal> {
        let shape = self.shape.unwrap_or((1, 1));
        let (game, budget) = super::game_or_classic(self.params, shape, limits)?;
        self.checked(game, budget)
    }

    /// Checked for a game played a board at a time (`GET /v1/solve`, a JSON body's
    /// boards: the solver kept for the next press), within the door's play limits.
    pub fn check_played(&self, limits: &Limits) -> Result<Checked, Refusal> {
        let shape = self.shape.unwrap_or((1, 1));
        let (game, budget) = super::played_game_of(self.params, shape, limits)?;
        self.checked(game, budget)
    }

    fn checked(&self, game: Game, budget: u64) -> Result<Checked, Refusal> {
        let goal = self.goal.state(game.states())?;
        Ok(Checked { game, goal, budget })
    }
}
