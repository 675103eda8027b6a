//! The integers mod K, K from 2 to 255: K's prime powers, and arithmetic mod one of
//! them (`Zq`), with a reduction that needs no division.

/// Arithmetic mod `q` (2..=255): sums and products of entries below `q`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Zq {
    q: u32,
    /// `floor(2^64 / q) + 1`: `x mod q` for any `x < 2^32` by two products (Lemire,
    /// Kaser and Kurz, "Faster remainder by direct computation", 2019).
    wide: u64,
    /// `ceil(2^24 / q)`: `x mod q` for `x < 2^16` without a division. With `m q =
    /// 2^24 + d`, `d < q`: `x m / 2^24 = x / q + x d / (q 2^24)`, and `x d < 2^24`, so
    /// the error stays below the `1 / q` gap to the next multiple: the floor is exact.
    m: u64,
}

impl Zq {
    pub(crate) fn new(q: u8) -> Zq {
        debug_assert!(q >= 2);
        let q = u32::from(q);
        Zq {
            q,
            wide: (u64::MAX / u64::from(q)).wrapping_add(1),
            m: (1u64 << 24).div_ceil(u64::from(q)),
        }
    }

    /// `x mod q`, for `x < 2^16`.
    #[inline]
    pub(crate) fn reduce(self, x: u32) -> u32 {
        debug_assert!(x < 1 << 16);
        x - self.q * ((u64::from(x) * self.m) >> 24) as u32
    }

    /// The modulus `q`.
    pub(crate) fn modulus(self) -> u32 {
        self.q
    }

    /// `x mod q`, for any `x < 2^32`.
    #[inline]
    pub(crate) fn reduce_wide(self, x: u32) -> u32 {
        let low = self.wide.wrapping_mul(u64::from(x));
        ((u128::from(low) * u128::from(self.q)) >> 64) as u32
    }

    /// `-a`, `a` below `q`.
    #[inline]
    pub(crate) fn neg(self, a: u8) -> u8 {
        if a == 0 {
            0
        } else {
            (self.q - u32::from(a)) as u8
        }
    }

    /// `a * b`, both below `q`.
    #[inline]
    pub(crate) fn mul(self, a: u8, b: u8) -> u8 {
        self.reduce(u32::from(a) * u32::from(b)) as u8
    }

    /// `row += t * other`, entry by entry (`t` below `q`); the sum and difference
    /// cases (`t = 1`, `t = q - 1`) without a product, in byte lanes when `q <= 128`
    /// (no sum passes 255: `min(s, s - q)` reduces it), compiled for AVX2 when the
    /// processor has it (checked at run time).
    pub(crate) fn add_multiple(self, row: &mut [u8], t: u8, other: &[u8]) {
        #[cfg(target_arch = "x86_64")]
        {
            if row.len() >= 64 && crate::solve::search::transform::Width::here().avx2() {
                // SAFETY: the processor supports AVX2 (a width of AVX2 exists only where
                // it does).
                unsafe { self.add_multiple_avx2(row, t, other) };
                return;
            }
        }
        self.add_multiple_plain(row, t, other);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn add_multiple_avx2(self, row: &mut [u8], t: u8, other: &[u8]) {
        self.add_multiple_plain(row, t, other);
    }

    #[inline(always)]
    fn add_multiple_plain(self, row: &mut [u8], t: u8, other: &[u8]) {
        let q = self.q;
        match u32::from(t) {
            0 => {}
            1 if q <= 128 => {
                let q = q as u8;
                for (a, &b) in row.iter_mut().zip(other) {
                    let s = *a + b;
                    *a = s.min(s.wrapping_sub(q));
                }
            }
            t if t == q - 1 && q <= 128 => {
                let q = q as u8;
                for (a, &b) in row.iter_mut().zip(other) {
                    let s = *a + (q - b);
                    *a = s.min(s.wrapping_sub(q));
                }
            }
            1 => {
                for (a, &b) in row.iter_mut().zip(other) {
                    let s = u32::from(*a) + u32::from(b);
                    *a = (if s >= q { s - q } else { s }) as u8;
                }
            }
            t if t == q - 1 => {
                for (a, &b) in row.iter_mut().zip(other) {
                    let s = u32::from(*a) + q - u32::from(b);
                    *a = (if s >= q { s - q } else { s }) as u8;
                }
            }
            t => {
                for (a, &b) in row.iter_mut().zip(other) {
                    *a = self.reduce(u32::from(*a) + t * u32::from(b)) as u8;
                }
            }
        }
    }

    /// The inverse of `a` when it is a unit (coprime to `q`).
    pub(crate) fn inverse(self, a: u8) -> Option<u8> {
        let (mut r0, mut r1) = (i32::try_from(self.q).ok()?, i32::from(a));
        let (mut s0, mut s1) = (0i32, 1i32);
        while r1 != 0 {
            let t = r0 / r1;
            (r0, r1) = (r1, r0 - t * r1);
            (s0, s1) = (s1, s0 - t * s1);
        }
        (r0 == 1).then(|| s0.rem_euclid(self.q as i32) as u8)
    }
}

/// One prime power of K: `q = p^e`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PrimePower {
    pub(crate) p: u8,
    pub(crate) e: u8,
    pub(crate) q: u8,
}

