//! The census of a game: the fewest presses of every one of its `K^lights` boards.
//!
//! A solvable board's solutions are one coset `x + C` of the kernel `C` of press
//! patterns that change nothing, and each coset is one board (the board it clears);
//! so the census is, over every coset, `min over c in C of presses(x + c)`. For prime
//! K the cosets have a transversal: the patterns that are zero on the kernel's pivot
//! cells (its echelon form), one a coset; for composite K every pattern is visited and
//! each coset is counted `|C|` times, then divided.
//!
//! The visit is an odometer over the transversal's cells; a step changes one cell by
//! one, which changes each solution `x + c`'s presses by a table entry (`-(K - 1)` or
//! `+1`), so all `|C|` counts move together in one vector step and the board's fewest
//! is their minimum: `|C|` lanes a step, no solving. Blocks of the leading cells run
//! on all cores.

use rayon::prelude::*;

/// The most kernel elements the census compares at once (lanes of a step).
pub const CENSUS_LANES: usize = 1024;

/// The most patterns the census visits: 2^36 (the 5x5 three-state game visits 3^22).
pub const CENSUS_STEPS: u64 = 1 << 36;

/// The most steps of the census's walk between two looks at its stop: about 30-60 ms
/// of one core (4 x 4 of 4 states, 2^32 steps, takes 4.4 s on two cores).
const BLOCK_STEPS: u64 = 1 << 26;

/// The census of a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Census {
    /// `histogram[n]`: the boards whose fewest presses are `n`.
    pub histogram: Vec<u64>,
    /// Boards with no solution.
    pub unsolvable: u128,
    /// All boards, `K^lights`.
    pub boards: u128,
}

/// Why a census is out of reach.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CensusError {
    /// Too many patterns to visit.
    #[error(
        "the census visits {patterns} press patterns ({states}^{cells}); the most it \
         visits is 2^36 (about 69 billion)"
    )]
    TooManyPatterns {
        /// `K^cells`, in words.
        patterns: String,
        /// K.
        states: u8,
        /// The cells visited.
        cells: usize,
    },
    /// Too many solutions a board to compare at once.
    #[error(
        "each solvable board has {solutions} solutions; the census compares at most \
         {CENSUS_LANES} at once"
    )]
    TooManySolutions {
        /// Solutions a board.
        solutions: String,
    },
    /// More boards than 2^128.
    #[error("this game has more than 2^128 boards")]
    TooManyBoards,
    /// The game's arithmetic mod K cannot be set up (too large for its method).
    #[error("{0}")]
    Unsupported(String),
    /// Stopped by its caller (Ctrl-C) before every board was counted.
    #[error("the census was stopped before every board was counted")]
    Stopped,
}

/// Every kernel element (`None` past [`CENSUS_LANES`]).
pub(crate) fn elements(k: u8, generators: &[(Vec<u8>, u32)], n: usize) -> Option<Vec<Vec<u8>>> {
    let mut out = vec![vec![0u8; n]];
    for (g, order) in generators {
        if out.len().checked_mul(*order as usize)? > CENSUS_LANES {
            return None;
        }
        let mut grown = Vec::with_capacity(out.len() * *order as usize);
        for e in &out {
            for t in 0..*order {
                grown.push(
                    e.iter()
                        .zip(g)
                        .map(|(&a, &b)| ((u32::from(a) + t * u32::from(b)) % u32::from(k)) as u8)
                        .collect(),
                );
            }
        }
        out = grown;
    }
    Some(out)
}

/// The pivot cells of the kernel's generators over `Z_p` (echelon form); `None` when
/// K is not prime (no transversal is used then).
fn pivots(k: u8, generators: &[(Vec<u8>, u32)]) -> Option<Vec<usize>> {
    if !crate::solve::engines::ring::modulus::is_prime(k) {
        return None;
    }
    let zk = crate::solve::engines::ring::modulus::Zq::new(k);
    let mut rows: Vec<Vec<u8>> = generators.iter().map(|(g, _)| g.clone()).collect();
    let mut pivots = Vec::new();
    let mut r = 0;
    let n = rows.first().map_or(0, Vec::len);
    for c in 0..n {
        let Some(p) = (r..rows.len()).find(|&i| rows[i][c] != 0) else {
            continue;
        };
        rows.swap(r, p);
        let inv = zk.inverse(rows[r][c]).expect("a field");
        for v in &mut rows[r] {
            *v = zk.mul(*v, inv);
        }
        let pivot = rows[r].clone();
        for (i, row) in rows.iter_mut().enumerate() {
            if i != r && row[c] != 0 {
                let t = zk.neg(row[c]);
                zk.add_multiple(row, t, &pivot);
            }
        }
        pivots.push(c);
        r += 1;
        if r == rows.len() {
            break;
        }
    }
    Some(pivots)
}

