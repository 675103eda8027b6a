//! The square's symmetries in the relaxation's search: of the `p` that the board's
//! symmetries map to one another, the search looks only at those whose chosen class
//! holds the greatest value of its orbit.
//!
//! A symmetry `L` of the classes ([`super::super::symmetry`]) maps a `p` that reaches
//! the target to one that does, moving each value to another class of the same orbit;
//! flipping signs by a kernel vector (the translation the search already fixes) keeps
//! every absolute value. So for an orbit `O` of the group and a class `o` of it, some
//! image of any `p` has `|p_o| >= |p_x|` for every `x` in `O`, and, `o` being one of
//! the classes whose sign the search fixes, `p_o >= |p_x|`. The stabilizer of `o`
//! does the same for a second orbit, and so on down the chain.

use super::Branch;
use crate::solve::god::symmetry::orbit;

/// A class held at or above the absolute value of every other class of its orbit.
#[derive(Clone, Debug)]
pub(super) struct Apex {
    /// Its position in the search's order.
    position: usize,
    /// The positions of the rest of its orbit.
    others: Vec<usize>,
}

/// The apexes for a search over the classes `order` (signatures), each chosen among
/// the positions whose sign is fixed (`signed`), the largest orbit first (then the
/// most values, `values`), down the chain of stabilizers of the group `maps` makes.
pub(super) fn apexes(
    maps: &[Vec<u32>],
    order: &[usize],
    signed: &[bool],
    values: &[i64],
) -> Vec<Apex> {
    let mut position = vec![usize::MAX; order.iter().max().map_or(0, |&s| s + 1)];
    for (j, &s) in order.iter().enumerate() {
        position[s] = j;
    }
    let mut group: Vec<&Vec<u32>> = maps.iter().collect();
    let mut chosen: Vec<Apex> = Vec::new();
    while !group.is_empty() {
        let best = (0..order.len())
            .filter(|&j| signed[j] && chosen.iter().all(|a| a.position != j))
            .map(|j| (orbit(&group, order[j]), j))
            .max_by_key(|(orbit, j)| (orbit.len(), values[*j], usize::MAX - j));
        let Some((orbit, j)) = best.filter(|(orbit, _)| orbit.len() > 1) else {
            break;
        };
        let others = orbit
            .iter()
            .map(|&s| position[s])
            .filter(|&x| x != j)
            .collect();
        chosen.push(Apex {
            position: j,
            others,
        });
        let s = order[j] as u32;
        group.retain(|map| map[order[j]] == s);
    }
    chosen
}

/// The class the first apex is: the largest orbit's, of the most values (`most`,
/// each class's greatest value), when the maps move any class.
pub(super) fn first_apex(maps: &[Vec<u32>], order: &[usize], most: &[i64]) -> Option<usize> {
    let group: Vec<&Vec<u32>> = maps.iter().collect();
    (0..order.len())
        .map(|j| (orbit(&group, order[j]).len(), most[j], usize::MAX - j))
        .max()
        .filter(|&(size, _, _)| size > 1)
        .map(|(_, _, j)| usize::MAX - j)
}

/// Which classes have their signs fixed: `first` (when given), then each class of
/// `order` whose signature is independent of those before it (for classes in order
/// of their signatures and no `first`, the first of each `W_j`).
pub(super) fn independent(order: &[usize], first: Option<usize>) -> Vec<bool> {
    let mut signs = vec![false; order.len()];
    // Reduced signatures by their top bits.
    let mut basis: Vec<usize> = vec![0; usize::BITS as usize];
    let mut add = |s: usize| -> bool {
        let mut v = s;
        while v != 0 {
            let top = v.ilog2() as usize;
            if basis[top] == 0 {
                basis[top] = v;
                return true;
            }
            v ^= basis[top];
        }
        false
    };
    if let Some(j) = first {
        signs[j] = add(order[j]);
    }
    for (j, &s) in order.iter().enumerate() {
        if Some(j) != first && add(s) {
            signs[j] = true;
        }
    }
    signs
}

impl Branch {
    /// The first apex still open with more than one value.
    pub(super) fn apex_open(&self) -> Option<usize> {
        self.apexes
            .iter()
            .map(|a| a.position)
            .find(|&j| !self.fixed[j] && self.lo[j] < self.hi[j])
    }

    /// The values of the class at `j` now: its fixed value, or its bounds.
    fn now(&self, j: usize) -> (i64, i64) {
        match self.fixed[j] {
            true => (self.p[self.order[j]], self.p[self.order[j]]),
            false => (self.lo[j], self.hi[j]),
        }
    }

    /// Narrows the open classes' bounds to what the apexes allow: false when a class
    /// is left no value (or a fixed one breaks an apex).
    pub(super) fn apexes_allow(&mut self) -> bool {
        for _ in 0..2 {
            for a in 0..self.apexes.len() {
                if !self.apex_allows(a) {
                    return false;
                }
            }
        }
        true
    }

    /// [`Branch::apexes_allow`] for one apex.
    fn apex_allows(&mut self, a: usize) -> bool {
        let (o, others) = (self.apexes[a].position, self.apexes[a].others.clone());
        // The apex is at least the least absolute value each other class may take.
        let need = others
            .iter()
            .map(|&x| {
                let (lo, hi) = self.now(x);
                match lo <= 0 && 0 <= hi {
                    true => lo.rem_euclid(2),
                    false => lo.abs().min(hi.abs()),
                }
            })
            .max()
            .unwrap_or(0);
        let (lo, hi) = self.now(o);
        let least = need + (lo - need).rem_euclid(2);
        if self.fixed[o] {
            if lo < need {
                return false;
            }
        } else if least > lo {
            self.lo[o] = least;
        }
        if self.now(o).0 > hi {
            return false;
        }
        // Each other class is at most the apex's greatest value, either sign.
        for &x in &others {
            let (lo, hi) = self.now(x);
            let cap = hi_cap(self.now(o).1, lo);
            if self.fixed[x] {
                if lo.abs() > self.now(o).1 {
                    return false;
                }
                continue;
            }
            self.hi[x] = hi.min(cap);
            self.lo[x] = lo.max(-cap);
            if self.lo[x] > self.hi[x] {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
impl Branch {
    /// Asserts that every class's value keeps its apex's rule.
    pub(super) fn apexes_hold(&self) {
        for apex in &self.apexes {
            let top = self.p[self.order[apex.position]];
            for &x in &apex.others {
                assert!(top >= self.p[self.order[x]].abs(), "{apex:?}: {:?}", self.p);
            }
        }
    }
}

/// The greatest value at most `top` of the parity of `like`.
fn hi_cap(top: i64, like: i64) -> i64 {
    top - (top - like).rem_euclid(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_keeps_the_parity() {
        assert_eq!(hi_cap(6, -3), 5);
        assert_eq!(hi_cap(6, 2), 6);
        assert_eq!(hi_cap(5, 0), 4);
        assert_eq!(hi_cap(1, 1), 1);
    }
}
