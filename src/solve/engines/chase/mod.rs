//! Light chasing for any press rule on any topology (two-state grid games).
//!
//! Buttons are taken in cell order. A light's **last** button is the highest-numbered
//! button that changes it: when the chase reaches that button, every other button on
//! the light is already decided, so the light decides it (press it exactly when the
//! light would otherwise be left wrong). Each button decided this way is **led** by one
//! light; a button that leads no light is an **unknown**, and a light whose last
//! button already leads another is an **equation**, checked once its last button is
//! decided. For the classic plus rule on a plane board the unknowns are the top row
//! and the equations the bottom row; a `box` rule adds the first column and the last;
//! wrapping boards add the rows the wrap reaches back to (O(R + C) in all).
//!
//! Per shape, a symbolic chase gives every button as a combination of the unknowns (a
//! bit vector of them), keeping only the combinations still needed (a few rows of the
//! board, and on wrapping boards the first rows), and every equation as a row over the
//! unknowns; that system, `E u = y`, is reduced once ([`Reduction`]). Per board: a
//! chase with the unknowns 0 leaves the equations' right-hand side `y`, the reduction
//! gives `u`, and a second chase with `u` gives the presses: `O(lights * |rule|)`,
//! plus `O(rank * E / 64)` for `u`. Quiet patterns are chases from the kernel of `E`.

mod changers;

use super::dense::Reduction;
use crate::board::{board_words, words_for, Board};
use crate::rules::GridRules;
use crate::solve::search::kernel::{Answer, Kernel, SearchLimits};
use changers::Changers;

/// Marks a button as an unknown in [`Chase::role`] (the low bits: its index).
const UNKNOWN: u32 = 1 << 31;

/// The most unknowns a shape may have: the symbolic chase holds a few rows of the
/// board's buttons as bit vectors of this many bits.
pub(super) const MAX_UNKNOWNS: usize = 1 << 15;

/// A grid game, chased.
#[derive(Debug, Clone)]
pub(in crate::solve) struct Chase {
    grid: GridRules,
    changers: Changers,
    /// Per button: `UNKNOWN | index`, or the light that leads it.
    role: Vec<u32>,
    /// The lights that are equations, in order.
    equations: Vec<u32>,
    unknowns: usize,
    system: Reduction,
    kernel: Kernel,
}

/// Why a grid game cannot be chased.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "this board's chase leaves {unknowns} unknowns; the chase takes at most {MAX_UNKNOWNS} \
     (a rule much larger than the board, or a board too large for its rule)"
)]
pub struct TooManyUnknowns {
    /// Unknowns of the shape.
    pub unknowns: usize,
}

