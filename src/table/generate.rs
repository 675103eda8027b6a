//! Building the depth table: a breadth-first search from the all-on state.
//!
//! Pressing is its own inverse, so the states `d` presses away from all-on are exactly
//! the states that need `d` presses to reach all-on. The search expands one depth at a
//! time, so the first depth that reaches a state is its minimum. A state is new when
//! its entry still holds [`FARTHER`], the value every entry starts with.
//!
//! Presses commute, so the search extends a press set only with cells after its last
//! press: each set of at most six presses is reached exactly once (245,506 probes of the
//! table), instead of every state being reached from each of its 25 neighbours (1.7
//! million probes). Different sets can still give the same state (two sets of six that
//! differ by a quiet pattern); the entry check keeps the first, shallowest, depth.
//! Every step is deterministic, so the bytes are the same on every run.
//!
//! The built-in table ([`builtin_table`](super::builtin_table)) and `lightsout generate`
//! both come from here, so they cannot disagree.

use super::format::{entry3, Header, DEPTH_LIMIT, FARTHER, HEADER_LEN, PAYLOAD_LEN};
use crate::grid::{ALL_ON, CELLS, PRESS_MASKS};
use bitvec::prelude::*;

/// Fills `payload` (exactly [`PAYLOAD_LEN`] bytes) with the depth-6 table: every entry
/// 0..=6, or 7 for farther.
pub(crate) fn fill_depth_payload(payload: &mut [u8]) {
    assert_eq!(payload.len(), PAYLOAD_LEN, "a 5x5 payload");
    // All bits set: every entry starts as FARTHER (0b111).
    payload.fill(0xFF);
    store(payload, ALL_ON, 0);
    // The frontier holds (state, the first cell it may still press).
    let mut frontier = vec![(ALL_ON, 0u32)];
    let mut next = Vec::new();
    for depth in 1..=DEPTH_LIMIT {
        next.clear();
        for &(state, first) in &frontier {
            for cell in first..CELLS {
                let reached = state ^ PRESS_MASKS[cell as usize];
                if entry3(payload, reached) == FARTHER {
                    store(payload, reached, depth);
                }
                if depth < DEPTH_LIMIT {
                    next.push((reached, cell + 1));
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next);
    }
}

/// Writes entry `index`; the bit order is the one `format` documents.
fn store(payload: &mut [u8], index: u32, depth: u8) {
    let at = index as usize * 3;
    payload.view_bits_mut::<Lsb0>()[at..at + 3].store_le(depth);
}

/// Fills `file` (exactly [`FILE_LEN`] bytes) with the whole depth-6 table file: header
/// followed by payload.
pub(crate) fn fill_depth_table_file(file: &mut [u8]) {
    assert_eq!(file.len(), FILE_LEN, "a 5x5 table file");
    let (header, payload) = file.split_at_mut(HEADER_LEN);
    fill_depth_payload(payload);
    header.copy_from_slice(&Header::depth_table(crc32fast::hash(payload)).encode());
}

/// Bytes of the depth-6 table file.
pub(crate) const FILE_LEN: usize = HEADER_LEN + PAYLOAD_LEN;
