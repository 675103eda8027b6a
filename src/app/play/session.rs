//! A game being played: the position, the moves, Undo and Redo, the coach's answer
//! and its marks, and new puzzles. No terminal here: `tui` draws a session and feeds it
//! keys, and the tests drive one directly.

use lightsout::request::{BoardAnswer, Plan};
use lightsout::rules::layout::Layout;
use lightsout::{GameSolver, PuzzleMaker, SplitMix64};
use std::sync::Arc;

/// Draws of a puzzle of an exact difficulty before a random one is taken instead.
const PUZZLE_TRIES: u32 = 200;

/// What the marks on the board are for: one press (a hint), or the whole solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Marking {
    Hint,
    Solution,
}

/// One game in play.
pub(crate) struct Session {
    /// The game's plan (its solver, toward the goal), and what makes its puzzles.
    plan: Plan,
    maker: PuzzleMaker<Arc<GameSolver>>,
    /// Where each light is drawn.
    pub layout: Layout,
    /// Each light's state.
    pub lights: Vec<u8>,
    /// The puzzle's first position (Reset).
    start: Vec<u8>,
    /// Buttons pressed, for Undo; and what Undo took back, for Redo.
    history: Vec<usize>,
    future: Vec<usize>,
    /// Presses since the puzzle began (Undo takes one back, Redo adds it again).
    pub moves: u64,
    /// The light under the cursor.
    pub cursor: usize,
    /// Presses still marked on each button.
    pub marks: Vec<u8>,
    marking: Option<Marking>,
    /// The puzzle's fewest presses, and whether proven.
    baseline: Option<(u64, bool)>,
    /// The coach's answer for the position (the library's one answer: no presses when
    /// no solution, then the nearest solvable board).
    pub coach: BoardAnswer,
    /// The difficulty of the next puzzle: presses, or random for `None`.
    pub difficulty: Option<u64>,
    rng: SplitMix64,
}

impl Session {
    /// A session of `plan`'s game, drawn with `layout`, to every light the plan's
    /// goal, starting on a new random puzzle.
    pub(crate) fn new(plan: Plan, layout: Layout, seed: u64) -> Session {
        let lights = vec![plan.goal(); plan.game().lights()];
        let marks = vec![0; plan.game().buttons()];
        let maker = plan.puzzles();
        let coach = plan.answer_states(&lights, false);
        let mut session = Session {
            plan,
            maker,
            layout,
            start: lights.clone(),
            lights,
            history: Vec::new(),
            future: Vec::new(),
            moves: 0,
            cursor: 0,
            marks,
            marking: None,
            baseline: None,
            coach,
            difficulty: None,
            rng: SplitMix64(seed),
        };
        session.new_puzzle();
        session
    }

    /// The state every light should reach (the plan's).
    pub(crate) fn goal(&self) -> u8 {
        self.plan.goal()
    }

    /// States a light.
    pub(crate) fn states(&self) -> u8 {
        self.plan.game().states()
    }

    /// A new puzzle of the difficulty set (a random one when no board of exactly that
    /// many proven fewest presses comes up in [`PUZZLE_TRIES`] draws).
    pub(crate) fn new_puzzle(&mut self) {
        let drawn = (0..PUZZLE_TRIES)
            .find_map(|_| self.maker.draw(self.difficulty, self.goal(), &mut self.rng));
        let drawn = drawn.or_else(|| self.maker.draw(None, self.goal(), &mut self.rng));
        // A random board made by presses is solvable (none drawn: the goal's own board).
        let (board, fewest) =
            drawn.unwrap_or_else(|| (vec![self.goal(); self.lights.len()], (0, true)));
        self.baseline = Some(fewest);
        self.begin(board);
    }

    /// Starts from `board`.
    pub(crate) fn begin(&mut self, board: Vec<u8>) {
        self.start = board.clone();
        self.lights = board;
        self.history.clear();
        self.future.clear();
        self.moves = 0;
        self.unmark();
        self.ask_coach();
        if self.baseline.is_none() {
            self.baseline = self.coach.fewest.zip(self.coach.proven);
        }
    }

