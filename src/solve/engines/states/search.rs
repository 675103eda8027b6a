//! The fewest presses among a board's solutions mod K: `x0 + sum a_i g_i` over the
//! kernel's generators `g_i` (`0 <= a_i < order_i`), each solution's presses the sum
//! of its counts (a button pressed twice counts two).
//!
//! Within the budget every kernel element is visited by an odometer over the `a_i`
//! (each step adds one generator, on its support only, and keeps the sum up to date),
//! so the minimum is proven. Past it, a descent tries each multiple of each generator
//! and keeps what lowers the sum, and the bound is the presses of the cells no
//! generator touches (the same in every solution).

/// The most cells the descent visits a board (all passes together).
const DESCENT_CAP: u64 = 1 << 26;

/// One generator of the kernel: its nonzero cells and their amounts, and its order.
#[derive(Debug, Clone)]
struct Generator {
    cells: Vec<u32>,
    amounts: Vec<u8>,
    order: u32,
}

impl Generator {
    fn entries(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.cells
            .iter()
            .zip(&self.amounts)
            .map(|(&c, &a)| (c as usize, a))
    }
}

/// The most bytes of kernel patterns kept for the search (`generators x buttons`):
/// past it the kernel's order is known but no search runs.
pub(crate) const KEPT_PATTERN_BYTES: u64 = 1 << 28;

/// The kernel, as the search reads it.
#[derive(Debug, Clone)]
pub(crate) struct Quiet {
    k: u8,
    /// Each generator's nonzero cells and its order (empty when not kept).
    generators: Vec<Generator>,
    /// The generators' orders (always known).
    orders: Vec<u32>,
    /// Whether each cell is touched by some generator.
    touched: Vec<bool>,
    /// Kernel elements (`None` past 2^64).
    order: Option<u64>,
    /// Steps of a full visit: elements times the largest support (`None` past 2^64).
    cost: Option<u64>,
    budget: u64,
}

/// What the search did for a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateSearch {
    /// One solution only.
    Unique,
    /// Every solution visited.
    Every {
        /// Solutions visited.
        solutions: u64,
    },
    /// Past the budget: a descent, with a bound from the untouched cells.
    Descent,
    /// No search: the kernel's patterns are too large to keep (more than 2^28 bytes).
    Unsearched,
}

impl Quiet {
    /// The search over `kernel` (generators and orders), or, when the patterns were
    /// not kept (`None`), over nothing: only the orders are known then.
    pub(crate) fn new(
        k: u8,
        cells: usize,
        kernel: Option<&[(Vec<u8>, u32)]>,
        orders: Vec<u32>,
        budget: u64,
    ) -> Quiet {
        let mut touched = vec![false; cells];
        let generators: Vec<Generator> = kernel
            .unwrap_or_default()
            .iter()
            .map(|(g, order)| {
                let mut generator = Generator {
                    cells: Vec::new(),
                    amounts: Vec::new(),
                    order: *order,
                };
                for (i, &v) in g.iter().enumerate().filter(|(_, &v)| v != 0) {
                    generator.cells.push(i as u32);
                    generator.amounts.push(v);
                    touched[i] = true;
                }
                generator
            })
            .collect();
        debug_assert!(kernel.is_none() || generators.len() == orders.len());
        let order = orders
            .iter()
            .try_fold(1u64, |acc, &o| acc.checked_mul(u64::from(o)));
        let widest = generators
            .iter()
            .map(|g| g.cells.len() as u64)
            .max()
            .unwrap_or(0);
        let cost = order.and_then(|o| o.checked_mul(widest.max(1)));
        Quiet {
            k,
            generators,
            orders,
            touched,
            order,
            cost,
            budget,
        }
    }

    /// The number of solutions of a solvable board (`None` past 2^64).
    pub(crate) fn order(&self) -> Option<u64> {
        self.order
    }

    /// The orders of the generators.
    pub(crate) fn orders(&self) -> Vec<u32> {
        self.orders.clone()
    }

    /// Steps of a full visit (`None` past 2^64).
    pub(crate) fn cost(&self) -> Option<u64> {
        self.cost
    }

