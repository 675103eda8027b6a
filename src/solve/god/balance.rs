//! A good `p` found fast: steepest ascent from random signs, each step moving one class
//! by 2; its transform's lowest value gives the hardest board found (a lower bound on
//! God's number, proven by the board itself).

use super::{chi, transform, worst};
use crate::solve::clock::Instant;
use std::time::Duration;

/// A `p` (each `p_s` of the parity of `m_s`, `|p_s| <= m_s`) whose transform falls
/// as little below 0 as found: steepest ascent from random signs, each step moving
/// one `p_s` by 2, until `floor` is reached or `limit` passes (at least one descent).
pub(super) fn balance(sizes: &[i64], floor: i64, limit: Duration) -> Vec<i64> {
    let started = Instant::now();
    let n = sizes.len();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut best: Option<(i64, Vec<i64>)> = None;
    let (mut last, mut restarts) = (i64::MAX, 0);
    loop {
        let mut p: Vec<i64> = (0..n)
            .map(|s| match s {
                0 => 0,
                _ if sizes[s] % 2 == 1 => {
                    if random() & 1 == 1 {
                        1
                    } else {
                        -1
                    }
                }
                _ => 0,
            })
            .collect();
        let mut f = transform(&p);
        let mut tries = 0;
        let start = worst(&f);
        if best.as_ref().is_none_or(|(b, _)| start < *b) {
            best = Some((start, p.clone()));
        }
        // Ascend unless the start is already at the floor.
        let mut climbing = start > floor;
        while climbing {
            let here = score(&f);
            // The best single move: p_s += delta.
            let mut chosen = None;
            for s in 1..n {
                for delta in [2i64, -2] {
                    if (p[s] + delta).abs() > sizes[s] {
                        continue;
                    }
                    let moved = moved_score(&f, s, delta);
                    if moved > here && chosen.is_none_or(|(m, _, _)| moved > m) {
                        chosen = Some((moved, s, delta));
                    }
                }
            }
            match chosen {
                Some((_, s, delta)) => {
                    p[s] += delta;
                    for (a, v) in f.iter_mut().enumerate() {
                        *v += delta * chi(a, s);
                    }
                }
                None => {
                    // A plateau: a random move, a few times, then a new start.
                    tries += 1;
                    if tries > 8 || n == 1 {
                        break;
                    }
                    let s = 1 + (random() as usize) % (n - 1);
                    let delta = if random() & 1 == 1 { 2 } else { -2 };
                    if (p[s] + delta).abs() <= sizes[s] {
                        p[s] += delta;
                        for (a, v) in f.iter_mut().enumerate() {
                            *v += delta * chi(a, s);
                        }
                    }
                }
            }
            let d = worst(&f);
            if best.as_ref().is_none_or(|(b, _)| d < *b) {
                best = Some((d, p.clone()));
            }
            // A step costs 4^k word operations: the time is looked at after each.
            climbing = d > floor && started.elapsed() < limit;
        }
        let (d, p) = best.clone().expect("one descent");
        restarts += 1;
        if d < last {
            (last, restarts) = (d, 0);
        }
        // Done at the floor, at the time, or after 64 starts that found nothing better.
        if d <= floor || started.elapsed() >= limit || restarts > 64 {
            return p;
        }
    }
}

/// How good a transform is: its minimum, then fewer kernel vectors at it.
fn score(f: &[i64]) -> (i64, i64) {
    let min = f.iter().copied().min().unwrap_or(0);
    (min, -(f.iter().filter(|&&v| v == min).count() as i64))
}

/// [`score`] after `p_s += delta`.
fn moved_score(f: &[i64], s: usize, delta: i64) -> (i64, i64) {
    let mut min = i64::MAX;
    let mut at = 0;
    for (a, &v) in f.iter().enumerate() {
        let v = v + delta * chi(a, s);
        if v < min {
            min = v;
            at = 1;
        } else if v == min {
            at += 1;
        }
    }
    (min, -at)
}