/// The census of a game of `k` states, `lights` lights and `buttons` buttons, whose
/// kernel has `generators`; `progress(done, total)` is called as blocks finish, and
/// returns whether to go on (`false`: the blocks not begun are skipped, and the census
/// is [`CensusError::Stopped`]).
pub fn census(
    k: u8,
    lights: usize,
    buttons: usize,
    generators: &[(Vec<u8>, u32)],
    progress: &(dyn Fn(u64, u64) -> bool + Sync),
) -> Result<Census, CensusError> {
    let orders: Vec<u32> = generators.iter().map(|(_, o)| *o).collect();
    let solutions = crate::solve::engines::ring::product_decimal(&orders);
    let elements =
        elements(k, generators, buttons).ok_or(CensusError::TooManySolutions { solutions })?;
    let pivots = pivots(k, generators);
    let fixed: Vec<bool> = {
        let mut f = vec![false; buttons];
        for &p in pivots.iter().flatten() {
            f[p] = true;
        }
        f
    };
    let cells: Vec<usize> = (0..buttons).filter(|&c| !fixed[c]).collect();
    let steps = u64::from(k)
        .checked_pow(cells.len() as u32)
        .filter(|&s| s <= CENSUS_STEPS)
        .ok_or_else(|| CensusError::TooManyPatterns {
            patterns: pow_words(k, cells.len()),
            states: k,
            cells: cells.len(),
        })?;
    let boards = u128::from(k)
        .checked_pow(lights as u32)
        .ok_or(CensusError::TooManyBoards)?;
    let multiplicity = if pivots.is_some() {
        1
    } else {
        elements.len() as u64
    };
    let lanes = elements.len().next_power_of_two().max(16);
    let stopped = std::sync::atomic::AtomicBool::new(false);
    let going = |done: u64, total: u64| {
        let go = progress(done, total);
        if !go {
            stopped.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        go
    };
    let histogram = walk_lanes(lanes, k, &cells, &elements, steps, &going);
    if stopped.load(std::sync::atomic::Ordering::Relaxed) {
        return Err(CensusError::Stopped);
    }
    let histogram: Vec<u64> = histogram.into_iter().map(|n| n / multiplicity).collect();
    let solvable: u128 = histogram.iter().map(|&n| u128::from(n)).sum();
    Ok(Census {
        histogram,
        unsolvable: boards - solvable,
        boards,
    })
}

fn pow_words(k: u8, e: usize) -> String {
    match u64::from(k).checked_pow(e as u32) {
        Some(n) => crate::text::thousands(n),
        None => format!("more than {}", crate::text::thousands(u64::MAX)),
    }
}

/// A lane of the walk: a solution's presses so far, in 8 bits when the most presses
/// fit (twice the lanes a vector step), else 16.
trait Lane: Copy + Ord + Send + Sync + Default + 'static {
    const MAX: Self;
    fn from_u32(v: u32) -> Self;
    fn wrapping_add(self, other: Self) -> Self;
    fn index(self) -> usize;
}

macro_rules! lane {
    ($($t:ty)*) => {$(
        impl Lane for $t {
            const MAX: $t = <$t>::MAX;
            fn from_u32(v: u32) -> $t {
                v as $t
            }
            #[inline(always)]
            fn wrapping_add(self, other: $t) -> $t {
                <$t>::wrapping_add(self, other)
            }
            #[inline(always)]
            fn index(self) -> usize {
                usize::from(self)
            }
        }
    )*};
}

lane!(u8 u16);

/// The walk for `lanes` lanes (a power of two, at least 16): 8-bit lanes when the most
/// presses fit in 8 bits.
fn walk_lanes(
    lanes: usize,
    k: u8,
    cells: &[usize],
    elements: &[Vec<u8>],
    steps: u64,
    progress: &(dyn Fn(u64, u64) -> bool + Sync),
) -> Vec<u64> {
    let small = usize::from(k - 1) * elements[0].len() <= 255;
    macro_rules! pick {
        ($($l:literal)*) => {
            match lanes {
                $($l if small => walk::<u8, $l>(k, cells, elements, steps, progress),
                  $l => walk::<u16, $l>(k, cells, elements, steps, progress),)*
                _ => unreachable!("lanes are a power of two from 16 to {CENSUS_LANES}"),
            }
        };
    }
    pick!(16 32 64 128 256 512 1024)
}

