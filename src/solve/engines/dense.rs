//! Any GF(2) game by dense elimination: the press matrix of a [`Game`] (a row a light, a
//! column a button), bit-packed, reduced once by Gauss-Jordan with the row operations
//! recorded, so that a board costs `rank` dot products: `O(rank * lights / 64)` word
//! operations. The reduction takes `O(lights * rank * (buttons + lights) / 64)`.
//!
//! After the reduction, pivot row `i` reads "button `pivot[i]` plus free buttons =
//! `<T_i, b>`" for the board `b` (`T_i` the recorded combination of lights); the rows
//! past the rank have no buttons left, so `<T_i, b> = 0` for each of them is exactly
//! solvability. The quiet patterns are one per free button: itself, and the pivots
//! its column names.

use crate::board::{words_for, Board};
use crate::rules::Game;
pub use crate::solve::search::kernel::Answer;
use crate::solve::search::kernel::{Kernel, SearchLimits};

/// A linear system `M x = y` over GF(2), `equations` rows by `unknowns` columns,
/// reduced once by Gauss-Jordan with the row operations recorded: each row holds its
/// part of `M` (reduced) and the combination of equations it became.
#[derive(Debug, Clone)]
pub(super) struct Reduction {
    equations: usize,
    unknowns: usize,
    a_words: usize,
    t_words: usize,
    rows: Vec<u64>,
    /// The pivot unknown of each of the first `rank` rows.
    pivots: Vec<usize>,
}

impl Reduction {
    /// Reduces the system that `fill` writes: it is given a function that flips
    /// unknown `j` in equation `e` (a pair given twice cancels).
    pub(super) fn new(
        equations: usize,
        unknowns: usize,
        fill: impl FnOnce(&mut dyn FnMut(usize, usize)),
    ) -> Reduction {
        let (a_words, t_words) = (words_for(unknowns), words_for(equations));
        let width = a_words + t_words;
        let mut rows = vec![0u64; equations * width];
        fill(&mut |e, j| rows[e * width + j / 64] ^= 1 << (j % 64));
        for e in 0..equations {
            rows[e * width + a_words + e / 64] |= 1 << (e % 64);
        }
        // Gauss-Jordan in groups of up to GROUP pivots (the method of four Russians,
        // as in M4RI): the group's rows are reduced among themselves, their 2^k sums
        // tabulated, and every other row cleared in the group's columns by one XOR of
        // the sum its bits there name, instead of up to k.
        const GROUP: usize = 8;
        let xor_row = |rows: &mut [u64], into: usize, from: usize, start: usize| {
            let (a, b) = (into * width, from * width);
            for w in start..width {
                rows[a + w] ^= rows[b + w];
            }
        };
        let bit_at = |rows: &[u64], r: usize, j: usize| rows[r * width + j / 64] >> (j % 64) & 1;
        let mut pivots = Vec::new();
        let mut table: Vec<u64> = Vec::new();
        let mut j = 0;
        while j < unknowns && pivots.len() < equations {
            let first = pivots.len();
            let start = j / 64;
            let mut group: Vec<usize> = Vec::with_capacity(GROUP);
            while group.len() < GROUP && j < unknowns && first + group.len() < equations {
                let at = first + group.len();
                let mut found = None;
                for r in at..equations {
                    for (g, &col) in group.iter().enumerate() {
                        if bit_at(&rows, r, col) == 1 {
                            xor_row(&mut rows, r, first + g, start);
                        }
                    }
                    if bit_at(&rows, r, j) == 1 {
                        found = Some(r);
                        break;
                    }
                }
                if let Some(r) = found {
                    if r != at {
                        for w in 0..width {
                            rows.swap(r * width + w, at * width + w);
                        }
                    }
                    for g in 0..group.len() {
                        if bit_at(&rows, first + g, j) == 1 {
                            xor_row(&mut rows, first + g, at, start);
                        }
                    }
                    group.push(j);
                }
                j += 1;
            }
            let k = group.len();
            if k == 0 {
                continue;
            }
            let span = width - start;
            table.clear();
            table.resize(span << k, 0);
            for set in 1usize..1 << k {
                let low = set.trailing_zeros() as usize;
                let rest = set & (set - 1);
                let row = (first + low) * width + start;
                for w in 0..span {
                    table[set * span + w] = table[rest * span + w] ^ rows[row + w];
                }
            }
            for r in (0..equations).filter(|r| !(first..first + k).contains(r)) {
                let set = group.iter().enumerate().fold(0usize, |set, (g, &col)| {
                    set | (bit_at(&rows, r, col) as usize) << g
                });
                if set != 0 {
                    let row = &mut rows[r * width + start..(r + 1) * width];
                    for (x, &t) in row.iter_mut().zip(&table[set * span..(set + 1) * span]) {
                        *x ^= t;
                    }
                }
            }
            pivots.extend(group);
        }
        Reduction {
            equations,
            unknowns,
            a_words,
            t_words,
            rows,
            pivots,
        }
    }

    /// The rank of `M`.
    pub(super) fn rank(&self) -> usize {
        self.pivots.len()
    }

    fn row(&self, i: usize) -> (&[u64], &[u64]) {
        let w = self.a_words + self.t_words;
        self.rows[i * w..(i + 1) * w].split_at(self.a_words)
    }