    fn apply(&mut self, button: usize, times: u8) {
        let k = u16::from(self.states());
        let mut pattern = Vec::new();
        self.plan.game().pattern_into(button, &mut pattern);
        for (light, amount) in pattern {
            let l = &mut self.lights[light as usize];
            *l = ((u16::from(*l) + u16::from(amount) * u16::from(times)) % k) as u8;
        }
    }

    fn ask_coach(&mut self) {
        self.coach = self.plan.answer_states(&self.lights, true);
    }

    /// The player presses `button`: a marked button loses one mark; a press elsewhere
    /// plans the marks again.
    pub(crate) fn press(&mut self, button: usize) {
        self.apply(button, 1);
        self.moves += 1;
        self.history.push(button);
        self.future.clear();
        let stray = self.marks[button] == 0;
        if !stray {
            self.marks[button] -= 1;
        }
        self.ask_coach();
        self.after_change(stray);
    }

    fn after_change(&mut self, replan: bool) {
        match self.marking {
            Some(kind) if replan => self.mark(kind),
            Some(_) if self.marks.iter().all(|&m| m == 0) => self.marking = None,
            _ => {}
        }
    }

    pub(crate) fn undo(&mut self) {
        if let Some(button) = self.history.pop() {
            let k = self.states();
            self.apply(button, k - 1);
            self.moves -= 1;
            self.future.push(button);
            self.ask_coach();
            self.after_change(true);
        }
    }

    pub(crate) fn redo(&mut self) {
        if let Some(button) = self.future.pop() {
            self.apply(button, 1);
            self.moves += 1;
            self.history.push(button);
            self.ask_coach();
            self.after_change(true);
        }
    }

    /// Back to the puzzle's first position, no moves.
    pub(crate) fn reset(&mut self) {
        let start = self.start.clone();
        self.begin(start);
    }

    /// Marks one press of the coach's solution, or all of it.
    pub(crate) fn mark(&mut self, kind: Marking) {
        self.marks.iter_mut().for_each(|m| *m = 0);
        self.marking = None;
        let Some(presses) = &self.coach.presses else {
            return;
        };
        for (m, &p) in self.marks.iter_mut().zip(presses) {
            *m = p;
        }
        if kind == Marking::Hint {
            // The first button of the solution (in light order), all its presses.
            if let Some(first) = self.marks.iter().position(|&m| m > 0) {
                let keep = self.marks[first];
                self.marks.iter_mut().for_each(|m| *m = 0);
                self.marks[first] = keep;
            }
        }
        if self.marks.iter().any(|&m| m > 0) {
            self.marking = Some(kind);
        }
    }

    pub(crate) fn unmark(&mut self) {
        self.marks.iter_mut().for_each(|m| *m = 0);
        self.marking = None;
    }

    /// Solution marks on or off.
    pub(crate) fn toggle_solution(&mut self) {
        if self.marking == Some(Marking::Solution) {
            self.unmark();
        } else {
            self.mark(Marking::Solution);
        }
    }

    /// The other goal (every light off, or every light on), played from the position
    /// on the board: the coach and the marks are made again for it.
    pub(crate) fn toggle_goal(&mut self) {
        self.plan = self.plan.flipped();
        let marking = self.marking;
        self.unmark();
        self.ask_coach();
        self.baseline = self.coach.fewest.zip(self.coach.proven);
        if let Some(marking) = marking {
            self.mark(marking);
        }
    }

    /// One more or one less press for the next puzzle (from random: 1).
    pub(crate) fn harder(&mut self, more: bool) {
        let most = u64::from(self.states() - 1) * self.marks.len() as u64;
        self.difficulty = match (self.difficulty, more) {
            (None, _) => Some(1),
            (Some(1), false) => None,
            (Some(n), true) => Some((n + 1).min(most.max(1))),
            (Some(n), false) => Some(n - 1),
        };
    }