/// The odometer over `cells` (the rest stay 0), `L` lanes (the kernel elements,
/// padded with copies of the first): the histogram of the lanes' minimum.
fn walk<T: Lane, const L: usize>(
    k: u8,
    cells: &[usize],
    elements: &[Vec<u8>],
    steps: u64,
    progress: &(dyn Fn(u64, u64) -> bool + Sync),
) -> Vec<u64> {
    let n = elements[0].len();
    let ku = usize::from(k);
    let max_weight = (ku - 1) * n;
    let lane = |c: usize| &elements[if c < elements.len() { c } else { 0 }];
    // deltas[j * k + v][c]: the change of lane c when cell cells[j] goes from v to
    // v + 1 (mod k), as a wrapping lane value.
    let kk = u32::from(k);
    let mut deltas = vec![[T::default(); L]; cells.len() * ku];
    for (j, &cell) in cells.iter().enumerate() {
        for v in 0..kk {
            let d = &mut deltas[j * ku + v as usize];
            for (c, slot) in d.iter_mut().enumerate() {
                let e = u32::from(lane(c)[cell]);
                let before = (v + e) % kk;
                let after = (v + 1 + e) % kk;
                // after - before, wrapped to the lane's width.
                *slot = T::from_u32(after.wrapping_sub(before));
            }
        }
    }
    // Blocks: the last `high` cells fixed per block, the rest walked inside; at least
    // 256 blocks, each of at most BLOCK_STEPS steps (a stop asked for is seen within
    // a block's walk, well under a second).
    let mut high = 0;
    while high < cells.len()
        && (u64::from(k).pow(high as u32) < 256
            || steps / u64::from(k).pow(high as u32) > BLOCK_STEPS)
    {
        high += 1;
    }
    let low = cells.len() - high;
    let blocks = u64::from(k).pow(high as u32);
    let inner = steps / blocks;
    let done = std::sync::atomic::AtomicU64::new(0);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let width = max_weight + 1;
    (0..blocks)
        .into_par_iter()
        .map(|block| {
            // Stopped: the blocks not begun are skipped (the census is thrown away).
            if stop.load(std::sync::atomic::Ordering::Relaxed) {
                return vec![0u64; width];
            }
            // One histogram per value of the first cell: no two increments in a row
            // wait on the same counter.
            let mut hist = vec![0u64; width * ku];
            let mut x = vec![0u8; n];
            let mut rest = block;
            for &cell in &cells[low..] {
                x[cell] = (rest % u64::from(k)) as u8;
                rest /= u64::from(k);
            }
            let mut w = [T::default(); L];
            for (c, slot) in w.iter_mut().enumerate() {
                let e = lane(c);
                let sum: u32 = x
                    .iter()
                    .zip(e)
                    .map(|(&a, &b)| (u32::from(a) + u32::from(b)) % kk)
                    .sum();
                *slot = T::from_u32(sum);
            }
            walk_block(&mut hist, &mut w, &deltas, ku, low, inner, width);
            let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            if !progress(finished, blocks) {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            let mut merged = vec![0u64; width];
            for part in hist.chunks_exact(width) {
                for (m, &h) in merged.iter_mut().zip(part) {
                    *m += h;
                }
            }
            merged
        })
        .reduce(
            || vec![0u64; width],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            },
        )
}

/// One block's walk over the `low` first cells: AVX2 when the processor has it
/// (checked at run time), else the same loops for the baseline.
fn walk_block<T: Lane, const L: usize>(
    hist: &mut [u64],
    w: &mut [T; L],
    deltas: &[[T; L]],
    k: usize,
    low: usize,
    inner: u64,
    width: usize,
) {
    #[cfg(target_arch = "x86_64")]
    {
        if crate::solve::search::transform::Width::here().avx2() {
            // SAFETY: the processor supports AVX2 (a width of AVX2 exists only where it
            // does).
            unsafe { walk_block_avx2(hist, w, deltas, k, low, inner, width) };
            return;
        }
    }
    walk_block_plain(hist, w, deltas, k, low, inner, width);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn walk_block_avx2<T: Lane, const L: usize>(
    hist: &mut [u64],
    w: &mut [T; L],
    deltas: &[[T; L]],
    k: usize,
    low: usize,
    inner: u64,
    width: usize,
) {
    walk_block_plain(hist, w, deltas, k, low, inner, width);
}

#[inline(always)]
fn walk_block_plain<T: Lane, const L: usize>(
    hist: &mut [u64],
    w: &mut [T; L],
    deltas: &[[T; L]],
    k: usize,
    low: usize,
    inner: u64,
    width: usize,
) {
    if low == 0 {
        hist[minimum(w)] += 1;
        return;
    }
    let first = &deltas[..k];
    let mut digits = vec![0usize; low];
    for _ in 0..inner / k as u64 {
        // The first cell through all k values (its deltas sum to zero).
        for (v, d) in first.iter().enumerate() {
            hist[v * width + minimum(w)] += 1;
            add(w, d);
        }
        let mut j = 1;
        while j < low {
            add(w, &deltas[j * k + digits[j]]);
            digits[j] += 1;
            if digits[j] < k {
                break;
            }
            digits[j] = 0;
            j += 1;
        }
    }
}

#[inline(always)]
fn add<T: Lane, const L: usize>(w: &mut [T; L], d: &[T; L]) {
    for (a, &b) in w.iter_mut().zip(d) {
        *a = a.wrapping_add(b);
    }
}

/// The smallest lane, folded 16 lanes at a time (a vector minimum, then one of 16).
#[inline(always)]
fn minimum<T: Lane, const L: usize>(w: &[T; L]) -> usize {
    let mut m = [T::MAX; 16];
    for chunk in w.chunks_exact(16) {
        for (a, &b) in m.iter_mut().zip(chunk) {
            *a = (*a).min(b);
        }
    }
    m.iter().copied().min().unwrap_or(T::MAX).index()
}
