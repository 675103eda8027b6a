//! Building the depth table: a breadth-first search from the all-on state.
//!
//! Pressing is its own inverse, so the states `d` presses away from all-on are exactly
//! the states that need `d` presses to reach all-on. The search expands one depth at a
//! time; a state is new when its entry still holds [`FARTHER`], the value every entry
//! starts with. Every step is deterministic, so the bytes are the same on every run.
//!
//! This file is compiled by `build.rs` as well as by the library, so the embedded table
//! and `lightsout generate` come from one source.

use super::format::{entry, Header, DEPTH_LIMIT, FARTHER, HEADER_LEN, PAYLOAD_LEN};
use crate::board::{ALL_ON, PRESS_MASKS};
use bitvec::prelude::*;

/// The payload of the depth-6 table: every entry 0..=6, or 7 for farther.
pub fn depth_payload() -> Vec<u8> {
    // All bits set: every entry starts as FARTHER (0b111).
    let mut payload = vec![0xFF; PAYLOAD_LEN];
    let mut frontier = vec![ALL_ON];
    let mut next = Vec::new();
    store(&mut payload, ALL_ON, 0);
    for depth in 1..=DEPTH_LIMIT {
        next.clear();
        for &state in &frontier {
            for mask in PRESS_MASKS {
                let neighbour = state ^ mask;
                if entry(&payload, neighbour) == FARTHER {
                    store(&mut payload, neighbour, depth);
                    next.push(neighbour);
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next);
    }
    payload
}

/// Writes entry `index`; the bit order is the one `format` documents.
fn store(payload: &mut [u8], index: u32, depth: u8) {
    let at = index as usize * 3;
    payload.view_bits_mut::<Lsb0>()[at..at + 3].store_le(depth);
}

/// The whole depth-6 table file: header followed by payload.
pub fn depth_table_file() -> Vec<u8> {
    let payload = depth_payload();
    let header = Header::depth_table(crc32fast::hash(&payload));
    let mut file = Vec::with_capacity(HEADER_LEN + payload.len());
    file.extend_from_slice(&header.encode());
    file.extend_from_slice(&payload);
    file
}