    /// The generators as full press patterns (`None` when they were not kept).
    pub(crate) fn patterns(&self) -> Option<Vec<(Vec<u8>, u32)>> {
        if self.generators.len() != self.orders.len() {
            return None;
        }
        let patterns = self
            .generators
            .iter()
            .map(|g| {
                let mut full = vec![0u8; self.touched.len()];
                for (i, v) in g.entries() {
                    full[i] = v;
                }
                (full, g.order)
            })
            .collect();
        Some(patterns)
    }

    /// Replaces `x` (one solution) by the fewest presses found; returns how, whether
    /// that is proven, and a lower bound.
    pub(crate) fn search(&self, x: &mut [u8], search: bool) -> (StateSearch, bool, u64) {
        if self.orders.is_empty() {
            let total = x.iter().map(|&v| u64::from(v)).sum();
            return (StateSearch::Unique, true, total);
        }
        if self.generators.is_empty() {
            return (StateSearch::Unsearched, false, 0);
        }
        let within = self.cost.is_some_and(|c| c <= self.budget);
        if search && within {
            let solutions = self.order.expect("within the budget");
            let best = self.visit_all(x);
            let total = x.iter().map(|&v| u64::from(v)).sum();
            debug_assert_eq!(total, best);
            return (StateSearch::Every { solutions }, true, total);
        }
        self.descend(x);
        let bound = x
            .iter()
            .zip(&self.touched)
            .filter(|(_, &t)| !t)
            .map(|(&v, _)| u64::from(v))
            .sum();
        (StateSearch::Descent, false, bound)
    }

    /// Every kernel element, by an odometer; `x` becomes the lightest (ties: the first).
    fn visit_all(&self, x: &mut [u8]) -> u64 {
        let k = u32::from(self.k);
        let mut current = x.to_vec();
        let mut weight: i64 = current.iter().map(|&v| i64::from(v)).sum();
        let (mut best, mut best_digits) = (weight, vec![0u32; self.generators.len()]);
        let mut digits = vec![0u32; self.generators.len()];
        'walk: loop {
            let mut i = 0;
            loop {
                let g = &self.generators[i];
                for (cell, v) in g.entries() {
                    let slot = &mut current[cell];
                    let new = (u32::from(*slot) + u32::from(v)) % k;
                    weight += i64::from(new) - i64::from(*slot);
                    *slot = new as u8;
                }
                digits[i] += 1;
                if digits[i] < g.order {
                    break;
                }
                digits[i] = 0;
                i += 1;
                if i == self.generators.len() {
                    break 'walk;
                }
            }
            if weight < best {
                best = weight;
                best_digits.copy_from_slice(&digits);
            }
        }
        for (g, &d) in self.generators.iter().zip(&best_digits) {
            for (cell, v) in g.entries() {
                let slot = &mut x[cell];
                *slot = ((u32::from(*slot) + d * u32::from(v)) % k) as u8;
            }
        }
        best as u64
    }

    /// Adds a multiple of one generator while that lowers the presses: each pass
    /// visits every generator's support once, counting the change of every multiple
    /// at once; passes stop when none helps or past [`DESCENT_CAP`] cell visits.
    fn descend(&self, x: &mut [u8]) {
        let k = u32::from(self.k);
        let mut visits = 0u64;
        let mut deltas = vec![0i64; usize::from(self.k)];
        loop {
            let mut improved = false;
            for g in &self.generators {
                let order = g.order as usize;
                visits += g.cells.len() as u64;
                if visits > DESCENT_CAP {
                    return;
                }
                deltas[..order].fill(0);
                for (cell, v) in g.entries() {
                    let old = u32::from(x[cell]);
                    let v = u32::from(v);
                    let mut now = old;
                    for d in &mut deltas[1..order] {
                        now += v;
                        if now >= k {
                            now -= k;
                        }
                        *d += i64::from(now) - i64::from(old);
                    }
                }
                let best = (1..order).min_by_key(|&t| (deltas[t], t));
                if let Some(t) = best.filter(|&t| deltas[t] < 0) {
                    improved = true;
                    let t = t as u32;
                    for (cell, v) in g.entries() {
                        let slot = &mut x[cell];
                        *slot = ((u32::from(*slot) + t * u32::from(v)) % k) as u8;
                    }
                }
            }
            if !improved {
                return;
            }
        }
    }
}
