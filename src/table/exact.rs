//! The exact table: the fewest presses for every solvable 5x5 state, 0..=15.
//!
//! A solvable state's minimum is the lightest of its four solutions
//! ([`crate::grid::fewest_of_four`]), and a particular solution is affine in the state's exact index
//! ([`Particular`]). So the states are walked in Gray-code order of their 23-bit index:
//! each step flips one index bit, and the particular solution changes by that bit's own
//! press set. One XOR and four popcounts a state, instead of a breadth-first search
//! that probes 25 neighbours of each of 8.4 million states. The tests compare the
//! result with first-row enumeration on all 2^25 states.

use super::format::{Header, EXACT_PAYLOAD_LEN, HEADER_LEN};
use crate::grid::{fewest_count, Particular, SOLVABLE_STATES};

/// Bytes of the exact table file.
pub(crate) const EXACT_FILE_LEN: usize = HEADER_LEN + EXACT_PAYLOAD_LEN;

/// Fills `payload` (exactly [`EXACT_PAYLOAD_LEN`] bytes) with the exact minimum of every
/// solvable state, by index.
pub(crate) fn fill_exact_payload(payload: &mut [u8]) {
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
    let particular = Particular::new();
    let mut presses = particular.base;
    payload.fill(0);
    let mut index = 0u32;
    for step in 0..SOLVABLE_STATES {
        if step > 0 {
            let bit = step.trailing_zeros();
            index ^= 1 << bit;
            presses ^= particular.per_bit[bit as usize];
        }
        let fewest = fewest_count(presses) as u8;
        payload[index as usize / 2] |= fewest << (4 * (index % 2));
    }
}

/// Fills `file` (exactly [`EXACT_FILE_LEN`] bytes) with the whole exact table file.
pub(crate) fn fill_exact_table_file(file: &mut [u8]) {
    assert_eq!(file.len(), EXACT_FILE_LEN, "an exact table file");
    let (header, payload) = file.split_at_mut(HEADER_LEN);
    fill_exact_payload(payload);
    header.copy_from_slice(&Header::exact_table(crc32fast::hash(payload)).encode());
}
