//! An upper bound on God's number from a subcode: a subspace `C'` of the quiet
//! patterns' span `C`. Every press pattern is at least as close to `C` as to `C'`,
//! so God's number (the covering radius of `C`) is at most the covering radius of
//! `C'`, and `C'`, of a dimension the relaxation reaches, has far fewer kernel
//! vectors to search. Its radius is bounded from below upward: the search proves no
//! `p` of `C'`'s classes does the congruences' floor, then the next value of its
//! parity, and so on, each proof one press off the bound, until one finds a `p` (the
//! radius is exact) or does not finish.
//!
//! Calibrated on 29 x 29 (nullity 10, God's number 443): random subcodes of
//! dimension 6 prove 446 to 454 in milliseconds, of dimension 8 444 in 8-15 s. On
//! 19 x 19 (nullity 16; the congruences alone: 180), of dimension 10: 178 in under a
//! second, 177 not in 25 s; of dimension 14, 176 in `census`'s default 5 minutes; on
//! 84 x 84 (nullity 12): 3590 (3591).

use super::branch::{better_reaching, Better};
use super::GodError;
use super::{class_sizes, floor};
use crate::board::Board;
use crate::rng::SplitMix64;
use crate::solve::clock::Deadline;
use crate::solve::game::GameSolver;

/// The largest dimension of the subcodes searched (one less than the nullity where
/// that is less), the relaxation reaching it. On 19 x 19, `census --search-time 120s`
/// (30 s for eight subcodes, builds apart): dimension 10: 178; 12: 177; 14: 176;
/// 15: 177 (each program twice as wide as 14's: fewer steps in the time).
pub(super) const SUBCODE_DIMENSION: usize = 14;

/// The seed of the subcodes drawn: the same subcodes, so the same bound, every run
/// given the time.
const SEED: u64 = 0x5eed_c0de;

/// Random subcodes drawn; those of the fewest buttons outside every word are searched
/// first (each such button adds half a press to the bound).
const DRAWN: usize = 32;

/// The most subcodes searched, each for its share of the time.
const SEARCHED: u32 = 4;

/// A subcode and the bound its search proved.
#[derive(Debug, Clone)]
pub struct Subcode {
    /// Its basis: each a kernel vector (a press pattern that changes no light), the
    /// sum of the quiet patterns its coefficients name.
    pub basis: Vec<Board>,
    /// Its signature classes (nonzero, not empty).
    pub classes: usize,
    /// No press pattern is farther than this from the subcode: a bound on God's
    /// number, proven by the classes' search.
    pub radius: u64,
}

/// The best bound found by subcodes of `dimension` of the span of `quiet` (a
/// `rows x cols` press pattern each; `sizes` their classes' sizes) before `deadline`: `None` when the span is not
/// larger than `dimension`, or no proof came in time.
pub(super) fn subcode_bound(
    quiet: &[Board],
    sizes: &[i64],
    (rows, cols): (usize, usize),
    dimension: usize,
    deadline: &Deadline,
) -> Option<Subcode> {
    let k = quiet.len();
    if k <= dimension || dimension == 0 {
        return None;
    }
    let buttons = (rows * cols) as i64;
    let mut rng = SplitMix64(SEED);
    let mut drawn: Vec<(i64, usize, Vec<usize>, Vec<i64>)> = (0..DRAWN)
        .map(|_| {
            let basis = random_basis(&mut rng, k, dimension);
            let sub = project(sizes, &basis);
            let classes = sub.iter().skip(1).filter(|&&m| m > 0).count();
            (sub[0], classes, basis, sub)
        })
        .collect();
    drawn.sort_by_key(|(m0, classes, _, _)| (*m0, *classes));
    let mut best: Option<(u64, usize, Vec<usize>)> = None;
    for (i, (_, classes, basis, sub)) in drawn.into_iter().take(SEARCHED as usize).enumerate() {
        let share = deadline.left() / (SEARCHED - i as u32);
        let radius = radius(&sub, buttons, 0, &deadline.within(share));
        if best.as_ref().is_none_or(|(r, _, _)| radius < *r) {
            best = Some((radius, classes, basis));
        }
    }
    let (radius, classes, basis) = best?;
    let basis = basis.iter().map(|&a| word(quiet, a, rows, cols)).collect();
    Some(Subcode {
        basis,
        classes,
        radius,
    })
}

