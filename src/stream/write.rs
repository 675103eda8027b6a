//! Text out: grids in the classic format, press lists, press patterns, numbers.

use crate::board::Board;
use crate::grid::{Grid, Presses, CELLS, SIDE};

/// Writes `grids` in the classic input format: the count line, then each grid as five
/// rows of five digits, grids separated by a blank line. [`super::BoardReader`] reads
/// it back.
pub fn write_grids(out: &mut Vec<u8>, grids: &[Grid]) {
    // 30 bytes of rows and one blank line a grid, and the count line.
    out.reserve(31 * grids.len() + 24);
    push_number(out, grids.len() as u64);
    out.push(b'\n');
    for (i, grid) in grids.iter().enumerate() {
        if i > 0 {
            out.push(b'\n');
        }
        for row in 0..SIDE {
            for col in 0..SIDE {
                out.push(b'0' + (grid >> (SIDE * row + col) & 1) as u8);
            }
            out.push(b'\n');
        }
    }
}

/// Writes `boards` (all of one shape) in the input format of `lightsout solve`: the
/// count line, then each board as rows of digits separated by spaces, boards separated
/// by a blank line.
pub fn write_boards(out: &mut Vec<u8>, boards: &[Board]) {
    push_number(out, boards.len() as u64);
    out.push(b'\n');
    for (i, board) in boards.iter().enumerate() {
        if i > 0 {
            out.push(b'\n');
        }
        write_pattern(out, board);
    }
}

/// Appends ` r,c` (1-based) for every cell of `presses`, in cell order.
pub fn push_moves(out: &mut Vec<u8>, presses: Presses) {
    let mut rest = presses & ((1 << CELLS) - 1);
    while rest != 0 {
        let cell = rest.trailing_zeros();
        out.extend_from_slice(&[
            b' ',
            b'1' + (cell / SIDE) as u8,
            b',',
            b'1' + (cell % SIDE) as u8,
        ]);
        rest &= rest - 1;
    }
}

/// `"b0 b1 ... b7 "` for every byte of 8 lights, least significant light first.
static SPACED: [[u8; 16]; 256] = {
    let mut table = [[b' '; 16]; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            table[byte][2 * bit] = b'0' + ((byte >> bit) & 1) as u8;
            bit += 1;
        }
        byte += 1;
    }
    table
};

/// Appends `presses` as rows of digits separated by one space (the 5x6 contest format).
pub fn write_pattern(out: &mut Vec<u8>, presses: &Board) {
    for r in 0..presses.rows() {
        write_pattern_row(out, presses, r);
    }
}

/// Writes `presses` as [`write_pattern`] does, a piece of at most 64 KiB at a time, so
/// that no row's text is held whole (a row of 10^8 lights is 200 MB of text).
pub fn write_pattern_to(out: &mut dyn std::io::Write, presses: &Board) -> std::io::Result<()> {
    const PIECE: usize = 32 * 1024; // cells a piece, a multiple of 64
    let mut buf = Vec::with_capacity(2 * PIECE);
    let mut scratch = [0];
    for r in 0..presses.rows() {
        let row = presses.row_words(r, &mut scratch);
        let cols = presses.cols();
        for start in (0..cols).step_by(PIECE) {
            buf.clear();
            for c in start..cols.min(start + PIECE) {
                let on = row[c / 64] >> (c % 64) & 1 == 1;
                buf.extend_from_slice(if on { b"1 " } else { b"0 " });
            }
            if start + PIECE >= cols {
                *buf.last_mut().expect("cols > 0") = b'\n';
            }
            out.write_all(&buf)?;
        }
    }
    Ok(())
}

/// Appends row `r` of `presses` as digits separated by one space, and a line end.
pub(super) fn write_pattern_row(out: &mut Vec<u8>, presses: &Board, r: usize) {
    let cols = presses.cols();
    let mut scratch = [0];
    let row = presses.row_words(r, &mut scratch);
    let start = out.len();
    out.resize(start + 2 * cols, 0);
    let text = &mut out[start..];
    // Sixteen bytes of text for each byte of the row, written as fixed-size copies.
    let mut chunks = text.chunks_exact_mut(16);
    for (c, chunk) in (0..cols).step_by(8).zip(&mut chunks) {
        let byte = (row[c / 64] >> (c % 64)) as u8;
        chunk.copy_from_slice(&SPACED[byte as usize]);
    }
    let tail = chunks.into_remainder();
    if !tail.is_empty() {
        let c = cols - tail.len() / 2;
        let byte = (row[c / 64] >> (c % 64)) as u8;
        tail.copy_from_slice(&SPACED[byte as usize][..tail.len()]);
    }
    // The last space becomes the line end.
    *out.last_mut().expect("cols > 0") = b'\n';
}

/// Appends `n` in decimal.
pub(super) fn push_number(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stream::BoardReader;

    #[test]
    fn written_grids_read_back() {
        let written = [0, 1, 0x1FF_FFFF, 0x0AB_CDEF];
        let mut text = Vec::new();
        write_grids(&mut text, &written);
        assert!(text.starts_with(b"4\n00000\n"));
        let mut reader = BoardReader::new(&text[..], 5, 5).unwrap();
        let mut read = Vec::new();
        while let Some(g) = reader.next_grid().unwrap() {
            read.push(g);
        }
        assert_eq!(read, written);
    }

    #[test]
    fn patterns_are_spaced_digits() {
        let mut board = Board::new(2, 11);
        board.set(0, 0, true);
        board.set(1, 10, true);
        board.set(1, 8, true);
        let mut out = Vec::new();
        write_pattern(&mut out, &board);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "1 0 0 0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0 1 0 1\n"
        );
    }

    #[test]
    fn moves_are_one_based_row_col_pairs() {
        let mut out = Vec::new();
        push_moves(&mut out, 1 | 1 << 7 | 1 << 24);
        assert_eq!(out, b" 1,1 2,3 5,5");
    }
}
