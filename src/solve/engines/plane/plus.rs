//! The classic game's chase, row by row: a row of presses changes its own row by
//! `c ^ c << 1 ^ c >> 1` and the rows above and below by `c`. The one place outside
//! the rules layer that knows the plus rule; `solve::game` uses it only for `plus` on
//! the plane, and tests/it/games.rs holds it to elimination of the rule's own buttons.

use crate::board::{last_word_mask, Board};

/// Chases `lights` (inverted first when `invert`: the lights to change for
/// [`Target::On`]) from top-row presses `top`: writes every row's presses into
/// `presses` and returns in `residual` the lights left below the last row (the presses
/// a row `R` would need).
pub(super) fn chase(
    lights: Option<&Board>,
    invert: bool,
    top: &[u64],
    presses: &mut Board,
    residual: &mut [u64],
) {
    let (rows, cols, w) = (presses.rows(), presses.cols(), presses.words_per_row());
    if w == 1 {
        return chase_narrow(lights, invert, top[0], presses, residual);
    }
    let mask = last_word_mask(cols);
    let bits = presses.words_mut();
    bits[..w].copy_from_slice(top);
    for r in 0..rows {
        let (done, rest) = bits.split_at_mut((r + 1) * w);
        let next: &mut [u64] = if r + 1 < rows {
            &mut rest[..w]
        } else {
            &mut *residual
        };
        let cur = &done[r * w..(r + 1) * w];
        let above = (r > 0).then(|| &done[(r - 1) * w..r * w]);
        let light_row = lights.map(|l| l.row(r));
        // next = lights ^ T cur ^ above, in one pass over the words.
        for i in 0..w {
            let c = cur[i];
            let left = c << 1 | if i > 0 { cur[i - 1] >> 63 } else { 0 };
            let right = c >> 1 | if i + 1 < w { cur[i + 1] << 63 } else { 0 };
            let mut word = c ^ left ^ right;
            if let Some(l) = light_row {
                word ^= l[i];
            }
            if invert {
                word = !word;
            }
            if let Some(a) = above {
                word ^= a[i];
            }
            next[i] = word;
        }
        next[w - 1] &= mask;
    }
}

/// [`chase`] for boards of at most 64 columns: one word a row, in either layout.
fn chase_narrow(
    lights: Option<&Board>,
    invert: bool,
    top: u64,
    presses: &mut Board,
    residual: &mut [u64],
) {
    let mask = last_word_mask(presses.cols());
    let flip = if invert { mask } else { 0 };
    let (mut prev, mut cur) = (0u64, top);
    for r in 0..presses.rows() {
        presses.set_row_bits(r, cur);
        let light = lights.map_or(0, |l| l.row_bits(r)) ^ flip;
        let next = light ^ prev ^ ((cur ^ (cur << 1) ^ (cur >> 1)) & mask);
        prev = cur;
        cur = next;
    }
    residual[0] = cur;
}