    /// Whether every light is at the goal after at least one move.
    pub(crate) fn won(&self) -> bool {
        self.moves > 0 && self.lights.iter().all(|&l| l == self.goal())
    }

    /// The coach's figure in words.
    pub(crate) fn coach_line(&self) -> String {
        let a = &self.coach;
        match (a.fewest, a.proven, a.lower_bound) {
            (Some(0), ..) => "Fewest presses to go: 0 (solved!)".to_string(),
            (Some(n), Some(true), _) => format!("Fewest presses to go: {n} (proven the fewest)"),
            (Some(n), _, bound) => format!(
                "Fewest presses to go: at most {n} (not proven the fewest; at least {})",
                bound.unwrap_or(0)
            ),
            (None, ..) => {
                let nearest = a.nearest.as_ref().map_or(String::new(), |n| {
                    let near = if n.proven { "the nearest" } else { "a near" };
                    format!(
                        "; {near} solvable board is {} away",
                        lightsout::plural(n.changed, "light", "lights")
                    )
                });
                format!("Fewest presses to go: none (this position cannot be solved{nearest})")
            }
        }
    }

    /// The win message: the moves taken against the puzzle's fewest.
    pub(crate) fn win_line(&self) -> Option<String> {
        if !self.won() {
            return None;
        }
        let taken = format!(
            "{} move{}",
            self.moves,
            if self.moves == 1 { "" } else { "s" }
        );
        Some(match self.baseline {
            Some((fewest, true)) if fewest == self.moves => {
                format!("Solved: {taken}; the fewest is {fewest}. Perfect!")
            }
            Some((fewest, true)) => format!("Solved: {taken}; the fewest is {fewest}."),
            Some((best, false)) => {
                format!("Solved: {taken}; the best known is {best} (not proven the fewest).")
            }
            None => format!("Solved: {taken}."),
        })
    }

    /// Moves the cursor to the nearest light that way on the drawing.
    pub(crate) fn move_cursor(&mut self, dr: isize, dc: isize) {
        let (r, c) = self.layout.cells[self.cursor];
        let (r, c) = (r as isize, c as isize);
        let best = self
            .layout
            .cells
            .iter()
            .enumerate()
            .filter_map(|(i, &(rr, cc))| {
                let (rr, cc) = (rr as isize, cc as isize);
                let along = (rr - r) * dr + (cc - c) * dc;
                let across = ((rr - r) * dc).abs() + ((cc - c) * dr).abs();
                (along > 0).then_some((along + 2 * across, i))
            })
            .min();
        if let Some((_, i)) = best {
            self.cursor = i;
        }
    }
}

