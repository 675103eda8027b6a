//! libFuzzer's target: `lightsout_fuzz::table` (see `src/lib.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| lightsout_fuzz::table(data));
