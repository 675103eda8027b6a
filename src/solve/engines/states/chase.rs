//! Light chasing mod K for any grid game: the two-state chase's plan (buttons in cell
//! order, each led by the light whose last button it is), with amounts.
//!
//! A light leads its last button only when that button's amount on it is a unit mod K
//! (1 in every named rule): then the button's count is decided, `x_b = a^-1 (need_l -
//! sum of the light's other changes)`. A light whose last button already leads
//! another, or whose amount is not a unit, is an **equation**; a button that leads no
//! light is an **unknown**. The symbolic chase (once a shape) gives each equation as a
//! row over the unknowns; that system is solved mod K by [`Congruences`]. A board is
//! two numeric chases and one solve of the system.

use crate::rules::Game;
use crate::solve::engines::ring::modulus::Zq;
use crate::solve::engines::ring::Congruences;

/// The most unknowns a shape may have with K > 2 (its system is diagonalised densely:
/// `unknowns^3` steps, three matrices of `unknowns^2` bytes).
pub(crate) const MAX_UNKNOWNS: usize = 2048;

const UNKNOWN: u32 = 1 << 31;

/// A grid game mod K, chased.
#[derive(Debug, Clone)]
pub(crate) struct Chase {
    zk: Zq,
    /// Light `l`'s changers, ascending by button: `changers[starts[l]..starts[l + 1]]`.
    starts: Vec<u32>,
    changers: Vec<(u32, u8)>,
    /// Per button: `UNKNOWN | index`, or the light that leads it.
    role: Vec<u32>,
    /// Per led button: the inverse of its amount on its light.
    inverse: Vec<u8>,
    /// Per entry of `changers`, for a light that leads a button: `-a^-1 * amount`
    /// (the entry's part in the led button's count); else `-amount` (its part in the
    /// equation's residual).
    coefficient: Vec<u8>,
    equations: Vec<u32>,
    unknowns: usize,
    system: Congruences,
}

/// Why a game cannot be chased mod K.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "this board's chase leaves {unknowns} unknowns; with more than two states a light the \
     chase takes at most {MAX_UNKNOWNS}"
)]
pub struct TooManyStateUnknowns {
    /// Unknowns of the shape.
    pub unknowns: usize,
}

