//! What each fuzz target does with its bytes, as functions: the targets
//! (`fuzz_targets/`) call them under libFuzzer, and `tests/replay.rs` calls them on the
//! seeds kept in `seeds/` (a few inputs a target), so a target that no longer compiles,
//! or panics on a seed, fails `cargo test` on stable.

use lightsout::{answer_stream, AnswerFormat, DepthTable, Method, QueryOptions, Target};

/// Arbitrary bytes as `query` input: answers or a located error, never a panic.
pub fn query(data: &[u8]) {
    let method: Method<&[u8]> = Method::Enumerate;
    let options = QueryOptions {
        format: AnswerFormat::Text,
        max_steps: 6,
        line_buffered: false,
        moves: false,
        target: Target::On,
    };
    let _ = answer_stream(&method, options, data, std::io::sink());
}

/// Arbitrary bytes as `solve` input; the first byte picks the shape (1..=8 x 1..=8) and
/// the target, the rest is the text.
pub fn solve(data: &[u8]) {
    let Some((&shape, text)) = data.split_first() else {
        return;
    };
    let rows = 1 + usize::from(shape & 7);
    let cols = 1 + usize::from(shape >> 3 & 7);
    let Ok(game) = lightsout::rules::Game::classic(rows, cols) else {
        return;
    };
    let Ok(solver) = lightsout::GameSolver::new(game, lightsout::SEARCH_BUDGET) else {
        return;
    };
    let options = lightsout::SolveOptions {
        target: if shape & 0x40 == 0 {
            Target::Off
        } else {
            Target::On
        },
        line_buffered: false,
        search_time: None,
        format: AnswerFormat::Text,
    };
    let _ = lightsout::solve_stream(&solver, options, text, std::io::sink(), &mut |_, _| {});
}

/// Arbitrary bytes as a table file: decoding must refuse or accept, never panic, and a
/// table it accepts must answer every lookup.
pub fn table(data: &[u8]) {
    if let Ok(table) = DepthTable::new(data) {
        for grid in [0, 1, 0x1FF_FFFF, 0x155_5555] {
            let _ = table.depth(grid);
        }
    }
}