/// The mark of a button to press `m` times (`m > 0`): `*` once, a superscript count
/// more (`²`, ... `⁹`; `⁺` past nine), never a digit, which is a light's state in a
/// game of more than two states.
pub fn mark_glyph(m: u8) -> char {
    const MORE: [char; 8] = ['²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    match m {
        0 | 1 => '*',
        2..=9 => MORE[usize::from(m - 2)],
        _ => '⁺',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightsout::rules::{Game, Rule, Topology};

    fn session(rows: usize, cols: usize, states: u8, goal: u8) -> Session {
        let rule = Rule::parse("plus").unwrap();
        let game = Game::grid(rows, cols, Topology::Plane, rule, states).unwrap();
        let layout = game.layout();
        let search = lightsout::SEARCH_BUDGET.into();
        let checked = lightsout::request::Checked { game, goal, search };
        let plan = checked
            .plan(&lightsout::request::limits::COMMAND_LINE)
            .unwrap();
        Session::new(plan, layout, 7)
    }

    #[test]
    fn switching_the_goal_keeps_the_position() {
        // Issue 42: `g` threw the position away for a new puzzle.
        let mut s = session(4, 5, 2, 0);
        s.press(3);
        let (lights, moves) = (s.lights.clone(), s.moves);
        s.toggle_solution();
        s.toggle_goal();
        assert_eq!((s.lights.clone(), s.moves, s.goal()), (lights, moves, 1));
        // The marks now lead to all on, from here.
        while let Some(b) = s.marks.iter().position(|&m| m > 0) {
            s.press(b);
        }
        assert!(s.lights.iter().all(|&l| l == 1), "{:?}", s.lights);
    }

    #[test]
    fn following_the_solution_marks_wins_in_the_fewest_moves() {
        for (states, goal) in [(2, 0), (2, 1), (3, 2), (4, 0)] {
            let mut s = session(4, 5, states, goal);
            let fewest = s.coach.fewest.unwrap();
            s.toggle_solution();
            while let Some(b) = s.marks.iter().position(|&m| m > 0) {
                s.press(b);
            }
            assert!(s.won(), "K = {states}");
            assert_eq!(s.moves, fewest);
            assert!(
                s.win_line().unwrap().ends_with("Perfect!"),
                "{:?}",
                s.win_line()
            );
        }
    }

    #[test]
    fn the_coach_of_an_unsolvable_position_names_the_nearest_solvable_board() {
        // The coach is the library's one answer (issue 72): no presses, and the
        // nearest solvable board, as the page's coach and `solve --format json` give it.
        let mut s = session(5, 5, 2, 0);
        let mut corner = vec![0; 25];
        corner[0] = 1; // one light on: against a quiet pattern of the 5 x 5 board
        s.begin(corner);
        assert_eq!(s.coach.presses, None);
        assert_eq!(
            s.coach_line(),
            "Fewest presses to go: none (this position cannot be solved; the nearest \
             solvable board is 1 light away)"
        );
        s.toggle_solution();
        assert!(
            s.marks.iter().all(|&m| m == 0),
            "no marks without a solution"
        );
    }

    #[test]
    fn undo_and_redo_move_the_counter_and_a_stray_press_replans() {
        let mut s = session(5, 5, 2, 0);
        let before = s.lights.clone();
        s.press(0);
        s.press(7);
        assert_eq!(s.moves, 2);
        s.undo();
        s.undo();
        assert_eq!((s.moves, &s.lights), (0, &before));
        s.redo();
        assert_eq!(s.moves, 1);
        s.mark(Marking::Solution);
        let marked: u64 = s.marks.iter().map(|&m| u64::from(m)).sum();
        assert_eq!(marked, s.coach.fewest.unwrap());
        let stray = s.marks.iter().position(|&m| m == 0).unwrap();
        s.press(stray);
        let marked: u64 = s.marks.iter().map(|&m| u64::from(m)).sum();
        assert_eq!(marked, s.coach.fewest.unwrap(), "planned again");
        s.reset();
        assert_eq!((s.moves, &s.lights), (0, &before));
    }

    #[test]
    fn puzzles_have_the_difficulty_asked_and_the_cursor_stays_on_the_board() {
        let mut s = session(6, 6, 2, 0);
        for _ in 0..4 {
            s.harder(true);
        }
        s.new_puzzle();
        assert_eq!(s.coach.fewest.unwrap(), 4);
        s.move_cursor(0, -1);
        assert_eq!(s.cursor, 0);
        s.move_cursor(1, 0);
        s.move_cursor(0, 1);
        assert_eq!(s.layout.cells[s.cursor], (1, 1));
    }

    #[test]
    fn a_mark_is_never_a_digit() {
        // Issue 42: a button to press twice was a bold `2`, as a light in state 2.
        assert_eq!(super::mark_glyph(1), '*');
        assert_eq!(super::mark_glyph(2), '²');
        for m in 1..=u8::MAX {
            assert!(!super::mark_glyph(m).is_ascii_digit(), "{m}");
        }
    }
}
