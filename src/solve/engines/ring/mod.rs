//! Linear algebra mod K (2..=255), prime or not: `A x = b` and the kernel of `A`.
//!
//! K is split into its prime powers `q = p^e` ([`modulus`]); over each, `A` is
//! diagonalised by pivots of lowest p-adic valuation ([`smith`]), and the answers are
//! put back together by the Chinese remainder theorem: `x = sum_q c_q x_q mod K` with
//! `c_q = 1 mod q` and `0` mod the other prime powers. The kernel over `Z_K` is the
//! direct sum of the kernels over each `Z_q`, lifted the same way.

mod gf3;
pub(crate) mod modulus;
mod smith;

use modulus::{prime_powers, PrimePower};
use smith::Diagonal;

/// `A x = b mod K`, with `A` (`equations x unknowns`) diagonalised once.
#[derive(Debug, Clone)]
pub(crate) struct Congruences {
    k: u8,
    unknowns: usize,
    parts: Vec<(PrimePower, Diagonal)>,
    /// `c_q` for each part: `1 mod q`, `0 mod K / q`.
    lift: Vec<u32>,
}

impl Congruences {
    /// Diagonalises `a` (row-major, `equations x unknowns`, entries below `k`).
    pub(crate) fn new(k: u8, equations: usize, unknowns: usize, a: &[u8]) -> Congruences {
        let powers = prime_powers(k);
        let parts = powers
            .iter()
            .map(|&pp| {
                // Entries are below k already: a prime power k needs no reduction.
                let reduced = if pp.q == k {
                    a.to_vec()
                } else {
                    a.iter().map(|&x| x % pp.q).collect()
                };
                (pp, Diagonal::new(pp, equations, unknowns, reduced))
            })
            .collect();
        let lift = powers.iter().map(|pp| crt_unit(k, pp.q)).collect();
        Congruences {
            k,
            unknowns,
            parts,
            lift,
        }
    }

    /// A solution of `A x = b` (entries below `k`), or `None` when there is none.
    pub(crate) fn solve(&self, b: &[u8]) -> Option<Vec<u8>> {
        if let [(pp, diagonal)] = self.parts.as_slice() {
            debug_assert_eq!(pp.q, self.k);
            return diagonal.solve(b);
        }
        let k = u32::from(self.k);
        let mut x = vec![0u32; self.unknowns];
        let mut reduced = vec![0u8; b.len()];
        for ((pp, diagonal), &c) in self.parts.iter().zip(&self.lift) {
            for (r, &v) in reduced.iter_mut().zip(b) {
                *r = v % pp.q;
            }
            let part = diagonal.solve(&reduced)?;
            for (xi, &pi) in x.iter_mut().zip(&part) {
                *xi = (*xi + c * u32::from(pi)) % k;
            }
        }
        Some(x.into_iter().map(|v| v as u8).collect())
    }

    /// Generators of the kernel mod K, each with its order: every kernel element is
    /// exactly one `sum a_i g_i`, `0 <= a_i < order_i`.
    pub(crate) fn kernel(&self) -> Vec<(Vec<u8>, u32)> {
        let k = u32::from(self.k);
        let mut out = Vec::new();
        for ((_, diagonal), &c) in self.parts.iter().zip(&self.lift) {
            for (g, order) in diagonal.kernel() {
                let lifted = g.iter().map(|&v| (c * u32::from(v) % k) as u8).collect();
                out.push((lifted, order));
            }
        }
        out
    }

    /// The rank over `Z_p` for prime K (the pivots of the one part).
    pub(crate) fn rank(&self) -> usize {
        self.parts.iter().map(|(_, d)| d.rank()).max().unwrap_or(0)
    }
}

/// `c` with `c = 1 mod q` and `c = 0 mod k / q` (`q` a prime power dividing `k`).
fn crt_unit(k: u8, q: u8) -> u32 {
    let (k, q) = (u32::from(k), u32::from(q));
    let rest = k / q;
    (0..k)
        .step_by(rest as usize)
        .find(|&c| c % q == 1 % q)
        .expect("k / q is a unit mod q")
}