impl Chase {
    /// Chases the game of `grid` symbolically and reduces what is left; plans the
    /// search for the fewest presses within `budget` word operations a board.
    pub(in crate::solve) fn new(
        grid: &GridRules,
        budget: impl Into<SearchLimits>,
        signature_cells: usize,
    ) -> Result<Chase, TooManyUnknowns> {
        let budget = budget.into();
        let n = grid.rows * grid.cols;
        let changers = Changers::new(grid);
        let mut list = Vec::new();
        let mut role = vec![u32::MAX; n];
        let mut close = vec![0u32; n];
        let mut equations = Vec::new();
        for (l, closes) in close.iter_mut().enumerate() {
            changers.of(l, &mut list);
            match list.last() {
                Some(&last) if role[last as usize] == u32::MAX => {
                    role[last as usize] = l as u32;
                    *closes = last;
                }
                Some(&last) => {
                    *closes = last;
                    equations.push(l as u32);
                }
                None => {
                    *closes = (n - 1) as u32;
                    equations.push(l as u32);
                }
            }
        }
        let mut unknowns = 0;
        for r in role.iter_mut().filter(|r| **r == u32::MAX) {
            *r = UNKNOWN | unknowns;
            unknowns += 1;
        }
        let unknowns = unknowns as usize;
        if unknowns > MAX_UNKNOWNS {
            return Err(TooManyUnknowns { unknowns });
        }
        let rows = Chase::symbolic(&changers, &role, &close, &equations, unknowns);
        let w = words_for(unknowns);
        let system = Reduction::new(equations.len(), unknowns, |flip| {
            for (e, row) in rows.chunks_exact(w.max(1)).enumerate() {
                for (k, &word) in row.iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        flip(e, 64 * k + bits.trailing_zeros() as usize);
                        bits &= bits - 1;
                    }
                }
            }
        });
        let mut chase = Chase {
            grid: grid.clone(),
            changers,
            role,
            equations,
            unknowns,
            system,
            kernel: Kernel::new(0, 0, 0, 0u64, 0, Vec::new),
        };
        let nullity = unknowns - chase.system.rank();
        let step = board_words(grid.rows, grid.cols) as u64;
        // The most lights a button changes: how many lights name it as a changer.
        let mut changes = vec![0usize; n];
        for l in 0..n {
            chase.changers.of(l, &mut list);
            for &b in &list {
                changes[b as usize] += 1;
            }
        }
        let cover = changes.into_iter().max().unwrap_or(0);
        chase.kernel = Kernel::new(nullity, n, step, budget, signature_cells, || {
            chase.quiet_patterns()
        })
        .with_cover(cover);
        Ok(chase)
    }

    /// The symbolic chase: each equation's row over the unknowns, `words_for(unknowns)`
    /// words each. Keeps a button's combination only while a light it changes is still
    /// open.
    fn symbolic(
        changers: &Changers,
        role: &[u32],
        close: &[u32],
        equations: &[u32],
        unknowns: usize,
    ) -> Vec<u64> {
        let n = role.len();
        let w = words_for(unknowns).max(1);
        let mut equation_of = vec![u32::MAX; n];
        for (e, &l) in equations.iter().enumerate() {
            equation_of[l as usize] = e as u32;
        }
        // Lights by the step they close at (counting sort).
        let mut starts = vec![0u32; n + 1];
        for &c in close {
            starts[c as usize + 1] += 1;
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut closing = vec![0u32; n];
        let mut at = starts.clone();
        for (l, &c) in close.iter().enumerate() {
            closing[at[c as usize] as usize] = l as u32;
            at[c as usize] += 1;
        }
        // Combinations of live buttons in slots of `w` words.
        let mut slots: Vec<u64> = Vec::new();
        let mut free: Vec<u32> = Vec::new();
        let mut slot_of = vec![u32::MAX; n];
        // Buttons by the step their combination expires at, as linked lists: `expiring
        // [t]` the first, `next_expiring[b]` the one after `b`.
        let mut expiring = vec![u32::MAX; n];
        let mut next_expiring = vec![u32::MAX; n];
        let mut rows = vec![0u64; equations.len() * w];
        let mut list = Vec::new();
        let mut reach = Vec::new();
        let mut form = vec![0u64; w];
        // Words of each slot that may be nonzero (the rest are zero): unknowns are
        // numbered in cell order, so early combinations are short.
        let mut used: Vec<usize> = Vec::new();
        let mut form_used = 0;
        for b in 0..n {
            form[..form_used].fill(0);
            let r = role[b];
            if r & UNKNOWN != 0 {
                let u = (r & !UNKNOWN) as usize;
                form[u / 64] |= 1 << (u % 64);
                form_used = u / 64 + 1;
            } else {
                changers.of(r as usize, &mut list);
                form_used = 0;
                for &other in list.iter().filter(|&&o| o as usize != b) {
                    let s = slot_of[other as usize] as usize;
                    let k = used[s];
                    for (f, &x) in form[..k].iter_mut().zip(&slots[s * w..s * w + k]) {
                        *f ^= x;
                    }
                    form_used = form_used.max(k);
                }
            }
            // The button lives until the last light it changes closes.
            changers.reach(b, &mut reach);
            let until = reach.iter().map(|&l| close[l as usize]).max();
            if let Some(until) = until.filter(|&t| t as usize >= b) {
                let s = free.pop().unwrap_or_else(|| {
                    slots.resize(slots.len() + w, 0);
                    used.push(0);
                    (slots.len() / w - 1) as u32
                });
                let at = s as usize * w;
                slots[at..at + form_used].copy_from_slice(&form[..form_used]);
                let stale = used[s as usize];
                if stale > form_used {
                    slots[at + form_used..at + stale].fill(0);
                }
                used[s as usize] = form_used;
                slot_of[b] = s;
                next_expiring[b] = expiring[until as usize];
                expiring[until as usize] = b as u32;
            }
            // Equations that close here: the sum of their buttons' combinations.
            for &l in &closing[starts[b] as usize..starts[b + 1] as usize] {
                let e = equation_of[l as usize];
                if e == u32::MAX {
                    continue;
                }
                changers.of(l as usize, &mut list);
                let row = &mut rows[e as usize * w..(e as usize + 1) * w];
                for &other in &list {
                    let s = slot_of[other as usize] as usize;
                    let k = used[s];
                    for (f, &x) in row[..k].iter_mut().zip(&slots[s * w..s * w + k]) {
                        *f ^= x;
                    }
                }
            }
            let mut button = expiring[b];
            while button != u32::MAX {
                free.push(slot_of[button as usize]);
                slot_of[button as usize] = u32::MAX;
                button = next_expiring[button as usize];
            }
        }
        rows
    }

    /// The dimension of the kernel.
    pub(in crate::solve) fn nullity(&self) -> usize {
        self.unknowns - self.system.rank()
    }

    /// The fewest-presses search of its boards.
    pub(in crate::solve) fn kernel(&self) -> &Kernel {
        &self.kernel
    }

    /// The same, to set its time ([`Kernel::allow_board_seconds`]).
    pub(in crate::solve) fn kernel_mut(&mut self) -> &mut Kernel {
        &mut self.kernel
    }

    /// Chases: `change` the lights to change (one byte a light, 0/1), `u` the unknowns'
    /// values (bits); writes the presses into `x` (one byte a button) and returns the
    /// equations left unmet (bits, `words_for(E)` words).
    fn numeric(&self, change: &[u8], u: &[u64], x: &mut [u8], list: &mut Vec<u32>) -> Vec<u64> {
        for b in 0..self.role.len() {
            let r = self.role[b];
            x[b] = if r & UNKNOWN != 0 {
                let i = (r & !UNKNOWN) as usize;
                (u[i / 64] >> (i % 64) & 1) as u8
            } else {
                self.changers.of(r as usize, list);
                let others = list
                    .iter()
                    .filter(|&&o| o as usize != b)
                    .fold(0u8, |acc, &o| acc ^ x[o as usize]);
                change[r as usize] ^ others
            };
        }
        let mut unmet = vec![0u64; words_for(self.equations.len()).max(1)];
        for (e, &l) in self.equations.iter().enumerate() {
            self.changers.of(l as usize, list);
            let sum = list
                .iter()
                .fold(change[l as usize], |acc, &o| acc ^ x[o as usize]);
            if sum == 1 {
                unmet[e / 64] |= 1 << (e % 64);
            }
        }
        unmet
    }

    fn board_of(&self, x: &[u8]) -> Board {
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        let mut board = Board::new(rows, cols);
        for (i, &v) in x.iter().enumerate() {
            if v == 1 {
                board.set(i / cols, i % cols, true);
            }
        }
        board
    }

    /// A basis of the press patterns that change nothing.
    pub(in crate::solve) fn quiet_patterns(&self) -> Vec<Board> {
        // Up to 64 kernel vectors chased at once, one bit lane each: a cell's word is
        // its bit in each of the 64 patterns.
        let n = self.role.len();
        let kernel = self.system.kernel();
        let (rows, cols) = (self.grid.rows, self.grid.cols);
        let mut patterns = Vec::with_capacity(kernel.len());
        let (mut x, mut list) = (vec![0u64; n], Vec::new());
        for chunk in kernel.chunks(64) {
            let mut lanes = vec![0u64; self.unknowns];
            for (j, v) in chunk.iter().enumerate() {
                for (i, lane) in lanes.iter_mut().enumerate() {
                    *lane |= (v[i / 64] >> (i % 64) & 1) << j;
                }
            }
            for b in 0..n {
                let r = self.role[b];
                x[b] = if r & UNKNOWN != 0 {
                    lanes[(r & !UNKNOWN) as usize]
                } else {
                    self.changers.of(r as usize, &mut list);
                    list.iter()
                        .filter(|&&o| o as usize != b)
                        .fold(0u64, |acc, &o| acc ^ x[o as usize])
                };
            }
            // Each row's cells, 64 at a time, turned from a word a cell (a bit a
            // pattern) to a word a pattern (a bit a cell) by one 64 x 64 transpose.
            let w = words_for(cols);
            let mut chunk_patterns: Vec<Board> =
                (0..chunk.len()).map(|_| Board::new(rows, cols)).collect();
            let mut row_words = vec![0u64; chunk.len() * w];
            let mut block = [0u64; 64];
            for (r, cells) in x.chunks_exact(cols).enumerate() {
                for (g, group) in cells.chunks(64).enumerate() {
                    block[..group.len()].copy_from_slice(group);
                    block[group.len()..].fill(0);
                    crate::board::transpose_64(&mut block);
                    for (j, &word) in block[..chunk.len()].iter().enumerate() {
                        row_words[j * w + g] = word;
                    }
                }
                for (j, pattern) in chunk_patterns.iter_mut().enumerate() {
                    pattern.set_row_words(r, &row_words[j * w..(j + 1) * w]);
                }
            }
            patterns.extend(chunk_patterns);
        }
        patterns
    }

    /// The presses that change exactly the lights of `change` (one byte a light,
    /// 0/1), the fewest when the search proves it (and `search` is true); `None` when
    /// no presses do. With them: proven, the lower bound, how, and the time the
    /// search among the solutions took.
    pub(in crate::solve) fn solve(&self, change: &[u8], search: bool) -> Option<Answer> {
        let n = self.role.len();
        let (mut x, mut list) = (vec![0u8; n], Vec::new());
        let zero = vec![0u64; words_for(self.unknowns).max(1)];
        let y = self.numeric(change, &zero, &mut x, &mut list);
        let mut u = vec![0u64; words_for(self.unknowns).max(1)];
        if !self.system.solve(&y, &mut u) {
            return None;
        }
        let unmet = self.numeric(change, &u, &mut x, &mut list);
        debug_assert!(
            unmet.iter().all(|&w| w == 0),
            "the chase meets every equation"
        );
        let mut presses = self.board_of(&x);
        let mut best = Board::new(self.grid.rows, self.grid.cols);
        let changed = change.iter().filter(|&&c| c != 0).count() as u64;
        let found = self.kernel.answer(&mut presses, &mut best, search, changed);
        Some(Answer::of(found))
    }
}
