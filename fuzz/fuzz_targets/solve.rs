//! Arbitrary bytes as `solve` input; the first byte picks the shape (1..=8 x 1..=8).
#![no_main]

use libfuzzer_sys::fuzz_target;
use lightsout::{solve_stream, Solver, Target};

fuzz_target!(|data: &[u8]| {
    let Some((&shape, text)) = data.split_first() else {
        return;
    };
    let rows = 1 + usize::from(shape & 7);
    let cols = 1 + usize::from(shape >> 3 & 7);
    let solver = Solver::new(rows, cols).expect("non-empty shape");
    let target = if shape & 0x40 == 0 { Target::Off } else { Target::On };
    let _ = solve_stream(&solver, target, false, text, std::io::sink());
});
