//! A board answered: the particular solution (by the byte-tabulated map for boards of
//! at most 64 lights, else two chases and the top row between them), oriented back when
//! the board was transposed, then the search for the fewest presses among the `2^k`.

use super::*;

impl Solver {
    /// The presses that bring `board` to `target`, with as few presses as possible when
    /// that is provable; `None` when no set of presses does it.
    pub fn solve(&self, board: &Board, target: Target) -> Option<(Board, bool)> {
        let mut ws = self.workspace();
        self.solve_with(board, target, &mut ws)
            .map(|s| (s.presses.clone(), s.proven_minimal))
    }

    /// [`solve`](Self::solve) without allocating: the answer borrows `ws`.
    ///
    /// # Panics
    ///
    /// If `board` is not `rows x cols`.
    pub fn solve_with<'w>(
        &self,
        board: &Board,
        target: Target,
        ws: &'w mut Workspace,
    ) -> Option<Solution<'w>> {
        self.solve_searching(board, target, ws, true)
    }

    /// [`solve_with`](Self::solve_with), but with `search` false the fewest presses
    /// are not looked for: the answer is the first solution found, not proven
    /// minimal ([`Skipped::TimeUp`]), for a caller whose time for searching is spent.
    pub fn solve_searching<'w>(
        &self,
        board: &Board,
        target: Target,
        ws: &'w mut Workspace,
        search: bool,
    ) -> Option<Solution<'w>> {
        match &self.small {
            Some(map) => self.solve_small(map, board, target, ws, search),
            None => self.chase_and_search(board, target, ws, search),
        }
    }

    fn solve_small<'w>(
        &self,
        map: &SmallMap,
        board: &Board,
        target: Target,
        ws: &'w mut Workspace,
        search: bool,
    ) -> Option<Solution<'w>> {
        assert_eq!(
            (board.rows(), board.cols()),
            (self.rows, self.cols),
            "board shape"
        );
        let mut lights = flatten(board);
        if target == Target::On {
            lights ^= map.every_light;
        }
        let (mut presses, unsolvable) = map.lookup(lights);
        if unsolvable != 0 {
            return None;
        }
        let proven = self.kernel.proves() && (search || self.nullity == 0);
        if proven {
            // A Gray-code walk over the tabulated patterns; ties go to the lowest
            // pattern as a number (bit `r * cols + c`), the rule every door of the
            // 5x5 keeps (`grid::fewest_of_four`), whichever solution came in.
            let mut current = presses;
            for step in gray_steps(map.quiet.len()) {
                current ^= map.quiet[step.trailing_zeros() as usize];
                if (current.count_ones(), current) < (presses.count_ones(), presses) {
                    presses = current;
                }
            }
        }
        unflatten(presses, &mut ws.out);
        Some(Solution {
            presses: &ws.out,
            proven_minimal: proven,
            lower_bound: if proven {
                u64::from(presses.count_ones())
            } else {
                self.kernel.covering(u64::from(lights.count_ones()))
            },
            search: match (self.nullity, self.kernel.skipped()) {
                (0, _) => Search::Unique,
                (_, _) if proven => Search::GrayWalk,
                (_, _) if !search => Search::Skipped(Skipped::TimeUp),
                (_, Some(why)) => Search::Skipped(why),
                (_, _) if self.budget == 0 => Search::Skipped(Skipped::NoBudget),
                _ => Search::Skipped(Skipped::OverBudget),
            },
            search_time: std::time::Duration::ZERO,
        })
    }

    /// Chases `board` (turned into the lights to change for `target`) with the top row
    /// that the top-row system gives, free variables 0, leaving the presses in
    /// `ws.presses`, in the working orientation (even when they do not solve the
    /// board). Returns parities that are nonzero exactly when the board has no
    /// solution. All of it is linear in the board.
    pub(super) fn particular(&self, board: &Board, target: Target, ws: &mut Workspace) -> u64 {
        assert_eq!(
            (board.rows(), board.cols()),
            (self.rows, self.cols),
            "board shape"
        );
        let lights = if self.transposed {
            board.transpose_into(&mut ws.lights);
            &ws.lights
        } else {
            board
        };
        let invert = target == Target::On;
        ws.top.fill(0);
        chase(
            Some(lights),
            invert,
            &ws.top,
            &mut ws.presses,
            &mut ws.residual,
        );
        let unsolvable = self.system.solve_linear(&ws.residual, &mut ws.top);
        chase(
            Some(lights),
            invert,
            &ws.top,
            &mut ws.presses,
            &mut ws.residual,
        );
        debug_assert!(
            unsolvable != 0 || ws.residual.iter().all(|&w| w == 0),
            "the chase clears a solvable board"
        );
        unsolvable
    }

    /// `work` (a press pattern in the working orientation) in the board's own: itself,
    /// or its transpose in `out`.
    pub(super) fn oriented<'w>(&self, work: &'w Board, out: &'w mut Board) -> &'w Board {
        if self.transposed {
            work.transpose_into(out);
            out
        } else {
            work
        }
    }

    /// The general path of [`solve_with`](Self::solve_with), which boards of at most 64
    /// lights skip (through tables built from this very path). Public so that the two
    /// can be compared.
    pub fn solve_by_chasing<'w>(
        &self,
        board: &Board,
        target: Target,
        ws: &'w mut Workspace,
    ) -> Option<Solution<'w>> {
        self.chase_and_search(board, target, ws, true)
    }

    fn chase_and_search<'w>(
        &self,
        board: &Board,
        target: Target,
        ws: &'w mut Workspace,
        search: bool,
    ) -> Option<Solution<'w>> {
        if self.particular(board, target, ws) != 0 {
            return None;
        }
        // Searched in the working orientation: `ws.presses` holds the particular
        // solution there.
        let lit = board.count_ones();
        let changed = match target {
            Target::Off => lit,
            Target::On => (self.rows * self.cols) as u64 - lit,
        };
        let found = self
            .kernel
            .answer(&mut ws.presses, &mut ws.best, search, changed);
        Some(Solution {
            presses: self.oriented(found.presses, &mut ws.out),
            ..found
        })
    }
}
