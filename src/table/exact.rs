//! The exact table: the fewest presses for every solvable 5x5 state, 0..=15.
//!
//! The solutions of a solvable state are `P + {0, Q1, Q2, Q1 + Q2}` for one particular
//! press set `P` and the two quiet patterns, so its minimum is the lightest of four.
//! `P` is linear in the state, so the states are walked in Gray-code order of their
//! 23-bit index: each step flips one free cell (and the parity cell it drags along),
//! and `P` changes by that flip's own press set. One XOR and four popcounts a state,
//! instead of a breadth-first search that probes 25 neighbours of each of 8.4 million
//! states. The presses per flip come from first-row enumeration; the table is then
//! compared with first-row enumeration on all 2^25 states by the tests.

use super::format::{
    exact_state, Header, EXACT_ENTRIES, EXACT_PAYLOAD_LEN, HEADER_LEN, QUIET_COLUMNS, QUIET_ROWS,
};
use crate::board::ALL_ON;
use crate::solve::first_row;

/// Bytes of the exact table file.
pub const EXACT_FILE_LEN: usize = HEADER_LEN + EXACT_PAYLOAD_LEN;

/// Press sets whose effect is `state` XOR all-on, for the state with index 0 and for
/// the change each index bit makes.
fn particular_presses() -> (u32, [u32; 23]) {
    let presses_for = |grid: u32| first_row::min_press_set(grid).expect("a solvable state");
    let base = presses_for(exact_state(0));
    let mut steps = [0u32; 23];
    for (bit, step) in steps.iter_mut().enumerate() {
        // The flip of index bit `bit` is the state difference; pressing `step` makes it.
        let flip = exact_state(0) ^ exact_state(1 << bit);
        *step = presses_for(ALL_ON ^ flip);
    }
    (base, steps)
}

/// Fills `payload` (exactly [`EXACT_PAYLOAD_LEN`] bytes) with the exact minimum of every
/// solvable state, by index.
pub fn fill_exact_payload(payload: &mut [u8]) {
    assert_eq!(payload.len(), EXACT_PAYLOAD_LEN, "an exact payload");
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has just been seen to support POPCNT.
        return unsafe { fill_with_popcnt(payload) };
    }
    fill(payload);
}

/// [`fill`] compiled with the POPCNT instruction: the walk is four popcounts a state,
/// which the baseline x86-64 target computes with a dozen shifts and masks each.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn fill_with_popcnt(payload: &mut [u8]) {
    fill(payload);
}

#[inline(always)]
fn fill(payload: &mut [u8]) {
    let (mut presses, steps) = particular_presses();
    let fewest = |p: u32| {
        let a = p.count_ones().min((p ^ QUIET_COLUMNS).count_ones());
        a.min((p ^ QUIET_ROWS).count_ones())
            .min((p ^ QUIET_COLUMNS ^ QUIET_ROWS).count_ones()) as u8
    };
    payload.fill(0);
    let mut index = 0u32;
    for step in 0..EXACT_ENTRIES {
        if step > 0 {
            let bit = step.trailing_zeros();
            index ^= 1 << bit;
            presses ^= steps[bit as usize];
        }
        payload[index as usize / 2] |= fewest(presses) << (4 * (index % 2));
    }
}

/// Fills `file` (exactly [`EXACT_FILE_LEN`] bytes) with the whole exact table file.
pub fn fill_exact_table_file(file: &mut [u8]) {
    assert_eq!(file.len(), EXACT_FILE_LEN, "an exact table file");
    let (header, payload) = file.split_at_mut(HEADER_LEN);
    fill_exact_payload(payload);
    header.copy_from_slice(&Header::exact_table(crc32fast::hash(payload)).encode());
}

/// The whole exact table file.
pub fn exact_table_file() -> Vec<u8> {
    let mut file = vec![0; EXACT_FILE_LEN];
    fill_exact_table_file(&mut file);
    file
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::apply_presses;

    #[test]
    fn the_quiet_patterns_change_nothing() {
        assert_eq!(apply_presses(ALL_ON, QUIET_COLUMNS), ALL_ON);
        assert_eq!(apply_presses(ALL_ON, QUIET_ROWS), ALL_ON);
        assert_eq!(QUIET_COLUMNS.count_ones(), 12);
    }

    #[test]
    fn particular_presses_make_their_flips() {
        let (base, steps) = particular_presses();
        assert_eq!(apply_presses(exact_state(0), base), ALL_ON);
        for (bit, &step) in steps.iter().enumerate() {
            let flip = exact_state(0) ^ exact_state(1 << bit);
            assert_eq!(apply_presses(ALL_ON, step), ALL_ON ^ flip, "bit {bit}");
        }
    }
}