/// The kernel as a group, from its generators' orders: `Z_2^2 x Z_4^2` (ascending
/// orders), or `0` when it is trivial.
pub(crate) fn group_name(orders: &[u32]) -> String {
    let mut sorted = orders.to_vec();
    sorted.sort_unstable();
    let mut parts = Vec::new();
    let mut i = 0;
    while i < sorted.len() {
        let j = i + sorted[i..].iter().take_while(|&&o| o == sorted[i]).count();
        parts.push(match j - i {
            1 => format!("Z_{}", sorted[i]),
            n => format!("Z_{}^{n}", sorted[i]),
        });
        i = j;
    }
    if parts.is_empty() {
        "0".to_string()
    } else {
        parts.join(" x ")
    }
}

/// The product of `orders`, in decimal (exact, however large).
pub(crate) fn product_decimal(orders: &[u32]) -> String {
    // Little-endian limbs of 10^9.
    let mut limbs: Vec<u64> = vec![1];
    for &o in orders {
        let mut carry = 0u64;
        for limb in &mut limbs {
            let v = *limb * u64::from(o) + carry;
            *limb = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        while carry > 0 {
            limbs.push(carry % 1_000_000_000);
            carry /= 1_000_000_000;
        }
    }
    let mut out = limbs.last().expect("one limb").to_string();
    for limb in limbs.iter().rev().skip(1) {
        out.push_str(&format!("{limb:09}"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crt_units_are_one_and_zero() {
        for k in 2..=255u8 {
            for pp in prime_powers(k) {
                let c = crt_unit(k, pp.q);
                assert_eq!(c % u32::from(pp.q), 1 % u32::from(pp.q));
                assert_eq!(c % (u32::from(k) / u32::from(pp.q)), 0);
            }
        }
    }

    #[test]
    fn products_and_names() {
        assert_eq!(product_decimal(&[]), "1");
        assert_eq!(product_decimal(&[3, 3, 3]), "27");
        assert_eq!(product_decimal(&[255; 10]), "1162523670191533212890625");
        assert_eq!(group_name(&[4, 2, 4, 2]), "Z_2^2 x Z_4^2");
        assert_eq!(group_name(&[]), "0");
    }

    /// Every x mod K, tiny systems: the solution set is exactly `x0 + kernel`.
    #[test]
    fn tiny_systems_against_every_vector() {
        let mut rng = crate::rng::SplitMix64(20);
        for k in [2u8, 3, 4, 6, 8, 9, 12] {
            for _ in 0..40 {
                let (m, n) = (1 + rng.below(3) as usize, 1 + rng.below(3) as usize);
                let a: Vec<u8> = (0..m * n).map(|_| rng.below(u64::from(k)) as u8).collect();
                let system = Congruences::new(k, m, n, &a);
                let kernel = system.kernel();
                let order: u32 = kernel.iter().map(|(_, o)| o).product();
                let mut image_count = std::collections::HashMap::new();
                let total = u32::from(k).pow(n as u32);
                for code in 0..total {
                    let x = digits(code, k, n);
                    *image_count.entry(apply(k, m, n, &a, &x)).or_insert(0u32) += 1;
                }
                for (b, count) in &image_count {
                    assert_eq!(*count, order, "k {k}, a {a:?}: kernel order");
                    let x = system.solve(b).expect("b is in the image");
                    assert_eq!(&apply(k, m, n, &a, &x), b);
                }
                for (g, o) in &kernel {
                    assert!(apply(k, m, n, &a, g).iter().all(|&v| v == 0));
                    let times = |t: u32| {
                        g.iter()
                            .map(move |&v| (t * u32::from(v) % u32::from(k)) as u8)
                    };
                    assert!(times(*o).all(|v| v == 0), "order {o} kills g");
                    let p = (2..=*o).find(|d| o % d == 0).expect("order above 1");
                    assert!(times(*o / p).any(|v| v != 0), "order {o} exact");
                }
                for code in 0..u32::from(k).pow(m as u32) {
                    let b = digits(code, k, m);
                    if !image_count.contains_key(&b) {
                        assert_eq!(system.solve(&b), None, "k {k} a {a:?} b {b:?}");
                    }
                }
            }
        }
    }

    fn digits(mut code: u32, k: u8, n: usize) -> Vec<u8> {
        (0..n)
            .map(|_| {
                let d = (code % u32::from(k)) as u8;
                code /= u32::from(k);
                d
            })
            .collect()
    }

    fn apply(k: u8, m: usize, n: usize, a: &[u8], x: &[u8]) -> Vec<u8> {
        (0..m)
            .map(|i| {
                let s: u32 = (0..n)
                    .map(|j| u32::from(a[i * n + j]) * u32::from(x[j]))
                    .sum();
                (s % u32::from(k)) as u8
            })
            .collect()
    }
}
