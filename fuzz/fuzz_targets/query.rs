//! libFuzzer's target: `lightsout_fuzz::query` (see `src/lib.rs`).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| lightsout_fuzz::query(data));
