//! A good `p` found fast: a tabu search over the classes' values, one walk a core, each
//! step moving one class by 2; its transform's lowest value gives the hardest board
//! found (a lower bound on God's number, proven by the board itself).
//!
//! Each step takes the move that leaves the transform's minimum highest, then the
//! fewest kernel vectors at it, then at the value above; a class just moved may not
//! move again for a few steps (1 to 5: longer tenures did worse on 19 x 19) unless the
//! move beats the best found. On 19 x 19 (nullity 16, 294 classes) it finds 165
//! presses in about 30 s where steepest ascent with restarts stopped at 158.

use super::{chi, shift, transform, worst};
use crate::solve::clock::Deadline;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Steps a walk takes without finding better, per class, before it stops: where a
/// proof follows, which finds better itself when there is better, few (9 x 9 takes
/// 0.5 s with 16, 0.9 s with 256); where the proof rarely closes, many.
pub(super) const STALL_BEFORE_PROOF: u64 = 16;
pub(super) const STALL_ALONE: u64 = 256;

/// A `p` (each `p_s` of the parity of `m_s`, `|p_s| <= m_s`) whose transform falls as
/// little below 0 as found: one tabu walk a core from random signs, until `floor` is
/// reached, `deadline` passes, or a walk goes `stall` steps a class without finding
/// better; the best walk's `p`.
pub(super) fn balance(sizes: &[i64], floor: i64, deadline: Deadline, stall: u64) -> Vec<i64> {
    let classes: Vec<usize> = (1..sizes.len()).filter(|&s| sizes[s] > 0).collect();
    let reached = AtomicBool::new(false);
    let walks = rayon::current_num_threads().max(1) as u64;
    let found: Vec<(i64, Vec<i64>)> = (0..walks)
        .into_par_iter()
        .map(|walk| {
            let mut tabu = Walk::new(sizes, &classes, walk);
            tabu.run(floor, &deadline, stall, &reached);
            (tabu.best, tabu.best_p)
        })
        .collect();
    // The lowest `d`, the first walk's among equals.
    found
        .into_iter()
        .min_by_key(|(d, _)| *d)
        .map(|(_, p)| p)
        .unwrap_or_else(|| vec![0; sizes.len()])
}

/// One walk of the tabu search.
struct Walk<'a> {
    sizes: &'a [i64],
    classes: &'a [usize],
    p: Vec<i64>,
    f: Vec<i64>,
    /// The step until which each class may not move (but to a new best).
    tabu: Vec<u64>,
    best: i64,
    best_p: Vec<i64>,
    seed: u64,
    /// The kernel vectors near the minimum, with their values (a buffer kept).
    low: Vec<(usize, i64)>,
}

impl<'a> Walk<'a> {
    /// A walk from random signs (`p_s = +-1` for odd classes, 0 for even ones).
    fn new(sizes: &'a [i64], classes: &'a [usize], walk: u64) -> Walk<'a> {
        let mut this = Walk {
            sizes,
            classes,
            p: vec![0; sizes.len()],
            f: Vec::new(),
            tabu: vec![0; sizes.len()],
            best: i64::MAX,
            best_p: Vec::new(),
            seed: 0x2545_F491_4F6C_DD1D ^ walk.wrapping_mul(0x9E37_79B9_7F4A_7C15),
            low: Vec::new(),
        };
        for &s in classes {
            if sizes[s] % 2 == 1 {
                this.p[s] = if this.random() & 1 == 1 { 1 } else { -1 };
            }
        }
        this.f = transform(&this.p);
        this.best = worst(&this.f);
        this.best_p = this.p.clone();
        this
    }

    /// A xorshift step.
    fn random(&mut self) -> u64 {
        self.seed ^= self.seed << 13;
        self.seed ^= self.seed >> 7;
        self.seed ^= self.seed << 17;
        self.seed
    }

    /// Steps until the floor (here or in another walk: `reached`), the deadline, or
    /// the stall.
    fn run(&mut self, floor: i64, deadline: &Deadline, stall: u64, reached: &AtomicBool) {
        let stall = stall.saturating_mul(self.classes.len() as u64);
        let (mut step, mut last) = (0u64, 0u64);
        let mut d = self.best;
        while self.best > floor
            && step - last < stall
            && !reached.load(Ordering::Relaxed)
            && !deadline.passed()
        {
            step += 1;
            if let Some((s, delta)) = self.choose(step, -d) {
                self.p[s] += delta;
                shift(&mut self.f, s, delta);
                self.tabu[s] = step + 1 + self.random() % 5;
                d = worst(&self.f);
                if d < self.best {
                    (self.best, last) = (d, step);
                    self.best_p.clone_from(&self.p);
                }
            }
        }
        if self.best <= floor {
            reached.store(true, Ordering::Relaxed);
        }
    }

    /// The best move allowed at `step` (`m` the transform's minimum): `(class, +-2)`,
    /// ties broken at random.
    fn choose(&mut self, step: u64, m: i64) -> Option<(usize, i64)> {
        // A move changes a value by 2, so the new minimum is at most m + 2 and the
        // values above m + 6 stay above the two levels the score counts.
        let mut low = std::mem::take(&mut self.low);
        low.clear();
        low.extend(
            self.f
                .iter()
                .copied()
                .enumerate()
                .filter(|&(_, v)| v <= m + 6),
        );
        let mut chosen: Option<((i64, i64, i64), usize, i64)> = None;
        for &s in self.classes {
            for delta in [2i64, -2] {
                if (self.p[s] + delta).abs() > self.sizes[s] {
                    continue;
                }
                let score = score(&low, m, s, delta);
                if self.tabu[s] > step && -score.0 >= self.best {
                    continue;
                }
                let better = match chosen {
                    None => true,
                    Some((b, _, _)) => score > b || (score == b && self.random() & 1 == 1),
                };
                if better {
                    chosen = Some((score, s, delta));
                }
            }
        }
        self.low = low;
        chosen.map(|(_, s, delta)| (s, delta))
    }
}

