//! Arbitrary bytes as a table file: decoding must refuse or accept, never panic, and a
//! table it accepts must answer every lookup.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout::DepthTable;

fuzz_target!(|data: &[u8]| {
    if let Ok(table) = DepthTable::new(data) {
        for grid in [0, 1, 0x1FF_FFFF, 0x155_5555] {
            let _ = table.depth(grid);
        }
    }
});
