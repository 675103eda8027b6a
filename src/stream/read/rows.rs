//! Rows of text to bits: the careful parser that locates every error, and the fast
//! paths that take well-formed rows 64 digits at a time (SSE2 on x86-64, SWAR
//! elsewhere) and their tails eight bytes at a time (SWAR).

use super::error::{Clue, ParseError};
use crate::grid::Grid;

/// Describes a byte of input for an error message.
pub(in crate::stream) fn describe_byte(byte: u8) -> String {
    match byte {
        b' ' => "a space".into(),
        b'\t' => "a tab".into(),
        b'\r' => "a carriage return".into(),
        0 => "a NUL byte".into(),
        0x21..=0x7E => format!("`{}`", byte as char),
        0x80..=0xFF => format!("byte {byte:#04x} (not ASCII)"),
        _ => format!("control byte {byte:#04x}"),
    }
}

/// What light `light` of `cols` (1-based) in row `row` of board `board` must be, in the
/// words every reader of boards uses (text, JSON, a query string's `board`, Python's
/// arrays): `0` or `1` for two states, a state `0..K-1` for more.
pub fn light_expected(states: u8, (light, cols): (usize, usize), row: usize, board: u64) -> String {
    match states {
        2 => format!("`0` or `1` for light {light} of {cols} in row {row} of board {board}"),
        k => format!(
            "light {light} of {cols}: a state 0..{} in row {row} of board {board}",
            k.saturating_sub(1)
        ),
    }
}

pub(in crate::stream) fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r'))
}

pub(in crate::stream) fn trim_end(line: &[u8]) -> &[u8] {
    let keep = line
        .iter()
        .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
        .map_or(0, |i| i + 1);
    &line[..keep]
}

/// Reads row `row` (0-based) of board `board` (1-based) into `out`: bit `c` of the
/// words is the light in column `c`.
pub(in crate::stream) fn parse_row(
    text: &[u8],
    line: u64,
    cols: usize,
    board: u64,
    row: usize,
    out: &mut [u64],
) -> Result<(), ParseError> {
    let text = trim_end(text);
    if fast_row(text, cols, out) {
        return Ok(());
    }
    out.fill(0);
    let spaced = cols > 1 && text.len() > 1 && text[1] == b' ';
    let clue = row_lights(text)
        .filter(|&lights| lights != cols)
        .map(|lights| Clue::RowOfOtherWidth { lights });
    let error = |at: usize, expected: String, found: String| ParseError {
        line,
        column: at as u64 + 1,
        expected,
        found,
        clue,
    };
    let mut at = 0;
    for col in 0..cols {
        if col > 0 && spaced {
            match text.get(at) {
                Some(b' ') => at += 1,
                other => {
                    return Err(error(
                        at,
                        format!(
                            "one space, then light {} of {cols} in row {} of board {board}",
                            col + 1,
                            row + 1
                        ),
                        other.map_or(
                            format!(
                                "the end of the line after {}",
                                crate::text::plural(col as u64, "light", "lights")
                            ),
                            |&b| describe_byte(b),
                        ),
                    ))
                }
            }
        }
        match text.get(at) {
            Some(b'0' | b'.') => {}
            Some(b'1' | b'#') => out[col / 64] |= 1 << (col % 64),
            other => {
                let found = match other {
                    Some(&b) => describe_byte(b),
                    None if col == 0 => "an empty line".into(),
                    None => format!(
                        "the end of the line after {}",
                        crate::text::plural(col as u64, "light", "lights")
                    ),
                };
                return Err(error(
                    at,
                    light_expected(2, (col + 1, cols), row + 1, board),
                    found,
                ));
            }
        }
        at += 1;
    }
    if let Some(&b) = text.get(at) {
        return Err(error(
            at,
            format!(
                "the end of row {} of board {board} after its {cols} lights",
                row + 1
            ),
            describe_byte(b),
        ));
    }
    Ok(())
}

/// The number of lights in `text` when it is a well-formed row of any length: lights
/// `0`/`1` (or `.`/`#`, as `explain` draws them), adjacent or each pair separated by
/// one space; `None` otherwise.
pub(in crate::stream) fn row_lights(text: &[u8]) -> Option<usize> {
    let text = trim_end(text);
    let digit = |b: &u8| matches!(b, b'0' | b'1' | b'.' | b'#');
    if !text.is_empty() && text.iter().all(digit) {
        return Some(text.len());
    }
    let spaced = text.len() % 2 == 1
        && text
            .iter()
            .enumerate()
            .all(|(i, b)| if i % 2 == 0 { digit(b) } else { *b == b' ' });
    spaced.then_some(text.len().div_ceil(2))
}