impl PrimePower {
    /// The exponent of `p` in `a mod q` (`e` for zero).
    #[inline]
    pub(crate) fn valuation(self, a: u8) -> u8 {
        if a == 0 {
            return self.e;
        }
        let (mut a, mut v) = (a, 0);
        while a % self.p == 0 {
            a /= self.p;
            v += 1;
        }
        v
    }

    /// `p^v`.
    pub(crate) fn power(self, v: u8) -> u32 {
        u32::from(self.p).pow(u32::from(v))
    }
}

/// The prime powers of `k`, ascending by prime.
pub(crate) fn prime_powers(k: u8) -> Vec<PrimePower> {
    let mut out = Vec::new();
    let mut rest = k;
    let mut p = 2u8;
    while rest > 1 {
        if rest.is_multiple_of(p) {
            let (mut q, mut e) = (1u8, 0u8);
            while rest.is_multiple_of(p) {
                rest /= p;
                q *= p;
                e += 1;
            }
            out.push(PrimePower { p, e, q });
        }
        p += 1;
    }
    out
}

/// Whether `k` is prime.
pub(crate) fn is_prime(k: u8) -> bool {
    matches!(prime_powers(k).as_slice(), [pp] if pp.e == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reduce_is_mod_for_every_modulus_and_input() {
        for q in 2..=255u8 {
            let z = Zq::new(q);
            for x in (0..1u32 << 16).step_by(7).chain([65535, 65534]) {
                assert_eq!(z.reduce(x), x % u32::from(q), "{x} mod {q}");
            }
            for x in (0..u32::MAX)
                .step_by(65_521)
                .chain([u32::MAX, u32::MAX - 1])
            {
                assert_eq!(z.reduce_wide(x), x % u32::from(q), "{x} mod {q}");
            }
        }
    }

    #[test]
    fn add_multiple_is_the_sum_mod_q_on_every_path() {
        let mut rng = crate::rng::SplitMix64(3);
        for q in 2..=255u8 {
            let z = Zq::new(q);
            for t in [0, 1, q - 1, q / 2, q.saturating_sub(2)] {
                for len in [5usize, 64, 100] {
                    let mut row: Vec<u8> = (0..len).map(|_| rng.below(q.into()) as u8).collect();
                    let other: Vec<u8> = (0..len).map(|_| rng.below(q.into()) as u8).collect();
                    let want: Vec<u8> = row
                        .iter()
                        .zip(&other)
                        .map(|(&a, &b)| {
                            ((u32::from(a) + u32::from(t) * u32::from(b)) % u32::from(q)) as u8
                        })
                        .collect();
                    z.add_multiple(&mut row, t, &other);
                    assert_eq!(row, want, "q {q} t {t}");
                }
            }
        }
    }

    #[test]
    fn inverses_exist_exactly_for_units() {
        for q in 2..=255u8 {
            let z = Zq::new(q);
            for a in 0..q {
                let unit = gcd(u32::from(a), u32::from(q)) == 1;
                match z.inverse(a) {
                    Some(i) => assert_eq!(z.mul(a, i), 1 % q, "{a} * {i} mod {q}"),
                    None => assert!(!unit, "{a} is a unit mod {q}"),
                }
            }
        }
    }

    #[test]
    fn prime_powers_multiply_back() {
        for k in 2..=255u8 {
            let pp = prime_powers(k);
            assert_eq!(
                pp.iter().map(|p| u32::from(p.q)).product::<u32>(),
                u32::from(k)
            );
            assert!(pp.windows(2).all(|w| w[0].p < w[1].p));
        }
        assert!(is_prime(251) && is_prime(3) && !is_prime(4) && !is_prime(6));
    }

    fn gcd(a: u32, b: u32) -> u32 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
}
