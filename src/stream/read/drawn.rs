//! A board of a game that is not a grid, typed as its drawing shows it (Merlin's 3 x 3,
//! the cube's net, Orbix unrolled: [`Game::layout`]) instead of one line of lights:
//! one text line a row of the drawing, one character a cell (or, the cells separated by
//! single spaces), a space where the drawing has no light.
//!
//! [`Game::layout`]: crate::rules::Game::layout

use super::error::ParseError;
use super::rows::{describe_byte, trim_end};
use crate::rules::layout::Layout;

/// Where each cell of a drawing has its light.
#[derive(Debug, Clone)]
pub(in crate::stream) struct Drawn {
    /// Rows of the drawing: text lines of a board.
    pub rows: usize,
    cols: usize,
    /// The light at each cell, row by row.
    at: Vec<Option<usize>>,
}

impl Drawn {
    /// The drawing of `layout`, when it has more than one row (one row is the flat
    /// line every such board may be typed as).
    pub(in crate::stream) fn of(layout: &Layout) -> Option<Drawn> {
        if layout.rows < 2 {
            return None;
        }
        let mut at = vec![None; layout.rows.checked_mul(layout.cols)?];
        for (light, &(r, c)) in layout.cells.iter().enumerate() {
            *at.get_mut(r * layout.cols + c)? = Some(light);
        }
        Some(Drawn {
            rows: layout.rows,
            cols: layout.cols,
            at,
        })
    }

    /// Whether `text` reads as the first row of this drawing.
    pub(in crate::stream) fn starts(&self, text: &[u8]) -> bool {
        let mut scratch = vec![0u64; self.at.len().div_ceil(64)];
        self.read_row(text, 1, 0, 1, &mut scratch).is_ok()
    }

    /// Reads `text`, line `line` of the input and row `row` (0-based) of board `board`'s
    /// drawing, into `out` (bit `l` for light `l`): adjacent cells, or else cells
    /// separated by single spaces; an error locates the adjacent reading's first fault.
    pub(in crate::stream) fn read_row(
        &self,
        text: &[u8],
        line: u64,
        row: usize,
        board: u64,
        out: &mut [u64],
    ) -> Result<(), ParseError> {
        let text = trim_end(text);
        let adjacent = self.cells(text, 1, line, row, board, out);
        if adjacent.is_err() && self.cells(text, 2, line, row, board, out).is_ok() {
            return Ok(());
        }
        adjacent
    }

    /// Cell `c` at byte `step * c`, the bytes between them spaces.
    fn cells(
        &self,
        text: &[u8],
        step: usize,
        line: u64,
        row: usize,
        board: u64,
        out: &mut [u64],
    ) -> Result<(), ParseError> {
        let error = |at: usize, expected: String| ParseError {
            line,
            column: at as u64 + 1,
            expected,
            found: text
                .get(at)
                .map_or("the end of the line".into(), |&b| describe_byte(b)),
            clue: None,
        };
        let place = |c: usize| {
            format!(
                "row {} column {} of board {board}'s drawing",
                row + 1,
                c + 1
            )
        };
        let lights = &self.at[row * self.cols..(row + 1) * self.cols];
        let mut set = Vec::new();
        for (i, &b) in text.iter().enumerate() {
            if i % step != 0 {
                if b != b' ' {
                    return Err(error(i, "a space between cells".into()));
                }
                continue;
            }
            let c = i / step;
            match (lights.get(c).copied().flatten(), b) {
                (Some(_), b'0' | b'.') => {}
                (Some(light), b'1' | b'#') => set.push(light),
                (Some(light), _) => {
                    return Err(error(
                        i,
                        format!("`0` or `1` for light {} at {}", light + 1, place(c)),
                    ))
                }
                (None, b' ') => {}
                (None, _) if c < self.cols => {
                    return Err(error(
                        i,
                        format!("a space: no light is drawn at {}", place(c)),
                    ))
                }
                (None, _) => {
                    return Err(error(
                        i,
                        format!("the end of row {} of the drawing", row + 1),
                    ))
                }
            }
        }
        // Lights past the end of the line are missing.
        let typed = text.len().div_ceil(step);
        if let Some(c) = (typed..self.cols).find(|&c| lights[c].is_some()) {
            let light = lights[c].expect("found");
            return Err(error(
                text.len(),
                format!("`0` or `1` for light {} at {}", light + 1, place(c)),
            ));
        }
        for light in set {
            out[light / 64] |= 1 << (light % 64);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(layout: &Layout, lines: &[&str]) -> Result<Vec<usize>, ParseError> {
        let drawn = Drawn::of(layout).expect("rows");
        let mut out = vec![0u64; layout.cells.len().div_ceil(64)];
        for (r, text) in lines.iter().enumerate() {
            drawn.read_row(text.as_bytes(), r as u64 + 1, r, 1, &mut out)?;
        }
        Ok((0..layout.cells.len())
            .filter(|&l| out[l / 64] >> (l % 64) & 1 == 1)
            .collect())
    }

    #[test]
    fn a_drawing_reads_adjacent_or_spaced() {
        let square = Layout::grid(3, 3);
        assert_eq!(
            read(&square, &["010", "111", "010"]).unwrap(),
            [1, 3, 4, 5, 7]
        );
        assert_eq!(
            read(&square, &["0 1 0", "1 1 1", ". # ."]).unwrap(),
            [1, 3, 4, 5, 7]
        );
        let net = crate::rules::layout::cube_net();
        let mut lines = vec!["   000"; 3];
        lines.extend(["000000000000"; 3]);
        lines.extend(["   001"; 3]);
        let lit = read(&net, &lines).unwrap();
        // The last face's right column: lights 45 + 2, 5, 8.
        assert_eq!(lit, [47, 50, 53]);
        let mut spaced = vec!["      0 0 0"; 3];
        spaced.extend(["0 0 0 0 0 0 0 0 0 0 0 0"; 3]);
        spaced.extend(["      0 0 1"; 3]);
        assert_eq!(read(&net, &spaced).unwrap(), lit);
    }

    #[test]
    fn a_drawing_typed_wrong_is_located() {
        let net = crate::rules::layout::cube_net();
        let err = read(&net, &["  000"]).unwrap_err();
        assert_eq!(err.column, 3);
        assert!(
            err.expected.contains("no light is drawn at row 1 column 3"),
            "{}",
            err.expected
        );
        let err = read(&net, &["   00"]).unwrap_err();
        assert_eq!(err.column, 6);
        assert!(
            err.expected.contains("light 3 at row 1 column 6"),
            "{}",
            err.expected
        );
        let err = read(&net, &["1  000"]).unwrap_err();
        assert_eq!(err.column, 1);
        assert!(
            err.expected.contains("no light is drawn"),
            "{}",
            err.expected
        );
        let err = read(&Layout::grid(3, 3), &["0100"]).unwrap_err();
        assert_eq!(err.column, 4);
    }
}