/// Parses a well-formed row eight bytes at a time: `cols` adjacent digits, or `cols`
/// digits each followed by one space but the last. Returns `false` (leaving `out` in
/// any state) for anything else, which the careful parser then reports.
#[inline]
fn fast_row(text: &[u8], cols: usize, out: &mut [u64]) -> bool {
    // Adjacent: eight digits `0`/`1` a word. Moves bit 8c to bit 56 + c (no carries:
    // every partial product lands on its own bit).
    const DIGITS: u64 = 0x3030_3030_3030_3030;
    const GATHER_8: u64 = 0x0102_0408_1020_4080;
    // Spaced: `d d d d ` a word, digits on even bytes. Moves bit 16c to bit 48 + c.
    const SPACED_SHAPE: u64 = 0xFF_FE_FF_FE_FF_FE_FF_FE;
    const SPACED: u64 = 0x20_30_20_30_20_30_20_30;
    const GATHER_4: u64 = (1 << 48) | (1 << 33) | (1 << 18) | (1 << 3);
    let spaced = if text.len() == cols {
        false
    } else if cols > 1 && text.len() == 2 * cols - 1 {
        true
    } else {
        return false;
    };
    let per_word = if spaced { 4 } else { 8 };
    // Each output word is built in a register and stored once.
    let mut col = 0;
    let mut acc = 0u64;
    let mut text = text;
    if !spaced {
        // Whole words of 64 digits, 16 bytes a vector instruction where there are any.
        let whole = text.len() / 64;
        for (chunk, word) in text.chunks_exact(64).zip(out.iter_mut()) {
            match digits_64(chunk.try_into().expect("64 bytes")) {
                Some(bits) => *word = bits,
                None => return false,
            }
        }
        text = &text[64 * whole..];
        col = 64 * whole;
    }
    for chunk in text.chunks(8) {
        let word = match <[u8; 8]>::try_from(chunk) {
            Ok(whole) => u64::from_le_bytes(whole),
            Err(_) => {
                // The tail, padded with what a well-formed row would hold (value 0).
                // Built in a register: bytes stored one by one and read back as a word
                // would stall on store forwarding.
                let pad = if spaced { SPACED } else { DIGITS };
                let (known, _) = chunk.iter().fold((0u64, 0), |(word, shift), &t| {
                    (word | u64::from(t) << shift, shift + 8)
                });
                let filled = 8 * chunk.len();
                known | (pad >> filled) << filled
            }
        };
        let bits = if spaced {
            if word & SPACED_SHAPE != SPACED {
                return false;
            }
            ((word & 0x0001_0001_0001_0001).wrapping_mul(GATHER_4) >> 48) & 0xF
        } else {
            if word & 0xFEFE_FEFE_FEFE_FEFE != DIGITS {
                return false;
            }
            (word & 0x0101_0101_0101_0101).wrapping_mul(GATHER_8) >> 56
        };
        acc |= bits << (col % 64);
        col += per_word;
        if col % 64 == 0 {
            out[col / 64 - 1] = acc;
            acc = 0;
        }
    }
    if col % 64 != 0 {
        out[col / 64] = acc;
    }
    true
}

/// 64 digits `0`/`1` to 64 bits (bit `i` from byte `i`), or `None` if any byte is
/// something else. SSE2 (part of every x86-64): per 16 bytes, one compare checks the
/// shape and one `movemask` gathers the low bits.
#[cfg(target_arch = "x86_64")]
#[inline]
fn digits_64(chunk: &[u8; 64]) -> Option<u64> {
    use std::arch::x86_64::{
        _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        _mm_slli_epi16,
    };
    let mut bits = 0u64;
    let mut shape = 0xFFFF;
    for (k, part) in chunk.chunks_exact(16).enumerate() {
        // SAFETY: SSE2 is always present on x86_64; `part` is 16 readable bytes and
        // `_mm_loadu_si128` has no alignment requirement.
        let (ok, low) = unsafe {
            let v = _mm_loadu_si128(part.as_ptr().cast());
            let digit = _mm_cmpeq_epi8(
                _mm_and_si128(v, _mm_set1_epi8(0xFEu8 as i8)),
                _mm_set1_epi8(b'0' as i8),
            );
            // Bit 0 of each byte to bit 7, where movemask reads it.
            (
                _mm_movemask_epi8(digit),
                _mm_movemask_epi8(_mm_slli_epi16(v, 7)),
            )
        };
        shape &= ok;
        bits |= u64::from(low as u16) << (16 * k);
    }
    (shape == 0xFFFF).then_some(bits)
}