impl Chase {
    /// Chases `game` (a grid game) symbolically and diagonalises what is left.
    pub(crate) fn new(game: &Game) -> Result<Chase, TooManyStateUnknowns> {
        let k = game.states();
        let zk = Zq::new(k);
        let n = game.lights();
        // Changers by light (counting sort: buttons come in ascending order).
        let mut pattern = Vec::new();
        let mut starts = vec![0u32; n + 1];
        for b in 0..game.buttons() {
            game.pattern_into(b, &mut pattern);
            for &(l, _) in &pattern {
                starts[l as usize + 1] += 1;
            }
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut at = starts.clone();
        let mut changers = vec![(0u32, 0u8); starts[n] as usize];
        for b in 0..game.buttons() {
            game.pattern_into(b, &mut pattern);
            for &(l, a) in &pattern {
                changers[at[l as usize] as usize] = (b as u32, a);
                at[l as usize] += 1;
            }
        }
        let mut role = vec![u32::MAX; game.buttons()];
        let mut inverse = vec![0u8; game.buttons()];
        let mut close = vec![(n - 1) as u32; n];
        let mut equations = Vec::new();
        for l in 0..n {
            let list = &changers[starts[l] as usize..starts[l + 1] as usize];
            match list.last() {
                Some(&(b, a)) => {
                    close[l] = b;
                    match zk.inverse(a) {
                        Some(inv) if role[b as usize] == u32::MAX => {
                            role[b as usize] = l as u32;
                            inverse[b as usize] = inv;
                        }
                        _ => equations.push(l as u32),
                    }
                }
                None => equations.push(l as u32),
            }
        }
        let mut unknowns = 0u32;
        for r in role.iter_mut().filter(|r| **r == u32::MAX) {
            *r = UNKNOWN | unknowns;
            unknowns += 1;
        }
        let unknowns = unknowns as usize;
        if unknowns > MAX_UNKNOWNS {
            return Err(TooManyStateUnknowns { unknowns });
        }
        let mut coefficient = vec![0u8; changers.len()];
        for l in 0..n {
            let (from, to) = (starts[l] as usize, starts[l + 1] as usize);
            let led = changers[from..to]
                .last()
                .filter(|&&(b, _)| role[b as usize] == l as u32)
                .map(|&(b, _)| inverse[b as usize]);
            for i in from..to {
                let amount = changers[i].1;
                coefficient[i] = match led {
                    Some(inv) => zk.neg(zk.mul(inv, amount)),
                    None => zk.neg(amount),
                };
            }
        }
        let mut chase = Chase {
            zk,
            starts,
            changers,
            role,
            inverse,
            coefficient,
            equations,
            unknowns,
            system: Congruences::new(k, 0, 0, &[]),
        };
        let rows = chase.symbolic(&close);
        chase.system = Congruences::new(k, chase.equations.len(), unknowns, &rows);
        Ok(chase)
    }

    fn changers_of(&self, l: usize) -> &[(u32, u8)] {
        &self.changers[self.starts[l] as usize..self.starts[l + 1] as usize]
    }

    /// Each equation's row over the unknowns (row-major). A button's combination is
    /// kept only until the last light it changes closes.
    fn symbolic(&self, close: &[u32]) -> Vec<u8> {
        let (n, w) = (self.role.len(), self.unknowns);
        let zk = self.zk;
        // The step after which each button's combination is no longer read.
        // (A button that changes nothing is done with at once.)
        let mut until: Vec<u32> = (0..n as u32).collect();
        for (l, &closes) in close.iter().enumerate() {
            for &(b, _) in self.changers_of(l) {
                until[b as usize] = until[b as usize].max(closes);
            }
        }
        let mut equation_of = vec![u32::MAX; close.len()];
        for (e, &l) in self.equations.iter().enumerate() {
            equation_of[l as usize] = e as u32;
        }
        // The equations closing at each step, and the buttons expiring after it, as
        // counting-sorted lists.
        let closing = Buckets::new(
            n,
            close
                .iter()
                .enumerate()
                .filter(|&(l, _)| equation_of[l] != u32::MAX)
                .map(|(l, &c)| (c, l as u32)),
        );
        let expiring = Buckets::new(n, until.iter().enumerate().map(|(b, &t)| (t, b as u32)));
        let mut slots: Vec<u8> = Vec::new();
        let mut used: Vec<usize> = Vec::new();
        let mut free: Vec<u32> = Vec::new();
        let mut slot_of = vec![u32::MAX; n];
        let mut rows = vec![0u8; self.equations.len() * w];
        let mut form = vec![0u8; w];
        let mut form_used = 0;
        for b in 0..n {
            let r = self.role[b];
            form[..form_used].fill(0);
            if r & UNKNOWN != 0 {
                let u = (r & !UNKNOWN) as usize;
                form[u] = 1;
                form_used = u + 1;
            } else {
                // x_b = -a^-1 * (the others' changes), for the unknowns' part.
                form_used = 0;
                let l = r as usize;
                let from = self.starts[l] as usize;
                for (i, &(o, _)) in self.changers_of(l).iter().enumerate() {
                    if o as usize == b {
                        continue;
                    }
                    let s = slot_of[o as usize] as usize;
                    let k = used[s];
                    let t = self.coefficient[from + i];
                    zk.add_multiple(&mut form[..k], t, &slots[s * w..s * w + k]);
                    form_used = form_used.max(k);
                }
            }
            let s = free.pop().unwrap_or_else(|| {
                slots.resize(slots.len() + w, 0);
                used.push(0);
                (used.len() - 1) as u32
            });
            let at = s as usize * w;
            slots[at..at + form_used].copy_from_slice(&form[..form_used]);
            let stale = used[s as usize];
            if stale > form_used {
                slots[at + form_used..at + stale].fill(0);
            }
            used[s as usize] = form_used;
            slot_of[b] = s;
            for &l in closing.of(b) {
                let e = equation_of[l as usize] as usize;
                for &(o, a) in self.changers_of(l as usize) {
                    let s = slot_of[o as usize] as usize;
                    let k = used[s];
                    zk.add_multiple(&mut rows[e * w..e * w + k], a, &slots[s * w..s * w + k]);
                }
            }
            for &button in expiring.of(b) {
                free.push(slot_of[button as usize]);
                slot_of[button as usize] = u32::MAX;
            }
        }
        // Lights no button changes close at the end; their rows stay zero.
        rows
    }

    /// The presses `x` for the changes `need` (a light each) and the unknowns `u`;
    /// returns the equations' residuals (what they still need).
    fn numeric(&self, need: &[u8], u: &[u8], x: &mut [u8]) -> Vec<u8> {
        let zk = self.zk;
        for b in 0..self.role.len() {
            let r = self.role[b];
            x[b] = if r & UNKNOWN != 0 {
                u[(r & !UNKNOWN) as usize]
            } else {
                // x_b = a^-1 need_l + sum of -a^-1 a_o x_o over the light's others
                // (each term below 2^16, summed in 64 bits: a literal rule of any size
                // cannot wrap the sum).
                let l = r as usize;
                let (from, to) = (self.starts[l] as usize, self.starts[l + 1] as usize);
                let mut acc = u64::from(self.inverse[b]) * u64::from(need[l]);
                for (&(o, _), &c) in self.changers[from..to]
                    .iter()
                    .zip(&self.coefficient[from..to])
                {
                    if o as usize != b {
                        acc += u64::from(c) * u64::from(x[o as usize]);
                    }
                }
                reduce(zk, acc)
            };
        }
        self.equations
            .iter()
            .map(|&l| {
                let l = l as usize;
                let (from, to) = (self.starts[l] as usize, self.starts[l + 1] as usize);
                let acc = self.changers[from..to]
                    .iter()
                    .zip(&self.coefficient[from..to])
                    .fold(u64::from(need[l]), |acc, (&(o, _), &c)| {
                        acc + u64::from(c) * u64::from(x[o as usize])
                    });
                reduce(zk, acc)
            })
            .collect()
    }

    /// Presses that make exactly the changes `need` (mod K), or `None`.
    pub(crate) fn solve(&self, need: &[u8]) -> Option<Vec<u8>> {
        let mut x = vec![0u8; self.role.len()];
        let zero = vec![0u8; self.unknowns];
        let residual = self.numeric(need, &zero, &mut x);
        let u = self.system.solve(&residual)?;
        let left = self.numeric(need, &u, &mut x);
        debug_assert!(
            left.iter().all(|&v| v == 0),
            "the chase meets every equation"
        );
        Some(x)
    }

    /// The orders of the kernel's generators (no pattern is chased).
    pub(crate) fn kernel_orders(&self) -> Vec<u32> {
        self.system.kernel().into_iter().map(|(_, o)| o).collect()
    }

    /// Generators of the press patterns that change nothing, with their orders.
    pub(crate) fn kernel(&self) -> Vec<(Vec<u8>, u32)> {
        let generators = self.system.kernel();
        let g = generators.len();
        if g == 0 {
            return Vec::new();
        }
        // All generators chased at once: x[b * g + j] is button b in generator j.
        let zk = self.zk;
        let mut x = vec![0u8; self.role.len() * g];
        let mut acc = vec![0u64; g];
        for b in 0..self.role.len() {
            let r = self.role[b];
            if r & UNKNOWN != 0 {
                let i = (r & !UNKNOWN) as usize;
                for (j, (u, _)) in generators.iter().enumerate() {
                    x[b * g + j] = u[i];
                }
                continue;
            }
            let l = r as usize;
            let (from, to) = (self.starts[l] as usize, self.starts[l + 1] as usize);
            acc.fill(0);
            for (&(o, _), &c) in self.changers[from..to]
                .iter()
                .zip(&self.coefficient[from..to])
            {
                if o as usize != b {
                    let other = &x[o as usize * g..o as usize * g + g];
                    for (a, &v) in acc.iter_mut().zip(other) {
                        *a += u64::from(c) * u64::from(v);
                    }
                }
            }
            for (slot, &a) in x[b * g..b * g + g].iter_mut().zip(&acc) {
                *slot = reduce(zk, a);
            }
        }
        generators
            .iter()
            .enumerate()
            .map(|(j, (_, order))| (x.iter().skip(j).step_by(g).copied().collect(), *order))
            .collect()
    }

    /// The unknowns of the boundary system.
    pub(crate) fn unknowns(&self) -> usize {
        self.unknowns
    }

    /// The rank of the boundary system (K prime).
    pub(crate) fn rank(&self) -> usize {
        self.system.rank()
    }
}

/// `acc mod K`: by two products below 2^32 (every named rule), else by division.
#[inline]
fn reduce(zk: Zq, acc: u64) -> u8 {
    match u32::try_from(acc) {
        Ok(small) => zk.reduce_wide(small) as u8,
        Err(_) => (acc % u64::from(zk.modulus())) as u8,
    }
}

/// Values grouped by a key below `n`, by counting sort: `of(k)` lists key `k`'s.
struct Buckets {
    starts: Vec<u32>,
    values: Vec<u32>,
}

impl Buckets {
    fn new(n: usize, pairs: impl Iterator<Item = (u32, u32)> + Clone) -> Buckets {
        let mut starts = vec![0u32; n + 1];
        for (k, _) in pairs.clone() {
            starts[k as usize + 1] += 1;
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut at = starts.clone();
        let mut values = vec![0u32; starts[n] as usize];
        for (k, v) in pairs {
            values[at[k as usize] as usize] = v;
            at[k as usize] += 1;
        }
        Buckets { starts, values }
    }

    fn of(&self, k: usize) -> &[u32] {
        &self.values[self.starts[k] as usize..self.starts[k + 1] as usize]
    }
}
