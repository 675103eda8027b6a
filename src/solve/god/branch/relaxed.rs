//! The relaxation's search: at each node the linear relaxation cuts it or narrows every
//! open class's values, then the class it leaves farthest from its values is branched
//! on, nearest value first; the first levels' children on every core. Suited to classes
//! of many values (the chain's cheap bounds cut too little there).

use super::{split, Branch, SHARED_DEPTH};
use crate::solve::god::relax::{Basis, Narrowed};
use crate::solve::god::transform;
use rayon::prelude::*;

impl Branch {
    /// The relaxation's search: at each node the relaxation cuts it or narrows every
    /// open class's values; then the class whose relaxed value lies farthest from its
    /// allowed values is tried at each, nearest first (`None`: out of time).
    pub(super) fn relaxed(&mut self) -> Option<bool> {
        // The clock at every node: a node's relaxation costs far more than a look at
        // it, and a copy made for a child (`children_shared`) starts from its parent's
        // count, so a count's multiple may never come above the split.
        self.nodes += 1;
        if self.deadline.passed() {
            return None;
        }
        match self.share() {
            split::Share::Searched => self.node(),
            split::Share::Others => Some(false),
            split::Share::Mine => self.own(0, Branch::node),
            split::Share::Planned(node) => self.list(node),
        }
    }

    /// The relaxation's search at a node of its own: [`Branch::relaxed`] past the
    /// counts and the split.
    fn node(&mut self) -> Option<bool> {
        let open: Vec<usize> = (0..self.order.len()).filter(|&j| !self.fixed[j]).collect();
        if open.is_empty() {
            return Some(self.f.iter().copied().min().unwrap_or(0) >= self.target);
        }
        let kept = (self.lo.clone(), self.hi.clone());
        if !self.apexes_allow() {
            (self.lo, self.hi) = kept;
            return Some(false);
        }
        let bounds: Vec<(i64, i64)> = (0..self.order.len())
            .map(|j| match self.fixed[j] {
                true => (self.p[self.order[j]], self.p[self.order[j]]),
                false => (self.lo[j], self.hi[j]),
            })
            .collect();
        let target = self.target;
        let Some(relaxation) = self.relaxation.as_mut() else {
            (self.lo, self.hi) = kept;
            return None;
        };
        let cut = match relaxation.narrow(target, &bounds) {
            Some(Narrowed::Cut) => true,
            Some(Narrowed::Bounds(narrowed)) => {
                for &j in &open {
                    (self.lo[j], self.hi[j]) = narrowed[j];
                }
                open.iter().any(|&j| self.lo[j] > self.hi[j])
            }
            None => false,
        };
        let prices = relaxation.prices().to_vec();
        let basis = relaxation.basis();
        let found = match cut {
            true => Some(false),
            false => self.branch_on(&open, &prices, &basis),
        };
        (self.lo, self.hi) = kept;
        found
    }

    /// Fixes the open class whose relaxed value (`prices`) lies farthest from the
    /// values it may take, at each of them in turn.
    fn branch_on(&mut self, open: &[usize], prices: &[f64], basis: &Basis) -> Option<bool> {
        let relaxed = |j: usize| prices.get(j).copied().unwrap_or(0.0);
        let apart = |j: usize| -> f64 {
            if self.lo[j] == self.hi[j] {
                return -1.0;
            }
            let steps = (relaxed(j) - self.lo[j] as f64) / 2.0;
            (steps - steps.round()).abs()
        };
        let j = match self.apex_open() {
            Some(j) => j,
            None => open
                .iter()
                .copied()
                .max_by(|&a, &b| apart(a).total_cmp(&apart(b)).then(b.cmp(&a)))?,
        };
        let s = self.order[j];
        let mut values: Vec<i64> = (self.lo[j]..=self.hi[j]).step_by(2).collect();
        values.sort_by(|x, y| {
            (*x as f64 - relaxed(j))
                .abs()
                .total_cmp(&(*y as f64 - relaxed(j)).abs())
        });
        self.fixed[j] = true;
        self.fixing.push(j);
        let found = match self.fixing.len() <= SHARED_DEPTH && values.len() > 1 {
            true => self.children_shared(s, &values, basis),
            false => self.children(s, &values, basis),
        };
        self.fixing.pop();
        self.fixed[j] = false;
        found
    }

    /// The search below class `s` at `v`, from the parent's `basis`.
    fn child(&mut self, s: usize, v: i64, basis: &Basis) -> Option<bool> {
        if let Some(relaxation) = self.relaxation.as_mut() {
            relaxation.resume(basis);
        }
        self.shift(s, v);
        self.relaxed()
    }

    /// The search below each value of class `s`, in turn.
    fn children(&mut self, s: usize, values: &[i64], basis: &Basis) -> Option<bool> {
        for &v in values {
            let found = self.child(s, v, basis);
            if found != Some(false) {
                return found;
            }
            self.shift(s, -v);
        }
        Some(false)
    }

    /// [`Branch::children`] on every core, each child on a copy of the search: the
    /// answer is the first child's (in order) that does not fail, as one core's.
    fn children_shared(&mut self, s: usize, values: &[i64], basis: &Basis) -> Option<bool> {
        let this = &*self;
        let below = std::sync::atomic::AtomicU64::new(0);
        let first = values.par_iter().find_map_first(|&v| {
            let mut child = this.clone();
            let found = child.child(s, v, basis);
            below.fetch_add(
                child.nodes - this.nodes,
                std::sync::atomic::Ordering::Relaxed,
            );
            match found {
                Some(false) => None,
                Some(true) => Some(Some(child.p)),
                None => Some(None),
            }
        });
        self.nodes += below.into_inner();
        match first {
            None => Some(false),
            Some(None) => None,
            Some(Some(p)) => {
                self.f = transform(&p);
                self.p = p;
                Some(true)
            }
        }
    }
}