impl super::Merged {
    /// The merge's upper bound lowered by subcodes, as the census lowers its own, where
    /// the parts do not prove God's number and the quiet patterns are past the
    /// relaxation's reach (nullity above 10): subcodes searched until `deadline`, the
    /// best kept with its proof (`gods_number.subcode`); a subcode that proves less
    /// than the board found needs is a fault, refused.
    pub fn bounded_by_subcodes(
        mut self,
        solver: &GameSolver,
        deadline: &Deadline,
    ) -> Result<super::Merged, GodError> {
        let god = &mut self.gods_number;
        if god.lower >= god.upper || god.nullity <= super::branch::RELAX_NULLITY as usize {
            return Ok(self);
        }
        let quiet = super::quiet_of(solver)?;
        let (rows, cols) = solver.presses_shape();
        let sizes = class_sizes(&quiet, rows, cols);
        let dimension = SUBCODE_DIMENSION.min(quiet.len() - 1);
        let found = subcode_bound(&quiet, &sizes, (rows, cols), dimension, deadline);
        if let Some(sub) = found {
            if sub.radius < god.lower {
                return Err(GodError::Subcode {
                    bound: sub.radius,
                    needs: god.lower,
                });
            }
            if sub.radius < god.upper {
                god.upper = sub.radius;
                god.subcode = Some(sub);
            }
        }
        Ok(self)
    }
}

/// The covering radius of the span of `basis` (press patterns of `solver`'s game, each
/// quiet, independent, at most 14 of them: `SUBCODE_DIMENSION`), bounded as `census`
/// bounds it, until the bound is at most `goal` or `deadline` passes: God's number is
/// at most it. A subcode read from a file (`docs/results/gods-number-19.txt`) is
/// proven again this way before it is believed.
pub fn subcode_radius(
    solver: &GameSolver,
    basis: &[Board],
    goal: u64,
    deadline: &Deadline,
) -> Result<u64, GodError> {
    let game = solver.game();
    if game.states() != 2 {
        return Err(GodError::States(game.states()));
    }
    let (rows, cols) = solver.presses_shape();
    let refuse = |why: String| Err(GodError::NotSubcode(why));
    if basis.is_empty() {
        return refuse("no words".to_string());
    }
    if basis.len() > SUBCODE_DIMENSION {
        return refuse(format!(
            "{} words; at most {SUBCODE_DIMENSION}",
            basis.len()
        ));
    }
    let mut echelon: Vec<Vec<u8>> = Vec::new();
    for (i, w) in basis.iter().enumerate() {
        if (w.rows(), w.cols()) != (rows, cols) {
            return refuse(format!(
                "word {}: not a {rows} x {cols} press pattern",
                i + 1
            ));
        }
        let cells = w.cells();
        if game
            .after_presses(&vec![0; game.lights()], &cells)
            .iter()
            .any(|&l| l != 0)
        {
            return refuse(format!(
                "word {}: its presses change lights (not quiet)",
                i + 1
            ));
        }
        // Reduced against the others, by their first pressed button: nonzero when
        // independent.
        let mut v = cells;
        for e in &echelon {
            let lead = e.iter().position(|&x| x == 1).unwrap_or(0);
            if v[lead] == 1 {
                v.iter_mut().zip(e).for_each(|(x, y)| *x ^= y);
            }
        }
        if v.iter().all(|&x| x == 0) {
            return refuse(format!("word {}: the sum of others before it", i + 1));
        }
        echelon.push(v);
    }
    let sizes = class_sizes(basis, rows, cols);
    Ok(radius(&sizes, (rows * cols) as i64, goal, deadline))
}

/// The bound proven on the covering radius of the code of classes `sizes` (of
/// `buttons` in all): `(N + m_0 - d) / 2`, `d` proven from the congruences' floor up by
/// 2 while the search finds no `p` that stays above `-d`, until the bound is at most
/// `goal`, a search finds a `p` (the radius is exact) or `deadline` passes.
fn radius(sizes: &[i64], buttons: i64, goal: u64, deadline: &Deadline) -> u64 {
    let bound = |settled: i64| u64::try_from((buttons + sizes[0] - settled) / 2).unwrap_or(0);
    let relax = sizes.len().trailing_zeros();
    let mut settled = floor(sizes);
    while bound(settled) > goal && !deadline.passed() {
        match better_reaching(sizes, settled + 2, deadline, relax) {
            Better::None => settled += 2,
            Better::Found(_) | Better::Unknown => break,
        }
    }
    bound(settled)
}

/// `dimension` independent coefficient vectors of `k` bits, at random.
fn random_basis(rng: &mut SplitMix64, k: usize, dimension: usize) -> Vec<usize> {
    let mask = (1usize << k) - 1;
    let (mut basis, mut reduced) = (Vec::new(), Vec::<usize>::new());
    while basis.len() < dimension {
        let a = rng.next_u64() as usize & mask;
        // Reduced against the others' leading bits: nonzero when independent.
        let v = reduced.iter().fold(a, |v, &r| v.min(v ^ r));
        if v != 0 {
            reduced.push(v);
            reduced.sort_unstable_by(|x, y| y.cmp(x));
            basis.push(a);
        }
    }
    basis
}

/// The class sizes of the subcode whose basis has the coefficients `basis`: a button
/// of signature `s` is in word `j` when `basis[j] . s` is odd.
fn project(sizes: &[i64], basis: &[usize]) -> Vec<i64> {
    let mut out = vec![0i64; 1 << basis.len()];
    for (s, &m) in sizes.iter().enumerate() {
        let t = basis.iter().enumerate().fold(0usize, |t, (j, &a)| {
            t | (((a & s).count_ones() & 1) as usize) << j
        });
        out[t] += m;
    }
    out
}

