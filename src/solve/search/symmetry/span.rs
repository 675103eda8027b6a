//! The linear algebra over GF(2) of the symmetries: coordinates in a basis of boards,
//! subspaces of `GF(2)^64` in reduced echelon form, fixed vectors of a group modulo a
//! subspace (and from them a subspace every map keeps), and the fixed points of an
//! affine map.

use crate::board::Board;
use crate::solve::search::transform::word::Word;

/// Coordinates in a basis of boards: echelon rows with the combination of basis
/// vectors each is.
#[derive(Debug, Clone)]
pub(super) struct Coordinates {
    /// (the row's words, the basis vectors it sums, its pivot word, its pivot bit).
    rows: Vec<(Vec<u64>, u64, usize, u64)>,
}

impl Coordinates {
    /// `None` when the boards are not independent (or more than 64).
    pub(super) fn new(basis: &[Board]) -> Option<Coordinates> {
        if basis.len() > 64 {
            return None;
        }
        let mut rows: Vec<(Vec<u64>, u64, usize, u64)> = Vec::with_capacity(basis.len());
        for (j, board) in basis.iter().enumerate() {
            let mut v = board.words().to_vec();
            let mut combo = 1u64 << j;
            for (row, c, w, bit) in &rows {
                if v[*w] & bit != 0 {
                    for (a, b) in v.iter_mut().zip(row) {
                        *a ^= b;
                    }
                    combo ^= c;
                }
            }
            let w = v.iter().position(|&x| x != 0)?;
            let bit = v[w] & v[w].wrapping_neg();
            rows.push((v, combo, w, bit));
        }
        Some(Coordinates { rows })
    }

    /// The coordinates of `board`, when it is in the span.
    pub(super) fn of(&self, board: &Board) -> Option<u64> {
        let mut v = board.words().to_vec();
        let mut combo = 0u64;
        for (row, c, w, bit) in &self.rows {
            if v[*w] & bit != 0 {
                for (a, b) in v.iter_mut().zip(row) {
                    *a ^= b;
                }
                combo ^= c;
            }
        }
        v.iter().all(|&x| x == 0).then_some(combo)
    }
}

/// `sum of columns[i]` over the bits `i` of `v`.
pub(super) fn apply(columns: &[u64], v: u64) -> u64 {
    let (mut out, mut rest) = (0u64, v);
    while rest != 0 {
        out ^= columns[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    out
}

/// A reduced echelon basis of a subspace of `GF(2)^64`: `reduce` gives each coset's
/// one representative.
#[derive(Debug, Default)]
pub(super) struct Span(Vec<u64>);

impl Span {
    pub(super) fn reduce(&self, mut v: u64) -> u64 {
        for &b in &self.0 {
            let top = 63 - b.leading_zeros();
            if v >> top & 1 == 1 {
                v ^= b;
            }
        }
        v
    }

    /// Adds `v` when it is not in the span; whether it was added.
    pub(super) fn add(&mut self, v: u64) -> bool {
        let v = self.reduce(v);
        if v == 0 {
            return false;
        }
        let top = 63 - v.leading_zeros();
        for b in &mut self.0 {
            if *b >> top & 1 == 1 {
                *b ^= v;
            }
        }
        self.0.push(v);
        self.0.sort_unstable_by(|a, b| b.cmp(a));
        true
    }
}

/// The kernel of `v -> ((M_g + I) v mod V)_g`, as a basis (`k` unknowns).
fn fixed_mod(maps: &[Vec<u64>], k: usize, v: &Span) -> Vec<u64> {
    // Rows: for each unit vector e_i, its images (one word per map), and e_i.
    let mut rows: Vec<(Vec<u64>, u64)> = (0..k)
        .map(|i| {
            let image = maps.iter().map(|m| v.reduce(m[i] ^ (1u64 << i))).collect();
            (image, 1u64 << i)
        })
        .collect();
    let mut kernel = Vec::new();
    let mut pivots: Vec<(usize, Vec<u64>, u64)> = Vec::new();
    for (mut image, mut combo) in rows.drain(..) {
        for (at, row, c) in &pivots {
            let (word, bit) = (at / 64, at % 64);
            if image[word] >> bit & 1 == 1 {
                for (a, b) in image.iter_mut().zip(row) {
                    *a ^= b;
                }
                combo ^= c;
            }
        }
        match image.iter().position(|&x| x != 0) {
            Some(word) => {
                let at = word * 64 + image[word].trailing_zeros() as usize;
                pivots.push((at, image, combo));
            }
            None => kernel.push(combo),
        }
    }
    kernel
}

/// A basis of a subspace of dimension `dim` that every map sends to itself (maps given
/// by their columns on `GF(2)^k`, generating a 2-group); `None` if none was found
/// (which the group's being a 2-group rules out).
pub(super) fn invariant_subspace(maps: &[Vec<u64>], k: usize, dim: usize) -> Option<Vec<u64>> {
    let mut span = Span::default();
    let mut basis = Vec::with_capacity(dim);
    while basis.len() < dim {
        let v = fixed_mod(maps, k, &span)
            .into_iter()
            .find(|&v| span.reduce(v) != 0)?;
        span.add(v);
        basis.push(v);
    }
    Some(basis)
}

/// How many `b` of `GF(2)^k2` satisfy `b = shift + M b` (`M` by its columns).
pub(super) fn fixed_points(columns: &[u64], shift: u64, k2: usize) -> u128 {
    // (M + I) b = shift: reduce shift by the columns of M + I.
    let mut span = Span::default();
    let mut rank = 0;
    for (i, &col) in columns.iter().enumerate() {
        if span.add(col ^ (1u64 << i)) {
            rank += 1;
        }
    }
    if span.reduce(shift) != 0 {
        0
    } else {
        1u128 << (k2 - rank)
    }
}

/// The solutions of `equations` (each a row of `k` unknowns and its right side) over
/// GF(2): one solution and a basis of the homogeneous ones, or `None` when there is
/// none. The rows are reduced in place.
pub(super) fn solve<S: Word>(equations: &mut [(S, bool)], k: usize) -> Option<(S, Vec<S>)> {
    let mut pivots: Vec<usize> = Vec::new();
    let mut rank = 0;
    for col in 0..k {
        let Some(at) = (rank..equations.len()).find(|&r| equations[r].0.bit(col)) else {
            continue;
        };
        equations.swap(rank, at);
        let (row, rhs) = equations[rank];
        for (r, e) in equations.iter_mut().enumerate() {
            if r != rank && e.0.bit(col) {
                e.0 = e.0 ^ row;
                e.1 ^= rhs;
            }
        }
        pivots.push(col);
        rank += 1;
    }
    if equations[rank..].iter().any(|&(_, rhs)| rhs) {
        return None;
    }
    let particular = pivots
        .iter()
        .zip(equations.iter())
        .filter(|(_, &(_, rhs))| rhs)
        .fold(S::default(), |f, (&col, _)| f | S::ONE << col);
    let free = (0..k)
        .filter(|c| !pivots.contains(c))
        .map(|c| {
            // x_c = 1, each pivot variable takes its row's coefficient at c.
            pivots
                .iter()
                .zip(equations.iter())
                .filter(|(_, &(row, _))| row.bit(c))
                .fold(S::ONE << c, |f, (&col, _)| f | S::ONE << col)
        })
        .collect();
    Some((particular, free))
}
