//! Answering a board of any game through the engine its [`GameSolver`] chose: two-state
//! boards as bits ([`GameSolver::solve_with`]), any game's as a state a light
//! ([`GameSolver::solve_states`]).

use super::{GameSolver, Method};
use crate::board::Board;
use crate::solve::engines::plane::{Solution, Target, Workspace};
use crate::solve::engines::states::StateAnswer;

/// A board of a game of more than two states given where two-state boards are solved
/// ([`GameSolver::solve_with`]): not "no solution", a question this method cannot ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "this game's lights have {states} states; its boards are solved as lists of states \
     (solve_states), not as two-state boards"
)]
pub struct NotTwoStates {
    /// The game's states.
    pub states: u8,
}

/// Buffers for [`GameSolver::solve_with`].
#[derive(Debug, Clone)]
pub struct GameWorkspace {
    chase: Option<Workspace>,
    /// The lights to change, a byte a light (the general chase).
    lights: Vec<u8>,
    change: Board,
    out: Board,
}

impl GameSolver {
    /// Buffers for [`solve_with`](Self::solve_with).
    pub fn workspace(&self) -> GameWorkspace {
        let (rows, cols) = self.presses_shape();
        GameWorkspace {
            chase: match &self.method {
                Method::Plane(s) => Some(s.workspace()),
                _ => None,
            },
            lights: Vec::new(),
            change: Board::new(1, self.game.lights()),
            out: Board::new(rows, cols),
        }
    }

    pub(super) fn shaped(&self, flat: &Board) -> Board {
        let (rows, cols) = self.presses_shape();
        let mut out = Board::new(rows, cols);
        for i in 0..rows * cols {
            out.set(i / cols, i % cols, flat.get(0, i));
        }
        out
    }

    /// The presses that bring `lights` (one state a light, `0..K`) to `goal` (one
    /// state a light), for any game: the answer of [`solve_with`](Self::solve_with) for
    /// two states, of [`StatesSolver::solve`](crate::solve::StatesSolver::solve) for more.
    pub fn solve_states(&self, lights: &[u8], goal: &[u8], search: bool) -> Option<StateAnswer> {
        if let Method::States(s) = &self.method {
            return s.solve(lights, goal, search);
        }
        let (rows, cols) = self.board_shape();
        let mut board = Board::new(rows, cols);
        for (i, (&l, &g)) in lights.iter().zip(goal).enumerate() {
            board.set(i / cols, i % cols, l != g);
        }
        let mut ws = self.workspace();
        let solution = self
            .solve_with(&board, Target::Off, &mut ws, search)
            .ok()??;
        let (_, out_cols) = self.presses_shape();
        let presses: Vec<u8> = (0..self.game.buttons())
            .map(|i| u8::from(solution.presses.get(i / out_cols, i % out_cols)))
            .collect();
        let total = presses.iter().map(|&v| u64::from(v)).sum();
        Some(StateAnswer {
            presses,
            total,
            proven_minimal: solution.proven_minimal,
            lower_bound: solution.lower_bound,
            search: match solution.search {
                crate::solve::Search::Unique => crate::solve::StateSearch::Unique,
                _ if solution.proven_minimal => crate::solve::StateSearch::Every {
                    solutions: 1u64.checked_shl(self.nullity() as u32).unwrap_or(u64::MAX),
                },
                _ => crate::solve::StateSearch::Descent,
            },
        })
    }

    /// `Err` for a game of more than two states, whose boards only
    /// [`solve_states`](Self::solve_states) takes.
    pub fn two_states(&self) -> Result<(), NotTwoStates> {
        match self.game.states() {
            2 => Ok(()),
            states => Err(NotTwoStates { states }),
        }
    }

    /// The presses that bring `board` (of [`board_shape`](Self::board_shape)) to
    /// `target`, the fewest when the search proves it (and `search` is true); `None`
    /// when no presses do. Two-state games only: a game of more states is
    /// [`NotTwoStates`] (see [`solve_states`](Self::solve_states)).
    pub fn solve_with<'w>(
        &self,
        board: &Board,
        target: Target,
        ws: &'w mut GameWorkspace,
        search: bool,
    ) -> Result<Option<Solution<'w>>, NotTwoStates> {
        self.two_states()?;
        Ok(self.solve_two_states(board, target, ws, search))
    }

    /// [`solve_with`](Self::solve_with) once the game is known to have two states.
    fn solve_two_states<'w>(
        &self,
        board: &Board,
        target: Target,
        ws: &'w mut GameWorkspace,
        search: bool,
    ) -> Option<Solution<'w>> {
        match &self.method {
            Method::States(_) => None,
            Method::Plane(solver) => {
                let chase = ws.chase.as_mut().expect("a chase workspace");
                solver.solve_searching(board, target, chase, search)
            }
            Method::GridChase(chase) => {
                let flip = u8::from(target == Target::On);
                ws.lights.clear();
                for r in 0..board.rows() {
                    ws.lights
                        .extend((0..board.cols()).map(|c| u8::from(board.get(r, c)) ^ flip));
                }
                let answer = chase.solve(&ws.lights, search)?;
                ws.out = answer.presses.clone();
                Some(answer.with_presses(&ws.out))
            }
            Method::Dense(dense) => {
                let cols = board.cols();
                for i in 0..self.game.lights() {
                    let lit = board.get(i / cols, i % cols);
                    ws.change.set(0, i, lit != (target == Target::On));
                }
                let answer = dense.solve(&ws.change, search)?;
                let (_, out_cols) = self.presses_shape();
                for i in 0..self.game.buttons() {
                    ws.out
                        .set(i / out_cols, i % out_cols, answer.presses.get(0, i));
                }
                Some(answer.with_presses(&ws.out))
            }
        }
    }
}
