//! What a press pattern does, a row of words at a time: shared by the examples (the
//! library's own check, `Board::after_presses`, goes cell by cell and is too slow for
//! a billion lights).

use lightsout::Board;

/// The lights that pressing `presses` toggles (what it does to a dark board).
pub fn pressed(presses: &Board) -> Board {
    let (rows, cols) = (presses.rows(), presses.cols());
    let words = cols.div_ceil(64);
    let mut out = Board::new(rows, cols);
    let (mut s0, mut s1, mut s2) = ([0], [0], [0]);
    let mut lights = vec![0u64; words];
    for r in 0..rows {
        let cur = presses.row_words(r, &mut s0);
        for i in 0..words {
            let left = cur[i] << 1 | if i > 0 { cur[i - 1] >> 63 } else { 0 };
            let right = cur[i] >> 1 | if i + 1 < words { cur[i + 1] << 63 } else { 0 };
            lights[i] = cur[i] ^ left ^ right;
        }
        if r > 0 {
            for (l, a) in lights.iter_mut().zip(presses.row_words(r - 1, &mut s1)) {
                *l ^= a;
            }
        }
        if r + 1 < rows {
            for (l, b) in lights.iter_mut().zip(presses.row_words(r + 1, &mut s2)) {
                *l ^= b;
            }
        }
        if cols % 64 != 0 {
            lights[words - 1] &= (1 << (cols % 64)) - 1;
        }
        out.set_row_words(r, &lights);
    }
    out
}