    /// Writes into `x` (words over the unknowns) a solution of `M x = y` (`y` words over
    /// the equations), free unknowns 0; `false` when there is none.
    pub(super) fn solve(&self, y: &[u64], x: &mut [u64]) -> bool {
        let dot = |combination: &[u64]| {
            combination
                .iter()
                .zip(y)
                .map(|(a, b)| (a & b).count_ones())
                .sum::<u32>()
                % 2
                == 1
        };
        if (self.pivots.len()..self.equations).any(|i| dot(self.row(i).1)) {
            return false;
        }
        x.fill(0);
        for (i, &j) in self.pivots.iter().enumerate() {
            if dot(self.row(i).1) {
                x[j / 64] |= 1 << (j % 64);
            }
        }
        true
    }

    /// A basis of the solutions of `M x = 0`, one a free unknown: itself, and the pivots
    /// its column names.
    pub(super) fn kernel(&self) -> Vec<Vec<u64>> {
        let mut pivot = vec![false; self.unknowns];
        for &j in &self.pivots {
            pivot[j] = true;
        }
        (0..self.unknowns)
            .filter(|&j| !pivot[j])
            .map(|free| {
                let mut v = vec![0u64; self.a_words];
                v[free / 64] |= 1 << (free % 64);
                for (i, &j) in self.pivots.iter().enumerate() {
                    if self.row(i).0[free / 64] >> (free % 64) & 1 == 1 {
                        v[j / 64] |= 1 << (j % 64);
                    }
                }
                v
            })
            .collect()
    }
}

/// A game's press matrix, reduced.
#[derive(Debug, Clone)]
pub struct Dense {
    lights: usize,
    buttons: usize,
    system: Reduction,
    kernel: Kernel,
}

impl Dense {
    /// Reduces `game`'s press matrix (two-state games) and plans the search for the
    /// fewest presses within `budget` word operations a board.
    pub fn new(game: &Game, budget: impl Into<SearchLimits>, signature_cells: usize) -> Dense {
        let budget = budget.into();
        assert_eq!(game.states(), 2, "dense elimination over GF(2)");
        let (lights, buttons) = (game.lights(), game.buttons());
        // A row a light: bit `b` when button `b` changes it.
        let system = Reduction::new(lights, buttons, |flip| {
            for b in 0..buttons {
                for &(light, _) in game.pattern(b).iter() {
                    flip(light as usize, b);
                }
            }
        });
        let mut dense = Dense {
            lights,
            buttons,
            system,
            kernel: Kernel::new(0, 0, 0, 0u64, 0, Vec::new),
        };
        let nullity = buttons - dense.system.rank();
        let step = words_for(buttons) as u64;
        let cover = (0..buttons)
            .map(|b| game.pattern(b).len())
            .max()
            .unwrap_or(0);
        dense.kernel = Kernel::new(nullity, buttons, step, budget, signature_cells, || {
            dense.quiet_patterns()
        })
        .with_cover(cover);
        dense
    }

    /// The dimension of the kernel: each solvable board has `2^nullity` solutions.
    pub fn nullity(&self) -> usize {
        self.buttons - self.system.rank()
    }

    /// The rank of the press matrix: `2^rank` boards are solvable.
    pub fn rank(&self) -> usize {
        self.system.rank()
    }

    crate::solve::search::kernel::searched_by_kernel!();

    /// A basis of the press patterns that change nothing (`1 x buttons` boards).
    pub fn quiet_patterns(&self) -> Vec<Board> {
        self.system
            .kernel()
            .into_iter()
            .map(|v| {
                let mut pattern = Board::new(1, self.buttons);
                pattern.set_row_words(0, &v);
                pattern
            })
            .collect()
    }

    /// The presses that turn `change` (a `1 x lights` board of the lights to change)
    /// into nothing, the fewest when the search proves it; `None` when there are none.
    pub fn solve(&self, change: &Board, search: bool) -> Option<Answer> {
        assert_eq!(change.cols(), self.lights, "one bit a light");
        let mut scratch = [0];
        let y = change.row_words(0, &mut scratch);
        let mut x = vec![0u64; words_for(self.buttons)];
        if !self.system.solve(y, &mut x) {
            return None;
        }
        let mut presses = Board::new(1, self.buttons);
        presses.set_row_words(0, &x);
        let mut best = Board::new(1, self.buttons);
        let found = self
            .kernel
            .answer(&mut presses, &mut best, search, change.count_ones());
        Some(Answer::of(found))
    }
}

/// The nullity (kernel dimension) of a square matrix over GF(2) of at most 64 rows, row
/// `i` the bits of `rows[i]`, eliminated in registers: the fast path of a stream of
/// small graphs (`nullity --each`), held to [`Dense`] by the tests.
///
/// # Panics
///
/// If there are more than 64 rows.
pub fn small_nullity(rows: &mut [u64]) -> usize {
    let n = rows.len();
    assert!(n <= 64, "at most 64 rows");
    let mut rank = 0;
    for col in 0..n {
        let bit = 1u64 << col;
        let Some(p) = (rank..n).find(|&r| rows[r] & bit != 0) else {
            continue;
        };
        rows.swap(rank, p);
        let pivot = rows[rank];
        for row in &mut rows[rank + 1..] {
            if *row & bit != 0 {
                *row ^= pivot;
            }
        }
        rank += 1;
    }
    n - rank
}
