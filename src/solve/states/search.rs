//! The fewest presses among a board's solutions mod K: `x0 + sum a_i g_i` over the
//! kernel's generators `g_i` (`0 <= a_i < order_i`), each solution's presses the sum
//! of its counts (a button pressed twice counts two).
//!
//! Within the budget every kernel element is visited by an odometer over the `a_i`
//! (each step adds one generator, on its support only, and keeps the sum up to date),
//! so the minimum is proven. Past it, a descent tries each multiple of each generator
//! and keeps what lowers the sum, and the bound is the presses of the cells no
//! generator touches (the same in every solution).

/// The kernel, as the search reads it.
#[derive(Debug, Clone)]
pub(crate) struct Quiet {
    k: u8,
    /// Each generator's nonzero cells (cell, amount) and its order.
    generators: Vec<(Vec<(u32, u8)>, u32)>,
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
}

impl Quiet {
    pub(crate) fn new(k: u8, cells: usize, kernel: &[(Vec<u8>, u32)], budget: u64) -> Quiet {
        let mut touched = vec![false; cells];
        let generators: Vec<(Vec<(u32, u8)>, u32)> = kernel
            .iter()
            .map(|(g, order)| {
                let support: Vec<(u32, u8)> = g
                    .iter()
                    .enumerate()
                    .filter(|(_, &v)| v != 0)
                    .map(|(i, &v)| (i as u32, v))
                    .collect();
                for &(i, _) in &support {
                    touched[i as usize] = true;
                }
                (support, *order)
            })
            .collect();
        let order = generators
            .iter()
            .try_fold(1u64, |acc, (_, o)| acc.checked_mul(u64::from(*o)));
        let widest = generators
            .iter()
            .map(|(g, _)| g.len() as u64)
            .max()
            .unwrap_or(0);
        let cost = order.and_then(|o| o.checked_mul(widest.max(1)));
        Quiet {
            k,
            generators,
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
        self.generators.iter().map(|(_, o)| *o).collect()
    }

    /// Steps of a full visit (`None` past 2^64).
    pub(crate) fn cost(&self) -> Option<u64> {
        self.cost
    }

    /// The generators as full press patterns.
    pub(crate) fn patterns(&self) -> Vec<(Vec<u8>, u32)> {
        self.generators
            .iter()
            .map(|(g, o)| {
                let mut full = vec![0u8; self.touched.len()];
                for &(i, v) in g {
                    full[i as usize] = v;
                }
                (full, *o)
            })
            .collect()
    }

    /// Replaces `x` (one solution) by the fewest presses found; returns how, whether
    /// that is proven, and a lower bound.
    pub(crate) fn search(&self, x: &mut [u8], search: bool) -> (StateSearch, bool, u64) {
        if self.generators.is_empty() {
            let total = x.iter().map(|&v| u64::from(v)).sum();
            return (StateSearch::Unique, true, total);
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
                let (g, order) = &self.generators[i];
                for &(cell, v) in g {
                    let slot = &mut current[cell as usize];
                    let new = (u32::from(*slot) + u32::from(v)) % k;
                    weight += i64::from(new) - i64::from(*slot);
                    *slot = new as u8;
                }
                digits[i] += 1;
                if digits[i] < *order {
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
        for ((g, _), &d) in self.generators.iter().zip(&best_digits) {
            for &(cell, v) in g {
                let slot = &mut x[cell as usize];
                *slot = ((u32::from(*slot) + d * u32::from(v)) % k) as u8;
            }
        }
        best as u64
    }

    /// Adds a multiple of one generator while that lowers the presses (each pass
    /// tries every multiple of every generator; a bounded number of passes).
    fn descend(&self, x: &mut [u8]) {
        let k = u32::from(self.k);
        for _ in 0..8 {
            let mut improved = false;
            for (g, order) in &self.generators {
                let (mut best, mut best_t) = (0i64, 0u32);
                for t in 1..*order {
                    let delta: i64 = g
                        .iter()
                        .map(|&(cell, v)| {
                            let old = u32::from(x[cell as usize]);
                            i64::from((old + t * u32::from(v)) % k) - i64::from(old)
                        })
                        .sum();
                    if delta < best {
                        (best, best_t) = (delta, t);
                    }
                }
                if best_t != 0 {
                    improved = true;
                    for &(cell, v) in g {
                        let slot = &mut x[cell as usize];
                        *slot = ((u32::from(*slot) + best_t * u32::from(v)) % k) as u8;
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
}