/// The kernel vector with coefficients `a`: the sum of the quiet patterns it names.
fn word(quiet: &[Board], a: usize, rows: usize, cols: usize) -> Board {
    let mut w = Board::new(rows, cols);
    for (j, q) in quiet.iter().enumerate() {
        if a >> j & 1 == 1 {
            w.xor_assign(q);
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Rule, Topology};
    use crate::solve::GameSolver;
    use std::time::Duration;

    /// A board's buttons as the bits of a word, row by row.
    fn bits(b: &Board) -> u32 {
        (0..b.rows() * b.cols()).fold(0, |w, i| {
            w | u32::from(b.get(i / b.cols(), i % b.cols())) << i
        })
    }

    /// The covering radius of the span of `basis`, by every word of `n` bits.
    fn radius(basis: &[u32], n: usize) -> u64 {
        let code: Vec<u32> = (0..1usize << basis.len())
            .map(|a| {
                basis
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| a >> j & 1 == 1)
                    .fold(0, |c, (_, &w)| c ^ w)
            })
            .collect();
        (0..1u32 << n)
            .map(|x| {
                code.iter()
                    .map(|&c| (x ^ c).count_ones())
                    .min()
                    .unwrap_or(0)
            })
            .max()
            .map_or(0, u64::from)
    }

    #[test]
    fn a_subcodes_bound_is_its_covering_radius_and_at_least_gods_number() {
        // Games of up to 18 buttons and nullity 3 to 10, every dimension below it:
        // the bound proven (given the time, exact) against every word's distance to
        // the subcode, and the whole span's radius (God's number) at most it.
        let grid = |r, c, t, rule| Game::grid(r, c, t, Rule::parse(rule).unwrap(), 2).unwrap();
        let games = [
            Game::classic(4, 4).unwrap(),
            Game::classic(3, 5).unwrap(),
            grid(3, 6, Topology::Torus, "plus"),
            grid(2, 8, Topology::Plane, "box"),
            grid(3, 5, Topology::Torus, "box"),
            grid(4, 4, Topology::Torus, "ring"),
            grid(3, 5, Topology::Torus, "knight"),
        ];
        let mut checked = 0;
        for game in games {
            let solver = GameSolver::new(game, crate::solve::SEARCH_BUDGET).unwrap();
            let quiet = solver.quiet_patterns();
            let shape = solver.presses_shape();
            let n = shape.0 * shape.1;
            if n > 18 {
                continue;
            }
            let whole = radius(&quiet.iter().map(bits).collect::<Vec<_>>(), n);
            let sizes = class_sizes(&quiet, shape.0, shape.1);
            for dimension in 1..quiet.len() {
                let far = Deadline::after(Duration::from_secs(60));
                let sub = subcode_bound(&quiet, &sizes, shape, dimension, &far).unwrap();
                let basis: Vec<u32> = sub.basis.iter().map(bits).collect();
                assert_eq!(basis.len(), dimension);
                for w in &sub.basis {
                    assert!(
                        solver
                            .game()
                            .after_presses(&vec![0; n], &w.cells())
                            .iter()
                            .all(|&l| l == 0),
                        "not quiet"
                    );
                }
                assert_eq!(
                    sub.radius,
                    radius(&basis, n),
                    "{shape:?}, dimension {dimension}"
                );
                assert!(sub.radius >= whole);
                // Its basis given back, as a file would give it: the same bound.
                assert_eq!(
                    subcode_radius(&solver, &sub.basis, 0, &far).unwrap(),
                    sub.radius
                );
                checked += 1;
            }
        }
        assert!(checked >= 40, "{checked}");
    }

    #[test]
    fn words_that_are_not_a_subcodes_basis_are_refused() {
        let solver =
            GameSolver::new(Game::classic(4, 4).unwrap(), crate::solve::SEARCH_BUDGET).unwrap();
        let quiet = solver.quiet_patterns();
        let far = Deadline::after(Duration::from_secs(60));
        let mut loud = quiet[0].clone();
        loud.set(0, 0, !loud.get(0, 0));
        let mut twice = quiet[0].clone();
        twice.xor_assign(&quiet[1]);
        let cases = [
            (
                vec![quiet[1].clone(), loud],
                "word 2: its presses change lights",
            ),
            (
                vec![quiet[0].clone(), quiet[1].clone(), twice],
                "word 3: the sum of others",
            ),
            (vec![Board::new(3, 3)], "word 1: not a 4 x 4 press pattern"),
            (Vec::new(), "no words"),
        ];
        for (basis, why) in cases {
            let refused = subcode_radius(&solver, &basis, 0, &far)
                .unwrap_err()
                .to_string();
            assert!(refused.contains(why), "{refused}");
        }
        assert!(subcode_radius(&solver, &quiet[..2], 0, &far).is_ok());
    }
}