/// A move's score from the values at most `m + 6` (`m` the minimum): the new minimum,
/// then minus the count at it, then minus the count 2 above it.
fn score(low: &[(usize, i64)], m: i64, s: usize, delta: i64) -> (i64, i64, i64) {
    // Counts at m - 2, m, m + 2, m + 4 after the move.
    let mut at = [0i64; 4];
    for &(a, v) in low {
        let v = v + delta * chi(a, s);
        if let Ok(i) = usize::try_from((v - (m - 2)) / 2) {
            if let Some(c) = at.get_mut(i) {
                *c += 1;
            }
        }
    }
    let i = at.iter().position(|&c| c > 0).unwrap_or(2).min(2);
    (m - 2 + 2 * i as i64, -at[i], -at[i + 1])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_walks_find_the_hardest_boards_the_proofs_settle() {
        use crate::rules::Game;
        use crate::solve::GameSolver;
        // God's number of n x n, proven by the relaxation's search (and published by
        // W. Boyles, LightsOut-Math, `code/serialization/min_clicks_answers.txt`):
        // 9 (nullity 8), 16 (8), 29 (10). The walks alone reach each one's `d`.
        for (n, god) in [(9usize, 37i64), (16, 124), (29, 443)] {
            let solver = GameSolver::new(Game::classic(n, n).unwrap(), 0u64).unwrap();
            let sizes = super::super::class_sizes(&solver.quiet_patterns(), n, n);
            let d = (n * n) as i64 + sizes[0] - 2 * god;
            let p = balance(
                &sizes,
                d,
                Deadline::after(Duration::from_secs(60)),
                STALL_ALONE,
            );
            for (s, (&m, &v)) in sizes.iter().zip(&p).enumerate().skip(1) {
                assert!(
                    v.abs() <= m && (v - m) % 2 == 0,
                    "{n}: class {s}: {v} of {m}"
                );
            }
            assert_eq!(worst(&transform(&p)), d, "{n} x {n}");
        }
    }

    #[test]
    fn a_move_is_scored_as_the_whole_transform_would_be() {
        // Classes of a nullity-4 game with every signature once: the score from the
        // low values agrees with the moved transform's own minimum and counts.
        let mut p: Vec<i64> = (0..16).map(|s| if s % 3 == 0 { 1 } else { -1 }).collect();
        p[0] = 0;
        let f = transform(&p);
        let m = *f.iter().min().unwrap();
        let low: Vec<(usize, i64)> = f.iter().copied().enumerate().collect();
        for s in 1..16 {
            let delta = -2 * p[s];
            let mut q = p.clone();
            q[s] += delta;
            let g = transform(&q);
            let min = *g.iter().min().unwrap();
            let count = |v: i64| g.iter().filter(|&&x| x == v).count() as i64;
            assert_eq!(
                score(&low, m, s, delta),
                (min, -count(min), -count(min + 2)),
                "class {s}"
            );
        }
    }
}