/// [`digits_64`] elsewhere: eight SWAR words.
#[cfg(not(target_arch = "x86_64"))]
#[inline]
fn digits_64(chunk: &[u8; 64]) -> Option<u64> {
    let mut bits = 0u64;
    let mut bad = 0u64;
    for (k, part) in chunk.chunks_exact(8).enumerate() {
        let word = u64::from_le_bytes(part.try_into().expect("8 bytes"));
        bad |= (word & 0xFEFE_FEFE_FEFE_FEFE) ^ 0x3030_3030_3030_3030;
        bits |=
            ((word & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
    }
    (bad == 0).then_some(bits)
}

/// Bytes the fast path looks at: five rows of `ddddd\n`, plus two bytes so that every
/// row can be loaded as one 8-byte word.
pub(in crate::stream) const FAST_GRID_BYTES: usize = 32;

/// Parses five rows of exactly `ddddd\n` from `bytes` (32 bytes, the last two unused),
/// or `None` if they are laid out any other way.
#[inline]
pub(in crate::stream) fn fast_grid(bytes: &[u8]) -> Option<Grid> {
    // Bytes 0..5 must be `0`/`1` (0x30/0x31) and byte 5 a `\n`.
    const SHAPE: u64 = 0xFF_FE_FE_FE_FE_FE;
    const WANT: u64 = 0x0A_30_30_30_30_30;
    const LOW_BITS: u64 = 0x01_01_01_01_01;
    // Moves bit 8c (the digit in column c) to bit 32 + c; no two partial products
    // share a bit, so nothing carries into the result.
    const GATHER: u64 = (1 << 32) | (1 << 25) | (1 << 18) | (1 << 11) | (1 << 4);
    let mut grid = 0;
    for row in 0..5 {
        let word = u64::from_le_bytes(bytes[6 * row..6 * row + 8].try_into().ok()?);
        if word & SHAPE != WANT {
            return None;
        }
        let lights = ((word & LOW_BITS).wrapping_mul(GATHER) >> 32) & 0x1F;
        grid |= (lights as Grid) << (5 * row);
    }
    Some(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_path_agrees_with_the_row_parser() {
        for lights in 0..32u32 {
            let row: String = (0..5)
                .map(|c| if lights >> c & 1 == 1 { '1' } else { '0' })
                .collect();
            let text = format!("{row}\n").repeat(5) + "xx";
            let fast = fast_grid(text.as_bytes()).expect("fast path");
            let mut word = [0];
            parse_row(row.as_bytes(), 1, 5, 1, 0, &mut word).unwrap();
            let expected = (0..5).fold(0, |g, r| g | (word[0] as Grid) << (5 * r));
            assert_eq!(fast, expected, "row {row}");
        }
    }

    #[test]
    fn fast_rows_agree_with_the_careful_parser() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for cols in [
            1usize, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 63, 64, 65, 100, 128, 130, 191, 256, 263,
        ] {
            for spaced in [false, true] {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let digits: Vec<u8> = (0..cols)
                    .map(|c| b'0' + (x.rotate_left(7 * (c / 64) as u32) >> (c % 64) & 1) as u8)
                    .collect();
                let text = if spaced {
                    digits
                        .iter()
                        .map(|&d| (d as char).to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                } else {
                    String::from_utf8(digits.clone()).unwrap()
                };
                let words = cols.div_ceil(64);
                let mut fast = vec![0u64; words];
                assert!(fast_row(text.as_bytes(), cols, &mut fast), "{text}");
                let mut careful = vec![0u64; words];
                for (c, &d) in digits.iter().enumerate() {
                    careful[c / 64] |= u64::from(d - b'0') << (c % 64);
                }
                assert_eq!(fast, careful, "{text}");
                // One bad byte anywhere sends the row to the careful parser.
                for (at, byte) in (0..text.len())
                    .flat_map(|at| [b'2', b'/', 0xB0, 0xB1, b' ', 0].map(|byte| (at, byte)))
                {
                    let mut bad = text.clone().into_bytes();
                    if bad[at] == byte {
                        continue;
                    }
                    bad[at] = byte;
                    assert!(
                        !fast_row(&bad, cols, &mut fast),
                        "{}",
                        String::from_utf8_lossy(&bad)
                    );
                }
            }
        }
    }
}
